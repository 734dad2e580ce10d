"""Fate Core's whole outcome table for overcome and create an advantage
(RULES-NOTES, Second World, settled after the first audit). Overcome: a
tie succeeds at a minor cost (or gives the opposition a boost); a fail
fails, or succeeds at a serious cost (the GM's choice); success with style
adds a boost. Create an advantage: a tie gives a boost instead; a fail
makes no aspect, or the aspect with its free invoke for the opposition;
with style, two free invokes."""

from __future__ import annotations

import pytest

from tests.core.second_world.test_combat import turn_of
from tui.core.errors import RuleViolation
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.combat import outcome_choices

ZERO = (0, 0, 0, 0)


def overcome(difficulty: int):
    """Hale (Athletics +3) overcomes ``difficulty`` on zeroes."""
    battle = turn_of("hale")
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="overcome", skill="athletics", faces=ZERO, difficulty=difficulty))
    return battle


def advantage(difficulty: int):
    battle = turn_of("hale")
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="athletics", faces=ZERO, difficulty=difficulty, zone="z1", aspect="High Ground"))
    return battle


def last_note(battle):
    note = battle.game.notes.latest(1)[0]
    return note.key, dict(note.params)


def test_which_outcomes_leave_a_choice():
    assert outcome_choices("overcome", "fail") == ("fail", "cost")
    assert outcome_choices("overcome", "tie") == ("cost", "opposition_boost")
    assert outcome_choices("advantage", "fail") == ("no_aspect", "aspect_to_opposition")
    for action, outcome in (("overcome", "success"), ("overcome", "style"), ("advantage", "tie"), ("advantage", "success"), ("attack", "fail")):
        assert outcome_choices(action, outcome) == ()


def test_an_overcome_failed_fails_or_succeeds_at_a_serious_cost():
    battle = overcome(5)
    battle.record(ev.Resolve(choice="fail"))
    assert last_note(battle)[0] == "sw.note.failed"
    battle = overcome(5)
    battle.record(ev.Resolve(choice="cost", cost="The radio is smashed"))
    assert last_note(battle) == ("sw.note.serious_cost", {"cost": "The radio is smashed"})


def test_an_overcome_tied_succeeds_at_a_minor_cost_or_gives_the_opposition_a_boost():
    battle = overcome(3)
    battle.record(ev.Resolve(choice="cost", cost="Out of breath"))
    assert last_note(battle) == ("sw.note.minor_cost", {"cost": "Out of breath"})
    battle = overcome(3)
    battle.record(ev.Resolve(choice="opposition_boost", boost="Spotted"))
    boost = battle.game.aspects[-1]
    assert (boost.text, boost.kind, boost.holder, boost.free, boost.on) == ("Spotted", "boost", 1, 1, "hale")


def test_an_overcome_with_style_adds_a_boost_for_the_actor():
    battle = overcome(0)
    battle.record(ev.Resolve(boost="Second Wind"))
    boost = battle.game.aspects[-1]
    assert (boost.text, boost.kind, boost.holder) == ("Second Wind", "boost", 0)


def test_an_advantage_failed_makes_no_aspect_or_gives_its_invoke_away():
    battle = advantage(5)
    battle.record(ev.Resolve(choice="no_aspect"))
    assert battle.game.aspects == () and last_note(battle)[0] == "sw.note.no_aspect"
    battle = advantage(5)
    battle.record(ev.Resolve(choice="aspect_to_opposition"))
    aspect = battle.game.aspects[-1]
    assert (aspect.text, aspect.kind, aspect.holder, aspect.free, aspect.on) == ("High Ground", "advantage", 1, 1, "z1")


def test_an_advantage_with_style_has_two_free_invokes():
    battle = advantage(0)
    battle.record(ev.Resolve())
    assert battle.game.aspects[-1].free == 2


@pytest.mark.parametrize("make,resolve", [
    (lambda: overcome(1), ev.Resolve(choice="cost")),  # a success has no cost to choose
    (lambda: overcome(5), ev.Resolve(choice="opposition_boost", boost="x")),  # a fail's choices are fail or cost
    (lambda: advantage(5), ev.Resolve(choice="cost")),
    (lambda: overcome(5), ev.Resolve(choice="fail", cost="x")),  # a cost only with success at a cost
])
def test_a_choice_the_outcome_does_not_offer_is_refused(make, resolve):
    battle = make()
    with pytest.raises(RuleViolation, match="no such choice"):
        battle.record(resolve)
    assert battle.game.pending is not None


def test_an_unchosen_outcome_plays_as_saves_before_the_choice():
    battle = overcome(3)
    battle.record(ev.Resolve())
    assert battle.game.aspects == () and last_note(battle)[0] == "sw.note.outcome"


def test_a_defence_with_style_keeps_its_boost_whatever_the_gm_chooses_for_the_fail():
    """Found in play: the defender's boost was asked for and then lost when
    the GM chose what a failed advantage does."""
    for choice in ("no_aspect", "aspect_to_opposition"):
        battle = turn_of("hale")
        battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="athletics", faces=(-1, -1, -1, -1),
                                    target="guards", defence_skill="notice", defence_faces=(1, 1, 1, 1), aspect="Pinned"))
        assert battle.game.pending.shifts <= -3
        battle.record(ev.Resolve(choice=choice, boost="Wary"))
        boosts = [(a.text, a.holder) for a in battle.game.aspects if a.kind == "boost"]
        assert boosts == [("Wary", 1)], choice
