"""``frozen.replace``: what ``dataclasses.replace`` promises, faster."""

from __future__ import annotations

import random

import pytest

from tui.core.dice.year_zero import Pool, YearZeroRules, parse_pool, roll_pool
from tui.core.errors import PoolSizeError
from tui.core.frozen import replace


def test_a_changed_copy_leaves_the_original_alone():
    pool = Pool(3, 4, 1)
    changed = replace(pool, gear=2)
    assert changed == Pool(3, 4, 2) and pool == Pool(3, 4, 1) and changed is not pool


def test_the_records_own_checks_still_run():
    with pytest.raises(PoolSizeError):
        replace(Pool(3, 4, 1), base=-1)


def test_an_unknown_field_is_refused():
    with pytest.raises(TypeError, match="no field"):
        replace(Pool(3, 4, 1), bass=2)


def test_a_value_the_record_cached_for_itself_is_not_carried_over():
    rules = YearZeroRules()
    roll = roll_pool(parse_pool("6b"), random.Random(3), rules)
    assert roll.successes == sum(1 for die in roll.dice if die.face == rules.success_face)  # fills the cache
    all_sixes = tuple(replace(die, faces=(6,)) for die in roll.dice)
    assert replace(roll, dice=all_sixes).successes == 6
