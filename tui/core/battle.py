"""A battle in play: the saved file's metadata plus its log, with the
actions a GM takes. Each action becomes one event; randomness comes from a
stream seeded by the battle's seed and its roll counter, so the same
actions replay the same rolls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Iterable

from . import models as m
from .battle_pool import BattlePoolState, apply, initial_state, summary
from .dice import KINDS, DieKind, Pool, YearZeroRules, roll_pool
from .errors import MassCombatError, RollRecordError
from .history import History
from .i18n import t


def rng_for(seed: int, counter: int) -> random.Random:
    """The random stream for a battle's ``counter``-th roll or push."""
    return random.Random(f"masscombat:{seed}:{counter}")


@dataclass
class Battle:
    """A mutable handle on an immutable log (the app and CLI hold one)."""

    meta: m.BattleFile
    rules: YearZeroRules
    history: History[BattlePoolState, m.Event]

    # -- making and loading --------------------------------------------------

    @classmethod
    def new(cls, title: str, names: tuple[str, str], pools: tuple[Pool, Pool] = (Pool(), Pool()), *, seed: int | None = None, rules: YearZeroRules | None = None) -> "Battle":
        rules = rules or YearZeroRules()
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        setup = m.Setup(sides=(m.SideSetup(name=names[0], pool=pools[0].notation()), m.SideSetup(name=names[1], pool=pools[1].notation())))
        meta = m.BattleFile(title=title, seed=seed, setup=setup)
        return cls(meta, rules, History.start(initial_state(setup, rules)))

    @classmethod
    def from_file(cls, meta: m.BattleFile, rules: YearZeroRules | None = None) -> "Battle":
        """Replay a saved log; raises a ``MassCombatError`` naming the event that does not fit."""
        rules = rules or YearZeroRules()
        if meta.log and not meta.state:
            # every save writes [state]; a log without it is a file cut short
            raise RollRecordError(t("error.record_no_state"))
        history = History.replay(initial_state(meta.setup, rules), meta.log, meta.cursor, _apply)
        battle = cls(meta, rules, history)
        if meta.state and meta.state != summary(battle.state):
            raise RollRecordError(t("error.record_state"))
        return battle

    def to_file(self) -> m.BattleFile:
        return self.meta.model_copy(update={"log": self.history.events, "cursor": self.history.cursor, "state": summary(self.state)})

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> BattlePoolState:
        return self.history.state

    @property
    def seed(self) -> int:
        return self.meta.seed

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def refusal(self, action: str, side: int | None = None) -> str | None:
        """Why an action cannot be taken now (None if it can): keys grey out on it."""
        state = self.state
        if action == "undo":
            return None if self.can_undo else t("error.nothing_to_undo")
        if action == "redo":
            return None if self.can_redo else t("error.nothing_to_redo")
        probe: m.Event
        if action == "roll":
            probe = m.Roll(counter=state.counter, sides=(m.RolledSide(), m.RolledSide()))
        elif action == "push":
            side = state.turn if side is None else side
            if side is None:
                return t("error.no_roll") if not state.rolled else t("error.roll_over")
            probe = m.Push(counter=state.counter, side=side, spent=(), faces=())
        elif action == "settle":
            side = state.turn if side is None else side
            if side is None:
                return t("error.no_roll") if not state.rolled else t("error.roll_over")
            probe = m.Settle(side=side)
        elif action == "new_roll":
            probe = m.NewRoll()
        elif action == "set_pool":
            probe = m.SetPool(side=side or 0, pool="0b")
        elif action == "set_first":
            probe = m.SetFirst(first=0)
        else:
            return None
        return state.refusal(probe)

    # -- acting: each returns the event it recorded --------------------------

    def record(self, event: m.Event) -> m.Event:
        self.history = self.history.do(event, _apply)
        return event

    def roll(self) -> m.Event:
        state = self.state
        rng = rng_for(self.seed, state.counter)
        sides = []
        for side in state.sides:
            rolled = roll_pool(side.pool, rng, self.rules)
            faces = {kind: tuple(d.face for d in rolled.dice if d.kind is kind) for kind in KINDS}
            sides.append(m.RolledSide(base=faces[DieKind.BASE], skill=faces[DieKind.SKILL], gear=faces[DieKind.GEAR]))
        return self.record(m.Roll(counter=state.counter, sides=(sides[0], sides[1])))

    def push(self, side: int | None = None, spend: Iterable[int] | None = None) -> m.Event:
        state = self.state
        side = state.turn if side is None else side
        if side is None:
            return self.record(m.Push(counter=state.counter, side=0, spent=(), faces=()))  # raises why
        roll = state.sides[side].roll
        if roll is None or state.turn != side or not roll.can_push:
            return self.record(m.Push(counter=state.counter, side=side, spent=(), faces=()))  # raises why
        recorder = _Recorder(rng_for(self.seed, state.counter))
        chosen = roll.default_spend() if spend is None else tuple(sorted(set(spend)))
        roll.push(recorder, chosen)  # type: ignore[arg-type]
        return self.record(m.Push(counter=state.counter, side=side, spent=chosen, faces=tuple(recorder.faces)))

    def settle(self, side: int | None = None) -> m.Event:
        side = self.state.turn if side is None else side
        return self.record(m.Settle(side=0 if side is None else side))

    def set_pool(self, side: int, pool: Pool) -> m.Event:
        return self.record(m.SetPool(side=side, pool=pool.checked(self.rules.max_pool_dice).notation()))

    def rename(self, side: int, name: str) -> m.Event:
        return self.record(m.Rename(side=side, name=name))

    def set_first(self, first: int) -> m.Event:
        return self.record(m.SetFirst(first=first))

    def new_roll(self) -> m.Event:
        return self.record(m.NewRoll())

    def undo(self) -> None:
        self.history = self.history.undo()

    def redo(self) -> None:
        self.history = self.history.redo(_apply)


class _Recorder:
    """Wraps a random stream and writes down every face it gives."""

    def __init__(self, rng: random.Random):
        self._rng = rng
        self.faces: list[int] = []

    def randint(self, low: int, high: int) -> int:
        face = self._rng.randint(low, high)
        self.faces.append(face)
        return face


def _apply(state: BattlePoolState, event: m.Event) -> BattlePoolState:
    return apply(state, event)


__all__ = ["Battle", "rng_for", "MassCombatError"]
