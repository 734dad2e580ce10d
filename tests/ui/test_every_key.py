"""The keys no longer exercised by a whole-flow test elsewhere: switching
modes in each system, quitting, cancelling dialogs, the roller's rarer keys,
the wave's circumstances, and the person and unit dialogs' own keys."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import fight
from tests.core.myz.kit import army, start
from tests.ui.fate.play import fate_app, wait_for
from tests.ui.scenes import make_app
from tests.ui.myz.test_army import go_to, open_army
from tui.core.dice.year_zero import Pool
from tui.core.systems.myz import events as ev
from tui.ui.fate.army_dialogs import UnitDialog
from tui.ui.myz.army_dialogs import PersonDialog
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.shell.settings_screen import SettingsScreen
from tui.ui.shell.start import StartApp

NEAR = {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}


async def _press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


# -- modes -------------------------------------------------------------------------------


@pytest.mark.covers("app.wave", "app.army", "app.roller", "app.summary", "wave.army", "wave.summary")
async def test_mass_combat_mode_keys(tmp_path):
    app = make_app(tmp_path, start(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.current_mode == "wave"
        for key, mode in (("f4", "army"), ("f5", "roller"), ("f6", "summary"), ("f3", "wave")):
            await _press(pilot, key)
            assert app.current_mode == mode, key
        await _press(pilot, "a")
        assert app.current_mode == "army"
        await _press(pilot, "f3", "s")
        assert app.current_mode == "summary"
        # A Fate key does nothing here: the system brings only its own modes.
        assert "field" not in app.MODES


@pytest.mark.covers("app.field")
async def test_fate_mode_keys(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.current_mode == "field"
        await _press(pilot, "f4")
        assert app.current_mode == "army"
        await _press(pilot, "f3")
        assert app.current_mode == "field"
        await _press(pilot, "f5", "f6")  # Year Zero's roller and summary are not Fate's
        assert app.current_mode == "field" and set(app.MODES) == {"field", "army"}


# -- quitting and cancelling ----------------------------------------------------------------


@pytest.mark.covers("app.quit")
async def test_q_saves_frees_the_lock_and_quits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _press(pilot, "r")
        await _press(pilot, "q")
    assert app.session.closed and app.return_code in (None, 0)
    from tui.core.files.loading import load_battle

    assert load_battle(app.session.path).state.rolled


@pytest.mark.covers("start.quit_now")
async def test_ctrl_c_leaves_the_start_screen(tmp_path):
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _press(pilot, "ctrl+c")
    assert app.return_value is None


@pytest.mark.covers("settings.cancel")
async def test_escape_leaves_the_settings_unchanged(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.settings
        await _press(pilot, "f2")
        assert isinstance(app.screen, SettingsScreen)
        await _press(pilot, "escape")
        assert not isinstance(app.screen, SettingsScreen) and app.settings == before


@pytest.mark.covers("dialog.cancel")
async def test_escape_closes_a_dialog_and_takes_no_step(tmp_path):
    app = make_app(tmp_path, start(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events = len(app.battle.history.events)
        await _press(pilot, "enter")  # the Risk phase asks a number
        await wait_for(app, pilot, NumberDialog)
        await _press(pilot, "escape")
        assert not isinstance(app.screen, NumberDialog) and len(app.battle.history.events) == events
        await _press(pilot, "g")  # a menu too
        await wait_for(app, pilot, ChoiceDialog)
        await _press(pilot, "escape")
        assert not isinstance(app.screen, ChoiceDialog) and len(app.battle.history.events) == events


# -- the roller's rarer keys -------------------------------------------------------------------


@pytest.mark.covers("roller.remove_gear", "roller.swap_first", "roller.new_roll")
async def test_roller_removes_support_dice_swaps_initiative_and_clears_a_settled_roll(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pool = app.battle.state.sides[0].pool
        await _press(pilot, "G")
        assert app.battle.state.sides[0].pool == Pool(pool.base, pool.skill, pool.gear - 1)
        first = app.battle.state.first
        await _press(pilot, "i")
        assert app.battle.state.first == 1 - first
        await _press(pilot, "r")
        while not app.battle.state.finished:
            await _press(pilot, "enter")
        results = len(app.battle.state.results)
        await _press(pilot, "c")
        assert not app.battle.state.rolled and len(app.battle.state.results) == results + 1


# -- the wave ---------------------------------------------------------------------------------


@pytest.mark.covers("wave.circumstances", "wave.redo")
async def test_c_sets_the_gms_special_circumstances_and_redo_brings_them_back(tmp_path):
    app = make_app(tmp_path, start(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "c")
        await wait_for(app, pilot, NumberDialog)
        await _press(pilot, "ctrl+a", "ctrl+k", "2", "enter")
        assert app.battle.history.events[-1] == ev.SetCircumstances(side=0, value=2)
        assert app.battle.game.forces[0].circumstances == 2
        await _press(pilot, "u")
        assert app.battle.game.forces[0].circumstances == 0
        await _press(pilot, "U")
        assert app.battle.game.forces[0].circumstances == 2


async def test_c_after_the_battle_roll_says_why_instead_of_doing_nothing(tmp_path):
    from tests.core.myz.kit import fight as myz_fight
    from tests.core.myz.kit import to_battle

    battle = start(army(3), army(3))
    to_battle(battle, "attack", "attack")
    myz_fight(battle, {"successes": 1}, {})
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events = len(app.battle.history.events)
        await _press(pilot, "c")
        assert not isinstance(app.screen, NumberDialog) and len(app.battle.history.events) == events
        assert any("special circumstances are set" in str(n.message) for n in app._notifications)


# -- the person and unit dialogs -----------------------------------------------------------------


@pytest.mark.covers("army.dialog.all_skills", "army.dialog.previous")
async def test_the_person_dialog_shows_every_skill_and_moves_back_a_field(tmp_path):
    from tests.ui.myz.test_army import ghoul_strike_muster

    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await _press(pilot, "a")
        dialog = await wait_for(app, pilot, PersonDialog)
        hidden = len(dialog.query(".-hidden"))
        await _press(pilot, "ctrl+o")
        assert len(dialog.query(".-hidden")) < hidden  # every skill shown
        await _press(pilot, "ctrl+o")
        assert len(dialog.query(".-hidden")) == hidden
        first = app.focused
        await _press(pilot, "down")
        assert app.focused is not first
        await _press(pilot, "up")
        assert app.focused is first
        assert screen is not None


@pytest.mark.covers("fate_army.dialog.previous")
async def test_the_unit_dialog_moves_back_a_field(tmp_path):
    from tests.core.fate.kit import mustered

    app = fate_app(tmp_path, mustered())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "a")
        await wait_for(app, pilot, UnitDialog)
        first = app.focused
        await _press(pilot, "down")
        assert app.focused is not first
        await _press(pilot, "up")
        assert app.focused is first


__all__ = ["go_to"]


async def test_help_shows_only_the_current_systems_keys_and_dice(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _press(pilot, "question_mark")
        from textual.widgets import Static

        text = " ".join(str(part.render()) for part in app.screen.query(Static))
        assert "Fate dice" in text and "Mediocre" in text
        assert "Battle die" not in text and "Push:" not in text
        from tui.ui.shell.help import binding_rows

        ids = {row.binding_id for row in binding_rows(app.screen._under)}
        assert "app.field" in ids and "fate.leader" in ids
        assert not ids & {"app.roller", "app.summary", "app.wave", "roller.push"}


async def test_a_player_with_nothing_is_refused_at_the_muster_where_it_can_be_fixed(tmp_path):
    from tests.core.fate.kit import ANA, GM, mustered
    from tui.core.systems.fate.forces import Player

    app = fate_app(tmp_path, mustered((ANA, GM, Player(name="Empty[/]", side=1, chest=10))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "f3", "n")
        assert app.battle.game.stage == "muster"
        assert any("Empty[/]" in str(n.message) and "no units and no leaders" in str(n.message) for n in app._notifications)


async def test_o_on_the_fate_board_never_opens_the_settings(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.battle.game.activation is None  # overcome does not apply
        await _press(pilot, "o")
        assert not isinstance(app.screen, SettingsScreen)


async def test_keys_queued_behind_quit_start_nothing(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.close_session()
        await _press(pilot, "v")
        assert app.battle.game.activation is None and not app.key_gate._flows


@pytest.mark.covers("summary.wave")
async def test_the_summary_goes_back_to_the_battle_with_w_or_escape(tmp_path):
    app = make_app(tmp_path, start(army(3), army(3)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("w", "escape"):
            await _press(pilot, "s")
            assert app.current_mode == "summary"
            await _press(pilot, key)
            assert app.current_mode == "wave", key
