"""Where each die of a Battle Pool comes from, one line per source.

"Determine each leader's Battle Pool with the following: the faction's
current Battle Level; Reconnaissance bonus; basic battle modifiers (special
class units and superiorities, special circumstances, etc.); Defensive
Advantage (if apply); modifiers from the chosen battle strategy;
assailant's bonuses from their Remarkable Actions." Then: "if a faction
comes up with a negative number of Strategy dice, instead the opposing
faction gets that many extra dice."
"""

from __future__ import annotations

from typing import Any, Callable

from dataclasses import dataclass

from tui.core.dice.year_zero import Pool
from tui.core.i18n import tr
from tui.core.systems.myz.army import Battlefield
from tui.core.systems.myz.forces import Force, besieged, project_support_dice, special_classes, superiorities
from tui.core.systems.myz.rules import MyzRuleset


@dataclass(frozen=True)
class PoolLine:
    """``source`` names the rule (a catalog key under ``myz.source.``);
    ``detail`` the class, project or strategy it is about."""

    source: str
    base: int = 0
    skill: int = 0
    gear: int = 0
    detail: str = ""


@dataclass(frozen=True)
class PoolBreakdown:
    lines: tuple[PoolLine, ...]
    pool: Pool

    def total(self, kind: str) -> int:
        return sum(getattr(line, kind) for line in self.lines)


@dataclass(frozen=True)
class ActionEffect:
    """What a side's Action phase did to the Battle Pools."""

    strategy_dice: int = 0
    """Strategy dice for the own pool (a Remarkable Action or the GM's grant)."""
    removes_strategy: int = 0
    """Commando: Strategy dice taken from the opponent (not below zero)."""
    destroys_support: int = 0
    """Commando: opposing Support dice set aside damaged until the Support phase."""
    commando: bool = False
    granted: bool = False
    """The Strategy dice are the GM's grant to an NPC faction, not a roll."""


@dataclass(frozen=True)
class WaveSetting:
    """What the pools of one wave depend on besides the forces."""

    wave: int
    strategies: tuple[str, str]
    surprise: int | None = None
    """The side that won the Reconnaissance (surprise attack), if any."""
    parley_declined: tuple[bool, bool] = (False, False)
    """A side whose Parley was declined fights with Defense at -1."""
    actions: tuple[ActionEffect, ActionEffect] = (ActionEffect(), ActionEffect())


def defensive_advantage(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset) -> tuple[int, int]:
    """(Strategy dice from terrain, Support dice from fortification) a defensive strategy would get."""
    force = forces[side]
    terrain = rules.terrain_advantage(force.army.terrain).strategy_dice
    fortification = force.fortification_dice if besieged(side, field_) else 0
    return terrain, fortification


def has_defensive_advantage(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset) -> bool:
    return any(defensive_advantage(forces, side, field_, rules))


def _strategy_lines(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset, setting: WaveSetting) -> list[PoolLine]:
    force = forces[side]
    key = setting.strategies[side]
    strategy = rules.strategy(key)
    lines: list[PoolLine] = []
    dice = strategy.strategy_dice
    if force.confused and strategy.confused_strategy_dice is not None:
        dice = strategy.confused_strategy_dice
    lines.append(PoolLine("strategy", skill=dice, detail=key))
    bonus = strategy.superiority_bonus
    if bonus is not None:
        held = [c for c in superiorities(forces, side, field_, rules) if c in bonus.classes]
        extra = bonus.dice * len(held) if bonus.each else (bonus.dice if held else 0)
        if extra:
            lines.append(PoolLine("strategy_superiority", skill=extra, detail=",".join(held)))
    if strategy.repeat_next_wave_strategy_dice and force.last_strategy == key:
        lines.append(PoolLine("strategy_repeated", skill=strategy.repeat_next_wave_strategy_dice, detail=key))
    if setting.parley_declined[side]:
        lines.append(PoolLine("parley_declined", skill=rules.strategy_rules.parley_declined_strategy_dice))
    if strategy.category == "defensive":
        terrain, fortification = defensive_advantage(forces, side, field_, rules)
        enemy = rules.strategy(setting.strategies[1 - side])
        detail = force.army.terrain
        if enemy.halves_enemy_defensive_advantage and terrain:
            terrain //= 2
            detail += "|" + enemy.key  # says what halved it
        if terrain:
            lines.append(PoolLine("defensive_advantage", skill=terrain, detail=detail))
        if fortification:
            lines.append(PoolLine("fortification", gear=fortification))
    return lines


def strategy_worth(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset, wave: int, key: str) -> int:
    """The Strategy dice ``key`` itself would give ``side`` now (its own
    dice, superiority, a repeat, the Defensive Advantage), before the
    enemy's secret choice is known: as if it halved nothing."""
    neutral = next(s.key for s in rules.strategies if not s.halves_enemy_defensive_advantage)
    strategies = [neutral, neutral]
    strategies[side] = key
    setting = WaveSetting(wave, (strategies[0], strategies[1]))
    return sum(line.skill for line in _strategy_lines(forces, side, field_, rules, setting))


def raw_lines(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset, setting: WaveSetting) -> list[PoolLine]:
    """Every source for one side, before the Commando and negative-strategy rules."""
    force = forces[side]
    level = max(0, force.battle_level)
    ready = min(force.ready_bonus, level)
    lines = [PoolLine("battle_level", base=level - ready)]
    if ready:
        lines.append(PoolLine("combat_ready", base=ready))
    recon = rules.reconnaissance
    if setting.surprise == side and setting.wave <= recon.surprise_waves:
        lines.append(PoolLine("surprise", skill=recon.surprise_strategy_dice))
    if force.ambush_die:
        lines.append(PoolLine("ambush", gear=recon.ambush_support_dice))
    for key in special_classes(force, side, field_, rules):
        lines.append(PoolLine("special_class", gear=rules.special_classes.support_dice_per_class, detail=key))
    for key in superiorities(forces, side, field_, rules):
        lines.append(PoolLine("superiority", skill=rules.special_classes.superiority_strategy_dice, detail=key))
    project_dice = project_support_dice(force, rules)
    for key in dict.fromkeys(project_dice):
        lines.append(PoolLine("ark_project", gear=project_dice.count(key), detail=key))
    if force.circumstances:
        lines.append(PoolLine("circumstances", skill=force.circumstances))
    lines += _strategy_lines(forces, side, field_, rules, setting)
    if force.offensive_bonus:
        lines.append(PoolLine("offensive_win", skill=force.offensive_bonus))
    action = setting.actions[side]
    if action.strategy_dice:
        lines.append(PoolLine("gm_grant" if action.granted else "remarkable_action", skill=action.strategy_dice))
    return lines


def battle_pools(forces: tuple[Force, Force], field_: Battlefield, rules: MyzRuleset, setting: WaveSetting) -> tuple[PoolBreakdown, PoolBreakdown]:
    """Both Battle Pools of a wave, each with its lines."""
    lines = [raw_lines(forces, side, field_, rules, setting) for side in (0, 1)]
    # Negative strategy first: a pool below zero Strategy dice hands the
    # difference to the opponent ("after applying all modifiers").
    skill = [sum(line.skill for line in side_lines) for side_lines in lines]
    for side in (0, 1):
        if skill[side] < 0:
            lines[side].append(PoolLine("negative_strategy", skill=-skill[side]))
            lines[1 - side].append(PoolLine("negative_strategy_gift", skill=-skill[side]))
    # Then the opponent's Commando: it "can't cause that number to go below zero".
    for side in (0, 1):
        enemy = setting.actions[1 - side]
        have_skill = sum(line.skill for line in lines[side])
        removed = min(enemy.removes_strategy, max(0, have_skill))
        if removed:
            lines[side].append(PoolLine("commando_strategy", skill=-removed))
        have_gear = sum(line.gear for line in lines[side])
        destroyed = min(enemy.destroys_support, max(0, have_gear))
        if destroyed:
            lines[side].append(PoolLine("commando_support", gear=-destroyed))
    result = []
    for side_lines in lines:
        totals = {kind: max(0, sum(getattr(line, kind) for line in side_lines)) for kind in ("base", "skill", "gear")}
        result.append(PoolBreakdown(tuple(side_lines), Pool(**totals)))
    return result[0], result[1]


_DETAIL_TABLES = {
    "special_class": "special_class",
    "superiority": "special_class",
    "strategy_superiority": "special_class",
    "ark_project": "ark_project",
    "strategy": "strategy",
    "strategy_repeated": "strategy",
    "defensive_advantage": "terrain_advantage",
}


def _name(lookup: Callable[[str], Any], key: str, language: str) -> str:
    try:
        return str(lookup(key).name(language))
    except KeyError:  # a house rule without that row: show the key
        return key


def source_label(line: PoolLine, rules: MyzRuleset, language: str) -> str:
    """What a line's dice are for, in words: "superiority: Artillery"."""
    detail = line.detail
    if line.source == "defensive_advantage" and "|" in detail:
        terrain, by = detail.split("|", 1)
        return tr(language, "myz.source.defensive_advantage_halved", detail=_name(rules.terrain_advantage, terrain, language), by=_name(rules.strategy, by, language))
    table = _DETAIL_TABLES.get(line.source)
    if table is not None and detail:
        names = []
        for key in detail.split(","):
            try:
                names.append(getattr(rules, table)(key).name(language))
            except KeyError:  # a house rule without that row: show the key
                names.append(key)
        detail = ", ".join(names)
    return tr(language, f"myz.source.{line.source}", detail=detail)


def commando_damaged(breakdown: PoolBreakdown) -> int:
    """Support dice the enemy's Commando set aside (damaged until repaired)."""
    return -sum(line.gear for line in breakdown.lines if line.source == "commando_support")


__all__ = [
    "ActionEffect",
    "PoolBreakdown",
    "PoolLine",
    "WaveSetting",
    "battle_pools",
    "commando_damaged",
    "defensive_advantage",
    "has_defensive_advantage",
    "raw_lines",
    "source_label",
    "strategy_worth",
]
