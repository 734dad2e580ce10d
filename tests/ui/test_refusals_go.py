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


@pytest.mark.parametrize("system", [s for s in systems() if s.demo], ids=lambda s: s.key)
async def test_the_next_step_takes_the_refusals_away(tmp_path, system):
    path = tmp_path / "demo.toml"
    path.write_text((EXAMPLES / system.demo).read_text(encoding="utf-8").replace("template = true", "template = false", 1), encoding="utf-8")
    app = MassCombatApp(open_session(path), Settings(), None)
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
