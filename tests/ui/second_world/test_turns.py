"""Second World's map during the conflict, driven by keys: turns in either
order, the free move and wearing an edge down, the move action planned
step by step against its shifts, invokes, full defence, casting, concession."""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import VASQUEZ, corridor, scene
from tests.ui.second_world.test_map import app_for, game, keys
from tui.core.systems.second_world import events as ev
from textual.widgets import OptionList

from tui.ui.shell.dialogs import ChoiceDialog


def started(first: int = 0, order: str = "captain"):
    battle = scene()
    if order == "captain":
        battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=first))
    else:
        battle.start_conflict("swivel")
    return battle


@pytest.mark.covers("sw.begin", "sw.end_turn")
async def test_turns_begin_and_end_by_key_in_captain_takes_point(tmp_path):
    app = app_for(tmp_path, started(first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("end_turn", ()) is None  # no one's turn yet
        await keys(app, pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Sgt. Hale"] is None and "the turn is with Commandos" in closed["Guards"]
        await keys(app, pilot, "enter")
        assert game(app).turn.actor == "hale"
        assert "turn: Sgt. Hale" in str(app.screen.query_one("#status").render())
        await keys(app, pilot, "e")
        assert game(app).turn.actor is None and game(app).acted == ("hale",)


async def test_in_head_on_a_swivel_b_takes_the_next_in_order(tmp_path):
    app = app_for(tmp_path, started(order="swivel"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        up = game(app).next_up()
        await keys(app, pilot, "b")
        assert game(app).turn.actor == up


async def test_a_card_shows_how_far_an_edge_is_worn(tmp_path):
    battle = started(first=0)
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=3, traverse=0, close_cost=3, closed=True, worn_open=1, label="Hatch"))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Hatch 2/0/3 (closed, worn down from 3/0/3) to Room 2" in str(app.screen.query_one("#card").render())


@pytest.mark.covers("sw.free_move")
async def test_the_free_move_offers_touching_zones_and_says_why_not(tmp_path):
    battle = started(first=0)
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None, label="Gap"))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "b", "down", "enter", "m")  # Vasquez, in Room 2
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Room 1"] is None and "X/4/X" in closed["Room 3"] and "closed" in closed["Room 5"]
        await keys(app, pilot, "enter")
        assert game(app).zone_of("vasquez") == "z1"
        assert app.screen.check_action("free_move", ()) is None


@pytest.mark.covers("sw.erode", "sw.cost.open", "sw.cost.traverse", "sw.cost.close")
async def test_the_free_move_wears_an_edge_down_instead(tmp_path):
    app = app_for(tmp_path, started(first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "b", "enter", "w")  # Hale in Room 1: the closed door, the only edge
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [c.closed is None for c in dialog._choices] == [True, False, False]  # open, not traverse or close
        assert "opened before" in dialog._choices[1].closed and "closed already" in dialog._choices[2].closed
        await keys(app, pilot, "enter")  # the door's open cost of 1, worn to nothing: it is open
        door = game(app).board.edge("z1", "z2")
        assert (door.closed, door.left_text) == (False, "1/0/1")
        assert "Door 1/0/1 (open) to Room 2" in str(app.screen.query_one("#card").render())


@pytest.mark.covers("sw.move", "sw.resolve", "sw.step.open", "sw.step.cross", "sw.step.close", "sw.step.done")
async def test_the_move_action_is_rolled_then_spent_step_by_step(tmp_path):
    battle = started(first=0)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "b", "enter", "g")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and "1+:" in dialog._choices[0].note
        # the dearest way on the map sets how far the odds go
        assert dialog._choices[0].note.split(" · ")[-1].startswith("7+: ")  # the closed barricade: open 4, cross 2, 1 for the zone
        await keys(app, pilot, "enter")
        pending = game(app).pending
        assert pending is not None and pending.action == "move"
        assert str(max(0, pending.shifts)) in str(app.screen.query_one("#roll").render())
        # The dice are the seed's; the plan below wants 5 shifts (Athletics 3, +2 rolled).
        app.battle.undo()
        app.battle.record(ev.MoveRoll(counter=app.battle.game.counter, key="hale", faces=(1, 1, 0, 0)))
        await pilot.pause()
        await keys(app, pilot, "r")
        dialog = app.screen
        labels = [c.label for c in dialog._choices]
        assert labels == ["Into Room 2", "Open the edge to Room 2", "Close the edge to Room 2", "Stop here"]
        assert "closed already" in dialog._choices[2].closed
        await keys(app, pilot, "down", "enter")  # open the door (1 shift)
        assert app.screen._title == "From Room 1 · shifts left: 4 · zones moved: 0"
        await keys(app, pilot, "enter")  # into Room 2
        assert app.screen._title == "From Room 2 · shifts left: 3 · zones moved: 1"
        await keys(app, pilot, "end", "enter")  # stop here
        assert game(app).zone_of("hale") == "z2" and not game(app).board.edge("z1", "z2").closed
        assert game(app).turn.acted and game(app).pending is None


async def test_closing_an_edge_behind_is_a_step_too(tmp_path):
    battle = started(first=0)
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=1, traverse=0, close_cost=1, closed=False, label="Door"))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=(0, 0, 0, 0)))  # 3 shifts
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r", "enter")  # into Room 2
        labels = [c.label for c in app.screen._choices]
        assert "Close the edge to Room 1" in labels
        app.screen.query_one(OptionList).highlighted = labels.index("Close the edge to Room 1")
        await keys(app, pilot, "enter")  # 1 zone + 1 to close: 1 shift left, the plan goes on
        await keys(app, pilot, "end", "enter")
        assert game(app).board.edge("z1", "z2").closed and game(app).zone_of("hale") == "z2"
        assert game(app).pending is None


@pytest.mark.covers("sw.invoke", "sw.invoke.bonus", "sw.invoke.reroll")
async def test_invokes_on_the_move_roll(tmp_path):
    battle = started(first=0)
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=(-1, -1, -1, -1)))
    battle.record(ev.ZoneAspects(zone="z1", aspects=("Long Corridor",)))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "i", "enter", "enter")  # Veteran of the Ardennes, +2
        pending = game(app).pending
        assert pending.actor.total == 1 and pending.actor.invoked == ("Veteran of the Ardennes",)
        assert game(app).fighter("hale").fate_points == 2
        await keys(app, pilot, "i")
        assert app.screen._choices[0].closed is not None  # invoked already
        await keys(app, pilot, "down", "enter", "down", "enter")  # Long Corridor: roll again
        assert game(app).pending.actor.invoked == ("Veteran of the Ardennes", "Long Corridor")
        assert game(app).fighter("hale").fate_points == 1


@pytest.mark.covers("sw.full_defence", "sw.cast")
async def test_full_defence_and_casting_are_the_turns_action(tmp_path):
    app = app_for(tmp_path, started(first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "b", "enter", "d")
        assert game(app).fighter("hale").full_defence and game(app).turn.acted
        assert app.screen.check_action("cast", ()) is None
        await keys(app, pilot, "e", "b", "enter", "s")
        assert game(app).fighter("vasquez").casting == 1


@pytest.mark.covers("sw.concede")
async def test_a_character_concedes(tmp_path):
    app = app_for(tmp_path, started(first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "x", "down", "down", "down", "enter")
        assert game(app).fighter("gunner").conceded and game(app).fighter("gunner").fate_points == 1


async def test_the_gm_rules_on_the_map_mid_conflict(tmp_path):
    """A wall blown open, smoke in a zone: edges, aspects and situations
    change during the conflict too; the cast and the start do not."""
    app = app_for(tmp_path, started(first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("deploy", ()) is None and screen.check_action("start", ()) is None
        await keys(app, pilot, "k", "enter")
        assert game(app).zone_info("z1").situations == ("cluttered",)
        await keys(app, pilot, "j", "end", "up", "enter")  # open the door by ruling
        assert not game(app).board.edge("z1", "z2").closed
        await keys(app, pilot, "t", *"Smoke", "enter")
        assert game(app).zone_info("z1").aspects == ("Smoke",)


async def test_a_withdrawn_character_is_closed_in_the_turn_menu_saying_why(tmp_path):
    """RULES-NOTES (Second World, settled after the first audit): 5 zones or
    more from every opponent, a character takes no turns."""
    battle = corridor({"hale": "z1", "vasquez": "z4", "guards": "z5"})
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=0))
    for step in (ev.BeginTurn(key="hale"), ev.FreeMove(key="hale", to="z0"), ev.EndTurn(), ev.BeginTurn(key="vasquez"), ev.EndTurn(), ev.BeginTurn(key="guards"), ev.EndTurn()):
        battle.record(step)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "b")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert "Sgt. Hale has withdrawn (5 zones or more from every opponent)" in closed["Sgt. Hale"]
        assert closed["Vasquez"] is None
        await keys(app, pilot, "enter")
        assert game(app).turn.actor == "vasquez"


async def test_an_npc_invokes_from_the_gms_pool_and_its_opponents_aspect_is_hostile(tmp_path):
    """Fate Core: the GM's pool pays for NPCs (one point per PC), and an
    opponent's own aspect invoked against them is a hostile invoke; the
    dialog says both before the GM picks, the status line shows the pool."""
    battle = scene()
    battle.record(ev.SetCharacter(character=VASQUEZ.model_copy(update={"aspects": ("Bad Knee",)})))
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=1))
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(0, 0, 0, 0),
                                target="vasquez", defence_skill="athletics", defence_faces=(0, 0, 0, 0)))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "GM pool:\xa01" in str(app.screen.query_one("#status").render())
        await keys(app, pilot, "i", "enter")  # the Guards invoke (they roll)
        notes = {c.label: c.note for c in app.screen._choices}
        assert notes["Bad Knee"] == "a fate point from the GM's pool (1 left) · hostile: Vasquez gets the point when the scene ends"
        labels = [c.label for c in app.screen._choices]
        app.screen.query_one(OptionList).highlighted = labels.index("Bad Knee")
        await keys(app, pilot, "enter", "enter")  # +2
        assert game(app).gm_pool == 0 and game(app).owed == (("vasquez", 1),)
        assert "GM pool:\xa00" in str(app.screen.query_one("#status").render())


async def test_a_crossing_the_shifts_cant_pay_says_it_only_wears_the_edge_down(tmp_path):
    """The playthrough took "Into No Man's Land" with 4 shifts for a crossing
    of 5 and stayed where it was: the option now says so before."""
    battle = started(first=0)
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=1, traverse=4, close_cost=1, closed=False, label="Wire"))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.MoveRoll(counter=battle.game.counter, key="hale", faces=(0, 0, 0, 0)))  # 3 shifts
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r")
        into = next(c for c in app.screen._choices if c.label == "Into Room 2")
        assert "not through: only wears it down to" in into.note
