"""Mutant: Year Zero — Mass Combat in the registry: how a battle starts,
loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from tui.core.i18n import t
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem

if TYPE_CHECKING:
    # A system's models load with its first battle, not with the registry.
    from tui.core.dice.quick import DiceFamily
    from tui.core.files.ruleset_files import RulesetSpec
    from tui.core.history import LoggedBattle
    from tui.core.panel import Panel
    from tui.core.report.hooks import ReportHooks
    from tui.core.systems.myz import models as m
    from tui.core.systems.myz.battle import Battle
    from tui.core.systems.myz.rules import MyzRuleset
    from tui.core.systems.myz.campaign import MutantCampaign


class MassCombat(GameSystem):
    key = "myz"
    names = Localised(en="Mutant: Year Zero — Mass Combat", de="Mutant: Jahr Null — Massenkampf")
    demo = "ghoul-strike.toml"
    order = 10

    @property
    def ruleset(self) -> RulesetSpec:
        from tui.core.systems.myz.rules import SHIPPED

        return SHIPPED

    @property
    def file_model(self) -> type[m.BattleFile]:
        from tui.core.systems.myz.models import BattleFile

        return BattleFile

    @property
    def battle(self) -> type[Battle]:
        from tui.core.systems.myz.battle import Battle

        return Battle

    @property
    def campaign(self) -> MutantCampaign:
        from tui.core.systems.myz.campaign import CAMPAIGN

        return CAMPAIGN

    def start(self, seed: int | None, ruleset: MyzRuleset) -> Battle:
        """Two factions, each with a leader so the army builder has someone to edit."""
        from tui.core.dice.year_zero import YearZeroRules
        from tui.core.systems.myz.army import Army, Person
        from tui.core.systems.myz.battle import Battle

        names = (t("app.default_attacker"), t("app.default_defender"))
        army = Army(people=(Person(name=t("app.default_leader"), position="leader", pc=False),))
        return Battle.new(t("app.default_title"), names, seed=seed, rules=YearZeroRules.from_ruleset(ruleset), armies=(army, army), ruleset=ruleset)

    def load(self, meta: Any, ruleset: MyzRuleset | None) -> Battle:
        assert isinstance(meta, self.file_model)
        return self.battle.from_file(meta, ruleset)

    def dice(self, ruleset: MyzRuleset) -> tuple[DiceFamily, ...]:
        from tui.core.dice.quick_yz import YearZeroPools
        from tui.core.dice.year_zero import YearZeroRules

        return (YearZeroPools(YearZeroRules.from_ruleset(ruleset)),)

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        from tui.core.systems.myz.story import markdown_report

        assert isinstance(battle, self.battle)
        return markdown_report(battle, language)

    def over(self, state: Any) -> bool:
        return bool(state.stage == "over")

    def ending(self, before: Any, after: Any) -> Literal["battle", "wave", "retreat"] | None:
        """A wave ends early when it skips its Support and End phases (a
        truce, a Null Battle, a Parley taken); its End phase ending it is
        the wave's ordinary course and asks nothing. A retreat chosen
        leaves the battle at the wave's end (always, or on a win or tie)."""
        if self.over(after) and not self.over(before):
            return "battle"
        was, now = before.wave, after.wave
        if was is None or was.phase in ("support", "end", "next", "truce"):
            return None
        if now is not None and now.number == was.number:
            picked = [key for old, key in zip(was.chosen, now.chosen) if old is None and key is not None]
            if any(after.rules.strategy(key).escapes != "never" for key in picked):
                return "retreat"
        if now is None or now.number != was.number or now.phase in ("next", "truce"):
            return "wave"
        return None

    def secrets(self, state: Any) -> frozenset[str]:
        """Strategies chosen in secret, until both are revealed."""
        wave = state.wave
        if wave is None or wave.resolution is not None:
            return frozenset()
        return frozenset(f"strategy:{wave.number}:{side}" for side, key in enumerate(wave.chosen) if key is not None)

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        """The battle as the players may see it: a strategy stays secret until
        both sides have locked theirs in."""
        from tui.core.systems.myz.public import panel

        assert isinstance(battle, self.battle)
        return panel(battle, language, self.name(language))


    @property
    def pictured(self) -> ReportHooks:
        from tui.core.systems.myz.pictured import PICTURED

        return PICTURED


SYSTEM = MassCombat()
