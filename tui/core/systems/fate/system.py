"""Fate: This Means War in the registry: how a battle starts, loads,
reports, and what players may see of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

from tui.core.i18n import language, t
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem

if TYPE_CHECKING:
    from tui.core.systems.fate.campaign import FateCampaign
    # A system's models load with its first battle, not with the registry.
    from tui.core.dice.quick import DiceFamily
    from tui.core.files.ruleset_files import RulesetSpec
    from tui.core.history import LoggedBattle
    from tui.core.panel import Panel
    from tui.core.report.hooks import ReportHooks
    from tui.core.systems.fate.battle import FateBattle, FateBattleFile
    from tui.core.systems.fate.rules import FateRuleset

LOOK_BACK = 40
"""Steps back to look for the last roll once it is resolved (a turn's worth and more)."""


class ThisMeansWar(GameSystem):
    key = "fate"
    names = Localised(en="Fate: This Means War", de="Fate: Das bedeutet Krieg")
    demo = "ford-of-brannock.toml"
    order = 20

    @property
    def ruleset(self) -> RulesetSpec:
        from tui.core.systems.fate.rules import SHIPPED

        return SHIPPED

    @property
    def file_model(self) -> type[FateBattleFile]:
        from tui.core.systems.fate.battle import FateBattleFile

        return FateBattleFile

    @property
    def battle(self) -> type[FateBattle]:
        from tui.core.systems.fate.battle import FateBattle

        return FateBattle

    @property
    def campaign(self) -> FateCampaign:
        from tui.core.systems.fate.campaign import CAMPAIGN

        return CAMPAIGN

    def start(self, seed: int | None, ruleset: FateRuleset) -> FateBattle:
        """Two players, the GM against the players' side, with the middle-ground chest."""
        from tui.core.systems.fate.battle import FateBattle
        from tui.core.systems.fate.forces import Player

        presets = ruleset.battle_chest.presets
        chest = presets[1].points if len(presets) > 1 else presets[0].points
        players = (Player(name=t("fate_ui.default_players"), side=0, chest=chest), Player(name=t("fate_ui.default_gm"), side=1, chest=chest))
        text = cast(Literal["en", "de"], language())
        return FateBattle.new(t("app.default_title"), players, seed=seed, text=text, ruleset=ruleset)

    def dice(self, ruleset: FateRuleset) -> tuple[DiceFamily, ...]:
        from tui.core.dice.quick_fudge import FudgeDice

        return (FudgeDice(ruleset.dice.count, ruleset.outcomes.success_with_style_shifts, ruleset),)

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        from tui.core.systems.fate.story import markdown_report

        return markdown_report(battle, language)

    def language(self, battle: LoggedBattle[Any, Any]) -> str | None:
        return str(battle.game.text)

    def over(self, state: Any) -> bool:
        return bool(state.stage == "ended")

    def secrets(self, state: Any) -> frozenset[str]:
        """Zone aspects still face down."""
        return frozenset(f"aspect:{aspect.id}" for aspect in state.aspects if aspect.hidden)

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        """The battle as the players may see it: a hidden aspect stays face
        down until a unit enters or scouts its zone."""
        from tui.core.systems.fate.public import panel

        assert isinstance(battle, self.battle)
        history = battle.history
        earlier = history.states[max(0, history.cursor - LOOK_BACK) : history.cursor][::-1]
        return panel(battle.game, self.name(language), earlier)

    @property
    def pictured(self) -> ReportHooks:
        from tui.core.systems.fate.pictured import PICTURED

        return PICTURED


SYSTEM = ThisMeansWar()
