"""Second World: the four actions, reach through edges and zone flags, hits,
mobs, boosts and advantages, concession and the end of the conflict.

Rules text: "Pistols and light firearms can fire into adjacent zones, and
large firearms and bows can fire up to three zones away." "Cluttered: [...]
Ranged attacks cannot be made out of this zone. Claustrophobic: [...] Ranged
attacks from this zone have a maximum range of one zone." "If a character
makes a Free Move action, they take a -1 on Shoot rolls to attack."
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tests.core.second_world.kit import VASQUEZ, captain_start, scene
from tests.fixtures import BEFORE, played_as
from tui.core.errors import MassCombatError
from tui.core.files.loading import load_battle
from tui.core.dice.fudge import FateOutcome
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.chances import action_chances, move_chances
from tui.core.systems.second_world.combat import attack_refusal, reach
from tui.core.systems.second_world.rolls import hostile_aspects, invokable
from tui.core.systems.second_world.story import note_text

ZERO = (0, 0, 0, 0)
PLUS4 = (1, 1, 1, 1)
MINUS4 = (-1, -1, -1, -1)


def refused(battle: SecondWorldBattle, event, match: str) -> None:
    before = battle.history
    with pytest.raises(MassCombatError, match=match) as caught:
        battle.record(event)
    assert battle.history is before and "\n" not in str(caught.value)


def turn_of(key: str, first: int = 0, battle: SecondWorldBattle | None = None) -> SecondWorldBattle:
    battle = captain_start(battle or scene(), first=first)
    battle.record(ev.BeginTurn(key=key))
    return battle


def shoot(battle, key, target, faces=ZERO, defence=ZERO, defence_skill="athletics", skill="shoot"):
    battle.record(ev.ActionRoll(counter=battle.game.counter, key=key, action="attack", skill=skill, faces=faces,
                                target=target, defence_skill=defence_skill, defence_faces=defence))
    return battle


# -- reach ---------------------------------------------------------------------------------


def test_reach_follows_weapon_class_and_edges():
    game = captain_start(scene()).game
    assert attack_refusal(game, "guards", "vasquez", "shoot") is None  # wire: fire goes through
    assert "no line of fire" in attack_refusal(game, "guards", "hale", "shoot")  # the closed door
    assert "no line of fire" in attack_refusal(game, "gunner", "vasquez", "shoot")  # the closed barricade
    assert "Guards is in another zone" in attack_refusal(game, "vasquez", "guards", "fight")
    assert "no weapon for that attack" in attack_refusal(game, "vasquez", "guards", "shoot")
    assert "not an enemy" in attack_refusal(game, "hale", "vasquez", "shoot")
    assert (reach(game, "hale", "shoot"), reach(game, "guards", "shoot"), reach(game, "hale", "fight")) == (1, 3, 0)


def test_light_firearms_reach_one_zone_and_large_ones_three():
    battle = captain_start(scene())
    for a, b in (("z1", "z2"), ("z3", "z4")):
        battle.record(ev.SetEdge(a=a, b=b, open_cost=None, traverse=0, close_cost=None))
    game = battle.game
    assert "out of reach: 2 zones off, and this attack reaches 1" in attack_refusal(game, "hale", "guards", "shoot")
    assert attack_refusal(game, "gunner", "hale", "shoot") is None  # z4 to z1: three zones


@pytest.mark.parametrize(("situation", "says", "most"), [("cluttered", "no ranged attack can be made out of Room 3", None), ("claustrophobic", "ranged attacks out of Room 3 reach 1", 1)])
def test_the_situational_aspects_limit_ranged_attacks_out_of_the_zone(situation, says, most):
    battle = scene()
    battle.record(ev.Situation(zone="z3", situation=situation))
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None))
    game = captain_start(battle).game
    assert reach(game, "guards", "shoot") == most
    refusal = attack_refusal(game, "guards", "hale", "shoot")  # two zones away
    assert says in refusal
    assert reach(game, "vasquez", "fight") == 0  # melee is no ranged attack


def test_withdrawn_at_five_zones_from_every_enemy():
    game = captain_start(scene()).game
    assert not game.withdrawn("hale")  # the board counts zones, whatever the edges


# -- attacking -------------------------------------------------------------------------------


def test_an_attack_is_rolled_against_the_defence_and_a_hit_waits_to_be_absorbed():
    battle = turn_of("guards", first=1)  # Shoot +2, teamwork +2 (three of them)
    shoot(battle, "guards", "vasquez", faces=ZERO, defence=ZERO)  # 4 against Athletics 2
    pending = battle.game.pending
    assert (pending.actor.total, pending.defence.total, pending.shifts) == (4, 2, 2)
    refused(battle, ev.EndTurn(), "roll is on the table")
    battle.record(ev.Resolve())
    assert battle.game.hit.shifts == 2 and battle.game.hit.target == "vasquez"
    refused(battle, ev.Absorb(box=1), "box 1 absorbs a hit of at most 1, and 2 shifts are left")
    refused(battle, ev.Absorb(), "2 shifts of the hit are not absorbed")
    battle.record(ev.Absorb(box=2))
    assert battle.game.fighter("vasquez").checked("physical") == (2,)
    battle.record(ev.EndTurn())


def test_consequences_absorb_their_shifts_and_become_aspects_the_attacker_may_invoke_free():
    battle = turn_of("guards", first=1)
    shoot(battle, "guards", "vasquez", faces=PLUS4, defence=MINUS4)  # 8 against -2: 10 shifts
    battle.record(ev.Resolve(boost="Rattled", style_boost=True))  # 9 left, and a boost
    refused(battle, ev.Absorb(box=2, consequences=(ev.TakenConsequence(slot="mild", aspect="Grazed"),)), "box 2 absorbs a hit of at most 2, and 7 shifts are left")
    refused(battle, ev.Absorb(consequences=(ev.TakenConsequence(slot="mild2", aspect="Grazed"),)), 'no consequence slot "mild2"')
    battle.record(ev.Absorb(box=1, consequences=(ev.TakenConsequence(slot="mild", aspect="Grazed"), ev.TakenConsequence(slot="severe", aspect="Shot Through"))))
    game = battle.game
    assert dict(game.fighter("vasquez").consequences) == {"mild": "Grazed", "severe": "Shot Through"}
    held = [(a.text, a.kind, a.free, a.holder) for a in game.aspects]
    assert held == [("Rattled", "boost", 1, 1), ("Grazed", "consequence", 1, 1), ("Shot Through", "consequence", 1, 1)]


def test_the_conflict_ends_when_one_side_is_left():
    battle = turn_of("hale")
    battle.record(ev.Concede(key="vasquez"))
    assert battle.game.fighter("vasquez").conceded and battle.game.fighter("vasquez").fate_points == 1
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="gunner"))
    battle.record(ev.Concede(key="gunner"))
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.Concede(key="hale"))
    assert battle.game.stage == "ended"
    assert battle.game.notes.latest(1)[0].key == "sw.note.ended"
    refused(battle, ev.BeginTurn(key="guards"), "conflict is over")


def test_a_named_target_taken_out_by_a_hit():
    battle = turn_of("guards", first=1)
    shoot(battle, "guards", "vasquez", faces=PLUS4, defence=MINUS4)
    battle.record(ev.Resolve())
    battle.record(ev.TakeOut())
    assert battle.game.fighter("vasquez").out and battle.game.hit is None
    assert battle.game.stage == "conflict"


def test_a_mob_takes_a_hit_member_by_member():
    battle = scene()
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None))
    battle = turn_of("hale", battle=battle)
    battle.record(ev.FreeMove(key="hale", to="z2"))
    shoot(battle, "hale", "guards", faces=PLUS4, defence=ZERO)  # 2 - 1 (free move) + 4 = 5 against 0 + teamwork 2
    assert battle.game.pending.actor.total == 5 and battle.game.pending.defence.total == 2
    battle.record(ev.Resolve())  # 3 shifts: one Fair guard (2 to take out), then a box of the next
    fighter = battle.game.fighter("guards")
    assert (fighter.members_out, fighter.checked("physical"), battle.game.hit) == (1, (1,), None)
    assert battle.game.notes.latest(1)[0].key == "sw.note.mob_hit"


def test_a_tie_gives_the_attacker_a_boost_that_one_free_invoke_uses_up():
    battle = turn_of("guards", first=1)
    shoot(battle, "guards", "vasquez", faces=(-1, -1, 0, 0), defence=ZERO)  # 2 against 2
    refused(battle, ev.Resolve(), "a boost needs a name")
    battle.record(ev.Resolve(boost="Pinned Behind the Crates"))
    assert battle.game.aspects[0].text == "Pinned Behind the Crates"
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="gunner"))
    battle.record(ev.SetEdge(a="z3", b="z4", open_cost=None, traverse=0, close_cost=None))
    shoot(battle, "gunner", "vasquez", faces=ZERO, defence=ZERO)
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Pinned Behind the Crates", free=True))
    assert battle.game.pending.actor.total == 5 and battle.game.aspects == ()
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Pinned Behind the Crates", free=True), "invoked on this roll already")


def test_the_defender_invokes_on_their_own_roll_with_their_fate_point():
    battle = scene()
    battle.record(ev.SetCharacter(character=VASQUEZ.model_copy(update={"aspects": ("Quick on Her Feet",), "fate_points": 2})))
    battle = turn_of("guards", first=1, battle=battle)
    shoot(battle, "guards", "vasquez", faces=ZERO, defence=ZERO)
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Quick on Her Feet", by="vasquez"))
    assert battle.game.pending.defence.total == 4 and battle.game.fighter("vasquez").fate_points == 1
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Quick on Her Feet", by="hale"), "Sgt. Hale has no roll on the table")


def test_an_attack_must_be_defended_with_a_skill_the_rules_allow():
    battle = turn_of("guards", first=1)
    refused(battle, ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=ZERO, target="vasquez",
                                  defence_skill="fight", defence_faces=ZERO), "defended against with Athletics")
    refused(battle, ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=ZERO, target="hale",
                                  defence_skill="athletics", defence_faces=ZERO), "no line of fire")


# -- the other actions ------------------------------------------------------------------------


def test_an_advantage_on_a_zone_gives_free_invokes_to_the_side():
    battle = turn_of("hale")
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=PLUS4, difficulty=2, zone="z2", aspect="Blind Corner"))
    battle.record(ev.Resolve())  # 6 against 2: with style, two free invokes
    assert [(a.text, a.on, a.free, a.holder) for a in battle.game.aspects] == [("Blind Corner", "z2", 2, 0)]
    refused(battle, ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=ZERO, zone="z2", aspect="x"), "taken their action")


def test_an_advantage_that_fails_makes_nothing_and_one_needs_a_place():
    battle = turn_of("hale")
    refused(battle, ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=ZERO, aspect="x"), "a zone or on a character")
    refused(battle, ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=ZERO, zone="z1"), "needs the aspect")
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=MINUS4, difficulty=2, zone="z1", aspect="Cover"))
    battle.record(ev.Resolve())
    assert battle.game.aspects == () and battle.game.turn.acted


def test_overcome_against_a_difficulty_is_noted():
    battle = turn_of("hale")
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action="overcome", skill="athletics", faces=ZERO, difficulty=3))
    battle.record(ev.Resolve())
    note = battle.game.notes.latest(1)[0]
    assert note.key == "sw.note.outcome" and dict(note.params)["outcome"] == "tie"


def test_a_full_defence_adds_two_until_the_defenders_next_turn():
    battle = turn_of("vasquez")
    battle.record(ev.FullDefence(key="vasquez"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="guards"))
    shoot(battle, "guards", "vasquez", faces=ZERO, defence=ZERO)
    assert battle.game.pending.defence.total == 4  # Athletics 2 + 2
    battle.record(ev.Resolve(boost="Close Call"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="gunner"))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="vasquez"))
    assert not battle.game.fighter("vasquez").full_defence


def test_a_concession_pays_a_fate_point_and_one_per_consequence():
    battle = turn_of("guards", first=1)
    shoot(battle, "guards", "vasquez", faces=PLUS4, defence=ZERO)  # 8 against 2: 6
    battle.record(ev.Resolve())
    battle.record(ev.Absorb(consequences=(ev.TakenConsequence(slot="moderate", aspect="Bad Leg"), ev.TakenConsequence(slot="mild", aspect="Dazed"))))
    battle.record(ev.Concede(key="vasquez"))
    assert battle.game.fighter("vasquez").fate_points == 3  # 1 + 2 consequences
    refused(battle, ev.Concede(key="vasquez"), "out of the conflict")


# -- the chances shown before a roll ----------------------------------------------------------------


def brute(modifier: int, dice: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in itertools.product((-1, 0, 1), repeat=dice):
        counts[sum(faces) + modifier] = counts.get(sum(faces) + modifier, 0) + 1
    return {total: Fraction(n, 3**dice) for total, n in counts.items()}


def by_outcome(totals: dict[int, Fraction], difficulty: int) -> dict[FateOutcome, Fraction]:
    found = dict.fromkeys(FateOutcome, Fraction(0))
    for total, p in totals.items():
        shifts = total - difficulty
        found[FateOutcome.FAIL if shifts < 0 else FateOutcome.TIE if shifts == 0 else FateOutcome.STYLE if shifts >= 3 else FateOutcome.SUCCESS] += p
    return found


def test_chances_against_a_difficulty_are_exact_and_show_the_invokes_on_offer():
    battle = turn_of("hale")
    battle.record(ev.ZoneAspects(zone="z1", aspects=("Long Corridor",)))
    shown = action_chances(battle.game, "hale", "overcome", "athletics", difficulty=3)
    assert [c.invokes for c in shown] == [0, 1, 2]  # two aspects, three fate points
    assert shown[0].outcomes == by_outcome(brute(3, 4), 3)
    assert shown[0].outcomes[FateOutcome.TIE] == Fraction(19, 81)
    assert shown[2].outcomes == by_outcome(brute(7, 4), 3)


def test_an_npcs_chances_count_the_invokes_the_gms_pool_can_pay():
    battle = scene()
    battle.record(ev.ZoneAspects(zone="z4", aspects=("Sandbags", "Firing Slit")))
    battle = turn_of("gunner", first=1, battle=battle)
    assert battle.game.fighter("gunner").fate_points == 0 and battle.game.gm_pool == 1
    shown = action_chances(battle.game, "gunner", "overcome", "athletics", difficulty=2)
    assert [c.invokes for c in shown] == [0, 1]  # two aspects, one point in the pool


def test_chances_of_an_attack_are_the_difference_of_two_rolls():
    battle = turn_of("guards", first=1)  # Shoot 2 + teamwork 2 against Athletics 2; no aspects, no fate points
    shown = action_chances(battle.game, "guards", "attack", "shoot", target="vasquez", defence_skill="athletics")
    assert len(shown) == 1
    expected = dict.fromkeys(FateOutcome, Fraction(0))
    for (a, pa), (d, pd) in itertools.product(brute(4, 4).items(), brute(2, 4).items()):
        for outcome, p in by_outcome({a: pa * pd}, d).items():
            expected[outcome] += p
    assert shown[0].outcomes == expected


def test_move_chances_count_shifts_never_below_zero():
    battle = turn_of("hale")
    chances = move_chances(battle.game, "hale")  # Athletics +3
    assert chances[0] == 1
    assert chances[7] == Fraction(1, 81) and 8 not in chances
    assert chances[3] == sum(p for total, p in brute(3, 4).items() if total >= 3)


# -- the GM's pool and hostile invokes (Fate Core) ----------------------------------------------


def test_an_npc_invokes_its_opponents_own_aspect_against_them_from_the_gms_pool():
    """Fate Core: one fate point per PC in the GM's pool for the NPCs; an
    opponent's own aspect invoked against them (hostile) pays them the point
    when the scene ends."""
    battle = scene()
    battle.record(ev.SetCharacter(character=VASQUEZ.model_copy(update={"aspects": ("Bad Knee",), "fate_points": 2})))
    battle = turn_of("guards", first=1, battle=battle)
    assert battle.game.gm_pool == 1  # one PC: Sgt. Hale
    shoot(battle, "guards", "vasquez", faces=ZERO, defence=PLUS4)  # 2 against 6
    assert "Bad Knee" in invokable(battle.game, "guards", battle.game.pending)
    assert "Bad Knee" not in [text for _, text in hostile_aspects(battle.game, "vasquez", battle.game.pending)]  # hers, not hostile to her
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Bad Knee"))
    game = battle.game
    assert game.gm_pool == 0 and game.owed == (("vasquez", 1),) and game.pending.actor.total == game.pending.actor.base + 2
    told = [note_text(game, n) for n in game.notes.latest(3)]
    assert told[-2:] == ["the GM's pool pays for Guards (0 fate points left)", "a hostile invoke: Vasquez gets the fate point when the scene ends"]
    assert game.fighter("vasquez").fate_points == 2  # not before the scene ends
    battle.record(ev.Resolve(boost="Off Balance"))  # defended with style: a boost
    battle.record(ev.EndTurn())
    for key in ("hale", "vasquez"):
        battle.record(ev.Concede(key=key))
    game = battle.game
    assert game.stage == "ended" and game.owed == ()
    assert game.fighter("vasquez").fate_points == 2 + 1 + 1  # conceding, and the hostile invoke's point
    assert "Vasquez gets 1 fate point from hostile invokes" in [note_text(game, n) for n in game.notes.latest(3)]


# -- a mob's overflow (Fate Core) -------------------------------------------------------------
#
# A member is taken out by a hit its stress boxes left can't absorb: one
# whose box is checked goes for 1 shift, the rest spills on to the next. A
# checked member cost a fresh member's worth (the Second World playthrough:
# 3 shifts took out one member and checked the next's box).

MOB = BEFORE / "second-world-mob-overflow.toml"


def mob_second_hit() -> SecondWorldBattle:
    """Hale's 3 shifts take one Fair guard out and check the next's box; in
    round 2 another 3 shifts (4 against 1) are on the table."""
    battle = scene()
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None))
    battle = turn_of("hale", battle=battle)
    battle.record(ev.FreeMove(key="hale", to="z2"))
    shoot(battle, "hale", "guards", faces=PLUS4, defence=ZERO)
    battle.record(ev.Resolve())
    battle.record(ev.EndTurn())
    for key in ("vasquez", "guards", "gunner"):
        battle.record(ev.BeginTurn(key=key))
        battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="hale"))
    shoot(battle, "hale", "guards", faces=(1, 1, 0, 0), defence=ZERO)
    return battle


def test_a_checked_member_goes_for_one_shift_and_the_rest_spills_on():
    battle = mob_second_hit()
    assert battle.game.fighter("guards").checked("physical") == (1,)
    battle.record(ev.Resolve())  # 3 shifts: the checked guard (1), the last fresh one (2)
    fighter = battle.game.fighter("guards")
    assert fighter.members_out == 3 and fighter.out
    assert note_text(battle.game, next(n for n in reversed(battle.game.notes.latest(4)) if n.key == "sw.note.mob_hit")) == "Guards: 2 taken out, 0 left"


def test_the_mob_fixture_is_this_battle():
    played_as(mob_second_hit(), MOB)


def test_a_mob_hit_played_before_the_fix_stands_and_says_so(tmp_path):
    battle = load_battle(MOB)
    fighter = battle.game.fighter("guards")
    assert (fighter.members_out, fighter.checked("physical")) == (2, (1,))  # as played: one out, the next's box checked
    assert battle.rules_notice is not None and "taken out by 1 shift" in battle.rules_notice
    battle.undo()
    battle.record(ev.Resolve())
    assert battle.game.fighter("guards").members_out == 3


# -- hostile invokes on what is in play on the opponent (Fate Core) ---------------------------

CONSEQUENCE_PAID = BEFORE / "second-world-consequence-invoked-for-a-point.toml"


def grazed_then_shot_at() -> SecondWorldBattle:
    """Vasquez takes Grazed and Shot Through from the Guards; the MG Gunner's
    shot at her is on the table (0 against 0)."""
    battle = turn_of("guards", first=1)
    shoot(battle, "guards", "vasquez", faces=PLUS4, defence=MINUS4)
    battle.record(ev.Resolve(boost="Rattled", style_boost=True))
    battle.record(ev.Absorb(box=1, consequences=(ev.TakenConsequence(slot="mild", aspect="Grazed"), ev.TakenConsequence(slot="severe", aspect="Shot Through"))))
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="gunner"))
    battle.record(ev.SetEdge(a="z3", b="z4", open_cost=None, traverse=0, close_cost=None))
    shoot(battle, "gunner", "vasquez", faces=ZERO, defence=ZERO)
    return battle


def test_a_consequence_on_the_opponent_invoked_for_a_point_pays_them_at_the_end():
    battle = grazed_then_shot_at()
    assert ("vasquez", "Grazed") in hostile_aspects(battle.game, "gunner", battle.game.pending)
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Grazed"))  # paid (from the GM's pool), not the free one
    assert battle.game.owed == (("vasquez", 1),) and battle.game.gm_pool == 0
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Shot Through", free=True))
    assert battle.game.owed == (("vasquez", 1),)  # a free invoke pays no one


def test_the_consequence_fixture_is_this_battle():
    played_as(grazed_then_shot_at(), CONSEQUENCE_PAID)


def test_a_consequence_invoked_before_the_fix_stands_and_says_so():
    battle = load_battle(CONSEQUENCE_PAID)
    assert battle.game.owed == ()  # as played: the point was paid away
    assert battle.rules_notice is not None and "an aspect in play on the opponent" in battle.rules_notice
    battle.undo()
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Grazed"))
    assert battle.game.owed == (("vasquez", 1),)
