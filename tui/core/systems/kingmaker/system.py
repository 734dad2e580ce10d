"""Kingmaker Fantasy Battle in the registry: Pathfinder armies on a
battle mat, with facing, ranks, commands and morale; how a battle starts,
loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.core.i18n import t
from tui.core.ruleset_base import Localised
from tui.core.system import Command, GameSystem

if TYPE_CHECKING:
    # A system's models load with its first battle, not with the registry.
    from tui.core.dice.quick import DiceFamily
    from tui.core.files.ruleset_files import RulesetSpec
    from tui.core.history import LoggedBattle
    from tui.core.panel import Panel
    from tui.core.report.hooks import ReportHooks
    from tui.core.systems.kingmaker.battle import KingmakerBattle, KingmakerBattleFile
    from tui.core.systems.kingmaker.rules import KingmakerRuleset
    from tui.core.systems.kingmaker.campaign import KingmakerCampaign


class FantasyBattle(GameSystem):
    key = "kingmaker"
    names = Localised(en="Kingmaker Fantasy Battle", de="Kingmaker Fantasy-Schlacht")
    demo = "battle-of-ashwater.toml"
    order = 40

    @property
    def ruleset(self) -> RulesetSpec:
        from tui.core.systems.kingmaker.rules import SHIPPED

        return SHIPPED

    @property
    def file_model(self) -> type[KingmakerBattleFile]:
        from tui.core.systems.kingmaker.battle import KingmakerBattleFile

        return KingmakerBattleFile

    @property
    def battle(self) -> type[KingmakerBattle]:
        from tui.core.systems.kingmaker.battle import KingmakerBattle

        return KingmakerBattle

    def start(self, seed: int | None, ruleset: KingmakerRuleset) -> KingmakerBattle:
        """An empty muster with two sides, ready for the army builder."""
        from tui.core.systems.kingmaker import events as ev
        from tui.core.systems.kingmaker.battle import KingmakerBattle

        battle = KingmakerBattle.new(t("app.default_title"), seed=seed, ruleset=ruleset)
        battle.record(ev.SetSides(names=(t("km_ui.default_side_a"), t("km_ui.default_side_b"))))
        return battle

    def dice(self, ruleset: KingmakerRuleset) -> tuple[DiceFamily, ...]:
        from tui.core.dice.d20 import AttackRules
        from tui.core.dice.quick_d20 import TwentySidedDie

        return (TwentySidedDie(AttackRules.from_ruleset(ruleset)),)

    @property
    def campaign(self) -> KingmakerCampaign:
        from tui.core.systems.kingmaker.campaign import CAMPAIGN

        return CAMPAIGN

    def commands(self) -> tuple[Command, ...]:
        from tui.core.systems.kingmaker.army_command import army_command  # a command's code only when the command line asks

        return (army_command(self.shipped_ruleset),)

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        from tui.core.systems.kingmaker.story import markdown_report

        assert isinstance(battle, self.battle)
        return markdown_report(battle.game, battle.meta.title, language)

    def over(self, state: Any) -> bool:
        return bool(state.stage == "over")

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        """What every player may see: the mat, the armies where they stand and
        how they fare, the turn and phase; no army the GM marked hidden."""
        from tui.core.systems.kingmaker.public import panel

        assert isinstance(battle, self.battle)
        return panel(battle.game, self.name(language))

    @property
    def pictured(self) -> ReportHooks:
        from tui.core.systems.kingmaker.pictured import PICTURED

        return PICTURED


SYSTEM = FantasyBattle()
