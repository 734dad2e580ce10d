"""From the Battle roll to the next wave, through the engine
(systems/myz/after_battle.py): Support, End phase, sieges, end of combat.

Rules text: "Each ☢ pair rolled restores one ⚙ / ✘." "If one of the
factions is defending its Ark and it lost this Wave, roll a Gear Die. On a
gear bane, one random project in the Ark is destroyed." "The Mass Combat
ends when all opposing factions routed, escaped the battlefield, or have no
✘ left." "If the defenders are forced to rout and have no way out, they
surrender instead."
"""

from __future__ import annotations

import pytest

from tests.core.myz.kit import army, choose, end_script, end_wave, fight, leader, lines, no_actions, risks, skill_from, start, support_none, to_battle
from tui.core.errors import RuleViolation
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Battlefield, Person

CREW = (
    leader("Marlotte", skills={"command": "4b3s"}),
    Person(name="Angus", position="engineer", skills={"jury_rig": "3b2s"}),
    Person(name="Kim", position="medic", skills={"heal": "3b2s"}),
)


def crew(level=3, **kw):
    return army(level, people=CREW, **kw)


def test_mended_and_repaired_dice_no_longer_count():
    battle = start(crew(units={"artillery": 1}), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {"banes": 2, "gear_banes": 1, "successes": 1}, {"successes": 1})
    battle.record(ev.Support(
        side=0,
        repair=ev.SkillCheck(person=1, skill="jury_rig", typed=3),   # one pair
        mend=ev.SkillCheck(person=2, skill="heal", typed=2),         # one pair
    ))
    battle.record(ev.Support(side=1))
    record = battle.game.wave.support[0]
    assert (record.repaired, record.mended) == (1, 1)
    report = end_wave(battle)
    assert (report.casualties[0].banes, report.casualties[0].gear_banes) == (1, 0)
    force = battle.game.forces[0]
    assert force.battle_level == 2 and force.units["artillery"] == 1


def test_unrepaired_damage_loses_battle_dice_and_a_special_unit():
    battle = start(army(3, units={"artillery": 1}), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {"banes": 2, "gear_banes": 1}, {})
    support_none(battle)
    end_wave(battle)
    force = battle.game.forces[0]
    assert force.battle_level == 1 and force.units["artillery"] == 0
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "attack")
    assert battle.game.wave.pools[0].pool.gear == 0


def test_mending_cannot_restore_more_than_the_banes():
    battle = start(crew(), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {"banes": 1}, {})
    battle.record(ev.Support(side=0, mend=ev.SkillCheck(person=2, skill="heal", typed=5)))
    assert battle.game.wave.support[0].mended == 1


def test_a_winning_raid_makes_the_enemy_skip_support_and_retreats_skip_their_own():
    battle = start(army(3), crew())
    to_battle(battle, "raid", "attack")
    fight(battle, {"successes": 2}, {"successes": 1})
    assert battle.game.wave.support[1].skipped == "myz.skip.raided"
    battle = start(crew(), army(3))
    to_battle(battle, "fighting_retreat", "attack")
    fight(battle, {"successes": 1}, {"successes": 1})
    assert battle.game.wave.support[0].skipped == "myz.skip.own_strategy"
    assert battle.game.wave.support[1] is None


def test_rally_in_the_support_phase_ends_the_confusion():
    battle = start(army(3), crew(), Battlefield(night=True), recon=(3, 1), ambush=True)
    to_battle(battle, "attack", "rally")
    fight(battle, {"successes": 1}, {"successes": 1})
    battle.record(ev.Support(side=0))
    battle.record(ev.Support(side=1, rally=ev.SkillCheck(person=0, skill="command", typed=1)))
    assert battle.game.wave.support[1].rallied and not battle.game.forces[1].confused


def test_mutations_can_buy_the_rally_roll_in_the_support_phase():
    # "Relevant mutations and animal powers can substitute for skill rolls
    # attempted during the Action Phase and the Support Phase."
    battle = start(army(3), crew(), Battlefield(night=True), recon=(3, 1), ambush=True)
    to_battle(battle, "attack", "rally")
    fight(battle, {"successes": 1}, {"successes": 1})
    battle.record(ev.Support(side=0))
    battle.record(ev.Support(side=1, rally=ev.SkillCheck(person=0, skill="command", typed=0, mutation_points=2)))
    assert battle.game.wave.support[1].rallied


def test_a_failed_rally_leaves_the_force_confused():
    battle = start(army(3), crew(), Battlefield(night=True), recon=(3, 1), ambush=True)
    to_battle(battle, "attack", "rally")
    fight(battle, {"successes": 1}, {"successes": 1})
    battle.record(ev.Support(side=0))
    battle.record(ev.Support(side=1, rally=ev.SkillCheck(person=0, skill="command", typed=0)))
    assert battle.game.wave.support[1].rallied is False and battle.game.forces[1].confused


def test_no_rally_roll_without_the_rally_strategy():
    battle = start(crew(), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {})
    with pytest.raises(RuleViolation):
        battle.record(ev.Support(side=0, rally=ev.SkillCheck(person=0, skill="command", typed=1)))


def test_an_offensive_winner_gains_a_strategy_die_next_wave():
    battle = start(army(3), army(3))
    to_battle(battle, "total_attack", "defense")
    fight(battle, {"successes": 2}, {"successes": 1})
    support_none(battle)
    end_wave(battle)
    assert [f.offensive_bonus for f in battle.game.forces] == [1, 0]
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "attack")
    assert skill_from(battle.game.wave.pools[0], "offensive_win") == 1
    fight(battle, {"successes": 1}, {"successes": 2})
    support_none(battle)
    end_wave(battle)
    assert [f.offensive_bonus for f in battle.game.forces] == [0, 1]


def test_a_defensive_winner_gains_nothing():
    battle = start(army(3), army(3))
    to_battle(battle, "attack", "defense")
    fight(battle, {"successes": 0}, {"successes": 1})
    support_none(battle)
    end_wave(battle)
    assert [f.offensive_bonus for f in battle.game.forces] == [0, 0]


# -- the Ark ------------------------------------------------------------------------------


def _ark_loses(projects, ark_faces, ark_wins=False):
    battle = start(army(3), army(3, defends_ark=True, ark_projects=projects))
    to_battle(battle, "attack", "defense")
    fight(battle, {"successes": 0 if ark_wins else 1}, {"successes": 1 if ark_wins else 0})
    support_none(battle)
    report = end_wave(battle, *end_script(battle.game, ark=ark_faces))
    return battle, report


def test_the_ark_loses_a_random_project_on_the_gear_bane():
    battle, report = _ark_loses(("arsenal", "hunting_party", "shelter"), (1, 2))
    assert report.ark_roll == (1, 1, "hunting_party")
    assert battle.game.forces[1].ark_projects == ("arsenal", "shelter")


def test_no_project_lost_on_another_face_or_when_the_ark_holds():
    battle, report = _ark_loses(("arsenal",), (2,))
    assert report.ark_roll == (1, 2, None) and battle.game.forces[1].ark_projects == ("arsenal",)
    battle, report = _ark_loses(("arsenal",), (), ark_wins=True)
    assert report.ark_roll is None


def test_an_ark_that_was_not_combat_ready_gains_a_battle_level_next_wave():
    battle = start(army(3), army(2, defends_ark=True, combat_ready=False))
    to_battle(battle, "attack", "defense")
    assert battle.game.wave.pools[1].pool.base == 2
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle)
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "defense")
    ark = battle.game.wave.pools[1]
    assert ark.pool.base == 3 and [line.base for line in lines(ark, "combat_ready")] == [1]


# -- end of combat -----------------------------------------------------------------------


def _wave(a, b, strategies, faces_a, faces_b, field=Battlefield()):
    battle = start(a, b, field)
    to_battle(battle, *strategies)
    fight(battle, faces_a, faces_b)
    support_none(battle)
    return battle, end_wave(battle)


def test_a_great_victory_confuses_but_the_battle_goes_on():
    battle, report = _wave(army(4), army(4), ("attack", "attack"), {"successes": 3}, {})
    assert report.conditions[1] == ("confused",)
    assert battle.game.forces[1].confused and battle.game.stage == "wave"


def test_an_overwhelming_victory_routs_and_captures_the_leader():
    battle, report = _wave(army(4), army(4), ("attack", "attack"), {"successes": 4}, {})
    assert set(report.conditions[1]) == {"confused", "routed", "leader_captured"}
    assert battle.game.stage == "over" and battle.game.ended == ("routed",)


def test_a_full_retreat_escapes_whoever_wins():
    battle, report = _wave(army(3), army(3), ("full_retreat", "attack"), {}, {"successes": 1})
    assert "escaped" in report.conditions[0]
    assert battle.game.stage == "over" and battle.game.ended == ("escaped",)


def test_a_full_retreat_that_wins_the_wave_confuses_the_foe_and_still_escapes():
    battle, report = _wave(army(4), army(4), ("full_retreat", "attack"), {"successes": 3}, {})
    assert report.outcome.winner == 0 and report.outcome.row == "great"
    assert "confused" in report.conditions[1] and "escaped" in report.conditions[0]
    assert report.casualties[1].total == 0
    assert battle.game.stage == "over" and battle.game.ended == ("escaped",)


@pytest.mark.parametrize("own,theirs,escapes", [(1, 1, True), (2, 1, True), (0, 1, False)])
def test_a_fighting_retreat_escapes_on_a_win_or_tie(own, theirs, escapes):
    battle, report = _wave(army(3), army(3), ("fighting_retreat", "attack"), {"successes": own}, {"successes": theirs})
    assert ("escaped" in report.conditions[0]) is escapes
    assert (battle.game.stage == "over") is escapes


def test_no_battle_dice_left_ends_the_battle():
    battle, report = _wave(army(2), army(3), ("attack", "attack"), {"banes": 2}, {})
    assert battle.game.forces[0].battle_level == 0
    assert battle.game.stage == "over" and battle.game.ended == ("no_battle_dice",)


# -- sieges -------------------------------------------------------------------------------

SIEGE = Battlefield(siege=0)


def test_a_besieged_ark_gets_its_fortification_from_its_projects():
    battle = start(army(3, defends_ark=True, ark_projects=("defenses", "watchtower")), army(3), SIEGE)
    assert battle.game.forces[0].fortification_dice == 2
    to_battle(battle, "defense", "attack")
    assert [line.gear for line in lines(battle.game.wave.pools[0], "fortification")] == [2]


def test_damage_falls_on_the_fortification_before_special_units():
    battle, _ = _wave(army(3, fortification="walled", units={"artillery": 1}), army(3), ("defense", "attack"), {"gear_banes": 1}, {}, SIEGE)
    force = battle.game.forces[0]
    assert force.fortification_dice == 1 and force.units["artillery"] == 1


def test_a_routed_besieged_defender_surrenders():
    battle, report = _wave(army(3, fortification="palisade"), army(4), ("defense", "attack"), {}, {"successes": 4}, SIEGE)
    assert "surrendered" in report.conditions[0] and battle.game.forces[0].surrendered
    assert battle.game.ended == ("surrendered",)


def test_with_the_shelter_a_rout_is_no_surrender():
    ark = army(3, defends_ark=True, ark_projects=("shelter",))
    battle, report = _wave(ark, army(4), ("defense", "attack"), {}, {"successes": 4}, SIEGE)
    assert "surrendered" not in report.conditions[0] and battle.game.forces[0].routed
    assert battle.game.ended == ("routed",)


def test_escaping_without_shelter_lifts_the_siege_and_the_battle_goes_on():
    battle, report = _wave(army(3, fortification="walled"), army(3), ("fighting_retreat", "attack"), {"successes": 1}, {"successes": 1}, SIEGE)
    assert report.siege_lifted and "siege_lifted" in report.conditions[0]
    assert battle.game.battlefield.siege is None and battle.game.stage == "wave"
    assert not battle.game.forces[0].escaped and battle.game.forces[0].fortification_dice == 0
    battle.record(ev.NextWave())
    risks(battle)
    choose(battle, "attack", "attack")  # no longer limited to the besieged five
    assert battle.game.wave.phase == "action"


def test_escaping_with_shelter_leaves_the_battle():
    ark = army(3, defends_ark=True, ark_projects=("shelter",))
    battle, report = _wave(ark, army(3), ("full_retreat", "attack"), {}, {"successes": 1}, SIEGE)
    assert battle.game.forces[0].escaped and battle.game.ended == ("escaped",)
    assert not report.siege_lifted


# -- a broken leader ------------------------------------------------------------------------


def _leader_breaks():
    people = (leader("Marlotte", strength=2), Person(name="Otto", skills={"command": "3b1s"}))
    battle = start(army(3, people=people), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {})
    support_none(battle)
    report = end_wave(battle, *end_script(battle.game, retaliation=(6, 6)))
    assert report.retaliation[0][0].broken and report.broken_leaders == (True, False)
    return battle


def test_a_broken_leaders_successor_must_roll_before_the_next_wave():
    battle = _leader_breaks()
    with pytest.raises(RuleViolation):
        battle.record(ev.NextWave())
    with pytest.raises(RuleViolation):  # the broken leader cannot take command again
        battle.record(ev.NextInCommand(side=0, person=0, check=ev.SkillCheck(skill="command", typed=1)))
    battle.record(ev.NextInCommand(side=0, person=1, check=ev.SkillCheck(skill="command", typed=0)))
    assert battle.game.forces[0].confused and battle.game.forces[0].leader == 1
    battle.record(ev.NextWave())
    assert battle.game.wave.number == 2


def test_a_successful_successor_keeps_the_faction_in_order():
    battle = _leader_breaks()
    battle.record(ev.NextInCommand(side=0, person=1, check=ev.SkillCheck(skill="command", typed=1)))
    assert not battle.game.forces[0].confused
    with pytest.raises(RuleViolation):
        battle.record(ev.NextInCommand(side=0, person=1, check=ev.SkillCheck(skill="command", typed=1)))


def test_the_successors_roll_is_at_minus_three_plus_risk():
    from tui.core.systems.myz.checks import check_pool

    battle = _leader_breaks()
    rules = battle.ruleset
    people = battle.game.forces[0].army.people
    pool = check_pool(people, ev.SkillCheck(person=1, skill="command"), 2, rules, rules.retaliation.broken_leader_modifier)
    assert (pool.base, pool.skill) == (3, 1 + 2 - 3)


def test_enemy_artillery_counts_only_if_some_is_left_after_the_wave():
    # the foe's only scrap cannon is lost to an unrepaired gear bane this wave
    people = (leader("Marlotte"),)
    battle = start(army(3, people=people), army(3, units={"artillery": 1}))
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {"gear_banes": 1})
    support_none(battle)
    report = end_wave(battle)
    assert battle.game.forces[1].units["artillery"] == 0
    assert "enemy_artillery" not in report.retaliation[0][0].factors
    # a cannon that was not hit is still there
    battle = start(army(3, people=people), army(3, units={"artillery": 1}))
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {})
    support_none(battle)
    assert "enemy_artillery" in end_wave(battle).retaliation[0][0].factors


def test_typed_successes_are_no_more_than_the_pool_has_dice():
    """7 ☢ can't come from 3 Battle dice and 1 Strategy die: refused with the pool."""
    from tui.core.errors import RuleViolation
    from tui.core.dice.skill_roll import SkillPool
    from tui.core.systems.myz import events as ev
    from tui.core.systems.myz.checks import evaluate
    from tui.core.systems.myz.rules import shipped

    rules = shipped()
    pool = SkillPool(base=3, skill=1)
    assert pool.most_successes == 4 and SkillPool(base=2, skill=-1, gear=1).most_successes == 3
    check = ev.SkillCheck(person=0, skill="command", typed=7)
    with pytest.raises(RuleViolation, match="only 4 dice"):
        evaluate(check, pool, None, rules)   # a typed check rolls no dice: no dice rules needed
    assert evaluate(check.model_copy(update={"typed": 4}), pool, None, rules).successes == 4


def test_the_gms_special_circumstances_last_one_wave():
    # RULES-NOTES: "All ◎ are discarded": the next Wave starts at 0 and the GM is asked again
    battle = start(army(3), army(3))
    risks(battle)
    battle.record(ev.SetCircumstances(side=0, value=2))
    choose(battle, "attack", "attack")
    no_actions(battle)
    assert skill_from(battle.game.wave.pools[0], "circumstances") == 2
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle)
    battle.record(ev.NextWave())
    assert battle.game.forces[0].circumstances == 0
    to_battle(battle, "attack", "attack")
    assert skill_from(battle.game.wave.pools[0], "circumstances") == 0


def test_the_engineer_repairs_and_the_medic_mends_others_only_help():
    battle = start(crew(units={"artillery": 1}), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {"banes": 1, "gear_banes": 1}, {})
    with pytest.raises(RuleViolation, match="Kim is not the Engineer"):
        battle.record(ev.Support(side=0, repair=ev.SkillCheck(person=2, skill="jury_rig", typed=2)))
    with pytest.raises(RuleViolation, match="Angus is not the Medic"):
        battle.record(ev.Support(side=0, mend=ev.SkillCheck(person=1, skill="heal", typed=2)))
    battle.record(ev.Support(side=0, repair=ev.SkillCheck(person=1, skill="jury_rig", helpers=(2,), typed=2)))
    assert battle.game.wave.support[0].repaired == 1
