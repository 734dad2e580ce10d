"""``masscombat odds``: exact chances for a Battle Pool, 4dF or a d20 attack."""

from __future__ import annotations

from fractions import Fraction

from tui.core import odds
from tui.core.systems.fate.rules import bundled as fate_ruleset
from tui.core.dice import parse_pool
from tui.core.fate_dice import FateOutcome
from tui.core.i18n import language, t
from tui.cli.output import emit, emit_json, pct, signed, table, where
from tui.cli.roll import attack_rules, pool_json, yz_rules

SHOWN = Fraction(1, 1000)
"""Rows of a readable table where every chance is below this are left out."""


def _pushes_text(asked: int, done: int) -> str:
    if done == 0:
        return t("odds.no_push") if asked == 0 else t("odds.no_push_possible")
    if done < asked:
        return t("odds.pushed_capped", count=done)
    return t("odds.pushed", count=done)


def odds_yz(args) -> int:
    rules = yz_rules()
    with where("odds yz"):
        pool = parse_pool(args.pool, rules.max_pool_dice)
        other = parse_pool(args.vs, rules.max_pool_dice) if args.vs is not None else None
    pushes = odds.possible_pushes(pool, args.pushes, rules)
    successes = odds.success_distribution(pool, pushes, rules)
    banes = odds.bane_distribution(pool, pushes, rules)
    gear_banes = odds.gear_bane_distribution(pool, pushes, rules)
    data: dict = {
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
        other_pushes = odds.possible_pushes(other, args.vs_pushes, rules)
        versus = odds.opposed(pool, other, pushes, other_pushes, rules)
        data["vs"] = {"pool": pool_json(other), "notation": other.notation(), "pushes": other_pushes}
        data.update(
            win=odds.fraction_text(versus.win),
            tie=odds.fraction_text(versus.tie),
            lose=odds.fraction_text(versus.lose),
            margin=odds.distribution_text(versus.margin),
        )
    if args.json:
        emit_json(data)
        return 0
    at_least = odds.at_least(successes)
    rows = [[t("odds.col_count"), t("odds.col_successes"), t("odds.col_at_least"), t("odds.col_banes"), t("odds.col_gear_banes")]]
    zero = Fraction(0)
    for n in range(pool.total + 1):
        cells = (successes.get(n, zero), at_least.get(n, zero), banes.get(n, zero), gear_banes.get(n, zero))
        if n and all(p < SHOWN for p in cells):
            continue
        rows.append([str(n)] + [pct(p) if p else "" for p in cells])
    lines = [
        t("odds.heading", pool=pool.notation(), pushed=_pushes_text(args.pushes, pushes)),
        table(rows),
        t(
            "odds.expected",
            successes=f"{float(odds.expected(successes)):.2f}",
            banes=f"{float(odds.expected(banes)):.2f}",
            gear_banes=f"{float(odds.expected(gear_banes)):.2f}",
        ),
    ]
    if versus is not None and other is not None:
        lines.append(t(
            "odds.versus", pool=other.notation(), pushed=_pushes_text(args.vs_pushes, data["vs"]["pushes"]),
            win=pct(versus.win), tie=pct(versus.tie), lose=pct(versus.lose),
        ))
    emit(args, "\n".join(lines))
    return 0


# -- Fate -------------------------------------------------------------------


def odds_fate(args) -> int:
    ruleset = fate_ruleset()
    count = ruleset.dice.count
    totals = odds.fate_totals(args.modifier, count)
    data: dict = {"modifier": args.modifier, "dice": count, "totals": odds.distribution_text(totals)}
    outcomes = None
    if args.vs is not None:
        outcomes = odds.fate_outcomes(args.modifier, args.vs, count, ruleset.outcomes.success_with_style_shifts)
        data["difficulty"] = args.vs
        data["outcomes"] = {outcome.value: odds.fraction_text(p) for outcome, p in outcomes.items()}
    if args.json:
        emit_json(data)
        return 0
    at_least = odds.at_least(totals)
    rows = [[t("odds.col_total"), t("odds.col_ladder"), t("odds.col_exactly"), t("odds.col_or_more")]]
    for total, p in totals.items():
        rows.append([signed(total), ruleset.ladder_name(total, language()), pct(p), pct(at_least[total])])
    lines = [t("odds.fate_heading", count=count, modifier=signed(args.modifier)), table(rows)]
    if outcomes is not None:
        parts = "  ".join(f"{t(f'cli.fate_outcome.{o.value}')} {pct(outcomes[o])}" for o in FateOutcome)
        lines.append(t("odds.fate_versus", difficulty=signed(args.vs), ladder=ruleset.ladder_name(args.vs, language()), outcomes=parts))
    emit(args, "\n".join(lines))
    return 0


# -- d20 --------------------------------------------------------------------


def odds_d20(args) -> int:
    rules = attack_rules()
    damage = odds.d20_attack(args.modifier, args.vs, args.cap, rules)
    hit = odds.d20_hit(args.modifier, args.vs, rules)
    data = {
        "modifier": args.modifier,
        "target": args.vs,
        "cap": args.cap,
        "hit": odds.fraction_text(hit),
        "damage": odds.distribution_text(damage),
    }
    if args.json:
        emit_json(data)
        return 0
    at_least = odds.at_least(damage)
    rows = [[t("odds.col_damage"), t("odds.col_exactly"), t("odds.col_or_more")]]
    for amount, p in damage.items():
        rows.append([str(amount), pct(p), pct(at_least[amount])])
    lines = [
        t("odds.d20_heading", die=rules.die, modifier=signed(args.modifier), target=args.vs, hit=pct(hit)),
        table(rows),
        t("odds.d20_expected", damage=f"{float(odds.expected(damage)):.2f}"),
    ]
    emit(args, "\n".join(lines))
    return 0
