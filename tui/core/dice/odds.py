"""Exact odds: integer weights and fractions, never sampling.

Year Zero (the Battle Pool). Battle and Support dice are independent of
each other and of the Strategy dice: each one ends a run of pushes showing a
success, a bane (a gear bane on a Support die) or a plain face, with
probabilities that depend only on the number of pushes. Strategy dice are a
small Markov chain on how many show a success, because the die a push
removes is a plain one whenever there is one (``YearZeroRoll.default_spend``).
The number of pushes actually possible is deterministic: each push removes
exactly ``strategy_dice_per_push`` Strategy dice, whatever they show.

A skill roll (``skill_roll.py``) unpushed is two binomials: the ☢ rolled
and the ☢ on negative dice that cancel them.

Fate (4dF) and d20 attacks are small enough to enumerate face by face.

Distributions are ``dict[value, Fraction]`` holding only values that can
happen, sorted by value, and always summing to exactly 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, floor
from typing import TYPE_CHECKING, Iterable, Mapping, TypeVar

from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.dice.year_zero import DieKind, Pool, YearZeroRoll, YearZeroRules
from tui.core.dice.fudge import FateOutcome, fudge_outcome
from tui.core.dice.skill_roll import SkillPool

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

K = TypeVar("K", bound="SupportsRichComparison")
T = TypeVar("T")

# -- small helpers on integer weights ---------------------------------------


def normalise(weights: dict[K, int]) -> dict[K, Fraction]:
    """Integer weights -> fractions summing to 1, keys sorted, zeros dropped."""
    total = sum(weights.values())
    return {key: Fraction(weights[key], total) for key in sorted(weights) if weights[key]}


def convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


@lru_cache(maxsize=4096)
def _binomial(count: int, hit: int, total: int) -> tuple[int, ...]:
    """Weights of k hits among ``count`` dice that each hit with ``hit``/``total``."""
    miss = total - hit
    return tuple(comb(count, k) * hit**k * miss ** (count - k) for k in range(count + 1))


def possible_pushes(pool: Pool, pushes: int | None = None, rules: YearZeroRules = YearZeroRules()) -> int:
    """How many of ``pushes`` pushes the pool can pay for (None: as many as it can).

    Deterministic: every push removes exactly ``strategy_dice_per_push``
    Strategy dice. With a cost of 0 and no limit, ``pushes`` itself.
    """
    if pushes is not None and pushes < 0:
        raise ValueError(f"pushes must be 0 or more, not {pushes}")
    cost = rules.strategy_dice_per_push
    limits = [] if pushes is None else [pushes]
    if cost > 0:
        limits.append(pool.skill // cost)
    if rules.max_pushes is not None:
        limits.append(rules.max_pushes)
    if not limits:
        raise ValueError("pushes cost nothing and are unlimited: say how many")
    return min(limits)


def _plain_weights(pushes: int, locks: int, sides: int) -> tuple[int, int]:
    """For one die with ``locks`` locking faces: (weight of each locking face
    outcome, weight of still plain) after ``pushes`` pushes, over sides**(pushes+1)."""
    plain = sides - locks
    total = sides ** (pushes + 1)
    still_plain = plain ** (pushes + 1)
    each_lock = (total - still_plain) // locks if locks else 0
    return each_lock, still_plain


# -- Year Zero: the pieces ---------------------------------------------------


@lru_cache(maxsize=1024)
def _two_lock_marginal(count: int, pushes: int, sides: int) -> dict[int, int]:
    """Successes (or banes) among Battle/Support dice: a binomial."""
    each, _ = _plain_weights(pushes, 2, sides)
    weights = _binomial(count, each, sides ** (pushes + 1))
    return dict(enumerate(weights))


@lru_cache(maxsize=256)
def _two_lock_joint(count: int, pushes: int, sides: int) -> dict[tuple[int, int], int]:
    """(successes, banes) among ``count`` Battle (or Support) dice: a multinomial."""
    each, plain = _plain_weights(pushes, 2, sides)
    out: dict[tuple[int, int], int] = {}
    for s in range(count + 1):
        ways_s = comb(count, s) * each**s
        for b in range(count - s + 1):
            out[(s, b)] = ways_s * comb(count - s, b) * each**b * plain ** (count - s - b)
    return out


@lru_cache(maxsize=1024)
def _skill_chain(count: int, pushes: int, cost: int, sides: int) -> dict[int, int]:
    """Successes among Strategy dice after ``pushes`` pushes that each remove
    ``cost`` of them (plain ones first), as integer weights.

    Every stage multiplies every branch by ``sides`` once per die still in
    the pool (a die kept or removed counts as a sure outcome of weight
    ``sides``), so the weights share one denominator.
    """
    if count < 0 or pushes * cost > count:
        raise ValueError("the Strategy dice cannot pay for that many pushes")
    state = dict(enumerate(_binomial(count, 1, sides)))  # sixes -> weight
    remaining = count
    for _ in range(pushes):
        new: dict[int, int] = {}
        for sixes, weight in state.items():
            if not weight:
                continue
            plain = remaining - sixes
            removed_plain = min(cost, plain)
            kept_sixes = sixes - (cost - removed_plain)
            reroll = plain - removed_plain
            scale = weight * sides ** (remaining - reroll)
            for extra, w in enumerate(_binomial(reroll, 1, sides)):
                key = kept_sixes + extra
                new[key] = new.get(key, 0) + scale * w
        state = new
        remaining -= cost
    return state


def _effective(pool: Pool, pushes: int, rules: YearZeroRules) -> int:
    pool.checked(rules.max_pool_dice)
    return possible_pushes(pool, pushes, rules)


# -- Year Zero: public -------------------------------------------------------


def pool_outcomes(pool: Pool, pushes: int = 0, rules: YearZeroRules = YearZeroRules()) -> dict[tuple[int, int, int], Fraction]:
    """Joint distribution of (successes, banes, gear banes) after the leader
    pushes ``pushes`` times, or as many times as the Strategy dice pay for."""
    return dict(_pool_outcomes(pool, _effective(pool, pushes, rules), rules))


@lru_cache(maxsize=64)
def _pool_outcomes(pool: Pool, n: int, rules: YearZeroRules) -> dict[tuple[int, int, int], Fraction]:
    skill = _skill_chain(pool.skill, n, rules.strategy_dice_per_push, rules.sides)
    with_skill: dict[tuple[int, int], int] = {}
    for (s, bane), w in _two_lock_joint(pool.base, n, rules.sides).items():
        for sk, wk in skill.items():
            key = (s + sk, bane)
            with_skill[key] = with_skill.get(key, 0) + w * wk
    out: dict[tuple[int, int, int], int] = {}
    for (s, bane), w in with_skill.items():
        for (sg, gbane), wg in _two_lock_joint(pool.gear, n, rules.sides).items():
            joint = (s + sg, bane, gbane)
            out[joint] = out.get(joint, 0) + w * wg
    return normalise(out)


def success_distribution(pool: Pool, pushes: int = 0, rules: YearZeroRules = YearZeroRules()) -> dict[int, Fraction]:
    """Distribution of successes (☢) after ``pushes`` pushes (or as many as possible)."""
    return dict(_successes(pool, _effective(pool, pushes, rules), rules))


@lru_cache(maxsize=1024)
def _success_weights(pool: Pool, n: int, rules: YearZeroRules) -> dict[int, int]:
    return convolve(
        convolve(_two_lock_marginal(pool.base, n, rules.sides), _two_lock_marginal(pool.gear, n, rules.sides)),
        _skill_chain(pool.skill, n, rules.strategy_dice_per_push, rules.sides),
    )


@lru_cache(maxsize=1024)
def _successes(pool: Pool, n: int, rules: YearZeroRules) -> dict[int, Fraction]:
    return normalise(_success_weights(pool, n, rules))


def bane_distribution(pool: Pool, pushes: int = 0, rules: YearZeroRules = YearZeroRules()) -> dict[int, Fraction]:
    """Distribution of banes (☠, 1s on Battle dice) after the pushes."""
    n = _effective(pool, pushes, rules)
    return normalise(_two_lock_marginal(pool.base, n, rules.sides))


def gear_bane_distribution(pool: Pool, pushes: int = 0, rules: YearZeroRules = YearZeroRules()) -> dict[int, Fraction]:
    """Distribution of gear banes (1s on Support dice) after the pushes."""
    n = _effective(pool, pushes, rules)
    return normalise(_two_lock_marginal(pool.gear, n, rules.sides))


def p_at_least_one(pool: Pool, pushes: int = 0, rules: YearZeroRules = YearZeroRules()) -> Fraction:
    """Probability of at least one success."""
    return 1 - success_distribution(pool, pushes, rules).get(0, Fraction(0))


def at_least(distribution: dict[int, Fraction]) -> dict[int, Fraction]:
    """P(value >= k) for every k of a distribution (a table's second column)."""
    out: dict[int, Fraction] = {}
    running = Fraction(0)
    for value in sorted(distribution, reverse=True):
        running += distribution[value]
        out[value] = running
    return dict(sorted(out.items()))


def expected(distribution: dict[int, Fraction]) -> Fraction:
    return sum((value * p for value, p in distribution.items()), Fraction(0))


@dataclass(frozen=True)
class Opposed:
    """Side A against side B: who rolls more successes, and by how many."""

    win: Fraction
    tie: Fraction
    lose: Fraction
    margin: dict[int, Fraction]
    """Successes of A minus successes of B."""


def opposed(pool_a: Pool, pool_b: Pool, pushes_a: int = 0, pushes_b: int = 0, rules: YearZeroRules = YearZeroRules()) -> Opposed:
    """Two Battle Pools rolled against each other, each pushed as asked."""
    a = _success_weights(pool_a, _effective(pool_a, pushes_a, rules), rules)
    b = _success_weights(pool_b, _effective(pool_b, pushes_b, rules), rules)
    weights: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            weights[x - y] = weights.get(x - y, 0) + wx * wy
    total = sum(weights.values())
    win = sum(w for m, w in weights.items() if m > 0)
    lose = sum(w for m, w in weights.items() if m < 0)
    return Opposed(Fraction(win, total), Fraction(weights.get(0, 0), total), Fraction(lose, total), normalise(weights))


# -- Year Zero: a skill roll --------------------------------------------------


def skill_success_distribution(pool: SkillPool, rules: YearZeroRules = YearZeroRules()) -> dict[int, Fraction]:
    """Net successes of an unpushed skill roll: ☢ on the base, skill and gear
    dice less the ☢ on negative skill dice, never below zero."""
    pool.checked(rules.max_pool_dice)
    # Every die shows ☢ on one face alone, whatever its kind, so both sides
    # are plain binomials; only the cancelling couples them.
    rolled = _binomial(pool.base + pool.positive_skill + pool.gear, 1, rules.sides)
    cancelling = _binomial(pool.negative, 1, rules.sides)
    weights: dict[int, int] = {}
    for hits, w_hits in enumerate(rolled):
        for sixes, w_sixes in enumerate(cancelling):
            net = max(hits - sixes, 0)
            weights[net] = weights.get(net, 0) + w_hits * w_sixes
    return normalise(weights)


# -- a roll on the table -----------------------------------------------------


@dataclass(frozen=True)
class PushDecision:
    """Settle now or push once more, against the opponent's successes as they stand.

    ``settle`` and ``push`` are (win, tie, lose). ``push`` is None, and the
    ``*_after_push`` maps empty, when the roll cannot be pushed.
    ``lose_success`` is True when the default spend must remove a Strategy
    die showing a success.
    """

    settle: tuple[Fraction, Fraction, Fraction]
    push: tuple[Fraction, Fraction, Fraction] | None
    successes_after_push: dict[int, Fraction]
    banes_after_push: dict[int, Fraction]
    gear_banes_after_push: dict[int, Fraction]
    lose_success: bool


def _versus(distribution: dict[int, Fraction], other: int) -> tuple[Fraction, Fraction, Fraction]:
    zero = Fraction(0)
    win = sum((p for s, p in distribution.items() if s > other), zero)
    tie = distribution.get(other, zero)
    lose = sum((p for s, p in distribution.items() if s < other), zero)
    return win, tie, lose


def _shifted(base: int, dice: int, sides: int) -> dict[int, Fraction]:
    return normalise({base + k: w for k, w in enumerate(_binomial(dice, 1, sides))})


def push_now(roll: YearZeroRoll, opponent_successes: int) -> PushDecision:
    """The odds of settling now against pushing once (default spend)."""
    rules = roll.rules
    settle = _versus({roll.successes: Fraction(1)}, opponent_successes)
    if not roll.can_push:
        return PushDecision(settle, None, {}, {}, {}, False)
    spend = set(roll.default_spend())
    lost = sum(1 for i in spend if roll.lock(i) is not None)
    rerolled = {kind: 0 for kind in DieKind}
    for index, die in roll.active():
        if index not in spend and rules.lock(die.kind, die.face) is None:
            rerolled[die.kind] += 1
    successes = _shifted(roll.successes - lost, sum(rerolled.values()), rules.sides)
    banes = _shifted(roll.banes, rerolled[DieKind.BASE], rules.sides)
    gear_banes = _shifted(roll.gear_banes, rerolled[DieKind.GEAR], rules.sides)
    # A rerolled Battle or Support die can't be a success and a bane at once,
    # but successes and banes are asked about separately, so marginals suffice.
    return PushDecision(settle, _versus(successes, opponent_successes), successes, banes, gear_banes, lost > 0)


# -- Fate -------------------------------------------------------------------


def fudge_totals(modifier: int = 0, count: int = 4) -> dict[int, Fraction]:
    """Distribution of ``count`` Fate dice (each -1, 0, +1) plus ``modifier``."""
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    weights = {modifier: 1}
    for _ in range(count):
        weights = convolve(weights, {-1: 1, 0: 1, 1: 1})
    return normalise(weights)


def fudge_chances(margin: int, count: int = 4, *, opposed: bool = False) -> tuple[Fraction, Fraction]:
    """(succeed, tie) for ``count`` Fate dice plus ``margin`` (the rating less
    the opposition) against 0; ``opposed``: the other side rolls as many dice,
    and the difference of two sets rolls like one set twice as large."""
    totals = fudge_totals(margin, count * 2 if opposed else count)
    return sum((p for total, p in totals.items() if total > 0), Fraction(0)), totals.get(0, Fraction(0))


def fudge_outcomes(modifier: int, difficulty: int, count: int = 4, style_shifts: int = 3) -> dict[FateOutcome, Fraction]:
    """Fail / tie / success / success with style, every outcome listed (0 if impossible)."""
    out = {outcome: Fraction(0) for outcome in FateOutcome}
    for total, p in fudge_totals(modifier, count).items():
        out[fudge_outcome(total, difficulty, style_shifts)] += p
    return out


MOST_INVOKES_SHOWN = 2
"""Chances before a Fate roll are shown with no invoke and up to this many."""


@dataclass(frozen=True)
class FudgeChances:
    """A Fate roll's outcomes with ``invokes`` invokes (each +``bonus``) added."""

    invokes: int
    outcomes: dict[FateOutcome, Fraction]


def fudge_chances_with_invokes(modifier: int, difficulty: int, count: int, style_shifts: int, offer: int, bonus: int = 2) -> tuple[FudgeChances, ...]:
    """The outcomes with no invoke, one, two (at most ``MOST_INVOKES_SHOWN``
    and as many as ``offer``): what a table shows before the dice."""
    shown = min(MOST_INVOKES_SHOWN, max(0, offer))
    return tuple(FudgeChances(n, fudge_outcomes(modifier + n * bonus, difficulty, count, style_shifts)) for n in range(shown + 1))


# -- d20 --------------------------------------------------------------------


def d20_attack(modifier: int, target: int, cap: int | None = None, rules: AttackRules = AttackRules()) -> dict[int, Fraction]:
    """Distribution of damage (0: a miss) of one attack, face by face."""
    weights: dict[int, int] = {}
    for face in range(1, rules.die + 1):
        damage = resolve_attack(face, modifier, target, cap, rules).damage
        weights[damage] = weights.get(damage, 0) + 1
    return normalise(weights)


def d20_hit(modifier: int, target: int, rules: AttackRules = AttackRules()) -> Fraction:
    """Probability that an attack hits."""
    hits = sum(1 for face in range(1, rules.die + 1) if resolve_attack(face, modifier, target, None, rules).hit)
    return Fraction(hits, rules.die)


# -- showing a probability ---------------------------------------------------


def fraction_text(f: Fraction) -> str:
    """``p/q`` in lowest terms, always with the slash (``1/1``, ``0/1``)."""
    f = Fraction(f)
    return f"{f.numerator}/{f.denominator}"


def percent(f: Fraction) -> str:
    """Rounded to a whole percent; never "100%" or "0%" unless it is exact."""
    f = Fraction(f)
    if f == 1:
        return "100%"
    if f == 0:
        return "0%"
    rounded = floor(f * 100 + Fraction(1, 2))
    if rounded >= 100:
        return ">99%"
    if rounded <= 0:
        return "<1%"
    return f"{rounded}%"


def distribution_text(distribution: Mapping[T, Fraction], keys: Iterable[T] | None = None) -> dict[str, str]:
    """A distribution for JSON: keys as strings, probabilities as ``p/q``."""
    items = distribution.items() if keys is None else ((k, distribution.get(k, Fraction(0))) for k in keys)
    return {str(key): fraction_text(p) for key, p in items}
