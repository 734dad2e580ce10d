"""A Kingmaker battle turn by turn: setup, initiative, the five phases,
movement with its costs and contact, damage at the end of a phase.

Kingmaker text: "Before battle, Generals make opposed Profession: Soldier
rolls. The winner chooses which side sets up first. Sides take turns,
placing one unit each. Units may not be set up within 5 squares of an
enemy unit"; "A unit may turn 90 degrees at a cost of 1 Speed once each
turn"; "diagonals ... the first costs 1 move, the second 2, the third 1";
"Any movement that results in touching another unit starts Melee Combat.
Each Unit Square in base contact with an enemy is considered locked".
"""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import begin_turn, counter, muster, set_up, step, to_phase
from tui.core.errors import RuleViolation
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.play import apply
from tui.core.systems.kingmaker.battle import KingmakerBattle, KingmakerBattleFile


def battle_at(phase: str = "movement", first: int = 0) -> KingmakerBattle:
    battle = set_up(muster())
    begin_turn(battle, first)
    to_phase(battle, phase)
    return battle


def test_setup_alternates_sides_and_keeps_enemies_apart():
    battle = muster()
    battle.record(ev.SetupRoll(counter=0, rounds=((15, 3),)))  # 15 + 5 against 3 + 5
    assert battle.game.roll_winner == 0 and battle.game.stage == "setup"
    battle.record(ev.FirstSide(side=1))
    with pytest.raises(RuleViolation, match="places a unit now"):
        battle.record(ev.Place(key="knights", x=2, y=2, facing="s"))
    battle.record(ev.Place(key="warband", x=10, y=10, facing="n"))
    with pytest.raises(RuleViolation, match="within 5 squares"):
        battle.record(ev.Place(key="knights", x=10, y=5, facing="s"))
    battle.record(ev.Place(key="knights", x=10, y=4, facing="s"))
    with pytest.raises(RuleViolation, match="stands there"):
        battle.record(ev.Place(key="skirmish", x=11, y=10, facing="n"))
    battle.record(ev.Place(key="skirmish", x=16, y=10, facing="n", formation="2x1"))
    assert battle.game.unit("skirmish").block.squares == {(16, 10), (17, 10)}
    battle.record(ev.Place(key="archers", x=2, y=2, facing="s"))
    assert (battle.game.stage, battle.game.turn, battle.game.phase) == ("battle", 1, "tactics")


def test_opposed_rolls_must_settle():
    battle = muster()
    # Generals: Ser Ilsa (5 ranks) for Ostmark, Vorn (5 ranks) for Rivenhold: a tie rolls again.
    with pytest.raises(RuleViolation, match="don't settle"):
        battle.record(ev.SetupRoll(counter=0, rounds=((10, 10),)))
    with pytest.raises(RuleViolation, match="don't settle"):
        battle.record(ev.SetupRoll(counter=0, rounds=((12, 10), (3, 4))))
    battle.record(ev.SetupRoll(counter=0, rounds=((10, 10), (3, 4))))
    assert battle.game.roll_winner == 1 and battle.game.counter == 2


def test_the_phases_run_in_order_for_each_side_and_turns_renew():
    battle = set_up(muster())
    with pytest.raises(RuleViolation, match="initiative"):
        battle.record(ev.EndStep())
    begin_turn(battle, first=1)
    seen = []
    while battle.game.turn == 1:
        seen.append((battle.game.phase, battle.game.side_acting))
        battle.record(ev.EndStep())
    assert seen == [(p, s) for p in ("tactics", "movement", "ranged", "melee", "morale") for s in (1, 0)]
    assert battle.game.first is None and battle.game.roll_winner is None


def test_moving_forward_diagonals_and_one_turn():
    battle = battle_at("movement")
    step(battle, "archers", "left")           # diagonal: 1
    assert battle.game.unit("archers").block.squares == {(5, 3)}
    step(battle, "archers", "right")          # second diagonal: 2
    assert battle.game.unit("archers").spent == 3
    with pytest.raises(RuleViolation, match="movement left"):
        step(battle, "archers", "forward")
    step(battle, "knights", "turn_left")      # facing east now, 1
    assert battle.game.unit("knights").block.facing == "e"
    with pytest.raises(RuleViolation, match="once a turn"):
        step(battle, "knights", "turn_left")
    step(battle, "knights", "forward", "forward")
    assert battle.game.unit("knights").block.squares == {(12, 3)}


def test_the_turns_a_unit_may_make_are_the_rulesets():
    """"A unit may turn 90 degrees at a cost of 1 Speed once each turn":
    ``movement.turns_per_turn``; a house rule allowing two is followed."""
    from tui.core.frozen import replace

    battle = battle_at("movement")
    step(battle, "knights", "turn_left")
    rules = battle.game.rules
    house = replace(battle.game, rules=rules.model_copy(update={"movement": rules.movement.model_copy(update={"turns_per_turn": 2})}))
    twice = apply(house, ev.Move(counter=house.counter, key="knights", step="turn_left"))
    assert twice.unit("knights").block.facing == "n" and twice.unit("knights").turned == 2
    with pytest.raises(RuleViolation, match="once a turn"):
        apply(twice, ev.Move(counter=twice.counter, key="knights", step="turn_left"))


def test_contact_stops_and_locks():
    battle = battle_at("movement")
    step(battle, "knights", "forward", "forward", "forward")   # rows 4, 5, 6
    battle.record(ev.EndStep())
    step(battle, "warband", "forward")                          # rows 8-9
    step(battle, "warband", "forward")                          # rows 7-8: touches the knights at row 6
    warband = battle.game.unit("warband")
    assert warband.started_melee and warband.spent == 3
    assert battle.game.unit("knights").engaged
    assert battle.game.enemies_in_contact("knights") == ("warband",)
    with pytest.raises(RuleViolation, match="movement left|locked"):
        step(battle, "warband", "forward")


def test_hustle_and_charge_need_their_morale():
    battle = battle_at("movement")
    # Knights' Morale: Charisma 2 + 5 ranks / 5 = +3. Charge DC 12: 8 fails, 9 passes.
    battle.record(ev.Order(counter=counter(battle), key="knights", command="charge", face=8))
    assert battle.game.unit("knights").command is None
    with pytest.raises(RuleViolation, match="had its command"):
        battle.record(ev.Order(counter=counter(battle), key="knights", command="hustle", face=20))
    battle.record(ev.Order(counter=counter(battle), key="archers", command="hustle", face=9))  # 9 + 1 = 10: DC 10
    assert battle.game.unit("archers").command == "hustle"
    step(battle, "archers", "forward", "forward", "forward", "forward")
    assert battle.game.unit("archers").block.squares == {(4, 6)}


def test_about_face_turns_and_ends_the_move():
    battle = battle_at("movement")
    battle.record(ev.Order(counter=counter(battle), key="archers", command="about_face"))
    assert battle.game.unit("archers").block.facing == "n"
    with pytest.raises(RuleViolation, match="movement left"):
        step(battle, "archers", "forward")


def test_the_save_replays_to_the_same_battle(tmp_path):
    battle = battle_at("movement")
    step(battle, "knights", "forward", "forward")
    meta = battle.to_file()
    again = KingmakerBattle.from_file(KingmakerBattleFile.model_validate(meta.model_dump()))
    assert again.game.unit("knights") == battle.game.unit("knights")
    battle.undo()
    assert battle.game.unit("knights").block.squares == {(10, 4)}
    battle.redo()
    assert battle.game.unit("knights").block.squares == {(10, 5)}
