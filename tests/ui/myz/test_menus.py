"""Every entry of the Mass Combat wave's action menus, chosen by keys on a
battle brought to that step, with its effect on the battle checked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.core.myz.kit import army, choose, fight, leader, new_battle, no_actions, risks, start, support_none, to_battle
from tests.ui.fate.play import enter_option, wait_for
from tests.ui.menu_play import pick, step
from tests.ui.scenes import make_app
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Person
from tui.core.systems.myz.engine import strategy_closed
from tui.core.systems.myz.rules import shipped
from tui.ui.shell.dialogs import NumberDialog
from tui.ui.myz.dialogs import RollDialog
from tui.ui.myz.wave import WaveScreen
from tui.ui.shell.dialogs import ChoiceDialog

RULES = shipped()


def _last(app):
    return app.battle.history.events[app.battle.history.cursor - 1]


async def _open(app, pilot) -> None:
    await pilot.pause()
    assert isinstance(app.screen, WaveScreen)


async def _type_the_check(app, pilot, successes: str, until: str = "", done: bool = True) -> None:
    """Answer a check's dialogs: the person (if asked) and the skill as
    proposed, no helpers, the successes typed in; stop at the ``until`` menu
    (choosing Done there unless ``done`` is false)."""
    for _ in range(6):
        screen = app.screen
        if isinstance(screen, NumberDialog):
            await pilot.press("ctrl+a", "ctrl+k", successes, "enter")
        elif screen.__class__.__name__ == "ChoiceDialog":
            if screen.menu is not None and screen.menu.id == "myz.check":
                await pick(app, pilot, "type")
                continue
            if until and screen.menu is not None and screen.menu.id == until:
                if done:
                    await pick(app, pilot, "done")
                return
            await pilot.press("enter")
        else:
            return
        await pilot.pause()


# -- before the first wave ------------------------------------------------------------


@pytest.mark.covers("wave.step", "myz.reconnaissance.skip")
async def test_the_reconnaissance_can_be_skipped(tmp_path):
    app = make_app(tmp_path, new_battle(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "skip")
        assert _last(app) == ev.Reconnaissance(skip=True)
        assert app.battle.game.stage == "initiative"


@pytest.mark.covers("myz.reconnaissance.roll", "myz.check.type", "myz.check.roll", "dialog.accept", "dialog.push")
async def test_the_reconnaissance_is_rolled_one_check_typed_the_other_rolled_and_pushed(tmp_path):
    app = make_app(tmp_path, new_battle(army(3, people=(leader("Red Boss", skills={"comprehend": "4b4s"}),)), army(3), seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "roll")
        await pick(app, pilot, "roll")  # Red's check: rolled in the app
        dialog = await wait_for(app, pilot, RollDialog)
        assert dialog._can_push
        await pilot.press("p")  # pushed: the dialog comes back with the new faces
        await pilot.pause()
        await wait_for(app, pilot, RollDialog)
        await pilot.press("enter")  # accepted
        await pilot.pause()
        await pick(app, pilot, "type")  # Blue's check: typed from the table
        await wait_for(app, pilot, NumberDialog)
        await pilot.press("2", "enter")
        await pilot.pause()
        recon = _last(app)
        assert isinstance(recon, ev.Reconnaissance) and not recon.skip
        red, blue = recon.checks
        assert red.faces and red.pushed is not None
        assert blue.typed == 2 and not blue.faces


@pytest.mark.parametrize("take", [True, False])
@pytest.mark.covers("myz.ambush.take", "myz.ambush.surprise_only")
async def test_the_reconnaissance_winner_takes_the_ambush_or_only_the_surprise(tmp_path, take):
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=6), ev.SkillCheck(typed=0))))
    assert battle.game.stage == "ambush"
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "take" if take else "surprise_only")
        assert _last(app) == ev.Ambush(take=take)


@pytest.mark.covers("myz.initiative.roll", "myz.initiative.first", "myz.initiative.bonus")
async def test_initiative_rolled_or_given(tmp_path):
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(skip=True))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "roll")
        rolled = _last(app)
        assert isinstance(rolled, ev.Initiative) and rolled.faces and app.battle.game.stage == "wave"
        await pilot.press("u")
        await pilot.pause()
        await step(app, pilot)
        await pick(app, pilot, "first", 1)
        assert _last(app) == ev.Initiative(first=1)
        assert app.battle.game.first == 1
        # a d6 plus a bonus for each leader (RULES-NOTES): asked leader by leader
        await pilot.press("u")
        await pilot.pause()
        await step(app, pilot)
        await pick(app, pilot, "bonus")
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("ctrl+u", "9", "enter")  # the first leader's bonus
        await pilot.pause()
        await pilot.press("enter")  # the second's: 0
        await pilot.pause()
        rolled = _last(app)
        assert isinstance(rolled, ev.Initiative) and rolled.bonuses == (9, 0) and rolled.first == 0 and len(rolled.faces) == 2


# -- the Strategy phase: every strategy ------------------------------------------------


def _at_strategy(key: str):
    """Wave 1's Strategy phase, set up so that ``key`` is open to Red."""
    red = army(3)
    if key == "planned_defense":
        red = army(3, terrain="mountain")  # a defensive advantage from the terrain
    battle = start(red, army(3))
    if key == "rally":
        battle.record(ev.Adjust(side=0, confused=True))  # Rally is only for a CONFUSED force
    risks(battle)
    assert strategy_closed(battle.game, 0, key) is None, key
    return battle


@pytest.mark.parametrize("key", [s.key for s in RULES.strategies])
@pytest.mark.covers(
    "myz.strategy.attack", "myz.strategy.total_attack", "myz.strategy.planned_attack", "myz.strategy.feinted_attack", "myz.strategy.defense", "myz.strategy.total_defense", "myz.strategy.planned_defense", "myz.strategy.rally", "myz.strategy.parley", "myz.strategy.fighting_retreat", "myz.strategy.full_retreat", "myz.strategy.raid", "myz.strategy.skirmish",
)
async def test_each_strategy_is_chosen_in_secret(tmp_path, key):
    app = make_app(tmp_path, _at_strategy(key))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, key)
        if RULES.strategy(key).escapes != "never":
            await pick(app, pilot, "yes")  # a retreat asks first (its own test)
        assert _last(app) == ev.ChooseStrategy(side=0, strategy=key)
        assert app.battle.game.wave.chosen[0] == key


async def test_the_strategy_list_shows_what_each_is_worth_now(tmp_path):
    battle = start(army(3, terrain="mountain", units={"artillery": 1}), army(3))
    risks(battle)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        dialog = await wait_for(app, pilot, ChoiceDialog)
        notes = {c.value: c.note for c in dialog._choices}
        assert notes["attack"] == "offensive  ◎+0"
        assert notes["feinted_attack"] == "offensive  ◎-2"
        assert notes["defense"] == "defensive  ◎+3"  # +1, and +2 for the mountain
        # Artillery Superiority: +1 to Planned Defense, besides its own +1 and the mountain's +2
        assert notes["planned_defense"] == "defensive  ◎+4"


# -- Parley and the truce ----------------------------------------------------------------


def _parley_offered():
    battle = start(army(3), army(3))
    risks(battle)
    choose(battle, "parley", "attack")
    return battle


@pytest.mark.parametrize("accept", [True, False])
@pytest.mark.covers("myz.parley.accept", "myz.parley.decline", "ending.no", "ending.yes")
async def test_a_parley_is_accepted_or_declined(tmp_path, accept):
    app = make_app(tmp_path, _parley_offered())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "accept" if accept else "decline")
        if accept:
            # The parley ends the wave before its End phase: asked first.
            await no_then_yes(app, pilot, "This ends wave 1 before its End phase", lambda: _choose_again(app, pilot, "accept"))
        assert _last(app) == ev.AnswerParley(accept=accept)
        assert (app.battle.game.wave.phase == "truce") is accept


async def _choose_again(app, pilot, entry: str) -> None:
    await step(app, pilot)
    await pick(app, pilot, entry)


async def no_then_yes(app, pilot, question: str, again) -> None:
    """The ending question is up with No highlighted: Enter there records
    nothing; the same choice again, and Yes records it."""
    dialog = await wait_for(app, pilot, ChoiceDialog)
    assert dialog.menu is not None and dialog.menu.id == "ending" and question in str(dialog._title)
    assert dialog._choices[dialog.query_one("OptionList").highlighted].value == "no"
    events = app.battle.history.events
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, WaveScreen) and app.battle.history.events == events
    await again()
    await pick(app, pilot, "yes")
    assert len(app.battle.history.events) == len(events) + 1


@pytest.mark.parametrize(("entry", "event"), [("next", ev.NextWave()), ("end", ev.EndBattle())])
@pytest.mark.covers("myz.truce.next", "myz.truce.end")
async def test_after_a_truce_the_gm_starts_the_next_wave_or_ends_the_battle(tmp_path, entry, event):
    battle = _parley_offered()
    battle.record(ev.AnswerParley(accept=True))
    assert battle.game.wave.phase == "truce"
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, entry)
        if entry == "end":
            await no_then_yes(app, pilot, "This ends the battle", lambda: _choose_again(app, pilot, "end"))
        assert _last(app) == event


# -- the Action phase -----------------------------------------------------------------------


def _at_action(played_by: str = "players"):
    people = (leader("Red Boss", skills={"command": "3b2s", "sneak": "3b2s"}), Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}))
    battle = start(army(3, people=people, played_by=played_by), army(3), seed=5)
    risks(battle)
    choose(battle, "attack", "attack")
    return battle


@pytest.mark.covers("myz.action.none")
async def test_no_action(tmp_path):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "none")
        assert _last(app) == ev.Action(side=0, action="none")


@pytest.mark.covers("myz.action.grant")
async def test_the_gm_grants_an_npc_faction_its_strategy_dice(tmp_path):
    app = make_app(tmp_path, _at_action(played_by="gm"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "grant")
        await wait_for(app, pilot, NumberDialog)
        # "The GM may just give any number": more than a Remarkable Action's 4.
        await pilot.press("backspace", "6", "enter")
        await pilot.pause()
        action = _last(app)
        assert action.side == 0 and action.action == "grant" and action.grant == 6


@pytest.mark.parametrize("kind", ["remarkable", "commando"])
@pytest.mark.covers("myz.action.remarkable", "myz.action.commando")
async def test_a_remarkable_action_or_a_commando_operation(tmp_path, kind):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, kind)
        await _type_the_check(app, pilot, "1")
        action = _last(app)
        assert isinstance(action, ev.Action) and action.side == 0 and action.action == kind
        assert action.check is not None and action.check.typed == 1


@pytest.mark.covers("myz.check.mutation")
async def test_a_mutation_stands_in_for_the_roll_two_mp_per_success(tmp_path):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        for _ in range(4):  # Dora, her skill, no helpers: up to the check menu
            dialog = await wait_for(app, pilot, ChoiceDialog)
            if dialog.menu is not None and dialog.menu.id == "myz.check":
                break
            await pilot.press("enter")
            await pilot.pause()
        await pick(app, pilot, "mutation")
        await wait_for(app, pilot, NumberDialog)
        # an odd point would buy nothing: refused in the dialog, not lost
        await pilot.press("ctrl+a", "ctrl+k", "5", "enter")
        await pilot.pause()
        assert "5: give a multiple of 2" in str(app.screen.query_one(".dialog-error").render())
        await pilot.press("ctrl+a", "ctrl+k", "4", "enter")
        await pilot.pause()
        action = _last(app)
        assert action.check.mutation_points == 4 and action.check.typed == 0 and not action.check.faces
        assert app.battle.game.wave.actions[0].effect.strategy_dice == 2  # 4 MP buy two ☢


async def test_no_mutation_outside_the_action_and_support_phases(tmp_path):
    app = make_app(tmp_path, new_battle(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "roll")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        mutation = next(c for c in dialog._choices if c.value == "mutation")
        assert mutation.closed == "mutation points count only in the Action and Support phases"


async def test_a_skill_with_no_dice_entered_is_typed_not_rolled_in_the_app(tmp_path):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        await wait_for(app, pilot, ChoiceDialog)
        await pilot.press("enter")  # Dora
        skills = await wait_for(app, pilot, ChoiceDialog)
        shown = {c.value: c.note for c in skills._choices}
        assert shown["sneak"] == "4b3s" and all(shown[k] == "— no dice entered" for k in shown if k != "sneak")
        other = next(i for i, c in enumerate(skills._choices) if c.value != "sneak")
        other_key = skills._choices[other].value
        await enter_option(skills, pilot, other)
        helpers = await wait_for(app, pilot, ChoiceDialog)
        await enter_option(helpers, pilot, 0)  # no helpers
        check = await wait_for(app, pilot, ChoiceDialog)
        assert check.menu is not None and check.menu.id == "myz.check"
        roll = next(c for c in check._choices if c.value == "roll")
        assert roll.closed is not None and roll.closed.startswith("Dora has no dice entered for")
        await pick(app, pilot, "type")
        await wait_for(app, pilot, NumberDialog)
        await pilot.press("ctrl+a", "ctrl+k", "2", "enter")
        await pilot.pause()
        action = _last(app)
        assert action.check.skill == other_key and action.check.typed == 2


# -- the Support phase ----------------------------------------------------------------------


def _at_support(confused: bool = False, strategy: str = "attack"):
    people = (
        leader("Red Boss", skills={"command": "3b2s", "inspire": "3b2s"}),
        Person(name="Angus", position="engineer", skills={"jury_rig": "4b3s"}),
        Person(name="Mira", position="medic", skills={"heal": "4b3s"}),
    )
    battle = start(army(3, people=people, units={"artillery": 1}), army(3), seed=9)
    if confused:
        battle.record(ev.Adjust(side=0, confused=True))
        strategy = "rally"
    to_battle(battle, strategy, "attack")
    fight(battle, {"banes": 1, "gear_banes": 1}, {})  # something to repair and to mend
    assert battle.game.wave.phase == "support"
    return battle


async def test_nothing_to_repair_or_mend_is_greyed_out_with_why(tmp_path):
    people = (leader("Red Boss"), Person(name="Angus", position="engineer", skills={"jury_rig": "4b3s"}))
    battle = start(army(3, people=people), army(3), seed=9)
    to_battle(battle, "attack", "attack")
    fight(battle)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        if app.battle.game.order[0] != 0:
            await step(app, pilot)
            await pick(app, pilot, "done")
        await step(app, pilot)
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.value: c.closed for c in dialog._choices}
        assert closed["repair"] == "no damaged Support die to repair" and closed["mend"] == "no ☠ Battle die to mend"


@pytest.mark.covers("myz.support.done")
async def test_support_done_with_nothing(tmp_path):
    app = make_app(tmp_path, _at_support())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        side = app.battle.game.order[0]
        await step(app, pilot)
        await pick(app, pilot, "done")
        assert _last(app) == ev.Support(side=side)


@pytest.mark.parametrize("entry", ["repair", "mend", "rally"])
@pytest.mark.covers("myz.support.repair", "myz.support.mend", "myz.support.rally")
async def test_support_repairs_mends_or_rallies(tmp_path, entry):
    app = make_app(tmp_path, _at_support(confused=entry == "rally"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        if app.battle.game.order[0] != 0:  # Blue first: done
            await step(app, pilot)
            await pick(app, pilot, "done")
        await step(app, pilot)
        await pick(app, pilot, entry)
        await _type_the_check(app, pilot, "2", until="myz.support")
        support = _last(app)
        assert isinstance(support, ev.Support) and support.side == 0
        rolled = getattr(support, entry)
        assert rolled is not None and rolled.typed == 2


# -- the GM's final say ---------------------------------------------------------------------


@pytest.mark.covers("myz.gm.battle_level", "myz.gm.unit")
async def test_the_gm_sets_a_battle_level_and_a_special_unit(tmp_path):
    battle = start(army(3), army(3))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await pilot.press("g")
        await pick(app, pilot, "battle_level")
        await wait_for(app, pilot, NumberDialog)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert _last(app) == ev.Adjust(side=0, battle_level=5)
        assert app.battle.game.forces[0].battle_level == 5
        await pilot.press("g")
        await pick(app, pilot, "unit", ("unit", "artillery"))
        await wait_for(app, pilot, NumberDialog)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.battle.game.forces[0].units.get("artillery") == 2


@pytest.mark.covers("myz.gm.position")
async def test_the_gm_reassigns_a_position_and_the_new_assailant_may_roll(tmp_path):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await pilot.press("g")
        await pick(app, pilot, "position", ("position", 1))
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert [c.value for c in dialog._choices] == ["assailant", "engineer", "medic"]
        await enter_option(dialog, pilot, 1)
        assert _last(app) == ev.Adjust(side=0, positions={1: "engineer"})
        assert app.battle.game.forces[0].army.people[1].position == "engineer"
        # nobody is the assailant now: anyone may stand in, the leader too
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert all(c.closed is None for c in dialog._choices)


async def test_only_the_assailant_rolls_the_action_others_are_greyed_out_with_why(tmp_path):
    app = make_app(tmp_path, _at_action())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Dora"] is None
        assert closed["Red Boss"] == "Red Boss is not the Assailant (that is Dora): others may only help. The GM's final say (g) can reassign positions."


async def test_g_in_the_person_list_makes_someone_else_the_assailant_there_and_then(tmp_path):
    people = (
        leader("Red Boss", skills={"command": "3b2s"}),
        Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}),
        Person(name="Angus", position="engineer", skills={"sneak": "2b1s"}),
    )
    battle = start(army(3, people=people), army(3), seed=5)
    risks(battle)
    choose(battle, "attack", "attack")
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Angus"] is not None and "(g)" in closed["Angus"]
        await pilot.press("g")
        who = await wait_for(app, pilot, ChoiceDialog)
        assert who is not dialog and [c.label for c in who._choices] == ["Angus"]  # not the leader, not Dora
        await pilot.press("enter")
        await pilot.pause()
        assert _last(app) == ev.Adjust(side=0, positions={2: "assailant"})
        again = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.label: c.closed for c in again._choices}
        assert closed["Angus"] is None and closed["Dora"] is None  # both hold the position now


async def test_a_support_roll_made_is_greyed_out_not_silently_rolled_again(tmp_path):
    app = make_app(tmp_path, _at_support())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        if app.battle.game.order[0] != 0:
            await step(app, pilot)
            await pick(app, pilot, "done")
        await step(app, pilot)
        await pick(app, pilot, "repair")
        await _type_the_check(app, pilot, "2", until="myz.support", done=False)
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert dialog.menu is not None and dialog.menu.id == "myz.support"
        repair = next(c for c in dialog._choices if c.value == "repair")
        assert repair.note == "✓" and repair.closed.startswith("rolled: 2 ☢")
        assert next(c for c in dialog._choices if c.value == "mend").closed is None


__all__ = ["no_actions", "replace", "support_none"]


async def test_a_broken_pc_is_greyed_out_as_a_helper_with_why(tmp_path):
    """Refused before, not after: a broken PC is offered as a helper only
    greyed out, saying it is broken."""
    from tui.core.frozen import replace
    from tui.core.history import History

    people = (
        leader("Red Boss", skills={"command": "3b2s", "sneak": "3b2s"}), Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}),
        Person(name="Angus", position="engineer", skills={"sneak": "2b1s"}),
    )
    battle = start(army(3, people=people), army(3), seed=5)
    risks(battle)
    choose(battle, "attack", "attack")
    state = battle.game
    force = state.forces[0]
    broken = replace(force, broken=(False, True, False))   # Dora is broken
    hurt = replace(state, forces=(broken, state.forces[1]))
    history = battle.history
    battle.history = History(history.events, history.cursor, (*history.states[:-1], hurt))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "remarkable")
        for _ in range(3):   # the assailant, then the skill
            if isinstance(app.screen, ChoiceDialog) and app.screen.menu is None and "Helpers" not in str(app.screen._title):
                await pilot.press("enter")
                await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Helpers" in str(app.screen._title)
        dora = next(c for c in app.screen._choices if c.label == "Dora")
        assert dora.closed == "broken"


async def test_a_strategy_that_ends_the_battle_asks_first_with_no_highlighted(tmp_path):
    """Issue 29: a Fighting Retreat taken by a miscounted ↓ ended the battle
    as a Null Battle at once. Now the pick asks first; Enter Enter in a burst
    (the pick, then the question) leaves the battle as it was."""
    from tests.ui.myz.test_wave_text import _to_strategies
    from tests.ui.test_key_bursts import burst, settle

    app = make_app(tmp_path, _to_strategies())
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, "rally")  # the CONFUSED Ark
        await step(app, pilot)
        before = app.battle.history.events
        await pick(app, pilot, "fighting_retreat")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert dialog.menu is not None and dialog.menu.id == "ending" and "This ends the battle" in str(dialog._title)
        burst(app, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, WaveScreen) and app.battle.history.events == before
        assert app.battle.game.stage == "wave"
        # A strategy that ends nothing asks nothing.
        await step(app, pilot)
        await pick(app, pilot, "attack")
        assert isinstance(app.screen, WaveScreen) and _last(app) == ev.ChooseStrategy(side=0, strategy="attack")


@pytest.mark.parametrize("strategy", ["full_retreat", "fighting_retreat"])
async def test_a_retreat_asks_first_as_it_leaves_the_battle_at_the_waves_end(tmp_path, strategy):
    """The second evening: a Full Retreat was taken with no question and
    the battle ended at the End phase ("escaped the battlefield")."""
    battle = start(army(3), army(3))
    risks(battle)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        await step(app, pilot)
        await pick(app, pilot, strategy)
        await no_then_yes(app, pilot, "A retreat: the force leaves the battle", lambda: _choose_again(app, pilot, strategy))
        assert isinstance(_last(app), ev.ChooseStrategy) and _last(app).strategy == strategy


@pytest.mark.covers("undo_seen.no", "undo_seen.yes")
async def test_an_undo_past_the_strategies_reveal_says_the_players_saw_them_and_asks(tmp_path):
    """Issue 29: undo past the moment both strategies were revealed hid them
    again with no word that the players had seen them."""
    from tests.ui.myz.test_wave_text import _to_strategies

    battle = _to_strategies()
    battle.record(ev.ChooseStrategy(side=1, strategy="rally"))
    battle.record(ev.ChooseStrategy(side=0, strategy="attack"))
    assert battle.game.wave.resolution is not None  # both revealed
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        events = app.battle.history.cursor
        await pilot.press("u")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert dialog.menu is not None and dialog.menu.id == "undo_seen" and "The players have seen" in str(dialog._title)
        assert dialog._choices[dialog.query_one("OptionList").highlighted].value == "no"
        await pick(app, pilot, "no")
        assert app.battle.history.cursor == events
        await pilot.press("u")
        await pick(app, pilot, "yes")
        assert app.battle.history.cursor == events - 1 and app.battle.game.wave.resolution is None
        # An undo that hides nothing the players saw asks nothing.
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, WaveScreen) and app.battle.history.cursor == events - 2
