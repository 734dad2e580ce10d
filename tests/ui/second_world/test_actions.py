"""Second World's four actions on the map, driven by keys: an attack's
target and skill in one list with the chance to hit (or why not), overcome
and create an advantage with the chances of each skill, resolving the roll
(boosts, a hit with style), and absorbing a hit."""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import scene
from tests.ui.second_world.test_map import app_for, game, keys
from tui.core.systems.second_world import events as ev
from tui.ui.shell.dialogs import ChoiceDialog

ZERO = (0, 0, 0, 0)


def turn_of(key: str, first: int):
    battle = scene()
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=first))
    battle.record(ev.BeginTurn(key=key))
    return battle


@pytest.mark.covers("sw.attack")
async def test_an_attack_lists_targets_and_skills_with_the_chance_to_hit_or_why_not(tmp_path):
    app = app_for(tmp_path, turn_of("guards", first=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        by_label = {c.label: c for c in dialog._choices}
        shoot = by_label["Vasquez · Shoot +4"]
        assert shoot.closed is None and "success" in shoot.note and "%" in shoot.note
        assert "no line of fire" in by_label["Sgt. Hale · Shoot +4"].closed
        assert "another zone" in by_label["Vasquez · Fight +2"].closed
        index = dialog._choices.index(shoot)
        await keys(app, pilot, *["down"] * sum(1 for c in dialog._choices[:index] if c.closed is None), "enter")
        pending = game(app).pending
        assert (pending.action, pending.target, pending.actor.skill, pending.defence.skill) == ("attack", "vasquez", "shoot", "athletics")


@pytest.mark.covers("sw.resolve", "sw.absorb.box", "sw.absorb.done")
async def test_a_hit_is_absorbed_with_a_box_or_with_consequences(tmp_path):
    battle = turn_of("guards", first=1)
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=ZERO, target="vasquez", defence_skill="athletics", defence_faces=ZERO))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "+4" in str(app.screen.query_one("#roll").render())
        await keys(app, pilot, "r")  # 2 shifts: the absorb dialog opens at once
        dialog = app.screen
        assert dialog._title == "Vasquez takes the hit: 2 shifts left to absorb"
        labels = [(c.label, c.closed) for c in dialog._choices]
        assert labels[0][0] == "Stress box 1" and "at most" in labels[0][1]
        await keys(app, pilot, "enter")  # box 2, the first open option
        assert game(app).fighter("vasquez").checked("physical") == (2,) and game(app).hit is None


@pytest.mark.covers("sw.absorb.consequence", "sw.style.full")
async def test_consequences_absorb_a_big_hit(tmp_path):
    battle = turn_of("guards", first=1)
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(1, 1, 0, 0), target="vasquez", defence_skill="athletics", defence_faces=ZERO))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r", "enter")  # with style: the full hit of 4
        assert game(app).hit.shifts == 4
        dialog = app.screen
        consequences = [c for c in dialog._choices if c.label.startswith("A moderate")]
        index = [c for c in dialog._choices if c.closed is None].index(consequences[0])
        await keys(app, pilot, *["down"] * index, "enter", *"Bad Leg", "enter")
        assert app.screen._title == "Vasquez takes the hit: 0 shifts left to absorb"
        await keys(app, pilot, "enter")  # absorbed
        assert dict(game(app).fighter("vasquez").consequences) == {"moderate": "Bad Leg"}


@pytest.mark.covers("sw.absorb.out", "sw.style.boost")
async def test_a_hit_with_style_traded_for_a_boost_and_the_target_taken_out(tmp_path):
    battle = turn_of("guards", first=1)
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(1, 1, 1, 1), target="vasquez", defence_skill="athletics", defence_faces=ZERO))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r", "down", "enter", *"Rattled", "enter")
        assert game(app).hit.shifts == 5 and game(app).aspects[0].text == "Rattled"
        await keys(app, pilot, "end", "enter")
        assert game(app).fighter("vasquez").out


async def test_a_tie_asks_for_the_boost_and_escape_leaves_the_roll(tmp_path):
    battle = turn_of("guards", first=1)
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(-1, -1, 0, 0), target="vasquez", defence_skill="athletics", defence_faces=ZERO))
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r", "escape")
        assert game(app).pending is not None
        await keys(app, pilot, "r", *"Pinned", "enter")
        assert game(app).pending is None and game(app).aspects[0].text == "Pinned"


@pytest.mark.covers("sw.overcome", "sw.overcome_against.difficulty")
async def test_overcome_asks_the_difficulty_then_the_skill_with_its_chances(tmp_path):
    app = app_for(tmp_path, turn_of("hale", first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "o", "enter", "ctrl+u", "3", "enter")
        dialog = app.screen
        assert dialog._choices[0].label == "Athletics +3" and "tie 23%" in dialog._choices[0].note and "invoking +2: succeeds 81%" in dialog._choices[0].note
        await keys(app, pilot, "enter")
        pending = game(app).pending
        assert (pending.action, pending.actor.skill, pending.difficulty) == ("overcome", "athletics", 3)
        await keys(app, pilot, "r")
        assert game(app).pending is None and game(app).notes.latest(1)[0].key == "sw.note.outcome"


@pytest.mark.covers("sw.advantage", "sw.advantage_on.zone", "sw.advantage_on.character")
async def test_an_advantage_on_a_zone_or_on_a_character(tmp_path):
    app = app_for(tmp_path, turn_of("hale", first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "c", "enter", "enter", "ctrl+u", "2", "enter", *"Blind Corner", "enter", "enter")
        pending = game(app).pending
        assert (pending.action, pending.zone, pending.aspect, pending.difficulty, pending.actor.skill) == ("advantage", "z1", "Blind Corner", 2, "athletics")
        app.battle.undo()
        await pilot.pause()
        await keys(app, pilot, "c", "down", "enter")
        targets = [c.label for c in app.screen._choices]
        assert targets == ["Vasquez", "Guards", "MG Gunner"]
        await keys(app, pilot, "down", "enter", "enter", *"Spooked", "enter", "enter")
        pending = game(app).pending
        assert (pending.target, pending.defence.key, pending.aspect) == ("guards", "guards", "Spooked")


async def test_an_attack_shows_the_skill_as_rolled_and_the_card_the_aspects_in_play(tmp_path):
    battle = scene()
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None))
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=0))
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.FreeMove(key="hale", to="z2"))  # -1 on Shoot this turn
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a")
        assert any(c.label == "Guards · Shoot +1" for c in app.screen._choices)
        await keys(app, pilot, "escape", "c", "enter", "enter", "ctrl+u", "0", "enter", *"Covering Fire", "enter", "enter")
        assert "r: resolve" in str(app.screen.query_one("#roll").render())
        app.battle.undo()
        app.battle.record(ev.ActionRoll(counter=app.battle.game.counter, key="hale", action="advantage", skill="athletics", faces=(1, 1, 1, 1), difficulty=0, zone="z2", aspect="Covering Fire"))
        await pilot.pause()
        await keys(app, pilot, "r")
        from tui.ui.widgets.zone_board import ZoneBoard

        app.screen.query_one(ZoneBoard).cursor = (1, 0)
        await pilot.pause()
        assert "Covering Fire (2× free)" in str(app.screen.query_one("#card").render())


@pytest.mark.covers("sw.overcome_against.character")
async def test_overcome_against_a_character_who_opposes_it(tmp_path):
    app = app_for(tmp_path, turn_of("hale", first=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "o", "down", "enter", "enter", "enter", "enter")  # Vasquez, with Fight (her best), Hale's Athletics
        pending = game(app).pending
        assert (pending.action, pending.target, pending.defence.skill, pending.actor.skill) == ("overcome", "vasquez", "fight", "athletics")


def _overcome(difficulty: int, action: str = "overcome"):
    """Hale (Athletics +3) rolls zeroes against ``difficulty``."""
    battle = turn_of("hale", first=0)
    extra = {"zone": "z1", "aspect": "High Ground"} if action == "advantage" else {}
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="hale", action=action, skill="athletics", faces=ZERO, difficulty=difficulty, **extra))
    return battle


@pytest.mark.covers("sw.outcome.fail", "sw.outcome.cost")
async def test_an_overcome_failed_asks_fail_or_a_serious_cost(tmp_path):
    app = app_for(tmp_path, _overcome(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog._title == "Overcome: fails. What happens?"
        assert [c.label for c in dialog._choices] == ["It fails", "It succeeds at a serious cost (the GM names it)"]
        await keys(app, pilot, "down", "enter", *"Radio smashed", "enter")
        note = game(app).notes.latest(1)[0]
        assert note.key == "sw.note.serious_cost" and dict(note.params)["cost"] == "Radio smashed"
        assert game(app).pending is None
        await keys(app, pilot, "ctrl+z")
        await keys(app, pilot, "r", "enter")
        assert game(app).notes.latest(1)[0].key == "sw.note.failed"


@pytest.mark.covers("sw.outcome.opposition_boost")
async def test_an_overcome_tied_can_give_the_opposition_a_boost(tmp_path):
    app = app_for(tmp_path, _overcome(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r")
        assert [c.label for c in app.screen._choices] == ["It succeeds at a minor cost (the GM names it)", "It succeeds, and Garrison get a boost"]
        await keys(app, pilot, "down", "enter", *"Spotted", "enter")
        boost = game(app).aspects[-1]
        assert (boost.text, boost.holder) == ("Spotted", 1)


async def test_an_overcome_with_style_names_its_boost(tmp_path):
    app = app_for(tmp_path, _overcome(0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r", *"Second Wind", "enter")
        boost = game(app).aspects[-1]
        assert (boost.text, boost.holder) == ("Second Wind", 0)


@pytest.mark.covers("sw.outcome.no_aspect", "sw.outcome.aspect_to_opposition")
async def test_an_advantage_failed_makes_no_aspect_or_gives_its_invoke_away(tmp_path):
    app = app_for(tmp_path, _overcome(5, "advantage"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "r")
        assert [c.label for c in app.screen._choices] == ["No aspect", "High Ground is made, its free invoke for Garrison"]
        await keys(app, pilot, "down", "enter")
        aspect = game(app).aspects[-1]
        assert (aspect.text, aspect.holder, aspect.free) == ("High Ground", 1, 1)
        await keys(app, pilot, "ctrl+z", "r", "enter")
        assert game(app).aspects == () and game(app).notes.latest(1)[0].key == "sw.note.no_aspect"
