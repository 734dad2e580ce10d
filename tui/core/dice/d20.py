"""A d20 plus a modifier against a target number (Kingmaker army attacks)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol


class _AttackSpec(Protocol):
    @property
    def die(self) -> int: ...
    @property
    def natural_hit_face(self) -> int: ...
    @property
    def natural_miss_face(self) -> int: ...
    @property
    def crit_face(self) -> int: ...
    @property
    def crit_extra_damage(self) -> int: ...
    @property
    def minimum_damage(self) -> int: ...
    @property
    def natural_hit_damage(self) -> int: ...


class _WithAttack(Protocol):
    """A ruleset with a d20 ``attack`` table (Kingmaker's), named by shape:
    the shared core imports no system, not even for its types."""

    @property
    def attack(self) -> _AttackSpec: ...


@dataclass(frozen=True)
class AttackRules:
    """How an attack roll turns into damage (from the Kingmaker ruleset)."""

    die: int = 20
    natural_hit_face: int = 20   # 0: none
    natural_miss_face: int = 0   # 0: none
    crit_face: int = 20
    crit_extra_damage: int = 1
    minimum_damage: int = 1
    natural_hit_damage: int = 1
    """What a natural hit whose total is below the target deals, and no more."""
    natural_hit_exact: bool = True
    """False: the earlier reading, kept for steps played under it (the
    natural hit dealt the minimum, capped, plus the critical's extra)."""

    @classmethod
    def from_ruleset(cls, ruleset: _WithAttack, *, natural_hit_exact: bool = True) -> "AttackRules":
        a = ruleset.attack
        return cls(a.die, a.natural_hit_face, a.natural_miss_face, a.crit_face, a.crit_extra_damage, a.minimum_damage, a.natural_hit_damage, natural_hit_exact)


@dataclass(frozen=True)
class D20Roll:
    face: int
    modifier: int = 0

    @property
    def total(self) -> int:
        return self.face + self.modifier


@dataclass(frozen=True)
class AttackResult:
    hit: bool
    damage: int
    critical: bool
    natural_only: bool = False
    """A hit only because of the die's face (its total is below the target):
    its damage is fixed, nothing is added to it."""


def roll_d20(rng: random.Random, modifier: int = 0, sides: int = 20) -> D20Roll:
    return D20Roll(rng.randint(1, sides), modifier)


def resolve_attack(face: int, modifier: int, target: int, cap: int | None = None, rules: AttackRules = AttackRules()) -> AttackResult:
    """Hit when the total meets the target; damage is the margin, at least the
    minimum, at most the cap, and a critical adds its extra beyond the cap.
    A natural hit below the target deals its own fixed damage (Ultimate
    Campaign: "still deals 1 point of damage"), with no critical's extra:
    the critical adds to a hit the total made."""
    total = face + modifier
    if rules.natural_miss_face and face <= rules.natural_miss_face:
        return AttackResult(False, 0, False)
    natural = bool(rules.natural_hit_face) and face >= rules.natural_hit_face
    if total < target and not natural:
        return AttackResult(False, 0, False)
    if total < target and rules.natural_hit_exact:
        return AttackResult(True, rules.natural_hit_damage, False, natural_only=True)
    damage = max(total - target, rules.minimum_damage)
    if cap is not None:
        damage = min(damage, cap)
    critical = face >= rules.crit_face
    if critical:
        damage += rules.crit_extra_damage
    return AttackResult(True, damage, critical)
