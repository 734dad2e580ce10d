"""The Fate zone board: the demo battle played to its end from the keyboard."""

from __future__ import annotations

import pytest

from tui.core.files.loading import load_battle
from tui.ui.fate.field import FateFieldScreen

from tests.ui.fate.play import accept_dialogs, fate_app, play_activation


@pytest.mark.parametrize(("language", "over"), [("en", "over"), ("de", "vorbei")])
async def test_the_demo_is_played_to_its_end_with_keys_only(tmp_path, language, over):
    app = fate_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FateFieldScreen)
        for _ in range(120):
            if app.battle.game.stage == "ended":
                break
            await play_activation(app, pilot)
        game = app.battle.game
        assert game.stage == "ended"
        assert game.winner in (0, 1)
        screen_text = " ".join(str(s.render()) for s in app.screen.query("#status"))
        assert over in screen_text
    # Saved after every step: the file on disk replays to the same end.
    assert load_battle(tmp_path / "fate.toml").game.stage == "ended"


async def test_undo_takes_back_the_last_step_and_redo_restores_it(tmp_path):
    app = fate_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        await accept_dialogs(app, pilot, 1)
        acting = app.battle.game.activation
        assert acting is not None
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.activation is None
        await pilot.press("U")
        await pilot.pause()
        assert app.battle.game.activation == acting
