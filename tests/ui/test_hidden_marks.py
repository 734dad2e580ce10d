"""The GM's hidden marks, by key: in Second World a zone's aspect or a
character (from the map or the cast), in Kingmaker an army (from the army
builder or the mat). The GM's screens show the mark; the players'
projection leaves the thing out; the key again (or undo) shows it."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import KNIGHTS, muster, set_up
from tests.core.second_world.kit import HALE
from tests.ui.kingmaker.play import app_for as km_app
from tests.ui.second_world.test_map import app_for as sw_app, game, keys, two_rooms
from tui.core.projection import read_projection
from tui.core.systems.second_world import events as sev
from tui.ui.kingmaker.mat_view import MatView
from tui.ui.second_world.cast import SecondWorldCastScreen
from tui.ui.shell.dialogs import ChoiceDialog
from tui.ui.widgets.zone_board import ZoneBoard


def players_see(app) -> str:
    """Everything in the projection the GM's app wrote, both languages."""
    return read_projection(app.projection.path).model_dump_json()


@pytest.mark.covers("sw.hide")
async def test_h_on_a_zone_hides_its_aspect_or_character_from_the_players(tmp_path):
    battle = two_rooms()
    battle.record(sev.ZoneAspects(zone="z1", aspects=("Tripwire Mines", "Sandbags")))
    battle.record(sev.Deploy(key=HALE.key, zone="z1"))
    app = sw_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(ZoneBoard).cursor = (0, 0)
        await keys(app, pilot, "h")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(app, pilot, "down", "enter")  # under "Write a hidden aspect…": the aspect Tripwire Mines
        assert game(app).hidden == ("aspect_slot:z1:1",)  # its slot: an edit keeps it hidden
        assert "Tripwire Mines" not in players_see(app) and "Sandbags" in players_see(app)
        assert "Tripwire Mines (hidden)" in app.screen.query_one(ZoneBoard).describe((0, 0))
        assert "Tripwire Mines (hidden)" in str(app.screen.query_one("#card").render())
        await keys(app, pilot, "h", "down", "down", "down", "enter")  # Sgt. Hale
        assert HALE.name not in players_see(app)
        await keys(app, pilot, "h", "down", "enter")  # shown again
        assert game(app).hidden == ("character:hale",)
        assert "Tripwire Mines" in players_see(app)
        app.screen.query_one(ZoneBoard).cursor = (1, 0)  # the Yard: nothing on it, but a hidden aspect may be written
        await pilot.pause()
        await keys(app, pilot, "h", "enter", *"Mines; Wire", "enter")  # one aspect only: the line would split it
        assert "without a semicolon" in str(app.screen.query_one(".dialog-error").render())
        await keys(app, pilot, "escape")
        await keys(app, pilot, "h", "enter", *"Minefield", "enter")  # in one burst
        info = game(app).zone_info("z2")
        assert info.aspects == ("Minefield",) and f"aspect_slot:z2:{info.slots[0]}" in game(app).hidden
        assert "Minefield" not in players_see(app)
        assert "Minefield (hidden)" in app.screen.query_one(ZoneBoard).describe((1, 0))
        await keys(app, pilot, "u")  # one step: the aspect and its mark go together
        assert game(app).zone_info("z2").aspects == () and game(app).hidden == ("character:hale",)


async def test_a_zone_with_every_aspect_written_closes_the_hidden_one(tmp_path):
    battle = two_rooms()
    battle.record(sev.ZoneAspects(zone="z1", aspects=tuple(f"Aspect {n}" for n in range(7))))
    app = sw_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(ZoneBoard).cursor = (0, 0)
        await keys(app, pilot, "h")
        assert isinstance(app.screen, ChoiceDialog)
        write = app.screen._choices[0]
        assert write.value == "write" and "at most 7" in write.closed


@pytest.mark.covers("sw.cast_add_hidden")
async def test_shift_a_in_the_cast_adds_a_character_hidden_from_the_start(tmp_path):
    app = sw_app(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4", "A", *"Sniper Vogt", "enter", "down", "enter", "down", "enter", "enter", *"Shoot +2", "enter", "enter", "enter")
        vogt = game(app).characters[-1]
        assert vogt.name == "Sniper Vogt" and game(app).hidden == (f"character:{vogt.key}",)
        assert "Vogt" not in players_see(app)
        assert "(hidden)" in str(app.screen.query_one("#cast").get_option_at_index(len(game(app).characters) - 1).prompt)
        await keys(app, pilot, "u")  # one step
        assert game(app).hidden == () and vogt.key not in [c.key for c in game(app).characters]


@pytest.mark.covers("km.armies_add_hidden")
async def test_shift_a_in_the_army_builder_adds_an_army_hidden_from_the_start(tmp_path):
    app = km_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4", "A", *"Fen Raiders", "enter", "down", "enter", "enter", *"1", "enter", *"200", "enter", "enter", "enter")
        raiders = game(app).armies[-1]
        assert raiders.name == "Fen Raiders" and game(app).hidden == (f"army:{raiders.key}",)
        assert "Fen Raiders" not in players_see(app)
        await keys(app, pilot, "u")
        assert game(app).hidden == () and raiders.key not in [a.key for a in game(app).armies]


@pytest.mark.covers("sw.cast_hide")
async def test_h_in_the_cast_hides_the_character_under_the_cursor(tmp_path):
    app = sw_app(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4")
        assert isinstance(app.screen, SecondWorldCastScreen)
        await keys(app, pilot, "h")
        assert game(app).hidden == ("character:hale",)
        assert HALE.name not in players_see(app)
        assert "(hidden)" in str(app.screen.query_one("#cast").get_option_at_index(0).prompt)
        await keys(app, pilot, "u")
        assert game(app).hidden == () and HALE.name in players_see(app)


@pytest.mark.covers("km.armies_hide")
async def test_h_in_the_army_builder_hides_an_army(tmp_path):
    app = km_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4")
        assert app.current_mode == "armies"
        selected = app.screen.selected_army()
        await keys(app, pilot, "h")
        assert game(app).hidden == (f"army:{selected.key}",)
        assert selected.name not in players_see(app)
        await keys(app, pilot, "h")
        assert game(app).hidden == () and selected.name in players_see(app)


@pytest.mark.covers("km.hide")
async def test_h_on_the_mat_hides_the_unit_there(tmp_path):
    app = km_app(tmp_path, set_up(muster()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(MatView).cursor = (10, 3)  # the knights
        await pilot.pause()
        await keys(app, pilot, "h")
        assert game(app).hidden == ("army:knights",)
        assert KNIGHTS.name not in players_see(app)
        assert "Knights of Ostmark (hidden)" in str(app.screen.query_one("#legend").render())
        assert "(hidden)" in str(app.screen.query_one("#square").render())
        app.screen.query_one(MatView).cursor = (0, 0)
        await pilot.pause()
        await keys(app, pilot, "h")
        assert game(app).hidden == ("army:knights",)
        assert "no unit on this square to hide" in [n.message for n in app._notifications][-1]
