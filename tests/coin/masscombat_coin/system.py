"""Coin Toss as the registry knows it: found through the entry point
``masscombat.systems: coin``, like any installed system."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import comb
from typing import Any

from tui.core.dice.quick import DiceFamily, QuickRollError, QuickSpec
from tui.core.history import LoggedBattle
from tui.core.panel import Panel, SidePanel
from tui.core.ruleset_base import Localised
from tui.core.system import GameSystem
from masscombat_coin.battle import CoinBattle, CoinBattleFile, Flip
from masscombat_coin.rules import SHIPPED, CoinRuleset


class Coins(DiceFamily):
    """``3 coins``: how many come up heads."""

    key = "coins"
    _PATTERN = re.compile(r"^(\d*)coins?$")

    def parse(self, squeezed: str) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        count = int(found.group(1) or 1)
        if not 1 <= count <= 20:
            raise QuickRollError(f"{count} coins: flip 1 to 20")
        return QuickSpec(self, f"{count} coins", count=count)

    def odds(self, spec: QuickSpec) -> str:
        half = Fraction(comb(spec.count, spec.count // 2), 2**spec.count)
        return f"exactly half heads {float(half):.0%}" if spec.count % 2 == 0 else f"more heads than tails {0.5:.0%}"

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(0, 1) for _ in range(spec.count))

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        return f"{spec.text}: {' '.join('H' if f else 'T' for f in faces)} → {sum(faces)} heads"


def _lines(battle: CoinBattle) -> list[str]:
    game = battle.game
    story = []
    for event in battle.history.done:
        if isinstance(event, Flip):
            story.append(f"{game.sides[event.side]} flips {' '.join('H' if f else 'T' for f in event.faces)}")
    return story


class CoinToss(GameSystem):
    key = "coin"
    names = Localised(en="Coin Toss", de="Münzwurf")
    ruleset = SHIPPED
    file_model = CoinBattleFile
    battle = CoinBattle

    def start(self, seed: int | None, ruleset: CoinRuleset) -> CoinBattle:
        return CoinBattle.new("Coin Toss", seed=seed, ruleset=ruleset)

    def dice(self, ruleset: CoinRuleset) -> tuple[DiceFamily, ...]:
        return (Coins(),)

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        assert isinstance(battle, CoinBattle)
        game = battle.game
        lines = [f"# {battle.meta.title}", "", *(f"- {name}: {game.heads[i]} heads" for i, name in enumerate(game.sides))]
        if game.winner is not None:
            lines += ["", f"{game.sides[game.winner]} wins."]
        return "\n".join([*lines, "", *(f"1. {line}" for line in _lines(battle))]) + "\n"

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        assert isinstance(battle, CoinBattle)
        game = battle.game
        headline = f"flip {game.flips + 1} · {game.sides[game.turn]} to flip" if game.winner is None else f"{game.sides[game.winner]} wins"
        sides = tuple(SidePanel(name=name, lines=(f"{game.heads[i]} of {game.rules.heads_to_win} heads",)) for i, name in enumerate(game.sides))
        return Panel(system_name=self.name(language), headline=headline, sides=sides, log=tuple(_lines(battle)[-12:]))


SYSTEM = CoinToss()
