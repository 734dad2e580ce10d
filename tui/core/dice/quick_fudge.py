"""Fate dice as the quick roll and the command line read them: ``4dF``,
``4dF+2 vs 3`` (the ruleset's count when none is typed), rolled with the
ladder's words, or the exact odds of every total and outcome."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from tui.core.dice import odds
from tui.core.dice.fudge import FateOutcome, fudge_outcome, roll_fudge
from tui.core.dice.ladder import LadderRuleset
from tui.core.dice.quick import DiceFamily, DiceOptions, QuickRollError, QuickSpec, signed_or_nothing, versus_text
from tui.core.i18n import language, t
from tui.core.printout import Printout, pct, signed, table


class FudgeDice(DiceFamily):
    """Fate dice, ``4dF+2 vs 3``: the count when none is typed, and how many
    shifts make a success with style."""

    key = "dF"

    def __init__(self, count: int, style: int, ladder: LadderRuleset | None = None) -> None:
        self.count = count
        self.style = style
        self.ladder = ladder
        """The words of the ruleset's ladder for a total, where it has one."""

    _PATTERN = re.compile(r"^(\d*)df([+-]\d+)?(?:vs([+-]?\d+))?$")

    def parse(self, squeezed: str) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        count = int(found.group(1)) if found.group(1) else self.count
        if not 1 <= count <= 20:
            raise QuickRollError(t("quick.error.fudge_count", count=count))
        modifier = int(found.group(2) or 0)
        versus = int(found.group(3)) if found.group(3) is not None else None
        return QuickSpec(self, f"{count}dF{signed_or_nothing(modifier)}{versus_text(versus)}", count=count, modifier=modifier, versus=versus)

    def odds(self, spec: QuickSpec) -> str:
        if spec.versus is None:
            totals = odds.fudge_totals(spec.modifier, spec.count)
            average = sum((k * p for k, p in totals.items()), Fraction(0))
            return t("quick.odds.fudge_spread", low=min(totals), high=max(totals), average=f"{float(average):+.1f}")
        chances = odds.fudge_outcomes(spec.modifier, spec.versus, spec.count, self.style)
        return t("quick.odds.fudge", **{o.value: odds.percent(chances.get(o, Fraction(0))) for o in FateOutcome})

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(-1, 1) for _ in range(spec.count))

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        symbols = " ".join({-1: "−", 0: "0", 1: "+"}[face] for face in faces)
        total = sum(faces) + spec.modifier
        if spec.versus is None:
            return t("quick.result.fudge", expression=spec.text, faces=symbols, total=f"{total:+d}")
        outcome = fudge_outcome(total, spec.versus, self.style)
        return t("quick.result.fudge_vs", expression=spec.text, faces=symbols, total=f"{total:+d}", outcome=t(f"quick.outcome.{outcome.value}"), shifts=total - spec.versus)

    # -- on the command line ------------------------------------------------------

    def _ladder(self, rating: int) -> str:
        return self.ladder.ladder_name(rating, language()) if self.ladder is not None else signed(rating)

    def printed_roll(self, spec: QuickSpec, rng: random.Random, seed: int, options: DiceOptions) -> Printout:
        roll = roll_fudge(rng, spec.modifier, spec.count)
        ladder = self._ladder(roll.total)
        data: dict[str, Any] = {"faces": list(roll.faces), "modifier": roll.modifier, "total": roll.total, "ladder": ladder, "seed": seed}
        lines = [t("cli.fudge_result", faces=roll.symbols(), modifier=signed(roll.modifier), total=signed(roll.total), ladder=ladder, seed=seed)]
        if spec.versus is not None:
            outcome = fudge_outcome(roll.total, spec.versus, self.style)
            shifts = roll.total - spec.versus
            data.update(difficulty=spec.versus, shifts=shifts, outcome=outcome.value)
            lines.append(t("cli.fudge_versus", difficulty=signed(spec.versus), ladder=self._ladder(spec.versus), outcome=t(f"cli.fudge_outcome.{outcome.value}"), shifts=shifts))
        return Printout("\n".join(lines), data)

    def printed_odds(self, spec: QuickSpec, options: DiceOptions) -> Printout:
        totals = odds.fudge_totals(spec.modifier, spec.count)
        data: dict[str, Any] = {"modifier": spec.modifier, "dice": spec.count, "totals": odds.distribution_text(totals)}
        at_least = odds.at_least(totals)
        rows = [[t("odds.col_total"), t("odds.col_ladder"), t("odds.col_exactly"), t("odds.col_or_more")]]
        for total, p in totals.items():
            rows.append([signed(total), self._ladder(total), pct(p), pct(at_least[total])])
        lines = [t("odds.fudge_heading", count=spec.count, modifier=signed(spec.modifier)), table(rows)]
        if spec.versus is not None:
            outcomes = odds.fudge_outcomes(spec.modifier, spec.versus, spec.count, self.style)
            data["difficulty"] = spec.versus
            data["outcomes"] = {outcome.value: odds.fraction_text(p) for outcome, p in outcomes.items()}
            parts = "  ".join(f"{t(f'cli.fudge_outcome.{o.value}')} {pct(outcomes[o])}" for o in FateOutcome)
            lines.append(t("odds.fudge_versus", difficulty=signed(spec.versus), ladder=self._ladder(spec.versus), outcomes=parts))
        return Printout("\n".join(lines), data)


__all__ = ["FudgeDice"]
