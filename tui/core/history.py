"""The battle log with undo and redo.

A log is the initial state plus a list of events and a cursor. States are
computed by folding events with a pure ``apply`` function and cached, so
undo and redo are O(1) and a new event after an undo drops the redo future.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from tui.core.errors import NothingToUndo, RollRecordError
from tui.core.i18n import t

S = TypeVar("S")
E = TypeVar("E")


@dataclass(frozen=True)
class History(Generic[S, E]):
    """An immutable log: every method returns a new History."""

    events: tuple[E, ...]
    cursor: int
    states: tuple[S, ...]
    """``states[i]`` is the state after ``events[:i]``; only up to the cursor."""

    @classmethod
    def start(cls, initial: S) -> "History[S, E]":
        return cls((), 0, (initial,))

    @classmethod
    def replay(cls, initial: S, events: Sequence[E], cursor: int, apply: Callable[[S, E], S]) -> "History[S, E]":
        """Rebuild from a saved log; ``apply`` raises if an event does not fit."""
        if not 0 <= cursor <= len(events):
            raise RollRecordError(t("error.record_cursor", cursor=cursor, count=len(events)))
        states = [initial]
        # Events past the cursor are checked too, so a redo can never fail later.
        state = initial
        for number, event in enumerate(events):
            try:
                state = apply(state, event)
            except ValueError as exc:
                raise type(exc)(t("error.event_at", number=number + 1, message=exc)) from None
            if number < cursor:
                states.append(state)
        return cls(tuple(events), cursor, tuple(states))

    @property
    def state(self) -> S:
        return self.states[self.cursor]

    @property
    def done(self) -> tuple[E, ...]:
        return self.events[: self.cursor]

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.events)

    def do(self, event: E, apply: Callable[[S, E], S]) -> "History[S, E]":
        """Apply an event; raises (and changes nothing) if the rules refuse it."""
        new_state = apply(self.state, event)
        return History(self.done + (event,), self.cursor + 1, self.states + (new_state,))

    def undo(self) -> "History[S, E]":
        if not self.can_undo:
            raise NothingToUndo(t("error.nothing_to_undo"))
        return History(self.events, self.cursor - 1, self.states[:-1])

    def redo(self, apply: Callable[[S, E], S]) -> "History[S, E]":
        if not self.can_redo:
            raise NothingToUndo(t("error.nothing_to_redo"))
        event = self.events[self.cursor]
        return History(self.events, self.cursor + 1, self.states + (apply(self.state, event),))


class LoggedBattle:
    """What every battle handle shares: the saved file's metadata, the log,
    and undo/redo over it. A system's handle sets ``_apply`` (its rules)."""

    meta: Any
    history: History
    _apply: Callable

    @property
    def seed(self) -> int:
        return self.meta.seed

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def record(self, event):
        """Apply one event; raises (and changes nothing) if the rules refuse it."""
        self.history = self.history.do(event, type(self)._apply)
        return event

    def undo(self) -> None:
        self.history = self.history.undo()

    def redo(self) -> None:
        self.history = self.history.redo(type(self)._apply)

    def step_refusal(self, event) -> str | None:
        """Why the rules refuse ``event`` now (None if they allow it)."""
        try:
            type(self)._apply(self.history.state, event)
        except ValueError as exc:  # the rules' refusals are MassCombatError, a ValueError
            return str(exc)
        return None
