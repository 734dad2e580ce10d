"""The End phase's arithmetic: margin of victory, casualties, Retaliation
(systems/myz/end_phase.py).

Rules text: "The faction's force is decreased by 2D6 for each ☠ and by 1D6
for each gear bane. Sum the dice and adjust the total according to the
chosen battle strategy's effect and the margin of victory." Retaliation:
"Each PC who participated in the battle suffers an attack of a number of
Base Dice equal to six plus the Risk Modifier they chose", +1 per factor.
"""

from __future__ import annotations

import pytest

from tests.core.myz.kit import Dice, R, army, fight, force, leader, risks, choose, start, support_none
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Battlefield, Person
from tui.core.systems.myz.end_phase import casualties, outcome, retaliate

PLAIN = (force(army(3)), force(army(3)))


def result(successes, strategies=("attack", "attack"), forces=PLAIN):
    return outcome(successes, strategies, forces, R)


# -- margin of victory ------------------------------------------------------------------


@pytest.mark.parametrize("margin,row", [(0, "inconclusive"), (1, "marginal"), (2, "definite"), (3, "great"), (4, "overwhelming"), (5, "overwhelming"), (12, "overwhelming")])
def test_the_margin_table_and_its_open_ended_last_row(margin, row):
    assert R.margin_row(margin).key == row
    got = result((margin + 1, 1))
    assert (got.winner, got.margin, got.row) == ((0 if margin else None), margin, row)


def test_the_rows_effects():
    rows = {row.key: row for row in R.margins}
    assert [(rows[k].winner_casualty_dice, rows[k].loser_casualty_dice) for k in ("inconclusive", "marginal", "definite", "great", "overwhelming")] == [(2, 2), (1, 3), (0, 4), (0, 4), (0, 4)]
    assert [k for k, r in rows.items() if r.loser_confused] == ["great", "overwhelming"]
    assert [k for k, r in rows.items() if r.loser_routs and r.loser_leader_captured] == ["overwhelming"]


def test_a_feinted_attack_doubles_the_margin_on_a_win():
    # the text's example: 3 ☢ against 1 is a margin of 2, doubled to 4
    got = result((3, 1), ("feinted_attack", "defense"))
    assert (got.raw_margin, got.margin, got.row) == (2, 4, "overwhelming")


def test_later_feints_add_one_instead():
    from dataclasses import replace

    veteran = (replace(PLAIN[0], feints=1), PLAIN[1])
    assert result((3, 1), ("feinted_attack", "defense"), veteran).margin == 3
    assert result((1, 3), ("feinted_attack", "attack")).margin == 2  # a lost feint changes nothing


@pytest.mark.parametrize("raw,margin", [(1, 0), (2, 1), (3, 1), (5, 2)])
def test_skirmish_halves_the_winners_margin_rounded_down(raw, margin):
    got = result((raw + 1, 1), ("skirmish", "attack"))
    assert got.winner == 0 and got.margin == margin
    assert result((1, raw + 1), ("skirmish", "attack")).margin == raw  # only when it wins


def test_a_fighting_retreat_cannot_win_the_wave():
    got = result((4, 0), ("fighting_retreat", "attack"))
    assert got.leader == 0 and got.winner is None and got.margin == 0
    assert not got.lost(1)
    assert result((0, 2), ("fighting_retreat", "attack")).winner == 1


def test_a_full_retreat_that_rolls_more_wins_the_wave():
    # RULES-NOTES: only Fighting Retreat "can't win this Wave"; Full Retreat "can't win the battle"
    got = result((4, 1), ("full_retreat", "attack"))
    assert got.winner == 0 and got.margin == 3 and got.row == "great"
    assert got.lost(1)


def test_a_full_retreat_that_wins_still_inflicts_no_casualties_and_takes_its_margin_row():
    strategies = ("full_retreat", "attack")
    own, drawn = losses(0, (3, 2), strategies, banes=1, face=4)  # 2D6 + 1D6 (marginal win) - 2D6
    assert drawn == 5 and own.total == 4 * (2 + 1 - 2)
    enemy, _ = losses(1, (3, 2), strategies, banes=2, face=6)
    assert enemy.total == 0 and enemy.steps[-1].key == "myz.casualty.none"


# -- casualties ---------------------------------------------------------------------------


def losses(side, successes, strategies=("attack", "attack"), banes=0, gear=0, face=2):
    dice = Dice(default=face)
    report = casualties(side, result(successes, strategies), strategies, banes, gear, R, dice)
    return report, len(dice.given)


def test_two_d6_per_bane_and_one_d6_per_gear_bane():
    report, drawn = losses(0, (3, 1), banes=2, gear=3)  # the winner of a Definite Victory: +0D6
    assert drawn == 2 * 2 + 3 and report.total == 14
    assert [s.key for s in report.steps] == ["myz.casualty.banes", "myz.casualty.gear_banes"]
    assert [len(s.dice) for s in report.steps] == [4, 3]


@pytest.mark.parametrize("margin,winner,loser", [(0, 2, 2), (1, 1, 3), (2, 0, 4), (3, 0, 4), (4, 0, 4), (7, 0, 4)])
def test_the_margin_rows_casualty_dice(margin, winner, loser):
    assert losses(0, (margin + 1, 1))[1] == winner
    assert losses(1, (margin + 1, 1))[1] == loser


def test_total_attack_doubles_its_own_and_adds_one_d6_to_the_enemy_on_a_win():
    strategies = ("total_attack", "attack")
    own, drawn = losses(0, (2, 1), strategies, banes=1)  # marginal win: 2D6 + 1D6, doubled
    assert drawn == 3 and own.total == 2 * 3 * 2
    enemy, drawn = losses(1, (2, 1), strategies)  # 3D6 + 1D6
    assert drawn == 4 and enemy.total == 8
    assert losses(1, (1, 2), strategies)[1] == 1  # it lost: the winner's 1D6 only


def test_total_defense_doubles_its_own():
    own, drawn = losses(1, (2, 1), ("attack", "total_defense"))  # loser: 3D6
    assert drawn == 3 and own.total == 12


def test_planned_defense_adds_one_d6_to_the_enemy_on_a_win_or_a_tie():
    strategies = ("attack", "planned_defense")
    assert losses(0, (1, 2), strategies)[1] == 3 + 1
    assert losses(0, (1, 1), strategies)[1] == 2 + 1
    assert losses(0, (2, 1), strategies)[1] == 1


def test_skirmish_suffers_one_d6_less():
    report, drawn = losses(0, (1, 1), ("skirmish", "attack"), banes=1, face=4)
    assert drawn == 2 + 2 + 1 and report.total == 4 * 4 - 4


def test_full_retreat_suffers_two_d6_less_and_the_enemy_none():
    strategies = ("full_retreat", "attack")
    own, drawn = losses(0, (0, 1), strategies, banes=2, face=3)  # 4D6 + 3D6 (marginal loss) - 2D6
    assert drawn == 9 and own.total == 3 * (4 + 3 - 2)
    enemy, _ = losses(1, (0, 1), strategies, banes=3, face=6)
    assert enemy.total == 0 and enemy.steps[-1].key == "myz.casualty.none"


def test_fighting_retreat_halves_the_enemys_rounded_down():
    enemy, drawn = losses(1, (1, 1), ("fighting_retreat", "attack"), banes=1, face=3)  # 2D6 + 2D6 = 12
    assert drawn == 4 and enemy.total == 6
    odd, _ = losses(1, (1, 1), ("fighting_retreat", "attack"), face=3, banes=0)  # 2D6 = 6 → 3
    assert odd.total == 3
    again = casualties(1, result((1, 1), ("fighting_retreat", "attack")), ("fighting_retreat", "attack"), 0, 1, R, Dice(3, 3, 1))
    assert again.total == 7 // 2


def test_casualties_never_go_below_zero():
    # a margin of 4 halved to 2: a Definite win adds 0D6, then Skirmish takes 1D6
    report, _ = losses(0, (5, 1), ("skirmish", "attack"), face=5)
    assert report.steps[-2].total == -5
    assert report.total == 0 and report.steps[-1].key == "myz.casualty.floor"
    strategies = ("full_retreat", "attack")  # a tie: +2D6 showing 1s, then -2D6 showing 6s
    retreat = casualties(0, result((1, 1), strategies), strategies, 0, 0, R, Dice(1, 1, 6, 6))
    assert retreat.total == 0 and retreat.steps[-1].key == "myz.casualty.floor"


# -- Retaliation, on a real wave ------------------------------------------------------------


def _players(strength=4, armour=0, projects=()):
    people = (
        leader("Marlotte", skills={"command": "3b2s"}, strength=strength, armour=armour),
        Person(name="Dora", skills={"sneak": "3b2s", "jury_rig": "2b1s"}),
        Person(name="Angus", position="engineer", skills={"jury_rig": "3b2s"}),
        Person(name="Kim", position="medic", skills={"heal": "2b1s"}),
        Person(name="Guard", pc=False),
    )
    return army(2, people=people, defends_ark=bool(projects), ark_projects=projects)


def _wave_to_end(players, foe, *, commando=False, theirs_win=True, risk=(1, 0, 0, 0, 0), siege=None, foe_units=None):
    battle = start(players, foe, Battlefield(siege=siege))
    risks(battle, (risk, (0,)))
    choose(battle, "defense", "attack")
    check = ev.SkillCheck(person=1, skill="sneak", helpers=(2,), typed=2)
    battle.record(ev.Action(side=0, action="commando" if commando else "remarkable", check=check))
    battle.record(ev.Action(side=1, action="none"))
    fight(battle, {"successes": 0 if theirs_win else 1}, {"successes": 1 if theirs_win else 0})
    battle.record(ev.Support(side=0, repair=ev.SkillCheck(person=2, skill="jury_rig", helpers=(3,), typed=0)))
    support_none(battle)
    assert battle.game.wave.phase == "end"
    return battle.game


def _retaliate(game, side=0, routed=False, faces=(), default=3, armour="rolled"):
    wave = game.wave
    got = outcome(wave.battle.successes, wave.resolution.final, game.forces, R)
    dice = Dice(*faces, default=default)
    reports, after = retaliate(side, game.forces[side], game.forces[1 - side], wave, got, routed, game.battlefield, R, dice, armour)
    return {r.person: r for r in reports}, after


def test_six_plus_risk_plus_one_per_factor():
    game = _wave_to_end(_players(), army(3, units={"artillery": 1}))
    reports, _ = _retaliate(game, routed=True)
    boss = reports[0]
    assert set(boss.factors) == {"lost", "routed", "enemy_artillery"}
    assert boss.dice == 6 + 1 + 3
    assert reports[1].dice == 6 + 3  # Dora: Risk 0
    assert 4 not in reports  # NPCs are not attacked


def test_no_factors_when_winning_against_no_artillery():
    game = _wave_to_end(_players(), army(3), theirs_win=False)
    reports, _ = _retaliate(game)
    assert reports[0].factors == () and reports[0].dice == 7


def test_commando_adds_a_die_to_everyone_in_it_helpers_included():
    game = _wave_to_end(_players(), army(3), commando=True, theirs_win=False)
    reports, _ = _retaliate(game)
    assert reports[1].factors == ("commando",) and reports[1].dice == 7
    # Angus helped the commando and rolled his own repair: he rolls, with the factor
    assert reports[2].factors == ("commando",) and reports[2].helped is None
    assert reports[0].factors == ()


def test_armour_is_rolled_one_die_per_point_each_success_stopping_one_damage():
    # RULES-NOTES: armour follows the MYZ core rules
    game = _wave_to_end(_players(armour=2), army(3), theirs_win=False)
    # Marlotte's 7 Retaliation dice (3 hits), then her 2 armour dice (one ☢)
    reports, after = _retaliate(game, faces=(6, 6, 6, 1, 1, 1, 1) + (6, 4))
    boss = reports[0]
    assert boss.armour_faces == (6, 4) and boss.stopped == 1 and boss.damage == 2
    assert after.damage[0] == 2
    assert R.retaliation.armour == "rolled"


def test_armour_is_not_rolled_when_nothing_hits():
    game = _wave_to_end(_players(armour=2), army(3), theirs_win=False)
    reports, _ = _retaliate(game, faces=(1,) * 7 + (6,) * 6)
    assert reports[0].armour_faces == () and reports[0].damage == 0
    assert reports[1].successes == 6  # Dora's dice come straight after Marlotte's


def test_damage_is_hits_less_flat_armour_and_helpers_take_the_helped_pcs():
    game = _wave_to_end(_players(armour=1), army(3), theirs_win=False)
    # Marlotte rolls 7 dice first, then Dora 6, then Angus 6
    faces = (6, 6, 6, 1, 1, 1, 1) + (6, 6, 3, 3, 3, 3) + (6, 2, 2, 2, 2, 2)
    reports, after = _retaliate(game, faces=faces, armour="flat")
    assert (reports[0].successes, reports[0].armour, reports[0].damage) == (3, 1, 2)
    assert reports[0].armour_faces is None and reports[0].stopped == 1
    assert reports[1].damage == 2 and reports[2].damage == 1
    # Kim only helped Angus: she rolls nothing and takes his damage
    assert reports[3].helped == 2 and reports[3].dice == 0 and reports[3].damage == 1
    assert after.damage[:4] == (2, 2, 1, 1)


def test_the_shelter_project_spares_the_leader_one_damage_in_a_siege():
    game = _wave_to_end(_players(projects=("shelter",)), army(3), theirs_win=False, siege=0)
    reports, _ = _retaliate(game, faces=(6, 6, 3, 3, 3, 3, 3))
    assert (reports[0].reduction, reports[0].damage) == (1, 1)
    assert reports[1].reduction == 0


def test_shelter_spares_nothing_outside_a_siege():
    # its whole row begins "If the Ark is besieged"
    game = _wave_to_end(_players(projects=("shelter",)), army(3), theirs_win=False)
    reports, _ = _retaliate(game, faces=(6, 6, 3, 3, 3, 3, 3))
    assert (reports[0].reduction, reports[0].damage) == (0, 2)


def test_broken_when_the_damage_reaches_strength():
    game = _wave_to_end(_players(strength=2), army(3), theirs_win=False)
    reports, after = _retaliate(game, faces=(6, 6, 3, 3, 3, 3, 3))
    assert reports[0].broken and after.broken[0] and not after.broken[1]
    game_one = _wave_to_end(_players(strength=2), army(3), theirs_win=False)
    reports, after = _retaliate(game_one, faces=(6, 3, 3, 3, 3, 3, 3))
    assert not reports[0].broken and after.damage[0] == 1


def test_a_leader_who_helps_still_rolls_their_own_retaliation():
    # The leader commands the whole battle: helping an assailant is not "only helping".
    game = _wave_to_end(_players(), army(3), theirs_win=False)
    from dataclasses import replace

    action = game.wave.actions[0]
    check = action.result.check.model_copy(update={"helpers": (0, 2)})
    wave = replace(game.wave, actions=(replace(action, result=replace(action.result, check=check)), None))
    reports, _ = _retaliate(replace(game, wave=wave))
    assert reports[0].helped is None and reports[0].dice == 7
