"""The d20 as the quick roll and the command line read it: ``d20+6 vs 17``,
an attack's hit, its damage (a cap if the army has one), or the exact odds
of every amount of damage."""

from __future__ import annotations

import random
import re
from typing import Any

from tui.core.dice import odds
from tui.core.dice.d20 import AttackRules, resolve_attack, roll_d20
from tui.core.dice.quick import DiceFamily, DiceOptions, QuickRollError, QuickSpec, signed_or_nothing, versus_text
from tui.core.i18n import t
from tui.core.printout import Printout, pct, signed, table


class TwentySidedDie(DiceFamily):
    """A d20 attack, ``d20+6 vs 17``."""

    key = "d20"

    def __init__(self, rules: AttackRules) -> None:
        self.rules = rules

    _PATTERN = re.compile(r"^d(\d+)([+-]\d+)?(?:vs(\d+))?$")

    def parse(self, squeezed: str) -> QuickSpec | None:
        found = self._PATTERN.match(squeezed)
        if not found:
            return None
        sides = int(found.group(1))
        if sides != self.rules.die:
            return None  # another die: plain dice (``quick_plain``)
        modifier = int(found.group(2) or 0)
        versus = int(found.group(3)) if found.group(3) is not None else None
        return QuickSpec(self, f"d{sides}{signed_or_nothing(modifier)}{versus_text(versus)}", modifier=modifier, versus=versus)

    def odds(self, spec: QuickSpec) -> str:
        if spec.versus is None:
            return t("quick.odds.d20_spread", low=1 + spec.modifier, high=self.rules.die + spec.modifier)
        return t("quick.odds.d20", chance=odds.percent(odds.d20_hit(spec.modifier, spec.versus, self.rules)))

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        return (rng.randint(1, self.rules.die),)

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        face = faces[0]
        total = face + spec.modifier
        if spec.versus is None:
            return t("quick.result.d20", expression=spec.text, face=face, total=total)
        hit = resolve_attack(face, spec.modifier, spec.versus, None, self.rules).hit
        return t("quick.result.d20_vs", expression=spec.text, face=face, total=total, outcome=t("quick.outcome.hit" if hit else "quick.outcome.miss"))

    # -- on the command line ------------------------------------------------------

    roll_options = frozenset({"cap"})
    odds_options = frozenset({"cap"})

    def printed_roll(self, spec: QuickSpec, rng: random.Random, seed: int, options: DiceOptions) -> Printout:
        roll = roll_d20(rng, spec.modifier, self.rules.die)
        data: dict[str, Any] = {"face": roll.face, "modifier": roll.modifier, "total": roll.total, "seed": seed}
        lines = [t("cli.d20_result", die=self.rules.die, face=roll.face, modifier=signed(roll.modifier), total=roll.total, seed=seed)]
        if spec.versus is not None:
            result = resolve_attack(roll.face, roll.modifier, spec.versus, options.cap, self.rules)
            data.update(target=spec.versus, hit=bool(result.hit), damage=result.damage, critical=result.critical)
            if options.cap is not None:
                data["cap"] = options.cap
            if not result.hit:
                lines.append(t("cli.d20_miss", target=spec.versus))
            elif result.critical:
                lines.append(t("cli.d20_critical", target=spec.versus, damage=result.damage))
            else:
                lines.append(t("cli.d20_hit", target=spec.versus, damage=result.damage))
        return Printout("\n".join(lines), data)

    def printed_odds(self, spec: QuickSpec, options: DiceOptions) -> Printout:
        if spec.versus is None:
            raise QuickRollError(t("cli.d20_needs_target", expression=spec.text))
        damage = odds.d20_attack(spec.modifier, spec.versus, options.cap, self.rules)
        hit = odds.d20_hit(spec.modifier, spec.versus, self.rules)
        data = {"modifier": spec.modifier, "target": spec.versus, "cap": options.cap, "hit": odds.fraction_text(hit), "damage": odds.distribution_text(damage)}
        at_least = odds.at_least(damage)
        rows = [[t("odds.col_damage"), t("odds.col_exactly"), t("odds.col_or_more")]]
        for amount, p in damage.items():
            rows.append([str(amount), pct(p), pct(at_least[amount])])
        lines = [
            t("odds.d20_heading", die=self.rules.die, modifier=signed(spec.modifier), target=spec.versus, hit=pct(hit)),
            table(rows),
            t("odds.d20_expected", damage=f"{float(odds.expected(damage)):.2f}"),
        ]
        return Printout("\n".join(lines), data)


__all__ = ["TwentySidedDie"]
