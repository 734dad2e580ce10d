"""The chances a roll has before its dice fall (RULES-NOTES, Fate, settled
after the second audit: the GM sees them too, not only the players' view).

Worked out by the rules themselves: the roll is put on the table with
every die blank (``contest.roll``), so the ratings, bonuses, difficulty
or defence are exactly those the real roll will get; then 4dF (or the
difference of two sets, against a defender) with the invokes on offer
(+2 each: aspects the roller may invoke, paid by free invokes or fate
points)."""

from __future__ import annotations

from typing import Any

from tui.core.dice.odds import FudgeChances, fudge_chances_with_invokes
from tui.core.errors import MassCombatError
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.contest import may_invoke, roll
from tui.core.systems.fate.state import Contest, FateState


def invokes_on_offer(state: FateState, contest: Contest) -> int:
    """How many +2s the roller could add: free invokes its side holds on
    aspects it may invoke (a boost is one), and fate points for the rest,
    one paid invoke per aspect."""
    side = state.players[contest.player].side
    usable = [a for a in state.aspects if may_invoke(state, contest, "action", a) is None]
    free = sum(1 if a.kind == "boost" else a.free[side] for a in usable)
    paid_aspects = [a for a in usable if a.kind != "boost"]
    fate_points = state.fate_points[contest.player] if contest.player < len(state.fate_points) else 0
    paid = min(len(paid_aspects), fate_points // state.rules.invokes.fate_point_cost)
    return free + paid


def roll_chances(state: FateState, action: str, by: str, skill: str, **fields: Any) -> tuple[FudgeChances, ...]:
    """The outcomes if ``by`` rolls ``skill`` for ``action`` now (the fields
    of the ``Roll`` to come), with no invoke and with those on offer; ()
    when the rules would refuse the roll."""
    blank = (0,) * state.rules.dice.count
    defended = fields.get("defender") is not None or action == "break_pin"
    try:
        probe = ev.Roll.model_validate({**fields, "counter": state.counter, "action": action, "by": by, "skill": skill, "faces": blank, "defence_faces": blank if defended else ()})
        rolled = roll(state, probe)
    except (MassCombatError, ValueError):
        return ()
    contest = rolled.contest
    assert contest is not None
    count = state.rules.dice.count
    if contest.defence is not None:
        modifier, difficulty, count = contest.active.total - contest.defence.total, 0, count * 2
    else:
        modifier, difficulty = contest.active.total, contest.difficulty
    offer = invokes_on_offer(rolled, contest)
    return fudge_chances_with_invokes(modifier, difficulty, count, state.rules.outcomes.success_with_style_shifts, offer, state.rules.invokes.bonus)


__all__ = ["invokes_on_offer", "roll_chances"]
