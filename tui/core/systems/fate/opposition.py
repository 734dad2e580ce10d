"""What stands against an action that rolls, by the rules of its kind:
a move's obstacles or defenders, an attack's target and range, an
advantage's use, a leader's own action for its unit (``ACTIONS``), and
the skills the rules pick for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.state import FateState, RollSide
from tui.core.systems.fate.turns import obstacle, pinned, reveal


AIMED_AT_UNITS = ("intimidate", "pinned_down")
"""Create-an-advantage uses aimed at an enemy unit, which resists."""


def check_faces(state: FateState, faces: tuple[int, ...]) -> None:
    """A roll has the ruleset's count of dice."""
    if len(faces) != state.rules.dice.count:
        raise RuleViolation(t("fate.rule.dice_count", count=state.rules.dice.count))


def _enemy(state: FateState, key: str, side: int, kind: str = "unit") -> None:
    card = state.unit(key) if kind == "unit" else state.leader(key)
    if card is None or state.place(key).out:
        raise RuleViolation(t(f"fate.rule.no_{kind}_target", key=key))
    if state.side_of(key) == side:
        raise RuleViolation(t("fate.rule.not_an_enemy", target=card.name))


def attack_skill(state: FateState, distance: int) -> str | None:
    """The skill an attack at this many zones uses (None: out of range)."""
    rules = state.rules.attack
    if distance > rules.farthest_zones:
        return None
    if distance == 0 and not rules.shoot_only:
        return rules.same_zone_skill
    return rules.adjacent_skill


def _distance(state: FateState, a: str, b: str) -> int:
    za, zb = state.zone_of(a), state.zone_of(b)
    if za is None or zb is None:
        raise RuleViolation(t("fate.rule.off_board"))
    distance = state.board.distance(za, zb)
    return 99 if distance is None else distance


def _defence(state: FateState, event: ev.Roll, bonuses: tuple[tuple[str, int], ...] = ()) -> RollSide:
    if event.defender is None or event.defence_skill is None:
        raise RuleViolation(t("fate.rule.defender_needed"))
    check_faces(state, event.defence_faces)
    rating, leader_bonus = state.rating(event.defender, event.defence_skill)
    return RollSide(who=event.defender, player=state.owner(event.defender), skill=event.defence_skill, rating=rating, faces=event.defence_faces, bonuses=leader_bonus + bonuses)


def _opposition(state: FateState, event: ev.Roll, default: int) -> tuple[RollSide | None, int]:
    """Active opposition when a defender rolls, else a difficulty."""
    if event.defender is not None:
        return _defence(state, event), 0
    return None, default if event.difficulty is None else event.difficulty


def _zone_in_the_way(state: FateState, zone: str, side: int) -> tuple[tuple[str, int], ...]:
    """Breaking a pin into a zone that has its own obstacle is one overcome,
    not two: the pinning unit's Shoot opposes it, with the zone's hindering
    terrain (the difficulty it would add) and each enemy unit there (as an
    ally of a defender would) added to that opposition."""
    overcome = state.rules.overcome
    bonuses = []
    terrain = state.hindering(zone) * overcome.difficulty_per_hindering_aspect
    if terrain:
        bonuses.append(("terrain", terrain))
    enemies = len(state.enemies_in(zone, side)) * overcome.ally_defender_bonus
    if enemies:
        bonuses.append(("zone_enemies", enemies))
    return tuple(bonuses)


@dataclass(frozen=True)
class Opposed:
    """A roll being set up: who rolls from where, and what stands against
    it so far. Each action's rules return it with their opposition filled in."""

    state: FateState
    """The battle (scouting turns a zone's hidden aspects face up)."""
    event: ev.Roll
    side: int
    here: str | None
    target: str
    path: tuple[str, ...]
    defence: RollSide | None = None
    difficulty: int = 0
    bonuses: tuple[tuple[str, int], ...] = ()


def _moving(o: Opposed) -> None:
    """A move follows touching zones, made by a unit or a leader."""
    state, event = o.state, o.event
    if state.unit(event.by) is None and state.leader(event.by) is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.by))
    previous = o.here
    for zone in o.path:
        if previous is None or not state.board.adjacent(previous, state.board.zone(zone).key):
            raise RuleViolation(t("fate.rule.not_adjacent", zone=state.board.zone(zone).name))
        previous = zone


def _enter(o: Opposed) -> Opposed:
    """Overcome into a zone: its defenders oppose, or its obstacles do."""
    _moving(o)
    state, event = o.state, o.event
    if len(o.path) != 1:
        raise RuleViolation(t("fate.rule.one_zone"))
    if pinned(state, event.by):
        raise RuleViolation(t("fate.rule.pinned", actor=state.name(event.by)))
    zone = o.path[0]
    enemies = state.enemies_in(zone, o.side)
    terrain = state.hindering(zone)
    per_aspect = state.rules.overcome.difficulty_per_hindering_aspect
    if enemies and event.defender is None and terrain:
        # "Either way": the GM applied the terrain's difficulty instead of
        # the defenders (RULES-NOTES); the roll records it.
        return replace(o, difficulty=terrain * per_aspect)
    if enemies:
        if event.defender not in enemies:
            raise RuleViolation(t("fate.rule.defender_in_zone", zone=state.board.zone(zone).name))
        allies = len(state.allies_in(zone, state.side_of(event.defender))) - 1
        return replace(o, defence=_defence(state, event, (("allies", allies * state.rules.overcome.ally_defender_bonus),) if allies else ()))
    if not terrain:
        raise RuleViolation(t("fate.rule.no_obstacle", zone=state.board.zone(zone).name))
    return replace(o, difficulty=terrain * per_aspect)


def _dash(o: Opposed) -> Opposed:
    """Overcome one or two more obstacle-free zones."""
    _moving(o)
    state, event = o.state, o.event
    if not 1 <= len(o.path) <= state.rules.overcome.extra_move_zones:
        raise RuleViolation(t("fate.rule.dash_zones", most=state.rules.overcome.extra_move_zones))
    if pinned(state, event.by):
        raise RuleViolation(t("fate.rule.pinned", actor=state.name(event.by)))
    for zone in o.path:
        why = obstacle(state, zone, o.side)
        if why:
            raise RuleViolation(why)
    return replace(o, difficulty=state.rules.overcome.move_difficulty if event.difficulty is None else event.difficulty)


def _break_pin(o: Opposed) -> Opposed:
    """Leave a zone while Pinned Down: opposed by the pinning unit's Shoot."""
    _moving(o)
    state, event = o.state, o.event
    pins = [a for a in state.aspects_on(event.by) if a.kind == "pinned_down"]
    if not pins:
        raise RuleViolation(t("fate.rule.not_pinned", actor=state.name(event.by)))
    if len(o.path) != 1:
        raise RuleViolation(t("fate.rule.one_zone"))
    event = event.model_copy(update={"defender": pins[0].by, "defence_skill": use_skill(state, "pinned_down")})
    return replace(o, target=pins[0].id, defence=_defence(state, event, _zone_in_the_way(state, o.path[0], o.side)))


def _attack(o: Opposed) -> Opposed:
    """A unit's or a leader's attack: the skill the distance asks for, the
    target's defence (farther off, its range bonus), surrounded foes."""
    state, event, skill = o.state, o.event, o.event.skill
    action = event.action
    _enemy(state, o.target, o.side, "unit" if action == "attack" else "leader")
    if action == "leader_attack" and state.leader(event.by) is None:
        raise RuleViolation(t("fate.rule.leaders_only"))
    if action == "attack" and state.unit(event.by) is None:
        raise RuleViolation(t("fate.rule.leaders_only_leaders"))
    distance = _distance(state, event.by, o.target)
    wanted = attack_skill(state, distance)
    if wanted is None:
        raise RuleViolation(t("fate.rule.out_of_range", target=state.name(o.target), most=state.rules.attack.farthest_zones))
    if skill != wanted:
        raise RuleViolation(t("fate.rule.attack_skill", skill=state.rules.skill(wanted).name(state.text), zones=distance))
    variant = state.rules.attack.shoot_defence_skill
    if variant is not None and skill == state.rules.attack.adjacent_skill and event.defence_skill != variant:
        raise RuleViolation(t("fate.rule.defence_variant", skill=state.rules.skill(variant).name(state.text)))
    far = (("range", state.rules.attack.far_defence_bonus),) if distance >= state.rules.attack.farthest_zones and distance > 1 else ()
    defence = _defence(state, event.model_copy(update={"defender": o.target}), far)
    bonuses = o.bonuses
    if action == "attack" and any(a.kind == "surrounded" and a.holder == o.side for a in state.aspects_on(o.here or "")):
        bonuses += (("surrounded", state.rules.create_advantage.surrounded_attack_bonus),)
    return replace(o, defence=defence, bonuses=bonuses)


def _advantage(o: Opposed) -> Opposed:
    """Create an advantage: a use's own skill and opposition (an ambush from
    an enemy-free zone, a unit aimed at, a zone scouted), else opposed or
    against the ruleset's difficulty; always naming the aspect."""
    state, event = o.state, o.event
    use = event.use
    if use:
        wanted = use_skill(state, use)
        if wanted is None:
            raise RuleViolation(t("fate.rule.no_roll_needed"))
        if event.skill != wanted:
            raise RuleViolation(t("fate.rule.use_skill", skill=state.rules.skill(wanted).name(state.text)))
    if use == "ambush":
        if state.enemies_in(o.here or "", o.side):
            raise RuleViolation(t("fate.rule.ambush_enemy"))
        defence, difficulty = _opposition(state, event, state.rules.create_advantage.difficulty)
        found = replace(o, target=o.here or "", defence=defence, difficulty=difficulty)
    elif use in AIMED_AT_UNITS:
        # "If you choose an independent leader, they can't affect units."
        if state.unit(event.by) is None:
            raise RuleViolation(t("fate.rule.leader_no_units", leader=state.name(event.by)))
        _enemy(state, o.target, o.side)
        if use == "pinned_down" and _distance(state, event.by, o.target) > state.rules.attack.farthest_zones:
            raise RuleViolation(t("fate.rule.out_of_range", target=state.name(o.target), most=state.rules.attack.farthest_zones))
        defence, difficulty = _opposition(state, event, state.rules.create_advantage.difficulty)
        found = replace(o, defence=defence, difficulty=difficulty)
    elif use == "scouting":
        zone = state.board.zone(o.target).key
        if o.here is None or not state.board.adjacent(o.here, zone):
            raise RuleViolation(t("fate.rule.not_adjacent", zone=state.board.zone(zone).name))
        if state.units_in(zone):
            raise RuleViolation(t("fate.rule.scout_occupied", zone=state.board.zone(zone).name))
        ca = state.rules.create_advantage
        difficulty = ca.scouting_difficulty + ca.scouting_per_aspect * sum(1 for a in state.aspects_on(zone, hidden=None) if a.kind != "surrounded")
        found = replace(o, state=reveal(state, zone), difficulty=difficulty)
    else:
        defence, difficulty = _opposition(state, event, state.rules.create_advantage.difficulty)
        found = replace(o, defence=defence, difficulty=difficulty)
    if not event.aspect:
        raise RuleViolation(t("fate.rule.aspect_needed"))
    return found


def _leader_help(o: Opposed) -> Opposed:
    """A leader's own action for the unit it leads, with the leaders' skill:
    recover a consequence, or rally (a boost against its consequences)."""
    state, event = o.state, o.event
    unit = state.place(event.by).attached
    if state.leader(event.by) is None or unit is None:
        raise RuleViolation(t("fate.rule.attached_only"))
    if event.skill != state.rules.leaders.bonus_skill:
        raise RuleViolation(t("fate.rule.use_skill", skill=state.rules.skill(state.rules.leaders.bonus_skill).name(state.text)))
    consequences = state.consequences_of(unit)
    if event.action == "recover":
        found = [a for a in consequences if a.id == o.target]
        if not found:
            raise RuleViolation(t("fate.rule.no_consequence", unit=state.name(unit)))
        return replace(o, difficulty=state.rules.consequence(found[0].slot).recovery_difficulty)
    if not consequences:
        raise RuleViolation(t("fate.rule.rally_free"))
    if not event.aspect:
        raise RuleViolation(t("fate.rule.aspect_needed"))
    return replace(o, target=unit, difficulty=state.rules.leaders.boost_difficulty_per_consequence * len(consequences))


ACTIONS: dict[str, Callable[[Opposed], Opposed]] = {
    "enter": _enter,
    "dash": _dash,
    "break_pin": _break_pin,
    "attack": _attack,
    "leader_attack": _attack,
    "advantage": _advantage,
    "recover": _leader_help,
    "rally": _leader_help,
}
"""Each action that rolls → the rules that set up its opposition."""


def use_skill(state: FateState, use: str) -> str | None:
    for row in state.rules.create_advantage.uses:
        if row.key == use:
            return row.skill
    raise RuleViolation(t("fate.rule.no_use", use=use))


__all__ = ["ACTIONS", "AIMED_AT_UNITS", "Opposed", "attack_skill", "check_faces", "use_skill"]
