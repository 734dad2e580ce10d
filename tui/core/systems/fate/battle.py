"""A This Means War battle in play: its save file's shape, the log with
undo and redo, and the GM's actions that roll dice (faces come from the
battle's seed and roll counter, so an undo cannot fish for better dice)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from tui.core.maps.zones import Board
from tui.core.history import BattleFile, History, LoggedBattle, new_seed
from tui.core.records import Record
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.contest import ANY_SKILL_ACTIONS, unlisted_skill
from tui.core.systems.fate.forces import Player
from tui.core.systems.fate.play import apply
from tui.core.systems.fate.rules import FateRuleset
from tui.core.systems.fate.state import FateState, start


class FateSetup(Record):
    text: Literal["en", "de"] = "en"
    """The text the battle follows where English and German differ (the end of battle)."""
    players: Annotated[tuple[Player, ...], Field(min_length=2)]
    """At least two: a save with fewer is refused in one line, not opened."""
    board: Board = Board()


class FateBattleFile(BattleFile):
    """A save file of a Fate battle (``system = "fate"``)."""

    system: Literal["fate"] = "fate"
    setup: FateSetup
    log: tuple[ev.FateEvent, ...] = ()


def _ruleset() -> FateRuleset:
    from tui.core.systems.fate.rules import shipped

    return shipped()


def initial(setup: FateSetup, ruleset: FateRuleset | None = None) -> FateState:
    from tui.core.systems.fate.muster import set_players

    state = start(ruleset or _ruleset(), setup.players, setup.board, setup.text)
    return set_players(state, setup.players)


_FACES: tuple[ev.Face, ...] = (-1, 0, 1)


def roll_faces(rng: random.Random, count: int) -> tuple[ev.Face, ...]:
    return tuple(rng.choice(_FACES) for _ in range(count))


@dataclass
class FateBattle(LoggedBattle[FateState, ev.FateEvent]):
    meta: FateBattleFile
    history: History[FateState, ev.FateEvent]

    _apply = staticmethod(apply)

    @property
    def ruleset_open(self) -> bool:
        return self.game.stage in ("muster", "battlefield", "deploy")

    @classmethod
    def initial_state(cls, meta: FateBattleFile, ruleset: FateRuleset | None = None) -> FateState:
        return initial(meta.setup, ruleset)

    @classmethod
    def summary(cls, state: FateState) -> dict[str, Any]:
        return summary(state)

    @classmethod
    def new(cls, title: str, players: tuple[Player, ...], *, seed: int | None = None, text: Literal["en", "de"] = "en", ruleset: FateRuleset | None = None) -> "FateBattle":
        setup = FateSetup(text=text, players=players)
        meta = FateBattleFile(title=title, seed=new_seed() if seed is None else seed, setup=setup)
        return cls(meta, History.start(initial(setup, ruleset)))

    @classmethod
    def from_file(cls, meta: FateBattleFile, ruleset: FateRuleset | None = None) -> "FateBattle":
        battle = cls(meta, cls.replayed(meta, initial(meta.setup, ruleset)))
        battle.check_summary()
        return battle

    # -- reading -------------------------------------------------------------

    @property
    def ruleset(self) -> FateRuleset:
        return self.game.rules

    # -- acting ----------------------------------------------------------------

    def dice(self, sets: int = 1) -> tuple[tuple[ev.Face, ...], ...]:
        """Faces for the next roll: ``sets`` rolls of the ruleset's Fate dice."""
        rng = self.rng(self.game.counter)
        return tuple(roll_faces(rng, self.ruleset.dice.count) for _ in range(sets))

    def start_battle(self, leaders: tuple[str | None, ...], typed: dict[int, tuple[ev.Face, ...]] | None = None) -> ev.StartBattle:
        """Each player's leader rolls Will; ``typed``: the faces of the
        players who rolled at the table, by player."""
        typed = typed or {}
        faces = tuple(typed.get(i, rolled) for i, rolled in enumerate(self.dice(len(leaders))))
        event = ev.StartBattle(counter=self.game.counter, leaders=leaders, faces=faces, table=tuple(sorted(typed)) or None)
        self.record(event)
        return event

    @classmethod
    def new_step_refusal(cls, state: FateState, event: ev.FateEvent) -> str | None:
        # settled after battles were saved in which a unit rolled an unlisted skill
        if isinstance(event, ev.Roll) and event.action not in ANY_SKILL_ACTIONS and event.skill in {s.key for s in state.rules.skills}:
            return unlisted_skill(state, event.by, event.skill)
        return None

    def roll(self, action: str, by: str, skill: str, *, typed: tuple[ev.Face, ...] | None = None, typed_defence: tuple[ev.Face, ...] | None = None, **fields: Any) -> ev.Roll:
        """Roll an action; a defender (``defender=``, ``defence_skill=``) rolls
        too. ``typed`` / ``typed_defence``: faces rolled at the table."""
        own, defence = self.dice(2)
        table: list[str] = []
        if typed is not None:
            own = typed
            table.append("faces")
        # Breaking a pin is always opposed (by the pinning unit, found from
        # the pin), so its defence rolls with no defender named.
        if fields.get("defender") is None and action != "break_pin":
            defence = ()
        elif typed_defence is not None:
            defence = typed_defence
            table.append("defence_faces")
        event = ev.Roll(counter=self.game.counter, action=action, by=by, skill=skill, faces=own, defence_faces=defence, table=tuple(table) or None, **fields)
        self.record(event)
        return event

    def invoke(self, roll: str, aspect: str, *, reroll: bool = False, free: bool = False, typed: tuple[ev.Face, ...] | None = None) -> ev.Invoke:
        faces = (typed if typed is not None else self.dice(1)[0]) if reroll else ()
        event = ev.Invoke(counter=self.game.counter, roll=roll, aspect=aspect, reroll=reroll, free=free, faces=faces, table=True if reroll and typed is not None else None)
        self.record(event)
        return event


def summary(state: FateState) -> dict[str, Any]:
    """``[state]`` in the save: readable, and checked against the log on load."""
    result: dict[str, Any] = {"stage": state.stage, "rolls_made": state.counter, "fate_points": list(state.fate_points)}
    if state.stage in ("battle", "ended"):
        result["round"] = state.round
        result["taken_out"] = sorted(k for k, p in state.places.items() if p.out)
    if state.winner is not None:
        result["winner"] = state.winner
    return result


__all__ = ["FateBattle", "FateBattleFile", "FateSetup", "summary"]
