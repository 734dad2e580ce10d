"""A faction during the battle: what the muster started and the waves changed.

``Force`` is an immutable record; every wave returns new ones. The derived
numbers the Battle Pool needs (units counted with the Ark's projects, which
classes count here, superiorities) are functions of two forces and the
battlefield, so they are always recomputed, never stored stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, TypeVar

from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.myz.army import Army, Battlefield
from tui.core.systems.myz.rules import MyzRuleset

T = TypeVar("T")


@dataclass(frozen=True)
class Force:
    name: str
    army: Army
    battle_level: int
    fighters: int
    units: Mapping[str, int]
    ark_projects: tuple[str, ...]
    fortification_dice: int
    """Fortification Support dice still standing (a siege's defender)."""
    combat_ready: bool = True
    ready_bonus: int = 0
    """How much of ``battle_level`` came from the Ark being combat-ready (shown as its own line)."""
    damaged_projects: tuple[str, ...] = ()
    """A project's key for each of its Support dice damaged and not repaired
    (Arsenal's ⚙, lost like a fortification's; the project stands)."""
    ambush_die: bool = False
    """The ambush's extra Support die, for the rest of the battle."""
    confused: bool = False
    routed: bool = False
    escaped: bool = False
    surrendered: bool = False
    leader_captured: bool = False
    leader: int | None = None
    """Index in ``army.people`` of the current leader."""
    damage: tuple[int, ...] = ()
    """Retaliation damage taken by each person so far."""
    broken: tuple[bool, ...] = ()
    feints: int = 0
    """Feinted Attacks used so far (later ones add to the margin instead of doubling it)."""
    last_strategy: str | None = None
    offensive_bonus: int = 0
    """Strategy dice for winning the previous wave with an offensive strategy."""
    circumstances: int = 0
    """The GM's special circumstances, ±3 Strategy dice, for this wave only."""

    @property
    def out(self) -> bool:
        """Out of the battle: routed, escaped, surrendered, or no Battle dice left."""
        return self.routed or self.escaped or self.surrendered or self.battle_level <= 0

    def person_active(self, index: int) -> bool:
        return not self.broken[index] if index < len(self.broken) else True


def muster_force(army: Army, name: str, rules: MyzRuleset) -> Force:
    """The force a faction brings to its first wave."""
    check_army(army, rules)
    ready = army.combat_ready or not army.defends_ark
    bonus = rules.battle_level.combat_ready_bonus if army.defends_ark and army.combat_ready else 0
    return Force(
        name=name,
        army=army,
        battle_level=base_battle_level(army, rules) + bonus,
        ready_bonus=bonus,
        fighters=army.fighters,
        units=dict(army.units),
        ark_projects=tuple(army.ark_projects),
        fortification_dice=0,
        combat_ready=ready,
        leader=army.leader_index(),
        damage=tuple(p.damage for p in army.people),
        broken=tuple(p.damage >= p.strength for p in army.people),
        damaged_projects=tuple(p for p in army.damaged_projects if p in army.ark_projects),
    )


def base_battle_level(army: Army, rules: MyzRuleset) -> int:
    """The Battle Level as typed, or from fighters at the ruleset's ratio."""
    if army.battle_level is not None:
        return army.battle_level
    return army.fighters // rules.battle_level.fighters_per_level


def check_army(army: Army, rules: MyzRuleset) -> None:
    """Refuse keys the ruleset does not know (a typo in a save or a house rule)."""
    classes = {c.key for c in rules.special_classes.classes}
    for key in army.units:
        if key not in classes:
            raise RuleViolation(t("myz.error.unknown", what=t("myz.word.class"), key=key, known=", ".join(sorted(classes))))
    projects = {p.key for p in rules.ark_projects}
    for key in army.ark_projects + army.damaged_projects:
        if key not in projects:
            raise RuleViolation(t("myz.error.unknown", what=t("myz.word.project"), key=key, known=", ".join(sorted(projects))))
    if army.fortification not in {f.key for f in rules.fortifications}:
        raise RuleViolation(t("myz.error.unknown", what=t("myz.word.fortification"), key=army.fortification, known=", ".join(f.key for f in rules.fortifications)))
    if army.terrain not in {f.key for f in rules.terrain}:
        raise RuleViolation(t("myz.error.unknown", what=t("myz.word.terrain"), key=army.terrain, known=", ".join(f.key for f in rules.terrain)))
    skills = {s.key for s in rules.skills}
    for person in army.people:
        for key in person.skills:
            if key not in skills:
                raise RuleViolation(t("myz.error.unknown", what=t("myz.word.skill"), key=key, known=", ".join(sorted(skills))))


def check_battlefield(field_: Battlefield, rules: MyzRuleset) -> None:
    types = {e.key for e in rules.environment.types}
    if field_.environment not in types:
        raise RuleViolation(t("myz.error.unknown", what=t("myz.word.environment"), key=field_.environment, known=", ".join(sorted(types))))


# -- what counts, given the battlefield ------------------------------------------


def besieged(side: int, field_: Battlefield) -> bool:
    return field_.siege == side


def become_combat_ready(force: Force, rules: MyzRuleset) -> Force:
    """The text: "If it wasn't [combat-ready], it'll become it on the next Wave of battle."."""
    if force.combat_ready:
        return force
    bonus = rules.battle_level.combat_ready_bonus
    return replace(force, combat_ready=True, battle_level=force.battle_level + bonus, ready_bonus=force.ready_bonus + bonus)


def projects_in_effect(force: Force, rules: MyzRuleset) -> tuple[str, ...]:
    """The Ark's projects that count here: those that go with the faction
    anywhere, and those tied to the Ark when it defends its Ark."""
    if not force.army.ark:
        return ()
    return tuple(key for key in force.ark_projects if force.army.defends_ark or not rules.ark_project(key).only_at_ark)


def project_support_dice(force: Force, rules: MyzRuleset) -> list[str]:
    """One entry per Support die the projects give here (Arsenal's ⚙), those
    damaged in an earlier wave left out: lost like a fortification's."""
    dice: list[str] = []
    for key in projects_in_effect(force, rules):
        dice += [key] * max(0, rules.ark_project(key).support_dice - force.damaged_projects.count(key))
    return dice


def unit_counts(force: Force, side: int, field_: Battlefield, rules: MyzRuleset) -> dict[str, int]:
    """Special units by class, with those the Ark's projects grant."""
    counts = {c.key: int(force.units.get(c.key, 0)) for c in rules.special_classes.classes}
    for key in projects_in_effect(force, rules):
        granted = rules.ark_project(key).granted_units
        if granted is None or (granted.only_besieged and not besieged(side, field_)):
            continue
        counts[granted.special_class] += force.battle_level // granted.per_battle_level
    return counts


def class_counts_here(key: str, side: int, field_: Battlefield, rules: MyzRuleset) -> bool:
    """Cavalry only outside sieges, Engineering only in sieges, Naval only by water."""
    relevant = rules.special_class(key).relevant
    siege = field_.siege is not None
    return {
        "always": True,
        "not_siege": not siege,
        "siege": siege,
        "waterway": field_.waterway,
    }[relevant]


def relevant_units(force: Force, side: int, field_: Battlefield, rules: MyzRuleset) -> dict[str, int]:
    return {
        key: count
        for key, count in unit_counts(force, side, field_, rules).items()
        if class_counts_here(key, side, field_, rules)
    }


def special_classes(force: Force, side: int, field_: Battlefield, rules: MyzRuleset) -> list[str]:
    """Classes that give this force a Support die."""
    least = rules.special_classes.min_units
    return [key for key, count in relevant_units(force, side, field_, rules).items() if count >= least]


def superiorities(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset) -> list[str]:
    """Classes where this force has at least 2-for-1 in units (and some units at all)."""
    own = relevant_units(forces[side], side, field_, rules)
    theirs = relevant_units(forces[1 - side], 1 - side, field_, rules)
    ratio = rules.special_classes.superiority_ratio
    least = rules.special_classes.min_units
    return [key for key, count in own.items() if count >= least and count >= ratio * theirs.get(key, 0)]


def fortification_key(force: Force, rules: MyzRuleset) -> str:
    """The stronghold's kind: the muster's, or what the Ark's projects build, whichever is stronger."""
    best = rules.fortification(force.army.fortification)
    projects = projects_in_effect(force, rules)
    for key in projects:
        project = rules.ark_project(key)
        candidates = [project.fortification]
        if project.upgrades_fortification and project.with_project in projects:
            candidates.append(project.upgrades_fortification)
        for candidate in candidates:
            if candidate is not None and rules.fortification(candidate).support_dice > best.support_dice:
                best = rules.fortification(candidate)
    return best.key


def has_shelter(force: Force, rules: MyzRuleset) -> bool:
    return any(rules.ark_project(key).shelter for key in projects_in_effect(force, rules))


def has_scout(force: Force, rules: MyzRuleset) -> bool:
    return force.army.scout_unit or any(rules.ark_project(key).scout for key in projects_in_effect(force, rules))


def with_person(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    items = list(values)
    items[index] = value
    return tuple(items)


def with_force(forces: tuple[Force, Force], side: int, force: Force) -> tuple[Force, Force]:
    return (force, forces[1]) if side == 0 else (forces[0], force)


__all__ = [
    "Force",
    "base_battle_level",
    "besieged",
    "check_army",
    "check_battlefield",
    "become_combat_ready",
    "fortification_key",
    "has_scout",
    "has_shelter",
    "muster_force",
    "project_support_dice",
    "projects_in_effect",
    "relevant_units",
    "special_classes",
    "superiorities",
    "unit_counts",
    "with_force",
    "with_person",
]
