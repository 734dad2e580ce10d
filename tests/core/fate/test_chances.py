"""The chances shown before a Fate roll (RULES-NOTES, Fate, settled after
the second audit: the GM sees them too). Worked out from the roll the
rules would make: the same rating, bonuses, difficulty or defence; with
the invokes on offer (+2 each)."""

from __future__ import annotations

from tests.core.fate.kit import act, fight
from tui.core.dice.fudge import FateOutcome
from tui.core.dice.odds import fudge_outcomes
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.chances import invokes_on_offer, roll_chances
from tui.core.systems.fate.contest import roll

OPEN = {"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}


def test_a_dash_against_its_difficulty():
    battle = fight(OPEN)
    act(battle, "u1")
    state = battle.game
    chances = roll_chances(state, "dash", "u1", "athletics", path=("meadow",), difficulty=2, aspect="Quick March")
    # Pikes: Athletics +1, Sir Ana attached (Will 4: +1 to skills below it) = +2 against Fair (+2)
    assert chances[0].outcomes == fudge_outcomes(2, 2)
    assert chances[0].invokes == 0


def test_an_attack_against_the_defenders_roll_is_eight_fate_dice():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1)
    act(battle, "u3")
    state = battle.game
    chances = roll_chances(state, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics", aspect="x")
    expected = fudge_outcomes(2 - 2, 0, 8)  # Shoot +2 against Athletics +1 with Sir Ana's +1
    assert chances[0].outcomes == expected
    assert sum(chances[0].outcomes.values()) == 1


def test_the_invokes_on_offer_raise_the_chance_to_succeed():
    battle = fight(OPEN)
    act(battle, "u1")
    state = battle.game
    chances = roll_chances(state, "dash", "u1", "athletics", path=("meadow",), difficulty=2, aspect="Quick March")
    probe = roll(state, ev.Roll(counter=state.counter, action="dash", by="u1", skill="athletics", path=("meadow",), difficulty=2, aspect="Quick March", faces=(0, 0, 0, 0)))
    # Ana has 1 fate point: one paid invoke on an aspect she may invoke
    assert invokes_on_offer(probe, probe.contest) == 1
    assert [c.invokes for c in chances] == [0, 1]
    assert chances[1].outcomes == fudge_outcomes(4, 2)
    win = chances[1].outcomes[FateOutcome.SUCCESS] + chances[1].outcomes[FateOutcome.STYLE]
    assert win > chances[0].outcomes[FateOutcome.SUCCESS] + chances[0].outcomes[FateOutcome.STYLE]


def test_a_roll_the_rules_refuse_has_no_chances():
    battle = fight(OPEN)
    act(battle, "u1")
    assert roll_chances(battle.game, "dash", "u1", "athletics", path=("ford", "meadow"), difficulty=2, aspect="x") == ()
