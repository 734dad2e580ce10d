"""A quick roll: any dice expression the app knows, typed anywhere, with
its exact odds as it is typed, rolled with the battle's seed and kept in
the battle's log (so undo takes it back).

Expressions (case and spaces don't matter):

- a Battle Pool or skill roll, ``5b2s1g`` (Year Zero dice);
- Fate dice, ``4dF``, ``4dF+2``, ``dF-1 vs 3`` (the ruleset's dice count
  when the number is left out);
- a d20, ``d20``, ``d20+6 vs 17``.

The dice numbers come from the rulesets, handed in as ``QuickDice``: this
module knows no system.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field

from tui.core import odds
from tui.core.d20 import AttackRules, resolve_attack
from tui.core.dice import KINDS, Pool, YearZeroRules, parse_pool, roll_pool
from tui.core.errors import MassCombatError
from tui.core.fate_dice import FateOutcome, fate_outcome
from tui.core.i18n import t
from tui.core.records import Record


class QuickRollError(MassCombatError):
    """A quick roll's expression the app cannot read."""


@dataclass(frozen=True)
class QuickDice:
    """The dice the rulesets give: Year Zero's faces, Fate's count and
    success with style, the d20's sides."""

    yz: YearZeroRules
    fate_count: int
    fate_style: int
    d20: AttackRules


@dataclass(frozen=True)
class QuickSpec:
    family: "DiceFamily"
    """The kind of dice the expression names: it reads the odds, rolls and reads the faces."""
    text: str
    """The expression, tidied (``4dF+2 vs 3``)."""
    pool: Pool | None = None
    count: int = 0
    modifier: int = 0
    versus: int | None = None

    @property
    def kind(self) -> str:
        return self.family.key


class QuickRoll(Record):
    """A quick roll in the battle's log: the expression and every face, so
    the log replays it exactly. It changes nothing in the battle."""

    kind: Literal["quick_roll"] = "quick_roll"
    expression: Annotated[str, Field(min_length=1, max_length=60)]
    faces: tuple[Annotated[int, Field(ge=-1, le=100)], ...]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else ""


def _versus(versus: int | None) -> str:
    return f" vs {versus}" if versus is not None else ""


class DiceFamily:
    """One kind of dice a quick roll knows: how its expression reads, its
    exact odds, a roll of it and what the faces came to."""

    key = ""

    def parse(self, squeezed: str, dice: QuickDice) -> QuickSpec | None:
        """The spec if ``squeezed`` (lower case, no spaces) names these dice, else None."""
        raise NotImplementedError

    def odds(self, spec: QuickSpec, dice: QuickDice) -> str:
        raise NotImplementedError

    def roll(self, spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
        raise NotImplementedError

    def result(self, spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
        raise NotImplementedError


class _YearZero(DiceFamily):
    key = "yz"

    def parse(self, squeezed: str, dice: QuickDice) -> QuickSpec | None:
        if not re.fullmatch(r"(\d+[bsg])+", squeezed):
            return None
        try:
            pool = parse_pool(squeezed, dice.yz.max_pool_dice)
        except MassCombatError as exc:
            raise QuickRollError(str(exc)) from None
        return QuickSpec(self, pool.notation(), pool=pool)

    def odds(self, spec: QuickSpec, dice: QuickDice) -> str:
        assert spec.pool is not None
        at_least = odds.at_least(odds.success_distribution(spec.pool, 0, dice.yz))
        shown = ", ".join(f"≥{n}: {odds.percent(p)}" for n, p in sorted(at_least.items()) if 1 <= n <= 4 and p > 0)
        return t("quick.odds.yz", chances=shown or "-")

    def roll(self, spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
        assert spec.pool is not None
        return tuple(d.face for d in roll_pool(spec.pool, rng, dice.yz).dice)

    def result(self, spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
        assert spec.pool is not None
        successes = sum(1 for face in faces if face == dice.yz.success_face)
        groups, rest = [], list(faces)
        for kind, mark in zip(KINDS, ("✘", "◎", "⚙")):
            count = spec.pool.count(kind)
            if count:
                groups.append(mark + " " + " ".join(str(face) for face in rest[:count]))
                rest = rest[count:]
        return t("quick.result.yz", expression=spec.text, faces=" · ".join(groups), successes=successes)


class _Fate(DiceFamily):
    key = "fate"
    _PATTERN = re.compile(r"^(\d*)df([+-]\d+)?(?:vs([+-]?\d+))?$")

    def parse(self, squeezed: str, dice: QuickDice) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        count = int(found.group(1)) if found.group(1) else dice.fate_count
        if not 1 <= count <= 20:
            raise QuickRollError(t("quick.error.fate_count", count=count))
        modifier = int(found.group(2) or 0)
        versus = int(found.group(3)) if found.group(3) is not None else None
        return QuickSpec(self, f"{count}dF{_signed(modifier)}{_versus(versus)}", count=count, modifier=modifier, versus=versus)

    def odds(self, spec: QuickSpec, dice: QuickDice) -> str:
        if spec.versus is None:
            totals = odds.fate_totals(spec.modifier, spec.count)
            average = sum((k * p for k, p in totals.items()), Fraction(0))
            return t("quick.odds.fate_spread", low=min(totals), high=max(totals), average=f"{float(average):+.1f}")
        chances = odds.fate_outcomes(spec.modifier, spec.versus, spec.count, dice.fate_style)
        return t("quick.odds.fate", **{o.value: odds.percent(chances.get(o, Fraction(0))) for o in FateOutcome})

    def roll(self, spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(-1, 1) for _ in range(spec.count))

    def result(self, spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
        symbols = " ".join({-1: "−", 0: "0", 1: "+"}[face] for face in faces)
        total = sum(faces) + spec.modifier
        if spec.versus is None:
            return t("quick.result.fate", expression=spec.text, faces=symbols, total=f"{total:+d}")
        outcome = fate_outcome(total, spec.versus, dice.fate_style)
        return t("quick.result.fate_vs", expression=spec.text, faces=symbols, total=f"{total:+d}", outcome=t(f"quick.outcome.{outcome.value}"), shifts=total - spec.versus)


class _D20(DiceFamily):
    key = "d20"
    _PATTERN = re.compile(r"^d(\d+)([+-]\d+)?(?:vs(\d+))?$")

    def parse(self, squeezed: str, dice: QuickDice) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        sides = int(found.group(1))
        if sides != dice.d20.die:
            raise QuickRollError(t("quick.error.die", sides=sides, die=dice.d20.die))
        modifier = int(found.group(2) or 0)
        versus = int(found.group(3)) if found.group(3) is not None else None
        return QuickSpec(self, f"d{sides}{_signed(modifier)}{_versus(versus)}", modifier=modifier, versus=versus)

    def odds(self, spec: QuickSpec, dice: QuickDice) -> str:
        if spec.versus is None:
            return t("quick.odds.d20_spread", low=1 + spec.modifier, high=dice.d20.die + spec.modifier)
        return t("quick.odds.d20", chance=odds.percent(odds.d20_hit(spec.modifier, spec.versus, dice.d20)))

    def roll(self, spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
        return (rng.randint(1, dice.d20.die),)

    def result(self, spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
        face = faces[0]
        total = face + spec.modifier
        if spec.versus is None:
            return t("quick.result.d20", expression=spec.text, face=face, total=total)
        hit = resolve_attack(face, spec.modifier, spec.versus, None, dice.d20).hit
        return t("quick.result.d20_vs", expression=spec.text, face=face, total=total, outcome=t("quick.outcome.hit" if hit else "quick.outcome.miss"))


FAMILIES: tuple[DiceFamily, ...] = (_Fate(), _D20(), _YearZero())
"""The dice a quick roll knows, tried in this order (``4df`` before a pool's letters)."""


def parse_quick(text: str, dice: QuickDice) -> QuickSpec:
    """The expression read, or a ``QuickRollError`` saying what it should look like."""
    squeezed = re.sub(r"\s+", "", text.lower())
    if not squeezed:
        raise QuickRollError(t("quick.error.empty"))
    for family in FAMILIES:
        spec = family.parse(squeezed, dice)
        if spec is not None:
            return spec
    raise QuickRollError(t("quick.error.unknown", text=text.strip()))


def quick_odds(spec: QuickSpec, dice: QuickDice) -> str:
    """The exact chances, in one line."""
    return spec.family.odds(spec, dice)


def roll_quick(spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
    """Every face rolled, in the order ``quick_result`` reads them."""
    return spec.family.roll(spec, dice, rng)


def quick_result(spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
    """What the dice came to, in one line."""
    return spec.family.result(spec, faces, dice)


def quick_dice() -> QuickDice:
    """The dice the bundled rulesets give (Year Zero, Fate, the d20)."""
    from tui.core.rulesets import bundled_ruleset

    myz: Any = bundled_ruleset("myz")
    fate: Any = bundled_ruleset("fate")
    kingmaker: Any = bundled_ruleset("kingmaker")
    return QuickDice(YearZeroRules.from_ruleset(myz), fate.dice.count, fate.outcomes.success_with_style_shifts, AttackRules.from_ruleset(kingmaker))


def quick_rolls_section(events: Any, dice: QuickDice, escape: Any = str) -> str:
    """The battle's quick rolls as a Markdown section for its report ("" if none)."""
    lines = []
    for event in events:
        if isinstance(event, QuickRoll):
            try:
                lines.append("- " + escape(quick_result(parse_quick(event.expression, dice), event.faces, dice)))
            except (MassCombatError, IndexError, KeyError):  # a log edited by hand: show what it says
                lines.append("- " + escape(f"{event.expression}: {event.faces}"))
    if not lines:
        return ""
    return "\n## " + t("quick.report_heading") + "\n\n" + "\n".join(lines) + "\n"


def quick_stream(seed: int, number: int) -> random.Random:
    """The dice of the battle's ``number``-th quick roll: fixed by its seed,
    so an undo and the same roll again show the same dice."""
    return random.Random(f"masscombat:{seed}:quick:{number}")


__all__ = ["QuickDice", "QuickRoll", "QuickRollError", "QuickSpec", "parse_quick", "quick_dice", "quick_odds", "quick_result", "quick_rolls_section", "quick_stream", "roll_quick"]
