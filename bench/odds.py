"""Exact-odds timings for a big Battle Pool, cold and warm.

    python bench/odds.py [--repeats N] [--json]

* ``opposed(12b6s4g, 12b6s4g, 3, 3)``: win/tie/lose and the margin, both
  sides pushing three times (the figure the roller shows before a roll).
* ``push_now(roll, opponent)`` on a rolled 12b6s4g that can still push (the
  settle-or-push odds drawn after every key during a roll).
* ``pool_outcomes(12b6s4g, 3)``: the joint (successes, banes, gear banes)
  distribution.

"cold": every ``functools.lru_cache`` in ``tui.core.dice.odds`` (found by looking
for ``cache_clear``) is cleared before each sample, so the sample includes
building the binomial and Markov-chain tables. "warm": the same call again
with the caches filled (the first, cold call is not counted).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

from _common import Row, finish, machine, row


def caches(module) -> list[tuple[str, Callable[[], None]]]:
    """Every lru-cached function of ``module``, as (name, cache_clear)."""
    return sorted((name, obj.cache_clear) for name, obj in vars(module).items() if callable(getattr(obj, "cache_clear", None)))


def sample(call: Callable[[], object], repeats: int, clear: Callable[[], None] | None) -> list[float]:
    out = []
    if clear is None:
        call()  # fill the caches; not counted
    for _ in range(repeats):
        if clear is not None:
            clear()
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def pushable_roll(pool, rules, seed: int = 1877):
    """A rolled pool that can still be pushed (the first seed from ``seed`` that gives one)."""
    from tui.core.dice.year_zero import roll_pool

    for offset in range(1000):
        roll = roll_pool(pool, random.Random(seed + offset), rules)
        if roll.can_push:
            return roll
    raise RuntimeError("no pushable roll found")


def main(argv: list[str]) -> list[Row]:
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 200
    from tui.core.dice import odds
    from tui.core.dice.year_zero import YearZeroRules, parse_pool
    from tui.core.systems.myz.rules import shipped as myz

    rules = YearZeroRules.from_ruleset(myz())
    pool = parse_pool("12b6s4g")
    found = caches(odds)

    def clear_all() -> None:
        for _, cache_clear in found:
            cache_clear()

    roll = pushable_roll(pool, rules)
    opponent = roll.successes  # level: the push decision matters most
    result = odds.opposed(pool, pool, 3, 3, rules)
    joint = odds.pool_outcomes(pool, 3, rules)
    decision = odds.push_now(roll, opponent)
    print("odds: exact probabilities (fractions) for 12b6s4g, Mutant: Year Zero rules")
    print(f"  {machine()}; {repeats} samples per figure")
    print(f"  caches cleared for 'cold': {', '.join(name for name, _ in found) or '(none found)'}")
    print(f"  opposed(12b6s4g, 12b6s4g, 3, 3): win {float(result.win):.4f}, tie {float(result.tie):.4f}, "
          f"lose {float(result.lose):.4f}, {len(result.margin)} margins")
    print(f"  pool_outcomes(12b6s4g, 3): {len(joint)} (successes, banes, gear banes) outcomes")
    print(f"  push_now: roll with {roll.successes} successes, {roll.strategy_dice_left()} Strategy dice left, "
          f"opponent {opponent}; push win {float(decision.push[0]):.4f} vs settle win {float(decision.settle[0]):.4f}")

    big = parse_pool("30b15s10g")
    thirty = parse_pool("15b10s5g")
    calls = [
        ("opposed 12b6s4g vs 12b6s4g, 3 pushes each", lambda: odds.opposed(pool, pool, 3, 3, rules)),
        ("opposed 30b15s10g vs 12b6s4g, 3 pushes each", lambda: odds.opposed(big, pool, 3, 3, rules)),
        ("opposed 15b10s5g (30 dice) vs itself, 5 pushes each", lambda: odds.opposed(thirty, thirty, 5, 5, rules)),
        ("push_now on a rolled 12b6s4g", lambda: odds.push_now(roll, opponent)),
        ("pool_outcomes 12b6s4g, 3 pushes", lambda: odds.pool_outcomes(pool, 3, rules)),
    ]
    rows = []
    for label, call in calls:
        rows.append(row("odds", f"{label}, cold", sample(call, repeats, clear_all), goal=5.0))
        rows.append(row("odds", f"{label}, warm", sample(call, repeats, None)))
    clear_all()  # leave nothing behind for whoever imports this next
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
