"""Exact odds against brute-force enumeration through the real dice code.

The enumeration rolls every face sequence through ``roll_pool`` and
``YearZeroRoll.push`` with a scripted rng, so it shares no arithmetic with
``tui.core.dice.odds``. Small pools use d6; larger ones use smaller dice (the
odds are written for any die size), which keeps the file fast.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from tui.core.dice import odds
from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.dice.year_zero import Pool, YearZeroRoll, YearZeroRules, roll_pool
from tui.core.errors import PoolSizeError
from tui.core.dice.fudge import FateOutcome, FateRoll, fudge_outcome
from tui.core.systems.kingmaker.rules import shipped as kingmaker

D6 = YearZeroRules()
COST_2 = YearZeroRules(strategy_dice_per_push=2)
ONE_PUSH = YearZeroRules(max_pushes=1)
D3 = YearZeroRules(sides=3, success_face=3, bane_face=1, gear_bane_face=1)
D4_ODD = YearZeroRules(sides=4, success_face=1, bane_face=2, gear_bane_face=3)
D3_COST_2 = YearZeroRules(sides=3, success_face=3, bane_face=1, gear_bane_face=1, strategy_dice_per_push=2)
D3_ONE_PUSH = YearZeroRules(sides=3, success_face=3, bane_face=1, gear_bane_face=1, max_pushes=1)


class Scripted:
    """An rng whose ``randint`` hands out preset faces, in order."""

    def __init__(self, faces, sides):
        self.faces = list(faces)
        self.sides = sides

    def randint(self, low, high):
        assert (low, high) == (1, self.sides)
        return self.faces.pop(0)


class Counting:
    """An rng that counts how many dice a push rerolls."""

    def __init__(self):
        self.calls = 0

    def randint(self, low, high):
        self.calls += 1
        return low


def every_push(roll: YearZeroRoll):
    """Each roll one push can lead to, with its probability (real ``push``)."""
    counter = Counting()
    roll.push(counter)
    sides = roll.rules.sides
    for faces in product(range(1, sides + 1), repeat=counter.calls):
        rng = Scripted(faces, sides)
        pushed = roll.push(rng)
        assert not rng.faces
        yield pushed, Fraction(1, sides**counter.calls)


def _key(roll: YearZeroRoll):
    return tuple((die.kind, die.face) for _, die in roll.active()), roll.pushes


def brute(pool: Pool, pushes: int, rules: YearZeroRules) -> dict[tuple[int, int, int], Fraction]:
    """(successes, banes, gear banes): push while asked and allowed."""
    memo: dict = {}

    def walk(roll: YearZeroRoll, left: int) -> dict:
        key = (_key(roll), left)
        if key in memo:
            return memo[key]
        if left == 0 or not roll.can_push:
            result = {(roll.successes, roll.banes, roll.gear_banes): Fraction(1)}
        else:
            result = {}
            for pushed, p in every_push(roll):
                for outcome, q in walk(pushed, left - 1).items():
                    result[outcome] = result.get(outcome, 0) + p * q
        memo[key] = result
        return result

    out: dict = {}
    sides = rules.sides
    for faces in product(range(1, sides + 1), repeat=pool.total):
        roll = roll_pool(pool, Scripted(faces, sides), rules)
        for outcome, q in walk(roll, pushes).items():
            out[outcome] = out.get(outcome, 0) + q * Fraction(1, sides**pool.total)
    return out


def marginal(joint: dict, index: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for key, p in joint.items():
        out[key[index]] = out.get(key[index], 0) + p
    return out


CASES = [
    (Pool(), 2, D6),
    (Pool(2, 0, 1), 0, D6),
    (Pool(2, 0, 1), 2, D6),          # no Strategy die: no push
    (Pool(1, 1, 1), 1, D6),
    (Pool(1, 1, 1), 3, D6),          # more pushes than Strategy dice
    (Pool(0, 3, 0), 3, D6),
    (Pool(1, 2, 0), 2, D6),
    (Pool(1, 2, 1), 2, D4_ODD),
    (Pool(2, 3, 1), 3, D3),
    (Pool(1, 2, 0), 2, COST_2),      # 2 Strategy dice a push: one push only
    (Pool(0, 3, 1), 2, COST_2),      # one push, then one Strategy die cannot pay
    (Pool(1, 4, 1), 2, D3_COST_2),
    (Pool(1, 1, 1), 1, COST_2),      # cannot pay at all
    (Pool(1, 2, 0), 3, ONE_PUSH),
    (Pool(2, 3, 1), 3, D3_ONE_PUSH),
]


@lru_cache(maxsize=None)
def brute_cached(pool, pushes, rules):
    return brute(pool, pushes, rules)


@pytest.mark.parametrize("pool, pushes, rules", CASES)
def test_pool_outcomes_match_enumeration(pool, pushes, rules):
    expected = brute_cached(pool, pushes, rules)
    assert odds.pool_outcomes(pool, pushes, rules) == {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("pool, pushes, rules", CASES)
def test_marginals_match_enumeration(pool, pushes, rules):
    expected = brute_cached(pool, pushes, rules)
    assert odds.success_distribution(pool, pushes, rules) == marginal(expected, 0)
    assert odds.bane_distribution(pool, pushes, rules) == marginal(expected, 1)
    assert odds.gear_bane_distribution(pool, pushes, rules) == marginal(expected, 2)
    assert odds.p_at_least_one(pool, pushes, rules) == 1 - marginal(expected, 0).get(0, 0)


@pytest.mark.parametrize("a, b, pushes_a, pushes_b, rules", [
    (Pool(1, 1, 1), Pool(2, 0, 1), 1, 0, D6),
    (Pool(0, 3, 0), Pool(1, 2, 0), 3, 2, D6),
    (Pool(1, 2, 0), Pool(1, 1, 1), 2, 1, COST_2),
    (Pool(2, 3, 1), Pool(1, 4, 1), 3, 2, D3_COST_2),
])
def test_opposed_matches_enumeration(a, b, pushes_a, pushes_b, rules):
    sa = marginal(brute_cached(a, pushes_a, rules), 0)
    sb = marginal(brute_cached(b, pushes_b, rules), 0)
    margin: dict[int, Fraction] = {}
    for (x, px), (y, py) in product(sa.items(), sb.items()):
        margin[x - y] = margin.get(x - y, 0) + px * py
    result = odds.opposed(a, b, pushes_a, pushes_b, rules)
    assert result.margin == margin
    assert result.win == sum(p for m, p in margin.items() if m > 0)
    assert result.tie == margin.get(0, 0)
    assert result.lose == sum(p for m, p in margin.items() if m < 0)


def test_p_at_least_one_exact():
    assert odds.p_at_least_one(Pool(5, 2, 1)) == 1 - Fraction(5, 6) ** 8
    # one push, the Strategy die paying for it shows no success more often than not
    assert odds.p_at_least_one(Pool(0, 2, 0), 1) == Fraction(11, 36) + Fraction(25, 36) * Fraction(1, 6)


def test_a_push_that_must_spend_the_last_strategy_die_can_lower_the_odds():
    # The only Strategy die pays for the push, even when it shows the success.
    assert odds.p_at_least_one(Pool(0, 1, 0), 1) == 0
    assert odds.p_at_least_one(Pool(1, 1, 0), 1) < odds.p_at_least_one(Pool(1, 1, 0), 0)


def test_possible_pushes():
    assert odds.possible_pushes(Pool(3, 0, 2), 5) == 0
    assert odds.possible_pushes(Pool(3, 4, 2), 9) == 4
    assert odds.possible_pushes(Pool(3, 4, 2)) == 4
    assert odds.possible_pushes(Pool(3, 5, 2), 9, COST_2) == 2
    assert odds.possible_pushes(Pool(3, 5, 2), 9, ONE_PUSH) == 1
    assert odds.possible_pushes(Pool(0, 5), 2, YearZeroRules(strategy_dice_per_push=0)) == 2
    with pytest.raises(ValueError):
        odds.possible_pushes(Pool(0, 5), -1)
    with pytest.raises(ValueError):
        odds.possible_pushes(Pool(0, 5), None, YearZeroRules(strategy_dice_per_push=0))


def test_free_pushes_match_enumeration():
    rules = YearZeroRules(sides=3, success_face=3, bane_face=1, gear_bane_face=1, strategy_dice_per_push=0)
    pool = Pool(1, 1, 1)
    assert odds.pool_outcomes(pool, 2, rules) == brute(pool, 2, rules)


def test_oversized_pool_is_refused():
    with pytest.raises(PoolSizeError):
        odds.success_distribution(Pool(60, 30, 10))


def test_cached_results_are_not_shared():
    first = odds.success_distribution(Pool(2, 1, 1), 1)
    first.clear()
    assert sum(odds.success_distribution(Pool(2, 1, 1), 1).values()) == 1


def test_big_pool_is_exact():
    pool = Pool(40, 50, 9)
    dist = odds.success_distribution(pool, 3)
    assert sum(dist.values()) == 1
    assert odds.p_at_least_one(Pool(99), 3) == 1 - Fraction(5, 6) ** 99  # no Strategy die


# -- a roll on the table ------------------------------------------------------


def brute_push(roll: YearZeroRoll, opponent: int):
    successes: dict[int, Fraction] = {}
    banes: dict[int, Fraction] = {}
    gear_banes: dict[int, Fraction] = {}
    lost = set()
    for pushed, p in every_push(roll):
        successes[pushed.successes] = successes.get(pushed.successes, 0) + p
        banes[pushed.banes] = banes.get(pushed.banes, 0) + p
        gear_banes[pushed.gear_banes] = gear_banes.get(pushed.gear_banes, 0) + p
        spent_faces = [die.faces[-1] for i, die in enumerate(pushed.dice) if pushed.spent_at(i) == pushed.pushes]
        lost.add(any(f == roll.rules.success_face for f in spent_faces))
    assert len(lost) == 1
    versus = (
        sum(p for s, p in successes.items() if s > opponent),
        successes.get(opponent, 0),
        sum(p for s, p in successes.items() if s < opponent),
    )
    return versus, successes, banes, gear_banes, lost.pop()


def check_decision(roll: YearZeroRoll, opponent: int):
    decision = odds.push_now(roll, opponent)
    s = roll.successes
    assert decision.settle == (int(s > opponent), int(s == opponent), int(s < opponent))
    assert sum(decision.settle) == 1
    if not roll.can_push:
        assert decision.push is None
        assert decision.successes_after_push == {} and not decision.lose_success
        return
    versus, successes, banes, gear_banes, lost = brute_push(roll, opponent)
    assert decision.push == versus
    assert decision.successes_after_push == successes
    assert decision.banes_after_push == banes
    assert decision.gear_banes_after_push == gear_banes
    assert decision.lose_success is lost


def test_push_now_every_first_roll_of_a_small_pool():
    pool, rules = Pool(1, 2, 1), D3
    for faces in product(range(1, 4), repeat=pool.total):
        roll = roll_pool(pool, Scripted(faces, 3), rules)
        for opponent in range(4):
            check_decision(roll, opponent)


@pytest.mark.parametrize("rules", [D6, COST_2, ONE_PUSH])
def test_push_now_on_d6_rolls_and_pushed_rolls(rules):
    rng = random.Random(5)
    for _ in range(12):
        roll = roll_pool(Pool(2, 2, 1), rng, rules)
        check_decision(roll, rng.randint(0, 3))
        if roll.can_push:
            pushed = roll.push(rng)
            check_decision(pushed, rng.randint(0, 3))


def test_push_now_lose_success_and_no_push():
    six = D6.success_face
    roll = roll_pool(Pool(1, 1, 0), Scripted([2, six], 6), D6)
    decision = odds.push_now(roll, 1)
    assert decision.settle == (0, 1, 0)
    assert decision.lose_success is True
    assert decision.successes_after_push == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    no_skill = roll_pool(Pool(2, 0, 1), Scripted([six, 3, 1], 6), D6)
    decision = odds.push_now(no_skill, 0)
    assert decision.push is None and decision.settle == (1, 0, 0)


# -- properties ---------------------------------------------------------------

pools = st.builds(Pool, st.integers(0, 12), st.integers(0, 8), st.integers(0, 6))
small_pools = st.builds(Pool, st.integers(0, 3), st.integers(0, 3), st.integers(0, 2))
rule_sets = st.sampled_from([D6, COST_2, ONE_PUSH, D3, D4_ODD])


@settings(max_examples=60, deadline=None)
@given(pools, st.integers(0, 5), rule_sets)
def test_distributions_sum_to_one(pool, pushes, rules):
    for dist in (
        odds.success_distribution(pool, pushes, rules),
        odds.bane_distribution(pool, pushes, rules),
        odds.gear_bane_distribution(pool, pushes, rules),
    ):
        assert sum(dist.values()) == 1
        assert all(p > 0 for p in dist.values())


@settings(max_examples=40, deadline=None)
@given(small_pools, st.integers(0, 3), rule_sets)
def test_joint_sums_to_one_and_agrees_with_marginal(pool, pushes, rules):
    joint = odds.pool_outcomes(pool, pushes, rules)
    assert sum(joint.values()) == 1
    assert marginal(joint, 0) == odds.success_distribution(pool, pushes, rules)


@settings(max_examples=80, deadline=None)
@given(pools, st.integers(0, 4), rule_sets)
def test_a_push_that_keeps_a_strategy_die_never_lowers_p_at_least_one(pool, pushes, rules):
    before = odds.p_at_least_one(pool, pushes, rules)
    after = odds.p_at_least_one(pool, pushes + 1, rules)
    if odds.possible_pushes(pool, pushes + 1, rules) == odds.possible_pushes(pool, pushes, rules):
        assert after == before
    elif pool.skill > (pushes + 1) * rules.strategy_dice_per_push:
        assert after >= before


@settings(max_examples=60, deadline=None)
@given(pools, pools, st.integers(0, 3), st.integers(0, 3), rule_sets)
def test_opposed_is_complete_and_symmetric(a, b, pa, pb, rules):
    ab = odds.opposed(a, b, pa, pb, rules)
    ba = odds.opposed(b, a, pb, pa, rules)
    assert ab.win + ab.tie + ab.lose == 1
    assert sum(ab.margin.values()) == 1
    assert ab.win == ba.lose and ab.tie == ba.tie and ab.lose == ba.win
    assert ab.margin == {-m: p for m, p in ba.margin.items()}


# -- Fate -------------------------------------------------------------------


@pytest.mark.parametrize("modifier", [-3, 0, 2])
@pytest.mark.parametrize("count", [0, 1, 4])
def test_fate_totals_match_enumeration(modifier, count):
    expected: dict[int, Fraction] = {}
    for faces in product((-1, 0, 1), repeat=count):
        total = FateRoll(faces, modifier).total
        expected[total] = expected.get(total, 0) + Fraction(1, 3**count)
    assert odds.fudge_totals(modifier, count) == expected


def test_fate_totals_known_values():
    dist = odds.fudge_totals(0)
    assert dist[0] == Fraction(19, 81) and dist[4] == Fraction(1, 81) and dist[-3] == Fraction(4, 81)


@pytest.mark.parametrize("modifier, difficulty, style", [(0, 0, 3), (2, 3, 3), (-1, 2, 2), (4, 0, 3)])
def test_fate_outcomes_match_enumeration(modifier, difficulty, style):
    expected = {outcome: Fraction(0) for outcome in FateOutcome}
    for faces in product((-1, 0, 1), repeat=4):
        expected[fudge_outcome(sum(faces) + modifier, difficulty, style)] += Fraction(1, 81)
    result = odds.fudge_outcomes(modifier, difficulty, style_shifts=style)
    assert result == expected and sum(result.values()) == 1


def test_fate_outcome_known_value():
    # Mediocre (+0) against Fair (+2): fail below +2, tie on +2 (10/81), success on +3, +4
    result = odds.fudge_outcomes(0, 2)
    assert result[FateOutcome.TIE] == Fraction(10, 81)
    assert result[FateOutcome.SUCCESS] == Fraction(5, 81)
    assert result[FateOutcome.STYLE] == 0


# -- d20 --------------------------------------------------------------------

KINGMAKER = AttackRules.from_ruleset(kingmaker())


@pytest.mark.parametrize("rules", [AttackRules(), KINGMAKER, AttackRules(natural_miss_face=1, crit_face=19, minimum_damage=0)])
@pytest.mark.parametrize("modifier, target, cap", [(5, 15, None), (5, 15, 2), (0, 30, None), (12, 10, 3), (-2, 5, None)])
def test_d20_matches_enumeration(rules, modifier, target, cap):
    damage: dict[int, Fraction] = {}
    hits = Fraction(0)
    for face in range(1, rules.die + 1):
        result = resolve_attack(face, modifier, target, cap, rules)
        damage[result.damage] = damage.get(result.damage, 0) + Fraction(1, rules.die)
        hits += Fraction(int(result.hit), rules.die)
    assert odds.d20_attack(modifier, target, cap, rules) == damage
    assert odds.d20_hit(modifier, target, rules) == hits


def test_d20_known_values():
    assert odds.d20_hit(5, 15) == Fraction(11, 20)
    assert odds.d20_hit(0, 30, KINGMAKER) == Fraction(1, 20)  # a natural 20 always hits
    assert odds.d20_attack(5, 15, 2, KINGMAKER) == {0: Fraction(9, 20), 1: Fraction(2, 20), 2: Fraction(8, 20), 3: Fraction(1, 20)}


# -- showing a probability ---------------------------------------------------


def test_fraction_text():
    assert odds.fraction_text(Fraction(1)) == "1/1"
    assert odds.fraction_text(Fraction(0)) == "0/1"
    assert odds.fraction_text(Fraction(6, 8)) == "3/4"


@pytest.mark.parametrize("value, text", [
    (Fraction(1), "100%"), (Fraction(0), "0%"), (Fraction(42, 100), "42%"),
    (Fraction(1, 2), "50%"), (Fraction(995, 1000), ">99%"), (Fraction(1, 1000), "<1%"),
    (Fraction(1, 200), "1%"), (Fraction(994, 1000), "99%"), (Fraction(1, 3), "33%"),
])
def test_percent(value, text):
    assert odds.percent(value) == text


def test_distribution_text():
    assert odds.distribution_text({0: Fraction(1, 2), 2: Fraction(1, 2)}) == {"0": "1/2", "2": "1/2"}
    assert odds.distribution_text({1: Fraction(1)}, keys=[0, 1]) == {"0": "0/1", "1": "1/1"}


def test_fate_chances_match_enumerating_both_sides_dice():
    from itertools import product

    from tui.core.dice.odds import fudge_chances

    faces = list(product((-1, 0, 1), repeat=4))
    for margin in (-3, 0, 2):
        ties = sum(1 for a in faces for b in faces if sum(a) + margin == sum(b))
        wins = sum(1 for a in faces for b in faces if sum(a) + margin > sum(b))
        assert fudge_chances(margin, opposed=True) == (Fraction(wins, 81 * 81), Fraction(ties, 81 * 81))
        alone_wins = sum(1 for a in faces if sum(a) + margin > 0)
        assert fudge_chances(margin) == (Fraction(alone_wins, 81), Fraction(sum(1 for a in faces if sum(a) + margin == 0), 81))
