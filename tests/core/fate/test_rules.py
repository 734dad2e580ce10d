"""Fate: This Means War, the muster and the frame of a battle: costs and
quality limits, the battlefield laid in turn with hidden aspects, initiative,
activations and rounds, the action economy, the end and awards, undo/redo,
save round trips and German messages (tui/core/systems/fate/*).

The fights themselves (overcome, attack, advantages, invokes, consequences,
leaders) are in test_fate_battle.py. Board geometry (fate_kit): Hill – Meadow
– Woods in a row, Ford below the Meadow.
"""

from __future__ import annotations

import pytest

from tests.core.fate.kit import ANA, GM, GOBLINS, GRAK, ORCS, PIKES, RULES, SCOUTS, SIR_ANA, ZONES, deployed, ev, in_battle, laid_out, mustered, roll
from tui.core.maps.zones import Zone
from tui.core.errors import BoardError, ForcesError, MassCombatError, RuleViolation
from tui.core.i18n import set_language
from tui.core.systems.fate.battle import FateBattle, FateBattleFile
from tui.core.systems.fate.forces import Player, Unit, check_player, check_unit, left, spent, unit_cost, zones_rule_of_thumb
from tui.core.systems.fate.state import Place
from tui.core.systems.fate.turns import awards


def refused(battle: FateBattle, event, *words: str) -> str:
    """The rules refuse ``event`` with one line naming ``words``; nothing changes."""
    before = battle.game
    with pytest.raises(RuleViolation) as caught:
        battle.record(event)
    message = str(caught.value)
    assert "\n" not in message and message.strip() == message and message
    for word in words:
        assert word in message, (word, message)
    assert battle.game is before
    return message


def end(battle: FateBattle) -> None:
    battle.record(ev.EndActivation())


def act(battle: FateBattle, actor: str) -> None:
    battle.record(ev.Activate(actor=actor))


# -- costs and quality limits ---------------------------------------------------------


def test_units_cost_one_two_three_and_a_fate_point_three_build_points():
    assert [unit_cost(u, RULES) for u in (SCOUTS, PIKES, ORCS)] == [1, 2, 3]
    assert RULES.battle_chest.fate_point_cost == 3
    # Ana: Fair Pikes 2 + Average Scouts 1 + one fate point 3
    assert spent(ANA, RULES) == 6 and left(ANA, RULES) == 4
    assert spent(GM, RULES) == 7 and left(GM, RULES) == 3


def test_overspending_the_battle_chest_is_refused_naming_the_player():
    greedy = ANA.model_copy(update={"name": "Bea", "chest": 5})
    with pytest.raises(ForcesError) as caught:
        check_player(greedy, RULES)
    message = str(caught.value)
    assert "Bea" in message and "\n" not in message and "5" in message and "6" in message
    with pytest.raises(ForcesError):
        mustered(players=(greedy, GM))
    # the muster refuses the change and keeps the old one
    battle = mustered()
    refused(battle, ev.SetPlayer(index=0, player=greedy), "Bea")
    assert battle.game.players[0] == ANA


def test_spending_the_whole_chest_exactly_is_fine():
    check_player(ANA.model_copy(update={"chest": 6}), RULES)


@pytest.mark.parametrize(("quality", "skills"), [
    ("average", {"stealth": 1}),
    ("fair", {"fight": 2, "athletics": 1, "notice": 1}),
    ("good", {"fight": 3, "shoot": 2, "athletics": 2, "provoke": 1, "will": 1, "notice": 1}),
])
def test_skill_ratings_exactly_as_the_quality_gives_them(quality, skills):
    check_unit(Unit(key="x", name="Band", quality=quality, skills=skills), RULES)


@pytest.mark.parametrize(("quality", "skills"), [
    ("average", {"stealth": 2}),  # Average has one Average (+1) skill
    ("average", {"stealth": 1, "fight": 1}),  # ... and only one
    ("average", {}),
    ("fair", {"fight": 2, "athletics": 2, "notice": 1}),
    ("fair", {"fight": 2, "athletics": 1}),  # one Average skill short
    ("fair", {"fight": 3, "athletics": 1, "notice": 1}),
    ("good", {"fight": 3, "shoot": 3, "athletics": 2, "provoke": 1, "will": 1, "notice": 1}),
    ("good", {"fight": 3, "shoot": 2, "athletics": 2, "provoke": 1, "will": 1}),
])
def test_skill_ratings_off_the_quality_are_refused(quality, skills):
    with pytest.raises(ForcesError) as caught:
        check_unit(Unit(key="x", name="Band", quality=quality, skills=skills), RULES)
    assert "Band" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("quality", "skills", "extra"), [
    ("average", {"stealth": 1}, 1),
    ("fair", {"fight": 2, "athletics": 1, "notice": 1}, 2),
    ("good", {"fight": 3, "shoot": 2, "athletics": 2, "provoke": 1, "will": 1, "notice": 1}, 3),
])
def test_the_name_is_the_first_aspect_and_one_more_is_refused(quality, skills, extra):
    allowed = tuple(f"Aspect {n}" for n in range(extra - 1))
    unit = Unit(key="x", name="Band", quality=quality, skills=skills, aspects=allowed)
    check_unit(unit, RULES)
    assert unit.all_aspects[0] == "Band"
    with pytest.raises(ForcesError) as caught:
        check_unit(unit.model_copy(update={"aspects": (*allowed, "One Too Many")}), RULES)
    assert "Band" in str(caught.value)


def test_an_unknown_skill_or_quality_is_refused():
    with pytest.raises(ForcesError) as caught:
        check_unit(Unit(key="x", name="Band", quality="average", skills={"hacking": 1}), RULES)
    assert "hacking" in str(caught.value) and "Band" in str(caught.value)
    with pytest.raises(ForcesError) as caught:
        check_unit(Unit(key="x", name="Band", quality="legendary", skills={"fight": 1}), RULES)
    assert "legendary" in str(caught.value)
    with pytest.raises(ForcesError):
        check_player(ANA.model_copy(update={"leaders": (SIR_ANA.model_copy(update={"skills": {"hacking": 3}}),)}), RULES)


def test_a_card_key_used_twice_is_refused():
    twin = GM.model_copy(update={"units": (ORCS, GOBLINS.model_copy(update={"key": "u1"}))})
    with pytest.raises(ForcesError) as caught:
        mustered(players=(ANA, twin))
    assert "u1" in str(caught.value)


def test_leftover_build_points_buy_fate_points_during_the_battle():
    battle = in_battle()
    refused(mustered(), ev.BuyFatePoint(player=0))  # not before the battle
    assert battle.game.fate_points == (1, 1)
    battle.record(ev.BuyFatePoint(player=0))  # Ana has 4 left
    assert battle.game.fate_points == (2, 1) and battle.game.bought == (1, 0)
    message = refused(battle, ev.BuyFatePoint(player=0), "Ana", "1", "3")  # 1 left, a fate point costs 3
    assert battle.game.fate_points == (2, 1)
    battle.record(ev.BuyFatePoint(player=1))  # the GM has exactly 3 left
    refused(battle, ev.BuyFatePoint(player=1), "GM")
    assert battle.game.fate_points == (2, 2) and "Ana" in message


# -- the battlefield ---------------------------------------------------------------------


def _rich_gm(chest: int, fate_points: int = 1) -> Player:
    return GM.model_copy(update={"chest": chest, "fate_points": fate_points})


@pytest.mark.parametrize(("gm", "first"), [
    (_rich_gm(10, fate_points=2), 1),  # more fate points
    (_rich_gm(12), 1),  # same fate points, more build points left (5 to Ana's 4)
    (_rich_gm(11), 0),  # same of both: the list's order
    (_rich_gm(10), 0),  # Ana has more build points left
])
def test_the_first_zone_card_goes_to_the_most_fate_points_then_build_points(gm, first):
    battle = mustered(players=(ANA, gm))
    battle.record(ev.StartBattlefield())
    assert battle.game.placer == first


def test_zone_cards_are_placed_in_turn_each_next_to_one_already_placed():
    battle = mustered()
    battle.record(ev.StartBattlefield())
    battle.record(ev.PlaceZone(player=0, zone=ZONES[0]))
    refused(battle, ev.PlaceZone(player=0, zone=ZONES[1]), "GM", "Ana")
    with pytest.raises(BoardError):
        battle.record(ev.PlaceZone(player=1, zone=Zone(key="far", name="Far Away", col=5, row=5)))
    battle.record(ev.PlaceZone(player=1, zone=ZONES[1]))
    assert battle.game.placer == 0 and [z.key for z in battle.game.board.zones] == ["hill", "meadow"]


def test_the_rule_of_thumb_is_one_zone_more_than_players():
    assert zones_rule_of_thumb((ANA, GM), RULES) == 3
    three = (ANA, GM, ANA.model_copy(update={"name": "Cy"}), ANA.model_copy(update={"name": "Di"}))
    assert zones_rule_of_thumb(three, RULES) == 5


def _placed() -> FateBattle:
    battle = mustered()
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    return battle


def test_a_hidden_zone_aspect_costs_a_fate_point_and_only_goes_on_an_empty_card():
    battle = _placed()
    battle.record(ev.ZoneAspect(zone="ford", text="Quicksand", hinders=True, player=0))
    assert battle.game.fate_points == (0, 1)
    hidden = battle.game.aspects_on("ford", hidden=True)
    assert [a.text for a in hidden] == ["Quicksand"]
    assert battle.game.aspects_on("ford") == ()  # nobody sees it
    refused(battle, ev.ZoneAspect(zone="ford", text="Mud", player=1), "Ford")
    battle.record(ev.ZoneAspect(zone="woods", text="Dense Forest", hinders=True))  # the GM's terrain is free
    refused(battle, ev.ZoneAspect(zone="hill", text="Briars", player=0), "Ana")  # no fate point left
    assert battle.game.fate_points == (0, 1)


def test_hidden_aspects_are_bought_before_the_battle_only():
    battle = in_battle()
    refused(battle, ev.ZoneAspect(zone="ford", text="Quicksand", player=0))


def _hidden_ford(places=None) -> FateBattle:
    battle = _placed()
    battle.record(ev.ZoneAspect(zone="ford", text="Quicksand", player=1))
    battle.record(ev.FinishBattlefield())
    deployed(battle, places=places)
    high, low = (1, 1, 1, 1), (-1, -1, -1, -1)
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=(high, low)))
    return battle


def test_a_hidden_aspect_is_revealed_when_a_unit_moves_in():
    battle = _hidden_ford({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "woods"})
    assert battle.game.aspects_on("ford") == ()
    act(battle, "u1")
    battle.record(ev.Move(to="ford"))
    assert [a.text for a in battle.game.aspects_on("ford")] == ["Quicksand"]


def test_a_hidden_aspect_is_revealed_when_a_unit_enters_by_overcome():
    battle = _hidden_ford({"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=(1, 1, 1, 1), path=("ford",), defender="u3", defence_skill="athletics")
    assert battle.game.aspects_on("ford", hidden=True)  # not yet: the roll is open
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "ford" and not battle.game.aspects_on("ford", hidden=True)


def test_a_hidden_aspect_is_revealed_by_scouting_the_zone():
    battle = _hidden_ford({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "advantage", "u1", "notice", use="scouting", target="ford", aspect="Good Lookout")
    assert [a.text for a in battle.game.aspects_on("ford")] == ["Quicksand"]
    assert battle.game.contest.difficulty == 4  # Fair +2 for the aspect already there


# -- initiative ----------------------------------------------------------------------------


def test_initiative_follows_the_will_rolls():
    assert in_battle(first=0).game.order == (0, 1)
    assert in_battle(first=1).game.order == (1, 0)
    assert in_battle(first=1).game.current_player == 1


def _start(battle: FateBattle, faces, leaders=("l1", "l2")) -> FateBattle:
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=leaders, faces=faces))
    return battle


def test_a_tied_initiative_goes_to_the_higher_will():
    # Sir Ana (Will 4) rolls -2, Grak (Will 2) rolls 0: both 2
    battle = _start(deployed(), ((-1, -1, 0, 0), (0, 0, 0, 0)))
    assert battle.game.initiative == ((2, 4), (2, 2)) and battle.game.order == (0, 1)
    keys = [note.key for note in battle.game.notes]
    assert "fate.note.initiative_tie_skill" in keys  # the log says how the tie was broken


def test_a_tie_on_roll_and_will_goes_to_more_units():
    strong_grak = GRAK.model_copy(update={"skills": {"will": 4}})
    militia = Unit(key="u5", name="Militia", quality="average", skills={"fight": 1})
    gm = GM.model_copy(update={"leaders": (strong_grak,), "units": (ORCS, GOBLINS, militia)})
    battle = deployed(laid_out(mustered(players=(ANA, gm))), places={"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods", "u5": "ford"})
    _start(battle, ((0, 0, 0, 0), (0, 0, 0, 0)))
    assert battle.game.order == (1, 0)


def test_a_player_with_leaders_must_pick_one_to_roll():
    battle = deployed()
    refused(battle, ev.StartBattle(counter=0, leaders=(None, "l2"), faces=((0,) * 4, (0,) * 4)), "Ana")
    refused(battle, ev.StartBattle(counter=0, leaders=("l2", "l2"), faces=((0,) * 4, (0,) * 4)), "Ana")
    refused(battle, ev.StartBattle(counter=0, leaders=("l1", "l2"), faces=((0,) * 3, (0,) * 4)), "4")


def test_a_player_without_leaders_rolls_at_mediocre():
    gm = GM.model_copy(update={"leaders": ()})
    battle = laid_out(mustered(players=(ANA, gm)))
    for card, zone in {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    _start(battle, ((-1, -1, -1, -1), (1, 1, 1, 1)), leaders=("l1", None))
    assert battle.game.initiative == ((0, 4), (4, 0)) and battle.game.order == (1, 0)


def test_every_card_is_deployed_before_the_battle():
    battle = laid_out()
    battle.record(ev.Deploy(card="u1", zone="hill"))
    refused(battle, ev.StartBattle(counter=0, leaders=("l1", "l2"), faces=((0,) * 4, (0,) * 4)))


# -- activations and rounds ---------------------------------------------------------------


def test_a_player_activates_one_actor_per_turn_and_every_actor_acts_before_any_again():
    battle = in_battle()
    game = battle.game
    assert game.current_player == 0 and game.actors(0) == ("u1", "u2")  # Sir Ana acts with the Pikes
    refused(battle, ev.Activate(actor="u3"), "Ana")  # not the GM's turn
    refused(battle, ev.Activate(actor="l1"), "Ana")  # attached: she acts with her unit
    act(battle, "u1")
    refused(battle, ev.Activate(actor="u2"), "Pikes")  # one actor per turn
    end(battle)
    assert battle.game.current_player == 1 and {"u1", "l1"} <= battle.game.acted
    act(battle, "u3")
    end(battle)
    refused(battle, ev.Activate(actor="u1"), "Pikes")
    act(battle, "u2")
    end(battle)
    act(battle, "u4")
    end(battle)
    # everyone has acted: round 2, Ana first again
    assert battle.game.round == 2 and battle.game.current_player == 0 and battle.game.acted == frozenset()
    act(battle, "u1")


def test_a_player_with_nobody_left_waiting_is_passed_over():
    gm = GM.model_copy(update={"units": (ORCS,), "chest": 10})
    battle = mustered(players=(ANA, gm))
    laid_out(battle)
    for card, zone in {"u1": "hill", "u2": "hill", "l1": "hill", "u3": "meadow"}.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    battle.record(ev.Attach(leader="l2", unit="u3"))
    _start(battle, ((1, 1, 1, 1), (-1, -1, -1, -1)))
    assert battle.game.actors(0) == ("u1", "u2", "l1")  # an independent leader is an actor
    act(battle, "u1")
    end(battle)
    act(battle, "u3")
    end(battle)
    act(battle, "u2")
    end(battle)
    # the GM has nobody waiting: Ana again, same round
    assert battle.game.current_player == 0 and battle.game.round == 1
    act(battle, "l1")
    end(battle)
    assert battle.game.round == 2 and battle.game.current_player == 0


def test_a_leader_who_came_with_the_unit_cannot_act_again_after_detaching():
    battle = in_battle()
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))  # Sir Ana gives up her action
    battle.record(ev.Detach(leader="l1"))
    end(battle)
    assert "l1" in battle.game.acted
    act(battle, "u3")
    end(battle)
    refused(battle, ev.Activate(actor="l1"), "Sir Ana")


def test_a_leader_who_has_acted_gives_no_second_action_after_joining_a_unit():
    battle = in_battle()
    act(battle, "u1")
    battle.record(ev.Detach(leader="l1"))
    end(battle)
    act(battle, "u3")
    end(battle)
    # Sir Ana stands alone on the Hill; joining the Scouts gives her no new action
    refused(battle, ev.Activate(actor="l1"))
    act(battle, "u2")
    battle.record(ev.Attach(leader="l1", unit="u2"))
    refused(battle, ev.SecondAction(source="leader"), "Sir Ana")
    refused(battle, ev.Advantage(action="rally", by="l1", aspect="Charge!"), "Sir Ana")


# -- the action economy --------------------------------------------------------------------

OPEN = {"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}


def test_one_free_move_to_an_adjacent_zone_without_obstacle():
    battle = in_battle(places=OPEN)
    act(battle, "u1")
    refused(battle, ev.Move(to="ford"), "Ford")  # two zones away
    battle.record(ev.Move(to="meadow"))
    assert battle.game.zone_of("u1") == "meadow" and battle.game.zone_of("l1") == "meadow"
    refused(battle, ev.Move(to="ford"))  # one free move only


def test_no_free_move_into_an_enemy_or_hindering_terrain():
    battle = in_battle(places={"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"})
    act(battle, "u1")
    refused(battle, ev.Move(to="ford"), "Ford")  # the Orcs are there
    refused(battle, ev.Move(to="woods"), "Woods")  # Dense Forest


def test_a_unit_takes_one_action():
    battle = in_battle(places=OPEN)
    act(battle, "u2")
    roll(battle, "advantage", "u2", "stealth", use="ambush", aspect="Hidden Approach")
    battle.record(ev.Resolve())
    refused(battle, ev.Roll(counter=battle.game.counter, action="enter", by="u2", skill="athletics", path=("woods",), faces=(0,) * 4), "second")


def test_a_second_action_from_the_leader_then_the_leader_has_none():
    battle = in_battle(places=OPEN)
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))
    refused(battle, ev.SecondAction(source="leader"))
    refused(battle, ev.Advantage(action="rally", by="l1", aspect="Charge!"), "Sir Ana")
    roll(battle, "advantage", "u1", "notice", use="scouting", target="meadow", aspect="High Ground")
    battle.record(ev.Resolve())
    roll(battle, "dash", "u1", "athletics", path=("meadow",))
    battle.record(ev.Resolve())
    assert battle.game.activation.actions == ("advantage", "overcome")


def test_a_second_action_for_a_fate_point_only_without_a_leader():
    battle = in_battle(places=OPEN)
    act(battle, "u1")
    refused(battle, ev.SecondAction(source="fate_point"), "Pikes")
    end(battle)
    act(battle, "u3")
    end(battle)
    act(battle, "u2")
    refused(battle, ev.SecondAction(source="leader"), "Hill Scouts")
    battle.record(ev.SecondAction(source="fate_point"))
    assert battle.game.fate_points == (0, 1) and battle.game.activation.extra == "fate_point"


def test_a_fate_point_second_action_needs_a_fate_point():
    battle = in_battle(places=OPEN)
    battle.record(ev.FatePoints(player=0, change=-1))
    act(battle, "u2")
    refused(battle, ev.SecondAction(source="fate_point"), "Ana")


def test_never_the_same_action_twice():
    battle = in_battle(places=OPEN)
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))
    roll(battle, "dash", "u1", "athletics", path=("meadow",))
    battle.record(ev.Resolve())
    # entering the Woods is an overcome too
    refused(battle, ev.Roll(counter=battle.game.counter, action="enter", by="u1", skill="athletics", path=("woods",), faces=(0,) * 4), "overcome")


def test_an_attack_ends_the_turn():
    battle = in_battle(places={"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))  # a second action it won't get to use
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight", faces=(-1, -1, -1, -1))
    refused(battle, ev.Move(to="hill"))
    refused(battle, ev.EndActivation())  # resolve the roll first
    battle.record(ev.Resolve())
    assert battle.game.activation is None and battle.game.current_player == 1 and "u1" in battle.game.acted


# -- the end, awards and conceding ------------------------------------------------------------


def test_the_english_text_ends_when_a_side_has_no_units():
    battle = in_battle(places={"u1": "hill", "u2": "hill", "u3": "hill", "u4": "hill"})
    battle.record(ev.Concede(player=1))
    assert battle.game.stage == "ended" and battle.game.winner == 0


def _rout(text: str) -> FateBattle:
    """Ana's Pikes cut down the Goblins and the Orcs (Grak stands alone)."""
    battle = in_battle(places={"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "meadow"}, battle=laid_out(mustered(text=text)))
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u4", defender="u4", defence_skill="athletics", faces=(1, 1, 0, 0))
    battle.record(ev.Resolve(taken_out=True))
    act(battle, "u3")
    end(battle)
    act(battle, "u2")
    end(battle)
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight", faces=(1, 1, 1, 1), defence=(-1, -1, -1, -1))
    battle.record(ev.Resolve(taken_out=True))
    return battle


def test_taken_out_units_leave_their_leader_and_the_english_battle_ends():
    battle = _rout("en")
    game = battle.game
    assert game.place("u3").out and game.place("u4").out
    assert game.place("l2") == Place(zone="meadow")  # Grak stands alone
    assert game.stage == "ended" and game.winner == 0
    assert awards(game) == (1, 0)


def test_the_german_text_ends_only_when_the_leaders_are_gone_too():
    battle = _rout("de")
    game = battle.game
    assert game.stage == "battle" and game.actors(1) == ("l2",)
    assert game.current_player == 1
    battle.record(ev.DefeatLeader(leader="l2", by=0))  # Grak surrenders to Ana
    assert battle.game.stage == "ended" and battle.game.winner == 0
    # the winning side's fate point and one for the enemy leader Ana defeated
    assert awards(battle.game) == (2, 0)


def test_a_conceding_side_loses_and_nothing_more_happens():
    battle = in_battle()
    act(battle, "u1")
    battle.record(ev.Concede(player=0))
    assert battle.game.stage == "ended" and battle.game.winner == 1 and battle.game.activation is None
    refused(battle, ev.BuyFatePoint(player=1))
    assert awards(battle.game) == (1, 1)  # conceding earns the Fate Core award: one fate point


def test_conceding_earns_one_fate_point_and_one_per_consequence_taken():
    # RULES-NOTES: the Fate Core award, as a ruleset switch on by default
    battle = in_battle(places={"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    end(battle)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="athletics", faces=(0, 1, 0, 0), defence=(0, 0, 0, 0))
    shifts = battle.game.contest.shifts
    assert shifts >= 1
    slots = [s for s in battle.game.free_slots("u1")]
    battle.record(ev.Resolve(absorb=tuple(slots), names=tuple(f"Hurt {n}" for n in range(len(slots)))))
    assert battle.game.consequences_taken[0] == len(slots)
    battle.record(ev.Concede(player=0))
    assert awards(battle.game)[0] == 1 + len(slots)
    off = battle.game.rules.model_copy(update={"winning": battle.game.rules.winning.model_copy(update={"concession_award": False})})
    from tui.core.frozen import replace

    assert awards(replace(battle.game, rules=off))[0] == 0


def test_conceding_twice_is_refused_and_allies_fight_on():
    ally = Player(name="Bo", side=0, chest=3, units=(Unit(key="u9", name="Yeomen", quality="average", skills={"shoot": 1}),))
    battle = laid_out(mustered(players=(ANA, GM, ally)))
    deployed(battle, places={"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods", "u9": "ford"})
    _start(battle, ((1, 1, 1, 1), (0, 0, 0, 0), (-1, -1, -1, -1)), leaders=("l1", "l2", None))
    battle.record(ev.Concede(player=0))
    assert battle.game.stage == "battle"  # Bo fights on for side 0
    refused(battle, ev.Concede(player=0), "Ana")
    battle.record(ev.Concede(player=2))
    assert battle.game.winner == 1


def test_a_player_who_conceded_never_earns_the_winners_point_though_an_ally_wins():
    ally = Player(name="Bo", side=0, chest=3, units=(Unit(key="u9", name="Yeomen", quality="average", skills={"shoot": 1}),))
    battle = laid_out(mustered(players=(ANA, GM, ally)))
    deployed(battle, places={"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods", "u9": "ford"})
    _start(battle, ((1, 1, 1, 1), (0, 0, 0, 0), (-1, -1, -1, -1)), leaders=("l1", "l2", None))
    battle.record(ev.Concede(player=0))  # Ana gives up; Bo fights on
    battle.record(ev.Concede(player=1))  # then the GM concedes: side 0 wins
    assert battle.game.winner == 0
    ana, gm, bo = awards(battle.game)
    assert ana == 1  # the Fate Core award only, not the winners' point
    assert bo == 1 and gm == 1


# -- undo, redo, saving --------------------------------------------------------------------


def _hit_and_out() -> FateBattle:
    battle = in_battle(places={"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "meadow"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u4", defender="u4", defence_skill="athletics", faces=(1, 0, 0, 0))
    battle.record(ev.Resolve(taken_out=True))
    return battle


def test_undo_and_redo_walk_the_log():
    battle = _hit_and_out()
    assert battle.game.place("u4").out
    battle.undo()
    assert battle.game.contest is not None and not battle.game.place("u4").out
    battle.undo()
    assert battle.game.contest is None and battle.game.activation is not None
    battle.redo()
    battle.redo()
    assert battle.game.place("u4").out and not battle.can_redo


def test_a_saved_battle_replays_to_the_same_state():
    battle = _hit_and_out()
    battle.undo()  # a redo future is saved too
    meta = FateBattleFile.model_validate_json(battle.to_file().model_dump_json())
    loaded = FateBattle.from_file(meta)
    assert loaded.game == battle.game
    loaded.redo()
    battle.redo()
    assert loaded.game == battle.game


def test_an_edited_face_in_the_log_is_refused_on_replay():
    meta = _hit_and_out().to_file()
    log = list(meta.log)
    number = next(i for i, e in enumerate(log) if isinstance(e, ev.Roll))
    log[number] = log[number].model_copy(update={"faces": (-1, -1, -1, 0)})  # now a miss
    with pytest.raises(MassCombatError) as caught:
        FateBattle.from_file(meta.model_copy(update={"log": tuple(log)}))
    # the Resolve after it no longer fits: the attack missed
    assert str(caught.value).startswith(f"event {number + 2}:")


# -- messages ------------------------------------------------------------------------------


def test_refusals_are_one_line_in_german_too():
    battle = in_battle()
    try:
        set_language("de")
        german = refused(battle, ev.Activate(actor="u3"), "Ana")
        over = ANA.model_copy(update={"chest": 5})
        with pytest.raises(ForcesError) as caught:
            check_player(over, RULES)
        forces = str(caught.value)
    finally:
        set_language("en")
    english = refused(battle, ev.Activate(actor="u3"), "Ana")
    with pytest.raises(ForcesError) as caught:
        check_player(over, RULES)
    assert german != english and "Ana" in forces and forces != str(caught.value)
