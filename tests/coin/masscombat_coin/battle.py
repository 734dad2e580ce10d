"""A Coin Toss battle: the sides take turns flipping; a flip's heads count
for its side; the first to ``heads_to_win`` wins and the battle is over."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal, Union

from pydantic import Field

from tui.core.errors import RuleViolation
from tui.core.history import BattleFile, History, LoggedBattle, QuickRoll, new_seed
from tui.core.records import Record
from masscombat_coin.rules import SHIPPED, CoinRuleset


class Flip(Record):
    kind: Literal["flip"] = "flip"
    side: Annotated[int, Field(ge=0, le=1)]
    faces: tuple[Annotated[int, Field(ge=0, le=1)], ...]
    """1 is heads."""


CoinEvent = Annotated[Union[Flip, QuickRoll], Field(discriminator="kind")]


class CoinSetup(Record):
    sides: tuple[str, str] = ("Heads", "Tails")


class CoinBattleFile(BattleFile):
    system: Literal["coin"] = "coin"
    setup: CoinSetup = CoinSetup()
    log: tuple[CoinEvent, ...] = ()


@dataclass(frozen=True)
class CoinState:
    rules: CoinRuleset
    sides: tuple[str, str]
    heads: tuple[int, int] = (0, 0)
    turn: int = 0
    flips: int = 0
    winner: int | None = None


def apply(state: CoinState, event: Flip) -> CoinState:
    if state.winner is not None:
        raise RuleViolation(f"{state.sides[state.winner]} has won: no more flips")
    if event.side != state.turn:
        raise RuleViolation(f"it is {state.sides[state.turn]}'s flip")
    if len(event.faces) != state.rules.coins_per_flip:
        raise RuleViolation(f"a flip is {state.rules.coins_per_flip} coins")
    heads = list(state.heads)
    heads[event.side] += sum(event.faces)
    winner = event.side if heads[event.side] >= state.rules.heads_to_win else None
    return replace(state, heads=(heads[0], heads[1]), turn=1 - event.side, flips=state.flips + 1, winner=winner)


@dataclass
class CoinBattle(LoggedBattle[CoinState, Any]):
    meta: CoinBattleFile
    history: History[CoinState, Any]
    _apply = staticmethod(apply)

    @property
    def ruleset_open(self) -> bool:
        return self.game.flips == 0

    @classmethod
    def initial_state(cls, meta: CoinBattleFile, ruleset: CoinRuleset | None = None) -> CoinState:
        return CoinState(rules=ruleset or SHIPPED.shipped(), sides=meta.setup.sides)

    @classmethod
    def summary(cls, state: CoinState) -> dict[str, Any]:
        return {"heads": list(state.heads), "turn": state.turn, **({"winner": state.winner} if state.winner is not None else {})}

    @classmethod
    def new(cls, title: str, *, seed: int | None = None, ruleset: CoinRuleset | None = None) -> "CoinBattle":
        meta = CoinBattleFile(title=title, seed=new_seed() if seed is None else seed)
        return cls(meta, History.start(cls.initial_state(meta, ruleset)))

    @classmethod
    def from_file(cls, meta: CoinBattleFile, ruleset: CoinRuleset | None = None) -> "CoinBattle":
        battle = cls(meta, cls.replayed(meta, cls.initial_state(meta, ruleset)))
        battle.check_summary()
        return battle

    def flip(self) -> Flip:
        """The side whose turn it is flips its coins (dice from the battle's seed)."""
        rng = self.rng(self.game.flips)
        faces = tuple(rng.randint(0, 1) for _ in range(self.game.rules.coins_per_flip))
        return self.record(Flip(side=self.game.turn, faces=faces))
