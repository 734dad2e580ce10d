"""Second World Armed Conflict as the registry knows it (``system.SYSTEM``):
how a conflict starts, loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import Any

from tui.core.projection import Panel
from tui.core.history import BattleFile, LoggedBattle
from tui.core.i18n import t
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem, RulesetSpec
from tui.core.systems.second_world.battle import SecondWorldBattle, SecondWorldBattleFile
from tui.core.systems.second_world.rules import SecondWorldRuleset


def new_battle(seed: int | None = None) -> SecondWorldBattle:
    """An empty scene with two sides, ready for the map and the cast."""
    from tui.core.systems.second_world import events as ev

    battle = SecondWorldBattle.new(t("app.default_title"), seed=seed)
    battle.record(ev.SetSides(names=(t("sw_ui.default_side_a"), t("sw_ui.default_side_b"))))
    return battle


def load(meta: BattleFile, ruleset: SecondWorldRuleset | None) -> SecondWorldBattle:
    assert isinstance(meta, SecondWorldBattleFile)
    return SecondWorldBattle.from_file(meta, ruleset)


def report(battle: LoggedBattle[Any, Any], language: str) -> str:
    from tui.core.systems.second_world.story import markdown_report

    assert isinstance(battle, SecondWorldBattle)
    return markdown_report(battle.game, battle.meta.title, language)


def public_view(battle: LoggedBattle[Any, Any], language: str) -> Panel:
    """What every player may see: the map, who stands where and how they
    fare, whose turn it is; nothing the GM marked hidden."""
    from tui.core.systems.second_world.public import panel

    assert isinstance(battle, SecondWorldBattle)
    return panel(battle.game, GAME.name(language))


GAME = GameSystem(
    key="second_world",
    names=Localised(en="Second World: Armed Conflict", de="Second World: Bewaffneter Konflikt"),
    ruleset=RulesetSpec("second_world", "second-world-armed-conflict.toml", SecondWorldRuleset),
    file_model=SecondWorldBattleFile,
    battle=SecondWorldBattle,
    load=load,
    new_battle=new_battle,
    report=report,
    public_view=public_view,
    demo="operation-nightjar.toml",
)

__all__ = ["GAME"]
