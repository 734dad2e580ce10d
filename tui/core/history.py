"""The battle log with undo and redo.

A log is the initial state plus a list of events and a cursor. States are
computed by folding events with a pure ``apply`` function and cached, so
undo and redo are O(1) and a new event after an undo drops the redo future.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, Final, Generic, Literal, Sequence, TypeVar

from pydantic import Field, field_validator

from tui.core.errors import NothingToUndo, RollRecordError, RuleViolation
from tui.core.i18n import t
from tui.core.records import Record, check_name

S = TypeVar("S")
E = TypeVar("E")


@dataclass(frozen=True)
class History(Generic[S, E]):
    """An immutable log: every method returns a new History."""

    events: tuple[E, ...]
    cursor: int
    states: tuple[S, ...]
    """``states[i]`` is the state after ``events[:i]``; only up to the cursor."""
    dropped: int = 0
    """Undone steps of a saved log left out on load because today's rules
    refuse them (``dropped_why`` says why): they can no longer be redone."""
    dropped_why: str = ""

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
        # One the rules now refuse (a rule mended since the file was written)
        # ends the redo future there; the battle as it stands is untouched.
        state = initial
        for number, event in enumerate(events):
            try:
                state = apply(state, event)
            except ValueError as exc:
                if number >= cursor:
                    return cls(tuple(events[:number]), cursor, tuple(states), len(events) - number, str(exc))
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


SCHEMA_VERSION: Final = 2
"""The save file's layout, the same for every system; ``storage.MIGRATIONS`` brings older files up to it."""


def rng_for(seed: int, counter: int) -> random.Random:
    """The random stream for a battle's ``counter``-th roll: the same actions
    replay the same dice, so an undo cannot fish for better ones."""
    return random.Random(f"masscombat:{seed}:{counter}")


class QuickRoll(Record):
    """A quick roll in the battle's log (``quick_roll``): the expression and
    every face, so the log replays it exactly. It changes nothing in the
    battle, and any system's log may hold one."""

    kind: Literal["quick_roll"] = "quick_roll"
    expression: Annotated[str, Field(min_length=1, max_length=60)]
    faces: tuple[Annotated[int, Field(ge=-1, le=100)], ...]


class RulesetRef(Record):
    """Which ruleset a battle plays with: its id, the SHA-256 of its file,
    and the file itself when it is a house copy (empty: the bundled one)."""

    id: Annotated[str, Field(max_length=80)]
    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    file: Annotated[str, Field(max_length=4096)] = ""


class BattleFile(Record):
    """The save file every system writes: this header, the system's own
    ``setup`` and ``log`` (a subclass narrows their types and ``system``),
    where undo stands, and a readable ``[state]`` checked on load."""

    schema_version: Literal[2] = SCHEMA_VERSION
    system: str
    title: str = "Battle"
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    template: bool = False
    """Examples are templates: opening one works on a copy in the saves folder."""
    setup: Any
    log: tuple[Any, ...] = ()
    cursor: Annotated[int, Field(ge=0)] = 0
    """How many events of the log are in effect; the rest can be redone."""
    state: dict[str, Any] = Field(default_factory=dict)
    """A summary of the state for people and scripts; checked against the log on load."""
    ruleset: RulesetRef | None = None
    """The ruleset the battle was last played with (none in older saves)."""

    _check_title = field_validator("title")(check_name)


def new_seed() -> int:
    return random.SystemRandom().randrange(2**63)


class LoggedBattle(Generic[S, E]):
    """What every battle handle shares: the saved file's header, the log,
    undo/redo over it, the dice stream, and reading and writing the file.

    A system's handle sets ``_apply`` (its rules) and says how a battle
    starts (``initial_state``) and what ``[state]`` shows (``summary``).
    """

    meta: Any
    history: History[S, E]
    ruleset_notice: str | None = None
    """Set on load when the battle now plays with another ruleset than the
    one its save was last played with (the session says so)."""
    _apply: ClassVar[Callable[..., Any]]  # apply(state, event), set as a staticmethod; "..." because mypy would bind a (state, event) ClassVar like a method

    # -- the system's part -----------------------------------------------------

    @classmethod
    def initial_state(cls, meta: Any, ruleset: Any = None) -> S:
        """The state before the first event of ``meta``'s log."""
        raise NotImplementedError

    @classmethod
    def summary(cls, state: S) -> dict[str, Any]:
        """What the save shows as ``[state]``: readable, and checked on load."""
        raise NotImplementedError

    @classmethod
    def from_file(cls, meta: Any, ruleset: Any = None) -> Any:
        """The battle ``meta`` holds, its log replayed under ``ruleset``
        (None: the shipped one); a ``MassCombatError`` names the event
        that does not fit."""
        raise NotImplementedError

    @classmethod
    def apply_event(cls, state: S, event: E) -> S:
        """The system's rules for ``event``; a quick roll, which every system's
        log may hold, changes nothing in the battle (it is kept for the log)."""
        if isinstance(event, QuickRoll):
            return state
        result: S = cls._apply(state, event)
        return result

    # -- the file ------------------------------------------------------------------

    @classmethod
    def replayed(cls, meta: Any, initial: S) -> History[S, E]:
        """The saved log replayed from ``initial``; raises a ``MassCombatError``
        naming the event that does not fit."""
        if meta.log and not meta.state:
            # every save writes [state]; a log without it is a file cut short
            raise RollRecordError(t("error.record_no_state"))
        return History.replay(initial, meta.log, meta.cursor, cls.apply_event)

    def check_summary(self) -> None:
        if self.meta.state and self.meta.state != self.summary(self.history.state):
            raise RollRecordError(t("error.record_state"))

    def to_file(self) -> Any:
        # An example names no ruleset: its copies record the one they play with.
        ruleset = None if self.meta.template else self.meta.ruleset
        return self.meta.model_copy(update={"log": self.history.events, "cursor": self.history.cursor, "state": self.summary(self.history.state), "ruleset": ruleset})

    @property
    def system(self) -> str:
        return str(self.meta.system)

    @property
    def ruleset(self) -> Any:
        """The ruleset this battle plays with: it travels with the battle
        (each system's state keeps it as ``rules``)."""
        return getattr(self.history.state, "rules", None)

    @property
    def seed(self) -> int:
        return int(self.meta.seed)

    @property
    def game(self) -> S:
        """The whole battle as it stands."""
        return self.history.state

    def rng(self, counter: int) -> random.Random:
        return rng_for(self.seed, counter)

    # -- the log -------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    @property
    def ruleset_open(self) -> bool:
        """The ruleset may still change: nothing has been rolled under it
        (each system says when its muster ends)."""
        return False

    @classmethod
    def new_step_refusal(cls, state: S, event: E) -> str | None:
        """Why a ruling settled after some battles were saved refuses ``event``
        as a new step. Checked when a step is taken, never when a saved log
        replays: a battle played under the earlier reading still opens."""
        return None

    def record(self, event: E) -> E:
        """Apply one event; raises (and changes nothing) if the rules refuse it."""
        after = self.history.do(event, type(self).apply_event)
        # the rules' own refusal first: it is the more specific one
        why = type(self).new_step_refusal(self.history.state, event)
        if why is not None:
            raise RuleViolation(why)
        self.history = after
        return event

    def undo(self) -> None:
        self.history = self.history.undo()

    def redo(self) -> None:
        self.history = self.history.redo(type(self).apply_event)

    def step_refusal(self, event: E) -> str | None:
        """Why the rules refuse ``event`` now (None if they allow it)."""
        try:
            type(self).apply_event(self.history.state, event)
        except ValueError as exc:  # the rules' refusals are MassCombatError, a ValueError
            return str(exc)
        return type(self).new_step_refusal(self.history.state, event)
