"""The zone board's leader menu (l), Surrounded and keeping a pin (c):
each entry chosen by keys, its effect on the battle checked, the step
saved, and u/U taking it back and forth."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import ANA, GM, SIR_ANA, ZERO, act, end, fight, roll
from tui.core.systems.fate import events as ev

from tests.ui.fate.play import assert_saved, choose, fate_app, type_line, undo_redo, wait_for
from textual.widgets import OptionList

from tui.ui.shell.dialogs import ChoiceDialog

PIN_PLACES = {"u1": "meadow", "u2": "woods", "u3": "woods", "u4": "hill"}


def _end_if_acting(battle) -> None:
    """An attack ends the turn by itself; anything else is ended by hand."""
    if battle.game.activation is not None:
        end(battle)


async def _menu(app, pilot, key: str, label: str):
    await pilot.press(key)
    await wait_for(app, pilot, ChoiceDialog)
    return await choose(app, pilot, label)


@pytest.mark.covers("fate.leader", "fate.leader.give", "fate.undo", "fate.redo")
async def test_leader_gives_up_their_action_for_a_second_one(tmp_path):
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "l", "Sir Ana gives up their action")
        assert app.battle.game.activation.extra == "leader"
        await undo_redo(app, pilot, before)


@pytest.mark.covers("fate.leader.rally")
async def test_leader_rallies_a_unit_with_no_consequence_by_a_boost(tmp_path):
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "l", "give Pikes of Brannock a boost")
        await type_line(app, pilot, "Steady Now")
        boosts = [a for a in app.battle.game.aspects if a.text == "Steady Now"]
        assert len(boosts) == 1 and boosts[0].kind == "boost" and boosts[0].on == "u1"
        assert app.battle.game.contest is None  # no roll
        await undo_redo(app, pilot, before)


@pytest.mark.covers("fate.leader.recover", "fate.leader.rally")
async def test_leader_rallies_and_recovers_a_unit_with_a_consequence_by_a_will_roll(tmp_path):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=1)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=ZERO, defence=(-1, 0, 0, 0), target="u1", defender="u1", defence_skill="fight")
    battle.record(ev.Resolve(absorb=("mild",), names=("Bloodied",)))
    _end_if_acting(battle)
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.battle.game.consequences_of("u1")
        before = app.battle.game
        await _menu(app, pilot, "l", "remove Bloodied")
        contest = app.battle.game.contest
        assert contest is not None and contest.action == "recover" and contest.active.who == "l1" and contest.active.skill == "will"
        await undo_redo(app, pilot, before)
        await pilot.press("u")
        await pilot.pause()
        await _menu(app, pilot, "l", "give Pikes of Brannock a boost")
        await type_line(app, pilot, "Rally to Me")
        contest = app.battle.game.contest
        assert contest is not None and contest.action == "rally" and contest.active.who == "l1"
        assert_saved(app)


@pytest.mark.covers("fate.leader.leader_attack")
async def test_leader_attacks_a_leader_from_the_menu(tmp_path):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "l", "Sir Ana attacks a leader")
        await choose(app, pilot, "Grak")
        # Grak's player chooses the defence skill; the best is proposed
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert "Grak defends with" in str(dialog._title)
        proposed = dialog._choices[dialog.query_one(OptionList).highlighted].value
        await pilot.press("enter")
        await pilot.pause()
        contest = app.battle.game.contest
        assert contest is not None and contest.action == "leader_attack"
        assert contest.active.who == "l1" and contest.target == "l2"
        assert contest.defence.skill == proposed
        await undo_redo(app, pilot, before)


@pytest.mark.covers("fate.leader.detach", "fate.leader.attach")
async def test_leader_leaves_the_unit_and_joins_it_again(tmp_path):
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "l", "Sir Ana leaves the unit")
        state = app.battle.game
        assert state.place("l1").attached is None and state.zone_of("l1") == "hill"
        await undo_redo(app, pilot, before)
    # An independent leader, acting alone, joins a unit in its zone.
    battle = fight({"u1": "hill", "u2": "hill", "l1": "hill", "u3": "woods", "u4": "woods"}, attach=(("l2", "u3"),))
    act(battle, "l1")
    app = fate_app(tmp_path / "two", battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "l", "Sir Ana joins Pikes of Brannock")
        assert app.battle.game.place("l1").attached == "u1"
        await undo_redo(app, pilot, before)


@pytest.mark.covers("fate.advantage", "fate.advantage.surrounded")
async def test_surrounded_from_the_advantage_menu(tmp_path):
    battle = fight({"u1": "meadow", "u2": "meadow", "u3": "woods", "u4": "meadow"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "c", "Surrounded")
        surrounded = [a for a in app.battle.game.aspects if a.text == "Surrounded"]
        assert len(surrounded) == 1 and surrounded[0].on == "meadow" and surrounded[0].holder == 0
        assert app.battle.game.activation.actions == ("advantage",)
        await undo_redo(app, pilot, before)


@pytest.mark.covers("fate.advantage.maintain", "fate.end_turn")
async def test_keeping_a_pin_from_the_advantage_menu(tmp_path):
    battle = fight(PIN_PLACES, first=1)
    act(battle, "u4")
    roll(battle, "advantage", "u4", "shoot", faces=(1, 1, 0, 0), use="pinned_down", target="u1", aspect="Pinned Down")
    battle.record(ev.Resolve())
    _end_if_acting(battle)
    for actor in ("u1", "u3", "u2"):
        act(battle, actor)
        end(battle)
    # A new round: the Goblins act again; ending this turn would let the pin lapse.
    act(battle, "u4")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game
        await _menu(app, pilot, "c", "keep Pikes of Brannock Pinned Down")
        assert app.battle.game.activation.actions == ("advantage",)
        await undo_redo(app, pilot, before)
        await pilot.press("e")
        await pilot.pause()
        assert app.battle.game.activation is None
        assert [a.on for a in app.battle.game.aspects if a.kind == "pinned_down"] == ["u1"]
        assert_saved(app)



async def test_once_the_leader_has_given_their_action_the_menu_greys_what_needs_it(tmp_path):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    battle.record(ev.SecondAction(source="leader"))
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.menu_entry: c.closed for c in dialog._choices}
        assert closed["give"] and "second action" in closed["give"]
        for entry in ("rally", "leader_attack"):
            assert closed[entry] and "Sir Ana" in closed[entry], (entry, closed)
        assert closed["detach"] is None


async def test_targets_the_rules_refuse_are_greyed_before_anything_is_typed(tmp_path):
    # Sir Ana acts alone: an independent leader can't intimidate units (even with Provoke).
    ana = ANA.model_copy(update={"leaders": (SIR_ANA.model_copy(update={"skills": {**SIR_ANA.skills, "provoke": 1}}),)})
    battle = fight({"u1": "hill", "u2": "hill", "l1": "hill", "u3": "meadow", "u4": "woods"}, attach=(("l2", "u3"),), players=(ana, GM))
    act(battle, "l1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await choose(app, pilot, "Intimidating")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert dialog._choices and all(c.closed and "Sir Ana" in c.closed for c in dialog._choices)
