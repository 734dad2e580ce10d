"""A This Means War battle in play: its save file's shape, the log with
undo and redo, and the GM's actions that roll dice (faces come from the
battle's seed and roll counter, so an undo cannot fish for better dice)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, field_validator

from tui.core.battle import rng_for
from tui.core.board import Board
from tui.core.errors import RollRecordError
from tui.core.history import History, LoggedBattle
from tui.core.i18n import t
from tui.core.ruleset_base import Record
from tui.core.systems.myz.army import check_name
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.forces import Player
from tui.core.systems.fate.play import apply
from tui.core.systems.fate.rules import FateRuleset
from tui.core.systems.fate.state import FateState, start


class FateSetup(Record):
    text: Literal["en", "de"] = "en"
    """The text the battle follows where English and German differ (the end of battle)."""
    players: tuple[Player, ...]
    board: Board = Board()


class FateBattleFile(Record):
    """A save file of a Fate battle (``system = "fate"``)."""

    schema_version: Literal[2] = 2
    system: Literal["fate"] = "fate"
    title: str = "Battle"
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    template: bool = False
    setup: FateSetup
    log: tuple[ev.FateEvent, ...] = ()
    cursor: Annotated[int, Field(ge=0)] = 0
    state: dict = Field(default_factory=dict)

    _check_title = field_validator("title")(check_name)


def _ruleset() -> FateRuleset:
    from tui.core.rulesets import fate

    return fate()


def initial(setup: FateSetup, ruleset: FateRuleset | None = None) -> FateState:
    from tui.core.systems.fate.muster import set_players

    state = start(ruleset or _ruleset(), setup.players, setup.board, setup.text)
    return set_players(state, setup.players)


def roll_faces(rng: random.Random, count: int) -> tuple[int, ...]:
    return tuple(rng.choice((-1, 0, 1)) for _ in range(count))


@dataclass
class FateBattle(LoggedBattle):
    meta: FateBattleFile
    history: History[FateState, ev.FateEvent]

    system = "fate"
    _apply = staticmethod(apply)

    @classmethod
    def new(cls, title: str, players: tuple[Player, ...], *, seed: int | None = None, text: Literal["en", "de"] = "en", ruleset: FateRuleset | None = None) -> "FateBattle":
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        setup = FateSetup(text=text, players=players)
        meta = FateBattleFile(title=title, seed=seed, setup=setup)
        return cls(meta, History.start(initial(setup, ruleset)))

    @classmethod
    def from_file(cls, meta: FateBattleFile, ruleset: FateRuleset | None = None) -> "FateBattle":
        if meta.log and not meta.state:
            raise RollRecordError(t("error.record_no_state"))
        history = History.replay(initial(meta.setup, ruleset), meta.log, meta.cursor, apply)
        battle = cls(meta, history)
        if meta.state and meta.state != summary(battle.game):
            raise RollRecordError(t("error.record_state"))
        return battle

    def to_file(self) -> FateBattleFile:
        return self.meta.model_copy(update={"log": self.history.events, "cursor": self.history.cursor, "state": summary(self.game)})

    # -- reading -------------------------------------------------------------

    @property
    def game(self) -> FateState:
        return self.history.state

    @property
    def ruleset(self) -> FateRuleset:
        return self.game.rules

    # -- acting ----------------------------------------------------------------

    def _rng(self) -> random.Random:
        return rng_for(self.seed, self.game.counter)

    def dice(self, sets: int = 1) -> tuple[tuple[int, ...], ...]:
        """Faces for the next roll: ``sets`` rolls of the ruleset's Fate dice."""
        rng = self._rng()
        return tuple(roll_faces(rng, self.ruleset.dice.count) for _ in range(sets))

    def start_battle(self, leaders: tuple[str | None, ...]):
        faces = self.dice(len(leaders))
        return self.record(ev.StartBattle(counter=self.game.counter, leaders=leaders, faces=faces))

    def roll(self, action: str, by: str, skill: str, **fields):
        """Roll an action; a defender (``defender=``, ``defence_skill=``) rolls too."""
        own, defence = self.dice(2)
        # Breaking a pin is always opposed (by the pinning unit, found from
        # the pin), so its defence rolls with no defender named.
        if fields.get("defender") is None and action != "break_pin":
            defence = ()
        return self.record(ev.Roll(counter=self.game.counter, action=action, by=by, skill=skill, faces=own, defence_faces=defence, **fields))  # type: ignore[arg-type]

    def invoke(self, roll: str, aspect: str, *, reroll: bool = False, free: bool = False):
        faces = self.dice(1)[0] if reroll else ()
        return self.record(ev.Invoke(counter=self.game.counter, roll=roll, aspect=aspect, reroll=reroll, free=free, faces=faces))  # type: ignore[arg-type]


def summary(state: FateState) -> dict:
    """``[state]`` in the save: readable, and checked against the log on load."""
    result: dict = {"stage": state.stage, "rolls_made": state.counter, "fate_points": list(state.fate_points)}
    if state.stage in ("battle", "ended"):
        result["round"] = state.round
        result["taken_out"] = sorted(k for k, p in state.places.items() if p.out)
    if state.winner is not None:
        result["winner"] = state.winner
    return result


__all__ = ["FateBattle", "FateBattleFile", "FateSetup", "summary"]
