"""Moving across the zone map and through its edges.

The free move: one zone, through a passage with nothing left to pay, or
instead one of an edge's costs worn down by 1; either costs -1 on Shoot
attacks this turn, and a Heavy Ranged weapon's bearer takes neither. The
move action: Athletics against 0, its shifts spent in order on a plan of
steps (open an edge, cross it and enter the next zone, close one behind),
at most three zones. Shifts that run out part-way leave what they paid as
wear on the edge; an edge opened stays open for everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.core.maps.zones import Board
from tui.core.maps.edges import Edge
from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.rolls import check_counter, roll_side
from tui.core.systems.second_world.state import PendingRoll, SWState
from tui.core.systems.second_world.turns import in_turn_of


def _free_move_allowed(state: SWState, key: str) -> None:
    in_turn_of(state, key)
    character = state.character(key)
    if state.turn.free_move:
        raise RuleViolation(t("sw.rule.free_move_used", name=character.name))
    if state.rules.weapon(character.weapon).heavy:
        raise RuleViolation(t("sw.rule.heavy_no_free_move", name=character.name))


def free_move(state: SWState, event: ev.FreeMove) -> SWState:
    _free_move_allowed(state, event.key)
    here = state.fighter(event.key).zone
    assert here is not None  # every fighter stands somewhere once the conflict starts
    board = state.board
    target = board.zone(event.to)
    if not board.adjacent(here, event.to):
        raise RuleViolation(t("sw.rule.free_move_adjacent", zone=target.name))
    edge = board.edge(here, event.to)
    if edge is not None and edge.crossing_cost() != 0:
        raise RuleViolation(_blocked(edge, target.name))
    if edge is not None and edge.closed:
        # Nothing left to pay to open it (a cost of 0): opened on the way.
        state = replace(state, board=board.with_edge(edge.opened()))
    moved = state.with_fighter(event.key, replace(state.fighter(event.key), zone=event.to))
    name = state.character(event.key).name
    done = replace(moved, turn=replace(state.turn, free_move=True)).with_note("sw.note.free_move", name=name, zone=target.name)
    return told_withdrawals(state, done)


def told_withdrawals(before: SWState, after: SWState) -> SWState:
    """The story says who a move took out of the fight (5 zones or more from
    every opponent) and who it brought back into it."""
    for character in after.characters:
        was, now = before.away(character.key), after.away(character.key)
        if now != was:
            after = after.with_note("sw.note.withdrew" if now else "sw.note.back", name=character.name, zones=after.rules.zones.withdrawn_at)
    return after


def _blocked(edge: Edge, zone: str) -> str:
    if edge.impassable:
        return t("sw.rule.edge_impassable", zone=zone)
    if edge.closed:
        return t("sw.rule.edge_closed", zone=zone)
    return t("sw.rule.edge_costs", zone=zone, costs=edge.left_text)


def erode(state: SWState, event: ev.Erode) -> SWState:
    _free_move_allowed(state, event.key)
    here = state.fighter(event.key).zone
    if here not in (event.a, event.b):
        raise RuleViolation(t("sw.rule.erode_here", name=state.character(event.key).name))
    edge = state.board.edge(event.a, event.b)
    if edge is None:
        raise RuleViolation(t("edge.none", a=state.board.zone(event.a).name, b=state.board.zone(event.b).name))
    worn = edge.worn(event.cost, state.rules.free_move.erode)
    eroded = replace(state, board=state.board.with_edge(worn), turn=replace(state.turn, free_move=True))
    names = {"a": state.board.zone(edge.a).name, "b": state.board.zone(edge.b).name}
    # worn all the way: said as done, not as work going on ("1/0/1 left" when it opens)
    done = event.cost == "open" and not worn.closed
    key = "sw.note.eroded_open_done" if done else f"sw.note.eroded_{event.cost}"
    return eroded.with_note(key, name=state.character(event.key).name, costs=worn.left_text, **names)


# -- the move action ------------------------------------------------------------------


def move_roll(state: SWState, event: ev.MoveRoll) -> SWState:
    in_turn_of(state, event.key)
    character = state.character(event.key)
    if state.turn.acted:
        raise RuleViolation(t("sw.rule.acted_already", name=character.name))
    if state.pending is not None or state.hit is not None:
        raise RuleViolation(t("sw.rule.roll_on_table"))
    check_counter(state, event.counter)
    actor = roll_side(state, event.key, state.rules.move.skill, event.faces)
    pending = PendingRoll(action="move", actor=actor, difficulty=state.rules.move.difficulty)
    rolled = replace(state, pending=pending, counter=state.counter + 1)
    return rolled.with_note("sw.note.move_rolled", name=character.name, total=actor.total, shifts=shifts_of(rolled))


def shifts_of(state: SWState) -> int:
    """Shifts of the move action on the table (its total against the difficulty)."""
    assert state.pending is not None
    return max(0, state.pending.shifts)


@dataclass(frozen=True)
class Walk:
    """Where a planned move action ends: the zone, the shifts left over,
    the zones crossed, and the board with what it opened, closed and wore."""

    here: str
    shifts: int
    zones: int
    board: Board


def walk(state: SWState, steps: tuple[ev.MoveStep, ...]) -> Walk:
    """Spend the rolled move action's shifts on ``steps`` in order (a plan
    shown as it is built, and the move itself); ``RuleViolation`` for a
    step that can't be taken."""
    pending = state.pending
    if pending is None or pending.action != "move":
        raise RuleViolation(t("sw.rule.no_move_roll"))
    shifts = shifts_of(state)
    here = state.fighter(pending.actor.key).zone
    assert here is not None
    board = state.board
    zones = 0
    for number, step in enumerate(steps, start=1):
        if shifts == 0:
            raise RuleViolation(t("sw.rule.no_shifts_left", step=number))
        target = board.zone(step.to)
        if not board.adjacent(here, step.to):
            raise RuleViolation(t("sw.rule.step_not_adjacent", step=number, zone=target.name))
        edge = board.edge(here, step.to)
        if step.do == "cross":
            if zones == state.rules.move.max_zones:
                raise RuleViolation(t("sw.rule.max_zones", most=state.rules.move.max_zones))
            shifts, edge, through = _cross(edge, shifts, state.rules.move.shifts_per_zone, target.name)
            if through:
                here, zones = step.to, zones + 1
        elif edge is None:
            raise RuleViolation(t("edge.none", a=board.zone(here).name, b=target.name))
        else:
            shifts, edge = _change_state(edge, step.do, shifts)
        if edge is not None:
            board = board.with_edge(edge)
    return Walk(here, shifts, zones, board)


def move_resolve(state: SWState, event: ev.MoveResolve) -> SWState:
    done_walk = walk(state, event.steps)
    assert state.pending is not None
    key = state.pending.actor.key
    name = state.character(key).name
    moved = state.with_fighter(key, replace(state.fighter(key), zone=done_walk.here, casting=0))
    done = replace(moved, board=done_walk.board, pending=None, turn=replace(state.turn, acted=True))
    return told_withdrawals(state, done.with_note("sw.note.moved", name=name, zone=done_walk.board.zone(done_walk.here).name, zones=done_walk.zones))


def _cross(edge: Edge | None, shifts: int, per_zone: int, zone: str) -> tuple[int, Edge | None, bool]:
    """Open the edge if closed, pay its traverse, enter the zone; what is
    left, the edge as it is now, and whether the character got through."""
    if edge is not None:
        if edge.impassable:
            raise RuleViolation(t("sw.rule.edge_impassable", zone=zone))
        if edge.closed:
            shifts, edge = _change_state(edge, "open", shifts)
            if edge.closed:
                return shifts, edge, False
        left = edge.traverse_left or 0
        if shifts < left + per_zone:
            # Short of getting through: the traverse takes what there is.
            paid = min(shifts, left)
            return shifts - paid, edge.worn("traverse", paid) if paid else edge, False
        shifts -= left
    if shifts < per_zone:
        return shifts, edge, False
    return shifts - per_zone, edge, True


def _change_state(edge: Edge, do: str, shifts: int) -> tuple[int, Edge]:
    """Pay to open or close ``edge``: done if the shifts cover what is left,
    else they wear it down by what they can."""
    if do == "open":
        if not edge.closed:
            raise RuleViolation(t("edge.already_open"))
        left = edge.open_left
        if left is None:
            raise RuleViolation(t("edge.cannot_open"))
        return (shifts - left, edge.opened()) if shifts >= left else (0, edge.worn("open", shifts))
    if edge.closed:
        raise RuleViolation(t("edge.already_closed"))
    left = edge.close_left
    if left is None:
        raise RuleViolation(t("edge.cannot_close"))
    return (shifts - left, edge.shut()) if shifts >= left else (0, edge.worn("close", shifts))


__all__ = ["Walk", "erode", "free_move", "move_resolve", "move_roll", "shifts_of", "walk"]
