"""Every key the Fate board greys out says why in one line when pressed,
never nothing (issue 28's play list, for every screen): from the zone
cards to the end of the battle."""

from __future__ import annotations

from tests.core.fate.kit import act, deployed, fight, laid_out, mustered, roll
from tests.ui.fate.play import fate_app
from tests.ui.silent_keys import silent_keys
from tui.ui.fate.field import FateFieldScreen

NEAR = {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}


def stages():
    yield "muster", mustered()
    yield "zone cards", laid_out()
    yield "deployed", deployed()
    yield "battle", fight(NEAR)
    acting = fight(NEAR, first=1)
    act(acting, "u3")
    yield "acting", acting
    rolled = fight(NEAR, first=1)
    act(rolled, "u3")
    roll(rolled, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics", aspect="x")
    yield "a roll on the table", rolled


async def test_every_key_greyed_out_on_the_board_says_why(tmp_path):
    for name, battle in stages():
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        app = fate_app(folder, battle)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, FateFieldScreen):
                app.action_mode("field")
                await pilot.pause()
                screen = app.screen
            assert isinstance(screen, FateFieldScreen), name
            assert silent_keys(screen) == [], name
