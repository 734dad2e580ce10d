"""Ranged and melee attacks on the mat: who may attack whom, with what
modifiers against which Defense, and the damage that lands at the end of
the phase. Free hacks and parting shots strike as rear attacks.

An attack's total is d20 + Offense + modifiers against the target's
Defense: below it misses, at or above it deals the margin (at least 1),
up to the army's Maximum Damage; a natural 20 adds one beyond the cap and
hits even below Defense; a natural 1 costs the unit its next phase's
Offense check (Ultimate Campaign).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Literal

from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev, fixes
from tui.core.systems.kingmaker.bonuses import active, once_a_battle, total
from tui.core.systems.kingmaker.mat import contact, in_contact
from tui.core.systems.kingmaker.standing import own_unit, strikers
from tui.core.systems.kingmaker.state import KMState, Phase, Roll

Mode = Literal["ranged", "melee", "siege"]


@dataclass(frozen=True)
class Term:
    """One part of a modifier: a catalog key (or ``source:key`` of the
    ruleset) and how much."""

    key: str
    amount: int


@dataclass(frozen=True)
class Setup:
    """An attack as the rules set it up, before the dice."""

    mode: Mode
    offense: int
    terms: tuple[Term, ...]
    defense: int
    defense_terms: tuple[Term, ...]
    cap: int
    extra_damage: int
    halve: bool
    attacks: int
    """Attacks it may still make at this target now."""
    side: str = "front"
    """Which side of the target a melee attack strikes."""


def _terms(pairs: Iterable[tuple[str, int]]) -> tuple[Term, ...]:
    return tuple(Term(k, v) for k, v in pairs if v)


def defense_of(state: KMState, key: str, mode: Mode) -> tuple[int, tuple[Term, ...]]:
    found = state.derived[key]
    unit = state.unit(key)
    effects = active(state, key)
    ground = max((state.rules.terrain_of(state.terrain_at(sq)).defense for sq in unit.block.squares), default=0) if unit.block else 0
    pairs = [("km.term.defense", found.defense.total)]
    pairs += [(a.tick, a.effect.defense + (a.effect.ranged_defense if mode == "ranged" else 0)) for a in effects]
    pairs += [("km.term.charged", state.rules.commands.charge.defense if unit.command == "charge" else 0), ("km.term.ground", ground)]
    terms = _terms(pairs)
    return sum(x.amount for x in terms), terms


def _own_melee_pairs(state: KMState, key: str, ticks: Iterable[str] = ()) -> list[tuple[str, int]]:
    """The unit's own melee Offense terms: its sheet, what acts on it, a charge."""
    unit = state.unit(key)
    pairs = [("km.term.offense", state.derived[key].offense.total)]
    pairs += [(a.tick, a.effect.offense + a.effect.melee_offense) for a in active(state, key, ticks)]
    pairs.append(("km.term.charge", state.rules.commands.charge.melee_offense if unit.command == "charge" else 0))
    pairs.append(("km.term.hustle", hustled(state, key)))
    return pairs


def hustled(state: KMState, key: str) -> int:
    """Hustle's cost to the unit's Offense, melee and ranged, for the rest
    of the turn (its "at the expense of offense"; ``fixes.HUSTLE_OFFENSE``)."""
    if state.unit(key).command != "hustle" or fixes.HUSTLE_OFFENSE not in state.mended:
        return 0
    return state.rules.commands.hustle.offense


def melee_now(state: KMState, key: str) -> tuple[int, int, int]:
    """The unit's melee Offense, its Offense through its front (with its
    ranks) and its Defense, with what acts on it now (its tactic, the
    conditions, a charge, the ground), before the target's flank or rear."""
    unit = state.unit(key)
    offense = sum(amount for _, amount in _own_melee_pairs(state, key))
    ranks = state.rules.melee.rank * (unit.block.depth - 1) if unit.block is not None else 0
    return offense, offense + ranks, defense_of(state, key, "melee")[0]


def _damage_terms(state: KMState, key: str, mode: Mode, ticks: Iterable[str]) -> tuple[int, bool]:
    found = state.derived[key]
    effects = active(state, key, ticks)
    extra = (found.damage if mode == "melee" else found.ranged_damage) + total(effects, "damage", f"{mode}_damage")
    halve = any(state.rules.condition(c).halve_damage for c in state.conditions)
    return extra, halve


def melee_setup(state: KMState, attacker: str, target: str, ticks: Iterable[str] = ()) -> Setup:
    """A melee attack as the rules allow it now; refuses with one line."""
    rules = state.rules
    _may_attack(state, attacker, target, "melee")
    unit, other = state.unit(attacker), state.unit(target)
    name = state.army(attacker).name
    if unit.shots:
        raise RuleViolation(t("km.rule.shot_instead", name=name))
    assert unit.block is not None and other.block is not None
    touch = contact(unit.block, other.block, front=rules.melee.front_attacks, other=rules.melee.other_attacks, rear_corner_flank=fixes.CORNER_FLANK in state.mended)
    if touch is None:
        raise RuleViolation(t("km.rule.not_in_contact", name=name, target=state.army(target).name))
    found = state.derived[attacker]
    used = sum(n for _, n in unit.blows)
    left = min(touch.attacks - dict(unit.blows).get(target, 0), found.attacks.total - used)
    pairs = _own_melee_pairs(state, attacker, ticks)
    pairs += [
        ("km.term.ranks", rules.melee.rank * (unit.block.depth - 1) if touch.through_front else 0),
        ("km.term.flanking", rules.melee.flanking if touch.side == "flank" else 0),
        ("km.term.rear", rules.melee.rear if touch.side == "rear" else 0),
    ]
    terms = _terms(pairs)
    defense, defense_terms = defense_of(state, target, "melee")
    extra, halve = _damage_terms(state, attacker, "melee", ticks)
    return Setup("melee", sum(x.amount for x in terms), terms, defense, defense_terms, found.max_damage.total, extra, halve, max(0, left), touch.side)


def ranged_setup(state: KMState, attacker: str, target: str, ticks: Iterable[str] = (), *, cover: bool = False) -> Setup:
    rules = state.rules
    _may_attack(state, attacker, target, "ranged")
    unit, other = state.unit(attacker), state.unit(target)
    name = state.army(attacker).name
    found = state.derived[attacker]
    if found.ranged_offense is None:
        raise RuleViolation(t("km.rule.no_ranged", name=name))
    if unit.started_melee and not found.army.thrown:
        raise RuleViolation(t("km.rule.charged_no_shot", name=name))
    if state.enemies_in_contact(attacker) and not unit.engaged:
        raise RuleViolation(t("km.rule.locked_no_shot", name=name))
    assert unit.block is not None and other.block is not None
    distance = unit.block.distance(other.block)
    if distance > found.range:
        raise RuleViolation(t("km.rule.out_of_range", name=name, target=state.army(target).name, distance=distance, range=found.range))
    band = rules.ranged.maximum_range if distance == found.range else (rules.ranged.over_half_range if distance * 2 > found.range else 0)
    sheltered = cover or any(rules.terrain_of(state.terrain_at(sq)).cover for sq in other.block.squares)
    target_side = state.army(target).side
    # Into melee: the target is locked with one of the shooter's friends, who may be hit;
    # a unit shooting at the enemy that engaged it has no friend in the way.
    into_melee = any(in_contact(other.block, b) for k, b in state.blocks().items() if k != attacker and state.army(k).side != target_side)
    moving = rules.ranged.moving_mount if found.army.mounted else rules.ranged.after_moving
    effects = active(state, attacker, ticks)
    pairs = [("km.term.ranged_offense", found.ranged_offense.total)]
    pairs += [(a.tick, a.effect.offense + a.effect.ranged_offense) for a in effects]
    pairs += [
        ("km.term.range", band), ("km.term.cover", rules.ranged.cover if sheltered else 0),
        ("km.term.into_melee", rules.ranged.into_melee if into_melee else 0),
        ("km.term.moved", moving if unit.moved else 0), ("km.term.hustle", hustled(state, attacker)),
        ("km.term.target_size", state.derived[target].size.target_modifier),
    ]
    terms = _terms(pairs)
    defense, defense_terms = defense_of(state, target, "ranged")
    extra, halve = _damage_terms(state, attacker, "ranged", ticks)
    left = found.attacks.total - unit.shots
    return Setup("ranged", sum(x.amount for x in terms), terms, defense, defense_terms, found.max_damage.total, extra, halve, max(0, left))


def siege_setup(state: KMState, attacker: str, target: str, ticks: Iterable[str] = (), *, cover: bool = False) -> Setup:
    """Siege engines shooting in the Tactics phase: one Offense check per
    engine at a target within the siege range, once a turn."""
    rules = state.rules
    _may_attack(state, attacker, target, "tactics")
    unit, other = state.unit(attacker), state.unit(target)
    name = state.army(attacker).name
    found = state.derived[attacker]
    engines = found.army.siege_engines
    if not engines:
        raise RuleViolation(t("km.rule.no_engines", name=name))
    if "siege" in unit.tried:
        raise RuleViolation(t("km.rule.engines_fired", name=name))
    assert unit.block is not None and other.block is not None
    distance = unit.block.distance(other.block)
    if distance > rules.movement.siege_range:
        raise RuleViolation(t("km.rule.out_of_range", name=name, target=state.army(target).name, distance=distance, range=rules.movement.siege_range))
    sheltered = cover or any(rules.terrain_of(state.terrain_at(sq)).cover for sq in other.block.squares)
    effects = active(state, attacker, ticks)
    pairs = [("km.term.offense", found.offense.total)]
    pairs += [(a.tick, a.effect.offense + a.effect.ranged_offense) for a in effects]
    pairs += [("km.term.cover", rules.ranged.cover if sheltered else 0), ("km.term.target_size", state.derived[target].size.target_modifier)]
    terms = _terms(pairs)
    defense, defense_terms = defense_of(state, target, "ranged")
    extra, halve = _damage_terms(state, attacker, "ranged", ticks)
    return Setup("siege", sum(x.amount for x in terms), terms, defense, defense_terms, found.max_damage.total, extra, halve, engines)


def _may_attack(state: KMState, attacker: str, target: str, phase: Phase) -> None:

    own_unit(state, attacker, phase, moving_away=True)
    unit = state.unit(attacker)
    name = state.army(attacker).name
    standing = next((s for s in state.rules.morale.states if s.key == unit.standing), None)
    if standing is not None and not (standing.can_attack if phase == "melee" else standing.can_shoot):
        raise RuleViolation(t(f"km.rule.standing_{unit.standing}", name=name))
    why = no_attack_now(state, attacker)
    if why is not None:
        raise RuleViolation(why)
    if state.army(target).side == state.army(attacker).side:
        raise RuleViolation(t("km.rule.own_side", target=state.army(target).name))
    other = state.unit(target)
    if other.block is None or other.out:
        raise RuleViolation(t("km.rule.out_of_battle", name=state.army(target).name))


def no_attack_now(state: KMState, key: str) -> str | None:
    """Why the unit makes no attack this phase whatever its target: a natural
    1 last phase, or it healed in this one (None: it may)."""
    unit = state.unit(key)
    name = state.army(key).name
    if unit.setback_phase == state.phase_count:
        return t("km.rule.setback", name=name)
    if unit.drank_phase == state.phase_count:
        return t("km.rule.healed_this_phase", name=name)
    return None


def damage(face: int, setup: Setup, rules: AttackRules) -> tuple[int, bool]:
    """The damage one face deals, and whether it was a critical."""
    result = resolve_attack(face, setup.offense, setup.defense, setup.cap, rules)
    if not result.hit:
        return 0, False
    if result.natural_only:
        return result.damage, False
    dealt = result.damage + setup.extra_damage
    if setup.halve:
        dealt = max(1, dealt // 2)
    return max(0, dealt), result.critical


def _attack_rules(state: KMState) -> AttackRules:
    """How this battle's rolls turn into damage, under the fixes in effect."""
    return AttackRules.from_ruleset(state.rules, natural_hit_exact=fixes.NATURAL_20 in state.mended)


def attack_setup(state: KMState, event: ev.Attack) -> Setup:
    """What the attack rolls with, by its mode; raises if it can't be made."""
    if event.mode == "melee":
        return melee_setup(state, event.attacker, event.target, event.ticks)
    if event.mode == "siege":
        return siege_setup(state, event.attacker, event.target, event.ticks, cover=event.cover)
    return ranged_setup(state, event.attacker, event.target, event.ticks, cover=event.cover)


def natural_hit_below_defense(state: KMState, event: object) -> bool:
    """An attack with a natural hit whose total fell below Defense, which
    the earlier reading decided (``fixes.NATURAL_20``)."""
    face = state.rules.attack.natural_hit_face
    if not face:
        return False
    try:
        if isinstance(event, ev.Attack):
            setup = attack_setup(state, event)
            return any(f >= face and f + setup.offense < setup.defense for f in event.faces)
        if isinstance(event, (ev.Move, ev.MoraleCheck)):
            return any(h.face >= face and h.face + (n := strike_numbers(state, h.by, event.key))[0] < n[1] for h in event.hacks)
    except (ValueError, KeyError):
        return False
    return False


def offense_after_hustle(state: KMState, event: object) -> bool:
    """An attack or a free hack by a unit that hustled this turn, which the
    earlier reading gave its full Offense (``fixes.HUSTLE_OFFENSE``)."""
    if isinstance(event, ev.Attack):
        return event.mode != "siege" and state.unit(event.attacker).command == "hustle"
    if isinstance(event, (ev.Move, ev.MoraleCheck)):
        return any(state.unit(h.by).command == "hustle" for h in event.hacks if h.by in dict(state.units))
    return False


def rear_corner_attack(state: KMState, event: object) -> bool:
    """A melee attack touching the target's rear only by a corner, which
    the earlier reading made a rear attack (``fixes.CORNER_FLANK``)."""
    if not isinstance(event, ev.Attack) or event.mode != "melee":
        return False
    units = dict(state.units)
    unit, other = units.get(event.attacker), units.get(event.target)
    if unit is None or other is None or unit.block is None or other.block is None:
        return False
    earlier = contact(unit.block, other.block, rear_corner_flank=False)
    today = contact(unit.block, other.block)
    return earlier is not None and today is not None and earlier.side != today.side


def attack(state: KMState, event: ev.Attack) -> KMState:
    if event.counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=event.counter, expected=state.counter))
    phase = "tactics" if event.mode == "siege" else event.mode
    if state.phase != phase:
        raise RuleViolation(t("km.rule.wrong_phase", phase=t(f"km.phase.{phase}"), now=t(f"km.phase.{state.phase}")))
    setup = attack_setup(state, event)
    if len(event.faces) > setup.attacks:
        raise RuleViolation(t("km.rule.too_many_attacks", name=state.army(event.attacker).name, most=setup.attacks))
    rules = _attack_rules(state)
    die = state.rules.attack.die
    if not all(1 <= f <= die for f in event.faces):
        raise RuleViolation(t("km.rule.record_face", face=max(event.faces), die=die))
    dealt = [damage(f, setup, rules) for f in event.faces]
    hurt = sum(d for d, _ in dealt)
    unit = state.unit(event.attacker)
    once = tuple(tick for tick in event.ticks if once_a_battle(state, tick))
    unit = replace(unit, used=unit.used + once)
    if event.mode == "melee":
        unit = replace(unit, blows=tuple({**dict(unit.blows), event.target: dict(unit.blows).get(event.target, 0) + len(event.faces)}.items()))
    elif event.mode == "siege":
        unit = replace(unit, tried=unit.tried + ("siege",))
    else:
        unit = replace(unit, shots=unit.shots + len(event.faces))
    setback = bool(state.rules.attack.setback_face) and any(f <= state.rules.attack.setback_face for f in event.faces)
    if setback:
        unit = replace(unit, setback_phase=state.phase_count + 1)
    after = state.with_unit(event.attacker, unit)
    healed = _triage(after, event)
    other = after.unit(event.target)
    other = replace(other, pending=other.pending + hurt, flanked=other.flanked or setup.side == "flank", rear=other.rear or setup.side == "rear")
    after = after.with_unit(event.target, other)
    hits = sum(1 for d, _ in dealt if d)
    roll = Roll(f"attack_{event.mode}", event.attacker, event.faces, setup.offense, setup.defense, (("target", event.target), ("damage", hurt), ("hits", hits)))
    after = replace(after, counter=state.counter + 1, last_roll=roll)
    told = after.with_note(
        f"km.note.attack_{event.mode}", name=state.army(event.attacker).name, target=state.army(event.target).name,
        attacks=len(event.faces), hits=hits, damage=hurt, faces=" ".join(str(f) for f in event.faces),
        offense=setup.offense, defense=setup.defense,
    )
    if healed is not None:
        told = heal(told, event.attacker, healed, "km.note.triage")
    return told.with_note("km.note.setback", name=state.army(event.attacker).name, face=state.rules.attack.setback_face) if setback else told


def _triage(state: KMState, event: ev.Attack) -> int | None:
    """What a ticked Triage heals (half the ACR, at least 1), if one is ticked."""
    if fixes.TRIAGE_HEALS not in state.mended or event.mode == "siege":
        return None
    for tick in event.ticks:
        source, _, key = tick.partition(":")
        if source == "boon" and state.rules.boon(key).heal_acr_half:
            return half_acr(state, event.attacker)
    return None


def half_acr(state: KMState, key: str) -> int:
    """Half the army's ACR, rounded down, at least 1 (UC: healing halved has a minimum of 1)."""
    return max(1, math.floor(state.derived[key].acr / 2))


def heal(state: KMState, key: str, amount: int, note: str, **params: object) -> KMState:
    """``amount`` hp back at once (never above full), told in the story."""
    unit = state.unit(key)
    back = min(amount, unit.damage)
    healed = state.with_unit(key, replace(unit, damage=unit.damage - back))
    return healed.with_note(note, name=state.army(key).name, heal=back, hp=healed.hp(key), **params)


def strike_numbers(state: KMState, by: str, target: str) -> tuple[int, int]:
    """A free hack's Offense (as from the rear) and the target's Defense."""
    offense = state.derived[by].offense.total + total(active(state, by), "offense", "melee_offense") + state.rules.melee.free_hack + hustled(state, by)
    return offense, defense_of(state, target, "melee")[0]


def strike(state: KMState, by: str, target: str, face: int, *, kind: str, now: bool = False) -> KMState:
    """A free hack or parting shot: a melee attack as from the rear (+2),
    with no attacks of the striker spent; ``now``: the damage lands at once."""
    rules = state.rules
    found = state.derived[by]
    offense, defense = strike_numbers(state, by, target)
    extra, halve = _damage_terms(state, by, "melee", ())
    setup = Setup("melee", offense, (), defense, (), found.max_damage.total, extra, halve, 1)
    if not 1 <= face <= rules.attack.die:
        raise RuleViolation(t("km.rule.record_face", face=face, die=rules.attack.die))
    dealt, _ = damage(face, setup, _attack_rules(state))
    unit = state.unit(target)
    unit = replace(unit, damage=unit.damage + dealt) if now else replace(unit, pending=unit.pending + dealt)
    return state.with_unit(target, unit).with_note(
        f"km.note.{kind}", name=state.army(by).name, target=state.army(target).name, rolled=face, total=face + offense, defense=defense, damage=dealt,
    )



def land_parting_shots(state: KMState, key: str, hacks: tuple[ev.Hack, ...]) -> KMState:
    """Each enemy in contact with a unit leaving the field strikes once (at once)."""
    wanted = strikers(state, key)
    if tuple(h.by for h in hacks) != wanted:
        raise RuleViolation(t("km.rule.record_hacks"))
    for hack in hacks:
        state = strike(state, hack.by, key, hack.face, kind="parting_shot", now=True)
    if state.hp(key) == 0:
        return state.with_unit(key, replace(state.unit(key), standing="defeated")).with_note("km.note.defeated", name=state.army(key).name)
    return state


__all__ = ["Setup", "Term", "attack", "damage", "defense_of", "half_acr", "heal", "hustled", "land_parting_shots", "melee_now", "melee_setup", "no_attack_now", "ranged_setup", "siege_setup", "strike", "strike_numbers"]
