"""Fate: This Means War in the thick of it: overcome (entering, dashing,
breaking a pin), attacks and their ranges and variants, creating advantages,
invokes, consequences and leaders (tui/core/systems/fate/contest.py,
outcomes.py, turns.py).

Board (fate_kit): Hill – Meadow – Woods in a row, Ford below the Meadow;
``MARSH`` lengthens the row to the east for a target three zones away.
Ana's Fair Pikes (u1) are led by Sir Ana (l1, Will 4), her Average Scouts
(u2) go alone; the GM's Good Orcs (u3) are led by Grak (l2, Will 2), the
Average Goblin Archers (u4) go alone.
"""

from __future__ import annotations

import pytest

from tests.core.fate.kit import ANA, FOREST, GM, HIGH, PIKES, SCOUTS, LOW, MARSH, RULES, ZONES, a_roll, act, aspect_named, bonus, end, ev, fight, refused, roll
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.outcomes import cheapest_absorb
from tui.core.systems.fate.state import Place
from tui.core.systems.fate.turns import awards

# -- overcome: entering a zone with an obstacle -------------------------------------------

CLEAR_WOODS = {"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"}


@pytest.mark.parametrize(("aspects", "difficulty"), [
    (FOREST, 2),
    ((("woods", "Dense Forest", True, None), ("woods", "Raging River", True, None)), 4),
    ((("woods", "Dense Forest", True, None), ("woods", "Birdsong", False, None)), 2),  # not hindering
])
def test_entering_hindering_terrain_is_two_per_hindering_aspect(aspects, difficulty):
    battle = fight(CLEAR_WOODS, aspects=aspects)
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", path=("woods",))
    assert battle.game.contest.difficulty == difficulty and battle.game.contest.defence is None


def test_entering_terrain_moves_on_a_tie_and_not_on_a_fail():
    battle = fight(CLEAR_WOODS)
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=(-1, 0, 0, 0), path=("woods",))  # 1 + 1 (Sir Ana) - 1 = 1 < 2
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow"
    battle.undo()
    battle.undo()
    roll(battle, "enter", "u1", "athletics", path=("woods",))  # 2 = 2: a tie
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "woods" and battle.game.zone_of("l1") == "woods"


def test_entering_a_zone_without_obstacle_is_no_overcome():
    battle = fight(CLEAR_WOODS)
    act(battle, "u1")
    refused(battle, a_roll(battle, "enter", "u1", "athletics", path=("hill",)), "Hill")
    refused(battle, a_roll(battle, "enter", "u1", "athletics", path=("woods", "ford")))


def test_entering_an_enemy_zone_one_enemy_defends_with_one_per_other_ally():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "meadow"})
    act(battle, "u1")
    refused(battle, a_roll(battle, "enter", "u1", "athletics", path=("meadow",)), "Meadow")  # someone defends
    refused(battle, a_roll(battle, "enter", "u1", "athletics", path=("meadow",), defender="u2", defence_skill="athletics"), "Meadow")
    roll(battle, "enter", "u1", "athletics", path=("meadow",), defender="u3", defence_skill="athletics")
    defence = battle.game.contest.defence
    assert defence.who == "u3" and bonus(defence, "allies") == 1 and defence.total == 3  # Athletics 2 + the Goblins
    battle.record(ev.Resolve())  # 2 against 3
    assert battle.game.zone_of("u1") == "hill"


def test_entering_enemies_in_hindering_terrain_the_gm_may_apply_the_terrain_instead():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "hill"})
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", path=("woods",))  # no defender named: the Dense Forest opposes
    contest = battle.game.contest
    assert contest.defence is None and contest.difficulty == 2
    assert [n.key for n in battle.game.notes][-1] == "fate.note.terrain_instead"
    battle.undo()
    roll(battle, "enter", "u1", "athletics", path=("woods",), defender="u3", defence_skill="athletics")
    assert battle.game.contest.defence.who == "u3" and battle.game.contest.difficulty == 0


def test_a_lone_defender_gets_no_ally_bonus_and_a_win_moves_in():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=HIGH, path=("meadow",), defender="u3", defence_skill="athletics")
    assert battle.game.contest.defence.bonuses == ()
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow"


# -- overcome: moving farther ------------------------------------------------------------------

OPEN = {"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}


def _dash(faces, path=("meadow", "ford")) -> FateBattle:
    battle = fight(OPEN)
    act(battle, "u1")
    roll(battle, "dash", "u1", "athletics", faces=faces, path=path, aspect="Quick March")
    return battle


def test_a_dash_with_style_moves_two_zones_when_the_boost_is_forgone():
    battle = _dash((1, 1, 1, 0))  # 2 + 3 against Mediocre (+0): three shifts
    battle.record(ev.Resolve(distance=2))
    assert battle.game.zone_of("u1") == "ford"
    assert not [a for a in battle.game.aspects if a.kind == "boost"]


def test_a_dash_with_style_keeping_the_boost_moves_one_zone():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow"
    boost = aspect_named(battle, "Quick March")
    assert boost.kind == "boost" and boost.holder == 0 and boost.on == "u1"


@pytest.mark.parametrize(("faces", "zone"), [((-1, -1, 0, 0), "meadow"), ((-1, 0, 0, 0), "meadow"), ((-1, -1, -1, 0), "hill")])
def test_a_dash_moves_one_zone_on_a_tie_or_success_and_none_on_a_fail(faces, zone):
    battle = _dash(faces)
    battle.record(ev.Resolve(distance=2))  # not with style: one zone at most
    assert battle.game.zone_of("u1") == zone


def test_a_dash_goes_through_obstacle_free_zones_only():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "ford", "u4": "ford"})
    act(battle, "u1")
    refused(battle, a_roll(battle, "dash", "u1", "athletics", path=("meadow", "woods")), "Woods")  # Dense Forest
    refused(battle, a_roll(battle, "dash", "u1", "athletics", path=("meadow", "ford")), "Ford")  # the Orcs
    refused(battle, a_roll(battle, "dash", "u1", "athletics", path=("ford",)), "Ford")  # not adjacent
    refused(battle, a_roll(battle, "dash", "u1", "athletics", path=()))


# -- Pinned Down ---------------------------------------------------------------------------

PIN_PLACES = {"u1": "meadow", "u2": "woods", "u3": "woods", "u4": "hill"}


def _pinned(faces=(1, 1, 0, 0)) -> FateBattle:
    """The Goblins (on the Hill) pin the Pikes (in the Meadow) down."""
    battle = fight(PIN_PLACES, first=1)
    act(battle, "u4")
    roll(battle, "advantage", "u4", "shoot", faces=faces, use="pinned_down", target="u1", aspect="Pinned Down")
    battle.record(ev.Resolve())
    end(battle)
    return battle


def test_pinning_down_uses_shoot_and_holds_the_unit_in_place():
    battle = fight(PIN_PLACES, first=1)
    act(battle, "u4")
    refused(battle, a_roll(battle, "advantage", "u4", "provoke", use="pinned_down", target="u1", aspect="Pinned Down"), "Shoot")
    battle = _pinned()
    pin = aspect_named(battle, "Pinned Down")
    assert pin.kind == "pinned_down" and pin.on == "u1" and pin.by == "u4" and pin.free == (0, 1)
    act(battle, "u1")
    refused(battle, ev.Move(to="ford"), "Pikes")
    refused(battle, a_roll(battle, "dash", "u1", "athletics", path=("ford",)), "Pikes")
    refused(battle, a_roll(battle, "enter", "u1", "athletics", path=("woods",), defender="u3", defence_skill="athletics"), "Pikes")


def test_breaking_a_pin_is_opposed_by_the_shooters_shoot_and_removes_it():
    battle = _pinned()
    act(battle, "u1")
    # the shooter defends whoever is named
    roll(battle, "break_pin", "u1", "athletics", faces=(1, 0, 0, 0), path=("ford",), defender="u2", defence_skill="stealth")
    defence = battle.game.contest.defence
    assert defence.who == "u4" and defence.skill == "shoot" and defence.total == 1
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "ford" and not [a for a in battle.game.aspects if a.kind == "pinned_down"]


def test_a_pin_broken_into_a_zone_with_its_own_obstacle_is_one_overcome():
    # Issue 16, item 8: the Woods hold the Orcs and the Dense Forest; one roll
    # against the shooter's Shoot, the terrain and the enemy added to it
    battle = _pinned()
    act(battle, "u1")
    roll(battle, "break_pin", "u1", "athletics", faces=HIGH, path=("woods",), defender="u4", defence_skill="shoot")
    defence = battle.game.contest.defence
    assert defence.who == "u4" and bonus(defence, "terrain") == 2 and bonus(defence, "zone_enemies") == 1
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "woods" and not [a for a in battle.game.aspects if a.kind == "pinned_down"]


def test_a_failed_break_keeps_the_pin_and_the_unit():
    battle = _pinned()
    act(battle, "u1")
    roll(battle, "break_pin", "u1", "athletics", faces=LOW, path=("ford",), defender="u4", defence_skill="shoot")
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow" and aspect_named(battle, "Pinned Down")


def test_the_battle_rolls_the_shooters_defence_when_breaking_a_pin():
    battle = _pinned()
    act(battle, "u1")
    battle.roll("break_pin", "u1", "athletics", path=("ford",))  # seeded dice, no defender named
    defence = battle.game.contest.defence
    assert defence.who == "u4" and len(defence.faces) == 4


def test_only_a_pinned_unit_breaks_a_pin():
    battle = fight(PIN_PLACES)
    act(battle, "u1")
    refused(battle, a_roll(battle, "break_pin", "u1", "athletics", path=("ford",)), "Pikes")


def _round(battle: FateBattle, *actors: str) -> None:
    for actor in actors:
        act(battle, actor)
        end(battle)


def test_a_pin_lapses_at_the_end_of_the_shooters_next_activation():
    battle = _pinned()
    _round(battle, "u1", "u3", "u2")
    assert battle.game.round == 2 and aspect_named(battle, "Pinned Down")
    act(battle, "u4")
    end(battle)
    assert not [a for a in battle.game.aspects if a.kind == "pinned_down"]


def test_keeping_a_pin_up_takes_the_shooters_action():
    battle = _pinned()
    _round(battle, "u1", "u3", "u2")
    act(battle, "u4")
    pin = aspect_named(battle, "Pinned Down")
    battle.record(ev.Advantage(action="maintain", by="u4", target=pin.id))
    assert battle.game.activation.actions == ("advantage",)
    refused(battle, ev.Advantage(action="maintain", by="u4", target=pin.id))
    refused(battle, a_roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics"), "second")
    end(battle)
    assert aspect_named(battle, "Pinned Down")
    _round(battle, "u1", "u3", "u2")
    _round(battle, "u4")
    assert not [a for a in battle.game.aspects if a.kind == "pinned_down"]


def test_only_the_shooter_keeps_its_pin_up():
    battle = _pinned()
    act(battle, "u1")
    refused(battle, ev.Advantage(action="maintain", by="u1", target=aspect_named(battle, "Pinned Down").id))


# -- attacks -------------------------------------------------------------------------------


def test_fight_in_the_same_zone_shoot_next_door_and_shoot_two_zones_away_at_plus_two():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1)
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="fight"), "Fight")
    roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="fight")
    assert battle.game.contest.defence.bonuses == (("leader:l1", 1),)
    battle.record(ev.Resolve())  # 3 against 3: a miss
    assert battle.game.activation is None
    _round(battle, "u1")
    act(battle, "u4")
    refused(battle, a_roll(battle, "attack", "u4", "fight", target="u1", defender="u1", defence_skill="athletics"), "Shoot")
    roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics")
    assert bonus(battle.game.contest.defence, "range") is None
    battle.undo()
    roll(battle, "attack", "u4", "shoot", target="u2", defender="u2", defence_skill="athletics")
    assert bonus(battle.game.contest.defence, "range") == 2 and battle.game.contest.defence.total == 2


def test_beyond_two_zones_is_out_of_range():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "marsh"}, zones=(*ZONES, MARSH), first=1)
    act(battle, "u4")
    refused(battle, a_roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics"), "Pikes", "2")
    refused(battle, a_roll(battle, "advantage", "u4", "shoot", use="pinned_down", target="u1", aspect="Pinned Down"), "Pikes")


def test_provoke_never_attacks():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1)
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "provoke", target="u1", defender="u1", defence_skill="will"), "Provoke")


def _variant(**attack) -> object:
    return RULES.model_copy(update={"attack": RULES.attack.model_copy(update=attack)})


def test_the_shoot_only_variant_makes_every_attack_shoot():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1, ruleset=_variant(shoot_only=True))
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="athletics"), "Shoot")
    roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics")
    assert battle.game.contest.active.skill == "shoot"


def test_the_will_defends_against_shoot_variant():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1, ruleset=_variant(shoot_defence_skill="will"))
    act(battle, "u4")
    refused(battle, a_roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics"), "Will")
    roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="will")
    assert battle.game.contest.defence.skill == "will"
    battle.record(ev.Resolve())
    _round(battle, "u1")
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="athletics")  # Fight is defended as usual


def test_surrounded_needs_more_allies_than_enemies_and_gives_allied_attacks_plus_one():
    battle = fight({"u1": "meadow", "u2": "meadow", "u3": "woods", "u4": "meadow"})
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))
    battle.record(ev.Advantage(action="surround", by="u1"))
    surrounded = aspect_named(battle, "Surrounded")
    assert surrounded.on == "meadow" and surrounded.holder == 0 and battle.game.activation.actions == ("advantage",)
    roll(battle, "attack", "u1", "fight", target="u4", defender="u4", defence_skill="athletics")
    assert bonus(battle.game.contest.active, "surrounded") == 1
    battle.record(ev.Resolve(taken_out=True))
    # the Goblins are gone; the Orcs come in and get nothing from it
    act(battle, "u3")
    battle.record(ev.SecondAction(source="leader"))
    roll(battle, "enter", "u3", "athletics", faces=HIGH, path=("meadow",), defender="u2", defence_skill="athletics")
    battle.record(ev.Resolve())
    roll(battle, "attack", "u3", "fight", target="u2", defender="u2", defence_skill="athletics")
    assert bonus(battle.game.contest.active, "surrounded") is None


def test_surrounded_is_refused_without_more_allies_than_enemies():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "meadow"})
    act(battle, "u1")
    refused(battle, ev.Advantage(action="surround", by="u1"), "Meadow")


def test_surrounded_needs_an_enemy_in_the_zone():
    battle = fight({"u1": "meadow", "u2": "meadow", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    refused(battle, ev.Advantage(action="surround", by="u1"), "Meadow", "enemy")


def test_only_leaders_attack_leaders():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    refused(battle, a_roll(battle, "attack", "u1", "fight", target="l2", defender="l2", defence_skill="fight"))
    refused(battle, a_roll(battle, "leader_attack", "l1", "fight", target="u3", defender="u3", defence_skill="fight"))
    roll(battle, "leader_attack", "l1", "fight", faces=HIGH, target="l2", defender="l2", defence_skill="fight")
    assert battle.game.contest.active.total == 7 and battle.game.contest.defence.total == 3
    battle.record(ev.Resolve(taken_out=True))
    game = battle.game
    assert game.place("l2") == Place(zone="meadow", out=True, by=0)
    assert game.leader_of("u3") is None and game.activation is None  # an attack ends the turn
    assert awards(game) == (1, 0)  # the battle goes on; Ana has a leader to her credit


# -- creating advantages -------------------------------------------------------------------


def _ambushed(faces):
    """The Scouts (u2) set "It's a Trap!" on the Hill with ``faces``."""
    battle = fight(OPEN)
    _round(battle, "u1", "u3")
    act(battle, "u2")
    roll(battle, "advantage", "u2", "stealth", faces=faces, use="ambush", aspect="It's a Trap!")
    battle.record(ev.Resolve())
    return battle


@pytest.mark.parametrize(("faces", "free"), [((1, 1, 0, 0), 1), (HIGH, 2)])
def test_an_ambush_puts_an_aspect_with_free_invokes_for_the_creator(faces, free):
    battle = _ambushed(faces)
    trap = aspect_named(battle, "It's a Trap!")
    assert trap.on == "hill" and trap.free == (free, 0) and trap.kind == "advantage"


def test_a_tied_advantage_gives_a_boost_instead():
    battle = fight(OPEN)
    _round(battle, "u1", "u3")
    act(battle, "u2")
    roll(battle, "advantage", "u2", "stealth", faces=(1, 0, 0, 0), use="ambush", aspect="It's a Trap!")  # 2 = Fair
    battle.record(ev.Resolve())
    boost = aspect_named(battle, "It's a Trap!")
    assert boost.kind == "boost" and boost.holder == 0


def test_no_ambush_with_an_enemy_in_the_zone_and_only_with_stealth():
    battle = fight({"u1": "hill", "u2": "meadow", "u3": "meadow", "u4": "woods"})
    _round(battle, "u1", "u3")
    act(battle, "u2")
    refused(battle, a_roll(battle, "advantage", "u2", "stealth", use="ambush", aspect="It's a Trap!"), "enemy")
    battle = fight(OPEN)
    _round(battle, "u1", "u3")
    act(battle, "u2")
    refused(battle, a_roll(battle, "advantage", "u2", "fight", use="ambush", aspect="It's a Trap!"), "Stealth")


def test_intimidating_uses_provoke_on_an_enemy_unit():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1)
    act(battle, "u3")
    refused(battle, a_roll(battle, "advantage", "u3", "fight", use="intimidate", target="u1", aspect="Hesitant"), "Provoke")
    refused(battle, a_roll(battle, "advantage", "u3", "provoke", use="intimidate", target="u4", aspect="Hesitant"), "Goblin")
    roll(battle, "advantage", "u3", "provoke", faces=(1, 0, 0, 0), use="intimidate", target="u1", aspect="Hesitant")
    assert battle.game.contest.active.total == 3  # Provoke 1 + Grak's +1 + 1
    battle.record(ev.Resolve())
    hesitant = aspect_named(battle, "Hesitant")
    assert hesitant.on == "u1" and hesitant.free == (0, 1)


def test_scouting_an_adjacent_empty_zone_is_fair_plus_two_per_aspect_there():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"})
    act(battle, "u1")
    refused(battle, a_roll(battle, "advantage", "u1", "notice", use="scouting", target="ford", aspect="Shallows"), "Ford")  # occupied
    refused(battle, a_roll(battle, "advantage", "u1", "stealth", use="scouting", target="woods", aspect="Deer Path"), "Notice")
    roll(battle, "advantage", "u1", "notice", faces=(1, 1, 0, 0), use="scouting", target="woods", aspect="Deer Path")
    assert battle.game.contest.difficulty == 4  # Fair, +2 for Dense Forest
    battle.record(ev.Resolve())  # 2 + 2 = 4: a tie, a boost on the zone
    assert aspect_named(battle, "Deer Path").kind == "boost"
    end(battle)
    _round(battle, "u3", "u2", "u4")
    act(battle, "u1")
    refused(battle, a_roll(battle, "advantage", "u1", "notice", use="scouting", target="meadow", aspect="Deer Path"))  # its own zone


def test_scouting_a_zone_two_away_is_refused():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "ford", "u4": "ford"})
    act(battle, "u1")
    refused(battle, a_roll(battle, "advantage", "u1", "notice", use="scouting", target="woods", aspect="Deer Path"), "Woods")


# -- invokes --------------------------------------------------------------------------------


def _attack_on_orcs(**places) -> FateBattle:
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods", **places})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight")
    return battle


def test_an_invoke_for_a_fate_point_adds_two_once_per_aspect():
    battle = _attack_on_orcs()
    line = aspect_named(battle, "Hold the Line")
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id))
    assert battle.game.fate_points == (0, 1)
    assert bonus(battle.game.contest.active, f"invoke:{line.id}") == 2 and battle.game.contest.active.total == 5
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id), "Hold the Line")
    name = aspect_named(battle, "Pikes of Brannock")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=name.id), "Ana")  # no fate point left


def test_a_reroll_replaces_the_faces():
    battle = _attack_on_orcs()
    line = aspect_named(battle, "Hold the Line")
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id, reroll=True, faces=HIGH))
    active = battle.game.contest.active
    assert active.faces == HIGH and active.total == 7 and active.invoked == (line.id,)


def test_the_defender_invokes_on_the_defence():
    battle = _attack_on_orcs()
    iron = aspect_named(battle, "Iron Discipline")
    battle.record(ev.Invoke(counter=battle.game.counter, roll="defence", aspect=iron.id))
    assert battle.game.contest.defence.total == 5 and battle.game.fate_points == (1, 0)


def test_a_free_invoke_is_spent_by_its_side_only():
    battle = fight(OPEN)
    _round(battle, "u1", "u3")
    act(battle, "u2")
    roll(battle, "advantage", "u2", "stealth", faces=(1, 1, 0, 0), use="ambush", aspect="It's a Trap!")
    battle.record(ev.Resolve())
    trap = aspect_named(battle, "It's a Trap!")
    battle.record(ev.SecondAction(source="fate_point"))
    roll(battle, "dash", "u2", "stealth", path=("meadow",))
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=trap.id, free=True))
    assert aspect_named(battle, "It's a Trap!").free == (0, 0) and battle.game.fate_points == (0, 1)
    battle.record(ev.Resolve())
    end(battle)
    act(battle, "u4")
    roll(battle, "attack", "u4", "shoot", target="u2", defender="u2", defence_skill="stealth")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=trap.id, free=True), "It's a Trap!")


def test_a_boost_is_free_once_then_gone_and_only_for_its_side():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())  # the Pikes keep the boost Quick March
    boost = aspect_named(battle, "Quick March")
    battle.record(ev.SecondAction(source="leader"))
    roll(battle, "advantage", "u1", "notice", use="scouting", target="ford", aspect="Shallows")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=boost.id), "free")
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=boost.id, free=True))
    assert battle.game.aspect(boost.id) is None and battle.game.contest.active.total == 4  # Notice 1 + Sir Ana + 2
    assert battle.game.fate_points == (1, 1)


def test_free_invokes_stack_on_one_roll_and_one_paid_invoke_besides():
    # RULES-NOTES (Fate Core): several free invokes of one aspect on one roll, plus one paid
    battle = _ambushed(HIGH)
    trap = aspect_named(battle, "It's a Trap!")
    assert trap.free == (2, 0)
    battle.record(ev.SecondAction(source="fate_point"))
    roll(battle, "dash", "u2", "stealth", path=("meadow",))
    before = battle.game.contest.active.total
    for _ in range(2):
        battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=trap.id, free=True))
    assert battle.game.contest.active.total == before + 4 and aspect_named(battle, "It's a Trap!").free == (0, 0)
    assert battle.game.contest.active.invoked == (trap.id, trap.id)


def test_a_paid_invoke_only_once_per_aspect_and_roll():
    battle = _attack_on_orcs()
    line = aspect_named(battle, "Hold the Line")
    from tui.core.frozen import replace as _replace
    battle.history = type(battle.history)(battle.history.events, battle.history.cursor, (*battle.history.states[:-1], _replace(battle.game, fate_points=(3, 1))))
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id))
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id), "already invoked for a fate point")
    assert battle.game.contest.active.paid == (line.id,)


def test_a_boost_belongs_to_the_unit_that_earned_it_not_its_whole_side():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())  # u1's boost Quick March
    boost = aspect_named(battle, "Quick March")
    assert boost.by == "u1"
    end(battle)
    _round(battle, "u3")
    act(battle, "u2")  # the other Pikes unit may not use it
    roll(battle, "advantage", "u2", "stealth", use="ambush", aspect="Hidden")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=boost.id, free=True), "only they may invoke it")


def test_the_other_side_cannot_invoke_a_boost():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())
    boost = aspect_named(battle, "Quick March")
    end(battle)
    act(battle, "u3")
    roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=boost.id, free=True), "Quick March")


def test_a_leaders_aspects_help_the_leader_and_their_unit_only():
    scouts = SCOUTS.model_copy(update={"skills": {"fight": 1}})
    ana = ANA.model_copy(update={"units": (PIKES, scouts)})
    battle = fight({"u1": "meadow", "u2": "meadow", "u3": "meadow", "u4": "woods"}, players=(ana, GM))
    knight = aspect_named(battle, "Knight of the Vale")
    _round(battle, "u1", "u3")
    act(battle, "u2")
    roll(battle, "attack", "u2", "fight", target="u3", defender="u3", defence_skill="fight")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="action", aspect=knight.id), "Sir Ana")
    battle = _attack_on_orcs()
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=knight.id))
    assert bonus(battle.game.contest.active, f"invoke:{knight.id}") == 2


def test_a_hidden_aspect_cannot_be_invoked():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, aspects=(("ford", "Quicksand", True, 1),))
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight")
    quicksand = next(a for a in battle.game.aspects if a.text == "Quicksand")
    refused(battle, ev.Invoke(counter=battle.game.counter, roll="defence", aspect=quicksand.id), "hidden")


# -- consequences ----------------------------------------------------------------------------


def test_the_cheapest_absorb_by_quality():
    game = fight(OPEN).game
    assert cheapest_absorb(game, "u2", 1) is None  # Average: no consequences
    assert cheapest_absorb(game, "u1", 2) == ("mild",) and cheapest_absorb(game, "u1", 3) is None
    expected = {1: ("mild",), 2: ("mild",), 3: ("moderate",), 4: ("moderate",), 5: ("mild", "moderate"), 6: ("mild", "moderate"), 7: None}
    assert {n: cheapest_absorb(game, "u3", n) for n in expected} == expected
    assert cheapest_absorb(game, "l1", 7) == ("mild", "severe")  # leaders are Fate Core characters


def _hit(target: str, faces, defender_skill="athletics", first=1, places=None) -> FateBattle:
    places = places or {"u1": "meadow", "u2": "meadow", "u3": "meadow", "u4": "woods"}
    battle = fight(places, first=first)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=faces, target=target, defender=target, defence_skill=defender_skill)
    return battle


def test_any_hit_takes_an_average_unit_out():
    battle = _hit("u2", (-1, -1, 0, 0))  # Fight 3 - 2 against Athletics 0: one shift
    assert battle.game.contest.shifts == 1
    refused(battle, ev.Resolve(absorb=("mild",), names=("Bruised",)), "Hill Scouts")
    refused(battle, ev.Resolve(), "Hill Scouts")
    battle.record(ev.Resolve(taken_out=True))
    assert battle.game.place("u2").out and battle.game.activation is None


def test_a_fair_unit_soaks_two_shifts_with_its_mild_consequence():
    battle = _hit("u1", (1, 0, 0, 0), defender_skill="fight")  # 4 against 3 (Fight 2 + Sir Ana)
    refused(battle, ev.Resolve(absorb=("mild",)))  # name it
    refused(battle, ev.Resolve(absorb=("moderate",), names=("Shaken",)), "Pikes")  # a Fair unit has none
    battle.record(ev.Resolve(absorb=("mild",), names=("Shaken",)))
    shaken = aspect_named(battle, "Shaken")
    assert shaken.kind == "consequence" and shaken.slot == "mild" and shaken.on == "u1"
    assert shaken.free == (0, 1)  # one free invoke for the side that dealt it
    assert battle.game.free_slots("u1") == ()


def test_too_many_shifts_for_the_consequences_left_take_the_unit_out():
    battle = _hit("u1", HIGH, defender_skill="fight")  # 7 against 3
    refused(battle, ev.Resolve(absorb=("mild",), names=("Shaken",)), "Pikes", "4", "2")
    battle.record(ev.Resolve(taken_out=True))
    game = battle.game
    assert game.place("u1").out and game.place("l1") == Place(zone="meadow")  # Sir Ana stays, alone
    assert "l1" in game.actors(0) and not game.aspects_on("u1", hidden=None)


def test_a_good_unit_may_pick_a_dearer_slot_or_both():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", faces=(1, 0, 0, 0), target="u3", defender="u3", defence_skill="fight")  # 4 against 3
    assert cheapest_absorb(battle.game, "u3", battle.game.contest.shifts) == ("mild",)
    battle.record(ev.Resolve(absorb=("moderate",), names=("Broken Shields",)))
    assert battle.game.free_slots("u3") == ("mild",) and aspect_named(battle, "Broken Shields").free == (1, 0)


def test_a_miss_takes_no_consequence():
    battle = _hit("u1", LOW, defender_skill="fight")
    refused(battle, ev.Resolve(taken_out=True))
    battle.record(ev.Resolve())
    assert not battle.game.place("u1").out


# -- leaders ---------------------------------------------------------------------------------


def test_a_leader_adds_one_to_unit_skills_rated_below_their_will():
    game = fight(OPEN).game
    assert game.rating("u1", "fight") == (2, (("leader:l1", 1),))  # Fight 2 < Will 4
    assert game.rating("u3", "fight") == (3, ())  # Grak's Will is 2
    assert game.rating("u3", "shoot") == (2, ())  # equal: no bonus
    assert game.rating("u3", "provoke") == (1, (("leader:l2", 1),))
    assert game.rating("u2", "stealth") == (1, ())  # no leader


def test_the_bonus_goes_with_the_leader():
    battle = fight(OPEN)
    act(battle, "u1")
    battle.record(ev.Detach(leader="l1"))
    assert battle.game.rating("u1", "fight") == (2, ()) and battle.game.place("l1") == Place(zone="hill")


def _wounded(slot="mild") -> FateBattle:
    """The Orcs wound the Pikes; Ana's turn with the Pikes."""
    battle = _hit("u1", (1, 0, 0, 0), defender_skill="fight")
    battle.record(ev.Resolve(absorb=(slot,), names=("Shaken",)))
    act(battle, "u1")
    return battle


def test_removing_a_consequence_is_will_against_its_recovery_and_the_leaders_action():
    battle = _wounded()
    shaken = aspect_named(battle, "Shaken")
    refused(battle, a_roll(battle, "recover", "l1", "fight", target=shaken.id), "Will")
    refused(battle, a_roll(battle, "recover", "u1", "will", target=shaken.id))  # the leader does it
    roll(battle, "recover", "l1", "will", faces=(-1, -1, 0, 0), target=shaken.id)
    assert battle.game.contest.difficulty == 2 and battle.game.activation.leader_acted
    assert battle.game.activation.actions == ()  # the unit keeps its own action
    battle.record(ev.Resolve())  # 4 - 2 = 2: a tie removes it
    assert battle.game.aspect(shaken.id) is None
    refused(battle, ev.SecondAction(source="leader"), "Sir Ana")


def test_a_moderate_consequence_is_harder_to_remove():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", faces=(1, 1, 1, 0), target="u3", defender="u3", defence_skill="fight")  # 6 against 3
    battle.record(ev.Resolve(absorb=("moderate",), names=("Broken Shields",)))
    act(battle, "u3")
    broken = aspect_named(battle, "Broken Shields")
    roll(battle, "recover", "l2", "will", faces=(1, 1, 0, 0), target=broken.id)  # Grak: Will 2 + 2 = 4
    assert battle.game.contest.difficulty == 4
    battle.record(ev.Resolve())
    assert battle.game.aspect(broken.id) is None


def test_the_leaders_boost_needs_no_roll_without_consequences():
    battle = fight(OPEN)
    act(battle, "u1")
    refused(battle, a_roll(battle, "rally", "l1", "will", aspect="Charge!"))
    battle.record(ev.Advantage(action="rally", by="l1", aspect="Charge!"))
    charge = aspect_named(battle, "Charge!")
    assert charge.kind == "boost" and charge.on == "u1" and charge.holder == 0
    assert battle.game.activation.leader_acted and battle.game.activation.actions == ()
    refused(battle, ev.SecondAction(source="leader"), "Sir Ana")


def test_the_leaders_boost_rolls_will_against_twice_the_consequences():
    battle = _wounded()
    refused(battle, ev.Advantage(action="rally", by="l1", aspect="Charge!"))
    roll(battle, "rally", "l1", "will", faces=(-1, -1, -1, 0), target="u1", aspect="Charge!")
    assert battle.game.contest.difficulty == 2
    battle.record(ev.Resolve())  # 4 - 3 = 1: a fail
    assert not [a for a in battle.game.aspects if a.text == "Charge!"]


def test_attaching_and_detaching_take_no_action_but_not_both_in_a_turn():
    battle = fight(OPEN)
    act(battle, "u1")
    battle.record(ev.Detach(leader="l1"))
    refused(battle, ev.Attach(leader="l1", unit="u1"), "Sir Ana")
    refused(battle, ev.Attach(leader="l1", unit="u2"))
    assert battle.game.activation.actions == () and not battle.game.activation.leader_acted
    roll(battle, "dash", "u1", "athletics", path=("meadow",))
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow" and battle.game.zone_of("l1") == "hill"


def test_a_leader_joins_a_unit_in_the_same_zone_only():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "woods", "l1": "hill"}, attach=(("l2", "u3"),))
    act(battle, "l1")
    refused(battle, ev.Attach(leader="l1", unit="u1"), "Sir Ana", "Pikes")
    refused(battle, ev.Attach(leader="l1", unit="u3"), "Sir Ana")  # not her player's
    battle.record(ev.Attach(leader="l1", unit="u2"))
    assert battle.game.leader_of("u2") == "l1" and battle.game.rating("u2", "stealth") == (1, (("leader:l1", 1),))


def test_an_independent_leader_cannot_affect_units():
    battle = fight({"u1": "meadow", "u2": "meadow", "u3": "meadow", "u4": "woods", "l1": "meadow"}, attach=(("l2", "u3"),))
    act(battle, "l1")
    refused(battle, a_roll(battle, "advantage", "l1", "provoke", use="intimidate", target="u3", aspect="Hesitant"), "Sir Ana")
    refused(battle, a_roll(battle, "advantage", "l1", "shoot", use="pinned_down", target="u3", aspect="Pinned Down"), "Sir Ana")
    refused(battle, ev.Advantage(action="surround", by="l1"), "Sir Ana")
    refused(battle, a_roll(battle, "attack", "l1", "fight", target="u3", defender="u3", defence_skill="fight"))
    roll(battle, "leader_attack", "l1", "fight", target="l2", defender="l2", defence_skill="fight")  # leaders, yes


def test_a_roll_with_a_skill_the_ruleset_lacks_is_refused():
    battle = fight(OPEN)
    act(battle, "u1")
    refused(battle, a_roll(battle, "dash", "u1", "hacking", path=("meadow",)), "hacking")
    refused(battle, a_roll(battle, "advantage", "u1", "fight", target="hill", aspect="Shield Wall", defender="u3", defence_skill="hacking"), "hacking")


def test_a_tied_attack_gives_the_attacker_a_boost():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight", aspect="Momentum")  # 3 against 3
    battle.record(ev.Resolve())
    momentum = aspect_named(battle, "Momentum")
    assert momentum.kind == "boost" and momentum.holder == 0 and not battle.game.consequences_of("u3")


def test_a_skill_not_on_the_card_rolls_at_mediocre_unless_a_house_rule_says_otherwise():
    """RULES-NOTES (settled after the second audit): a skill not on a unit's
    card is rolled at Mediocre (+0), as in Fate Core; the ruleset switch
    listed_skills_only stays, off by default (a house rule)."""
    assert RULES.actions.listed_skills_only is False
    battle = fight({"u1": "hill", "u2": "meadow", "u3": "meadow", "u4": "woods"})
    act(battle, "u2")  # the Scouts: Stealth only, the Orcs beside them
    roll(battle, "attack", "u2", "fight", target="u3", defender="u3", defence_skill="fight")
    assert battle.game.contest.active.rating == 0
    # the house rule on: only the card's skills
    strict = RULES.model_copy(update={"actions": RULES.actions.model_copy(update={"listed_skills_only": True})})
    battle = fight({"u1": "hill", "u2": "meadow", "u3": "meadow", "u4": "woods"}, ruleset=strict)
    act(battle, "u2")
    refused(battle, a_roll(battle, "attack", "u2", "fight", target="u3", defender="u3", defence_skill="fight"), "Hill Scouts has no Fight")
    assert battle.step_refusal(a_roll(battle, "attack", "u2", "fight", target="u3", defender="u3", defence_skill="fight")).startswith("Hill Scouts has no Fight")


def test_a_saved_roll_of_an_unlisted_skill_still_replays():
    """A battle with a skill rolled off the card opens as it was played, even
    under the house rule (its refusal applies to new steps only)."""
    from tui.core.systems.fate.battle import FateBattle as Battle

    battle = fight({"u1": "hill", "u2": "meadow", "u3": "meadow", "u4": "woods"})
    act(battle, "u2")
    roll(battle, "attack", "u2", "fight", target="u3", defender="u3", defence_skill="fight")
    strict = RULES.model_copy(update={"actions": RULES.actions.model_copy(update={"listed_skills_only": True})})
    replayed = Battle.replayed(battle.to_file(), Battle.initial_state(battle.meta, strict))
    assert replayed.state.contest is not None and replayed.state.contest.active.skill == "fight"
