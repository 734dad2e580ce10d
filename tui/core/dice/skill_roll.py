"""Mutant: Year Zero skill rolls: base, skill and gear dice, pushed once.

The rule (Mutant: Year Zero core rules, on skills), paraphrased:

    Roll base dice equal to the attribute, skill dice equal to the skill
    level and gear dice equal to the gear bonus. Every ☢ (a 6) on any die
    is a success. Modifications add or remove skill dice; when they bring
    the skill dice below zero, roll that many negative skill dice instead,
    and every ☢ on a negative die cancels one ☢ on the other dice.

    Pushing rerolls every die showing neither ☢, nor ☠ on a base die, nor
    ☠ (damage) on a gear die. A skill roll can be pushed only once.

A roll is a record of the faces of every die at every stage (stage 0 is the
first roll, then one stage per push); pushing returns a new record. Dice are
drawn from the random stream in a fixed order — base, skill, gear, negative
— and a push draws its rerolled dice in that order too, so stored faces
replay to the same record. Unlike the Battle Pool, a push spends no die.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Sequence

from tui.core.frozen import replace
from tui.core.dice.year_zero import DieKind, Lock, YearZeroRules
from tui.core.errors import PoolSizeError, PoolSyntaxError, PushNotAllowed, RollRecordError
from tui.core.dice.faces import FaceSource
from tui.core.i18n import t


class SkillDie(StrEnum):
    BASE = "base"
    SKILL = "skill"
    GEAR = "gear"
    NEGATIVE = "negative"


DRAW_ORDER: tuple[SkillDie, ...] = (SkillDie.BASE, SkillDie.SKILL, SkillDie.GEAR, SkillDie.NEGATIVE)

# A negative die locks like a skill die: only its ☢ means anything.
_LOCKS_AS = {
    SkillDie.BASE: DieKind.BASE,
    SkillDie.SKILL: DieKind.SKILL,
    SkillDie.GEAR: DieKind.GEAR,
    SkillDie.NEGATIVE: DieKind.SKILL,
}
_LETTERS = {"b": SkillDie.BASE, "s": SkillDie.SKILL, "g": SkillDie.GEAR}


# -- the pool ----------------------------------------------------------------


@dataclass(frozen=True)
class SkillPool:
    """Base dice (the attribute), skill dice (skill level plus modifications,
    possibly below zero) and gear dice (the gear bonus)."""

    base: int = 0
    skill: int = 0
    gear: int = 0

    def __post_init__(self) -> None:
        # Only modifications push the skill dice below zero; an attribute or
        # a gear bonus never is.
        for kind in (SkillDie.BASE, SkillDie.GEAR):
            if getattr(self, kind.value) < 0:
                raise PoolSizeError(t("error.skill_pool_negative", dice=t(f"skill_die.{kind.value}")))

    @classmethod
    def of(cls, attribute: int, skill_level: int = 0, modification: int = 0, gear: int = 0) -> "SkillPool":
        """The pool for an attribute and skill level, after modifications."""
        return cls(base=attribute, skill=skill_level + modification, gear=gear)

    @property
    def positive_skill(self) -> int:
        return max(self.skill, 0)

    @property
    def negative(self) -> int:
        """How many negative skill dice are rolled (0 unless ``skill`` < 0)."""
        return max(-self.skill, 0)

    @property
    def most_successes(self) -> int:
        """The most ☢ this pool can show: one per die that isn't negative."""
        return self.base + self.positive_skill + self.gear

    @property
    def total(self) -> int:
        """Dice on the table, negative ones included."""
        return self.base + abs(self.skill) + self.gear

    def count(self, kind: SkillDie) -> int:
        if kind is SkillDie.SKILL:
            return self.positive_skill
        if kind is SkillDie.NEGATIVE:
            return self.negative
        count: int = getattr(self, kind.value)
        return count

    def checked(self, max_dice: int) -> "SkillPool":
        """This pool, or ``PoolSizeError`` when it holds more dice than a table rolls."""
        if self.total > max_dice:
            raise PoolSizeError(t("error.pool_too_big", pool=self.notation(), count=self.total, most=max_dice))
        return self

    def notation(self) -> str:
        """The compact form ``3b2s1g``, or ``3b-2s`` with negative skill dice."""
        parts = (f"{count}{letter}" for count, letter in ((self.base, "b"), (self.skill, "s"), (self.gear, "g")) if count)
        return "".join(parts) or "0b"

    def __str__(self) -> str:
        return self.notation()


_TOKEN = re.compile(r"\s*([+-]?\d*)\s*([A-Za-z])")


def parse_skill_pool(text: str, max_dice: int = 99) -> SkillPool:
    """Read a pool like ``4b2s``, ``3b-1s`` or ``2b 1s 1g``.

    Counts of one letter add up, so a skill level and its modification can
    be typed as they are (``3b2s-3s`` is ``3b-1s``); a bare letter is one
    die. Raises ``PoolSyntaxError`` naming the column of the first thing it
    cannot read, ``PoolSizeError`` for negative base or gear dice and
    oversized pools.
    """
    stripped = text.rstrip()
    if not stripped.strip():
        raise PoolSyntaxError(t("error.skill_pool_empty"))
    counts = dict.fromkeys(_LETTERS.values(), 0)
    position = 0
    while position < len(stripped):
        match = _TOKEN.match(stripped, position)
        if not match:
            rest = stripped[position:]
            column = position + 1 + len(rest) - len(rest.lstrip())
            raise PoolSyntaxError(t("error.pool_expected", text=repr(text), column=column))
        number, letter = match.groups()
        kind = _LETTERS.get(letter.lower())
        if kind is None:
            raise PoolSyntaxError(t("error.pool_unknown_die", text=repr(text), letter=repr(letter), column=match.start(2) + 1))
        if number.startswith("-") and kind is not SkillDie.SKILL:
            raise PoolSizeError(t("error.skill_pool_negative_at", text=repr(text), column=match.start(1) + 1))
        digits = number.lstrip("+-")
        if len(digits.lstrip("0")) > len(str(max_dice)):
            # int() refuses very long numbers with a plain ValueError: say what's wrong first
            raise PoolSizeError(t("error.pool_amount_too_big", text=repr(text), count=digits.lstrip("0"), most=max_dice))
        amount = int(digits) if digits else 1
        if amount > max_dice:
            raise PoolSizeError(t("error.pool_amount_too_big", text=repr(text), count=amount, most=max_dice))
        counts[kind] += -amount if number.startswith("-") else amount
        position = match.end()
    return SkillPool(counts[SkillDie.BASE], counts[SkillDie.SKILL], counts[SkillDie.GEAR]).checked(max_dice)


# -- the faces ---------------------------------------------------------------


@dataclass(frozen=True)
class SkillFaces:
    """What every die of a skill roll shows at one stage, kind by kind."""

    base: tuple[int, ...] = ()
    skill: tuple[int, ...] = ()
    gear: tuple[int, ...] = ()
    negative: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # Stored faces arrive as lists (TOML, JSON); keep the record hashable.
        for kind in DRAW_ORDER:
            object.__setattr__(self, kind.value, tuple(getattr(self, kind.value)))

    def of(self, kind: SkillDie) -> tuple[int, ...]:
        faces: tuple[int, ...] = getattr(self, kind.value)
        return faces

    def flat(self) -> tuple[int, ...]:
        """Every face in draw order: base, skill, gear, negative."""
        return tuple(face for kind in DRAW_ORDER for face in self.of(kind))


def _lock(rules: YearZeroRules, kind: SkillDie, face: int) -> Lock | None:
    return rules.lock(_LOCKS_AS[kind], face)


# -- the roll ----------------------------------------------------------------


@dataclass(frozen=True)
class SkillRoll:
    """A skill roll and its push, every face kept.

    ``stages[0]`` is the first roll, ``stages[k]`` the dice after push ``k``.
    """

    pool: SkillPool
    stages: tuple[SkillFaces, ...]
    max_pushes: int = 1
    rules: YearZeroRules = field(default_factory=YearZeroRules, compare=False)

    @property
    def faces(self) -> SkillFaces:
        """What the dice show now."""
        return self.stages[-1]

    @property
    def pushes(self) -> int:
        return len(self.stages) - 1

    @property
    def pushed(self) -> bool:
        return self.pushes > 0

    def lock(self, kind: SkillDie, index: int) -> Lock | None:
        """Why die ``index`` of ``kind`` would keep its face through a push (None: rerolled)."""
        return _lock(self.rules, kind, self.faces.of(kind)[index])

    def _count(self, kinds: tuple[SkillDie, ...], wanted: Lock) -> int:
        return sum(1 for kind in kinds for face in self.faces.of(kind) if _lock(self.rules, kind, face) is wanted)

    @property
    def raw_successes(self) -> int:
        """☢ on the base, skill and gear dice, before negative dice cancel any."""
        return self._count((SkillDie.BASE, SkillDie.SKILL, SkillDie.GEAR), Lock.SUCCESS)

    @property
    def cancelled(self) -> int:
        """☢ cancelled by negative dice: never more than there were."""
        return min(self.raw_successes, self._count((SkillDie.NEGATIVE,), Lock.SUCCESS))

    @property
    def successes(self) -> int:
        return self.raw_successes - self.cancelled

    @property
    def banes(self) -> int:
        """☠ on base dice."""
        return self._count((SkillDie.BASE,), Lock.BANE)

    @property
    def gear_banes(self) -> int:
        return self._count((SkillDie.GEAR,), Lock.GEAR_BANE)

    def push_refusal(self) -> str | None:
        """Why this roll cannot be pushed now, or None if it can."""
        if self.pushes < self.max_pushes:
            return None
        if self.max_pushes <= 0:
            return t("error.skill_push_never")
        if self.max_pushes == 1:
            return t("error.skill_push_once")
        return t("error.push_limit", count=self.pushes)

    @property
    def can_push(self) -> bool:
        return self.push_refusal() is None

    def push(self, rng: FaceSource) -> "SkillRoll":
        """Reroll every die that shows neither ☢, nor ☠ on a base die, nor a
        gear bane on a gear die; the others keep their faces."""
        refusal = self.push_refusal()
        if refusal:
            raise PushNotAllowed(refusal)
        sides = self.rules.sides
        now = self.faces
        # A dict built in DRAW_ORDER draws the rerolled dice in that order.
        after = {
            kind.value: tuple(
                face if _lock(self.rules, kind, face) is not None else rng.randint(1, sides)
                for face in now.of(kind)
            )
            for kind in DRAW_ORDER
        }
        return replace(self, stages=self.stages + (SkillFaces(**after),))


def roll_skill(pool: SkillPool, rng: FaceSource, rules: YearZeroRules | None = None, max_pushes: int = 1) -> SkillRoll:
    """Roll a skill roll: one face per die, base, skill, gear then negative dice."""
    rules = rules or YearZeroRules()
    pool.checked(rules.max_pool_dice)
    first = {kind.value: tuple(rng.randint(1, rules.sides) for _ in range(pool.count(kind))) for kind in DRAW_ORDER}
    return SkillRoll(pool=pool, stages=(SkillFaces(**first),), max_pushes=max_pushes, rules=rules)


def skill_roll_from_faces(
    pool: SkillPool,
    faces_stage0: SkillFaces,
    pushed_faces: SkillFaces | Sequence[SkillFaces] | None = None,
    rules: YearZeroRules | None = None,
    max_pushes: int = 1,
) -> SkillRoll:
    """Rebuild a roll from stored faces (a save file, a replay).

    ``pushed_faces`` is the stage after the push (or a sequence of stages
    when the rules allow more pushes), every die included. Raises
    ``RollRecordError`` when the dice could not have shown these faces.
    """
    rules = rules or YearZeroRules()
    if pushed_faces is None:
        later: tuple[SkillFaces, ...] = ()
    elif isinstance(pushed_faces, SkillFaces):
        later = (pushed_faces,)
    else:
        later = tuple(pushed_faces)
    roll = SkillRoll(pool=pool, stages=(faces_stage0, *later), max_pushes=max_pushes, rules=rules)
    check_skill_roll(roll)
    return roll


def check_skill_roll(roll: SkillRoll) -> None:
    """Refuse a stored roll that the rules could not have produced."""
    if roll.pushes > max(roll.max_pushes, 0):
        raise RollRecordError(t("error.skill_record_pushes", count=roll.pushes, most=roll.max_pushes))
    for stage in roll.stages:
        for kind in DRAW_ORDER:
            count, expected = len(stage.of(kind)), roll.pool.count(kind)
            if count != expected:
                raise RollRecordError(t("error.skill_record_count", dice=t(f"skill_die.{kind.value}"), count=count, expected=expected, pool=roll.pool))
        for number, face in enumerate(stage.flat(), start=1):
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= roll.rules.sides:
                raise RollRecordError(t("error.record_face_range", number=number, sides=roll.rules.sides))
    for before, after in zip(roll.stages, roll.stages[1:]):
        number = 0
        for kind in DRAW_ORDER:
            for old, new in zip(before.of(kind), after.of(kind)):
                number += 1
                if _lock(roll.rules, kind, old) is not None and new != old:
                    raise RollRecordError(t("error.record_locked", number=number))


__all__ = [
    "DRAW_ORDER",
    "SkillDie",
    "SkillFaces",
    "SkillPool",
    "SkillRoll",
    "check_skill_roll",
    "parse_skill_pool",
    "roll_skill",
    "skill_roll_from_faces",
]
