"""Which Support dice a wave's damage takes away, at the End phase.

The text's rule of thumb: "first fortifications and the ambush bonus, then
Special Units", and "the choice is left to the opponent". RULES-NOTES
(settled after the second audit): a damaged Arsenal die is damaged like a
fortification, its ⚙ lost while the project stands (only the Gear Die
destroys a project), and falls in the first group: the ruleset's
``support.damaged_support_groups``, each group's dice gone before the next
is touched, the opponent picking within a group. Each special class gave
one die, so no class pays twice in one End phase.

The earlier reading (``fixes.ARSENAL_LIKE_FORTIFICATION`` not in effect),
kept for steps played under it: fortification dice, then the ambush die,
then Ark projects and Special Units at the opponent's choice, a damaged
project destroyed.
"""

from __future__ import annotations

from collections import Counter

from tui.core.frozen import replace
from tui.core.systems.myz.forces import Force, project_support_dice
from tui.core.systems.myz.rules import MyzRuleset

_EARLIER_GROUPS = (("fortification",), ("ambush",), ("ark_project", "special_unit"))


def _dice(force: Force, kind: str, sources: list[str], unit_classes: list[str], rules: MyzRuleset, earlier: bool) -> list[str]:
    """One entry per Support die of ``kind`` in the pool: what losing it takes."""
    if kind == "fortification" and "fortification" in sources:
        return ["fortification"] * force.fortification_dice
    if kind == "ambush" and "ambush" in sources and force.ambush_die:
        return ["ambush"]
    if kind == "ark_project" and "ark_project" in sources:
        if earlier:
            return [p for p in force.ark_projects if rules.ark_project(p).support_dice]
        return project_support_dice(force, rules)
    if kind == "special_unit":
        return [c for c in dict.fromkeys(unit_classes) if force.units.get(c, 0) > 0]
    return []


def _groups(force: Force, sources: list[str], unit_classes: list[str], rules: MyzRuleset, earlier: bool) -> list[list[str]]:
    groups = _EARLIER_GROUPS if earlier else rules.support.damaged_support_groups
    return [[die for kind in group for die in _dice(force, kind, sources, unit_classes, rules, earlier)] for group in groups]


def support_choice(force: Force, lost: int, sources: list[str], unit_classes: list[str], rules: MyzRuleset, earlier: bool = False) -> tuple[int, tuple[str, ...]]:
    """How many of ``lost`` damaged Support dice the opponent picks, and the
    dice to pick from (a key once per die: a fortification with two dice
    is there twice). Only the group the damage stops in can offer a choice."""
    for group in _groups(force, sources, unit_classes, rules, earlier):
        if lost < len(group):
            return (lost, tuple(group)) if lost and len(set(group)) > 1 else (0, ())
        lost -= len(group)
    return 0, ()


def picks_fit(picks: tuple[str, ...], count: int, candidates: tuple[str, ...]) -> bool:
    """The opponent's picks are dice on offer, no more of them than damaged."""
    return len(picks) <= count and not Counter(picks) - Counter(candidates)


def lose_support(
    force: Force, lost: int, sources: list[str], unit_classes: list[str], rules: MyzRuleset, picks: tuple[str, ...] = (), earlier: bool = False
) -> tuple[Force, list[tuple[str, str]]]:
    """``force`` with ``lost`` damaged Support dice taken out, group by group;
    ``picks`` are the opponent's choices (checked by the caller with
    ``picks_fit``), taken first; without them the first dice in the pool go.
    Returns what changed, as (catalog key, detail) pairs."""
    changes: list[tuple[str, str]] = []
    left = lost
    for group in _groups(force, sources, unit_classes, rules, earlier):
        if not left:
            break
        take = min(left, len(group))
        left -= take
        chosen = (list(picks) if take < len(group) and len(set(group)) > 1 else [])[:take]
        gone = chosen + _without(group, chosen)[: take - len(chosen)]
        for die in gone:
            force, change = _take(force, die, rules, earlier)
            changes.append(change)
    changes += [("myz.change.support_unknown", "")] * left
    return force, changes


def _without(group: list[str], chosen: list[str]) -> list[str]:
    rest = list(group)
    for die in chosen:
        if die in rest:
            rest.remove(die)
    return rest


def _take(force: Force, die: str, rules: MyzRuleset, earlier: bool) -> tuple[Force, tuple[str, str]]:
    if die == "fortification":
        force = replace(force, fortification_dice=force.fortification_dice - 1)
        return force, ("myz.change.fortification", str(force.fortification_dice))
    if die == "ambush":
        return replace(force, ambush_die=False), ("myz.change.ambush", "")
    if die in force.ark_projects:
        if earlier:
            return replace(force, ark_projects=tuple(p for p in force.ark_projects if p != die)), ("myz.change.project", die)
        return replace(force, damaged_projects=force.damaged_projects + (die,)), ("myz.change.project_damaged", die)
    units = dict(force.units)
    units[die] -= 1
    return replace(force, units=units), ("myz.change.unit", die)


__all__ = ["lose_support", "picks_fit", "support_choice"]
