"""Plain dice as the quick roll reads them, whatever the system: ``2d6``,
``3d8+2``, ``d6 vs 4`` (the total's chance to reach a number). A GM rolls
these for what the rules leave to the table (a random encounter, a d6 for
the weather); they belong to no system, so they hold no rules number."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from tui.core.dice import odds
from tui.core.dice.quick import DiceFamily, QuickRollError, QuickSpec, signed_or_nothing, versus_text
from tui.core.i18n import t

MOST_DICE = 100
MOST_SIDES = 1000


class PlainDice(DiceFamily):
    """``NdX+M``, ``vs T``: the sum of N X-sided dice and M."""

    key = "plain"

    _PATTERN = re.compile(r"^(\d*)d(\d+)([+-]\d+)?(?:vs(-?\d+))?$")

    def parse(self, squeezed: str) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        count = int(found.group(1) or 1)
        sides = int(found.group(2))
        if not 1 <= count <= MOST_DICE or not 2 <= sides <= MOST_SIDES:
            raise QuickRollError(t("quick.error.plain_size", most=MOST_DICE, sides=MOST_SIDES))
        modifier = int(found.group(3) or 0)
        versus = int(found.group(4)) if found.group(4) is not None else None
        # the count always written: "1d20" read again must stay plain dice, not the d20 attack
        text = f"{count}d{sides}{signed_or_nothing(modifier)}{versus_text(versus)}"
        return QuickSpec(self, text, count=count, modifier=modifier, versus=versus, sides=sides)

    def _totals(self, spec: QuickSpec) -> dict[int, Fraction]:
        weights = {spec.modifier: 1}
        die = {face: 1 for face in range(1, spec.sides + 1)}
        for _ in range(spec.count):
            weights = odds.convolve(weights, die)
        return odds.normalise(weights)

    def odds(self, spec: QuickSpec) -> str:
        totals = self._totals(spec)
        if spec.versus is None:
            average = sum(total * p for total, p in totals.items())
            return t("quick.odds.plain", low=min(totals), high=max(totals), average=f"{float(average):g}")
        reach = sum((p for total, p in totals.items() if total >= spec.versus), Fraction(0))
        return t("quick.odds.plain_vs", chance=odds.percent(reach), versus=spec.versus)

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        total = sum(faces) + spec.modifier
        shown = " + ".join(str(face) for face in faces)
        if spec.versus is None:
            return t("quick.result.plain", expression=spec.text, faces=shown, total=total)
        outcome = t("quick.outcome.reached" if total >= spec.versus else "quick.outcome.short")
        return t("quick.result.plain_vs", expression=spec.text, faces=shown, total=total, outcome=outcome)


__all__ = ["PlainDice"]
