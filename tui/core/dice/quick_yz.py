"""Year Zero dice as the quick roll and the command line read them:
a Battle Pool or a skill roll, ``5b2s1g``, rolled and pushed, or its exact
odds, pushed and against another pool."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from tui.core.dice import odds
from tui.core.dice.quick import DiceFamily, DiceOptions, QuickRollError, QuickSpec
from tui.core.dice.year_zero import KINDS, DieKind, Pool, YearZeroRoll, YearZeroRules, parse_pool, roll_pool
from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.printout import Printout, pct, table

SHOWN = Fraction(1, 1000)
"""Rows of a readable odds table where every chance is below this are left out."""


class YearZeroPools(DiceFamily):
    """Year Zero dice: a Battle Pool or a skill roll, ``5b2s1g``."""

    key = "yz"

    def __init__(self, rules: YearZeroRules) -> None:
        self.rules = rules

    def parse(self, squeezed: str) -> QuickSpec | None:
        if not re.fullmatch(r"(\d+[bsg])+", squeezed):
            return None
        try:
            pool = parse_pool(squeezed, self.rules.max_pool_dice)
        except MassCombatError as exc:
            raise QuickRollError(str(exc)) from None
        return QuickSpec(self, pool.notation(), pool=pool)

    def odds(self, spec: QuickSpec) -> str:
        assert spec.pool is not None
        at_least = odds.at_least(odds.success_distribution(spec.pool, 0, self.rules))
        shown = ", ".join(f"≥{n}: {odds.percent(p)}" for n, p in sorted(at_least.items()) if 1 <= n <= 4 and p > 0)
        return t("quick.odds.yz", chances=shown or "-")

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        assert spec.pool is not None
        return tuple(d.face for d in roll_pool(spec.pool, rng, self.rules).dice)

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        assert spec.pool is not None
        successes = sum(1 for face in faces if face == self.rules.success_face)
        groups, rest = [], list(faces)
        for kind, mark in zip(KINDS, ("✘", "◎", "⚙")):
            count = spec.pool.count(kind)
            if count:
                groups.append(mark + " " + " ".join(str(face) for face in rest[:count]))
                rest = rest[count:]
        return t("quick.result.yz", expression=spec.text, faces=" · ".join(groups), successes=successes)

    # -- on the command line ------------------------------------------------------

    roll_options = frozenset({"push"})
    odds_options = frozenset({"pushes", "vs_pool", "vs_pushes"})

    def printed_roll(self, spec: QuickSpec, rng: random.Random, seed: int, options: DiceOptions) -> Printout:
        assert spec.pool is not None
        roll = roll_pool(spec.pool, rng, self.rules)
        for _ in range(options.push):
            roll = roll.push(rng)
        return Printout(_roll_text(roll, seed), _roll_json(roll, seed))

    def printed_odds(self, spec: QuickSpec, options: DiceOptions) -> Printout:
        assert spec.pool is not None
        return _odds(spec.pool, options, self.rules)


def pool_json(pool: Pool) -> dict[str, int]:
    return {kind.value: pool.count(kind) for kind in KINDS}


def spent_dice(roll: YearZeroRoll) -> list[dict[str, Any]]:
    """The Strategy dice removed to pay for pushes: which push, the face it
    showed, and its place among the Strategy dice of stage 0."""
    skill_indices = [i for i, die in enumerate(roll.dice) if die.kind is DieKind.SKILL]
    spent = [{"push": roll.spent_at(i), "face": die.faces[-1], "index": skill_indices.index(i)} for i, die in roll.spent()]
    return sorted(spent, key=lambda entry: (entry["push"], entry["index"]))


def _roll_json(roll: YearZeroRoll, seed: int) -> dict[str, Any]:
    return {
        "pool": pool_json(roll.pool),
        "notation": roll.pool.notation(),
        "stages": [{kind.value: faces for kind, faces in stage.items()} for stage in roll.stages()],
        "spent": spent_dice(roll),
        "successes": roll.successes,
        "banes": roll.banes,
        "gear_banes": roll.gear_banes,
        "pushes": roll.pushes,
        "seed": seed,
    }


def _roll_text(roll: YearZeroRoll, seed: int) -> str:
    pushed = t("cli.pushed", count=roll.pushes) if roll.pushes else t("cli.not_pushed")
    lines = [t("cli.yz_result", pool=roll.pool.notation(), successes=roll.successes, banes=roll.banes, gear_banes=roll.gear_banes, pushed=pushed, seed=seed)]
    spent = spent_dice(roll)
    stages = roll.stages()
    labels = [t("cli.stage_roll")] + [t("cli.stage_push", number=k) for k in range(1, len(stages))]
    width = max(len(label) for label in labels)
    for number, (label, stage) in enumerate(zip(labels, stages)):
        parts = [f"{t(f'die.{kind.value}')} {' '.join(str(face) for face in faces)}" for kind, faces in stage.items() if faces]
        line = f"  {label.ljust(width)}  " + " · ".join(parts)
        paid = [str(entry["face"]) for entry in spent if entry["push"] == number]
        if paid:
            line += "  " + t("cli.spent", faces=" ".join(paid))
        lines.append(line.rstrip())
    return "\n".join(lines)


def _pushes_text(asked: int, done: int) -> str:
    if done == 0:
        return t("odds.no_push") if asked == 0 else t("odds.no_push_possible")
    if done < asked:
        return t("odds.pushed_capped", count=done)
    return t("odds.pushed", count=done)


def _odds(pool: Pool, options: DiceOptions, rules: YearZeroRules) -> Printout:
    other = parse_pool(options.vs_pool, rules.max_pool_dice) if options.vs_pool is not None else None
    pushes = odds.possible_pushes(pool, options.pushes, rules)
    successes = odds.success_distribution(pool, pushes, rules)
    banes = odds.bane_distribution(pool, pushes, rules)
    gear_banes = odds.gear_bane_distribution(pool, pushes, rules)
    data: dict[str, Any] = {
        "pool": pool_json(pool),
        "notation": pool.notation(),
        "pushes": pushes,
        "successes": odds.distribution_text(successes),
        "p_at_least_one": odds.fraction_text(odds.p_at_least_one(pool, pushes, rules)),
        "banes": odds.distribution_text(banes),
        "gear_banes": odds.distribution_text(gear_banes),
    }
    versus = None
    if other is not None:
        other_pushes = odds.possible_pushes(other, options.vs_pushes, rules)
        versus = odds.opposed(pool, other, pushes, other_pushes, rules)
        data["vs"] = {"pool": pool_json(other), "notation": other.notation(), "pushes": other_pushes}
        data.update(win=odds.fraction_text(versus.win), tie=odds.fraction_text(versus.tie), lose=odds.fraction_text(versus.lose), margin=odds.distribution_text(versus.margin))
    at_least = odds.at_least(successes)
    rows = [[t("odds.col_count"), t("odds.col_successes"), t("odds.col_at_least"), t("odds.col_banes"), t("odds.col_gear_banes")]]
    zero = Fraction(0)
    for n in range(pool.total + 1):
        cells = (successes.get(n, zero), at_least.get(n, zero), banes.get(n, zero), gear_banes.get(n, zero))
        if n and all(p < SHOWN for p in cells):
            continue
        rows.append([str(n)] + [pct(p) if p else "" for p in cells])
    lines = [
        t("odds.heading", pool=pool.notation(), pushed=_pushes_text(options.pushes, pushes)),
        table(rows),
        t("odds.expected", successes=f"{float(odds.expected(successes)):.2f}", banes=f"{float(odds.expected(banes)):.2f}", gear_banes=f"{float(odds.expected(gear_banes)):.2f}"),
    ]
    if versus is not None and other is not None:
        lines.append(t("odds.versus", pool=other.notation(), pushed=_pushes_text(options.vs_pushes, data["vs"]["pushes"]), win=pct(versus.win), tie=pct(versus.tie), lose=pct(versus.lose)))
    return Printout("\n".join(lines), data)


__all__ = ["YearZeroPools", "pool_json", "spent_dice"]
