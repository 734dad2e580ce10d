"""Second World's cast, driven by keys: characters built step by step (PC,
NPC, a group of nameless NPCs of a quality), every derived number on the
sheet, a sheet the ruleset can't play refused on the step that breaks it,
the sides' names, switching between the cast and the map."""

from __future__ import annotations

import pytest

from tests.ui.second_world.test_map import app_for, game, keys, two_rooms
from tui.core.systems.second_world.system import SYSTEM as GAME
from tui.ui.second_world.cast import SecondWorldCastScreen
from tui.ui.second_world.map import SecondWorldMapScreen
from tui.ui.shell.dialogs import TextDialog

KINDS = ["pc", "npc", "average", "fair", "good"]
WEAPONS = ["melee", "light_firearm", "large_firearm", "bow", "heavy_ranged"]


def empty():
    return GAME.new_battle(3)


@pytest.mark.covers("sw.cast_add", "sw.kind.pc", "sw.weapon.light_firearm")
async def test_a_pc_is_built_step_by_step_and_its_sheet_shows_what_the_rules_derive(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SecondWorldCastScreen)  # no cast yet: the cast first
        await keys(app, pilot, "a", *"Sgt. Hale", "enter", "enter", "enter", "down", "enter",
                   *"Shoot +2, Athletics +3, Physique +3", "enter", *"Veteran of the Ardennes; Owes the Colonel", "enter", "enter")
        hale = game(app).characters[0]
        assert (hale.name, hale.side, hale.role, hale.weapon, hale.fate_points) == ("Sgt. Hale", 0, "pc", "light_firearm", 3)
        assert hale.rating("athletics") == 3 and hale.aspects == ("Veteran of the Ardennes", "Owes the Colonel")
        sheet = str(app.screen.query_one("#sheet").render())
        assert "physical stress: 4 boxes" in sheet and "mental stress: 2 boxes" in sheet
        assert "Pistol / light firearm, reach 1" in sheet and "not placed on the map yet" in sheet


@pytest.mark.covers("sw.kind.fair", "sw.weapon.large_firearm")
async def test_a_nameless_group_takes_its_qualitys_skills_or_is_refused_on_that_step(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a", *"Guards", "enter", "down", "enter", "down", "down", "down", "enter", "ctrl+u", "4", "enter",
                   "down", "down", "enter", *"Shoot +3, Notice +1", "enter")
        assert isinstance(app.screen, TextDialog)
        error = str(app.screen.query_one(".dialog-error").render())
        assert "skills at +2, +1" in error
        await keys(app, pilot, "ctrl+u", *"Schießen +2, Wahrnehmung +1", "enter", *"Bored Conscripts", "enter")
        guards = game(app).characters[0]
        assert (guards.side, guards.nameless, guards.members, guards.weapon, guards.fate_points) == (1, "fair", 4, "large_firearm", 0)
        assert "teamwork +3 (4 of them)" in str(app.screen.query_one("#sheet").render())


@pytest.mark.covers("sw.kind.npc", "sw.kind.average", "sw.kind.good", "sw.weapon.melee", "sw.weapon.bow", "sw.weapon.heavy_ranged")
@pytest.mark.parametrize(("kind", "weapon", "skills"), [("npc", "heavy_ranged", "Shoot +4"), ("average", "melee", "Fight +1"), ("good", "bow", "Shoot +3, Stealth +2, Notice +1")])
async def test_every_kind_and_weapon_class_can_be_chosen(tmp_path, kind, weapon, skills):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        members = ["enter"] if kind in ("average", "good") else []
        await keys(app, pilot, "a", *"X", "enter", "enter", *["down"] * KINDS.index(kind), "enter", *members,
                   *["down"] * WEAPONS.index(weapon), "enter", *skills, "enter", "enter", *(["enter"] if kind == "npc" else []))
        made = game(app).characters[0]
        assert (made.nameless or made.role, made.weapon) == (kind, weapon)


@pytest.mark.covers("sw.cast_edit", "sw.cast_remove")
async def test_a_character_is_changed_and_removed(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4")
        assert isinstance(app.screen, SecondWorldCastScreen)
        await keys(app, pilot, "enter", "ctrl+u", *"Sergeant Hale", "enter", "enter", "enter", "enter", "enter", "enter", "enter")
        hale = game(app).character("hale")
        assert hale.name == "Sergeant Hale" and hale.rating("athletics") == 3 and hale.fate_points == 3
        await keys(app, pilot, "down", "d")
        assert [c.key for c in game(app).characters] == ["hale"]


@pytest.mark.covers("sw.sides")
async def test_the_sides_are_named_on_one_line(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "s", "ctrl+u", *"Allies", "enter")
        assert "two to eight sides" in str(app.screen.query_one(".dialog-error").render())
        await keys(app, pilot, *"; Axis; Partisans", "enter")
        assert game(app).sides == ("Allies", "Axis", "Partisans")
        assert "Partisans: 0" in str(app.screen.query_one("#status").render())


@pytest.mark.covers("sw.cast_undo", "sw.cast_redo", "app.sw_map", "app.sw_cast")
async def test_undo_redo_and_switching_between_cast_and_map(tmp_path):
    app = app_for(tmp_path, two_rooms())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SecondWorldMapScreen)
        await keys(app, pilot, "f4", "down", "d")
        assert len(game(app).characters) == 1
        await keys(app, pilot, "u")
        assert len(game(app).characters) == 2
        await keys(app, pilot, "U")
        assert len(game(app).characters) == 1
        await keys(app, pilot, "f3")
        assert isinstance(app.screen, SecondWorldMapScreen)


async def test_the_cast_is_fixed_once_the_conflict_starts(tmp_path):
    from tests.core.second_world.kit import captain_start, scene

    app = app_for(tmp_path, captain_start(scene()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4")
        screen = app.screen
        assert all(screen.check_action(a, ()) is None for a in ("add", "edit", "remove", "sides"))
        assert screen.selected_character().key == "hale"
        assert "stands in Room 1" in str(screen.query_one("#sheet").render())


async def test_a_house_rulesets_weapon_is_offered_and_chosen(tmp_path):
    """A menu of ruleset rows takes the rows of the battle's own ruleset:
    a house copy's extra weapon is offered (it is not the shipped ruleset's)."""
    from tui.core.files.rulesets import find_ruleset

    house = tmp_path / "house.toml"
    text = find_ruleset("second_world").read_text(encoding="utf-8")
    house.write_text(text.replace("[[weapons]]", '[[weapons]]\nkey = "sling"\nname = { en = "Sling", de = "Schleuder" }\nskill = "shoot"\nrange = 1\n\n[[weapons]]', 1), encoding="utf-8")
    app = app_for(tmp_path, GAME.new_battle(3, house))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a", *"Slinger", "enter", "enter", "down", "enter", "enter", *"Shoot +4", "enter", "enter", "enter")
        made = game(app).characters[0]
        assert (made.name, made.weapon) == ("Slinger", "sling")


def test_in_the_conflict_the_sheet_reads_as_it_stands_now():
    """Found in play: a mob's sheet said "teamwork +3 (4 of them)" with three
    standing, and a PC's fate points were those it began with."""
    from tests.core.second_world.kit import GUARDS, HALE, captain_start, scene
    from tui.core.frozen import replace
    from tui.ui.second_world.cast import sheet_text

    battle = captain_start(scene())
    state = battle.game
    state = state.with_fighter("guards", replace(state.fighter("guards"), members_out=1))
    state = state.with_fighter("hale", replace(state.fighter("hale"), fate_points=1))
    assert "(2 of 3 standing)" in sheet_text(state, GUARDS).plain
    assert "fate points: 1 (began with 3)" in sheet_text(state, HALE).plain
    before = scene().game  # the scene: as mustered
    assert "(3 of them)" in sheet_text(before, GUARDS).plain and "fate points: 3" in sheet_text(before, HALE).plain


def test_in_the_conflict_the_sheet_shows_what_is_in_play_on_the_character():
    """A boost from an overcome with style showed nowhere but the story
    (Second World playthrough)."""
    from tests.core.second_world.kit import HALE, captain_start, scene
    from tui.ui.second_world.cast import sheet_text

    state = captain_start(scene()).game
    state = state.with_aspect("Fresh Ammo Belts", "hale", "boost", free=1, holder=0)
    state = state.with_aspect("Grazed", "hale", "consequence", free=1, holder=1)
    text = sheet_text(state, HALE).plain
    assert "Fresh Ammo Belts (boost) · a free invoke for Commandos" in text
    assert "Grazed (consequence) · a free invoke for Garrison" in text
