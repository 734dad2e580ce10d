"""A Second World conflict in play: its save file's shape, the log with
undo and redo, and the GM's actions that roll dice (faces come from the
battle's seed and roll counter, so an undo cannot fish for better dice)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from tui.core.history import BattleFile, History, LoggedBattle, RuleFix, decided_differently, new_seed
from tui.core.records import Record
from tui.core.systems.second_world import events as ev, fixes
from tui.core.systems.second_world.combat import shoot_not_to_attack
from tui.core.systems.second_world.turns import ambushed_under_the_captain
from tui.core.systems.second_world.play import apply
from tui.core.systems.second_world.rules import SecondWorldRuleset
from tui.core.systems.second_world.state import SWState


class SecondWorldSetup(Record):
    """Nothing is set before the log: the scene is built by its events."""


class SecondWorldBattleFile(BattleFile):
    """A save file of a Second World conflict (``system = "second_world"``)."""

    system: Literal["second_world"] = "second_world"
    setup: SecondWorldSetup = SecondWorldSetup()
    log: tuple[ev.SecondWorldEvent, ...] = ()


def _ruleset() -> SecondWorldRuleset:
    from tui.core.systems.second_world.rules import shipped

    return shipped()


def initial(ruleset: SecondWorldRuleset | None = None) -> SWState:
    return SWState(rules=ruleset or _ruleset())


_FACES: tuple[ev.Face, ...] = (-1, 0, 1)


def roll_faces(rng: random.Random, count: int) -> tuple[ev.Face, ...]:
    return tuple(rng.choice(_FACES) for _ in range(count))


RULE_FIXES = (
    RuleFix(fixes.SHOOT_ATTACKS_ONLY, "sw.fix.shoot_attacks_only", shoot_not_to_attack),
    RuleFix(fixes.AMBUSH_FIRST, "sw.fix.ambush_first", ambushed_under_the_captain),
    RuleFix(fixes.WITHDRAWN, "sw.fix.withdrawn", decided_differently(apply, fixes.WITHDRAWN)),
    RuleFix(fixes.MOB_OVERFLOW, "sw.fix.mob_overflow", decided_differently(apply, fixes.MOB_OVERFLOW)),
    RuleFix(fixes.HOSTILE_IN_PLAY, "sw.fix.hostile_in_play", decided_differently(apply, fixes.HOSTILE_IN_PLAY)),
)


@dataclass
class SecondWorldBattle(LoggedBattle[SWState, ev.SecondWorldEvent]):
    meta: SecondWorldBattleFile
    history: History[SWState, ev.SecondWorldEvent]

    _apply = staticmethod(apply)
    rule_fixes = RULE_FIXES

    @property
    def ruleset_open(self) -> bool:
        return self.game.stage == "scene"

    @classmethod
    def initial_state(cls, meta: SecondWorldBattleFile, ruleset: SecondWorldRuleset | None = None) -> SWState:
        return initial(ruleset)

    @classmethod
    def summary(cls, state: SWState) -> dict[str, Any]:
        return summary(state)

    @classmethod
    def new(cls, title: str, *, seed: int | None = None, ruleset: SecondWorldRuleset | None = None) -> "SecondWorldBattle":
        meta = SecondWorldBattleFile(title=title, seed=new_seed() if seed is None else seed)
        return cls(meta, History.start(initial(ruleset)))

    @classmethod
    def from_file(cls, meta: SecondWorldBattleFile, ruleset: SecondWorldRuleset | None = None) -> "SecondWorldBattle":
        battle = cls(meta, cls.replayed(meta, initial(ruleset)))
        battle.check_summary()
        return battle

    @property
    def ruleset(self) -> SecondWorldRuleset:
        return self.game.rules

    # -- acting: the events that roll dice ----------------------------------------------

    def dice(self, sets: int = 1) -> tuple[tuple[ev.Face, ...], ...]:
        rng = self.rng(self.game.counter)
        return tuple(roll_faces(rng, self.ruleset.dice.count) for _ in range(sets))

    def start_conflict(self, order: Literal["swivel", "captain"], *, ambush: int | None = None, typed: dict[int, tuple[ev.Face, ...]] | None = None) -> ev.StartConflict:
        """Roll everyone's Notice and the coins ("Head on a Swivel"), or toss
        for the side that goes first ("Captain Takes Point"). ``typed``: the
        Notice faces rolled at the table, by the character's place in the cast."""
        game = self.game
        rng = self.rng(game.counter)
        fighting = sorted({c.side for c in game.characters})
        typed = typed or {}
        if order == "swivel":
            rolled = tuple(roll_faces(rng, self.ruleset.dice.count) for _ in game.characters)
            faces = tuple(typed.get(i, own) for i, own in enumerate(rolled))
            coins = tuple(rng.randrange(1_000_000) for _ in game.characters)
            event = ev.StartConflict(counter=game.counter, order=order, ambush=ambush, faces=faces, coins=coins, table=tuple(sorted(typed)) or None)
        else:
            first = rng.choice(fighting) if fighting else 0
            event = ev.StartConflict(counter=game.counter, order=order, ambush=ambush, first_side=first)
        self.record(event)
        return event

    def move_roll(self, key: str, typed: tuple[ev.Face, ...] | None = None) -> ev.MoveRoll:
        event = ev.MoveRoll(counter=self.game.counter, key=key, faces=typed if typed is not None else self.dice()[0], table=True if typed is not None else None)
        self.record(event)
        return event

    def action_roll(self, key: str, action: Literal["attack", "overcome", "advantage"], skill: str, *, typed: tuple[ev.Face, ...] | None = None, typed_defence: tuple[ev.Face, ...] | None = None, **fields: Any) -> ev.ActionRoll:
        """Roll one of the four actions; a ``target`` defending rolls too.
        ``typed`` / ``typed_defence``: faces rolled at the table."""
        own, defence = self.dice(2)
        table: list[str] = []
        if typed is not None:
            own = typed
            table.append("faces")
        if fields.get("target") is None:
            defence = ()
        elif typed_defence is not None:
            defence = typed_defence
            table.append("defence_faces")
        event = ev.ActionRoll(counter=self.game.counter, key=key, action=action, skill=skill, faces=own, defence_faces=defence, table=tuple(table) or None, **fields)
        self.record(event)
        return event

    def invoke(self, aspect: str, *, reroll: bool = False, by: str | None = None, free: bool = False, typed: tuple[ev.Face, ...] | None = None) -> ev.Invoke:
        faces = (typed if typed is not None else self.dice()[0]) if reroll else ()
        event = ev.Invoke(counter=self.game.counter, aspect=aspect, reroll=reroll, faces=faces, by=by, free=free, table=True if reroll and typed is not None else None)
        self.record(event)
        return event


def summary(state: SWState) -> dict[str, Any]:
    """``[state]`` in the save: readable, and checked against the log on load."""
    result: dict[str, Any] = {"stage": state.stage, "rolls_made": state.counter, "characters": len(state.characters), "zones": len(state.board.zones)}
    if state.stage != "scene":
        result["round"] = state.round
        result["order"] = state.order_kind
        result["where"] = {key: fighter.zone for key, fighter in state.fighters}
    return result


__all__ = ["SecondWorldBattle", "SecondWorldBattleFile", "summary"]
