"""The battle has a name the GM can change (issue 16, item 12): ctrl+r (or
the palette) asks for it, refuses what a name can't hold, and keeps it in
the file, so the title bar, the start screen and the report follow."""

from __future__ import annotations

import pytest

from tests.ui.scenes import make_app
from tests.ui.test_key_bursts import burst, settle
from tui.core.files.loading import load_battle
from tui.ui.shell.dialogs import TextDialog
from tui.ui.shell.saving import title_problem


@pytest.mark.covers("app.rename_battle")
async def test_ctrl_r_renames_the_battle_and_the_file_keeps_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        done = len(app.battle.history.done)
        burst(app, "ctrl+r")
        await settle(app, pilot)
        assert isinstance(app.screen, TextDialog)
        burst(app, "ctrl+u", "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TextDialog)   # a blank name is refused, the dialog stays
        burst(app, *"Night Raid [/]", "enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, TextDialog)
        assert app.battle.meta.title == "Night Raid [/]" and app.title == "masscombat — Night Raid [/]"
        assert len(app.battle.history.done) == done   # not an event: undo leaves the name alone
    assert load_battle(tmp_path / "battle.toml").meta.title == "Night Raid [/]"


async def test_escape_keeps_the_name(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.meta.title
        burst(app, "ctrl+r")
        await settle(app, pilot)
        burst(app, "ctrl+u", *"Other", "escape")
        await settle(app, pilot)
        assert app.battle.meta.title == before


def test_a_name_that_would_steer_the_terminal_is_refused():
    assert title_problem("Raid\x1b[31m") is not None
    assert title_problem("   ") is not None
    assert title_problem("Ghoul Strike") is None
