"""Second World Armed Conflict in the registry: a Fate conflict on a zone
map whose edges cost shifts to open, cross and close; how it starts,
loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.core.i18n import t
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem

if TYPE_CHECKING:
    from tui.core.systems.second_world.campaign import SecondWorldCampaign
    # A system's models load with its first battle, not with the registry.
    from tui.core.dice.quick import DiceFamily
    from tui.core.files.ruleset_files import RulesetSpec
    from tui.core.history import LoggedBattle
    from tui.core.panel import Panel
    from tui.core.report.hooks import ReportHooks
    from tui.core.systems.second_world.battle import SecondWorldBattle, SecondWorldBattleFile
    from tui.core.systems.second_world.rules import SecondWorldRuleset


class ArmedConflict(GameSystem):
    key = "second_world"
    names = Localised(en="Second World: Armed Conflict", de="Second World: Bewaffneter Konflikt")
    demo = "operation-nightjar.toml"
    order = 30

    @property
    def ruleset(self) -> RulesetSpec:
        from tui.core.systems.second_world.rules import SHIPPED

        return SHIPPED

    @property
    def file_model(self) -> type[SecondWorldBattleFile]:
        from tui.core.systems.second_world.battle import SecondWorldBattleFile

        return SecondWorldBattleFile

    @property
    def battle(self) -> type[SecondWorldBattle]:
        from tui.core.systems.second_world.battle import SecondWorldBattle

        return SecondWorldBattle

    @property
    def campaign(self) -> SecondWorldCampaign:
        from tui.core.systems.second_world.campaign import CAMPAIGN

        return CAMPAIGN

    def start(self, seed: int | None, ruleset: SecondWorldRuleset) -> SecondWorldBattle:
        """An empty scene with two sides, ready for the map and the cast."""
        from tui.core.systems.second_world import events as ev
        from tui.core.systems.second_world.battle import SecondWorldBattle

        battle = SecondWorldBattle.new(t("app.default_title"), seed=seed, ruleset=ruleset)
        battle.record(ev.SetSides(names=(t("sw_ui.default_side_a"), t("sw_ui.default_side_b"))))
        return battle

    def dice(self, ruleset: SecondWorldRuleset) -> tuple[DiceFamily, ...]:
        from tui.core.dice.quick_fudge import FudgeDice

        return (FudgeDice(ruleset.dice.count, ruleset.outcomes.success_with_style_shifts, ruleset),)

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        from tui.core.systems.second_world.story import markdown_report

        assert isinstance(battle, self.battle)
        return markdown_report(battle.game, battle.meta.title, language)

    def over(self, state: Any) -> bool:
        return bool(state.stage == "ended")

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        """What every player may see: the map, who stands where and how they
        fare, whose turn it is; nothing the GM marked hidden."""
        from tui.core.systems.second_world.public import panel

        assert isinstance(battle, self.battle)
        return panel(battle.game, self.name(language))

    @property
    def pictured(self) -> ReportHooks:
        from tui.core.systems.second_world.pictured import PICTURED

        return PICTURED


SYSTEM = ArmedConflict()
