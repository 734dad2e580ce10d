"""Every key an army builder greys out says why in one line when pressed,
never nothing (issue 28's play list, for every screen): each system's
builder on an empty muster, on a full one, and once the battle has begun
(when the muster is closed)."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import fight, mustered
from tests.core.kingmaker.kit import muster as km_muster, set_up
from tests.core.second_world.kit import captain_start, scene
from tests.ui.scenes import make_app, muster as myz_muster
from tests.ui.silent_keys import silent_keys
from tui.core.files.storage import create_session
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Player
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.ui.app import MassCombatApp
from tui.ui.settings import Settings


def _app(tmp_path, battle):
    return MassCombatApp(create_session(tmp_path / "b.toml", battle), Settings(), None)


CASES = [
    ("mutant muster", lambda p: make_app(p, myz_muster()), "army"),
    ("fate new", lambda p: _app(p, FateBattle.new("T", (Player(name="GM", side=1, chest=10), Player(name="Ana", side=0, chest=10)), seed=1)), "army"),
    ("fate muster", lambda p: _app(p, mustered()), "army"),
    ("fate battle", lambda p: _app(p, fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"})), "army"),
    ("kingmaker empty", lambda p: _app(p, KingmakerBattle.new("T", seed=1)), "armies"),
    ("kingmaker muster", lambda p: _app(p, km_muster()), "armies"),
    ("kingmaker battle", lambda p: _app(p, set_up(km_muster())), "armies"),
    ("second world empty", lambda p: _app(p, SecondWorldBattle.new("T", seed=1)), "cast"),
    ("second world scene", lambda p: _app(p, scene()), "cast"),
    ("second world conflict", lambda p: _app(p, captain_start(scene())), "cast"),
]


@pytest.mark.parametrize("make,mode", [(make, mode) for _, make, mode in CASES], ids=[name for name, _, _ in CASES])
async def test_every_key_greyed_out_in_the_builder_says_why(tmp_path, make, mode):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if app.current_mode != mode:
            app.action_mode(mode)
            await pilot.pause()
        screen = app.screen
        assert app.current_mode == mode
        assert silent_keys(screen) == []
