"""Choosing battle strategies and the Action phase (systems/myz/strategy.py, engine.py).

Rules text: "A leader of an ambushing force can't choose a defensive
strategy. A leader of a CONFUSED force can only choose Rally or Full
Retreat." "Stalemate: If both leaders chose a defensive strategy apart from
Parley, instead switch both strategies for Skirmish." "Null Battle: If both
leaders chose a retreat strategy, or if one chose a retreat strategy and the
other chose a defensive strategy, instead the retreating forces fall back
and the battle ends."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.core.myz.kit import R, army, choose, force, leader, no_actions, risks, skill_from, start
from tui.core.errors import RollRecordError, RuleViolation
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Battlefield, Person
from tui.core.systems.myz.story import markdown_report
from tui.core.systems.myz.steps import next_step
from tui.core.systems.myz.strategy import parley_answerer, refusal, resolve

ALL = [s.key for s in R.strategies]
DEFENSIVE = [s.key for s in R.strategies if s.category == "defensive"]
RETREAT = ["fighting_retreat", "full_retreat"]
OFFENSIVE_OR_HARASS = [s.key for s in R.strategies if s.category in ("offensive", "harass")]


def open_to(forces, side=0, field=Battlefield(), wave=1, ambusher=None, surprise=None) -> set[str]:
    return {s.key for s in R.strategies if refusal(s, forces, side, field, R, wave, ambusher, surprise) is None}


def why(key, forces, side=0, field=Battlefield(), wave=1, ambusher=None, surprise=None) -> str | None:
    return refusal(R.strategy(key), forces, side, field, R, wave, ambusher, surprise)


PLAIN = (force(army(3, terrain="hills")), force(army(3)))


def test_categories_are_the_memos():
    assert sorted(DEFENSIVE) == ["defense", "parley", "planned_defense", "rally", "total_defense"]
    assert sorted(OFFENSIVE_OR_HARASS) == ["attack", "feinted_attack", "planned_attack", "raid", "skirmish", "total_attack"]


# -- restrictions -------------------------------------------------------------------


def test_a_confused_force_may_only_rally_or_retreat_fully():
    confused = (replace(PLAIN[0], confused=True), PLAIN[1])
    assert open_to(confused) == {"rally", "full_retreat"}
    assert why("attack", confused) == "myz.refuse.confused"


def test_rally_only_when_confused():
    assert "rally" not in open_to(PLAIN)
    assert why("rally", PLAIN) == "myz.refuse.only_confused"
    # everything else is open to a calm force on hills in wave 1
    assert open_to(PLAIN) == set(ALL) - {"rally"}


def test_an_ambusher_has_no_defensive_strategy_in_wave_1_but_may_in_wave_2():
    closed = set(DEFENSIVE) - {"rally"}
    assert open_to(PLAIN, ambusher=0, surprise=0) == set(ALL) - {"rally"} - closed
    assert why("defense", PLAIN, ambusher=0, surprise=0) == "myz.refuse.ambusher"
    assert {"defense", "total_defense", "parley"} <= open_to(PLAIN, wave=2, ambusher=0)
    assert "defense" in open_to(PLAIN, side=0, ambusher=1)


def test_planned_defense_only_in_wave_1_with_advantage_and_not_surprised():
    assert why("planned_defense", PLAIN) is None
    assert why("planned_defense", PLAIN, wave=2) == "myz.refuse.first_wave"
    assert why("planned_defense", PLAIN, surprise=1) == "myz.refuse.surprised"
    assert why("planned_defense", PLAIN, surprise=0) is None  # the surpriser is not surprised
    assert why("planned_defense", PLAIN, side=1) == "myz.refuse.no_advantage"  # open ground


def test_planned_defense_behind_fortifications_counts_as_advantage():
    walled = (force(army(3), fortification_dice=2), PLAIN[1])
    from tui.core.systems.myz.pool import has_defensive_advantage

    assert has_defensive_advantage(walled, 0, Battlefield(siege=0), R)
    assert not has_defensive_advantage(walled, 0, Battlefield(), R)


SIEGE = Battlefield(siege=0)
BESIEGED_MAY = {"defense", "total_defense", "fighting_retreat", "parley", "raid"}


def test_a_besieged_defender_is_limited_to_five_strategies():
    assert open_to(PLAIN, field=SIEGE) == BESIEGED_MAY
    assert why("attack", PLAIN, field=SIEGE) == "myz.refuse.besieged"
    assert open_to(PLAIN, side=1, field=SIEGE) == set(ALL) - {"rally", "planned_defense"}


def test_a_besieged_ark_with_the_shelter_project_may_retreat_fully():
    shelter = force(army(3, defends_ark=True, ark_projects=("shelter",)))
    assert open_to((shelter, PLAIN[1]), field=SIEGE) == BESIEGED_MAY | {"full_retreat"}
    # the project counts only at the Ark
    away = force(army(3, ark_projects=("shelter",)))
    assert "full_retreat" not in open_to((away, PLAIN[1]), field=SIEGE)


def test_a_confused_besieged_force_can_still_rally():
    confused = (replace(PLAIN[0], confused=True), PLAIN[1])
    assert open_to(confused, field=SIEGE) == {"rally"}
    sheltered = (force(army(3, defends_ark=True, ark_projects=("shelter",)), confused=True), PLAIN[1])
    assert open_to(sheltered, field=SIEGE) == {"rally", "full_retreat"}


# -- what the two choices become -----------------------------------------------------


@pytest.mark.parametrize("a", [k for k in DEFENSIVE if k != "parley"])
@pytest.mark.parametrize("b", [k for k in DEFENSIVE if k != "parley"])
def test_stalemate_both_defensive_become_skirmish(a, b):
    result = resolve((a, b), R)
    assert result.outcome == "battle" and result.stalemate
    assert result.final == ("skirmish", "skirmish") and result.chosen == (a, b)


@pytest.mark.parametrize("a", RETREAT)
@pytest.mark.parametrize("b", RETREAT + DEFENSIVE)
def test_null_battle_retreat_against_retreat_or_defence(a, b):
    for chosen in ((a, b), (b, a)):
        result = resolve(chosen, R)
        assert result.outcome == "null"
        assert result.null_retreating == tuple(k in RETREAT for k in chosen)


@pytest.mark.parametrize("a", RETREAT)
@pytest.mark.parametrize("b", OFFENSIVE_OR_HARASS)
def test_a_retreat_against_an_attack_is_fought(a, b):
    result = resolve((a, b), R)
    assert result.outcome == "battle" and result.final == (a, b)


def test_parley_waits_for_an_answer_then_truce_or_defense():
    pending = resolve(("attack", "parley"), R)
    assert pending.outcome == "parley" and parley_answerer(pending) == 0
    assert resolve(("parley", "defense"), R).outcome == "parley"  # a Parley makes no Stalemate
    assert resolve(("attack", "parley"), R, parley_accepted=True).outcome == "truce"
    declined = resolve(("attack", "parley"), R, parley_accepted=False)
    assert declined.outcome == "battle" and declined.final == ("attack", "defense")
    assert declined.parley_declined == (False, True) and not declined.stalemate
    both = resolve(("parley", "parley"), R)
    assert both.outcome == "truce" and parley_answerer(both) is None


# -- through the engine ------------------------------------------------------------------


def _ark_people():
    return (
        leader("Marlotte", skills={"command": "4b3s"}),
        Person(name="Dora", skills={"sneak": "4b3s"}),
    )


def test_the_engine_refuses_a_closed_strategy_and_names_it():
    battle = start(army(3), army(2), Battlefield(environment="ruins", night=True), recon=(3, 1), ambush=True)
    assert battle.game.forces[1].confused and battle.game.ambusher == 0
    risks(battle)
    with pytest.raises(RuleViolation, match="Defense"):
        battle.record(ev.ChooseStrategy(side=0, strategy="defense"))
    with pytest.raises(RuleViolation):
        battle.record(ev.ChooseStrategy(side=1, strategy="attack"))
    with pytest.raises(RuleViolation):
        battle.record(ev.ChooseStrategy(side=0, strategy="charge"))
    choose(battle, "total_attack", "rally")
    assert battle.game.wave.phase == "action"


def test_parley_accepted_is_a_truce_then_next_wave_or_end():
    battle = start(army(3), army(3))
    risks(battle)
    choose(battle, "parley", "attack")
    assert battle.game.wave.phase == "strategy" and battle.game.wave.resolution.outcome == "parley"
    battle.record(ev.AnswerParley(accept=True))
    assert battle.game.wave.phase == "truce"
    assert battle.step_refusal(ev.EndBattle()) is None
    battle.record(ev.NextWave())
    assert battle.game.wave.number == 2 and battle.game.wave.phase == "risk"
    with pytest.raises(RuleViolation):
        battle.record(ev.EndBattle())  # only after a truce


def test_truce_can_end_the_battle():
    battle = start(army(3), army(3))
    risks(battle)
    choose(battle, "parley", "parley")
    assert battle.game.wave.phase == "truce"
    battle.record(ev.EndBattle())
    assert battle.game.stage == "over" and battle.game.ended == ("truce",)


def test_parley_declined_fights_as_defense_minus_one():
    battle = start(army(3, terrain="hills"), army(3))
    risks(battle)
    choose(battle, "parley", "attack")
    battle.record(ev.AnswerParley(accept=False))
    no_actions(battle)
    mine = battle.game.wave.pools[0]
    assert battle.game.wave.resolution.final == ("defense", "attack")
    assert skill_from(mine, "parley_declined") == -1 and mine.pool.skill == 1 + 1 - 1


def test_answering_a_parley_nobody_offered_is_refused():
    battle = start(army(3), army(3))
    risks(battle)
    battle.record(ev.ChooseStrategy(side=0, strategy="attack"))
    with pytest.raises(RuleViolation):
        battle.record(ev.AnswerParley(accept=True))


def test_null_battle_ends_the_battle_and_the_retreaters_escape():
    battle = start(army(3), army(3))
    risks(battle)
    choose(battle, "fighting_retreat", "defense")
    game = battle.game
    assert game.stage == "over" and game.ended == ("null_battle",)
    assert game.forces[0].escaped and not game.forces[1].escaped


def test_a_null_battle_where_the_besieged_fall_back_lifts_the_siege_and_the_battle_goes_on():
    # RULES-NOTES: "an escape from a stronghold: it ends the siege and a new,
    # ordinary battle starts outside the walls without the Fortification Bonus"
    battle = start(army(3, fortification="walled"), army(3), Battlefield(siege=0))
    risks(battle)
    choose(battle, "fighting_retreat", "defense")
    game = battle.game
    assert game.stage == "wave" and game.wave.siege_lifted and game.wave.phase == "next"
    assert game.battlefield.siege is None and game.forces[0].fortification_dice == 0
    assert not game.forces[0].escaped
    assert next_step(game).kind == "siege_lifted"
    battle.record(ev.NextWave())
    risks(battle)
    choose(battle, "attack", "attack")  # no longer held to the besieged strategies
    assert battle.game.wave.number == 2 and battle.game.wave.phase == "action"
    assert "outside the walls" in markdown_report(battle, "en")


def test_a_null_battle_where_the_besiegers_fall_back_ends_the_battle():
    battle = start(army(3, fortification="walled"), army(3), Battlefield(siege=0))
    risks(battle)
    choose(battle, "defense", "fighting_retreat")
    assert battle.game.stage == "over" and battle.game.ended == ("null_battle",)


def test_a_truce_makes_the_ark_combat_ready_with_its_extra_battle_level():
    # "If it wasn't [combat-ready], it'll become it on the next Wave of battle."
    battle = start(army(3), army(2, defends_ark=True, combat_ready=False))
    risks(battle)
    choose(battle, "attack", "parley")
    battle.record(ev.AnswerParley(accept=True))
    battle.record(ev.NextWave())
    ark = battle.game.forces[1]
    assert ark.combat_ready and ark.battle_level == 3 and ark.ready_bonus == 1


# -- the Action phase ---------------------------------------------------------------


def _to_action(a=None, b=None, strategies=("attack", "attack")):
    battle = start(a or army(3, people=_ark_people()), b or army(3, played_by="gm"))
    risks(battle)
    choose(battle, *strategies)
    return battle


@pytest.mark.parametrize("successes,dice", [(0, 0), (2, 2), (4, 4), (6, 4)])
def test_remarkable_action_one_strategy_die_per_success_at_most_four(successes, dice):
    battle = _to_action()
    battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", typed=successes)))
    battle.record(ev.Action(side=1, action="none"))
    assert skill_from(battle.game.wave.pools[0], "remarkable_action") == dice


def test_remarkable_action_refuses_a_skill_the_text_does_not_list():
    battle = _to_action()
    with pytest.raises(RuleViolation):
        battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="heal", typed=2)))


def test_actions_go_in_initiative_order():
    battle = _to_action()
    with pytest.raises(RuleViolation):
        battle.record(ev.Action(side=1, action="none"))


def test_only_a_gm_faction_gets_granted_dice():
    battle = _to_action()
    with pytest.raises(RuleViolation):
        battle.record(ev.Action(side=0, action="grant", grant=1))
    battle.record(ev.Action(side=0, action="none"))
    battle.record(ev.Action(side=1, action="grant", grant=2))
    assert skill_from(battle.game.wave.pools[1], "gm_grant") == 2


def test_commando_removes_dice_and_a_pair_destroys_a_support_die():
    foe = army(3, played_by="gm", units={"artillery": 1, "armored": 1})
    battle = _to_action(b=foe, strategies=("attack", "total_attack"))
    check = ev.SkillCheck(person=1, skill="sneak", typed=5)
    with pytest.raises(RuleViolation):
        battle.record(ev.Action(side=0, action="commando", check=check, support_pairs=3))
    battle.record(ev.Action(side=0, action="commando", check=check, support_pairs=1))
    battle.record(ev.Action(side=1, action="none"))
    theirs = battle.game.wave.pools[1]
    # 2 (Total Attack) + 2 superiorities = 4; three ☢ left remove three
    assert skill_from(theirs, "commando_strategy") == -3 and theirs.pool.skill == 1
    assert theirs.pool.gear == 1
    assert battle.game.wave.actions[0].effect.commando


def test_the_risk_modifier_and_helpers_add_to_the_skill_roll():
    battle = start(army(3, people=_ark_people() + (Person(name="Otto"),)), army(3, played_by="gm"))
    battle.record(ev.SetRisk(side=0, risks=(0, 2, 0)))
    battle.record(ev.SetRisk(side=1, risks=(0,)))
    choose(battle, "attack", "attack")
    # Dora's SNEAK 4b3s, Risk +2, one helper: 4 base and 6 skill dice
    with pytest.raises(RollRecordError):
        battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", helpers=(2,), faces=(6,) * 9)))
    battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", helpers=(2,), faces=(6, 3, 3, 3, 6, 6, 3, 3, 3, 3))))
    assert battle.game.wave.actions[0].result.successes == 3


@pytest.mark.parametrize("values", [(4,), (-4,), (0, 0)])
def test_risk_is_one_value_per_person_from_minus_3_to_3(values):
    battle = start(army(3), army(3))
    with pytest.raises(RuleViolation):
        battle.record(ev.SetRisk(side=0, risks=values))


def test_mutation_points_buy_successes_two_each():
    battle = _to_action()
    check = ev.SkillCheck(person=1, skill="sneak", typed=1, mutation_points=4)
    battle.record(ev.Action(side=0, action="remarkable", check=check))
    assert battle.game.wave.actions[0].effect.strategy_dice == 1 + 2


def test_mutation_points_that_buy_nothing_are_refused_not_lost():
    battle = _to_action()
    check = ev.SkillCheck(person=1, skill="sneak", typed=1, mutation_points=5)
    with pytest.raises(RuleViolation, match="each ☢ costs 2"):
        battle.record(ev.Action(side=0, action="remarkable", check=check))


def test_a_mutation_instead_of_the_roll_is_told_in_the_report():
    battle = _to_action()
    check = ev.SkillCheck(person=1, skill="sneak", typed=0, mutation_points=4)
    battle.record(ev.Action(side=0, action="remarkable", check=check))
    assert battle.game.wave.actions[0].effect.strategy_dice == 2
    assert "a mutation instead of the roll: 4 mutation points → 2" in markdown_report(battle, "en")


def test_special_circumstances_from_minus_3_to_3_until_the_roll():
    battle = _to_action()
    with pytest.raises(RuleViolation):
        battle.record(ev.SetCircumstances(side=1, value=4))
    no_actions(battle)
    battle.record(ev.SetCircumstances(side=1, value=-3))  # the pools are rebuilt
    assert skill_from(battle.game.wave.pools[1], "negative_strategy") == 3
    assert skill_from(battle.game.wave.pools[0], "negative_strategy_gift") == 3


def test_a_broken_pc_can_neither_act_nor_help():
    from dataclasses import replace as _replace

    from tui.core.systems.myz.play import apply
    from tui.core.systems.myz.forces import with_force

    people = (leader(), Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}), Person(name="Hook", position="assailant"))
    battle = start(army(people=people), army())
    risks(battle)
    choose(battle, "attack", "attack")
    game = battle.game
    hurt = _replace(game.forces[0], broken=(False, True, False))
    game = _replace(game, forces=with_force(game.forces, 0, hurt))
    acting = ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", typed=1))
    helping = ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=2, skill="sneak", helpers=(1,), typed=1))
    for event in (acting, helping):
        with pytest.raises(RuleViolation, match="Dora"):
            apply(game, event)
    assert apply(game, ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=2, skill="sneak", typed=1))).wave.actions[0] is not None


# -- positions (RULES-NOTES: "Positions are enforced") ----------------------------------------


def _crew_at_action():
    people = (
        leader(skills={"sneak": "3b2s"}), Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}),
        Person(name="Angus", position="engineer", skills={"sneak": "2b1s"}),
    )
    battle = start(army(people=people), army())
    risks(battle)
    choose(battle, "attack", "attack")
    return battle


def test_only_the_assailant_rolls_the_action_others_may_help():
    battle = _crew_at_action()
    with pytest.raises(RuleViolation, match="Angus is not the Assailant"):
        battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=2, skill="sneak", typed=1)))
    battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", helpers=(0, 2), typed=1)))
    assert battle.game.wave.actions[0].result.check.helpers == (0, 2)


def test_the_gm_reassigns_positions_but_not_the_leader():
    battle = _crew_at_action()
    battle.record(ev.Adjust(side=0, positions={1: "medic", 2: "assailant"}))
    people = battle.game.forces[0].army.people
    assert (people[1].position, people[2].position) == ("medic", "assailant")
    with pytest.raises(RuleViolation, match="leads the faction"):
        battle.record(ev.Adjust(side=0, positions={0: "medic"}))
    battle.record(ev.Action(side=0, action="remarkable", check=ev.SkillCheck(person=2, skill="sneak", typed=1)))


def test_with_the_assailant_broken_anyone_may_stand_in():
    from tui.core.systems.myz.checks import position_refusal

    people = _crew_at_action().game.forces[0].army.people
    assert position_refusal(people, 2, "assailant", R) is not None
    assert position_refusal(people, 2, "assailant", R, broken=(False, True, False)) is None
    assert position_refusal(people, 0, "medic", R) is None  # nobody holds it: anyone may
