"""Rules mended after battles were saved, and the saves played before them.

Ultimate Campaign: "If the Offense check is a natural 20, but that check is
lower than the enemy army's DV, the attacking army still deals 1 point of
damage." RULES-NOTES (settled after the first audit): exactly 1; the
critical's +1 applies only to a hit the total made.

``tests/fixtures/before_fixes/`` holds saves written by the app before each
fix: they keep opening with what was played standing (the steps before the
fix replay under the earlier reading), the GM is told which steps that
reading decided, and every new step follows today's rules.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.core.kingmaker.kit import KNIGHTS, WARBAND, begin_turn, close_in, counter, end_phase, face_off, muster, set_up, step, to_phase
from tests.core.kingmaker.test_combat import bloodied_knights, fleeing_knights
from tests.fixtures import BEFORE, copied, played_as
from tui.cli.check import check_file
from tui.core.dice import odds
from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.errors import MassCombatError, RuleViolation
from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session, open_session
from tui.core.i18n import set_language
from tui.core.systems.kingmaker import events as ev, fixes
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.bonuses import tickable
from tui.core.systems.kingmaker.combat import melee_setup, strike_numbers
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.movement import withdraw_beats
from tui.core.systems.kingmaker.story import note_text

NATURAL_20 = BEFORE / "kingmaker-natural-20-below-defense.toml"
MILITIA = Army(key="militia", name="Fen Militia", side=0, cr="1/8", troops=100)
GIANTS = Army(key="giants", name="Hill Giants", side=1, cr="10", troops=200)


def militia_against_giants() -> KingmakerBattle:
    """The fixture's battle: Offense +0 against Defense 22, in contact, melee."""
    battle = face_off("A natural 20 below Defense", 11, ((MILITIA, (8, 2, "s")), (GIANTS, (8, 8, "n"))), sides=("Fenfolk", "Giants"), mat=(20, 12))
    return close_in(battle, ("militia", 3), ("giants", 2))


def next_turn(battle: KingmakerBattle) -> None:
    """From the morale phase to the next turn's melee, nobody moving."""
    while battle.game.phase != "tactics":
        end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "melee")


def test_a_natural_20_below_the_target_deals_exactly_its_damage():
    rules = AttackRules()
    below = resolve_attack(20, 0, 22, 4, rules)
    assert (below.hit, below.damage, below.critical, below.natural_only) == (True, 1, False, True)
    met = resolve_attack(20, 2, 22, 4, rules)  # 22 meets 22: the minimum, and the critical's +1
    assert (met.hit, met.damage, met.critical, met.natural_only) == (True, 2, True, False)
    assert not resolve_attack(19, 0, 22, 4, rules).hit
    assert resolve_attack(20, 0, 22, 4, AttackRules(natural_hit_damage=3)).damage == 3
    earlier = resolve_attack(20, 0, 22, 4, AttackRules(natural_hit_exact=False))  # kept for steps played under it
    assert (earlier.hit, earlier.damage, earlier.critical) == (True, 2, True)


def test_the_odds_count_a_natural_20_below_defense_as_one():
    spread = odds.d20_attack(0, 22, 4)
    assert spread[1] == Fraction(1, 20) and spread.get(2, 0) == 0


def test_on_the_mat_it_deals_one_and_nothing_is_added():
    battle = militia_against_giants()
    setup = melee_setup(battle.game, "militia", "giants")
    assert (setup.offense, setup.defense) == (0, 22)
    battle.record(ev.Attack(counter=counter(battle), attacker="militia", target="giants", mode="melee", faces=(20, 5)))
    assert battle.game.unit("giants").pending == 1
    to_phase(battle, "morale")
    assert battle.game.hp("giants") == 65


def test_the_fixture_is_this_battle():
    """The saved log is the one built here (so the fixture shows what it claims)."""
    played_as(militia_against_giants(), NATURAL_20)


def test_a_save_from_before_the_fix_keeps_what_was_played(tmp_path):
    path = copied(NATURAL_20, tmp_path)
    assert "giants = 64" in path.read_text() and "rule_fixes" not in path.read_text()
    battle = load_battle(path)
    assert battle.game.hp("giants") == 64  # the earlier reading's 2 stands
    assert battle.rules_notice is not None
    assert "event 22 of this battle was played under an earlier reading" in battle.rules_notice
    assert "a natural 20 below Defense deals exactly 1 damage" in battle.rules_notice
    told = check_file(path).splitlines()
    assert told[0] == 'ok: battle "A natural 20 below Defense"' and battle.rules_notice in told


def test_new_steps_follow_todays_rule_and_the_save_remembers_where_it_began(tmp_path):
    path = copied(NATURAL_20, tmp_path)
    session = open_session(path)
    assert any("earlier reading" in notice for notice in session.take_notices())
    battle = session.battle
    count = len(battle.history.events)
    next_turn(battle)
    battle.record(ev.Attack(counter=counter(battle), attacker="militia", target="giants", mode="melee", faces=(20, 5)))
    assert battle.game.unit("giants").pending == 1  # today's rule
    session.save(whole=True)
    session.close()
    assert f"{fixes.NATURAL_20} = {count}" in path.read_text()
    again = load_battle(path)
    assert again.game.unit("giants").pending == 1 and again.game.hp("giants") == 64
    assert again.opening_notices() == []  # told once: the save now names the fix


def test_an_undo_past_the_old_steps_then_a_new_step_plays_today(tmp_path):
    path = copied(NATURAL_20, tmp_path)
    battle = load_battle(path)
    while battle.history.cursor > 21:  # back to before the militia's attack
        battle.undo()
    battle.redo()  # a saved step replays as it was played
    assert battle.game.unit("giants").pending == 2
    battle.undo()
    battle.record(ev.Attack(counter=counter(battle), attacker="militia", target="giants", mode="melee", faces=(20, 5)))
    assert battle.game.unit("giants").pending == 1
    assert battle.to_file().rule_fixes == dict.fromkeys(fixes.ALL, 21)


def test_the_notice_speaks_german():
    set_language("de")
    try:
        battle = load_battle(NATURAL_20)
    finally:
        set_language("en")
    assert battle.rules_notice is not None
    assert "natürliche 20 unter der Verteidigung macht genau 1 Schaden" in battle.rules_notice and "Ereignis 22" in battle.rules_notice


def test_a_hand_edit_is_refused_before_and_after_the_fix(tmp_path):
    edited = tmp_path / "edited.toml"
    edited.write_text(NATURAL_20.read_text().replace("giants = 64", "giants = 65"))
    with pytest.raises(MassCombatError, match="does not match the log"):
        load_battle(edited)
    battle = militia_against_giants()
    battle.record(ev.Attack(counter=counter(battle), attacker="militia", target="giants", mode="melee", faces=(20, 5)))
    to_phase(battle, "morale")
    create_session(tmp_path / "new.toml", battle).close()
    played = tmp_path / "new.toml"
    text = played.read_text()
    assert f"{fixes.NATURAL_20} = 0" in text and "giants = 65" in text
    played.write_text(text.replace("giants = 65", "giants = 64"))
    with pytest.raises(MassCombatError, match="does not match the log"):
        load_battle(played)


def test_a_battle_no_fix_touches_opens_without_a_word(tmp_path):
    battle = militia_against_giants()
    battle.record(ev.Attack(counter=counter(battle), attacker="militia", target="giants", mode="melee", faces=(19, 5)))
    create_session(tmp_path / "plain.toml", battle).close()
    assert load_battle(tmp_path / "plain.toml").opening_notices() == []


# -- Withdraw ties --------------------------------------------------------------------
#
# RULES-NOTES: "Withdraw is opposed ...; a tie goes to the higher modifier,
# and equal modifiers roll again (Pathfinder's rule for opposed checks)."

WITHDRAW_TIE = BEFORE / "kingmaker-withdraw-tie.toml"


def locked_in_turn_two() -> KingmakerBattle:
    """The militia and the giants (no commanders: Morale +0 each) in contact, turn 2's Movement."""
    battle = militia_against_giants()
    next_turn(battle)
    while battle.game.phase != "tactics":
        end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    return battle


def withdraw(battle: KingmakerBattle, face: int, opposing: int, again: tuple[tuple[int, int, int], ...] = ()) -> None:
    battle.record(ev.Order(counter=counter(battle), key="militia", command="withdraw", face=face, opposing=(opposing,), again=again))


def test_a_tie_at_the_same_modifier_is_rolled_again():
    battle = locked_in_turn_two()
    with pytest.raises(RuleViolation, match="roll again"):
        withdraw(battle, 10, 10)
    withdraw(battle, 10, 10, again=((0, 7, 7), (0, 12, 3)))
    assert battle.game.unit("militia").command == "withdraw"
    told = [note_text(battle.game, n) for n in battle.game.notes.latest(2)]
    assert told == ["Fen Militia tied at the same Morale modifier: rolled again 7:7 · 12:3", "Fen Militia withdraws from melee (Morale 10 against 10)"]
    battle = locked_in_turn_two()
    withdraw(battle, 10, 10, again=((0, 3, 12),))
    assert battle.game.unit("militia").command is None
    with pytest.raises(RuleViolation, match="don't match"):  # no tie, nothing to roll again
        withdraw(locked_in_turn_two(), 11, 10, again=((0, 3, 12),))


def test_a_tie_goes_to_the_higher_modifier():
    assert withdraw_beats(12, 3, 12, 2, []) and not withdraw_beats(12, 2, 12, 3, [])
    assert withdraw_beats(13, 2, 12, 3, []) and not withdraw_beats(11, 3, 12, 2, [])


def test_the_battle_rolls_again_until_the_faces_differ():
    for seed in range(200):
        battle = locked_in_turn_two()
        battle.meta = battle.meta.model_copy(update={"seed": seed})
        face, other = battle.faces(2)
        if face == other:
            break
    else:
        pytest.fail("no seed gave a tie")
    event = battle.order("militia", "withdraw")
    assert event.again and all(a[1] == a[2] for a in event.again[:-1]) and event.again[-1][1] != event.again[-1][2]
    assert (battle.game.unit("militia").command == "withdraw") == (event.again[-1][1] > event.again[-1][2])


def test_a_withdraw_tie_played_before_the_fix_stays_lost():
    battle = load_battle(WITHDRAW_TIE)
    assert battle.game.unit("militia").command is None  # the tie lost, as played
    last = len(battle.history.events)
    assert battle.rules_notice is not None and f"event {last} of this battle" in battle.rules_notice
    assert "a Withdraw tied with an enemy goes to the higher Morale modifier" in battle.rules_notice
    assert "natural 20" not in battle.rules_notice  # the save knew that fix already
    battle.undo()
    with pytest.raises(RuleViolation, match="roll again"):  # a new step, today's rule
        withdraw(battle, 10, 10)


# -- Hustle "at the expense of offense" ------------------------------------------------
#
# Kingmaker: "Hustle (DC 10) ... move one additional square at the expense
# of offense". RULES-NOTES: -2 Offense, melee and ranged, for the rest of
# the turn (assumed; ruleset data: commands.hustle.offense).

HUSTLED = BEFORE / "kingmaker-hustle-then-fight.toml"


def hustled_into_contact() -> KingmakerBattle:
    battle = set_up(muster())
    begin_turn(battle)
    to_phase(battle, "movement")
    battle.record(ev.Order(counter=counter(battle), key="knights", command="hustle", face=15))
    return close_in(battle, ("knights", 3), ("warband", 2))


def test_a_hustle_costs_two_offense_for_the_rest_of_the_turn():
    battle = hustled_into_contact()
    told = [note_text(battle.game, n) for n in battle.game.notes]
    assert any(line.startswith("Knights of Ostmark hustles: one square more, -2 Offense for the rest of the turn") for line in told)
    assert battle.game.rules.commands.hustle.offense == -2 and "commands.hustle.offense" in battle.game.rules.ruleset.assumed
    setup = melee_setup(battle.game, "knights", "warband")
    assert setup.offense == 4 - 2 and ("km.term.hustle", -2) in [(x.key, x.amount) for x in setup.terms]
    assert strike_numbers(battle.game, "knights", "warband")[0] == 4 + 2 - 2  # a free hack too (rear +2)
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(13, 12)))
    assert battle.game.unit("warband").pending == 1  # 15 vs 15: 1; 14 misses


def test_the_hustle_fixture_is_this_battle():
    played_as(hustled_into_contact(), HUSTLED)


def test_a_fight_after_a_hustle_played_before_the_fix_stands():
    battle = load_battle(HUSTLED)
    assert battle.game.unit("warband").pending == 3  # as played, at Offense +4
    assert battle.rules_notice is not None and "Hustle costs Offense, melee and ranged" in battle.rules_notice
    assert f"event {len(battle.history.events)} of this battle" in battle.rules_notice
    battle.undo()
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(13, 12)))
    assert battle.game.unit("warband").pending == 1


# -- a touch at a rear corner ------------------------------------------------------------
#
# RULES-NOTES: "A corner-only touch counts as the less favourable of the two
# sides it touches, for the attacker: front before flank before rear ... at
# a rear corner, a flank attack (+1), not a rear attack."

REAR_CORNER = BEFORE / "kingmaker-rear-corner.toml"


def at_the_rear_corner() -> KingmakerBattle:
    """Turn 2: the knights come up behind the Huge warband and touch it only
    at its south-east corner (the warband faces north)."""
    places = {"knights": (13, 15, "n"), "warband": (10, 9, "n"), "archers": (2, 14, "n"), "skirmish": (20, 2, "s")}
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    while battle.game.phase != "tactics":
        end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "left")
    to_phase(battle, "melee")
    return battle


def test_a_rear_corner_is_a_flank_attack():
    battle = at_the_rear_corner()
    setup = melee_setup(battle.game, "knights", "warband")
    assert setup.side == "flank" and [(x.key, x.amount) for x in setup.terms] == [("km.term.offense", 4), ("km.term.flanking", 1)]
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(11,)))
    assert battle.game.unit("warband").pending == 1 and battle.game.unit("warband").flanked and not battle.game.unit("warband").rear


def test_the_rear_corner_fixture_is_this_battle():
    played_as(at_the_rear_corner(), REAR_CORNER)


def test_a_rear_corner_attack_played_before_the_fix_stands():
    battle = load_battle(REAR_CORNER)
    assert battle.game.unit("warband").pending == 2 and battle.game.unit("warband").rear  # as played: from the rear, +2
    assert battle.rules_notice is not None and "a touch at a rear corner only is a flank attack" in battle.rules_notice
    battle.undo()
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(11,)))
    assert battle.game.unit("warband").pending == 1


# -- leaving contact -----------------------------------------------------------------
#
# RULES-NOTES: "An army in contact may leave it only by a successful
# Withdraw or a Press. An army in Retreat that is in contact must Withdraw
# to get away; failing, it stays locked (still retreating)."

RETREAT = BEFORE / "kingmaker-retreat-walks-away.toml"


def retreating_in_contact() -> KingmakerBattle:
    """The knights, bloodied, fail their Morale check (13 vs 15): Retreat;
    turn 2's Movement, still in contact with the warband."""
    battle = bloodied_knights()
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=10))
    while battle.game.phase != "tactics":
        end_phase(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    return battle


def test_a_retreating_army_in_contact_must_withdraw():
    battle = retreating_in_contact()
    assert battle.game.unit("knights").standing == "retreat" and battle.game.enemies_in_contact("knights") == ("warband",)
    with pytest.raises(RuleViolation, match="only a Withdraw gets it away"):
        step(battle, "knights", "turn_left")
    with pytest.raises(RuleViolation, match="tries to Withdraw"):
        battle.record(ev.EndStep())
    with pytest.raises(RuleViolation, match="is in retreat"):  # no other command
        battle.record(ev.Order(counter=counter(battle), key="knights", command="hustle", face=15))
    battle.record(ev.Order(counter=counter(battle), key="knights", command="withdraw", face=15, opposing=(3,)))
    step(battle, "knights", "turn_left", "turn_left", "forward", "forward")
    assert battle.game.enemies_in_contact("knights") == () and battle.game.unit("warband").pending == 0  # no free hack
    battle.record(ev.EndStep())


def test_failing_the_withdraw_it_stays_locked_and_still_retreating():
    battle = retreating_in_contact()
    battle.record(ev.Order(counter=counter(battle), key="knights", command="withdraw", face=2, opposing=(15,)))
    failed = "Knights of Ostmark's Withdraw failed: it stays locked in contact, still in retreat, until next turn"
    with pytest.raises(RuleViolation, match=failed):
        step(battle, "knights", "turn_left")
    with pytest.raises(RuleViolation, match=failed):  # not "has had its command": the GM reads why it is stuck
        battle.record(ev.Order(counter=counter(battle), key="knights", command="withdraw", face=20, opposing=(1,)))
    battle.record(ev.EndStep())  # it tried: its side may end the phase
    assert battle.game.unit("knights").standing == "retreat" and battle.game.enemies_in_contact("knights") == ("warband",)


def test_the_retreat_fixture_is_this_battle():
    played_as(retreating_in_contact(), RETREAT)


def test_a_retreat_out_of_contact_played_before_the_fix_stands():
    battle = load_battle(RETREAT)
    assert battle.game.enemies_in_contact("knights") == () and battle.game.unit("knights").block.y == 4  # as played
    assert battle.rules_notice is not None and "gets away only by a Withdraw" in battle.rules_notice
    for _ in range(4):
        battle.undo()
    with pytest.raises(RuleViolation, match="only a Withdraw gets it away"):
        step(battle, "knights", "turn_left")


def test_after_an_undo_into_an_old_save_the_previews_are_todays():
    """What the screens show before a new step follows today's rules (the
    attack dialog's terms, the order menu), not the earlier reading."""
    battle = load_battle(HUSTLED)
    battle.undo()
    setup = melee_setup(battle.game, "knights", "warband")
    assert setup.offense == 2 and ("km.term.hustle", -2) in [(x.key, x.amount) for x in setup.terms]
    battle = load_battle(REAR_CORNER)
    battle.undo()
    assert melee_setup(battle.game, "knights", "warband").side == "flank"
    battle = load_battle(RETREAT)
    for _ in range(4):
        battle.undo()
    battle.order("knights", "withdraw")
    assert battle.history.events[-1].command == "withdraw"


# -- a failed Morale check never leaves an army better off ----------------------------
#
# The texts are silent on an army already fleeing that fails a later check
# by less than 5; the app's reading (docs/rules/kingmaker.md): it keeps
# fleeing, the worse of the two.

FLED = BEFORE / "kingmaker-flee-then-milder-failure.toml"


def fled_and_decimated() -> KingmakerBattle:
    """The knights flee (bloodied, 10 vs 15), run the next turn and take the
    warband's free hack (4): 1 hp of 11, a decimated check owed (DC 20, +3)."""
    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=15),)))
    battle.record(ev.EndStep())
    to_phase(battle, "morale")
    return battle


def test_a_fleeing_army_failing_by_less_than_five_keeps_fleeing():
    battle = fled_and_decimated()
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="decimated", face=14))  # 17 vs 20
    assert battle.game.unit("knights").standing == "flee"
    assert note_text(battle.game, battle.game.notes.latest(1)[0]) == "Knights of Ostmark fails at the Decimated threshold (Morale 17 (14+3) vs 20) and stays at Fleeing, the worse"


@pytest.mark.parametrize(("face", "standing"), [(17, "flee"), (9, "flee"), (7, "rout")])
def test_a_fleeing_army_may_still_hold_or_fall_further(face, standing):
    """Holding the line doesn't end a flight (only a Rally does); failing by
    10 routs it (no enemy in contact now: no parting shot)."""
    battle = fled_and_decimated()
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="decimated", face=face))
    assert battle.game.unit("knights").standing == standing


def test_the_fled_fixture_is_this_battle():
    played_as(fled_and_decimated(), FLED)


def test_a_milder_failure_played_before_the_fix_stands():
    battle = load_battle(FLED)
    assert battle.game.unit("knights").standing == "retreat"  # as played
    assert battle.rules_notice is not None and "keeps fleeing" in battle.rules_notice
    battle.undo()
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="decimated", face=14))
    assert battle.game.unit("knights").standing == "flee"


def test_the_odds_before_the_check_count_the_worse_standing():
    from tui.core.systems.kingmaker.chances import threshold_chances

    chances = threshold_chances(fled_and_decimated().game, "knights", 20)
    assert set(chances) == {"ready", "flee", "rout"} and chances["flee"] == Fraction(9, 20)  # faces 8-16: no Retreat


# -- once a battle, every source; Triage heals ---------------------------------------
#
# Ultimate Campaign's Triage: "Once per battle, the army may take a -4 penalty
# on its Offense check during the Ranged or Melee phase and heal damage equal
# to half its ACR." A boon the ruleset marks once a battle is
# spent when ticked, as a once-a-battle tactic was (a special ability is
# not: many of those last for the rest of the battle once begun).

TRIAGE = BEFORE / "kingmaker-triage-twice.toml"
MEDICS = KNIGHTS.model_copy(update={"commander": KNIGHTS.commander.model_copy(update={"boons": ("triage",)})})


def medics_in_melee() -> KingmakerBattle:
    """The knights (ACR 2), their commander with Triage, in contact with the warband in turn 1's Melee."""
    battle = face_off("Triage", 5, ((MEDICS, (10, 3, "s")), (WARBAND, (10, 9, "n"))))
    return close_in(battle, ("knights", 3), ("warband", 2))


def triage_then_hit() -> KingmakerBattle:
    """The fixture's start: Triage ticked in turn 1 (nothing to heal yet), the
    warband hits back for 4, on to turn 2's Melee. The fixture then ticks
    Triage again, which today's rules refuse (the first tick spent it)."""
    battle = medics_in_melee()
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,), ticks=("boon:triage",)))
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="melee", faces=(18,)))
    battle.record(ev.EndStep())
    while battle.game.phase != "tactics":
        battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "melee")
    return battle


def test_triage_heals_half_the_acr_once_a_battle():
    battle = medics_in_melee()
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="melee", faces=(18,)))
    to_phase(battle, "morale")
    assert battle.game.hp("knights") == 7  # 4 damage landed
    next_turn(battle)
    assert [a.tick for a in tickable(battle.game, "knights")] == ["boon:triage"]
    plain, ticked = melee_setup(battle.game, "knights", "warband"), melee_setup(battle.game, "knights", "warband", ("boon:triage",))
    assert ticked.offense == plain.offense - 4
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,), ticks=("boon:triage",)))
    game = battle.game
    assert game.hp("knights") == 8 and game.unit("knights").used == ("boon:triage",)  # ACR 2: 1 back
    assert note_text(game, game.notes.latest(1)[0]) == "Knights of Ostmark treats its wounded (Triage): 1 hp back, 8 hp now"
    assert tickable(game, "knights") == ()  # spent for the battle
    with pytest.raises(RuleViolation, match="boon:triage"):
        battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,), ticks=("boon:triage",)))


def test_the_triage_fixture_is_this_battle():
    battle = triage_then_hit()
    played_as(battle, TRIAGE)
    assert battle.game.unit("knights").used == ("boon:triage",)  # today the first tick spent it
    assert len(load_battle(TRIAGE).history.events) == len(battle.history.events) + 1


def test_triage_played_before_the_fixes_stands_and_says_so():
    battle = load_battle(TRIAGE)
    game = battle.game
    assert game.hp("knights") == 7 and game.unit("knights").used == ()  # as played: no healing, ticked twice
    assert battle.rules_notice is not None
    assert "Triage heals half the army's ACR with its -4, once a battle" in battle.rules_notice
    battle.undo()
    # the ticks played under the earlier reading spent nothing; a new one is today's: it heals and is spent
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,), ticks=("boon:triage",)))
    assert battle.game.hp("knights") == 8 and battle.game.unit("knights").used == ("boon:triage",)
