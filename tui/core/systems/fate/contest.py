"""Actions that roll: overcome, attack, create an advantage, and a leader's
own actions. A roll goes on the table (``Contest``), both sides may invoke
aspects (+2 or a reroll), and ``resolve`` applies the outcome.

Which skill, which opposition and which bonuses an action gets is decided
from the board and the ruleset (``opposition``), so the GM cannot roll the
wrong thing by accident; the GM still chooses difficulties the text leaves
open.
"""

from __future__ import annotations

from typing import Iterable

from tui.core.frozen import replace
from tui.core.dice.fudge import FateOutcome, fudge_outcome
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.state import Aspect, Contest, FateState, RollSide
from tui.core.systems.fate.opposition import ACTIONS, Opposed, check_faces
from tui.core.systems.fate.turns import acting, spend_fate_points, use_action


def outcome(state: FateState, contest: Contest) -> FateOutcome:
    return fudge_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)


def roll(state: FateState, event: ev.Roll) -> FateState:
    """Put an action's roll on the table (``Contest``), its opposition set
    up by the rules of its kind (``_ACTIONS``)."""
    acting(state)  # refuses a roll when nobody is acting
    if state.contest is not None:
        raise RuleViolation(t("fate.rule.roll_open"))
    check_faces(state, event.faces)
    if event.skill in state.rules.attack.advantage_only_skills and event.action in ("attack", "leader_attack"):
        raise RuleViolation(t("fate.rule.advantage_only", skill=state.rules.skill(event.skill).name(state.text)))
    new_act = use_action(state, event.action, event.by)
    # A skill the ruleset lacks would roll at Mediocre unnoticed (a typo in a saved log).
    for key in (event.skill, event.defence_skill):
        if key is not None and key not in {s.key for s in state.rules.skills}:
            raise RuleViolation(t("fate.forces.no_skill", unit=state.name(event.by), skill=key))
    side = state.side_of(event.by)
    setup = ACTIONS[event.action](Opposed(state, event, side, state.zone_of(event.by), event.target, tuple(event.path)))
    state = setup.state
    rating, leader_bonus = state.rating(event.by, event.skill)
    active = RollSide(who=event.by, player=state.owner(event.by), skill=event.skill, rating=rating, faces=event.faces, bonuses=leader_bonus + setup.bonuses)
    contest = Contest(action=event.action, by=event.by, player=state.owner(event.by), target=setup.target, use=event.use, aspect=event.aspect, path=setup.path, active=active, defence=setup.defence, difficulty=setup.difficulty)
    if event.action in ("attack", "leader_attack") and state.rules.actions.attack_ends_turn:
        new_act = replace(new_act, over=True)
    new = replace(state, contest=contest, activation=new_act, counter=max(state.counter, event.counter) + 1)
    # what the total is made of: the skill, the dice, what was added (a bare "1" said nothing)
    added = sum(b for _, b in active.bonuses)
    new = new.with_note(
        "fate.note.rolled_added" if added else "fate.note.rolled", actor=state.name(event.by), action=event.action, total=active.total,
        skill=event.skill, rating=active.rating, dice=sum(active.faces), added=added,
    )
    if event.table:
        typed = [event.by] if "faces" in event.table else []
        typed += [setup.defence.who] if "defence_faces" in event.table and setup.defence is not None else []
        new = new.with_note("fate.note.at_table", names=", ".join(state.name(k) for k in typed))
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
        check_faces(state, event.faces)
        changed = replace(roll_side, faces=event.faces, invoked=roll_side.invoked + (aspect.id,))
    else:
        changed = replace(roll_side, bonuses=roll_side.bonuses + ((f"invoke:{aspect.id}", state.rules.invokes.bonus),), invoked=roll_side.invoked + (aspect.id,))
    contest = replace(contest, active=changed) if event.roll == "action" else replace(contest, defence=changed)
    if aspect.kind == "boost":
        contest = replace(contest, spent=contest.spent + ((aspect.id, aspect.text),))
    new = replace(state, contest=contest, aspects=aspects, counter=max(state.counter, event.counter) + 1)
    how = ("reroll" if event.reroll else "bonus") + ("_free" if event.free else "_paid")
    return new.with_note("fate.note.invoked", actor=state.name(roll_side.who), aspect=aspect.text, how=how)
