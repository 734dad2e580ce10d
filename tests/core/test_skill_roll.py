"""Mutant: Year Zero skill rolls: pools, counts, negative dice, the one push,
records rebuilt from faces, exact odds; and the face recorder and replay.

Rules under test: ☢ (a 6) on any die is a success, ☠ (a 1) on a base die a
bane, a 1 on a gear die a gear bane, a 1 on a skill die nothing. Skill dice
below zero become negative dice whose ☢ each cancel one ☢ (never below
zero). A push rerolls every die not showing ☢, ☠ on a base die or a gear
bane on a gear die; it happens at most once.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.dice.year_zero import YearZeroRules
from tui.core.errors import MassCombatError, PoolSizeError, PoolSyntaxError, PushNotAllowed, RollRecordError
from tui.core.dice.faces import FaceRecorder, FaceReplay
from tui.core.i18n import t
from tui.core.dice.odds import skill_success_distribution
from tui.core.dice.skill_roll import (
    DRAW_ORDER,
    SkillDie,
    SkillFaces,
    SkillPool,
    SkillRoll,
    parse_skill_pool,
    roll_skill,
    skill_roll_from_faces,
)

RULES = YearZeroRules()


def record(pool: SkillPool, **faces) -> SkillRoll:
    return skill_roll_from_faces(pool, SkillFaces(**faces))


# -- the pool -----------------------------------------------------------------


def test_pool_counts_and_notation():
    pool = SkillPool(3, 2, 1)
    assert (pool.positive_skill, pool.negative, pool.total) == (2, 0, 6)
    assert pool.notation() == "3b2s1g" == str(pool)
    low = SkillPool(3, -2)
    assert (low.positive_skill, low.negative, low.total) == (0, 2, 5)
    assert low.notation() == "3b-2s"
    assert [low.count(kind) for kind in DRAW_ORDER] == [3, 0, 0, 2]
    assert SkillPool().notation() == "0b"


def test_pool_from_attribute_skill_and_modification():
    assert SkillPool.of(4, 2, modification=-3, gear=1) == SkillPool(4, -1, 1)
    assert SkillPool.of(3) == SkillPool(3, 0, 0)


@pytest.mark.parametrize("fields", [{"base": -1}, {"gear": -2}])
def test_only_skill_dice_go_below_zero(fields):
    with pytest.raises(PoolSizeError):
        SkillPool(**fields)


def test_pool_size_counts_negative_dice():
    with pytest.raises(PoolSizeError):
        SkillPool(5, -5).checked(9)
    assert SkillPool(5, -4).checked(9) == SkillPool(5, -4)


@pytest.mark.parametrize(
    ("text", "pool"),
    [
        ("4b2s", SkillPool(4, 2, 0)),
        ("3b-1s", SkillPool(3, -1, 0)),
        ("2b 1s 1g", SkillPool(2, 1, 1)),
        ("  2B1S1G  ", SkillPool(2, 1, 1)),
        ("1g3b", SkillPool(3, 0, 1)),
        ("3b2s-3s", SkillPool(3, -1, 0)),
        ("b s g", SkillPool(1, 1, 1)),
        ("2b-s", SkillPool(2, -1, 0)),
        ("+2b", SkillPool(2, 0, 0)),
        ("0b", SkillPool()),
    ],
)
def test_parser_accepts(text, pool):
    assert parse_skill_pool(text) == pool


@pytest.mark.parametrize("text", ["", "   ", "4x", "4b2", "4b+", "2b--1s", "b,s", "½b"])
def test_parser_rejects_junk(text):
    with pytest.raises(PoolSyntaxError):
        parse_skill_pool(text)


@pytest.mark.parametrize("text", ["-3b", "3b-1g", "100b", "60b40s", "60b-40s", "9" * 40 + "b"])
def test_parser_rejects_impossible_sizes(text):
    with pytest.raises(PoolSizeError):
        parse_skill_pool(text)


def test_parser_names_the_column():
    with pytest.raises(PoolSyntaxError, match="column 4"):
        parse_skill_pool("4b x")


pools = st.builds(SkillPool, st.integers(0, 8), st.integers(-8, 8), st.integers(0, 4))


@given(pools)
def test_notation_round_trips(pool):
    assert parse_skill_pool(pool.notation()) == pool


@given(st.text(alphabet="0123456789bsgBSGx+- ", max_size=14))
def test_parser_raises_only_its_own_errors(text):
    try:
        pool = parse_skill_pool(text)
    except MassCombatError:
        return
    assert pool.base >= 0 and pool.gear >= 0 and pool.total <= 99


# -- counting -----------------------------------------------------------------


def test_counts_successes_banes_and_gear_banes():
    roll = record(SkillPool(3, 2, 2), base=(6, 1, 3), skill=(6, 1), gear=(1, 6))
    assert (roll.raw_successes, roll.cancelled, roll.successes) == (3, 0, 3)
    assert (roll.banes, roll.gear_banes) == (1, 1)  # the skill die's 1 means nothing


def test_negative_dice_cancel_successes():
    roll = record(SkillPool(3, -2, 1), base=(6, 6, 2), gear=(6,), negative=(6, 3))
    assert (roll.raw_successes, roll.cancelled, roll.successes) == (3, 1, 2)


def test_successes_never_go_below_zero():
    roll = record(SkillPool(2, -3), base=(6, 1), negative=(6, 6, 6))
    assert (roll.raw_successes, roll.cancelled, roll.successes) == (1, 1, 0)
    assert roll.banes == 1  # a 1 on a negative die is no bane, the base die's is


def test_ones_on_negative_dice_mean_nothing():
    roll = record(SkillPool(1, -2), base=(2,), negative=(1, 1))
    assert (roll.successes, roll.banes, roll.gear_banes) == (0, 0, 0)


def test_dice_are_drawn_base_skill_gear_negative():
    roll = roll_skill(SkillPool(2, 2, 1), FaceReplay((1, 2, 3, 4, 5)))  # type: ignore[arg-type]
    assert roll.faces == SkillFaces(base=(1, 2), skill=(3, 4), gear=(5,))
    roll = roll_skill(SkillPool(1, -2, 1), FaceReplay((1, 2, 3, 4)))  # type: ignore[arg-type]
    assert roll.faces == SkillFaces(base=(1,), gear=(2,), negative=(3, 4))


def test_faces_and_sides_come_from_the_rules():
    d8 = YearZeroRules(sides=8, success_face=8, bane_face=2, gear_bane_face=3)
    roll = skill_roll_from_faces(SkillPool(2, -1, 1), SkillFaces(base=(8, 2), gear=(3,), negative=(6,)), rules=d8)
    assert (roll.successes, roll.banes, roll.gear_banes) == (1, 1, 1)  # a 6 on a d8 cancels nothing
    with pytest.raises(RollRecordError):
        skill_roll_from_faces(SkillPool(1), SkillFaces(base=(9,)), rules=d8)


def test_roll_refuses_an_oversized_pool():
    with pytest.raises(PoolSizeError):
        roll_skill(SkillPool(5, -5), random.Random(1), YearZeroRules(max_pool_dice=9))


# -- pushing ------------------------------------------------------------------


def test_push_keeps_locked_dice_and_rerolls_the_rest_in_draw_order():
    roll = record(SkillPool(3, 2, 2), base=(6, 1, 3), skill=(6, 1), gear=(1, 4))
    stream = FaceReplay((5, 6, 2))  # the base 3, the skill 1, the gear 4
    pushed = roll.push(stream)  # type: ignore[arg-type]
    stream.check_all_used()
    assert pushed.stages[0] == roll.faces
    assert pushed.faces == SkillFaces(base=(6, 1, 5), skill=(6, 6), gear=(1, 2))
    assert pushed.pushed and not roll.pushed
    assert (pushed.successes, pushed.banes, pushed.gear_banes) == (3, 1, 1)


def test_push_keeps_sixes_on_negative_dice():
    roll = record(SkillPool(1, -3), base=(2,), negative=(6, 1, 4))
    pushed = roll.push(FaceReplay((6, 6, 2)))  # type: ignore[arg-type]
    assert pushed.faces == SkillFaces(base=(6,), negative=(6, 6, 2))
    assert (pushed.raw_successes, pushed.successes) == (1, 0)


def test_a_second_push_is_refused():
    roll = roll_skill(SkillPool(3, 1, 1), random.Random(7)).push(random.Random(8))
    assert not roll.can_push
    assert roll.push_refusal() == t("error.skill_push_once")
    with pytest.raises(PushNotAllowed, match="only once"):
        roll.push(random.Random(9))


def test_the_push_limit_is_a_parameter():
    never = roll_skill(SkillPool(2), random.Random(1), max_pushes=0)
    with pytest.raises(PushNotAllowed):
        never.push(random.Random(2))
    twice = roll_skill(SkillPool(2, 1), random.Random(1), max_pushes=2)
    done = twice.push(random.Random(2)).push(random.Random(3))
    assert done.pushes == 2 and not done.can_push
    with pytest.raises(PushNotAllowed):
        done.push(random.Random(4))
    assert skill_roll_from_faces(done.pool, done.stages[0], done.stages[1:], max_pushes=2) == done


def test_a_push_spends_nothing():
    roll = roll_skill(SkillPool(2, 3, 1), random.Random(3))
    assert roll.push(random.Random(4)).pool == roll.pool


# -- records ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_replay_from_faces_gives_the_same_record(seed):
    rng = random.Random(seed)
    pool = SkillPool(rng.randint(0, 5), rng.randint(-4, 4), rng.randint(0, 3))
    roll = roll_skill(pool, rng)
    assert skill_roll_from_faces(pool, roll.stages[0]) == roll
    pushed = roll.push(rng)
    assert skill_roll_from_faces(pool, pushed.stages[0], pushed.stages[1]) == pushed


def test_recorded_faces_replay_to_the_same_roll():
    recorder = FaceRecorder(random.Random(11))
    pool = SkillPool(4, -2, 2)
    roll = roll_skill(pool, recorder)  # type: ignore[arg-type]
    assert tuple(recorder.faces) == roll.faces.flat()
    replay = FaceReplay(tuple(recorder.faces))
    assert roll_skill(pool, replay) == roll  # type: ignore[arg-type]
    replay.check_all_used()


def test_faces_may_arrive_as_lists():
    roll = skill_roll_from_faces(SkillPool(2, 1), SkillFaces(base=[6, 2], skill=[3]))  # type: ignore[arg-type]
    assert roll.faces.base == (6, 2) and hash(roll.faces)


@pytest.mark.parametrize(
    ("pool", "stage0", "pushed"),
    [
        (SkillPool(3), SkillFaces(base=(1, 2)), None),
        (SkillPool(2, 1), SkillFaces(base=(1, 2)), None),
        (SkillPool(2, -2), SkillFaces(base=(1, 2), negative=(3,)), None),
        (SkillPool(2, -2), SkillFaces(base=(1, 2), skill=(3, 4)), None),
        (SkillPool(1, 0, 1), SkillFaces(base=(1,), gear=(2, 3)), None),
        (SkillPool(2), SkillFaces(base=(2, 3)), SkillFaces(base=(4,))),
    ],
)
def test_wrong_face_counts_are_refused(pool, stage0, pushed):
    with pytest.raises(RollRecordError):
        skill_roll_from_faces(pool, stage0, pushed)


@pytest.mark.parametrize("face", [0, 7, -1, "6", True])
def test_faces_off_the_die_are_refused(face):
    with pytest.raises(RollRecordError):
        skill_roll_from_faces(SkillPool(2), SkillFaces(base=(3, face)))


@pytest.mark.parametrize(
    ("stage0", "pushed"),
    [
        (SkillFaces(base=(6, 2)), SkillFaces(base=(5, 2))),  # ☢ rerolled
        (SkillFaces(base=(1, 2)), SkillFaces(base=(3, 2))),  # ☠ rerolled
    ],
)
def test_a_locked_face_that_changed_is_refused(stage0, pushed):
    with pytest.raises(RollRecordError, match="die 1"):
        skill_roll_from_faces(SkillPool(2), stage0, pushed)


def test_more_pushes_than_the_rules_allow_are_refused():
    stage = SkillFaces(base=(2,))
    with pytest.raises(RollRecordError):
        skill_roll_from_faces(SkillPool(1), stage, (stage, stage))


# -- the faces stand-ins --------------------------------------------------------


def test_face_replay_refuses_short_long_and_impossible_records():
    short = FaceReplay((3,))
    assert short.randint(1, 6) == 3 and short.used == 1
    with pytest.raises(RollRecordError, match=t("error.record_short")):
        short.randint(1, 6)
    long = FaceReplay((3, 4))
    long.randint(1, 6)
    with pytest.raises(RollRecordError, match=t("error.record_long")):
        long.check_all_used()
    wrong = FaceReplay((2, 9))
    wrong.randint(1, 6)
    with pytest.raises(RollRecordError, match="die 2"):
        wrong.randint(1, 6)


def test_face_recorder_passes_the_stream_through():
    plain = random.Random(5)
    recorder = FaceRecorder(random.Random(5))
    faces = [recorder.randint(1, 6) for _ in range(10)]
    assert faces == [plain.randint(1, 6) for _ in range(10)]
    assert recorder.faces == faces


# -- exact odds -----------------------------------------------------------------


def brute_force(pool: SkillPool, rules: YearZeroRules = RULES) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    every = list(itertools.product(range(1, rules.sides + 1), repeat=pool.total))
    for flat in every:
        roll = roll_skill(pool, FaceReplay(flat), rules)  # type: ignore[arg-type]
        counts[roll.successes] = counts.get(roll.successes, 0) + 1
    return {k: Fraction(v, len(every)) for k, v in sorted(counts.items())}


SMALL = [
    SkillPool(b, s, g)
    for b in range(3) for s in range(-2, 3) for g in range(2)
    if b + abs(s) + g <= 4
]


@pytest.mark.parametrize("pool", SMALL, ids=str)
def test_odds_match_brute_force(pool):
    assert skill_success_distribution(pool) == brute_force(pool)


def test_odds_on_other_dice():
    d4 = YearZeroRules(sides=4, success_face=4)
    pool = SkillPool(2, -2, 1)
    assert skill_success_distribution(pool, d4) == brute_force(pool, d4)


@given(pools)
@settings(max_examples=60, deadline=None)
def test_odds_are_a_distribution(pool):
    odds = skill_success_distribution(pool)
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())
    assert min(odds) == 0 and max(odds) == pool.base + pool.positive_skill + pool.gear


def test_odds_of_a_plain_pool():
    # no ☢ on 3 dice: (5/6)³
    assert skill_success_distribution(SkillPool(2, 1))[0] == Fraction(125, 216)


# -- invariants (hypothesis) ------------------------------------------------------


@given(pools, st.integers(0, 2**32))
@settings(max_examples=200, deadline=None)
def test_roll_invariants(pool, seed):
    roll = roll_skill(pool, random.Random(seed))
    sixes = sum(1 for f in roll.faces.negative if f == 6)
    assert roll.successes == max(roll.raw_successes - sixes, 0)
    assert 0 <= roll.successes <= roll.raw_successes <= pool.base + pool.positive_skill + pool.gear
    assert roll.cancelled == min(roll.raw_successes, sixes)
    assert all(len(roll.faces.of(k)) == pool.count(k) for k in SkillDie)
    assert all(1 <= f <= 6 for f in roll.faces.flat())
    assert roll.can_push and not roll.pushed


@given(pools, st.integers(0, 2**32))
@settings(max_examples=200, deadline=None)
def test_push_invariants(pool, seed):
    rng = random.Random(seed)
    roll = roll_skill(pool, rng)
    recorder = FaceRecorder(rng)
    pushed = roll.push(recorder)  # type: ignore[arg-type]
    assert pushed.stages[0] == roll.faces
    rerolled = 0
    for kind in SkillDie:
        for index, (old, new) in enumerate(zip(roll.faces.of(kind), pushed.faces.of(kind))):
            if roll.lock(kind, index) is not None:
                assert new == old
            else:
                rerolled += 1
    assert len(recorder.faces) == rerolled
    # locked faces stay, so nothing rolled on the positive dice is lost;
    # negative dice may cancel more, though
    assert pushed.raw_successes >= roll.raw_successes
    assert pushed.banes >= roll.banes and pushed.gear_banes >= roll.gear_banes
    assert not pushed.can_push
    assert skill_roll_from_faces(pool, pushed.stages[0], pushed.stages[1]) == pushed
    replay = FaceReplay(tuple(recorder.faces))
    assert roll.push(replay) == pushed  # type: ignore[arg-type]
    replay.check_all_used()
