"""Mutant: Year Zero — Mass Combat in the registry: how a battle starts,
loads, reports, and what players may see of it."""

from __future__ import annotations

from typing import Any

from tui.core.history import BattleFile, LoggedBattle
from tui.core.i18n import t
from tui.core.projection import Panel
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem, RulesetSpec
from tui.core.systems.myz import models as m
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.rules import MyzRuleset, bundled
from tui.core.dice import YearZeroRules


def new_battle(seed: int | None = None) -> Battle:
    """Two factions, each with a leader so the army builder has someone to edit."""
    rules = YearZeroRules.from_ruleset(bundled())
    names = (t("app.default_attacker"), t("app.default_defender"))
    army = Army(people=(Person(name=t("app.default_leader"), position="leader", pc=False),))
    return Battle.new(t("app.default_title"), names, seed=seed, rules=rules, armies=(army, army))


def load(meta: BattleFile, ruleset: MyzRuleset | None) -> Battle:
    assert isinstance(meta, m.BattleFile)
    ruleset = ruleset or bundled()
    return Battle.from_file(meta, YearZeroRules.from_ruleset(ruleset), ruleset)


def report(battle: LoggedBattle[Any, Any], language: str) -> str:
    from tui.core.systems.myz.report import markdown_report

    assert isinstance(battle, Battle)
    return markdown_report(battle, language)


def public_view(battle: LoggedBattle[Any, Any], language: str) -> Panel:
    """The battle as the players may see it: a strategy stays secret until
    both sides have locked theirs in."""
    from tui.core.systems.myz.public import panel

    assert isinstance(battle, Battle)
    return panel(battle, language, SYSTEM.name(language))


SYSTEM = GameSystem(
    key="myz",
    names=Localised(en="Mutant: Year Zero — Mass Combat", de="Mutant: Jahr Null — Massenkampf"),
    ruleset=RulesetSpec("myz", "myz-mass-combat.toml", MyzRuleset),
    file_model=m.BattleFile,
    battle=Battle,
    load=load,
    new_battle=new_battle,
    report=report,
    public_view=public_view,
    demo="ghoul-strike.toml",
)
