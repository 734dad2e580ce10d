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

from tui.core.errors import MassCombatError, NothingToUndo, RollRecordError, RuleViolation
from tui.core.frozen import replace
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
    def replay(cls, initial: S, events: Sequence[E], cursor: int, apply: Callable[[S, E], S], prepare: Callable[[S, int], S] | None = None) -> "History[S, E]":
        """Rebuild from a saved log; ``apply`` raises if an event does not fit.
        ``prepare`` readies the state for the event of that index (the rules
        it was played under)."""
        if not 0 <= cursor <= len(events):
            raise RollRecordError(t("error.record_cursor", cursor=cursor, count=len(events)))
        states = [initial]
        # Events past the cursor are checked too, so a redo can never fail later.
        # One the rules now refuse (a rule mended since the file was written)
        # ends the redo future there; the battle as it stands is untouched.
        state = initial
        for number, event in enumerate(events):
            try:
                state = apply(prepare(state, number) if prepare else state, event)
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


@dataclass(frozen=True)
class RuleFix:
    """A rule mended after battles were saved under the earlier reading.

    What was played stands: a save records, for each fix, the first step of
    its log played under it (``BattleFile.rule_fixes``); the steps before
    replay under the earlier reading (the system keeps it, switched by the
    fixes in effect in its state), and every new step follows today's rules.
    Opening a save written before a fix tells the GM which played steps the
    earlier reading decided (those it ``touches``, given the state before
    the step) and what changed (``message``, a catalog key)."""

    key: str
    message: str
    touches: Callable[[Any, Any], bool]


def decided_differently(apply: Callable[[Any, Any], Any], key: str) -> Callable[[Any, Any], bool]:
    """A ``RuleFix.touches`` for a fix that can refuse a step or change what
    it does: the step, applied under the earlier reading and under today's,
    is refused by one only or ends in different states."""

    def touches(state: Any, event: Any) -> bool:
        try:
            earlier = apply(replace(state, mended=state.mended - {key}), event)
        except MassCombatError:
            return False
        try:
            today = apply(replace(state, mended=state.mended | {key}), event)
        except MassCombatError:
            return True
        # what the story says is not what the step decided: lines a fix adds (who withdrew) don't count
        same = {"mended": frozenset(), **({"notes": today.notes} if hasattr(today, "notes") else {})}
        return bool(replace(earlier, **same) != replace(today, **same))

    return touches


class RulesetRef(Record):
    """Which ruleset a battle plays with: its id, the SHA-256 of its file,
    and the file itself when it is a house copy (empty: the bundled one)."""

    id: Annotated[str, Field(max_length=80)]
    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    file: Annotated[str, Field(max_length=4096)] = ""


class CampaignRef(Record):
    """The campaign a battle was mustered from: its file (beside the
    battle), its seed (which campaign it is, whatever the file is called
    now) and the battle's id in it."""

    file: Annotated[str, Field(pattern=r"^[^/\\]{1,120}\.toml$")]
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    battle: Annotated[str, Field(pattern=r"^b[0-9]{1,4}$")]
    forces: Annotated[tuple[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")], ...], Field(max_length=200)] = ()
    """The roster keys of the forces that came from it (each army, unit or
    character of the battle has the same key)."""


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
    table: tuple[Annotated[int, Field(ge=0, le=9)], ...] = ()
    """The sides whose players roll their own dice at the table: each of
    their rolls asks for the faces (an empty line: the app rolls)."""
    rule_fixes: dict[Annotated[str, Field(max_length=80)], Annotated[int, Field(ge=0)]] | None = None
    """Each rule fix (``RuleFix.key``) and the first step of the log played
    under it (0: all of them); none in saves written before its system had
    any. A fix the save doesn't name came after all its steps."""

    campaign: CampaignRef | None = None
    """The campaign the battle was mustered from (none: a battle of its own)."""

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
    rules_notice: str | None = None
    """Set on load when played steps were decided by a rule mended since the
    save was written: which steps, and what changed."""
    rule_fixes: ClassVar[tuple[RuleFix, ...]] = ()
    """The system's rules mended after battles were saved (oldest first)."""
    fixed_from: dict[str, int] | None = None
    """Each fix and the first step played under it, for a battle read from
    a file (``fixes_start``); None: a new battle, all of it under every fix."""
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
    def with_fixes(cls, state: S, fixes: frozenset[str]) -> S:
        """``state`` with only ``fixes`` in effect: a system with rule fixes
        keeps the set in its state's ``mended``, where its rules read it."""
        if getattr(state, "mended", fixes) == fixes:
            return state
        return replace(state, mended=fixes)

    @classmethod
    def fixes_start(cls, meta: Any) -> dict[str, int]:
        """Each fix and the first step of ``meta``'s log played under it: a
        fix the save doesn't name came after its whole log."""
        recorded = meta.rule_fixes or {}
        return {fix.key: recorded.get(fix.key, len(meta.log)) for fix in cls.rule_fixes}

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
        if not cls.rule_fixes:
            return History.replay(initial, meta.log, meta.cursor, cls.apply_event)
        start = cls.fixes_start(meta)
        history = History.replay(initial, meta.log, meta.cursor, cls.apply_event, lambda state, number: cls.with_fixes(state, cls.fixes_at(start, number)))
        # What the screens read (previews, what may be done now) is for new
        # steps: every state kept holds today's fixes; a saved step replayed
        # (a redo) is readied with its own when it is applied.
        today = cls.fixes_at(start, None)
        return replace(history, states=tuple(cls.with_fixes(state, today) for state in history.states))

    @classmethod
    def fixes_at(cls, start: dict[str, int], number: int | None) -> frozenset[str]:
        """The fixes a saved step of index ``number`` was played under (each
        from its ``start``), or today's, all of them, for a new step (None)."""
        return frozenset(fix.key for fix in cls.rule_fixes if number is None or start.get(fix.key, 0) <= number)

    def check_summary(self) -> None:
        """The saved ``[state]`` against the log replayed (each step under
        the rules it was played under); notes the steps an earlier reading
        decided, if the save is older than a fix."""
        if self.meta.state and self.meta.state != self.summary(self.history.state):
            raise RollRecordError(t("error.record_state"))
        self.fixed_from = type(self).fixes_start(self.meta)
        told = [t("error.rules_mended", count=len(steps), steps=", ".join(map(str, steps)), what=t(fix.message)) for fix, steps in self.earlier_readings()]
        self.rules_notice = "; ".join(told) or None

    def earlier_readings(self) -> list[tuple[RuleFix, list[int]]]:
        """Each fix the save was written before, with the played steps (from
        1) decided by the earlier reading; fixes that decided none left out."""
        known = set(self.meta.rule_fixes or ())
        found = []
        for fix in type(self).rule_fixes:
            if fix.key in known:
                continue
            steps = [n + 1 for n, event in enumerate(self.history.done) if fix.touches(self.history.states[n], event)]
            if steps:
                found.append((fix, steps))
        return found

    def _apply_at(self, number: int | None) -> Callable[[S, E], S]:
        """The rules for the saved step of index ``number`` (those it was
        played under), or for a new step (None: today's)."""
        cls = type(self)
        if not cls.rule_fixes:
            return cls.apply_event
        fixes, today = cls.fixes_at(self.fixed_from or {}, number), cls.fixes_at({}, None)
        return lambda state, event: cls.with_fixes(cls.apply_event(cls.with_fixes(state, fixes), event), today)

    def opening_notices(self) -> list[str]:
        """What opening the save found to tell the GM (the ruleset, mended rules)."""
        return [notice for notice in (self.ruleset_notice, self.rules_notice) if notice]

    def to_file(self) -> Any:
        # An example names no ruleset: its copies record the one they play with.
        ruleset = None if self.meta.template else self.meta.ruleset
        start = self.fixed_from or {}
        fixes = {fix.key: start.get(fix.key, 0) for fix in type(self).rule_fixes} or None
        return self.meta.model_copy(update={"log": self.history.events, "cursor": self.history.cursor, "state": self.summary(self.history.state), "ruleset": ruleset, "rule_fixes": fixes})

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
        after = self.history.do(event, self._apply_at(None))
        # the rules' own refusal first: it is the more specific one
        why = type(self).new_step_refusal(self.history.state, event)
        if why is not None:
            raise RuleViolation(why)
        if self.fixed_from:
            # a new step follows today's rules, and so does what comes after it
            self.fixed_from = {key: min(first, self.history.cursor) for key, first in self.fixed_from.items()}
        self.history = after
        return event

    def undo(self) -> None:
        self.history = self.history.undo()

    def redo(self) -> None:
        self.history = self.history.redo(self._apply_at(self.history.cursor))

    def step_refusal(self, event: E) -> str | None:
        """Why the rules refuse ``event`` now (None if they allow it)."""
        try:
            self._apply_at(None)(self.history.state, event)
        except ValueError as exc:  # the rules' refusals are MassCombatError, a ValueError
            return str(exc)
        return type(self).new_step_refusal(self.history.state, event)
