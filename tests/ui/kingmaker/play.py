"""Driving a Kingmaker battle in the app from the tests: an app on a
battle, keys sent in one burst and settled, the battle's state."""

from __future__ import annotations

from tests.ui.test_key_bursts import burst, settle
from tui.core.files.storage import create_session
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.system import SYSTEM as GAME
from tui.ui.app import MassCombatApp
from tui.ui.settings import Settings


def empty(seed: int = 3) -> KingmakerBattle:
    battle = GAME.new_battle(seed)
    assert isinstance(battle, KingmakerBattle)
    return battle


def app_for(tmp_path, battle: KingmakerBattle, name: str = "battle.toml", **settings) -> MassCombatApp:
    return MassCombatApp(create_session(tmp_path / name, battle), Settings(**settings), None)


async def keys(app, pilot, *typed: str) -> None:
    burst(app, *typed)
    await settle(app, pilot)


def game(app):
    return app.battle.game
