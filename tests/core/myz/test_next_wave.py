"""The step from one wave to the next (systems/myz/after_battle.py): which
damaged Support die is lost, and the GM's Battle Level adjustment.

Rules text: "When it comes to identify which specific fortification or
Special Unit is damaged, the choice is left to the opponent." "Adjust the
factions' current Battle Levels along with the suffered losses and the
destroyed Ark projects." RULES-NOTES: one Battle Level per 35 fighters.
"""

from __future__ import annotations

import pytest

from tests.core.myz.kit import army, end_script, leader, end_wave, fight, start, support_none, to_battle
from tui.core.errors import RuleViolation
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.after_battle import suggested_battle_levels
from tui.core.systems.myz.wave_end import damaged_support_choice
from tui.core.files.loading import load_battle
from tui.core.files.saving import save_battle
from tui.core.systems.myz.army import Battlefield


def _after_battle(blue_units: dict, gear_banes: int, **blue):
    """Red out-rolls Blue, whose Support dice show ``gear_banes``; nobody repairs."""
    battle = start(army(3, people=(leader("Marlotte"),)), army(3, units=blue_units, **blue))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 1}, {"gear_banes": gear_banes})
    support_none(battle)
    return battle


def test_the_opponent_chooses_which_special_unit_loses_its_die():
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    count, candidates = damaged_support_choice(battle.game, 1)
    assert count == 1 and set(candidates) == {"artillery", "cavalry"}
    assert damaged_support_choice(battle.game, 0) == (0, ())
    end_wave(battle, damaged={1: ("cavalry",)})
    units = battle.game.forces[1].units
    assert units["cavalry"] == 0 and units["artillery"] == 1


def test_without_a_choice_the_first_special_unit_in_the_pool_goes():
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    end_wave(battle)
    units = battle.game.forces[1].units
    assert units["artillery"] == 0 and units["cavalry"] == 1


def test_fortification_and_ambush_dice_go_before_the_opponent_chooses():
    battle = start(army(3), army(3, fortification="walled", units={"artillery": 1, "armored": 1}), Battlefield(siege=1))
    to_battle(battle, "attack", "defense")
    pool = battle.game.wave.pools[1].pool
    fortification = battle.game.forces[1].fortification_dice
    assert fortification == 2 and pool.gear == 4
    fight(battle, {"successes": 1}, {"gear_banes": 3})
    support_none(battle)
    count, candidates = damaged_support_choice(battle.game, 1)
    assert count == 1 and sorted(candidates) == ["armored", "artillery"]
    end_wave(battle, damaged={1: ("armored",)})
    after = battle.game.forces[1]
    assert after.fortification_dice == 0 and after.units["armored"] == 0 and after.units["artillery"] == 1


@pytest.mark.parametrize("picks", [("aerial",), ("cavalry", "cavalry"), ("cavalry", "artillery")])
def test_a_pick_that_is_not_a_damaged_support_die_is_refused(picks):
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    before = battle.game
    with pytest.raises(RuleViolation, match="Blue"):
        battle.end_wave({1: picks})
    assert battle.game is before


def test_the_choice_is_saved_and_replayed(tmp_path):
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    battle.end_wave({1: ("cavalry",)})
    save_battle(battle, tmp_path / "b.toml")
    again = load_battle(tmp_path / "b.toml")
    assert again.game.forces[1].units == battle.game.forces[1].units
    assert again.game.forces[1].units["cavalry"] == 0


def test_the_opponents_choice_decides_whether_enemy_artillery_is_left():
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    report = end_wave(battle, damaged={1: ("artillery",)})
    assert "enemy_artillery" not in report.retaliation[0][0].factors
    battle = _after_battle({"artillery": 1, "cavalry": 1}, 1)
    report = end_wave(battle, damaged={1: ("cavalry",)})
    assert "enemy_artillery" in report.retaliation[0][0].factors


def test_the_suggested_battle_level_counts_one_level_per_35_fighters_lost():
    battle = start(army(4), army(4))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 1}, {"banes": 3})
    support_none(battle)
    # Blue: 3 ☠ = 6D6 of 6s (36) + margin row; Red: nothing to roll
    report = end_wave(battle, default=6)
    lost = report.casualties[1].total
    assert lost >= 35
    assert battle.game.forces[1].battle_level == 1
    assert suggested_battle_levels(battle.game) == (4, max(0, 1 - lost // 35))


def test_the_gm_sets_the_next_waves_battle_levels():
    battle = _after_battle({}, 0)
    end_wave(battle)
    battle.record(ev.NextWave(battle_levels={0: 5}))
    assert battle.game.forces[0].battle_level == 5
    assert battle.game.forces[1].battle_level == 3
    assert battle.game.wave.number == 2
    battle.undo()
    assert battle.game.forces[0].battle_level == 3 and battle.game.wave.phase == "next"


def test_no_battle_level_is_suggested_once_every_mustered_fighter_is_dead():
    battle = start(army(3, people=(leader("Marlotte"),)), army(3, fighters=10))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 2}, {"banes": 1})
    support_none(battle)
    end_wave(battle)  # 2D6 and the margin row's dice, each a 3: more than 10
    assert battle.game.forces[1].fighters == 0 and battle.game.forces[1].battle_level == 2
    assert suggested_battle_levels(battle.game)[1] == 0
    # an army mustered without a fighter count keeps its level
    battle = start(army(3, people=(leader("Marlotte"),)), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 2}, {"banes": 1})
    support_none(battle)
    end_wave(battle)  # fewer than 35 killed
    assert suggested_battle_levels(battle.game)[1] == 2


def test_without_a_choice_each_damaged_die_costs_a_unit_of_its_own_class():
    """Each class gives one Support die: all three damaged from a force with
    Aerial 1, Armored 2, Artillery 1 (and Engineering, which gives none)
    cost one unit of each class, never two Armored while another class's
    die was the one damaged."""
    battle = _after_battle({"aerial": 1, "armored": 2, "artillery": 1, "engineering": 1}, 3)
    assert battle.game.wave.pools[1].pool.gear == 3
    end_wave(battle)
    units = battle.game.forces[1].units
    assert (units["aerial"], units["armored"], units["artillery"], units["engineering"]) == (0, 1, 0, 1)


# -- a damaged Arsenal die (RULES-NOTES, Mutant, settled after the second audit) --


def _arsenal_wave(gear_banes: int, units: dict | None = None):
    """Blue defends its Ark with an Arsenal (and Hunting Party); ``gear_banes``
    show on its Support dice; nobody repairs."""
    battle = start(army(3, people=(leader("Marlotte"),)), army(3, defends_ark=True, ark_projects=("arsenal", "hunting_party"), units=units or {}))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 2}, {"gear_banes": gear_banes})
    support_none(battle)
    return battle


def test_a_damaged_arsenal_die_is_lost_and_the_project_stands():
    battle = _arsenal_wave(1)
    end_wave(battle)
    blue = battle.game.forces[1]
    assert blue.ark_projects == ("arsenal", "hunting_party")
    assert blue.damaged_projects == ("arsenal",)
    assert ("myz.change.project_damaged", "arsenal") in battle.game.reports[-1].changes[1]
    # the next wave's pool has no Arsenal die
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "attack")
    assert not [line for line in battle.game.wave.pools[1].lines if line.source == "ark_project"]


def test_arsenal_falls_with_the_fortifications_before_special_units_at_the_opponents_choice():
    battle = _arsenal_wave(1, {"artillery": 1})
    count, candidates = damaged_support_choice(battle.game, 1)
    assert (count, candidates) == (0, ())  # one die lost: the Arsenal's, the only one in the first group
    end_wave(battle)
    blue = battle.game.forces[1]
    assert blue.damaged_projects == ("arsenal",) and blue.units["artillery"] == 1


def test_with_a_fortification_the_opponent_picks_among_it_and_the_arsenal():
    battle = start(army(3), army(3, defends_ark=True, ark_projects=("arsenal", "defenses"), units={"artillery": 1}), Battlefield(siege=1))
    to_battle(battle, "attack", "defense")
    assert battle.game.forces[1].fortification_dice == 1
    fight(battle, {"successes": 1}, {"gear_banes": 1})
    support_none(battle)
    count, candidates = damaged_support_choice(battle.game, 1)
    assert count == 1 and sorted(candidates) == ["arsenal", "fortification"]
    end_wave(battle, damaged={1: ("arsenal",)})
    blue = battle.game.forces[1]
    assert blue.fortification_dice == 1 and blue.damaged_projects == ("arsenal",) and blue.units["artillery"] == 1


def test_the_gear_die_destroys_a_damaged_arsenal_for_good():
    battle = _arsenal_wave(1)
    game = battle.game
    end_wave(battle, *end_script(game, ark=(1, 1)))  # the loss face, then the first project
    blue = battle.game.forces[1]
    assert "arsenal" not in blue.ark_projects and blue.damaged_projects == ()
