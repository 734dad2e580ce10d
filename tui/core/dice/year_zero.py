"""Year Zero dice: the Battle Pool of Battle, Strategy and Support dice.

Battle dice are Year Zero base dice, Strategy dice skill dice and Support
dice gear dice. A roll is a record: every die keeps the face it showed at
each stage (stage 0 is the first roll, then one stage per push), and a
Strategy die spent to pay for a push simply stops having faces. Pushing
returns a new record; the old one stays valid history.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Iterable, Protocol, Sequence

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.errors import PoolSizeError, PoolSyntaxError, PushNotAllowed, RollRecordError
from tui.core.dice.faces import FaceSource

if TYPE_CHECKING:
    from tui.core.ruleset_base import PushRule, YearZeroDice


class YearZeroRuleset(Protocol):
    """What ``YearZeroRules`` reads of a ruleset (the core names no system's ruleset)."""

    @property
    def dice(self) -> YearZeroDice: ...

    @property
    def push(self) -> PushRule: ...


class DieKind(StrEnum):
    BASE = "base"    # ✘ Battle die
    SKILL = "skill"  # ◎ Strategy die
    GEAR = "gear"    # ⚙ Support die


KINDS: tuple[DieKind, ...] = (DieKind.BASE, DieKind.SKILL, DieKind.GEAR)
LETTERS = {"b": DieKind.BASE, "s": DieKind.SKILL, "g": DieKind.GEAR}
LETTER_OF = {kind: letter for letter, kind in LETTERS.items()}


class Lock(StrEnum):
    """Why a die keeps its face through a push."""

    SUCCESS = "success"      # ☢ a 6 on any die
    BANE = "bane"            # ☠ a 1 on a Battle die
    GEAR_BANE = "gear_bane"  # a 1 on a Support die: damaged


@dataclass(frozen=True)
class YearZeroRules:
    """The faces that matter and what a push costs (from the ruleset)."""

    sides: int = 6
    success_face: int = 6
    bane_face: int = 1
    gear_bane_face: int = 1
    max_pool_dice: int = 99
    strategy_dice_per_push: int = 1
    max_pushes: int | None = None

    @classmethod
    def from_ruleset(cls, ruleset: YearZeroRuleset) -> "YearZeroRules":
        return cls(
            sides=ruleset.dice.sides,
            success_face=ruleset.dice.success_face,
            bane_face=ruleset.dice.bane_face,
            gear_bane_face=ruleset.dice.gear_bane_face,
            max_pool_dice=ruleset.dice.max_pool_dice,
            strategy_dice_per_push=ruleset.push.strategy_dice_per_push,
            max_pushes=ruleset.push.max_pushes,
        )

    def lock(self, kind: DieKind, face: int) -> Lock | None:
        if face == self.success_face:
            return Lock.SUCCESS
        if kind is DieKind.BASE and face == self.bane_face:
            return Lock.BANE
        if kind is DieKind.GEAR and face == self.gear_bane_face:
            return Lock.GEAR_BANE
        return None


@dataclass(frozen=True, order=True)
class Pool:
    """How many Battle (base), Strategy (skill) and Support (gear) dice."""

    base: int = 0
    skill: int = 0
    gear: int = 0

    def __post_init__(self) -> None:
        for kind in KINDS:
            if getattr(self, kind.value) < 0:
                raise PoolSizeError(t("error.pool_negative", kind=t(f"die.{kind.value}")))

    @property
    def total(self) -> int:
        return self.base + self.skill + self.gear

    def count(self, kind: DieKind) -> int:
        count: int = getattr(self, kind.value)
        return count

    def with_count(self, kind: DieKind, count: int) -> "Pool":
        return replace(self, **{kind.value: count})

    def checked(self, max_dice: int) -> "Pool":
        """This pool, or ``PoolSizeError`` when it holds more dice than a table rolls."""
        if self.total > max_dice:
            raise PoolSizeError(t("error.pool_too_big", pool=self.notation(), count=self.total, most=max_dice))
        return self

    def notation(self) -> str:
        """The compact form ``5b2s1g`` (kinds with no dice left out; ``0b`` if empty)."""
        text = "".join(f"{self.count(kind)}{LETTER_OF[kind]}" for kind in KINDS if self.count(kind))
        return text or "0b"

    def __str__(self) -> str:
        return self.notation()


_TOKEN = re.compile(r"\s*([+-]?\d*)\s*([A-Za-z])")


@lru_cache(maxsize=512)
def parse_pool(text: str, max_dice: int = 99) -> Pool:
    """Read a pool like ``5b2s1g`` (any order; a bare letter is one die).

    Raises ``PoolSyntaxError`` naming the column of the first thing it cannot
    read, or ``PoolSizeError`` for negative counts and oversized pools.
    """
    counts = dict.fromkeys(KINDS, 0)
    position = 0
    stripped = text.rstrip()
    if not stripped.strip():
        raise PoolSyntaxError(t("error.pool_empty_text"))
    while position < len(stripped):
        match = _TOKEN.match(stripped, position)
        if not match:
            column = position + 1 + (len(stripped[position:]) - len(stripped[position:].lstrip()))
            raise PoolSyntaxError(t("error.pool_expected", text=repr(text), column=column))
        number, letter = match.groups()
        kind = LETTERS.get(letter.lower())
        if kind is None:
            raise PoolSyntaxError(t("error.pool_unknown_die", text=repr(text), letter=repr(letter), column=match.start(2) + 1))
        if number.startswith("-"):
            raise PoolSizeError(t("error.pool_negative_at", text=repr(text), column=match.start(1) + 1))
        digits = number.lstrip("+")
        if len(digits.lstrip("0")) > len(str(max_dice)):
            # int() refuses very long numbers with a plain ValueError: say what's wrong first
            raise PoolSizeError(t("error.pool_amount_too_big", text=repr(text), count=digits.lstrip("0"), most=max_dice))
        amount = int(digits) if digits else 1
        if amount > max_dice:
            raise PoolSizeError(t("error.pool_amount_too_big", text=repr(text), count=amount, most=max_dice))
        counts[kind] += amount
        position = match.end()
    return Pool(*(counts[kind] for kind in KINDS)).checked(max_dice)


@dataclass(frozen=True)
class Die:
    """One die and the face it showed at each stage it was in the pool."""

    kind: DieKind
    faces: tuple[int, ...]

    @property
    def face(self) -> int:
        return self.faces[-1]


@dataclass(frozen=True)
class YearZeroRoll:
    """A Battle Pool roll and its pushes, every face kept.

    ``dice`` are in pool order (Battle, then Strategy, then Support dice). A
    die is in the pool at stage ``k`` when it has more than ``k`` faces; a
    Strategy die spent for a push has fewer faces than there are stages.
    """

    pool: Pool
    dice: tuple[Die, ...]
    pushes: int = 0
    rules: YearZeroRules = field(default_factory=YearZeroRules, compare=False)

    # -- what the dice show now ---------------------------------------------

    def in_pool(self, index: int) -> bool:
        return len(self.dice[index].faces) > self.pushes

    def active(self) -> list[tuple[int, Die]]:
        return [(i, die) for i, die in enumerate(self.dice) if len(die.faces) > self.pushes]

    def spent(self) -> list[tuple[int, Die]]:
        """Strategy dice removed to pay for pushes, with their last face."""
        return [(i, die) for i, die in enumerate(self.dice) if len(die.faces) <= self.pushes]

    def lock(self, index: int) -> Lock | None:
        die = self.dice[index]
        return self.rules.lock(die.kind, die.face) if self.in_pool(index) else None

    @cached_property
    def _locks(self) -> dict[Lock | None, int]:
        """How many active dice show each lock: counted once per roll (a
        roll never changes; screens and the rules ask again and again)."""
        counts: dict[Lock | None, int] = {}
        lock = self.rules.lock
        for _, die in self.active():
            found = lock(die.kind, die.face)
            counts[found] = counts.get(found, 0) + 1
        return counts

    def _count(self, wanted: Lock) -> int:
        return self._locks.get(wanted, 0)

    @property
    def successes(self) -> int:
        return self._count(Lock.SUCCESS)

    @property
    def banes(self) -> int:
        return self._count(Lock.BANE)

    @property
    def gear_banes(self) -> int:
        return self._count(Lock.GEAR_BANE)

    @cached_property
    def _strategy_left(self) -> int:
        return sum(1 for _, die in self.active() if die.kind is DieKind.SKILL)

    def strategy_dice_left(self) -> int:
        # Asked several times per push and settle (can_push, whose turn it
        # is), and a roll never changes: counted once.
        return self._strategy_left

    def current_pool(self) -> Pool:
        counts = {kind: 0 for kind in KINDS}
        for _, die in self.active():
            counts[die.kind] += 1
        return Pool(*(counts[kind] for kind in KINDS))

    # -- history ------------------------------------------------------------

    def stage(self, number: int) -> dict[DieKind, list[int]]:
        """The faces by kind at stage ``number`` (0 = first roll)."""
        if not 0 <= number <= self.pushes:
            raise IndexError(f"stage {number} of a roll with {self.pushes} pushes")
        faces: dict[DieKind, list[int]] = {kind: [] for kind in KINDS}
        for die in self.dice:
            if len(die.faces) > number:
                faces[die.kind].append(die.faces[number])
        return faces

    def stages(self) -> list[dict[DieKind, list[int]]]:
        return [self.stage(k) for k in range(self.pushes + 1)]

    def spent_at(self, index: int) -> int | None:
        """The push (1-based) a Strategy die was spent to pay for, if it was."""
        die = self.dice[index]
        return len(die.faces) if len(die.faces) <= self.pushes else None

    # -- pushing ------------------------------------------------------------

    def push_refusal(self) -> str | None:
        """Why this roll cannot be pushed now, or None if it can."""
        if self.rules.max_pushes is not None and self.pushes >= self.rules.max_pushes:
            return t("error.push_limit", count=self.pushes)
        cost = self.rules.strategy_dice_per_push
        if self.strategy_dice_left() < cost:
            return t("error.push_no_strategy") if cost == 1 else t("error.push_cost", cost=cost)
        return None

    @property
    def can_push(self) -> bool:
        return self.push_refusal() is None

    def default_spend(self) -> tuple[int, ...]:
        """The Strategy dice to remove for the next push when the leader doesn't say.

        Prefer dice not showing a success, so none is thrown away; take the
        last ones, so the dice on screen keep their places.
        """
        skill = [i for i, die in self.active() if die.kind is DieKind.SKILL]
        plain = [i for i in skill if self.lock(i) is None]
        rest = [i for i in skill if self.lock(i) is not None]
        order = list(reversed(plain)) + list(reversed(rest))
        return tuple(sorted(order[: self.rules.strategy_dice_per_push]))

    def push(self, rng: FaceSource, spend: Iterable[int] | None = None) -> "YearZeroRoll":
        """Remove the Strategy die (or dice) paying for the push, then reroll
        every die in the pool that shows neither a success, a bane nor a gear bane.
        """
        refusal = self.push_refusal()
        if refusal:
            raise PushNotAllowed(refusal)
        chosen = self.default_spend() if spend is None else tuple(sorted(set(spend)))
        if len(chosen) != self.rules.strategy_dice_per_push:
            raise PushNotAllowed(t("error.push_spend_count", cost=self.rules.strategy_dice_per_push))
        for index in chosen:
            if not (0 <= index < len(self.dice)) or not self.in_pool(index) or self.dice[index].kind is not DieKind.SKILL:
                raise PushNotAllowed(t("error.push_not_strategy", number=index + 1))
        new_dice = []
        for index, die in enumerate(self.dice):
            if not self.in_pool(index) or index in chosen:
                new_dice.append(die)
            elif self.rules.lock(die.kind, die.face) is not None:
                new_dice.append(Die(die.kind, die.faces + (die.face,)))
            else:
                new_dice.append(Die(die.kind, die.faces + (rng.randint(1, self.rules.sides),)))
        return replace(self, dice=tuple(new_dice), pushes=self.pushes + 1)


def roll_pool(pool: Pool, rng: FaceSource, rules: YearZeroRules | None = None) -> YearZeroRoll:
    """Roll a Battle Pool: one face per die, Battle then Strategy then Support."""
    rules = rules or YearZeroRules()
    pool.checked(rules.max_pool_dice)
    dice = tuple(
        Die(kind, (rng.randint(1, rules.sides),))
        for kind in KINDS
        for _ in range(pool.count(kind))
    )
    return YearZeroRoll(pool=pool, dice=dice, pushes=0, rules=rules)


def roll_from_faces(pool: Pool, faces: Sequence[tuple[DieKind, Sequence[int]]], pushes: int, rules: YearZeroRules | None = None) -> YearZeroRoll:
    """Rebuild a roll record from stored faces (a save file, a replay)."""
    rules = rules or YearZeroRules()
    dice = tuple(Die(DieKind(kind), tuple(map(int, fs))) for kind, fs in faces)
    roll = YearZeroRoll(pool=pool, dice=dice, pushes=pushes, rules=rules)
    check_roll(roll)
    return roll


def check_roll(roll: YearZeroRoll) -> None:
    """Refuse a stored roll that the rules could not have produced."""
    expected = [kind for kind in KINDS for _ in range(roll.pool.count(kind))]
    if [die.kind for die in roll.dice] != expected:
        raise RollRecordError(t("error.record_pool", pool=roll.pool))
    sides = roll.rules.sides
    for index, die in enumerate(roll.dice):
        if not die.faces or len(die.faces) > roll.pushes + 1:
            raise RollRecordError(t("error.record_faces", number=index + 1, count=len(die.faces), pushes=roll.pushes))
        if min(die.faces) < 1 or max(die.faces) > sides:
            raise RollRecordError(t("error.record_face_range", number=index + 1, sides=sides))
        if len(die.faces) <= roll.pushes and die.kind is not DieKind.SKILL:
            raise RollRecordError(t("error.record_left", number=index + 1))
        for before, after in zip(die.faces, die.faces[1:]):
            if roll.rules.lock(die.kind, before) is not None and after != before:
                raise RollRecordError(t("error.record_locked", number=index + 1))
    for push in range(1, roll.pushes + 1):
        spent_here = sum(1 for die in roll.dice if len(die.faces) == push)
        if spent_here != roll.rules.strategy_dice_per_push:
            raise RollRecordError(t("error.record_spent", push=push, count=spent_here))
