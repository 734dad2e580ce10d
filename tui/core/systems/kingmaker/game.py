"""Kingmaker Fantasy Battle as the registry knows it (``system.SYSTEM``):
how a battle starts, loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import Any

from tui.core.projection import Panel
from tui.core.history import BattleFile, LoggedBattle
from tui.core.i18n import t
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem, RulesetSpec
from tui.core.systems.kingmaker.battle import KingmakerBattle, KingmakerBattleFile
from tui.core.systems.kingmaker.rules import KingmakerRuleset


def new_battle(seed: int | None = None) -> KingmakerBattle:
    """An empty muster with two sides, ready for the army builder."""
    from tui.core.systems.kingmaker import events as ev

    battle = KingmakerBattle.new(t("app.default_title"), seed=seed)
    battle.record(ev.SetSides(names=(t("km_ui.default_side_a"), t("km_ui.default_side_b"))))
    return battle


def load(meta: BattleFile, ruleset: KingmakerRuleset | None) -> KingmakerBattle:
    assert isinstance(meta, KingmakerBattleFile)
    return KingmakerBattle.from_file(meta, ruleset)


def report(battle: LoggedBattle[Any, Any], language: str) -> str:
    from tui.core.systems.kingmaker.story import markdown_report

    assert isinstance(battle, KingmakerBattle)
    return markdown_report(battle.game, battle.meta.title, language)


def public_view(battle: LoggedBattle[Any, Any], language: str) -> Panel:
    """What every player may see: the mat, the armies where they stand and
    how they fare, the turn and phase; no army the GM marked hidden."""
    from tui.core.systems.kingmaker.public import panel

    assert isinstance(battle, KingmakerBattle)
    return panel(battle.game, GAME.name(language))


GAME = GameSystem(
    key="kingmaker",
    names=Localised(en="Kingmaker Fantasy Battle", de="Kingmaker Fantasy-Schlacht"),
    ruleset=RulesetSpec("kingmaker", "kingmaker-fantasy-battle.toml", KingmakerRuleset),
    file_model=KingmakerBattleFile,
    battle=KingmakerBattle,
    load=load,
    new_battle=new_battle,
    report=report,
    public_view=public_view,
    demo="battle-of-ashwater.toml",
)

__all__ = ["GAME"]
