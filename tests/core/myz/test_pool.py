"""Where every Battle Pool die comes from (systems/myz/pool.py, forces.py).

Rules text (MYZ Mass Combat, Battle Phase): "Determine each leader's Battle
Pool with the following: the faction's current Battle Level.
Reconnaissance bonus (if any). Basic battle modifiers (special class units
and superiorities, special circumstances, etc.). Defensive Advantage (if
apply). Modifiers from the chosen battle strategy. Assailant's bonuses from
their Remarkable Actions."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.core.myz.kit import R, army, force, lines, pools, skill_from
from tui.core.dice.year_zero import Pool
from tui.core.systems.myz.army import Battlefield
from tui.core.systems.myz.forces import fortification_key, has_scout, projects_in_effect, special_classes, superiorities, unit_counts
from tui.core.systems.myz.pool import ActionEffect, commando_damaged

PLAIN = (force(army(3), "A"), force(army(3), "B"))

# The memo's strategy table: Attack ±0, Defense +1, Feinted Attack -2,
# Fighting Retreat +2, Full Retreat +4, Parley ±0, Planned Attack +1,
# Planned Defense +1, Raid ±0, Rally ±0, Skirmish +2, Total Attack +2,
# Total Defense +2.
STRATEGY_DICE = {
    "attack": 0, "total_attack": 2, "planned_attack": 1, "feinted_attack": -2,
    "defense": 1, "total_defense": 2, "planned_defense": 1, "rally": 0, "parley": 0,
    "fighting_retreat": 2, "full_retreat": 4, "raid": 0, "skirmish": 2,
}


def test_the_table_covers_all_thirteen_strategies():
    assert set(STRATEGY_DICE) == {s.key for s in R.strategies}


@pytest.mark.parametrize("key,dice", sorted(STRATEGY_DICE.items()))
def test_each_strategy_gives_its_strategy_dice(key, dice):
    mine, theirs = pools(PLAIN, (key, "attack"))
    assert [line.skill for line in lines(mine, "strategy")] == [dice]
    assert mine.pool == Pool(3, max(dice, 0), 0)
    # a negative number goes to the opponent
    assert theirs.pool.skill == max(-dice, 0)


def test_battle_level_gives_the_battle_dice_and_nothing_else_without_sources():
    a, b = pools((force(army(5)), force(army(1))), ("attack", "attack"))
    assert (a.pool, b.pool) == (Pool(5, 0, 0), Pool(1, 0, 0))
    assert [line.source for line in a.lines] == ["battle_level", "strategy"]


# -- superiority bonuses of strategies ------------------------------------------------


def _with_units(mine: dict, theirs: dict | None = None) -> tuple:
    return (force(army(3, units=mine)), force(army(3, units=theirs or {})))


def test_planned_attack_gains_one_more_with_artillery_superiority():
    forces = _with_units({"artillery": 2}, {"artillery": 1})
    mine, _ = pools(forces, ("planned_attack", "attack"))
    # +1 superiority (basic), +1 Planned Attack, +1 for its Artillery Superiority
    assert skill_from(mine, "superiority") == 1
    assert skill_from(mine, "strategy") == 1
    assert skill_from(mine, "strategy_superiority") == 1
    assert mine.pool == Pool(3, 3, 1)


def test_planned_attack_without_a_2_for_1_superiority_gets_no_extra():
    forces = _with_units({"artillery": 3}, {"artillery": 2})
    mine, theirs = pools(forces, ("planned_attack", "attack"))
    assert superiorities(forces, 0, Battlefield(), R) == []
    assert lines(mine, "strategy_superiority") == []
    assert mine.pool == Pool(3, 1, 1) and theirs.pool == Pool(3, 0, 1)


def test_planned_defense_gains_one_more_with_artillery_superiority():
    forces = (force(army(3, units={"artillery": 1}, terrain="hills")), force(army(3)))
    mine, _ = pools(forces, ("planned_defense", "attack"))
    assert skill_from(mine, "strategy_superiority") == 1
    assert mine.pool.skill == 1 + 1 + 1 + 1  # superiority, strategy, its bonus, hills


def test_raid_gains_one_per_aerial_cavalry_and_naval_superiority():
    forces = _with_units({"aerial": 1, "cavalry": 1, "naval": 1, "artillery": 1})
    mine, _ = pools(forces, ("raid", "attack"), Battlefield(waterway=True))
    assert lines(mine, "strategy_superiority")[0].skill == 3
    assert set(lines(mine, "strategy_superiority")[0].detail.split(",")) == {"aerial", "cavalry", "naval"}
    # the basic superiorities count as well: four classes
    assert skill_from(mine, "superiority") == 4
    assert mine.pool == Pool(3, 7, 4)


def test_raid_counts_naval_only_by_water_and_cavalry_only_outside_a_siege():
    forces = _with_units({"aerial": 1, "cavalry": 1, "naval": 1})
    dry, _ = pools(forces, ("raid", "attack"))
    assert skill_from(dry, "strategy_superiority") == 2
    siege, _ = pools(forces, ("raid", "attack"), Battlefield(siege=1, waterway=True))
    assert skill_from(siege, "strategy_superiority") == 2  # aerial and naval, no cavalry
    assert "cavalry" not in special_classes(forces[0], 0, Battlefield(siege=1), R)


@pytest.mark.parametrize("units,extra", [
    ({}, 0),
    ({"aerial": 1}, 1),
    ({"artillery": 1}, 1),
    ({"aerial": 1, "artillery": 1}, 1),   # "and/or": one die, not two
    ({"cavalry": 1}, 0),
])
def test_skirmish_gains_one_with_aerial_and_or_artillery_superiority(units, extra):
    mine, _ = pools(_with_units(units), ("skirmish", "attack"))
    assert skill_from(mine, "strategy") == 2
    assert skill_from(mine, "strategy_superiority") == extra


def test_full_retreat_gives_only_two_when_confused():
    calm, _ = pools(PLAIN, ("full_retreat", "attack"))
    confused, _ = pools((replace(PLAIN[0], confused=True), PLAIN[1]), ("full_retreat", "attack"))
    assert (calm.pool.skill, confused.pool.skill) == (4, 2)


def test_a_feint_right_after_a_feint_loses_two_more():
    again = (replace(PLAIN[0], last_strategy="feinted_attack", feints=1), PLAIN[1])
    mine, theirs = pools(again, ("feinted_attack", "attack"))
    assert skill_from(mine, "strategy_repeated") == -2
    assert theirs.pool.skill == 4 and mine.pool.skill == 0
    later = (replace(PLAIN[0], last_strategy="attack", feints=1), PLAIN[1])
    mine, theirs = pools(later, ("feinted_attack", "attack"))
    assert lines(mine, "strategy_repeated") == [] and theirs.pool.skill == 2


# -- Defensive Advantage and fortifications ---------------------------------------


@pytest.mark.parametrize("key,has", [(s.key, s.category == "defensive") for s in R.strategies if s.key != "planned_defense"])
def test_defensive_advantage_only_with_a_defensive_strategy(key, has):
    forces = (force(army(3, terrain="mountain")), PLAIN[1])
    mine, _ = pools(forces, (key, "attack"))
    assert skill_from(mine, "defensive_advantage") == (2 if has else 0)


def test_a_declined_parley_is_defense_minus_one_with_the_defensive_advantage():
    forces = (force(army(3, terrain="hills")), PLAIN[1])
    mine, _ = pools(forces, ("defense", "attack"), declined=(True, False))
    assert skill_from(mine, "parley_declined") == -1
    assert mine.pool.skill == 1 + 1 - 1


@pytest.mark.parametrize("terrain,plain,halved", [("none", 0, 0), ("hills", 1, 0), ("mountain", 2, 1)])
def test_planned_attack_halves_the_foes_terrain_advantage_rounded_down(terrain, plain, halved):
    forces = (force(army(3, terrain=terrain)), PLAIN[1])
    assert skill_from(pools(forces, ("defense", "attack"))[0], "defensive_advantage") == plain
    assert skill_from(pools(forces, ("defense", "planned_attack"))[0], "defensive_advantage") == halved


def test_planned_attack_does_not_halve_fortification_support_dice():
    forces = (force(army(3, terrain="mountain"), fortification_dice=2), PLAIN[1])
    mine, _ = pools(forces, ("defense", "planned_attack"), Battlefield(siege=0))
    assert mine.total("gear") == 2 and skill_from(mine, "defensive_advantage") == 1


def test_fortification_dice_only_for_the_besieged_side_with_a_defensive_strategy():
    forces = (force(army(3), fortification_dice=2), PLAIN[1])
    assert pools(forces, ("defense", "attack"), Battlefield(siege=0))[0].pool.gear == 2
    assert pools(forces, ("total_defense", "attack"), Battlefield(siege=0))[0].pool.gear == 2
    # "a Fortification Bonus to their Defensive Advantage": not with Raid
    assert pools(forces, ("raid", "attack"), Battlefield(siege=0))[0].pool.gear == 0
    assert pools(forces, ("defense", "attack"), Battlefield(siege=1))[0].pool.gear == 0


@pytest.mark.parametrize("projects,muster,expected", [
    ((), "none", "none"),
    (("defenses",), "none", "palisade"),
    (("watchtower",), "none", "none"),
    (("defenses", "watchtower"), "none", "walled"),
    (("defenses",), "fortress", "fortress"),
])
def test_the_ark_projects_build_its_fortification(projects, muster, expected):
    ark = force(army(3, defends_ark=True, ark_projects=projects, fortification=muster))
    assert fortification_key(ark, R) == expected
    away = force(army(3, ark=True, defends_ark=False, ark_projects=projects))
    assert fortification_key(away, R) == "none"  # the Ark's walls stay at the Ark


# -- special classes, superiorities and Ark projects -------------------------------


def test_one_support_die_per_class_however_many_units():
    mine, _ = pools(_with_units({"artillery": 5, "armored": 1}), ("attack", "attack"))
    assert [(line.detail, line.gear) for line in lines(mine, "special_class")] == [("armored", 1), ("artillery", 1)]


def test_superiorities_are_cumulative():
    forces = _with_units({"armored": 2, "artillery": 2}, {"armored": 1})
    assert sorted(superiorities(forces, 0, Battlefield(), R)) == ["armored", "artillery"]
    assert pools(forces, ("attack", "attack"))[0].pool.skill == 2


@pytest.mark.parametrize("key,field,counts", [
    ("cavalry", Battlefield(), True),
    ("cavalry", Battlefield(siege=0), False),
    ("engineering", Battlefield(), False),
    ("engineering", Battlefield(siege=1), True),
    ("naval", Battlefield(), False),
    ("naval", Battlefield(waterway=True), True),
])
def test_which_classes_count_where(key, field, counts):
    f = force(army(3, units={key: 2}))
    assert (key in special_classes(f, 0, field, R)) is counts
    assert (key in superiorities((f, PLAIN[1]), 0, field, R)) is counts


@pytest.mark.parametrize("level,besieged,guns", [(8, True, 2), (7, True, 1), (3, True, 0), (8, False, 0)])
def test_explosives_lab_gives_artillery_per_four_battle_levels_only_when_besieged(level, besieged, guns):
    ark = force(army(level, defends_ark=True, combat_ready=False, ark_projects=("explosives_lab",)))
    field = Battlefield(siege=0 if besieged else None)
    assert unit_counts(ark, 0, field, R)["artillery"] == guns


@pytest.mark.parametrize("project,cls,per", [("ship", "naval", 3), ("stables", "cavalry", 2), ("steam_car", "cavalry", 2)])
def test_unit_granting_projects_go_with_the_ark_anywhere(project, cls, per):
    """RULES-NOTES (Mutant, settled after the second audit): the text limits
    only Arsenal to the Ark; Ship, Stables and Steam Car count away too."""
    ark = force(army(6, defends_ark=True, combat_ready=False, ark_projects=(project,)))
    assert unit_counts(ark, 0, Battlefield(), R)[cls] == 6 // per
    away = force(army(6, ark=True, ark_projects=(project,)))
    assert unit_counts(away, 0, Battlefield(), R)[cls] == 6 // per
    # projects of a faction not marked an Ark count nowhere
    assert unit_counts(force(army(6, ark_projects=(project,))), 0, Battlefield(), R)[cls] == 0


def test_the_hunting_party_scouts_away_from_the_ark():
    assert has_scout(force(army(3, ark=True, ark_projects=("hunting_party",))), R)
    assert not has_scout(force(army(3, ark_projects=("hunting_party",))), R)


@pytest.mark.parametrize("project", ["arsenal", "defenses", "explosives_lab", "shelter", "watchtower"])
def test_projects_tied_to_the_ark_count_only_when_defending_it(project):
    assert project in projects_in_effect(force(army(3, defends_ark=True, ark_projects=(project,))), R)
    assert projects_in_effect(force(army(3, ark=True, ark_projects=(project,))), R) == ()


def test_arsenal_gives_a_support_die_only_at_the_ark():
    home, _ = pools((force(army(3, defends_ark=True, ark_projects=("arsenal",))), PLAIN[1]), ("attack", "attack"))
    away, _ = pools((force(army(3, ark=True, ark_projects=("arsenal",))), PLAIN[1]), ("attack", "attack"))
    damaged, _ = pools((force(army(3, defends_ark=True, ark_projects=("arsenal",)), damaged_projects=("arsenal",)), PLAIN[1]), ("attack", "attack"))
    assert (home.pool.gear, away.pool.gear, damaged.pool.gear) == (1, 0, 0)


def test_defending_its_ark_makes_a_faction_an_ark():
    assert army(3, defends_ark=True).ark
    assert not army(3).ark


# -- the other sources ------------------------------------------------------------


def test_surprise_gives_two_strategy_dice_in_the_first_wave_only():
    first, other = pools(PLAIN, ("attack", "attack"), surprise=0)
    assert (skill_from(first, "surprise"), other.pool.skill) == (2, 0)
    later, _ = pools(PLAIN, ("attack", "attack"), surprise=0, wave=2)
    assert lines(later, "surprise") == []


def test_ambush_support_die_circumstances_and_offensive_win():
    f = replace(PLAIN[0], ambush_die=True, circumstances=-3, offensive_bonus=1)
    mine, theirs = pools((f, PLAIN[1]), ("total_attack", "attack"))
    assert mine.total("gear") == 1
    assert skill_from(mine, "circumstances") == -3 and skill_from(mine, "offensive_win") == 1
    # 2 (Total Attack) + 1 - 3 = 0: not negative, nothing handed over
    assert mine.pool == Pool(3, 0, 1) and theirs.pool.skill == 0


def test_a_combat_ready_ark_shows_its_extra_battle_die_as_its_own_line():
    ready, _ = pools((force(army(2, defends_ark=True)), PLAIN[1]), ("attack", "attack"))
    asleep, _ = pools((force(army(2, defends_ark=True, combat_ready=False)), PLAIN[1]), ("attack", "attack"))
    assert [(line.source, line.base) for line in ready.lines if line.base] == [("battle_level", 2), ("combat_ready", 1)]
    assert asleep.pool.base == 2 and lines(asleep, "combat_ready") == []


def test_negative_strategy_is_handed_to_the_opponent():
    f = replace(PLAIN[0], circumstances=-3)
    mine, theirs = pools((f, PLAIN[1]), ("feinted_attack", "defense"))
    assert skill_from(mine, "negative_strategy") == 5 and mine.pool.skill == 0
    assert skill_from(theirs, "negative_strategy_gift") == 5 and theirs.pool.skill == 6


def test_remarkable_action_dice_are_added():
    mine, _ = pools(PLAIN, ("attack", "attack"), actions=(ActionEffect(strategy_dice=3), ActionEffect()))
    assert skill_from(mine, "remarkable_action") == 3 and mine.pool.skill == 3


def test_commando_removes_strategy_dice_but_not_below_zero():
    effect = ActionEffect(removes_strategy=5, commando=True)
    _, theirs = pools(PLAIN, ("attack", "total_defense"), actions=(effect, ActionEffect()))
    assert skill_from(theirs, "commando_strategy") == -2 and theirs.pool.skill == 0
    _, partial = pools(PLAIN, ("attack", "full_retreat"), actions=(ActionEffect(removes_strategy=1, commando=True), ActionEffect()))
    assert partial.pool.skill == 3


def test_commando_pairs_destroy_support_dice_which_count_as_damaged():
    foe = force(army(3, units={"artillery": 1, "armored": 1}))
    effect = ActionEffect(destroys_support=1, commando=True)
    _, theirs = pools((PLAIN[0], foe), ("attack", "attack"), actions=(effect, ActionEffect()))
    assert theirs.pool.gear == 1 and commando_damaged(theirs) == 1
    _, none = pools(PLAIN, ("attack", "attack"), actions=(ActionEffect(destroys_support=2, commando=True), ActionEffect()))
    assert none.pool.gear == 0 and commando_damaged(none) == 0


def test_a_halved_defensive_advantage_says_what_halved_it():
    from tui.core.systems.myz.pool import source_label

    forces = (force(army(3, terrain="mountain")), PLAIN[1])
    line = next(line for line in pools(forces, ("defense", "planned_attack"))[0].lines if line.source == "defensive_advantage")
    assert source_label(line, R, "en") == "Defensive Advantage: Mountain, bunkers or urbanized (ruined or not), halved by the enemy's Planned Attack"
    plain = next(line for line in pools(forces, ("defense", "attack"))[0].lines if line.source == "defensive_advantage")
    assert source_label(plain, R, "en") == "Defensive Advantage: Mountain, bunkers or urbanized (ruined or not)"
