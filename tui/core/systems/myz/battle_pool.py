"""The Battle Pool exchange: both leaders roll, then push or settle in turn.

"When both sides have rolled, each leader can, in initiative order, settle
or push their Battle roll [...] Keep this up until neither leader can nor
wants to push. The winning faction is the one who rolled the most ☢."

Settling is not final (RULES-NOTES): a push by one side gives the other,
if it settled, the choice again; the exchange ends when both leaders in a
row decline (or can't push).

``apply(state, event)`` is the whole rule: a pure function that returns the
new state or raises a ``MassCombatError`` saying why the event is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tui.core.frozen import replace
from tui.core.dice.year_zero import KINDS, DieKind, Pool, YearZeroRoll, YearZeroRules, parse_pool, roll_from_faces
from tui.core.i18n import t
from tui.core.errors import PushNotAllowed, RollRecordError, RuleViolation
from tui.core.dice.faces import FaceReplay
from tui.core.systems.myz import models as m


@dataclass(frozen=True)
class PoolSide:
    """One leader's side of the table: a name, a pool and the roll on it."""

    name: str
    pool: Pool
    roll: YearZeroRoll | None = None
    settled: bool = False
    """Declined since the other side last pushed; a side that cannot push
    counts as settled too."""


@dataclass(frozen=True)
class RollResult:
    """A finished exchange, kept for the results list and the log."""

    names: tuple[str, str]
    pools: tuple[Pool, Pool]
    successes: tuple[int, int]
    banes: tuple[int, int]
    gear_banes: tuple[int, int]
    pushes: tuple[int, int]

    @property
    def winner(self) -> int | None:
        a, b = self.successes
        return None if a == b else (0 if a > b else 1)

    @property
    def margin(self) -> int:
        return abs(self.successes[0] - self.successes[1])


@dataclass(frozen=True)
class BattlePoolState:
    sides: tuple[PoolSide, PoolSide]
    first: int = 0
    counter: int = 0
    """Rolls and pushes made so far: the next one's random stream."""
    last_actor: int | None = None
    results: tuple[RollResult, ...] = ()
    rules: YearZeroRules = field(default_factory=YearZeroRules, compare=False)

    @property
    def rolled(self) -> bool:
        return self.sides[0].roll is not None

    def is_settled(self, side: int) -> bool:
        s = self.sides[side]
        return s.roll is not None and (s.settled or not s.roll.can_push)

    @property
    def finished(self) -> bool:
        return self.rolled and self.is_settled(0) and self.is_settled(1)

    @property
    def in_progress(self) -> bool:
        return self.rolled and not self.finished

    @property
    def turn(self) -> int | None:
        """The side that pushes or settles next, in initiative order."""
        if not self.in_progress:
            return None
        if self.last_actor is None:
            order = (self.first, 1 - self.first)
        else:
            order = (1 - self.last_actor, self.last_actor)
        return next(i for i in order if not self.is_settled(i))

    def result(self) -> RollResult | None:
        if not self.finished:
            return None
        rolls = [s.roll for s in self.sides]
        assert rolls[0] is not None and rolls[1] is not None
        return RollResult(
            names=(self.sides[0].name, self.sides[1].name),
            pools=(rolls[0].pool, rolls[1].pool),
            successes=(rolls[0].successes, rolls[1].successes),
            banes=(rolls[0].banes, rolls[1].banes),
            gear_banes=(rolls[0].gear_banes, rolls[1].gear_banes),
            pushes=(rolls[0].pushes, rolls[1].pushes),
        )

    def leader(self) -> int | None:
        """The side with more ☢ on the table right now (None on a tie)."""
        if not self.rolled:
            return None
        first, second = (s.roll for s in self.sides)
        assert first is not None and second is not None  # both sides roll at once
        a, b = first.successes, second.successes
        return None if a == b else (0 if a > b else 1)

    def refusal(self, event: "m.Event") -> str | None:
        """Why ``event`` does not fit now, or None (for greying out keys)."""
        try:
            apply(self, event, check_only=True)
        except (RuleViolation, PushNotAllowed, RollRecordError) as exc:
            return str(exc)
        return None


def initial_state(setup: m.Setup, rules: YearZeroRules) -> BattlePoolState:
    a, b = (PoolSide(s.name, parse_pool(s.pool, rules.max_pool_dice)) for s in setup.sides)
    return BattlePoolState(sides=(a, b), first=setup.first, rules=rules)


def _with_side(state: BattlePoolState, index: int, side: PoolSide) -> tuple[PoolSide, PoolSide]:
    sides = list(state.sides)
    sides[index] = side
    return (sides[0], sides[1])


def apply(state: BattlePoolState, event: "m.Event", check_only: bool = False) -> BattlePoolState:
    """The rules of the exchange, as a pure function of state and event."""
    match event:
        case m.Rename(side=i, name=name):
            return replace(state, sides=_with_side(state, i, replace(state.sides[i], name=name)))
        case m.SetPool(side=i, pool=text):
            if state.in_progress:
                raise RuleViolation(t("error.pools_locked"))
            pool = parse_pool(text, state.rules.max_pool_dice)
            return replace(state, sides=_with_side(state, i, replace(state.sides[i], pool=pool)))
        case m.SetFirst(first=first):
            if state.in_progress:
                raise RuleViolation(t("error.first_locked"))
            return replace(state, first=first)
        case m.Roll(counter=counter, sides=rolled):
            if state.in_progress:
                raise RuleViolation(t("error.roll_in_progress"))
            if all(s.pool.total == 0 for s in state.sides):
                raise RuleViolation(t("error.pools_empty"))
            if counter != state.counter:
                raise RollRecordError(t("error.record_counter", counter=counter, expected=state.counter))
            if check_only:
                return state
            base = _archive(state)
            a, b = (
                replace(side, roll=_first_roll(side.pool, faces, state.rules), settled=False)
                for side, faces in zip(base.sides, rolled)
            )
            return replace(base, sides=(a, b), counter=counter + 1, last_actor=None)
        case m.Push(counter=counter, side=i, spent=spent, faces=faces):
            _check_turn(state, i, "verb.push")
            roll = state.sides[i].roll
            assert roll is not None
            refusal = roll.push_refusal()
            if refusal:
                raise PushNotAllowed(refusal)
            if counter != state.counter:
                raise RollRecordError(t("error.record_counter", counter=counter, expected=state.counter))
            if check_only:
                return state
            stream = FaceReplay(faces)
            pushed = roll.push(stream, spent)
            stream.check_all_used()
            sides = _with_side(state, i, replace(state.sides[i], roll=pushed))
            # the other leader, having settled, may answer this push
            sides = _with_side(replace(state, sides=sides), 1 - i, replace(sides[1 - i], settled=False))
            return replace(state, sides=sides, counter=counter + 1, last_actor=i)
        case m.Settle(side=i):
            _check_turn(state, i, "verb.settle")
            sides = _with_side(state, i, replace(state.sides[i], settled=True))
            return replace(state, sides=sides, last_actor=i)
        case m.NewRoll():
            if not state.finished:
                raise RuleViolation(t("error.clear_unsettled") if state.rolled else t("error.no_roll"))
            return _archive(state)
    raise RuleViolation(f"unknown event {event!r}")


def _check_turn(state: BattlePoolState, side: int, verb: str) -> None:
    """``verb`` is a message key, put into words only for a refusal (a
    replay checks every push and settle of the log)."""
    if not state.rolled:
        raise RuleViolation(t("error.nothing_to", verb=t(verb)))
    if state.finished:
        raise RuleViolation(t("error.roll_over"))
    turn = state.turn
    assert turn is not None  # rolled and not finished: a side is to act
    if turn != side:
        raise RuleViolation(t("error.not_your_turn", name=state.sides[turn].name))


def _archive(state: BattlePoolState) -> BattlePoolState:
    result = state.result()
    if result is None:
        return state
    a, b = (replace(s, roll=None, settled=False) for s in state.sides)
    return replace(state, sides=(a, b), results=state.results + (result,), last_actor=None)


def _first_roll(pool: Pool, faces: m.RolledSide, rules: YearZeroRules) -> YearZeroRoll:
    by_kind = {DieKind.BASE: faces.base, DieKind.SKILL: faces.skill, DieKind.GEAR: faces.gear}
    for kind in KINDS:
        if len(by_kind[kind]) != pool.count(kind):
            raise RollRecordError(t("error.record_count", count=len(by_kind[kind]), kind=t(f"die.{kind.value}"), pool=pool))
    dice = [(kind, (face,)) for kind in KINDS for face in by_kind[kind]]
    return roll_from_faces(pool, dice, 0, rules)


def summary(state: BattlePoolState) -> dict[str, Any]:
    """What the save file shows as ``[state]``: readable, and checked on load."""
    sides = []
    for side in state.sides:
        entry: dict[str, Any] = {"name": side.name, "pool": side.pool.notation()}
        if side.roll is not None:
            entry |= {
                "successes": side.roll.successes,
                "banes": side.roll.banes,
                "gear_banes": side.roll.gear_banes,
                "pushes": side.roll.pushes,
                "settled": state.is_settled(state.sides.index(side)),
            }
        sides.append(entry)
    return {"rolls_made": state.counter, "results": len(state.results), "sides": sides}
