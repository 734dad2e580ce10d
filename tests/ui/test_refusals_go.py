"""A refusal answers the key just pressed: once a step is taken, the line
saying why the last one was refused goes, in every system, whichever way
the refusal came (a step the rules refused, a greyed key pressed anyway).
The other side's phase must not open under this side's refusal. Lines that
are not refusals (a save that failed) stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import RuleViolation
from tui.core.files.storage import open_session
from tui.core.system import systems
from tui.ui.app import MassCombatApp
from tui.ui.settings import Settings

EXAMPLES = Path(__file__).parents[2] / "saves" / "examples"


def shown(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def refused(_battle) -> None:
    raise RuleViolation("not now: the rules say no")


def demo_app(tmp_path: Path, system) -> MassCombatApp:
    """The system's demo, as the GM's own battle."""
    path = tmp_path / "demo.toml"
    path.write_text((EXAMPLES / system.demo).read_text(encoding="utf-8").replace("template = true", "template = false", 1), encoding="utf-8")
    return MassCombatApp(open_session(path), Settings(), None)


@pytest.mark.parametrize("system", [s for s in systems() if s.demo], ids=lambda s: s.key)
async def test_the_next_step_takes_the_refusals_away(tmp_path, system):
    app = demo_app(tmp_path, system)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.act(refused)
        app.refuse("that key does nothing here", severity="warning", bell=False)  # the greyed-key path
        app.notify("the disk is full: not saved", severity="error", markup=False)
        await pilot.pause()
        assert {"not now: the rules say no", "that key does nothing here"} <= set(shown(app)), shown(app)
        assert app.act(lambda battle: None)
        await pilot.pause()
        assert shown(app) == ["the disk is full: not saved"]


@pytest.mark.parametrize("system", [s for s in systems() if s.demo], ids=lambda s: s.key)
async def test_a_refusal_repeated_in_a_burst_is_shown_once(tmp_path, system):
    # Seven toasts or more were taller than the screen and left pieces of
    # themselves behind when they went (a refused key held down, or typed
    # again and again over a slow link).
    app = demo_app(tmp_path, system)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(9):
            assert not app.act(refused)
            app.refuse("that key does nothing here", severity="warning", bell=False)
        app.refuse("that key does nothing here", severity="error", bell=False)  # another kind of line: its own toast
        await pilot.pause()
        assert sorted(shown(app)) == ["not now: the rules say no", "that key does nothing here", "that key does nothing here"]
    app.close_session()


async def test_a_refused_key_pressed_nine_times_at_once_leaves_one_line(tmp_path):
    from tests.ui.scenes import kingmaker_demo, make_app

    app = make_app(tmp_path, kingmaker_demo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["w"] * 9)  # no unit of the side to act under the cursor, or not its phase
        await pilot.pause()
        assert len(shown(app)) == 1, shown(app)
    app.close_session()


async def test_a_refusal_whose_line_has_gone_is_shown_again(tmp_path):
    from tests.ui.scenes import make_app

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.refuse("that key does nothing here", bell=False)
        await pilot.pause()
        (first,) = app._notifications
        app._unnotify(first)  # its time ran out
        first.raised_at -= first.timeout + 1
        app.refuse("that key does nothing here", bell=False)
        await pilot.pause()
        assert shown(app) == ["that key does nothing here"]
    app.close_session()
