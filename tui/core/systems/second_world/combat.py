"""The four Fate actions in a Second World conflict, and what a hit does.

An attack reaches as the text says: Fight within the zone, Shoot as far as
the weapon's class (light firearms 1 zone, large firearms and bows 3), never
through a closed edge, never out of a Cluttered zone, and at most one zone
out of a Claustrophobic one; a free move this turn costs -1 on Shoot. A
mob rolls with teamwork; a full defence adds +2. Outcomes as in Fate Core:
a hit is absorbed with one stress box and consequences or takes the target
out; a tie gives the attacker a boost; a success with style may trade a
shift for one. A conflict ends when one side alone is left in it.
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.systems.second_world import events as ev, fixes
from tui.core.systems.second_world.forces import consequence_slots, slot_shifts, stress_boxes, teamwork
from tui.core.systems.second_world.rolls import check_counter, roll_side
from tui.core.systems.second_world.state import Hit, PendingRoll, SWState
from tui.core.systems.second_world.turns import check_end, in_turn_of


def reach(state: SWState, key: str, skill: str) -> int | None:
    """How many zones an attack with ``skill`` reaches from where ``key``
    stands now (0: the zone itself); None if it can't be made from there."""
    attack = state.rules.attack(skill)
    if attack is None:
        return None
    character = state.character(key)
    if not attack.weapon:
        return attack.range
    weapon = state.rules.weapon(character.weapon)
    if weapon.skill != skill:
        return None
    most = weapon.range
    here = state.zone_of(key)
    for situation in state.zone_info(here).situations if here is not None else ():
        rule = state.rules.situation(situation)
        if not rule.ranged:
            return None
        if rule.max_range is not None:
            most = min(most, rule.max_range)
    return most


def attack_refusal(state: SWState, key: str, target: str, skill: str) -> str | None:
    """Why ``key`` can't attack ``target`` with ``skill`` now, or None."""
    attacker, defender = state.character(key), state.character(target)
    attack = state.rules.attack(skill)
    if attack is None:
        return t("sw.rule.not_an_attack", skill=state.rules.skill(skill).name(language()) if skill in {s.key for s in state.rules.skills} else skill)
    if key == target or attacker.side == defender.side:
        return t("sw.rule.not_an_enemy", name=defender.name)
    if not state.in_play(target):
        return t("sw.rule.out_of_play", name=defender.name)
    if state.away(target):
        return t("sw.rule.withdrawn_target", name=defender.name, zones=state.rules.zones.withdrawn_at)
    if attack.weapon and state.rules.weapon(attacker.weapon).skill != skill:
        return t("sw.rule.no_weapon_for", name=attacker.name)
    here, there = state.zone_of(key), state.zone_of(target)
    assert here is not None and there is not None
    most = reach(state, key, skill)
    if most is None:
        return t("sw.rule.no_ranged_from", zone=state.board.zone(here).name)
    if most == 0 and here != there:
        return t("sw.rule.same_zone_only", name=defender.name)
    distance = state.board.sight_distance(here, there)
    if distance is None:
        return t("sw.rule.no_line_of_fire", name=defender.name)
    if distance > most:
        if attack.weapon and most < state.rules.weapon(attacker.weapon).range:
            return t("sw.rule.out_of_reach_here", name=defender.name, distance=distance, most=most, zone=state.board.zone(here).name)
        return t("sw.rule.out_of_reach", name=defender.name, distance=distance, most=most)
    return None


def modifier(state: SWState, key: str, skill: str, action: str | None = None, *, defending: bool = False) -> int:
    """What the rules add to ``key``'s roll for ``action``: a mob's
    teamwork, a full defence's +2, the free move's -1 on Shoot rolls to
    attack (on any Shoot roll but a defence, under the earlier reading)."""
    character, fighter = state.character(key), state.fighter(key)
    total = teamwork(character.members - fighter.members_out, state.rules) if character.is_group else 0
    if defending and fighter.full_defence:
        total += state.rules.outcome.full_defence_bonus
    if free_move_costs(state, skill, action) and not defending:
        total -= state.rules.free_move.shoot_penalty
    return total


def free_move_costs(state: SWState, skill: str, action: str | None) -> bool:
    """The free move taken this turn costs this roll its -1."""
    if not state.turn.free_move or skill != state.rules.free_move.shoot_skill:
        return False
    return action == "attack" or fixes.SHOOT_ATTACKS_ONLY not in state.mended


def shoot_not_to_attack(state: SWState, event: object) -> bool:
    """A Shoot roll after the free move that was no attack, which the
    earlier reading gave the free move's -1 (``fixes.SHOOT_ATTACKS_ONLY``)."""
    return isinstance(event, ev.ActionRoll) and event.action != "attack" and state.turn.free_move and event.skill == state.rules.free_move.shoot_skill


def action_roll(state: SWState, event: ev.ActionRoll) -> SWState:
    in_turn_of(state, event.key)
    name = state.character(event.key).name
    if state.turn.acted:
        raise RuleViolation(t("sw.rule.acted_already", name=name))
    if state.pending is not None or state.hit is not None:
        raise RuleViolation(t("sw.rule.roll_on_table"))
    check_counter(state, event.counter)
    if event.skill not in {s.key for s in state.rules.skills}:
        raise RuleViolation(t("sw.sheet.unknown_skill", skill=event.skill, name=name))
    actor = roll_side(state, event.key, event.skill, event.faces, modifier(state, event.key, event.skill, event.action))
    defence = None
    if event.action == "attack":
        if event.target is None:
            raise RuleViolation(t("sw.rule.attack_needs_target"))
        refusal = attack_refusal(state, event.key, event.target, event.skill)
        if refusal:
            raise RuleViolation(refusal)
        attack = state.rules.attack(event.skill)
        assert attack is not None
        if event.defence_skill not in attack.defend:
            skills = ", ".join(state.rules.skill(k).name(language()) for k in attack.defend)
            raise RuleViolation(t("sw.rule.defend_with", skills=skills))
    if event.target is not None:
        if event.defence_skill is None:
            raise RuleViolation(t("sw.rule.defence_skill_needed"))
        defence = roll_side(state, event.target, event.defence_skill, event.defence_faces, modifier(state, event.target, event.defence_skill, defending=True))
    elif event.defence_faces:
        raise RuleViolation(t("sw.rule.defence_without_target"))
    if event.action == "advantage":
        if not event.aspect:
            raise RuleViolation(t("sw.rule.advantage_needs_aspect"))
        if (event.zone is None) == (event.target is None):
            raise RuleViolation(t("sw.rule.advantage_on_one"))
        if event.zone is not None:
            state.board.zone(event.zone)
    pending = PendingRoll(action=event.action, actor=actor, defence=defence, difficulty=event.difficulty, target=event.target, zone=event.zone, aspect=event.aspect)
    rolled = replace(state, pending=pending, counter=state.counter + 1)
    return rolled.with_note("sw.note.action_rolled", name=name, action=event.action, total=actor.total, against=pending.opposition)


def resolve(state: SWState, event: ev.Resolve) -> SWState:
    pending = state.pending
    if pending is None or pending.action == "move":
        raise RuleViolation(t("sw.rule.no_action_roll"))
    shifts = pending.shifts
    actor, side = pending.actor.key, state.character(pending.actor.key).side
    style = state.rules.outcomes.success_with_style_shifts
    done = replace(state, pending=None, turn=replace(state.turn, acted=True))
    done = done.with_fighter(actor, replace(done.fighter(actor), casting=0))
    outcome = "fail" if shifts < 0 else "tie" if shifts == 0 else "style" if shifts >= style else "success"
    done = done.with_note("sw.note.outcome", name=state.character(actor).name, action=pending.action, outcome=outcome, shifts=shifts)
    if event.style_boost and (pending.action != "attack" or outcome != "style" or not state.rules.outcome.style_boost):
        raise RuleViolation(t("sw.rule.no_style_boost"))
    if event.style_boost and not event.boost:
        raise RuleViolation(t("sw.rule.boost_needs_name"))
    if event.choice or event.cost:
        chosen = _chosen_outcome(done, pending, event, outcome, side)
        if event.choice != "opposition_boost" and outcome == "fail" and -shifts >= style and pending.defence is not None and state.rules.outcome.defence_style_boost and event.boost:
            # the defender's boost for defending with style comes as well
            chosen = _boost(chosen, event.boost, actor, state.character(pending.defence.key).side)
        return chosen
    if pending.action == "overcome" and outcome == "style" and event.boost:
        return _boost(done, event.boost, pending.target or pending.zone or actor, side)
    if outcome == "tie" and (pending.action == "advantage" or (pending.action == "attack" and state.rules.outcome.tie_boost)):
        return _boost(done, event.boost, pending.target or pending.zone or actor, side)
    if outcome == "fail" and -shifts >= style and pending.defence is not None and state.rules.outcome.defence_style_boost:
        return _boost(done, event.boost, actor, state.character(pending.defence.key).side)
    if event.boost and not event.style_boost:
        raise RuleViolation(t("sw.rule.no_boost_here"))  # an overcome with style took its boost above
    if pending.action == "advantage" and shifts > 0:
        free = state.rules.create_advantage.free_invokes_with_style if outcome == "style" else state.rules.create_advantage.free_invokes
        on = pending.target or pending.zone
        assert on is not None
        return done.with_aspect(pending.aspect, on, "advantage", free=free, holder=side).with_note("sw.note.advantage", aspect=pending.aspect, free=free)
    if pending.action == "attack" and shifts > 0:
        assert pending.target is not None
        attack = state.rules.attack(pending.actor.skill)
        assert attack is not None
        if event.style_boost:
            done = _boost(done, event.boost, pending.target, side)
            shifts -= 1
        return _hit(done, Hit(target=pending.target, by=actor, shifts=shifts, track=attack.track))
    return done


def outcome_choices(action: str, outcome: str) -> tuple[str, ...]:
    """Fate Core's choices for an overcome or a created advantage with this
    outcome (RULES-NOTES, Second World, settled after the first audit); the
    first is what an unchosen outcome does. None to make: ()."""
    if action == "overcome" and outcome == "fail":
        return ("fail", "cost")
    if action == "overcome" and outcome == "tie":
        return ("cost", "opposition_boost")
    if action == "advantage" and outcome == "fail":
        return ("no_aspect", "aspect_to_opposition")
    return ()


def opposition(state: SWState, pending: PendingRoll, side: int) -> int:
    """The side against the roll: the defender's, else the first other side."""
    if pending.defence is not None:
        return state.character(pending.defence.key).side
    return next(number for number in range(len(state.sides)) if number != side)


def _chosen_outcome(done: SWState, pending: PendingRoll, event: ev.Resolve, outcome: str, side: int) -> SWState:
    if event.choice not in outcome_choices(pending.action, outcome) or (event.cost and event.choice != "cost"):
        raise RuleViolation(t("sw.rule.no_such_choice", action=t(f"sw.action.{pending.action}"), outcome=t(f"sw.outcome.{outcome}")))
    actor = pending.actor.key
    them = opposition(done, pending, side)
    if event.choice == "cost":
        key = "sw.note.serious_cost" if outcome == "fail" else "sw.note.minor_cost"
        return done.with_note(key, cost=event.cost or "—")
    if event.choice == "opposition_boost":
        return _boost(done, event.boost, actor, them)
    if event.choice == "aspect_to_opposition":
        on = pending.target or pending.zone
        assert on is not None
        free = done.rules.create_advantage.free_invokes
        return done.with_aspect(pending.aspect, on, "advantage", free=free, holder=them).with_note("sw.note.advantage_to", aspect=pending.aspect, side=done.sides[them])
    return done.with_note("sw.note.no_aspect" if event.choice == "no_aspect" else "sw.note.failed")


def _boost(state: SWState, text: str, on: str, side: int) -> SWState:
    if not text:
        raise RuleViolation(t("sw.rule.boost_needs_name"))
    return state.with_aspect(text, on, "boost", free=1, holder=side).with_note("sw.note.boost", aspect=text)


def _hit(state: SWState, hit: Hit) -> SWState:
    """A nameless group takes a hit at once, member by member (a mob's
    overflow goes on to the next); anyone else decides how to absorb it."""
    target = state.character(hit.target)
    if not target.is_group:
        return replace(state, hit=hit).with_note("sw.note.hit", name=target.name, shifts=hit.shifts)
    boxes = stress_boxes(target, hit.track, state.rules)
    fighter = state.fighter(hit.target)
    checked = set(fighter.checked(hit.track))
    shifts, out = hit.shifts, 0
    while shifts > 0 and fighter.members_out + out < target.members:
        free = [n for n in range(1, boxes + 1) if n not in checked and n >= shifts]
        if shifts <= boxes and free:
            checked.add(free[0])
            shifts = 0
        else:
            # taken out by a hit its boxes left can't absorb (before the fix: a fresh member's worth)
            left = max((n for n in range(1, boxes + 1) if n not in checked), default=0) if fixes.MOB_OVERFLOW in state.mended else boxes
            shifts -= min(shifts, left + 1)
            out, checked = out + 1, set()
    left = target.members - fighter.members_out - out
    changed = replace(fighter, members_out=fighter.members_out + out, out=left == 0, stress=((hit.track, tuple(sorted(checked))),))
    hurt = state.with_fighter(hit.target, changed).with_note("sw.note.mob_hit", name=target.name, out=out, left=left)
    return check_end(hurt, before=state)


def absorb(state: SWState, event: ev.Absorb) -> SWState:
    hit = state.hit
    if hit is None:
        raise RuleViolation(t("sw.rule.no_hit"))
    target = state.character(hit.target)
    fighter = state.fighter(hit.target)
    slots = consequence_slots(target, hit.track, state.rules)
    taken = dict(fighter.consequences)
    left = hit.shifts
    for consequence in event.consequences:
        if consequence.slot not in slots:
            raise RuleViolation(t("sw.rule.no_slot", slot=consequence.slot, name=target.name))
        if consequence.slot in taken:
            raise RuleViolation(t("sw.rule.slot_taken", slot=consequence.slot, name=target.name))
        taken[consequence.slot] = consequence.aspect
        left -= slot_shifts(consequence.slot, state.rules)
    stress = dict(fighter.stress)
    if event.box is not None:
        checked = stress.get(hit.track, ())
        if event.box > stress_boxes(target, hit.track, state.rules) or event.box in checked:
            raise RuleViolation(t("sw.rule.no_box", box=event.box, name=target.name))
        if event.box < left:
            raise RuleViolation(t("sw.rule.box_too_small", box=event.box, shifts=left))
        stress[hit.track] = tuple(sorted((*checked, event.box)))
        left = 0
    if left > 0:
        raise RuleViolation(t("sw.rule.not_absorbed", shifts=left))
    changed = replace(fighter, stress=tuple(stress.items()), consequences=tuple(taken.items()))
    absorbed = replace(state.with_fighter(hit.target, changed), hit=None)
    for consequence in event.consequences:
        absorbed = absorbed.with_aspect(consequence.aspect, hit.target, "consequence", free=1, holder=state.character(hit.by).side)
    return absorbed.with_note("sw.note.absorbed", name=target.name, box=event.box or 0, consequences=len(event.consequences))


def take_out(state: SWState) -> SWState:
    hit = state.hit
    if hit is None:
        raise RuleViolation(t("sw.rule.no_hit"))
    target = state.character(hit.target)
    out = replace(state.with_fighter(hit.target, replace(state.fighter(hit.target), out=True)), hit=None)
    return check_end(out.with_note("sw.note.taken_out", name=target.name, by=state.character(hit.by).name), before=state)


def full_defence(state: SWState, event: ev.FullDefence) -> SWState:
    in_turn_of(state, event.key)
    name = state.character(event.key).name
    if state.turn.acted:
        raise RuleViolation(t("sw.rule.acted_already", name=name))
    defending = state.with_fighter(event.key, replace(state.fighter(event.key), full_defence=True, casting=0))
    return replace(defending, turn=replace(state.turn, acted=True)).with_note("sw.note.full_defence", name=name)


def concede(state: SWState, event: ev.Concede) -> SWState:
    """Out of the conflict on their own terms, before a roll: a fate point,
    and one more for each consequence taken in it."""
    if state.stage != "conflict":
        raise RuleViolation(t("sw.rule.not_in_conflict"))
    if state.pending is not None or state.hit is not None:
        raise RuleViolation(t("sw.rule.concede_before_roll"))
    character = state.character(event.key)
    if not state.in_play(event.key):
        raise RuleViolation(t("sw.rule.out_of_play", name=character.name))
    fighter = state.fighter(event.key)
    gained = state.rules.concession.fate_points + state.rules.concession.per_consequence * len(fighter.consequences)
    conceded = state.with_fighter(event.key, replace(fighter, conceded=True, fate_points=fighter.fate_points + gained))
    if state.turn.actor == event.key:
        conceded = replace(conceded, turn=replace(state.turn, actor=None), acted=(*state.acted, event.key))
    return check_end(conceded.with_note("sw.note.conceded", name=character.name, fate_points=gained), before=state)


__all__ = ["absorb", "action_roll", "attack_refusal", "concede", "full_defence", "modifier", "opposition", "outcome_choices", "reach", "resolve", "take_out"]
