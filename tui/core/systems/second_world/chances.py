"""Exact chances shown before every roll: 4dF plus a skill against a
difficulty, or against a defender's 4dF plus theirs (the difference of two
rolls is the skills' difference plus 8dF), with the invokes on offer (+2
each, as many as the roller has aspects to invoke and fate points or free
invokes to pay with)."""

from __future__ import annotations

from fractions import Fraction

from tui.core.dice.odds import FudgeChances, at_least, fudge_chances_with_invokes, fudge_totals
from tui.core.systems.second_world.combat import modifier
from tui.core.systems.second_world.rolls import invokable
from tui.core.systems.second_world.state import PendingRoll, RollAction, RollSide, SWState

Chances = FudgeChances

def invokes_on_offer(state: SWState, key: str, pending: PendingRoll) -> int:
    """How many invokes ``key`` could add to ``pending``: aspects to invoke,
    each paid with a free invoke held on it or a fate point (its own, or
    the GM's pool for an NPC)."""
    side = state.character(key).side
    texts = invokable(state, key, pending)
    free = sum(1 for a in state.aspects if a.text in texts and a.free > 0 and a.holder == side)
    points = state.fighter(key).fate_points + (state.gm_pool if state.character(key).role == "npc" else 0)
    paid = points // state.rules.invokes.fate_point_cost
    return min(len(texts), free + paid)


def action_chances(state: SWState, key: str, action: RollAction, skill: str, *, target: str | None = None,
                   defence_skill: str | None = None, difficulty: int = 0, zone: str | None = None) -> tuple[Chances, ...]:
    """The chances of each outcome if ``key`` rolls ``skill`` now, with no
    invoke, one, two (as many as are on offer, at most two shown)."""
    mod = state.character(key).rating(skill) + modifier(state, key, skill, action)
    count = state.rules.dice.count
    style = state.rules.outcomes.success_with_style_shifts
    if target is not None and defence_skill is not None:
        defended = state.character(target).rating(defence_skill) + modifier(state, target, defence_skill, defending=True)
        mod, count, difficulty = mod - defended, count * 2, 0
    hypothetical = PendingRoll(action=action, actor=RollSide(key=key, skill=skill, base=0, faces=()), target=target, zone=zone)
    offer = invokes_on_offer(state, key, hypothetical)
    return fudge_chances_with_invokes(mod, difficulty, count, style, offer, state.rules.invokes.bonus)


def move_chances(state: SWState, key: str) -> dict[int, Fraction]:
    """The chance of at least each number of shifts on the move action (0 up
    to the most the dice can give)."""
    mod = state.character(key).rating(state.rules.move.skill) - state.rules.move.difficulty
    shifts: dict[int, Fraction] = {}
    for total, p in fudge_totals(mod, state.rules.dice.count).items():
        shifts[max(0, total)] = shifts.get(max(0, total), Fraction(0)) + p
    return at_least(shifts)


def shifts_worth_showing(state: SWState, least: int = 4) -> int:
    """How far the move action's odds go: at least ``least`` shifts, and as
    many as the dearest edge on the map takes with the zone it leads to
    (barbed wire X/4/X: 5; RULES-NOTES, settled after the first audit)."""
    per_zone = state.rules.move.shifts_per_zone
    # a closed edge is opened, then crossed: its open and traverse costs together
    costs = [(edge.open_cost or 0 if edge.closed else 0) + (edge.traverse or 0) for edge in state.board.edges]
    return max(least, max(costs, default=0) + per_zone)


__all__ = ["Chances", "action_chances", "invokes_on_offer", "move_chances", "shifts_worth_showing"]
