"""Kingmaker attacks on the mat and what follows them: the modifiers,
damage landing at the end of the phase, the morale thresholds, Press,
free hacks, victory and the aftermath.

Kingmaker text: "Damage isn't actually resolved until the end of the
phase, so even if a unit is brought to 0 HP, it still may make a melee
attack that round"; "If the unit is bloodied (50% or less HP), make a
Morale Check DC 15. Simple failure results in Retreat, failure by 5 or
more means the unit is Fleeing, failure by 10 or more and they Rout";
"You may not make a ranged attack the same turn you initiate Melee
combat".
"""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import WARBAND, begin_turn, counter, end_phase, muster, set_up, step, to_phase
from tests.core.kingmaker.kit import close_in, face_off as kit_face_off
from tui.core.errors import RuleViolation
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.combat import melee_setup, ranged_setup
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.mat import Facing
from tui.core.systems.kingmaker.story import note_text


def clash(places: dict[str, tuple[int, int, Facing]] | None = None, phase: str = "melee") -> KingmakerBattle:
    """Turn 1: the knights ride three squares south (row 6); the warband
    marches two north and touches them (rows 7-8). ``phase`` (Melee) is next."""
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    to_phase(battle, phase)
    return battle


def attack(battle: KingmakerBattle, attacker: str, target: str, *faces: int, mode: str = "melee", **extra) -> None:
    battle.record(ev.Attack(counter=counter(battle), attacker=attacker, target=target, mode=mode, faces=faces, **extra))  # type: ignore[arg-type]


def test_melee_attacks_come_from_contact_with_ranks_and_caps():
    battle = clash()
    knights = melee_setup(battle.game, "knights", "warband")
    assert (knights.attacks, knights.offense, knights.defense, knights.side) == (2, 4, 15, "front")
    battle.record(ev.EndStep())  # Ostmark holds back its blows; Rivenhold strikes
    warband = melee_setup(battle.game, "warband", "knights")
    # Two front squares: one meets the knights' square across its edge (2), the other at a corner (1).
    assert warband.attacks == 3
    assert warband.offense == 5 + 1  # ACR 5, +1 for its second rank
    assert warband.defense == 14     # 10 + ACR 2 + mounts 2
    assert [t.key for t in warband.terms] == ["km.term.offense", "km.term.ranks"]


def test_damage_lands_at_the_end_of_the_phase():
    battle = clash()
    attack(battle, "knights", "warband", 15, 20)   # 19 vs 15: 4 (the cap); 24: 4 + 1 for the natural 20
    assert battle.game.unit("warband").pending == 9 and battle.game.hp("warband") == 27
    with pytest.raises(RuleViolation, match="attacks? left"):
        attack(battle, "knights", "warband", 5)
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 10, 1, 19)  # 16 vs 14: 2; a natural 1 misses; 25: capped at 4
    assert battle.game.unit("knights").pending == 6
    assert battle.game.unit("warband").setback_phase == battle.game.phase_count + 1
    told = [note_text(battle.game, n) for n in battle.game.notes.latest(2)]
    assert told[0].startswith("Rivenhold Warband attacks Knights of Ostmark: 10 1 19 (+6 vs 14), 2 of 3 hit, 6 damage")
    assert told[1] == "Rivenhold Warband rolled a natural 1: no Offense check in the next phase"
    battle.record(ev.EndStep())
    assert battle.game.phase == "morale"
    assert (battle.game.hp("warband"), battle.game.hp("knights")) == (18, 5)


def test_a_unit_brought_to_zero_still_strikes_that_phase():
    battle = clash()
    attack(battle, "knights", "warband", 20, 20)
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 20, 20, 20)   # 15 damage pending on 11 hp
    battle.record(ev.EndStep())
    assert battle.game.unit("knights").standing == "defeated"
    assert battle.game.stage == "battle"  # the archers are still on the field


def bloodied_knights() -> KingmakerBattle:
    battle = clash()
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 10, 2, 19)   # 6 damage: 5 of 11 hp left
    battle.record(ev.EndStep())
    return battle


def test_bloodied_units_check_morale_before_their_side_ends():
    battle = bloodied_knights()
    with pytest.raises(RuleViolation, match="check its Morale"):
        battle.record(ev.EndStep())
    with pytest.raises(RuleViolation, match="checks against"):
        battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="decimated", face=10))
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=10))  # 13 vs 15
    assert battle.game.unit("knights").standing == "retreat"
    battle.record(ev.EndStep())


@pytest.mark.parametrize(("face", "standing"), [(12, "ready"), (11, "retreat"), (8, "retreat"), (7, "flee"), (3, "flee"), (2, "rout")])
def test_failing_by_five_flees_by_ten_routs(face, standing):
    battle = bloodied_knights()
    hacks = ()
    if standing == "rout":
        hacks = (ev.Hack(by="warband", face=15),)  # the parting shot: 15 + 5 + 2 (as a rear attack) vs 14: 3
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=face, hacks=hacks))
    unit = battle.game.unit("knights")
    assert unit.standing == standing
    if standing == "rout":
        assert battle.game.hp("knights") == 1
        assert battle.game.enemies_in_contact("warband") == ()


def test_hold_the_line_rolls_a_failed_check_again():
    battle = bloodied_knights()
    with pytest.raises(RuleViolation, match="Hold the Line"):
        battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=3, again=18))


def next_turn(battle: KingmakerBattle) -> None:
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")


def test_a_charge_adds_two_to_melee_and_takes_two_from_defense():
    battle = set_up(muster())
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward")          # row 4
    next_turn(battle)
    battle.record(ev.Order(counter=counter(battle), key="knights", command="charge", face=15))
    step(battle, "knights", "forward", "forward", "forward", "forward")  # 3 + 1: row 8, touching the warband's front at row 9
    assert battle.game.unit("knights").block.squares == {(10, 8)}
    assert battle.game.unit("knights").started_melee
    to_phase(battle, "melee")
    knights = melee_setup(battle.game, "knights", "warband")
    assert knights.offense == 4 + 2 and knights.defense == 15
    battle.record(ev.EndStep())
    assert melee_setup(battle.game, "warband", "knights").defense == 14 - 2


def test_flanking_adds_one_and_costs_the_flanked_its_morale():
    places = {"knights": (14, 3, "s"), "warband": (10, 9, "n"), "archers": (2, 2, "s"), "skirmish": (20, 10, "n")}
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")   # (14, 6)
    next_turn(battle)
    step(battle, "knights", "forward", "forward", "forward")   # (14, 9)
    next_turn(battle)
    step(battle, "knights", "turn_right", "forward", "forward")  # facing west, (12, 9): against the warband's right side
    to_phase(battle, "melee")
    knights = melee_setup(battle.game, "knights", "warband")
    assert (knights.side, knights.attacks, knights.offense) == ("flank", 2, 4 + 1)
    attack(battle, "knights", "warband", 2)
    assert battle.game.unit("warband").flanked
    from tui.core.systems.kingmaker.morale import morale_bonus

    assert morale_bonus(battle.game, "warband", "rout") == morale_bonus(battle.game, "warband") - 1


def test_ranged_attacks_range_and_modifiers():
    places = {"archers": (9, 3, "s"), "knights": (3, 2, "s"), "warband": (10, 9, "n"), "skirmish": (18, 10, "n")}
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "ranged")
    shot = ranged_setup(battle.game, "archers", "warband")
    # ACR 1; six squares is the weapons' reach: maximum range -4; the target is Huge: +2.
    assert shot.offense == 1 - 4 + 2 and shot.attacks == 2 and shot.defense == 15
    with pytest.raises(RuleViolation, match="no ranged attacks"):
        ranged_setup(battle.game, "knights", "warband")
    with pytest.raises(RuleViolation, match="squares away"):
        ranged_setup(battle.game, "archers", "skirmish")
    attack(battle, "archers", "warband", 19, 3, mode="ranged")  # 18 vs 15: 3; 2: miss
    assert battle.game.unit("warband").pending == 3
    end_phase(battle)
    assert battle.game.hp("warband") == 24


def test_no_shooting_after_moving_into_melee():
    battle = clash()
    with pytest.raises(RuleViolation, match="Ranged"):
        attack(battle, "knights", "warband", 10, mode="ranged")


def face_off(riders: Army, seed: int) -> KingmakerBattle:
    """``riders`` (key "knights", north, facing south) against the warband
    alone (south, facing north), six rows apart, at the start of turn 1."""
    return kit_face_off(riders.name, seed, ((riders, (10, 3, "s")), (WARBAND, (10, 9, "n"))))


def duel() -> KingmakerBattle:
    """The knights against the warband alone, in contact in the Melee phase of turn 1."""
    from tests.core.kingmaker.kit import KNIGHTS

    return close_in(face_off(KNIGHTS, seed=5), ("knights", 3), ("warband", 2))


def test_the_last_side_on_the_field_wins_and_the_aftermath_follows():
    battle = duel()
    attack(battle, "knights", "warband", 12)            # 16 vs 15: 1
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 20, 20, 20)    # 15 on 11 hp
    battle.record(ev.EndStep())
    game = battle.game
    assert (game.stage, game.winner) == ("over", 1)
    assert game.unit("knights").standing == "defeated"
    with pytest.raises(RuleViolation, match="over"):
        battle.record(ev.EndStep())
    with pytest.raises(RuleViolation, match="commanders"):
        battle.record(ev.Aftermath(counter=counter(battle), fates=()))
    battle.record(ev.Aftermath(counter=counter(battle), fates=(("knights", 55),)))
    game = battle.game
    assert game.army("warband").morale == 1
    keys = [n.key for n in game.notes.latest(5)]
    assert keys == ["km.note.victory", "km.note.morale_after", "km.note.kingdom_loss", "km.note.may_learn", "km.note.commander_captured"]


def fleeing_knights() -> KingmakerBattle:
    """The knights fail their bloodied check by 5 and flee; next turn they run."""
    battle = duel()
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 10, 2, 19)
    battle.record(ev.EndStep())
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=7))
    assert battle.game.unit("knights").standing == "flee"
    battle.record(ev.EndStep())
    battle.record(ev.EndStep())
    begin_turn(battle)
    return battle


def test_a_fleeing_unit_may_rally_or_run_taking_free_hacks():
    battle = fleeing_knights()
    with pytest.raises(RuleViolation, match="fleeing"):
        battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="defensive_wall", face=20))
    battle.record(ev.Rally(counter=counter(battle), key="knights", face=5))   # 8 vs 15
    assert battle.game.unit("knights").standing == "flee"
    to_phase(battle, "movement")
    assert battle.game.side_acting == battle.game.army("knights").side
    # A fleeing unit runs before its side ends the Movement phase; turning about isn't running.
    with pytest.raises(RuleViolation, match="is fleeing: it runs from the enemy"):
        battle.record(ev.EndStep())
    # It turns about for free, and the warband strikes as it leaves: 15 + 5 + 2 vs 14: 4 (the cap).
    step(battle, "knights", "turn_left", "turn_left")
    with pytest.raises(RuleViolation, match="is fleeing"):
        battle.record(ev.EndStep())
    with pytest.raises(RuleViolation, match="rolls don't match"):
        step(battle, "knights", "forward")
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=15),)))
    assert battle.game.unit("knights").pending == 4
    assert battle.game.unit("knights").block.squares == {(10, 5)}
    with pytest.raises(RuleViolation, match="away from the enemy"):
        step(battle, "knights", "turn_left", "turn_left", "forward")
    battle.record(ev.EndStep())   # it ran: its side may end the phase


def test_a_fleeing_unit_with_no_way_away_does_not_hold_up_the_phase():
    from tui.core.frozen import replace
    from tui.core.systems.kingmaker.movement import may_run
    from tui.core.systems.kingmaker.turns import end_step

    battle = fleeing_knights()
    to_phase(battle, "movement")
    assert may_run(battle.game, "knights")
    # Boxed in: no movement left to run with (a house rule's speed 0), the side may end the phase.
    state = battle.game
    stuck = replace(state, armies=tuple(a.model_copy(update={"speed": 0}) if a.key == "knights" else a for a in state.armies))
    assert not may_run(stuck, "knights")
    assert end_step(stuck, ev.EndStep()).side_acting != state.side_acting


def test_a_fleeing_enemy_takes_no_free_hack():
    from tui.core.frozen import replace
    from tui.core.systems.kingmaker.standing import strikers

    battle = fleeing_knights()
    to_phase(battle, "movement")
    assert strikers(battle.game, "knights") == ("warband",)
    state = battle.game
    both_flee = state.with_unit("warband", replace(state.unit("warband"), standing="flee"))
    assert strikers(both_flee, "knights") == ()


def test_running_off_the_mat_leaves_the_battle():
    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=2),)))
    step(battle, "knights", "forward", "forward")        # row 3
    battle.record(ev.EndStep())
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")   # row 0
    with pytest.raises(RuleViolation, match="movement left"):
        step(battle, "knights", "forward")
    next_turn(battle)
    step(battle, "knights", "forward")                         # off the edge
    assert battle.game.unit("knights").standing == "fled"
    assert (battle.game.stage, battle.game.winner) == ("over", 1)
    # The aftermath: an army that fled off the mat loses 1 Morale (Ultimate Campaign's rout), the victors gain 1.
    battle.record(ev.Aftermath(counter=counter(battle), fates=()))
    assert (battle.game.army("knights").morale, battle.game.army("warband").morale) == (-1, 1)


def test_switching_tactics_takes_a_dc_12_morale_check():
    battle = duel()
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    with pytest.raises(RuleViolation, match="doesn't know"):
        battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="full_defense", face=20))
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="withdraw"))
    assert battle.game.unit("knights").tactic == "withdraw"
    with pytest.raises(RuleViolation, match="tried"):
        battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="standard", face=20))


def test_the_battles_first_tactic_is_chosen_freely_a_change_later_is_checked():
    battle = face_off(Army(key="knights", name="Flanking Knights", side=0, cr="6", troops=100, tactics=("expert_flankers",)), seed=4)
    # Turn 1: the commander picks the battle's tactic, no roll.
    with pytest.raises(RuleViolation, match="no roll"):
        battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="expert_flankers", face=5))
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="expert_flankers"))
    assert battle.game.unit("knights").tactic == "expert_flankers"
    # still choosing: the GM may change the first choice, free, until the phase ends (issue 29)
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="standard"))
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="expert_flankers"))
    assert battle.game.unit("knights").tactic == "expert_flankers"
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    # Turn 2: a change is a Morale check against DC 12 (Morale +0 here: 11 fails).
    with pytest.raises(RuleViolation):
        battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="standard"))
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="standard", face=11))
    assert battle.game.unit("knights").tactic == "expert_flankers"


def test_withdraw_is_opposed_and_press_shifts_into_contact():
    battle = duel()
    to_phase(battle, "morale")
    # Press in the Morale phase, DC 13: the warband (Morale +1 + 1) rolls 17: 19, beaten by 6: two squares.
    battle.record(ev.EndStep())
    with pytest.raises(RuleViolation, match="contact"):
        battle.record(ev.Press(counter=counter(battle), key="warband", face=17, steps=("e", "e")))
    with pytest.raises(RuleViolation, match="at most"):
        battle.record(ev.Press(counter=counter(battle), key="warband", face=17, steps=("w", "w", "w")))
    battle.record(ev.Press(counter=counter(battle), key="warband", face=17, steps=("e",)))
    assert battle.game.unit("warband").block.x == 11
    assert battle.game.enemies_in_contact("warband") == ("knights",)
    end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    # Its chance, shown before the roll: d20 + 3 against the warband's d20 + 2,
    # a tie going to the knights' higher modifier, so the warband's die must
    # be at most the knights' + 1: (2 + 3 + ... + 20 + 20) / 400.
    from fractions import Fraction

    from tui.core.systems.kingmaker.chances import withdraw_chance

    assert withdraw_chance(battle.game, "knights") == Fraction(229, 400)
    # The knights withdraw: 10 + 3 against the warband's 5 + 2.
    battle.record(ev.Order(counter=counter(battle), key="knights", command="withdraw", face=10, opposing=(5,)))
    assert battle.game.unit("knights").command == "withdraw"


def test_siege_engines_shoot_in_the_tactics_phase():
    from tests.core.kingmaker.kit import ARCHERS, KNIGHTS, SKIRMISH, WARBAND

    rams = WARBAND.model_copy(update={"siege_engines": 2, "resources": ("siege_engines",)})
    battle = KingmakerBattle.new("Siege", seed=2)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (KNIGHTS, ARCHERS, rams, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    set_up(battle)
    begin_turn(battle, first=1)
    # The warband's engines: Offense 5 + 2, two checks at the knights 6 squares off.
    battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="siege", faces=(14, 3)))
    assert battle.game.unit("knights").pending == 4   # 14 + 7 = 21 against 14: capped at 4; 3 misses
    with pytest.raises(RuleViolation, match="have shot"):
        battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="siege", faces=(10,)))
    with pytest.raises(RuleViolation, match="no siege engines"):
        battle.record(ev.Attack(counter=counter(battle), attacker="skirmish", target="knights", mode="siege", faces=(10,)))
    battle.record(ev.EndStep())
    battle.record(ev.EndStep())
    assert battle.game.hp("knights") == 11 - 4   # landed at the end of the Tactics phase


def test_thrown_weapons_may_be_thrown_after_closing_in():
    battle = face_off(Army(key="knights", name="Javelin Riders", side=0, cr="2", troops=100, resources=("ranged_weapons",), thrown=True), seed=2)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    assert battle.game.derived["knights"].range == 1
    to_phase(battle, "ranged")
    # The warband moved into contact, so the riders, engaged, may throw instead of fighting,
    # and no friend of theirs is locked with the warband: not "into melee".
    assert all(t.key != "km.term.into_melee" for t in ranged_setup(battle.game, "knights", "warband").terms)
    attack(battle, "knights", "warband", 12, mode="ranged")
    assert battle.game.unit("knights").shots == 1


def test_shooting_into_melee_means_at_a_target_locked_with_a_friend():
    """-4 (assumed) when the target is in contact with one of the shooter's
    friends; none for a unit shooting at the enemy that engaged it."""
    battle = clash({"knights": (10, 3, "s"), "warband": (10, 9, "n"), "archers": (8, 3, "s"), "skirmish": (18, 10, "n")}, phase="ranged")
    into_melee = battle.game.rules.ranged.into_melee
    archers = ranged_setup(battle.game, "archers", "warband")
    assert ("km.term.into_melee", into_melee) in [(t.key, t.amount) for t in archers.terms]


def strategy_battle(tmp_path) -> KingmakerBattle:
    """The clash, played under a house rule that turns the Strategy Track on."""
    from tests.core.kingmaker.kit import ARCHERS, KNIGHTS, SKIRMISH, WARBAND
    from tui.core.files import rulesets as rs

    text = rs.find_ruleset("kingmaker").read_text(encoding="utf-8").replace("[strategy]\nenabled = false", "[strategy]\nenabled = true")
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    ruleset = rs.load_ruleset_file(path)
    battle = KingmakerBattle.new("Track", seed=3, ruleset=ruleset)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (KNIGHTS, ARCHERS, WARBAND, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    set_up(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    to_phase(battle, "melee")
    return battle


def test_the_strategy_track_when_a_house_rule_turns_it_on(tmp_path):
    with pytest.raises(RuleViolation, match="not in use"):
        clash().record(ev.SetStrategy(counter=0, key="knights", step="reckless"))
    battle = strategy_battle(tmp_path)
    battle.record(ev.SetStrategy(counter=counter(battle), key="knights", step="reckless"))   # the first choice is free
    setup = melee_setup(battle.game, "knights", "warband")
    assert (setup.offense, setup.extra_damage) == (4 + 4, 6)
    with pytest.raises(RuleViolation, match="has set its strategy"):
        battle.record(ev.SetStrategy(counter=counter(battle), key="knights", step="aggressive"))
    battle.record(ev.EndStep())
    assert melee_setup(battle.game, "warband", "knights").defense == 14 - 4
    # Next turn's Melee phase: one step is free, four take a DC 20 Morale check.
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "melee")
    with pytest.raises(RuleViolation, match="record|face"):
        battle.record(ev.SetStrategy(counter=counter(battle), key="knights", step="defensive"))
    battle.record(ev.SetStrategy(counter=counter(battle), key="knights", step="defensive", face=16))   # 16 + 3 = 19: fails
    assert battle.game.unit("knights").strategy == "reckless"


def test_an_army_whose_morale_falls_to_minus_5_disbands():
    """Ultimate Campaign: "If an army's Morale is ever reduced to -5 or lower,
    the army disbands or deserts." The knights fled at Morale -4: -1 more."""
    from tui.core.frozen import replace
    from tui.core.systems.kingmaker.story import note_text
    from tui.core.systems.kingmaker.turns import aftermath

    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=2),)))
    step(battle, "knights", "forward", "forward")
    battle.record(ev.EndStep())
    to_phase(battle, "morale")
    end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    next_turn(battle)
    step(battle, "knights", "forward")
    state = battle.game
    assert state.stage == "over"
    low = replace(state, armies=tuple(a.model_copy(update={"morale": -4}) if a.key == "knights" else a for a in state.armies))
    after = aftermath(low, ev.Aftermath(counter=state.counter, fates=()))
    told = [note_text(after, n) for n in after.notes.latest(8)]
    assert "Knights of Ostmark's Morale falls to -5: the army disbands or deserts, and no longer answers to its kingdom" in told
    assert after.army("knights").morale == -4
    normal = aftermath(state, ev.Aftermath(counter=state.counter, fates=()))
    assert not any("disbands" in note_text(normal, n) for n in normal.notes.latest(8))


def test_a_fleeing_army_that_cannot_wheel_a_quarter_faces_about():
    """A play-test's soft-lock: a Large block (1 x 2) at the mat's right
    edge, fleeing from an enemy in front, could neither wheel (the edge),
    step ahead (the enemy) nor give an order (it flees). It turns freely,
    so a blocked quarter turn goes on round, and it can run."""
    from tui.core.systems.kingmaker.movement import may_run

    pikes = Army(key="pikes", name="Pikes", side=0, cr="1", troops=200)
    battle = kit_face_off("Edge", 5, ((pikes, (23, 3, "s")), (WARBAND, (22, 10, "n"))))
    close_in(battle, ("pikes", 3), ("warband", 2))
    battle.record(ev.EndStep())
    attack(battle, "warband", "pikes", 20, 20, *(2,) * (melee_setup(battle.game, "warband", "pikes").attacks - 2))
    battle.record(ev.EndStep())
    from tui.core.systems.kingmaker.morale import owed

    dc = owed(battle.game, "pikes").dc
    face = next(f for f in range(1, 21) if 5 <= dc - battle.morale_preview("pikes", typed=f)[2] < 10)  # failed by 5 to 9: flee
    battle.morale_check("pikes", typed=(face,))
    assert battle.game.unit("pikes").standing == "flee"
    while battle.game.phase != "tactics":
        battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "movement")
    assert may_run(battle.game, "pikes")
    facing = battle.game.unit("pikes").block.facing
    battle.move("pikes", "turn_left")
    assert battle.game.unit("pikes").block.facing == {"s": "n", "n": "s", "e": "w", "w": "e"}[facing]
    battle.move("pikes", "forward")  # away from the warband, past its free hack
    assert battle.game.unit("pikes").block.y < 6


def test_damage_still_due_when_the_battle_ends_lands():
    """A fleeing army at the mat's edge runs off it past a free hack: the
    hack's damage is due at the phase's end, and the battle's end is that
    end (it was lost: the army left with its hp whole)."""
    from tui.core.systems.kingmaker.morale import owed

    battle = kit_face_off("Edge", 5, ((KNIGHTS_AT_EDGE, (23, 3, "s")), (WARBAND, (22, 9, "n"))))
    close_in(battle, ("knights", 3), ("warband", 2))
    battle.record(ev.EndStep())
    attack(battle, "warband", "knights", 20, 20, *(2,) * (melee_setup(battle.game, "warband", "knights").attacks - 2))
    battle.record(ev.EndStep())
    dc = owed(battle.game, "knights").dc
    face = next(f for f in range(1, 21) if 5 <= dc - battle.morale_preview("knights", typed=f)[2] < 10)  # flee
    battle.morale_check("knights", typed=(face,))
    while battle.game.phase != "tactics":
        battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "movement")
    before = battle.game.hp("knights")
    step(battle, "knights", "turn_left")  # east: the edge
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=20),)))
    game = battle.game
    assert game.stage == "over" and game.unit("knights").standing in ("fled", "defeated")
    assert game.unit("knights").pending == 0 and game.hp("knights") < before


KNIGHTS_AT_EDGE = Army(key="knights", name="Knights of Ostmark", side=0, cr="2", troops=100, mount_cr="1")
