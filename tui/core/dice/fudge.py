"""Fate dice: 4dF against a difficulty, named by the ladder."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum


class FateOutcome(StrEnum):
    FAIL = "fail"
    TIE = "tie"
    SUCCESS = "success"
    STYLE = "success_with_style"


@dataclass(frozen=True)
class FateRoll:
    """The faces of the Fate dice (each -1, 0 or +1) and the skill added."""

    faces: tuple[int, ...]
    modifier: int = 0

    @property
    def dice_total(self) -> int:
        return sum(self.faces)

    @property
    def total(self) -> int:
        return self.dice_total + self.modifier

    def symbols(self) -> str:
        return " ".join({-1: "-", 0: "0", 1: "+"}[f] for f in self.faces)


def roll_fudge(rng: random.Random, modifier: int = 0, count: int = 4) -> FateRoll:
    return FateRoll(tuple(rng.choice((-1, 0, 1)) for _ in range(count)), modifier)


def fudge_outcome(total: int, difficulty: int, style_shifts: int = 3) -> FateOutcome:
    """Fail below the difficulty, tie on it, success above, with style at +3 shifts."""
    shifts = total - difficulty
    if shifts < 0:
        return FateOutcome.FAIL
    if shifts == 0:
        return FateOutcome.TIE
    return FateOutcome.STYLE if shifts >= style_shifts else FateOutcome.SUCCESS
