"""An ambush at setup (RULES-NOTES, Kingmaker, settled after the first
audit; Ultimate Campaign): the ambushing side checks its Offense against
each enemy army's Defense before anyone places; an army caught has no
Tactics phase in turn 1, and the ambushers place all their armies after
the other side. With several ambushing armies the best melee Offense
checks (assumed: ``ambush.roller``)."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import begin_turn, counter, muster
from tui.core.errors import RuleViolation
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.ambush import ambush_offense


def ambushed(faces=(10, 1)):
    """Rivenhold lies in ambush after the setup roll (Ostmark won it)."""
    battle = muster()
    battle.record(ev.SetupRoll(counter=counter(battle), rounds=((15, 3),)))
    battle.record(ev.Ambush(counter=counter(battle), side=1, faces=faces))
    return battle


def test_the_best_offense_checks_against_each_army():
    battle = ambushed()
    game = battle.game
    roller, offense = ambush_offense(game, 1)
    assert roller.key == "warband" and offense == game.derived["warband"].offense.total == 5
    knights, archers = game.derived["knights"].defense.total, game.derived["archers"].defense.total
    assert 10 + 5 >= knights and 1 + 5 < archers
    assert game.ambushed == ("knights",) and game.ambusher == 1


def test_the_ambushers_place_after_the_other_side():
    battle = ambushed()
    game = battle.game
    assert game.first == 0 and game.side_acting == 0
    battle.record(ev.Place(key="knights", x=10, y=3, facing="s"))
    assert battle.game.side_acting == 0  # Ostmark goes on placing
    with pytest.raises(RuleViolation):
        battle.record(ev.Place(key="warband", x=10, y=9, facing="n"))
    battle.record(ev.Place(key="archers", x=4, y=2, facing="s"))
    assert battle.game.side_acting == 1
    battle.record(ev.Place(key="warband", x=10, y=9, facing="n"))
    battle.record(ev.Place(key="skirmish", x=16, y=10, facing="n"))
    assert battle.game.stage == "battle"


def test_an_army_caught_has_no_tactics_phase_in_turn_one():
    battle = ambushed()
    for key, place in (("knights", (10, 3, "s")), ("archers", (4, 2, "s")), ("warband", (10, 9, "n")), ("skirmish", (16, 10, "n"))):
        battle.record(ev.Place(key=key, x=place[0], y=place[1], facing=place[2]))
    begin_turn(battle)
    with pytest.raises(RuleViolation, match="caught by the ambush"):
        battle.switch_tactic("knights", "withdraw")
    assert battle.game.unit("knights").tactic == "standard"
    battle.switch_tactic("archers", "withdraw")  # the archers were not caught
    assert battle.game.unit("archers").tactic == "withdraw"
    # from turn 2 the knights have their Tactics phase again
    while battle.game.turn == 1:
        battle.record(ev.EndStep())
    begin_turn(battle)
    battle.switch_tactic("knights", "withdraw")
    assert battle.game.unit("knights").tactic == "withdraw"


def test_an_ambush_that_catches_nobody_leaves_setup_as_it_was():
    battle = ambushed(faces=(1, 1))
    game = battle.game
    assert game.ambushed == () and game.first is None
    battle.record(ev.FirstSide(side=1))  # the setup roll's winner chooses as usual
    assert battle.game.side_acting == 1


@pytest.mark.parametrize("event,says", [
    (lambda b: ev.Ambush(counter=counter(b), side=1, faces=(10,)), "2 Offense checks"),
    (lambda b: ev.Ambush(counter=counter(b), side=1, faces=(10, 21)), "not on a d20"),
])
def test_an_ambush_with_the_wrong_faces_is_refused(event, says):
    battle = muster()
    battle.record(ev.SetupRoll(counter=counter(battle), rounds=((15, 3),)))
    with pytest.raises(RuleViolation, match=says):
        battle.record(event(battle))


def test_an_ambush_only_before_anyone_places_and_once():
    battle = muster()
    with pytest.raises(RuleViolation, match="after the generals' roll"):
        battle.record(ev.Ambush(counter=counter(battle), side=1, faces=(10, 10)))
    battle = ambushed()
    with pytest.raises(RuleViolation):
        battle.record(ev.Ambush(counter=counter(battle), side=0, faces=(10, 10)))


def test_the_battle_draws_one_face_per_target():
    battle = muster()
    battle.setup_roll()
    event = battle.ambush(0)
    assert len(event.faces) == 2 and battle.game.ambusher == 0
