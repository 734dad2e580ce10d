"""Issue 33: the chart and the pictures. The chart's SVG is a snapshot
(reviewed when it changes: ``MASSCOMBAT_UPDATE_SNAPSHOTS=1``); PNGs (the
extra ``masscombat[report]``, installed with the test extras as in CI)
are PNGs, as large as the picture at the chat zoom, and the same bytes
twice."""

from __future__ import annotations

import hashlib
import os
import re
import struct
from pathlib import Path

from tui.core.files.loading import load_battle
from tui.core.report.chart import Chart, Series, chart_svg, nice_top
from tui.core.report.gather import gather
from tui.core.report.page import pictures
from tui.core.report.png import ZOOM, png

SNAPSHOTS = Path(__file__).with_name("snapshots")
EXAMPLES = Path(__file__).resolve().parents[3] / "saves" / "examples"

CHART = Chart(
    title="hp of each army",
    points=("before the battle", "turn 1", "", "", "turn 2", "", "turn 3", "The end"),
    series=(
        Series("Restov Lancers", 0, (11, 11, 8, 8, 5, 5, 0, 0)),
        Series("Restov Pikes", 0, (16, 16, 16, 12, 12, 9, 9, 9)),
        Series("Pitax Warband", 1, (27, 24, 24, 24, 20, 20, 18, 18)),
        Series("Pitax Skirmishers <&>", 1, (None, None, 5, 3, 0, None, None, None)),
    ),
)


def snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("MASSCOMBAT_UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name} changed: review it, then MASSCOMBAT_UPDATE_SNAPSHOTS=1"


def test_the_chart_svg_is_as_reviewed():
    snapshot("chart.svg", chart_svg(CHART, "chart-1", standalone=True))


def test_the_chart_draws_a_line_per_run_of_values_and_a_marker_per_value():
    svg = chart_svg(CHART, "c")
    # the skirmishers come late and go: one run of three points, three markers
    assert svg.count("<polyline") == 4
    assert svg.count('class="mc-side1"/>') + svg.count('class="mc-side0"/>') >= 8 * 3 + 3
    assert "Pitax Skirmishers &lt;&amp;&gt;" in svg


def test_the_axis_tops_at_a_round_number():
    assert nice_top(27) == (30, 10) and nice_top(4) == (4, 1) and nice_top(0) == (1, 1) and nice_top(136) == (150, 50)


def _size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_each_picture_becomes_a_png_of_its_size_and_the_same_bytes_twice():
    battle = load_battle(EXAMPLES / "nightjar" / "nightjar-b1.toml")
    found = pictures(gather(battle, "de", public=True))
    assert len(found) >= 3
    for name, svg in found:
        first, again = png(svg), png(svg)
        assert hashlib.sha256(first).digest() == hashlib.sha256(again).digest(), name
        w, h = (float(v) for v in re.search(r'width="(\d+)" height="(\d+)"', svg).groups())  # type: ignore[union-attr]  # every picture has both
        assert _size(first) == (int(w * ZOOM + 0.5), int(h * ZOOM + 0.5)), name  # half a pixel rounds up
        assert 600 <= round(w * ZOOM) <= 2600, "sized for a chat"
