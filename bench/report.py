"""The report with pictures (issue 33): time and size of a full report, the
page and every PNG, for each bundled battle and each system's long battle.

    python bench/report.py [--repeats N] [--json]

For each battle, both copies (the GM's and the players'): the time to
gather the report and write the page, the time to draw every picture as a
PNG (resvg, the extra ``masscombat[report]``; skipped, saying so, where it
is missing), the page's size and the PNGs' total size. Goals (chosen
here, none came with the issue): a demo's whole report, page and PNGs, in
2 s; its page 600 KiB at most (the issue measured 238 KiB with three
terminal screenshots); a long battle's page in 5 s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from _common import LONG, ROOT, Row, count_row, finish, machine, row


def battles() -> list[tuple[str, object]]:
    from tui.core.files.loading import load_battle

    examples = ROOT / "saves" / "examples"
    found = sorted(p for p in [*examples.glob("*.toml"), *examples.glob("*/*.toml")] if not p.with_suffix("").is_dir())
    return [(path.stem, load_battle(path)) for path in found]


def main(argv: list[str]) -> list[Row]:
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 5
    from tui.core.report.gather import gather
    from tui.core.report.page import page, pictures
    from tui.core.report.png import available, png

    pngs = available()
    print("report: the page with pictures (and its PNGs) for each bundled battle and each long battle")
    print(f"  {machine()}; {repeats} samples per figure; PNGs: {'resvg' if pngs else 'not measured (pip install masscombat[report])'}")
    rows: list[Row] = []
    cases = battles()
    long_cases = [(f"{name} long ({len(build().history.events)} events)", build()) for name, build in LONG.items()] if "--no-long" not in argv else []
    for name, battle in [*cases, *long_cases]:
        is_long = "long" in name
        for public in (False, True):
            copy = "players" if public else "GM"
            built = []
            html = ""
            for _ in range(repeats if not is_long else max(1, repeats // 2)):
                start = time.perf_counter()
                report = gather(battle, "en", public=public)  # type: ignore[arg-type]  # a loaded battle
                html = page(report)
                built.append(time.perf_counter() - start)
            goal = 5000.0 if is_long else None
            rows.append(row("report", f"{name}, {copy}: page", built, goal=goal))
            rows.append(count_row("report", f"{name}, {copy}: page size", [len(html.encode()) / 1024], "KiB", goal=None if is_long else 600))
            if pngs and not is_long:
                drawn, sizes = [], []
                for _ in range(repeats):
                    start = time.perf_counter()
                    made = [png(svg) for _, svg in pictures(report)]
                    drawn.append(time.perf_counter() - start)
                    sizes = [len(data) for data in made]
                whole = [a + b for a, b in zip(built, drawn)]
                rows.append(row("report", f"{name}, {copy}: page and {len(sizes)} PNGs", whole, goal=2000.0))
                rows.append(count_row("report", f"{name}, {copy}: PNGs' size", [sum(sizes) / 1024], "KiB"))
            print(f"  {name}, {copy}: {len(report.moments)} moments, {len(report.charts)} charts, {len(report.rolls)} rolls, {len(report.story)} story lines", flush=True)
    return rows


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    finish(main(sys.argv[1:]), sys.argv[1:])
