"""Quick rolls (core/quick_roll.py): every dice expression the app knows,
its exact odds, and a roll kept in any system's log without changing the battle."""

from __future__ import annotations

import random

import pytest

from tui.core.dice.quick import QuickRoll, QuickRollError, parse_quick, quick_odds, quick_result, roll_quick
from tui.core.system import quick_dice

DICE = quick_dice()


@pytest.mark.parametrize("text,tidy,kind", [
    ("5b2s1g", "5b2s1g", "yz"), ("4dF+2 vs 3", "4dF+2 vs 3", "dF"), ("df-1", "4dF-1", "dF"),
    (" 4 D F + 2  VS 3 ", "4dF+2 vs 3", "dF"), ("d20+6 vs 17", "d20+6 vs 17", "d20"), ("D20", "d20", "d20"),
    ("2d6", "2d6", "plain"), ("d6 vs 4", "1d6 vs 4", "plain"), ("3D8 + 2", "3d8+2", "plain"), ("1d20", "1d20", "plain"),
])
def test_expressions_are_read_and_tidied(text, tidy, kind):
    spec = parse_quick(text, DICE)
    assert (spec.text, spec.kind) == (tidy, kind)


@pytest.mark.parametrize("text,message", [
    ("", "type dice: 5b2s1g, 4dF+2 vs 3, d20+6 vs 17 or 2d6"),
    ("2d1", "plain dice: 1 to 100 dice of 2 to 1000 sides, like 2d6+1"),
    ("101d6", "plain dice: 1 to 100 dice of 2 to 1000 sides, like 2d6+1"),
    ("30dF", "30dF: between 1 and 20 Fate dice"),
    ("5b2x", "5b2x is no dice the app knows: 5b2s1g, 4dF+2 vs 3, d20+6 vs 17 or 2d6"),
])
def test_a_typo_says_what_dice_look_like(text, message):
    with pytest.raises(QuickRollError) as caught:
        parse_quick(text, DICE)
    assert str(caught.value) == message


def test_plain_dice_of_any_system_with_exact_odds():
    """The playthrough found no way to roll 2d6 (a d6 for the weather, a
    random encounter): plain dice are read whatever the system."""
    assert quick_odds(parse_quick("2d6", DICE), DICE) == "from 2 to 12, on average 7"
    assert quick_odds(parse_quick("2d6 vs 7", DICE), DICE) == "reaches 7: 58%"  # 21/36
    spec = parse_quick("3d8+2 vs 20", DICE)
    assert quick_result(spec, (8, 7, 3), DICE) == "3d8+2 vs 20: 8 + 7 + 3 = 20: reached"
    assert quick_result(spec, (1, 1, 1), DICE) == "3d8+2 vs 20: 1 + 1 + 1 = 5: short"


def test_the_odds_are_exact():
    assert quick_odds(parse_quick("4dF+2 vs 3", DICE), DICE) == "fail 62% · tie 20% · success 17% · with style 1%"
    assert quick_odds(parse_quick("d20+6 vs 17", DICE), DICE) == "hits 50%"
    assert quick_odds(parse_quick("1s", DICE), DICE) == "☢ ≥1: 17%"


def test_results_read_the_faces_rolled():
    spec = parse_quick("2b1s", DICE)
    faces = roll_quick(spec, DICE, random.Random(3))
    assert len(faces) == 3
    assert quick_result(spec, (6, 1, 6), DICE) == "2b1s: ✘ 6 1 · ◎ 6 → 2 ☢"
    assert quick_result(parse_quick("4dF+1 vs 2", DICE), (1, 1, 0, -1), DICE) == "4dF+1 vs 2: [+ + 0 −] → +2: tie (+0 shifts)"
    assert quick_result(parse_quick("d20+6 vs 17", DICE), (20,), DICE) == "d20+6 vs 17: 20 → 26: hit"


def test_a_quick_roll_in_the_log_changes_nothing_and_is_undone():
    from tui.core.systems.fate.demo import ford_of_brannock

    battle = ford_of_brannock()
    before = battle.game
    battle.record(QuickRoll(expression="4dF", faces=(1, 0, -1, 0)))
    assert battle.game is before and battle.can_undo
    battle.undo()
    assert battle.game is before
