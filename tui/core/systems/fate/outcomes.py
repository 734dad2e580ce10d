"""What a roll does once both sides are done invoking, and the actions that
need no roll (Surrounded, a leader's boost, keeping a pin).

Hits: the defender chooses which free consequences soak the shifts; the
app proposes the cheapest (``cheapest_absorb``). Shifts left over take the
unit (or leader) out. Each consequence is an aspect with one free invoke
for the side that dealt it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.dice.fudge import FateOutcome
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.contest import outcome
from tui.core.systems.fate.state import Aspect, Contest, FateState, Place
from tui.core.systems.fate.turns import acting, check_end, end_activation, move_to, obstacle, use_action


def cheapest_absorb(state: FateState, key: str, shifts: int) -> tuple[str, ...] | None:
    """The free consequence slots that soak ``shifts`` with the least to spare
    (fewest slots on a tie); None: the hit takes the card out."""
    slots = state.free_slots(key)
    best: tuple[int, int, tuple[str, ...]] | None = None
    for size in range(1, len(slots) + 1):
        for combo in combinations(slots, size):
            total = sum(state.rules.consequence(s).shifts for s in combo)
            if total >= shifts and (best is None or (total, size) < best[:2]):
                best = (total, size, combo)
    return best[2] if best else None


def _add_aspect(state: FateState, **fields: Any) -> tuple[FateState, Aspect]:
    aspect = Aspect(id=f"a{state.next_aspect}", **fields)
    return replace(state, aspects=state.aspects + (aspect,), next_aspect=state.next_aspect + 1), aspect


def _boost(state: FateState, on: str, text: str, side: int, by: str) -> FateState:
    """A boost on ``on``, for the unit or leader ``by`` who earned it alone
    (RULES-NOTES: boosts belong to whoever earned them)."""
    if not text:
        return state
    new, _ = _add_aspect(state, text=text, on=on, kind="boost", holder=side, by=by)
    return new.with_note("fate.note.boost", aspect=text, actor=state.name(on))


def take_out(state: FateState, key: str, by_player: int) -> FateState:
    """A unit's card turns over (its leader stays on the field, alone); a
    leader is defeated, to the credit of the player who did it."""
    places = dict(state.places)
    place = state.place(key)
    if state.unit(key) is not None:
        places[key] = replace(place, out=True)
        leader = state.leader_of(key)
        if leader is not None:
            places[leader] = Place(zone=place.zone)
        note = "fate.note.unit_out"
    else:
        zone = state.zone_of(key)
        places[key] = Place(zone=zone, out=True, by=by_player)
        note = "fate.note.leader_out"
    aspects = tuple(a for a in state.aspects if a.on != key and not (a.kind == "pinned_down" and a.by == key))
    return replace(state, places=places, aspects=aspects).with_note(note, actor=state.name(key), player=state.players[by_player].name)


def _hit(state: FateState, event: ev.Resolve, target: str, shifts: int, by_player: int) -> FateState:
    if event.taken_out:
        return take_out(state, target, by_player)
    free = list(state.free_slots(target))
    for slot in event.absorb:
        if slot not in free:
            raise RuleViolation(t("fate.rule.slot_taken", actor=state.name(target), slot=t(f"fate.slot.{slot}") if slot in ("mild", "moderate", "severe") else slot))
        free.remove(slot)
    soaked = sum(state.rules.consequence(s).shifts for s in event.absorb)
    if not event.absorb or soaked < shifts:
        raise RuleViolation(t("fate.rule.not_soaked", actor=state.name(target), shifts=shifts, soaked=soaked))
    if len(event.names) != len(event.absorb):
        raise RuleViolation(t("fate.rule.name_each"))
    side = state.players[by_player].side
    owner = state.owner(target)
    taken = list(state.consequences_taken or (0,) * len(state.players))
    taken[owner] += len(event.absorb)
    state = replace(state, consequences_taken=tuple(taken))
    for slot, name in zip(event.absorb, event.names):
        free_invokes = (1, 0) if side == 0 else (0, 1)
        state, _ = _add_aspect(state, text=name, on=target, kind="consequence", slot=slot, free=free_invokes)
        state = state.with_note("fate.note.consequence", actor=state.name(target), aspect=name, slot=slot)
    return state


def resolve(state: FateState, event: ev.Resolve) -> FateState:
    contest = state.contest
    if contest is None:
        raise RuleViolation(t("fate.rule.no_roll"))
    result = outcome(state, contest)
    success = result in (FateOutcome.SUCCESS, FateOutcome.STYLE)
    style = result is FateOutcome.STYLE
    side = state.players[contest.player].side
    defence = contest.defence
    new = replace(state, contest=None).with_note(
        "fate.note.outcome",
        actor=state.name(contest.active.who),
        total=contest.active.total,
        opposition=contest.opposition,
        outcome=result.value,
        shifts=contest.shifts,
        # who opposed, for the story: a roll, or a difficulty when empty
        opposed_by=state.name(defence.who) if defence is not None else "",
        opposed_skill=defence.skill if defence is not None else "",
    )
    action = contest.action
    _check_choices(state, contest, event, result)
    at_cost = event.at_cost and result is FateOutcome.FAIL
    if at_cost:
        new = new.with_note("fate.note.at_cost", actor=state.name(contest.by))
    if action in ("attack", "leader_attack"):
        if contest.shifts >= 1:
            shifts = contest.shifts
            if event.boost:  # with style the attacker may take a boost for one shift
                shifts -= 1
                new = _boost(new, contest.by, contest.aspect, side, contest.by)
            new = _hit(new, event, contest.target, shifts, contest.player)
        elif event.absorb or event.taken_out:
            raise RuleViolation(t("fate.rule.no_hit"))
        elif result is FateOutcome.TIE:
            new = _boost(new, contest.by, contest.aspect, side, contest.by)
    elif action in ("enter", "break_pin"):
        if success or result is FateOutcome.TIE or at_cost:
            if action == "break_pin":
                new = replace(new, aspects=tuple(a for a in new.aspects if a.id != contest.target))
            new = move_to(new, contest.by, contest.path[0]).with_note("fate.note.moved", actor=state.name(contest.by), zone=state.board.zone(contest.path[0]).name)
            if style:
                new = _boost(new, contest.by, contest.aspect, side, contest.by)
    elif action == "dash":
        if success or result is FateOutcome.TIE or at_cost:
            far = 2 if style and event.distance == 2 and len(contest.path) > 1 else 1
            for zone in contest.path[:far]:
                why = obstacle(new, zone, side)
                if why:
                    raise RuleViolation(why)
                new = move_to(new, contest.by, zone)
            new = new.with_note("fate.note.moved", actor=state.name(contest.by), zone=state.board.zone(contest.path[far - 1]).name)
            if style and far == 1:
                new = _boost(new, contest.by, contest.aspect, side, contest.by)
    elif action == "advantage":
        if success or at_cost:
            ca = state.rules.create_advantage
            free_count = ca.free_invokes_with_style if style else ca.free_invokes
            # at a cost the aspect is made, but the other side holds its free invoke
            holder = 1 - side if at_cost else side
            free = (free_count, 0) if holder == 0 else (0, free_count)
            kind = "pinned_down" if contest.use == "pinned_down" else "advantage"
            new, aspect = _add_aspect(new, text=contest.aspect, on=contest.target, kind=kind, free=free, by=contest.by)
            if kind == "pinned_down" and new.activation is not None:
                new = replace(new, activation=replace(new.activation, kept=new.activation.kept + (aspect.id,)))
            new = new.with_note("fate.note.advantage", aspect=contest.aspect, actor=state.name(contest.target), count=free_count)
        elif result is FateOutcome.TIE:
            new = _boost(new, contest.target if contest.use not in ("intimidate", "pinned_down") else contest.by, contest.aspect, side, contest.by)
    elif action == "recover":
        if success or result is FateOutcome.TIE:
            gone = new.aspect(contest.target)
            new = replace(new, aspects=tuple(a for a in new.aspects if a.id != contest.target))
            new = new.with_note("fate.note.recovered", aspect=gone.text if gone else "", actor=state.name(state.place(contest.by).attached or ""))
    elif action == "rally":
        if success or result is FateOutcome.TIE:
            new = _boost(new, contest.target, contest.aspect, side, contest.target)
    if event.defence_boost:  # a defence with style earns the defender a boost (Fate Core)
        defender = contest.defence
        assert defender is not None  # _check_choices
        new = _boost(new, defender.who, contest.aspect, state.players[defender.player].side, defender.who)
    new = check_end(new)
    if new.stage == "battle" and new.activation is not None and new.activation.over:
        return end_activation(new)
    return new


def defended_with_style(state: FateState, contest: Contest) -> bool:
    """An opposed roll the defender won by success-with-style shifts or more."""
    return contest.defence is not None and -contest.shifts >= state.rules.outcomes.success_with_style_shifts


def _check_choices(state: FateState, contest: Contest, event: ev.Resolve, result: FateOutcome) -> None:
    """The outcome's options: a boost for a shift only on an attack with
    style; success at a cost only on a failed overcome or advantage; the
    defender's boost only on a defence with style."""
    if event.boost and (contest.action not in ("attack", "leader_attack") or result is not FateOutcome.STYLE):
        raise RuleViolation(t("fate.rule.boost_needs_style"))
    if event.at_cost and (contest.action not in AT_COST or result is not FateOutcome.FAIL):
        raise RuleViolation(t("fate.rule.at_cost_on_fail"))
    if event.defence_boost and not defended_with_style(state, contest):
        raise RuleViolation(t("fate.rule.defence_boost_needs_style"))


AT_COST = ("enter", "dash", "break_pin", "advantage")
"""Actions a failure may still carry off at a serious cost (Fate Core)."""


def no_roll(state: FateState, event: ev.Advantage) -> FateState:
    act = acting(state)
    if state.contest is not None:
        raise RuleViolation(t("fate.rule.roll_open"))
    side = state.side_of(event.by)
    if event.action == "surround":
        new_act = use_action(state, "advantage", event.by)
        if state.unit(event.by) is None:  # an independent leader can't affect units
            raise RuleViolation(t("fate.rule.leader_no_units", leader=state.name(event.by)))
        zone = state.zone_of(event.by) or ""
        if not state.enemies_in(zone, side):  # nobody to surround: no free +1 to shots from here
            raise RuleViolation(t("fate.rule.none_to_surround", zone=state.board.zone(zone).name))
        if len(state.allies_in(zone, side)) <= len(state.enemies_in(zone, side)):
            raise RuleViolation(t("fate.rule.not_outnumbering", zone=state.board.zone(zone).name))
        use = next(u for u in state.rules.create_advantage.uses if u.key == "surrounded")
        text = event.aspect or (use.aspect(state.text) if use.aspect else "Surrounded")
        new, _ = _add_aspect(replace(state, activation=new_act), text=text, on=zone, kind="surrounded", holder=side, by=event.by)
        return new.with_note("fate.note.surrounded", zone=state.board.zone(zone).name, aspect=text)
    if event.action == "rally":
        unit = state.place(event.by).attached
        if unit is None or state.leader(event.by) is None:
            raise RuleViolation(t("fate.rule.attached_only"))
        if state.consequences_of(unit):
            raise RuleViolation(t("fate.rule.rally_roll"))
        if not event.aspect:
            raise RuleViolation(t("fate.rule.aspect_needed"))
        new_act = use_action(state, "rally", event.by)
        return _boost(replace(state, activation=new_act), unit, event.aspect, side, unit)
    # maintain: spend an action to keep an enemy Pinned Down
    pin = state.aspect(event.target)
    if pin is None or pin.kind != "pinned_down" or pin.by != act.actor:
        raise RuleViolation(t("fate.rule.not_your_pin"))
    if pin.id in act.kept:
        raise RuleViolation(t("fate.rule.pin_kept"))
    new_act = use_action(state, "advantage", event.by)
    new_act = replace(new_act, kept=new_act.kept + (pin.id,))
    return replace(state, activation=new_act).with_note("fate.note.pin_kept", actor=state.name(event.by), target=state.name(pin.on))
