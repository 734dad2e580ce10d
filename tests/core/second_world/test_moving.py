"""Second World: the free move, erosion and the move action through edges.

Rules text: "Every turn, unless something is preventing a character from
moving, that character can move one zone. Alternatively, that character can
erode an edge's open/close/traverse cost by 1. If a character makes a Free
Move action, they take a -1 on Shoot rolls to attack. Characters wielding
Heavy Ranged weapons cannot take a free move action." and "roll Athletics
against a difficulty 0 and move that number of shifts. Edges with traverse
and open/close costs can either be moved through in a single turn or eroded
over multiple turns. A character can move no more than three zones in a
single action." "If a character pays the cost to change an edge's state from
closed to open, then subsequent characters moving through the edge do not
have to pay that cost."
"""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import HALE, captain_start, scene, zone_of
from tui.core.errors import MassCombatError
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.story import note_text


def refused(battle: SecondWorldBattle, event, match: str) -> None:
    before = battle.history
    with pytest.raises(MassCombatError, match=match) as caught:
        battle.record(event)
    assert battle.history is before and "\n" not in str(caught.value)


def turn_of(key: str, first: int = 0) -> SecondWorldBattle:
    battle = captain_start(scene(), first=first)
    battle.record(ev.BeginTurn(key=key))
    return battle


def move(battle: SecondWorldBattle, key: str, faces, *steps: tuple[str, str]) -> SecondWorldBattle:
    battle.record(ev.MoveRoll(counter=battle.game.counter, key=key, faces=faces))
    battle.record(ev.MoveResolve(steps=tuple(ev.MoveStep(do=do, to=to) for do, to in steps)))
    return battle


# -- the free move -----------------------------------------------------------------------


def test_a_free_move_goes_one_zone_where_nothing_is_left_to_pay():
    battle = turn_of("vasquez")  # in z2: closed door west, wire east, bunker door south
    refused(battle, ev.FreeMove(key="vasquez", to="z1"), "closed")
    refused(battle, ev.FreeMove(key="vasquez", to="z3"), "still costs X/4/X")
    refused(battle, ev.FreeMove(key="vasquez", to="z4"), "does not touch")
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=1, traverse=0, close_cost=1, closed=False, label="Door"))
    battle.record(ev.FreeMove(key="vasquez", to="z1"))
    assert zone_of(battle, "vasquez") == "z1" and battle.game.turn.free_move
    refused(battle, ev.FreeMove(key="vasquez", to="z2"), "taken the free move")


def test_heavy_ranged_weapons_take_no_free_move_and_only_the_actor_moves():
    battle = turn_of("gunner", first=1)
    refused(battle, ev.FreeMove(key="gunner", to="z3"), "Heavy Ranged weapon: no free move")
    refused(battle, ev.Erode(key="gunner", a="z3", b="z4", cost="open"), "Heavy Ranged")
    refused(battle, ev.FreeMove(key="guards", to="z2"), "Guards is not taking a turn now")


def test_the_free_move_may_erode_a_cost_instead_and_the_wear_stays_for_everyone():
    battle = turn_of("vasquez")
    refused(battle, ev.Erode(key="vasquez", a="z3", b="z4", cost="open"), "edge of the zone they stand in")
    refused(battle, ev.Erode(key="vasquez", a="z2", b="z1", cost="traverse"), "opened before")
    battle.record(ev.Erode(key="vasquez", a="z2", b="z3", cost="traverse"))
    assert battle.game.board.edge("z2", "z3").left_text == "X/3/X"
    refused(battle, ev.FreeMove(key="vasquez", to="z3"), "taken the free move")
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.EndTurn())  # the Garrison's turn; the wear is still there
    assert battle.game.board.edge("z2", "z3").worn_traverse == 1


# -- the move action ------------------------------------------------------------------------


PLUS2 = (1, 1, 0, 0)
ZERO = (0, 0, 0, 0)
MINUS4 = (-1, -1, -1, -1)


def test_a_move_action_opens_a_closed_door_and_goes_through():
    battle = turn_of("hale")  # Athletics +3 in z1
    move(battle, "hale", MINUS4, )  # -1: no shifts, no steps
    assert zone_of(battle, "hale") == "z1" and battle.game.turn.acted
    battle = turn_of("hale")
    move(battle, "hale", ZERO, ("cross", "z2"), ("cross", "z5"))  # 3 shifts: door 1 + zone 1, then the bunker door's 4: worn by 1
    assert zone_of(battle, "hale") == "z2"
    door, bunker = battle.game.board.edge("z1", "z2"), battle.game.board.edge("z2", "z5")
    assert not door.closed  # opened, and it stays open for everyone
    assert (bunker.closed, bunker.left_text) == (True, "3/0/4")


def test_partial_progress_through_a_barricade_persists_as_wear():
    battle = turn_of("guards", first=1)  # in z3, Athletics +0
    move(battle, "guards", PLUS2, ("cross", "z4"))  # 2 shifts against open 4
    edge = battle.game.board.edge("z3", "z4")
    assert (edge.closed, edge.left_text, zone_of(battle, "guards")) == (True, "2/2/X", "z3")


def test_shifts_pay_open_then_traverse_then_the_zone():
    battle = captain_start(scene(), first=1)
    battle.record(ev.SetEdge(a="z3", b="z4", open_cost=4, traverse=2, close_cost=None, closed=True, worn_open=3, label="Barricade"))
    battle.record(ev.BeginTurn(key="guards"))
    move(battle, "guards", PLUS2, ("cross", "z4"))  # open 1 left, then traverse 2 needs 3: 1 shift wears it
    edge = battle.game.board.edge("z3", "z4")
    assert (edge.closed, edge.left_text, zone_of(battle, "guards")) == (False, "4/1/X", "z3")


def test_at_most_three_zones_and_every_step_from_the_zone_reached():
    battle = captain_start(scene(), first=0)
    for a, b in (("z1", "z2"), ("z2", "z3"), ("z3", "z4")):
        battle.record(ev.SetEdge(a=a, b=b, open_cost=None, traverse=0, close_cost=None))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=(1, 1, 1, 1)))  # +7
    steps = lambda *zones: ev.MoveResolve(steps=tuple(ev.MoveStep(do="cross", to=z) for z in zones))  # noqa: E731
    refused(battle, steps("z2", "z4"), "step 2: Room 4 does not touch")
    refused(battle, steps("z2", "z3", "z4", "z3"), "at most 3 zones")
    battle.record(steps("z2", "z3", "z4"))
    assert zone_of(battle, "hale") == "z4" and battle.game.pending is None


def test_steps_past_the_shifts_and_impassable_edges_are_refused():
    battle = turn_of("hale")
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=MINUS4 [:3] + (1,)))  # -2 + 3 = +1
    refused(battle, ev.MoveResolve(steps=(ev.MoveStep(do="open", to="z2"), ev.MoveStep(do="cross", to="z2"))), "run out before step 2")
    battle.record(ev.MoveResolve(steps=(ev.MoveStep(do="open", to="z2"),)))
    assert not battle.game.board.edge("z1", "z2").closed and zone_of(battle, "hale") == "z1"
    battle = captain_start(scene())
    battle.record(ev.SetEdge(a="z1", b="z2", traverse=None, label="Chasm"))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=ZERO))
    refused(battle, ev.MoveResolve(steps=(ev.MoveStep(do="cross", to="z2"),)), "no one can get through")


def test_a_move_action_can_close_an_edge_behind():
    battle = captain_start(scene())
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=1, traverse=0, close_cost=1, closed=False, label="Door"))
    battle.record(ev.BeginTurn(key="hale"))
    move(battle, "hale", ZERO, ("cross", "z2"), ("close", "z1"))  # 1 zone + close 1
    assert battle.game.board.edge("z1", "z2").closed and zone_of(battle, "hale") == "z2"
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="vasquez"))
    refused(battle, ev.FreeMove(key="vasquez", to="z1"), "closed")


def test_one_action_a_turn():
    battle = turn_of("hale")
    move(battle, "hale", ZERO, ("cross", "z2"))
    refused(battle, ev.MoveRoll(counter=battle.game.counter, key="hale", faces=ZERO), "taken their action")
    refused(battle, ev.Casting(key="hale"), "taken their action")


# -- invokes on the move roll -------------------------------------------------------------------


def test_an_invoke_adds_two_for_a_fate_point_or_rerolls():
    battle = turn_of("hale")  # 3 fate points, "Veteran of the Ardennes"
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=MINUS4))
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Veteran of the Ardennes"))
    assert battle.game.pending.actor.total == 1 and battle.game.fighter("hale").fate_points == 2
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Veteran of the Ardennes"), "invoked on this roll already")
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Crates Everywhere"), "not an aspect this character can invoke")
    battle.record(ev.ZoneAspects(zone="z1", aspects=("Long Corridor",)))
    battle.invoke("Long Corridor", reroll=True)
    assert battle.game.fighter("hale").fate_points == 1
    assert len(battle.game.pending.actor.faces) == 4


def test_no_fate_point_no_invoke_and_no_free_invoke_without_one_made():
    """Vasquez, an NPC with no fate points of her own, invokes from the GM's
    pool (Fate Core: one point per PC, here Sgt. Hale's) until it is empty."""
    battle = turn_of("vasquez")
    assert battle.game.gm_pool == 1 and battle.game.fighter("vasquez").fate_points == 0
    battle.record(ev.ZoneAspects(zone="z2", aspects=("Crates Everywhere", "Oil on the Floor")))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="vasquez", faces=ZERO))
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Crates Everywhere", free=True), "no free invoke")
    battle.record(ev.Invoke(counter=battle.game.counter, aspect="Crates Everywhere"))
    assert battle.game.gm_pool == 0 and note_text(battle.game, battle.game.notes.latest(1)[0]) == "the GM's pool pays for Vasquez (0 fate points left)"
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Oil on the Floor"), "neither Vasquez nor the GM's pool has a fate point left")
    refused(battle, ev.EndTurn(), "roll is on the table")


def test_a_pc_never_pays_from_the_gms_pool():
    battle = scene()
    battle.record(ev.SetCharacter(character=HALE.model_copy(update={"fate_points": 0})))
    battle.record(ev.ZoneAspects(zone="z1", aspects=("Crates Everywhere",)))
    battle = captain_start(battle)
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=ZERO))
    refused(battle, ev.Invoke(counter=battle.game.counter, aspect="Crates Everywhere"), "Sgt. Hale has no fate point left")
    assert battle.game.gm_pool == 1


# -- casting ---------------------------------------------------------------------------------------


def test_casting_is_noted_turn_by_turn_and_a_move_stops_it():
    battle = turn_of("hale")
    battle.record(ev.Casting(key="hale"))
    assert battle.game.fighter("hale").casting == 1 and battle.game.turn.acted
    battle.record(ev.EndTurn())
    for key in ("vasquez", "guards", "gunner"):
        battle.record(ev.BeginTurn(key=key))
        battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.Casting(key="hale"))
    assert battle.game.fighter("hale").casting == 2
    battle.record(ev.Casting(key="hale", stop=True))
    assert battle.game.fighter("hale").casting == 0
    refused(battle, ev.Casting(key="hale", stop=True), "not casting")


def test_a_cost_worn_to_nothing_by_free_moves_opens_the_edge_for_everyone():
    """Worn down turn by turn, the barricade's open cost is paid in full:
    it is open, seen through and passed (traverse still to pay)."""
    battle = captain_start(scene())
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=2, traverse=0, close_cost=2, closed=True, worn_open=1, label="Door"))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.Erode(key="hale", a="z1", b="z2", cost="open"))
    door = battle.game.board.edge("z1", "z2")
    assert not door.closed and battle.game.board.sight_distance("z1", "z2") == 1
    battle.record(ev.EndTurn())
    battle.record(ev.BeginTurn(key="vasquez"))
    battle.record(ev.FreeMove(key="vasquez", to="z1"))
    assert zone_of(battle, "vasquez") == "z1"


def test_a_closed_edge_with_nothing_to_pay_opens_as_the_free_move_passes():
    battle = captain_start(scene())
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=0, traverse=0, close_cost=1, closed=True, label="Curtain"))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.FreeMove(key="hale", to="z2"))
    assert zone_of(battle, "hale") == "z2" and not battle.game.board.edge("z1", "z2").closed
