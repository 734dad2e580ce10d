"""Fate dice (4dF against a difficulty) and the Kingmaker d20 attack."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.core.dice.d20 import AttackResult, AttackRules, D20Roll, resolve_attack, roll_d20
from tui.core.dice.fudge import FateOutcome, FateRoll, fudge_outcome, roll_fudge
from tui.core.systems.fate.rules import shipped as fate
from tui.core.systems.kingmaker.rules import shipped as kingmaker


# -- Fate ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "difficulty", "outcome"),
    [
        (1, 2, FateOutcome.FAIL),
        (-4, 0, FateOutcome.FAIL),
        (2, 2, FateOutcome.TIE),
        (0, 0, FateOutcome.TIE),
        (3, 2, FateOutcome.SUCCESS),
        (4, 2, FateOutcome.SUCCESS),
        (5, 2, FateOutcome.STYLE),
        (9, 2, FateOutcome.STYLE),
        (-1, -3, FateOutcome.SUCCESS),
        (0, -3, FateOutcome.STYLE),
    ],
)
def test_fate_outcome_boundaries(total, difficulty, outcome):
    assert fudge_outcome(total, difficulty) == outcome


def test_fate_style_threshold_comes_from_the_ruleset():
    shifts = fate().outcomes.success_with_style_shifts
    assert fudge_outcome(2 + shifts, 2, shifts) == FateOutcome.STYLE
    assert fudge_outcome(1 + shifts, 2, shifts) == FateOutcome.SUCCESS
    assert fudge_outcome(4, 2, style_shifts=2) == FateOutcome.STYLE


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_fate_outcome_is_ordered_by_shifts(total, difficulty):
    outcome = fudge_outcome(total, difficulty)
    shifts = total - difficulty
    expected = (
        FateOutcome.FAIL if shifts < 0
        else FateOutcome.TIE if shifts == 0
        else FateOutcome.SUCCESS if shifts < 3
        else FateOutcome.STYLE
    )
    assert outcome == expected


@given(st.integers(0, 2**32), st.integers(1, 20), st.integers(-5, 8))
def test_roll_fate_faces(seed, count, modifier):
    r = roll_fudge(random.Random(seed), modifier, count)
    assert len(r.faces) == count
    assert all(f in (-1, 0, 1) for f in r.faces)
    assert r.dice_total == sum(r.faces)
    assert -count <= r.dice_total <= count
    assert r.total == r.dice_total + modifier
    assert roll_fudge(random.Random(seed), modifier, count) == r


def test_roll_fate_default_is_four_dice_and_uses_every_face():
    rng = random.Random(5)
    seen = set()
    for _ in range(50):
        r = roll_fudge(rng)
        assert len(r.faces) == fate().dice.count
        seen.update(r.faces)
    assert seen == {-1, 0, 1}


def test_fate_symbols():
    assert FateRoll((1, 0, -1, 1), 2).symbols() == "+ 0 - +"
    assert FateRoll((1, 0, -1, 1), 2).total == 3


# -- d20 (Kingmaker) ----------------------------------------------------------

RULES = AttackRules.from_ruleset(kingmaker())


def test_a_total_below_the_target_misses():
    assert resolve_attack(10, 6, 17, cap=4, rules=RULES) == AttackResult(False, 0, False)
    assert not resolve_attack(1, 15, 17, rules=RULES).hit


def test_meeting_the_target_deals_the_minimum_one():
    result = resolve_attack(11, 6, 17, cap=4, rules=RULES)
    assert result.hit and result.damage == 1 and not result.critical


def test_the_seed_text_example_19_against_17_deals_2():
    result = resolve_attack(13, 6, 17, cap=4, rules=RULES)
    assert result == AttackResult(True, 2, False)


def test_damage_is_the_margin_up_to_the_cap():
    assert resolve_attack(14, 6, 17, cap=4, rules=RULES).damage == 3
    assert resolve_attack(15, 6, 17, cap=4, rules=RULES).damage == 4
    assert resolve_attack(19, 6, 17, cap=4, rules=RULES).damage == 4
    assert resolve_attack(19, 6, 17, cap=None, rules=RULES).damage == 8


def test_a_natural_20_adds_one_beyond_the_cap():
    result = resolve_attack(20, 6, 17, cap=4, rules=RULES)
    assert result == AttackResult(True, 5, True)
    assert resolve_attack(20, 0, 17, cap=4, rules=RULES).damage == 4  # 3 + 1
    assert resolve_attack(20, 0, 17, cap=None, rules=RULES).damage == 4


def test_a_natural_20_hits_even_below_the_target():
    # Ultimate Campaign: it "still deals 1 point of damage", exactly: the
    # critical's extra adds to a hit the total made (RULES-NOTES).
    result = resolve_attack(20, -10, 17, cap=4, rules=RULES)
    assert result == AttackResult(True, 1, False, natural_only=True)


def test_a_19_is_no_natural_hit():
    assert not resolve_attack(19, -3, 17, cap=4, rules=RULES).hit


def test_no_natural_hit_when_the_ruleset_turns_it_off():
    rules = AttackRules(natural_hit_face=0)
    assert not resolve_attack(20, -10, 17, cap=4, rules=rules).hit


def test_a_natural_miss_face_when_a_ruleset_sets_one():
    rules = AttackRules(natural_miss_face=1)
    assert not resolve_attack(1, 30, 17, rules=rules).hit
    assert resolve_attack(2, 30, 17, rules=rules).hit
    assert resolve_attack(1, 30, 17, rules=RULES).hit  # the bundled rules have none


@given(st.integers(1, 20), st.integers(-10, 20), st.integers(5, 35), st.one_of(st.none(), st.integers(1, 8)))
def test_attack_invariants(face, modifier, target, cap):
    result = resolve_attack(face, modifier, target, cap, RULES)
    total = face + modifier
    if face == 20:
        assert result.hit and result.critical == (total >= target)
    else:
        assert result.hit == (total >= target)
        assert not result.critical
    if not result.hit:
        assert result.damage == 0
        return
    if total < target:  # a natural 20 below the target: exactly 1
        assert result.damage == 1 and result.natural_only
        return
    base = max(total - target, 1)
    if cap is not None:
        base = min(base, cap)
    assert result.damage == base + (1 if face == 20 else 0)
    assert result.damage >= 1


@given(st.integers(0, 2**32), st.integers(-5, 5))
def test_roll_d20(seed, modifier):
    r = roll_d20(random.Random(seed), modifier)
    assert 1 <= r.face <= 20
    assert r.total == r.face + modifier
    assert roll_d20(random.Random(seed), modifier) == r
    assert D20Roll(7, 3).total == 10
