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
    assert follower.seen.projection == good and follower.seen.kind == "broken" and follower.seen.problem


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
