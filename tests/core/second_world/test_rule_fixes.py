"""Second World's rules mended after battles were saved.

The text: a free move "gives a -1 on Shoot rolls to attack" that turn.
RULES-NOTES (settled after the first audit): Shoot *attacks* only, not
Shoot used to overcome, create an advantage or defend. A save played before
(``tests/fixtures/before_fixes/``) keeps what was played; new steps follow
today's rule.
"""

from __future__ import annotations


from tests.core.second_world.kit import captain_start, scene
from tests.fixtures import assert_rules_notice, BEFORE, copied, played_as
from tui.core.files.loading import load_battle
from tui.core.files.storage import open_session
from tui.core.systems.second_world import events as ev, fixes
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.chances import action_chances
from tui.core.systems.second_world.combat import modifier

SHOOT_ADVANTAGE = BEFORE / "second-world-free-move-shoot-advantage.toml"


def after_the_free_move() -> SecondWorldBattle:
    """Sgt. Hale (Shoot +2) takes the free move into room 2, the door propped open."""
    battle = scene()
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None))
    captain_start(battle, first=0)
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.FreeMove(key="hale", to="z2"))
    return battle


def test_the_free_move_costs_shoot_attacks_only():
    state = after_the_free_move().game
    assert modifier(state, "hale", "shoot", "attack") == -1
    assert modifier(state, "hale", "shoot", "advantage") == 0
    assert modifier(state, "hale", "shoot", "overcome") == 0
    assert modifier(state, "hale", "notice", "attack") == 0
    # the odds shown before the dice say the same: as without the free move, but for an attack
    unmoved = after_the_free_move()
    unmoved.undo()
    assert action_chances(state, "hale", "advantage", "shoot", difficulty=2) == action_chances(unmoved.game, "hale", "advantage", "shoot", difficulty=2)
    assert action_chances(state, "hale", "attack", "shoot", target="guards", defence_skill="notice") != action_chances(unmoved.game, "hale", "attack", "shoot", target="guards", defence_skill="notice")


def test_shoot_to_create_an_advantage_after_the_free_move_rolls_in_full():
    battle = after_the_free_move()
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="shoot", faces=(0, 0, 0, 1), difficulty=2, zone="z3", aspect="Covering Fire"))
    assert battle.game.pending.actor.total == 3  # 2 + 1, nothing off: a success


def test_the_fixture_is_this_battle():
    played_as(after_the_free_move(), SHOOT_ADVANTAGE)


def test_a_save_from_before_keeps_the_tie_it_played(tmp_path):
    path = copied(SHOOT_ADVANTAGE, tmp_path)
    battle = load_battle(path)
    assert [(a.text, a.free) for a in battle.game.aspects] == [("Heads Down", 1)]  # the tie's boost stands
    number = len(after_the_free_move().history.events) + 1
    assert_rules_notice(battle, path, number, "the free move's -1 is on Shoot rolls to attack only")


def test_after_it_new_rolls_follow_todays_rule(tmp_path):
    path = copied(SHOOT_ADVANTAGE, tmp_path)
    session = open_session(path)
    battle = session.battle
    battle.undo()  # the boost's resolution
    battle.undo()  # the roll
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="shoot", faces=(0, 0, 0, 1), difficulty=2, zone="z3", aspect="Covering Fire"))
    assert battle.game.pending.actor.total == 3
    session.save(whole=True)
    session.close()
    again = load_battle(path)
    assert again.game.pending.actor.total == 3 and again.opening_notices() == []
    assert again.to_file().rule_fixes[fixes.SHOOT_ATTACKS_ONLY] == len(after_the_free_move().history.events)


# -- an ambush under "Captain Takes Point" ----------------------------------------------
#
# RULES-NOTES: the ambushers take precedence (act first in round 1); no
# surprise round in this mode; they never act twice before the other side.

CAPTAIN_AMBUSH = BEFORE / "second-world-captain-ambush.toml"


def test_under_head_on_a_swivel_an_ambush_still_opens_with_a_surprise_round():
    battle = scene()
    battle.record(ev.StartConflict(counter=battle.game.counter, order="swivel", faces=((0, 0, 0, 0),) * 4, coins=(0, 0, 0, 0), ambush=1))
    assert battle.game.round == 0 and battle.game.ambush == 1


def test_the_captain_ambush_fixture_is_this_battle():
    played_as(captain_start(scene(), first=0, ambush=1), CAPTAIN_AMBUSH)


def test_a_surprise_round_played_under_the_captain_stands():
    battle = load_battle(CAPTAIN_AMBUSH)
    # as played: the Garrison's surprise round, then round 1 with the Garrison first
    assert battle.game.round == 1 and battle.game.side_in_turn() == 1
    start = len(captain_start(scene(), first=0, ambush=1).history.events)
    assert battle.rules_notice is not None and f"event {start} of this battle" in battle.rules_notice
    assert "an ambush only decides who acts first" in battle.rules_notice
    while battle.history.cursor >= start:
        battle.undo()
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=0, ambush=1))
    assert battle.game.round == 1 and battle.game.order == ("1", "0")  # today: first, no surprise round
