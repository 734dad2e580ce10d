"""Second World's zone map while the scene is set, driven by keys: laying
zone cards, edges from the text's examples or typed costs, open and closed
by the GM's ruling, aspects and situations, placing characters, starting
the conflict with either turn order."""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import GUARDS, HALE
from tests.ui.test_key_bursts import burst, settle
from tui.core.maps.zones import Zone
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.system import SYSTEM as GAME
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.files.storage import create_session
from tui.ui.app import MassCombatApp
from tui.ui.second_world.map import SecondWorldMapScreen
from tui.ui.settings import Settings
from tui.ui.shell.dialogs import ChoiceDialog, TextDialog
from tui.ui.widgets.zone_board import ZoneBoard


def two_rooms(*, cast: bool = True) -> SecondWorldBattle:
    battle = GAME.new_battle(5)
    assert isinstance(battle, SecondWorldBattle)
    battle.record(ev.SetSides(names=("Commandos", "Garrison")))
    battle.record(ev.PlaceZone(zone=Zone(key="z1", name="Trench", col=0, row=0)))
    battle.record(ev.PlaceZone(zone=Zone(key="z2", name="Yard", col=1, row=0)))
    if cast:
        battle.record(ev.SetCharacter(character=HALE))
        battle.record(ev.SetCharacter(character=GUARDS))
    return battle


def app_for(tmp_path, battle: SecondWorldBattle) -> MassCombatApp:
    return MassCombatApp(create_session(tmp_path / "scene.toml", battle), Settings(), None)


async def keys(app, pilot, *typed: str) -> None:
    burst(app, *typed)
    await settle(app, pilot)


def game(app):
    return app.battle.game


# -- zones -----------------------------------------------------------------------------


@pytest.mark.covers("sw.select")
async def test_enter_on_a_free_slot_lays_a_zone_card(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SecondWorldMapScreen)
        board = app.screen.query_one(ZoneBoard)
        board.cursor = (2, 0)
        await keys(app, pilot, "enter")
        assert isinstance(app.screen, TextDialog)
        await keys(app, pilot, *"Bunker", "enter")
        assert [z.name for z in game(app).board.zones] == ["Trench", "Yard", "Bunker"]
        assert "Bunker" in "\n".join(line.plain for line in board.board_layout().lines)


@pytest.mark.covers("sw.zone.rename", "sw.zone.remove")
async def test_a_cards_menu_renames_and_removes_it(tmp_path):
    app = app_for(tmp_path, two_rooms(cast=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(ZoneBoard).cursor = (1, 0)
        await keys(app, pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(app, pilot, "enter", "ctrl+u", *"Courtyard", "enter")
        assert game(app).board.zone("z2").name == "Courtyard"
        await keys(app, pilot, "enter", "end", "enter")
        assert [z.key for z in game(app).board.zones] == ["z1"]


@pytest.mark.covers("sw.aspects", "sw.zone.aspects")
async def test_aspects_are_written_on_a_zone_separated_by_semicolons(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "t", *"Squeaky Floorboards; [@click=app.quit]x[/]", "enter")
        assert game(app).zone_info("z1").aspects == ("Squeaky Floorboards", "[@click=app.quit]x[/]")
        await keys(app, pilot, "enter", "down", "enter", "ctrl+u", *"Mud", "enter")
        assert game(app).zone_info("z1").aspects == ("Mud",)
        assert app.is_running
        card = app.screen.query_one("#card").render()
        assert "Mud" in str(card)


@pytest.mark.covers("sw.situations", "sw.zone.situations", "sw.situation.cluttered", "sw.situation.claustrophobic")
async def test_the_situational_aspects_go_on_and_off_a_zone(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "k", "enter")
        assert game(app).zone_info("z1").situations == ("cluttered",)
        await keys(app, pilot, "enter", "down", "down", "enter", "down", "enter")
        assert game(app).zone_info("z1").situations == ("cluttered", "claustrophobic")
        await keys(app, pilot, "k", "enter")
        assert game(app).zone_info("z1").situations == ("claustrophobic",)
        assert "Claustrophobic ▲" in app.screen.query_one(ZoneBoard).describe((0, 0))


# -- edges -------------------------------------------------------------------------------


@pytest.mark.covers("sw.edge", "sw.edge.door", "sw.edge.bunker_door", "sw.edge.barbed_wire", "sw.edge.barricade")
async def test_the_texts_example_edges_are_one_key_away(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        wanted = {0: ("1/0/1", True, "Door"), 1: ("4/0/4", True, "Reinforced bunker door"), 2: ("X/4/X", False, "Barbed wire"), 3: ("4/2/X", True, "Barricade")}
        for downs, (costs, closed, label) in wanted.items():
            await keys(app, pilot, "j", *["down"] * downs, "enter")
            edge = game(app).board.edge("z1", "z2")
            assert (edge.notation, edge.closed, edge.label) == (costs, closed, label)
        text = "\n".join(line.plain for line in app.screen.query_one(ZoneBoard).board_layout().lines)
        assert "■4/2/X" in text


@pytest.mark.covers("sw.zone.edge", "sw.edge.typed", "sw.edge_state.open", "sw.edge_state.closed")
async def test_costs_are_typed_in_the_texts_notation_and_a_typo_is_one_line(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "enter", "down", "down", "down", "enter", "end", "enter")  # the card's menu: an edge, typed
        assert isinstance(app.screen, TextDialog)
        await keys(app, pilot, *"2/1", "enter")
        assert isinstance(app.screen, TextDialog)
        error = str(app.screen.query_one(".dialog-error").render())
        assert "open/traverse/close" in error and "\n" not in error.strip()
        await keys(app, pilot, *"/3", "enter", "down", "enter", *"Hatch", "enter")
        edge = game(app).board.edge("z1", "z2")
        assert (edge.notation, edge.closed, edge.label) == ("2/1/3", True, "Hatch")
        await keys(app, pilot, "j", "down", "down", "down", "down", "enter", "ctrl+u", *"1/0/1", "enter", "enter", "enter")
        edge = game(app).board.edge("z1", "z2")
        assert (edge.notation, edge.closed, edge.label) == ("1/0/1", False, "")


@pytest.mark.covers("sw.edge.toggle", "sw.edge.remove")
async def test_the_gm_opens_closes_and_removes_an_edge_by_ruling(tmp_path):
    battle = two_rooms()
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=4, traverse=2, close_cost=None, closed=True, worn_open=1, label="Barricade"))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "j", "end", "up", "enter")  # open it
        edge = game(app).board.edge("z1", "z2")
        assert (edge.closed, edge.worn_open) == (False, 0)
        await keys(app, pilot, "j", "end", "up")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog._choices[-2].closed and "cannot be closed" in dialog._choices[-2].closed
        await keys(app, pilot, "end", "enter")
        assert game(app).board.edges == ()


# -- the cast and the start -----------------------------------------------------------------


@pytest.mark.covers("sw.deploy", "sw.zone.deploy")
async def test_characters_are_placed_in_a_zone(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "p", "enter")
        assert game(app).zone_of("hale") == "z1"
        app.screen.query_one(ZoneBoard).cursor = (1, 0)
        await keys(app, pilot, "enter", "down", "down", "down", "down", "enter", "enter")
        assert game(app).zone_of("guards") == "z2"


@pytest.mark.covers("sw.start", "sw.order.captain", "sw.order.swivel")
async def test_the_conflict_starts_with_the_turn_order_the_gm_picks(tmp_path):
    battle = two_rooms()
    battle.record(ev.Deploy(key="hale", zone="z1"))
    battle.record(ev.Deploy(key="guards", zone="z2"))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "n", "down", "enter", "down", "enter")  # Captain Takes Point; the Commandos ambushed
        # they act first, in round 1: no surprise round under the captain
        assert (game(app).stage, game(app).order_kind, game(app).round, game(app).ambush, game(app).order[0]) == ("conflict", "captain", 1, 0, "0")
        assert "Round 1" in str(app.screen.query_one("#status").render())
        await keys(app, pilot, "u")
        assert game(app).stage == "scene"
        await keys(app, pilot, "n", "enter", "enter")  # Head on a Swivel, no ambush
        assert (game(app).order_kind, game(app).round, len(game(app).order)) == ("swivel", 1, 2)


@pytest.mark.covers("sw.undo", "sw.redo")
async def test_undo_and_redo(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "k", "enter")
        assert game(app).zone_info("z1").situations == ("cluttered",)
        await keys(app, pilot, "u")
        assert game(app).zone_info("z1").situations == ()
        await keys(app, pilot, "U")
        assert game(app).zone_info("z1").situations == ("cluttered",)


async def test_scene_keys_grey_out_where_they_do_not_apply(tmp_path):
    app = app_for(tmp_path, two_rooms(cast=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("deploy", ()) is None  # no characters yet
        assert screen.check_action("start", ()) is None  # no two sides fighting
        assert screen.check_action("edge", ()) is True
        screen.query_one(ZoneBoard).cursor = (2, 0)  # a free slot: nothing to edit
        await pilot.pause()
        assert screen.check_action("aspects", ()) is None


async def test_every_key_greyed_out_on_the_map_says_why(tmp_path):
    """A key that can't act says why in one line, never nothing (issue 28's
    play list: m for a Heavy Ranged character did nothing), in every stage
    of a scene: empty, set, started, a turn, a roll on the table, ended."""
    from tests.ui.silent_keys import silent_keys

    from tests.core.second_world.kit import captain_start, scene

    def stages():
        yield "an empty scene", SecondWorldBattle.new("Empty", seed=1)
        yield "a scene set", scene()
        battle = captain_start(scene(), first=1)
        yield "started, no turn", battle
        battle = captain_start(scene(), first=1)
        battle.record(ev.BeginTurn(key="gunner"))
        yield "the heavy gunner's turn", battle
        battle = captain_start(scene(), first=1)
        battle.record(ev.BeginTurn(key="guards"))
        battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(0, 0, 0, 0), target="vasquez", defence_skill="athletics", defence_faces=(0, 0, 0, 0)))
        yield "a roll on the table", battle
        battle = captain_start(scene(), first=1)
        battle.record(ev.Concede(key="hale"))
        battle.record(ev.Concede(key="vasquez"))
        assert battle.game.stage == "ended"
        yield "ended", battle

    for name, battle in stages():
        folder = tmp_path / name.replace(" ", "-").replace("'", "")
        folder.mkdir()
        app = app_for(folder, battle)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not isinstance(app.screen, SecondWorldMapScreen):  # an empty scene opens on the cast
                app.action_mode("map")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SecondWorldMapScreen), name
            assert silent_keys(screen) == [], name


def test_an_aspect_too_long_is_named_as_an_aspect_and_by_its_place():
    from tui.ui.second_world.map_flows import aspects_problem

    assert aspects_problem("Sandbags; " + "x" * 61) == "aspect 2 is too long: an aspect has at most 60 characters"
    assert aspects_problem("Sandbags; Mud") is None
