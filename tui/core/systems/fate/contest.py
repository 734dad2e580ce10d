"""Actions that roll: overcome, attack, create an advantage, and a leader's
own actions. A roll goes on the table (``Contest``), both sides may invoke
aspects (+2 or a reroll), and ``resolve`` applies the outcome.

Which skill, which opposition and which bonuses an action gets is decided
here from the board and the ruleset, so the GM cannot roll the wrong thing
by accident; the GM still chooses difficulties the text leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from tui.core.frozen import replace
from tui.core.dice.fudge import FateOutcome, fate_outcome
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.state import Aspect, Contest, FateState, RollSide
from tui.core.systems.fate.turns import acting, obstacle, pinned, reveal, spend_fate_points, use_action


def _faces(state: FateState, faces: tuple[int, ...]) -> None:
    if len(faces) != state.rules.dice.count:
        raise RuleViolation(t("fate.rule.dice_count", count=state.rules.dice.count))


def outcome(state: FateState, contest: Contest) -> FateOutcome:
    return fate_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)


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
    _faces(state, event.defence_faces)
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
class _Opposed:
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


def _moving(o: _Opposed) -> None:
    """A move follows touching zones, made by a unit or a leader."""
    state, event = o.state, o.event
    if state.unit(event.by) is None and state.leader(event.by) is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.by))
    previous = o.here
    for zone in o.path:
        if previous is None or not state.board.adjacent(previous, state.board.zone(zone).key):
            raise RuleViolation(t("fate.rule.not_adjacent", zone=state.board.zone(zone).name))
        previous = zone


def _enter(o: _Opposed) -> _Opposed:
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


def _dash(o: _Opposed) -> _Opposed:
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


def _break_pin(o: _Opposed) -> _Opposed:
    """Leave a zone while Pinned Down: opposed by the pinning unit's Shoot."""
    _moving(o)
    state, event = o.state, o.event
    pins = [a for a in state.aspects_on(event.by) if a.kind == "pinned_down"]
    if not pins:
        raise RuleViolation(t("fate.rule.not_pinned", actor=state.name(event.by)))
    if len(o.path) != 1:
        raise RuleViolation(t("fate.rule.one_zone"))
    event = event.model_copy(update={"defender": pins[0].by, "defence_skill": _use_skill(state, "pinned_down")})
    return replace(o, target=pins[0].id, defence=_defence(state, event, _zone_in_the_way(state, o.path[0], o.side)))


def _attack(o: _Opposed) -> _Opposed:
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


def _advantage(o: _Opposed) -> _Opposed:
    """Create an advantage: a use's own skill and opposition (an ambush from
    an enemy-free zone, a unit aimed at, a zone scouted), else opposed or
    against the ruleset's difficulty; always naming the aspect."""
    state, event = o.state, o.event
    use = event.use
    if use:
        wanted = _use_skill(state, use)
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


def _leader_help(o: _Opposed) -> _Opposed:
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


_ACTIONS: dict[str, Callable[[_Opposed], _Opposed]] = {
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


def roll(state: FateState, event: ev.Roll) -> FateState:
    """Put an action's roll on the table (``Contest``), its opposition set
    up by the rules of its kind (``_ACTIONS``)."""
    acting(state)  # refuses a roll when nobody is acting
    if state.contest is not None:
        raise RuleViolation(t("fate.rule.roll_open"))
    _faces(state, event.faces)
    if event.skill in state.rules.attack.advantage_only_skills and event.action in ("attack", "leader_attack"):
        raise RuleViolation(t("fate.rule.advantage_only", skill=state.rules.skill(event.skill).name(state.text)))
    new_act = use_action(state, event.action, event.by)
    # A skill the ruleset lacks would roll at Mediocre unnoticed (a typo in a saved log).
    for key in (event.skill, event.defence_skill):
        if key is not None and key not in {s.key for s in state.rules.skills}:
            raise RuleViolation(t("fate.forces.no_skill", unit=state.name(event.by), skill=key))
    side = state.side_of(event.by)
    setup = _ACTIONS[event.action](_Opposed(state, event, side, state.zone_of(event.by), event.target, tuple(event.path)))
    state = setup.state
    rating, leader_bonus = state.rating(event.by, event.skill)
    active = RollSide(who=event.by, player=state.owner(event.by), skill=event.skill, rating=rating, faces=event.faces, bonuses=leader_bonus + setup.bonuses)
    contest = Contest(action=event.action, by=event.by, player=state.owner(event.by), target=setup.target, use=event.use, aspect=event.aspect, path=setup.path, active=active, defence=setup.defence, difficulty=setup.difficulty)
    if event.action in ("attack", "leader_attack") and state.rules.actions.attack_ends_turn:
        new_act = replace(new_act, over=True)
    new = replace(state, contest=contest, activation=new_act, counter=max(state.counter, event.counter) + 1)
    new = new.with_note("fate.note.rolled", actor=state.name(event.by), action=event.action, total=active.total, skill=event.skill)
    if event.action == "enter" and setup.defence is None and state.enemies_in(setup.path[0], side):
        new = new.with_note("fate.note.terrain_instead", zone=state.board.zone(setup.path[0]).name, difficulty=setup.difficulty)
    return new


# -- what a player is offered: the skills the rules pick -------------------------


def unlisted_skill(state: FateState, by: str, skill: str) -> str | None:
    """Why ``by`` can't roll ``skill``: it is not on its card and the ruleset
    lets units act only with their own skills (None: it may). A card with
    no skills entered rolls anything: the GM left them out."""
    if not state.rules.actions.listed_skills_only:
        return None
    card = state.unit(by) or state.leader(by)
    if card is None or not card.skills or skill in card.skills:
        return None
    return t("fate.rule.unlisted_skill", actor=card.name, skill=state.rules.skill(skill).name(state.text))


ANY_SKILL_ACTIONS = ("recover", "rally")
"""A leader's own Will actions: the text names the skill for every leader."""

AIMED_AT_UNITS = ("intimidate", "pinned_down")
"""Create-an-advantage uses aimed at an enemy unit, which resists."""
AIMED_AT_ZONES = ("scouting", "")
"""Uses aimed at a zone: scouting the next one, or something else the GM allows."""
WITH_DIFFICULTY = ("ambush", "")
"""Uses whose passive opposition the GM sets (the text names none)."""


def best_skill(state: FateState, key: str, skills: Iterable[str]) -> str:
    """``key``'s best skill among ``skills`` (what its player would choose)."""
    return max(skills, key=lambda s: state.total(key, s))


def defence_options(state: FateState, attack_with: str) -> list[str]:
    """The skills a defender may meet an attack with: the variant's one
    skill against Shoot if the battle uses it, else the defence skills,
    Fight among them against Fight (Fate Core). The defender chooses
    (RULES-NOTES); ``defence_skill`` is the best, the one proposed."""
    variant = state.rules.attack.shoot_defence_skill
    if variant and attack_with == state.rules.attack.adjacent_skill:
        return [variant]
    skills = list(state.rules.overcome.defend_skills)
    if attack_with == state.rules.attack.same_zone_skill:
        skills.append(attack_with)
    return skills


def defence_skill(state: FateState, defender: str, attack_with: str) -> str:
    return best_skill(state, defender, defence_options(state, attack_with))


def resist_options(state: FateState, use: str) -> list[str]:
    """The skills an enemy unit may resist an advantage with (Will against
    Intimidating, a defence skill against Pinned Down)."""
    row = next((u for u in state.rules.create_advantage.uses if u.key == use), None)
    if row is not None and row.resist_skill is not None:
        return [row.resist_skill]
    return list(state.rules.overcome.defend_skills)


def resist_skill(state: FateState, use: str, target: str) -> str:
    return best_skill(state, target, resist_options(state, use))


def _use_skill(state: FateState, use: str) -> str | None:
    for row in state.rules.create_advantage.uses:
        if row.key == use:
            return row.skill
    raise RuleViolation(t("fate.rule.no_use", use=use))


# -- invokes --------------------------------------------------------------------


def may_invoke(state: FateState, contest: Contest, which: str, aspect: Aspect) -> str | None:
    """Why this roll cannot invoke this aspect (None: it can)."""
    roll_side = contest.active if which == "action" else contest.defence
    if roll_side is None:
        return t("fate.rule.no_defence_roll")
    if aspect.hidden:
        return t("fate.rule.aspect_hidden")
    side = state.players[roll_side.player].side
    # Free invokes stack on one roll (Fate Core); a paid invoke, once per aspect.
    if aspect.id in roll_side.paid and aspect.free[side] < 1:
        return t("fate.rule.invoked_once", aspect=aspect.text)
    if aspect.kind == "boost" and aspect.holder != side:
        return t("fate.rule.not_your_boost", aspect=aspect.text)
    if aspect.kind == "boost" and aspect.by and aspect.by != roll_side.who:
        return t("fate.rule.boost_belongs", aspect=aspect.text, owner=state.name(aspect.by))
    leader = state.leader(aspect.on) if aspect.kind == "card" else None
    if leader is not None:
        other = contest.defence if which == "action" else contest.active
        friends = (aspect.on, state.place(aspect.on).attached)
        if roll_side.who not in friends and (other is None or other.who not in friends):
            return t("fate.rule.leader_aspect", leader=leader.name)
    return None


def invoke(state: FateState, event: ev.Invoke) -> FateState:
    contest = state.contest
    if contest is None:
        raise RuleViolation(t("fate.rule.no_roll"))
    aspect = state.aspect(event.aspect)
    if aspect is None:
        raise RuleViolation(t("fate.rule.no_aspect", aspect=event.aspect))
    why = may_invoke(state, contest, event.roll, aspect)
    if why:
        raise RuleViolation(why)
    roll_side = contest.active if event.roll == "action" else contest.defence
    assert roll_side is not None
    side = state.players[roll_side.player].side
    aspects = state.aspects
    if aspect.kind == "boost":
        if not event.free:
            raise RuleViolation(t("fate.rule.boost_free"))
        aspects = tuple(a for a in aspects if a.id != aspect.id)
    elif event.free:
        if aspect.free[side] < 1:
            raise RuleViolation(t("fate.rule.no_free_invoke", aspect=aspect.text))
        first, second = (n - 1 if i == side else n for i, n in enumerate(aspect.free))
        aspects = tuple(replace(a, free=(first, second)) if a.id == aspect.id else a for a in aspects)
    else:
        if aspect.id in roll_side.paid:
            raise RuleViolation(t("fate.rule.invoked_once", aspect=aspect.text))
        state = spend_fate_points(state, roll_side.player, state.rules.invokes.fate_point_cost)
        roll_side = replace(roll_side, paid=roll_side.paid + (aspect.id,))
    if event.reroll:
        _faces(state, event.faces)
        changed = replace(roll_side, faces=event.faces, invoked=roll_side.invoked + (aspect.id,))
    else:
        changed = replace(roll_side, bonuses=roll_side.bonuses + ((f"invoke:{aspect.id}", state.rules.invokes.bonus),), invoked=roll_side.invoked + (aspect.id,))
    contest = replace(contest, active=changed) if event.roll == "action" else replace(contest, defence=changed)
    if aspect.kind == "boost":
        contest = replace(contest, spent=contest.spent + ((aspect.id, aspect.text),))
    new = replace(state, contest=contest, aspects=aspects, counter=max(state.counter, event.counter) + 1)
    how = ("reroll" if event.reroll else "bonus") + ("_free" if event.free else "_paid")
    return new.with_note("fate.note.invoked", actor=state.name(roll_side.who), aspect=aspect.text, how=how)
