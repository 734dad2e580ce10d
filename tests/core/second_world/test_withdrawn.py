"""Withdrawn characters (RULES-NOTES, Second World, settled after the first
audit): "Five zones is the minimum distance to consider combatants as
withdrawn from a combat." A character 5 zones or more from every opponent
(the shortest walk, closed edges ignored) takes no turns and can't be
targeted until an opponent comes within 4 zones again; a side all of whose
characters have withdrawn or been taken out has left the conflict, which
is neither conceding (no fate point) nor being taken out. A save played
before keeps what was played."""

from __future__ import annotations


import pytest

from tests.core.second_world.kit import captain_start, corridor
from tests.fixtures import assert_rules_notice, BEFORE, copied
from tui.core.errors import RuleViolation
from tui.core.files.loading import load_battle
from tui.core.files.storage import open_session
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.combat import attack_refusal

TOOK_A_TURN = BEFORE / "second-world-withdrawn-takes-a-turn.toml"


def hale_moves_away(vasquez: str = "z4"):
    """Hale (z1) takes the free move to z0, 5 rooms from the Guards (z5)."""
    battle = captain_start(corridor({"hale": "z1", "vasquez": vasquez, "guards": "z5"}))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.FreeMove(key="hale", to="z0"))
    battle.record(ev.EndTurn())
    return battle


def test_five_zones_from_every_opponent_is_withdrawn_four_is_not():
    battle = hale_moves_away()
    assert battle.game.away("hale") and not battle.game.away("vasquez")
    assert not battle.game.away("guards")  # Vasquez is one room away
    assert battle.game.stage == "conflict"


def test_a_withdrawn_character_takes_no_turn_and_is_no_target():
    battle = hale_moves_away()
    battle.record(ev.BeginTurn(key="vasquez"))
    battle.record(ev.EndTurn())
    assert attack_refusal(battle.game, "guards", "hale", "shoot") == "Sgt. Hale has withdrawn (5 zones or more from every opponent) and can't be targeted"
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.EndTurn())
    # round 2: only Vasquez may act for the Commandos
    assert battle.game.round == 2 and not battle.game.may_begin("hale") and battle.game.may_begin("vasquez")
    with pytest.raises(RuleViolation, match="Sgt. Hale has withdrawn"):
        battle.record(ev.BeginTurn(key="hale"))


def test_an_opponent_coming_within_four_zones_brings_them_back():
    battle = hale_moves_away()
    battle.record(ev.BeginTurn(key="vasquez"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.FreeMove(key="guards", to="z4"))
    assert not battle.game.away("hale")
    assert attack_refusal(battle.game, "guards", "hale", "shoot") != "Sgt. Hale has withdrawn (5 zones or more from every opponent) and can't be targeted"


def test_a_side_all_withdrawn_has_left_and_the_other_holds_the_field():
    battle = hale_moves_away(vasquez="z1")
    battle.record(ev.BeginTurn(key="vasquez"))
    battle.record(ev.FreeMove(key="vasquez", to="z0"))
    fate_points = battle.game.fighter("vasquez").fate_points
    battle.record(ev.EndTurn())
    game = battle.game
    assert game.stage == "ended"
    assert [n.key for n in game.notes.latest(2)] == ["sw.note.side_withdrew", "sw.note.ended"]
    assert dict(game.notes.latest(1)[0].params)["side"] == "Garrison"
    # withdrawing is not conceding nor being taken out
    for key in ("hale", "vasquez"):
        assert not game.fighter(key).conceded and not game.fighter(key).out
    assert game.fighter("vasquez").fate_points == fate_points


def test_when_the_last_opponent_near_concedes_the_side_that_stayed_holds_the_field():
    """The MG Gunner stands 6 rooms off (withdrawn); the Guards, the last of
    the Garrison near the Commandos, concede: the Garrison has left, the
    Commandos hold the field. Every side 5 zones from the other read as
    "every side has withdrawn" (Second World playthrough)."""
    battle = captain_start(corridor({"hale": "z0", "vasquez": "z0", "guards": "z1", "gunner": "z6"}))
    assert battle.game.away("gunner") and not battle.game.away("hale")
    battle.record(ev.Concede(key="guards"))
    game = battle.game
    assert game.stage == "ended"
    told = [(n.key, dict(n.params).get("side")) for n in game.notes.latest(2)]
    assert told == [("sw.note.side_withdrew", "Garrison"), ("sw.note.ended", "Commandos")]


def test_a_save_from_before_keeps_the_turn_it_played(tmp_path):
    path = copied(TOOK_A_TURN, tmp_path)
    battle = load_battle(path)
    assert battle.game.turn.actor == "hale"  # as played, though withdrawn
    assert_rules_notice(battle, path, 24, "has withdrawn: no turns, not a target")


def test_after_it_new_steps_follow_todays_rule(tmp_path):
    path = copied(TOOK_A_TURN, tmp_path)
    session = open_session(path)
    battle = session.battle
    battle.undo()  # Hale's turn
    with pytest.raises(RuleViolation, match="withdrawn"):
        battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.BeginTurn(key="vasquez"))
    session.save(whole=True)
    assert load_battle(path).game.turn.actor == "vasquez"


def test_the_story_says_who_withdrew_and_who_came_back():
    battle = hale_moves_away()
    keys = [n.key for n in battle.game.notes.latest(4)]
    assert "sw.note.withdrew" in keys
    battle.record(ev.BeginTurn(key="vasquez"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.FreeMove(key="guards", to="z4"))
    note = battle.game.notes.latest(1)[0]
    assert (note.key, dict(note.params)["name"]) == ("sw.note.back", "Sgt. Hale")
