"""Issue 30, item 3: the players' view is bounded. Each file that ended it
with a traceback or ran it away (deep nesting, no panels, a revision of
thousands of digits, a year-1 time, a symlink to /dev/zero, a named pipe,
a file of 100 MB) is refused in one line and the view keeps the last good
state and goes on."""

from __future__ import annotations

import json
import os

import pytest

from tests.core.myz.kit import army, start
from tui.core.projection import ProjectionError, ProjectionWriter, read_projection
from tui.ui.viewer.app import ViewerApp
from tui.ui.viewer.follow import Follower


def _good(tmp_path):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(start(army(3), army(3)))
    return writer.path


def _edited(path, change) -> str:
    data = json.loads(path.read_text())
    change(data)
    return json.dumps(data)


BAD = {
    "deep": lambda path: "[" * 200_000 + "]" * 200_000,
    "no_panels": lambda path: _edited(path, lambda d: d.update(panels={})),
    "huge_revision": lambda path: path.read_text().replace('"revision":', '"revision": 1' + "0" * 5000 + ", \"x\":", 1),
    "year_one": lambda path: _edited(path, lambda d: d.update(written="0001-01-01T00:00:00+00:00")),
}


def _put(path, kind: str) -> None:
    if kind in BAD:
        text = BAD[kind](path)
        temp = path.with_name("swap")
        temp.write_text(text)
        os.replace(temp, path)
    elif kind == "zero":
        path.unlink()
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif kind == "big":
        path.unlink()
        with path.open("wb") as handle:
            handle.truncate(100 * 1024 * 1024)


KINDS = [*BAD, "zero", "fifo", "big"]


@pytest.mark.parametrize("kind", KINDS)
def test_each_bad_file_is_refused_in_one_line(tmp_path, kind):
    path = _good(tmp_path)
    _put(path, kind)
    with pytest.raises(ProjectionError) as caught:
        read_projection(path)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("kind", KINDS)
def test_the_follower_keeps_the_last_good_state(tmp_path, kind):
    path = _good(tmp_path)
    follower = Follower(path)
    follower.check()
    good = follower.seen.projection
    assert good is not None
    _put(path, kind)
    follower.check()
    assert follower.seen.projection == good and follower.seen.kind == "broken"
    assert follower.seen.problem.startswith("kept the last good state: ") and "\n" not in follower.seen.problem


@pytest.mark.parametrize("kind", ["no_panels", "year_one", "deep"])
async def test_the_view_goes_on_after_a_bad_file(tmp_path, kind):
    path = _good(tmp_path)
    app = ViewerApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.refresh_view()
        assert "revision 1" in str(app.query_one("#stamp").render())
        _put(path, kind)
        app.refresh_view()
        await pilot.pause()
        assert app.is_running
        assert "revision 1" in str(app.query_one("#stamp").render())
        assert str(app.query_one("#problem").render())


# -- a file that validates but is far bigger than a battle: drawn cut, with a note ----------


def _huge(tmp_path, board):
    from datetime import datetime, timezone

    from tui.core.panel import Panel, SidePanel
    from tui.core.projection import Projection, text_of

    sides = tuple(SidePanel(name=f"Side {i} " * 250, lines=tuple(f"line {n} " * 200 for n in range(300))) for i in range(2))
    panel = Panel(system_name="X", headline="Turn 1", sides=sides, board=board, log=tuple(f"story {n} " * 200 for n in range(300)))
    projection = Projection(schema_version=1, revision=1, written=datetime.now(timezone.utc), system="fate", title="Big", panels={"en": panel})
    path = tmp_path / "big.public.json"
    path.write_text(text_of(projection))
    return path


def test_cut_keeps_the_first_lines_and_says_how_many_are_left_out():
    from tui.ui.viewer.render import cut

    assert cut(["a", "b"], 3) == ["a", "b"]
    assert cut(["a", "b", "c", "d"], 3) == ["a", "b", "… 2 more lines, too many to draw"]
    assert cut(["x" * 10], chars=5) == ["xxxx…"]


async def test_a_story_and_sides_too_big_to_draw_are_cut_with_a_note(tmp_path):
    from tui.core.panel import Mat
    from tui.ui.viewer.render import MOST_CHARS, MOST_LINES, MOST_MAT, MOST_STORY

    mat = Mat(lines=tuple("." * 1500 for _ in range(300)), legend=("A Knights",))
    app = ViewerApp(_huge(tmp_path, mat))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#log").render().plain.splitlines()
        assert len(log) == 1 + MOST_STORY and log[1].startswith("· story 299") and log[-1] == "… 277 more lines, too many to draw"
        sides = [side.render().plain.splitlines() for side in app.query("#sides Static")]
        assert [len(lines) for lines in sides] == [1 + MOST_LINES] * 2 and sides[0][-1] == "… 241 more lines, too many to draw"
        assert all(len(line) <= MOST_CHARS + 2 for lines in sides for line in lines)
        drawn = str(app.query_one("#mat-lines").render()).splitlines()
        assert len(drawn) == MOST_MAT[0] + 2 and drawn[-3] == "… 191 more lines, too many to draw" and len(drawn[0]) == MOST_MAT[1]


async def test_a_board_too_big_to_draw_is_cut_with_a_note(tmp_path):
    from tui.core.panel import Card, Occupant, ZoneMap
    from tui.ui.widgets.zone_board import ZoneBoard
    from tui.ui.viewer.render import MOST_ZONES

    cards = tuple(Card(col=i % 30, row=i // 30, title=f"Zone {i}", aspects=tuple(f"Aspect {j}" for j in range(40)), occupants=tuple(Occupant(label=f"Unit {k}") for k in range(50))) for i in range(300))
    app = ViewerApp(_huge(tmp_path, ZoneMap(cards=cards)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "The board is too big to draw: 200 of its zones are left out." in app.query_one("#headline").render().plain
        view = app.query_one(ZoneBoard).view
        assert len(view.cards) == MOST_ZONES and (0, 0) in view.cards and (9, 3) in view.cards and (10, 3) not in view.cards
        first = view.cards[(0, 0)]
        assert len(first.aspects) == 16 and first.aspects[-2].startswith("… 26 more") and first.aspects[-1] == "… 20 more lines, too many to draw"
