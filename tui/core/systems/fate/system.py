"""Fate: This Means War in the registry: how a battle starts, loads,
reports, and what players may see of it."""

from __future__ import annotations

from typing import Any, Literal, cast

from tui.core.history import BattleFile, LoggedBattle
from tui.core.i18n import language, t
from tui.core.projection import Panel
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem, RulesetSpec
from tui.core.systems.fate.battle import FateBattle, FateBattleFile
from tui.core.systems.fate.forces import Player
from tui.core.systems.fate.rules import FateRuleset, bundled


def new_battle(seed: int | None = None) -> FateBattle:
    """Two players, the GM against the players' side, with the middle-ground chest."""
    presets = bundled().battle_chest.presets
    chest = presets[1].points if len(presets) > 1 else presets[0].points
    players = (Player(name=t("fate_ui.default_players"), side=0, chest=chest), Player(name=t("fate_ui.default_gm"), side=1, chest=chest))
    text = cast(Literal["en", "de"], language())
    return FateBattle.new(t("app.default_title"), players, seed=seed, text=text)


def load(meta: BattleFile, ruleset: FateRuleset | None) -> FateBattle:
    assert isinstance(meta, FateBattleFile)
    return FateBattle.from_file(meta, ruleset)


def report(battle: LoggedBattle[Any, Any], language: str) -> str:
    from tui.core.systems.fate.story import markdown_report

    return markdown_report(battle, language)


LOOK_BACK = 40
"""Steps back to look for the last roll once it is resolved (a turn's worth and more)."""


def public_view(battle: LoggedBattle[Any, Any], language: str) -> Panel:
    """The battle as the players may see it: a hidden aspect stays face
    down until a unit enters or scouts its zone."""
    from tui.core.systems.fate.public import panel

    assert isinstance(battle, FateBattle)
    history = battle.history
    earlier = history.states[max(0, history.cursor - LOOK_BACK) : history.cursor][::-1]
    return panel(battle.game, SYSTEM.name(language), earlier)



SYSTEM = GameSystem(
    key="fate",
    names=Localised(en="Fate: This Means War", de="Fate: Das bedeutet Krieg"),
    ruleset=RulesetSpec("fate", "fate-this-means-war.toml", FateRuleset),
    file_model=FateBattleFile,
    battle=FateBattle,
    load=load,
    new_battle=new_battle,
    report=report,
    public_view=public_view,
    demo="ford-of-brannock.toml",
)
