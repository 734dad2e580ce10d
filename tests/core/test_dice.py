"""Year Zero dice: pool syntax, rolls, counts, pushes and roll records.

The rules are the Battle Pool / Battle Phase sections of the MYZ Mass Combat
seed text as restored by RULES-NOTES.md: Battle dice = base, Strategy dice =
skill, Support dice = gear; a 6 on any die is a success, a 1 on a Battle die a
bane, a 1 on a Support die a gear bane, a 1 on a Strategy die nothing. A push
removes one Strategy die first and rerolls every other die that is not locked.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.dice.year_zero import (
    KINDS,
    DieKind,
    Lock,
    Pool,
    YearZeroRoll,
    YearZeroRules,
    check_roll,
    parse_pool,
    roll_from_faces,
    roll_pool,
)
from tui.core.errors import (
    MassCombatError,
    PoolSizeError,
    PoolSyntaxError,
    PushNotAllowed,
    RollRecordError,
)

B, S, G = DieKind.BASE, DieKind.SKILL, DieKind.GEAR


class Scripted:
    """A stand-in for random.Random that hands out given faces and counts calls."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.calls: list[tuple[int, int]] = []

    def randint(self, low: int, high: int) -> int:
        self.calls.append((low, high))
        return self.faces.pop(0)


def make(base=(), skill=(), gear=(), rules: YearZeroRules | None = None) -> YearZeroRoll:
    """A fresh (unpushed) roll showing the given faces."""
    pool = Pool(len(base), len(skill), len(gear))
    dice = [(B, (f,)) for f in base] + [(S, (f,)) for f in skill] + [(G, (f,)) for f in gear]
    return roll_from_faces(pool, dice, 0, rules)


def faces_now(roll: YearZeroRoll) -> list[int | None]:
    """Current face of each die, None for a spent one."""
    return [die.face if roll.in_pool(i) else None for i, die in enumerate(roll.dice)]


# -- parse_pool ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5b2s1g", Pool(5, 2, 1)),
        ("2s5b", Pool(5, 2, 0)),
        ("1g3s", Pool(0, 3, 1)),
        ("b", Pool(1, 0, 0)),
        ("s", Pool(0, 1, 0)),
        ("g", Pool(0, 0, 1)),
        ("bsg", Pool(1, 1, 1)),
        ("5B2S1G", Pool(5, 2, 1)),
        ("5b 2s 1g", Pool(5, 2, 1)),
        ("  5b2s  ", Pool(5, 2, 0)),
        ("5 b", Pool(5, 0, 0)),
        ("12b", Pool(12, 0, 0)),
        ("0b", Pool()),
        ("99b", Pool(99, 0, 0)),
        ("50b49g", Pool(50, 0, 49)),
    ],
)
def test_parse_pool_reads_the_compact_form(text, expected):
    assert parse_pool(text) == expected


def test_parse_pool_unknown_letter_names_its_column():
    with pytest.raises(PoolSyntaxError) as info:
        parse_pool("5x")
    assert "column 2" in str(info.value)
    with pytest.raises(PoolSyntaxError) as info:
        parse_pool("5b2s1x")
    assert "column 6" in str(info.value)


@pytest.mark.parametrize(("text", "column"), [("5", 1), ("5b!", 3), ("5b 2", 4), ("5b2s?", 5)])
def test_parse_pool_garbage_names_its_column(text, column):
    with pytest.raises(PoolSyntaxError) as info:
        parse_pool(text)
    assert f"column {column}" in str(info.value)


@pytest.mark.parametrize("text", ["-1b", "5b-2s", "-0g"])
def test_parse_pool_negative_counts_are_a_size_error(text):
    with pytest.raises(PoolSizeError):
        parse_pool(text)


@pytest.mark.parametrize("text", ["100b", "60b40s", "33b33s34g", "99b1g"])
def test_parse_pool_over_99_dice_is_a_size_error(text):
    with pytest.raises(PoolSizeError) as info:
        parse_pool(text)
    assert "99" in str(info.value)


def test_parse_pool_respects_a_smaller_table_limit():
    assert parse_pool("10b", max_dice=10) == Pool(10)
    with pytest.raises(PoolSizeError):
        parse_pool("6b5s", max_dice=10)


def test_parse_pool_absurdly_long_count_is_a_size_error():
    # Python refuses int() of more than 4300 digits with a plain ValueError;
    # a typed pool must still fail with the project's own PoolSizeError.
    with pytest.raises(PoolSizeError):
        parse_pool("9" * 5000 + "b")


@pytest.mark.parametrize("text", ["", " ", "   \t "])
def test_parse_pool_empty_text_is_a_syntax_error(text):
    with pytest.raises(PoolSyntaxError):
        parse_pool(text)


def test_pool_errors_are_value_errors_of_the_project():
    for exc in (PoolSyntaxError, PoolSizeError, PushNotAllowed, RollRecordError):
        assert issubclass(exc, MassCombatError)
        assert issubclass(exc, ValueError)


def test_pool_refuses_negative_counts():
    with pytest.raises(PoolSizeError):
        Pool(-1, 0, 0)
    with pytest.raises(PoolSizeError):
        Pool(0, 0, -3)


def test_pool_notation():
    assert Pool(5, 2, 1).notation() == "5b2s1g"
    assert Pool(0, 2, 0).notation() == "2s"
    assert Pool().notation() == "0b"
    assert str(Pool(3, 0, 1)) == "3b1g"
    assert Pool(5, 2, 1).total == 8


pools = st.builds(Pool, st.integers(0, 40), st.integers(0, 30), st.integers(0, 29))


@given(pools)
def test_notation_round_trips(pool):
    assert parse_pool(pool.notation()) == pool
    assert parse_pool(pool.notation().upper()) == pool
    # The kinds may come in any order.
    tokens = [f"{pool.count(k)}{k.value[0]}" for k in KINDS]
    assert parse_pool("".join(reversed(tokens))) == pool
    assert parse_pool(" ".join(tokens)) == pool


@given(st.text(max_size=30))
def test_parse_pool_never_fails_outside_its_errors(text):
    try:
        pool = parse_pool(text)
    except MassCombatError:
        return
    assert 0 <= pool.total <= 99


@given(st.text(alphabet="0123456789bsgBSGx+- ", max_size=12))
def test_parse_pool_on_near_miss_text(text):
    try:
        pool = parse_pool(text)
    except (PoolSyntaxError, PoolSizeError):
        return
    assert 0 <= pool.total <= 99
    assert parse_pool(pool.notation()) == pool


# -- rolling ------------------------------------------------------------------


def test_roll_pool_is_reproducible_with_a_seeded_rng():
    pool = Pool(5, 2, 1)
    a = roll_pool(pool, random.Random(1234))
    b = roll_pool(pool, random.Random(1234))
    assert a == b
    assert [d.faces for d in a.dice] == [d.faces for d in b.dice]


def test_roll_pool_draws_one_face_per_die_in_pool_order():
    pool = Pool(4, 3, 2)
    roll = roll_pool(pool, random.Random(99))
    reference = random.Random(99)
    expected = [reference.randint(1, 6) for _ in range(pool.total)]
    assert [d.face for d in roll.dice] == expected
    assert [d.kind for d in roll.dice] == [B] * 4 + [S] * 3 + [G] * 2
    assert all(len(d.faces) == 1 for d in roll.dice)
    assert roll.pushes == 0
    assert roll.pool == pool


def test_roll_pool_asks_the_rng_for_d6_faces():
    rng = Scripted([3] * 6)
    roll_pool(Pool(2, 2, 2), rng)  # type: ignore[arg-type]
    assert rng.calls == [(1, 6)] * 6


def test_roll_pool_refuses_an_oversized_pool():
    with pytest.raises(PoolSizeError):
        roll_pool(Pool(100), random.Random(0))
    with pytest.raises(PoolSizeError):
        roll_pool(Pool(6), random.Random(0), YearZeroRules(max_pool_dice=5))


@given(pools.filter(lambda p: p.total <= 99), st.integers(0, 2**32))
def test_roll_pool_faces_are_d6_in_pool_order(pool, seed):
    roll = roll_pool(pool, random.Random(seed))
    assert len(roll.dice) == pool.total
    assert all(1 <= d.face <= 6 for d in roll.dice)
    kinds = [d.kind for d in roll.dice]
    assert kinds == [k for k in KINDS for _ in range(pool.count(k))]
    assert roll.current_pool() == pool
    check_roll(roll)


# -- counting -----------------------------------------------------------------


def test_counts_successes_banes_and_gear_banes():
    roll = make(base=(6, 1, 1, 3), skill=(6, 1, 4), gear=(1, 6, 2))
    assert roll.successes == 3  # a 6 on any die
    assert roll.banes == 2  # 1s on Battle dice only
    assert roll.gear_banes == 1  # 1s on Support dice only


def test_strategy_die_ones_count_nothing():
    roll = make(skill=(1, 1, 1))
    assert (roll.successes, roll.banes, roll.gear_banes) == (0, 0, 0)
    assert all(roll.lock(i) is None for i in range(3))


def test_locks_say_why_a_die_stays():
    roll = make(base=(6, 1, 2), skill=(6, 1), gear=(6, 1, 5))
    assert [roll.lock(i) for i in range(8)] == [
        Lock.SUCCESS, Lock.BANE, None,
        Lock.SUCCESS, None,
        Lock.SUCCESS, Lock.GEAR_BANE, None,
    ]


faces6 = st.lists(st.integers(1, 6), max_size=8)


@given(faces6, faces6, faces6)
def test_counts_match_the_faces(base, skill, gear):
    roll = make(tuple(base), tuple(skill), tuple(gear))
    assert roll.successes == (base + skill + gear).count(6)
    assert roll.banes == base.count(1)
    assert roll.gear_banes == gear.count(1)


# -- pushing ------------------------------------------------------------------


def test_push_keeps_locked_faces_and_rerolls_the_rest_in_pool_order():
    #            0  1  2  3     4  5     6  7
    roll = make(base=(6, 1, 3, 4), skill=(2, 6), gear=(1, 5))
    rng = Scripted([5, 6, 1])
    pushed = roll.push(rng)  # type: ignore[arg-type]
    # Die 4 (the Strategy die not showing a success) pays; dice 2, 3 and 7 reroll.
    assert rng.calls == [(1, 6)] * 3
    assert faces_now(pushed) == [6, 1, 5, 6, None, 6, 1, 1]
    assert pushed.pushes == 1
    assert (pushed.successes, pushed.banes, pushed.gear_banes) == (3, 1, 2)
    assert [i for i, _ in pushed.spent()] == [4]
    assert pushed.spent_at(4) == 1
    assert pushed.spent_at(5) is None
    # The old record is untouched history.
    assert roll.pushes == 0
    assert faces_now(roll) == [6, 1, 3, 4, 2, 6, 1, 5]


def test_push_with_a_real_rng_matches_the_stream():
    roll = make(base=(2, 3, 6, 1), skill=(4, 5), gear=(3,))
    pushed = roll.push(random.Random(7))
    reference = random.Random(7)
    rerolled = [0, 1, 4, 6]  # dice not locked; die 5 is spent (default: the last plain one)
    expected = {i: reference.randint(1, 6) for i in rerolled}
    for i in rerolled:
        assert pushed.dice[i].faces == (roll.dice[i].face, expected[i])
    assert pushed.dice[2].faces == (6, 6)
    assert pushed.dice[3].faces == (1, 1)


def test_push_rerolls_a_strategy_die_that_stays():
    roll = make(base=(3,), skill=(2, 4))
    pushed = roll.push(Scripted([5, 6]), spend=[1])  # type: ignore[arg-type]
    assert faces_now(pushed) == [5, None, 6]


def test_push_rerolls_strategy_die_ones():
    roll = make(base=(6,), skill=(1, 1))
    rng = Scripted([4])
    pushed = roll.push(rng)  # type: ignore[arg-type]
    assert len(rng.calls) == 1
    assert sorted(f for f in faces_now(pushed) if f is not None) == [4, 6]


def test_default_spend_prefers_a_strategy_die_without_a_success():
    for skill in [(6, 2), (2, 6), (6, 6, 3), (3, 6, 6), (6, 1, 6)]:
        roll = make(base=(2,), skill=skill)
        (chosen,) = roll.default_spend()
        assert roll.dice[chosen].kind is S
        assert roll.dice[chosen].face != 6
        pushed = roll.push(Scripted([2, 2, 2]))  # type: ignore[arg-type]
        assert pushed.successes == skill.count(6)


def test_default_spend_with_only_successes_on_strategy_dice_loses_one():
    roll = make(base=(2, 3), skill=(6, 6), gear=(4,))
    assert roll.successes == 2
    pushed = roll.push(Scripted([3, 3, 3]))  # type: ignore[arg-type]
    assert pushed.successes == 1
    (spent,) = pushed.spent()
    assert spent[1].kind is S and spent[1].face == 6


def test_explicit_spend_may_throw_away_a_success():
    roll = make(base=(2,), skill=(3, 6))
    pushed = roll.push(Scripted([2, 2]), spend=[2])  # type: ignore[arg-type]
    assert [i for i, _ in pushed.spent()] == [2]
    assert pushed.successes == 0
    assert faces_now(pushed) == [2, 2, None]


@pytest.mark.parametrize("spend", [[0], [3], [1, 2], [], [99], [-1]])
def test_explicit_spend_must_be_one_strategy_die_in_the_pool(spend):
    roll = make(base=(2,), skill=(3, 4), gear=(5,))
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(0), spend=spend)


def test_a_spent_die_cannot_be_spent_again():
    roll = make(base=(2,), skill=(3, 4)).push(Scripted([2, 2]), spend=[1])  # type: ignore[arg-type]
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(0), spend=[1])
    again = roll.push(Scripted([3]), spend=[2])  # type: ignore[arg-type]
    assert again.spent_at(1) == 1 and again.spent_at(2) == 2


def test_no_push_without_a_strategy_die():
    roll = make(base=(2, 3), gear=(4,))
    assert not roll.can_push
    assert roll.push_refusal()
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(0))


def test_pushing_uses_up_the_strategy_dice():
    roll = make(base=(2, 3), skill=(4, 5))
    rng = random.Random(3)
    roll = roll.push(rng).push(rng)
    assert roll.strategy_dice_left() == 0
    assert not roll.can_push
    with pytest.raises(PushNotAllowed):
        roll.push(rng)


def test_max_pushes_limits_pushes_even_with_strategy_dice_left():
    rules = YearZeroRules(max_pushes=1)
    roll = make(base=(2,), skill=(3, 4, 5), rules=rules)
    pushed = roll.push(random.Random(1))
    assert pushed.strategy_dice_left() == 2
    assert not pushed.can_push
    with pytest.raises(PushNotAllowed):
        pushed.push(random.Random(1))


def test_max_pushes_zero_forbids_pushing():
    roll = make(base=(2,), skill=(3,), rules=YearZeroRules(max_pushes=0))
    assert not roll.can_push
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(1))


def test_two_strategy_dice_per_push():
    rules = YearZeroRules(strategy_dice_per_push=2)
    roll = make(base=(2, 3), skill=(4, 6, 5), rules=rules)
    spend = roll.default_spend()
    assert len(spend) == 2
    assert all(roll.dice[i].kind is S and roll.dice[i].face != 6 for i in spend)
    pushed = roll.push(Scripted([2, 2]))  # type: ignore[arg-type]
    assert len(pushed.active()) == len(roll.active()) - 2
    assert sorted(i for i, _ in pushed.spent()) == [2, 4]
    assert pushed.strategy_dice_left() == 1
    assert pushed.successes == 1  # the 6 on die 3 is kept
    assert not pushed.can_push  # one Strategy die cannot pay for a push
    with pytest.raises(PushNotAllowed):
        pushed.push(random.Random(0))
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(0), spend=[2])  # only one die named


def test_two_strategy_dice_per_push_needs_two():
    roll = make(base=(2,), skill=(3,), rules=YearZeroRules(strategy_dice_per_push=2))
    assert not roll.can_push
    with pytest.raises(PushNotAllowed):
        roll.push(random.Random(0))


# -- face history -------------------------------------------------------------


def test_face_history_through_several_pushes():
    #              0  1     2  3  4     5
    roll = make(base=(2, 1), skill=(3, 4, 5), gear=(2,))
    rng = Scripted([3, 6, 6, 4, 2, 1, 5])
    one = roll.push(rng, spend=[4])  # type: ignore[arg-type]  rerolls 0, 2, 3, 5 -> 3, 6, 6, 4
    two = one.push(rng, spend=[2])  # type: ignore[arg-type]  2 and 3 show 6: rerolls 0, 5 -> 2, 1
    three = two.push(rng, spend=[3])  # type: ignore[arg-type]  spends a success; rerolls 0 -> 5
    assert rng.faces == []
    assert three.pushes == 3
    assert three.stage(0) == {B: [2, 1], S: [3, 4, 5], G: [2]}
    assert three.stage(1) == {B: [3, 1], S: [6, 6], G: [4]}
    assert three.stage(2) == {B: [2, 1], S: [6], G: [1]}
    assert three.stage(3) == {B: [5, 1], S: [], G: [1]}
    assert three.stages() == [three.stage(k) for k in range(4)]
    assert [i for i, _ in three.spent()] == [2, 3, 4]
    assert [d.face for _, d in three.spent()] == [6, 6, 5]
    assert [three.spent_at(i) for i in range(6)] == [None, None, 2, 3, 1, None]
    assert three.dice[0].faces == (2, 3, 2, 5)
    assert three.dice[1].faces == (1, 1, 1, 1)
    assert three.dice[5].faces == (2, 4, 1, 1)
    assert (three.successes, three.banes, three.gear_banes) == (0, 1, 1)
    assert three.current_pool() == Pool(2, 0, 1)
    # Earlier records are unchanged.
    assert one.stages() == three.stages()[:2]
    for bad in (-1, 4):
        with pytest.raises(IndexError):
            three.stage(bad)
    check_roll(three)


# -- invariants (hypothesis) --------------------------------------------------


@st.composite
def push_plans(draw, cost=1):
    pool = Pool(draw(st.integers(0, 8)), draw(st.integers(cost, 6)), draw(st.integers(0, 5)))
    seed = draw(st.integers(0, 2**32))
    choices = draw(st.lists(st.integers(0, 100), max_size=6))
    return pool, seed, choices


def _check_push_invariants(before: YearZeroRoll, after: YearZeroRoll, chosen: tuple[int, ...], cost: int):
    spent_successes = sum(1 for i in chosen if before.dice[i].face == 6)
    assert after.pushes == before.pushes + 1
    assert after.successes >= before.successes - spent_successes
    if spent_successes == 0:
        assert after.successes >= before.successes
    assert after.banes >= before.banes
    assert after.gear_banes >= before.gear_banes
    assert len(after.active()) == len(before.active()) - cost
    assert after.current_pool().skill == before.current_pool().skill - cost
    for i, die in enumerate(before.dice):
        if not before.in_pool(i):
            assert after.dice[i] == die
        elif i in chosen:
            assert after.dice[i] == die and not after.in_pool(i)
            assert after.spent_at(i) == after.pushes
        else:
            assert after.dice[i].faces[:-1] == die.faces
            if before.lock(i) is not None:
                assert after.dice[i].face == die.face
            assert 1 <= after.dice[i].face <= 6
    check_roll(after)


def _run_plan(plan, rules: YearZeroRules):
    pool, seed, choices = plan
    cost = rules.strategy_dice_per_push
    rng = random.Random(seed)
    roll = roll_pool(pool, rng, rules)
    for choice in choices:
        if not roll.can_push:
            with pytest.raises(PushNotAllowed):
                roll.push(rng)
            break
        skill = [i for i, d in roll.active() if d.kind is S]
        if choice % 3 == 0:
            chosen = roll.default_spend()
            after = roll.push(rng)
        else:
            start = choice % len(skill)
            chosen = tuple(sorted((skill * 2)[start:start + cost]))
            after = roll.push(rng, spend=chosen)
        _check_push_invariants(roll, after, chosen, cost)
        rebuilt = roll_from_faces(after.pool, [(d.kind, d.faces) for d in after.dice], after.pushes, rules)
        assert rebuilt == after
        roll = after


@given(push_plans())
@settings(max_examples=300)
def test_push_invariants(plan):
    _run_plan(plan, YearZeroRules())


@given(push_plans(cost=2))
@settings(max_examples=150)
def test_push_invariants_two_per_push(plan):
    _run_plan(plan, YearZeroRules(strategy_dice_per_push=2))


@given(push_plans())
def test_default_spend_never_wastes_a_success_when_it_need_not(plan):
    pool, seed, _ = plan
    roll = roll_pool(pool, random.Random(seed))
    (chosen,) = roll.default_spend()
    skill_faces = [d.face for _, d in roll.active() if d.kind is S]
    if any(f != 6 for f in skill_faces):
        assert roll.dice[chosen].face != 6
    assert roll.dice[chosen].kind is S


# -- records ------------------------------------------------------------------


def test_roll_from_faces_accepts_a_real_record():
    roll = roll_from_faces(Pool(1, 1, 0), [(B, (2, 3)), (S, (4,))], 1)
    assert roll.pushes == 1
    assert faces_now(roll) == [3, None]


def test_record_refuses_a_changed_locked_face():
    for kind, face in [(B, 1), (B, 6), (G, 1), (G, 6)]:
        pool = Pool(int(kind is B), 1, int(kind is G))
        good = [(kind, (2, 3)), (S, (4,))] if kind is B else [(S, (4,)), (kind, (2, 3))]
        roll_from_faces(pool, good, 1)
        bad = [(kind, (face, 3)), (S, (4,))] if kind is B else [(S, (4,)), (kind, (face, 3))]
        with pytest.raises(RollRecordError):
            roll_from_faces(pool, bad, 1)


def test_record_refuses_a_changed_strategy_success():
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 2, 0), [(B, (2, 2)), (S, (6, 3)), (S, (4,))], 1)
    # A Strategy die 1 is not locked: it may change.
    roll_from_faces(Pool(1, 2, 0), [(B, (2, 2)), (S, (1, 3)), (S, (4,))], 1)


def test_record_refuses_wrong_kinds():
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 1, 0), [(S, (2,)), (B, (3,))], 0)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(2, 0, 0), [(B, (2,))], 0)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 0, 0), [(B, (2,)), (B, (3,))], 0)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 0, 1), [(B, (2,)), (S, (3,))], 0)


@pytest.mark.parametrize("face", [0, 7, -1, 100])
def test_record_refuses_faces_out_of_range(face):
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(2, 0, 0), [(B, (2,)), (B, (face,))], 0)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 1, 0), [(B, (2, face)), (S, (3,))], 1)


def test_record_refuses_a_battle_or_support_die_leaving_the_pool():
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 1, 0), [(B, (3,)), (S, (2, 4))], 1)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(0, 1, 1), [(S, (2, 4)), (G, (3,))], 1)


def test_record_refuses_too_many_or_no_faces():
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 1, 0), [(B, (2, 3, 4)), (S, (4,))], 1)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 0, 0), [(B, ())], 0)


def test_record_refuses_a_push_that_spent_the_wrong_number_of_dice():
    with pytest.raises(RollRecordError):  # nothing spent
        roll_from_faces(Pool(1, 1, 0), [(B, (2, 3)), (S, (2, 5))], 1)
    with pytest.raises(RollRecordError):  # two spent on one push
        roll_from_faces(Pool(1, 2, 0), [(B, (2, 3)), (S, (2,)), (S, (4,))], 1)
    rules = YearZeroRules(strategy_dice_per_push=2)
    roll_from_faces(Pool(1, 2, 0), [(B, (2, 3)), (S, (2,)), (S, (4,))], 1, rules)
    with pytest.raises(RollRecordError):
        roll_from_faces(Pool(1, 2, 0), [(B, (2, 3)), (S, (2,)), (S, (4, 4))], 1, rules)


def test_check_roll_on_a_hand_built_record():
    from tui.core.dice.year_zero import Die

    good = YearZeroRoll(Pool(1, 1, 0), (Die(B, (2, 4)), Die(S, (5,))), pushes=1)
    check_roll(good)
    bad = YearZeroRoll(Pool(1, 1, 0), (Die(B, (1, 4)), Die(S, (5,))), pushes=1)
    with pytest.raises(RollRecordError):
        check_roll(bad)
