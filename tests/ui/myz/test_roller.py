"""The Battle Pool roller driven from the keyboard, as a GM would."""

from __future__ import annotations

import pytest

from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool
from tui.core.files.loading import load_battle
from tui.core.files.storage import open_session
from tui.ui.myz.dialogs import PoolDialog
from tui.ui.shell.dialogs import TextDialog as NameDialog
from tui.ui.shell.help import HelpScreen
from tui.ui.myz.widgets.dice_tray import DiceTray
from tui.ui.myz.widgets.pool_panel import PoolPanel
from tui.ui.myz.widgets.result_bar import ResultBar

from tests.ui.scenes import ghoul_strike, make_app


def saved(app) -> Battle:
    return load_battle(app.session.path)


def assert_lock_free(app) -> None:
    """The app let go of its battle: a new session opens it writable."""
    again = open_session(app.session.path)
    try:
        assert not again.read_only
    finally:
        again.close()


@pytest.mark.covers("roller.add_base", "roller.add_skill", "roller.add_gear", "roller.switch_side", "roller.remove_skill", "roller.remove_base")
async def test_build_pools_from_the_keyboard(tmp_path):
    battle = Battle.new("Empty", ("Left", "Right"), seed=3)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b", "b", "s", "g", "tab", "b", "S")
        await pilot.pause()
        sides = app.battle.state.sides
        assert sides[0].pool == Pool(2, 1, 1)
        assert sides[1].pool == Pool(1, 0, 0)  # S on an empty count is refused
        await pilot.press("B")
        await pilot.pause()
        assert app.battle.state.sides[1].pool == Pool(0, 0, 0)
        # every change is on disk already
        assert saved(app).state.sides[0].pool == Pool(2, 1, 1)


@pytest.mark.covers("roller.roll", "roller.push", "roller.undo", "roller.redo", "roller.settle")
async def test_roll_push_settle_and_undo(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.check_action("push", ()) is None  # greyed: nothing rolled
        await pilot.press("r")
        await pilot.pause()
        state = app.battle.state
        assert state.rolled and state.turn == 1  # the Ark has the initiative
        skill_before = state.sides[1].roll.strategy_dice_left()
        await pilot.press("p")
        await pilot.pause()
        state = app.battle.state
        assert state.sides[1].roll.pushes == 1
        assert state.sides[1].roll.strategy_dice_left() == skill_before - 1
        assert state.turn == 0
        # the push is drawn: the history shows the first roll and the push
        history = app.screen.query_one("#side-1", PoolPanel).query_one(".history").render()
        assert "Push 1" in str(history)
        while not app.battle.state.finished:
            await pilot.press("enter")
            await pilot.pause()
        result = app.battle.state.result()
        bar = str(app.screen.query_one(ResultBar).render())
        if result.winner is None:
            assert "Tie" in bar
        else:
            assert f"{result.names[result.winner]} wins by {result.margin}" in bar
        assert saved(app).state.finished
        await pilot.press("u")
        await pilot.pause()
        assert not app.battle.state.finished
        assert not saved(app).state.finished
        await pilot.press("U")
        await pilot.pause()
        assert app.battle.state.finished


@pytest.mark.covers("roller.type_pool")
async def test_pool_typed_with_a_typo_says_where(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, PoolDialog)
        await pilot.press("ctrl+a", "ctrl+k", *"5b2x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PoolDialog)  # still open, error shown
        error = str(app.screen.query_one(".dialog-error").render())
        assert "unknown die 'x' at column 4" in error
        await pilot.press("backspace", "s", "1", "g", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PoolDialog)
        assert app.battle.state.sides[0].pool == Pool(5, 2, 1)


async def test_e_after_the_roll_says_the_pool_is_fixed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert app.battle.state.rolled
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, PoolDialog)
        assert any("The pool is fixed once rolled" in str(n.message) for n in app._notifications)


@pytest.mark.covers("roller.type_dice")
async def test_a_roll_and_a_push_made_with_real_dice_are_typed_face_by_face(tmp_path):
    from tui.core.dice.year_zero import DieKind
    from tui.ui.myz.dialogs import FacesDialog

    battle = Battle.new("Table", ("Left", "Right"), (Pool(3, 2, 1), Pool(2, 1, 0)), seed=3)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, FacesDialog)
        await pilot.press(*"351/62", "enter")  # the Support die forgotten
        await pilot.pause()
        assert isinstance(app.screen, FacesDialog)
        error = str(app.screen.query_one(".dialog-error").render())
        assert error == "groups split by /: 2, kinds of dice: 3 (3× Battle, 2× Strategy, 1× Support)"
        await pilot.press("ctrl+a", "ctrl+k", *"3 5 1 / 6 2 / 4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FacesDialog)  # now Right's dice
        await pilot.press(*"24 3", "enter")  # no / needed: taken in pool order
        await pilot.pause()
        roll = app.battle.history.events[app.battle.history.cursor - 1]
        assert roll.typed and roll.sides[0].base == (3, 5, 1) and roll.sides[0].skill == (6, 2) and roll.sides[0].gear == (4,)
        assert roll.sides[1].base == (2, 4) and roll.sides[1].skill == (3,)
        state = app.battle.state
        assert state.sides[0].roll.successes == 1 and state.sides[0].roll.banes == 1
        # Left acts first: its push pays the plain Strategy die (2) and
        # rerolls the 3 and the 5 and the 4: the ☢ and the ☠ stay.
        assert app.battle.push_counts() == {DieKind.BASE: 2, DieKind.SKILL: 0, DieKind.GEAR: 1}
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, FacesDialog)
        await pilot.press(*"6 6 / 1", "enter")
        await pilot.pause()
        push = app.battle.history.events[app.battle.history.cursor - 1]
        assert push.typed and push.faces == (6, 6, 1)
        left = app.battle.state.sides[0].roll
        assert left.pushes == 1 and left.successes == 3 and left.gear_banes == 1
        assert saved(app).state.sides[0].roll == left  # on disk, replayed from the log


@pytest.mark.covers("roller.type_dice")
async def test_each_side_types_its_dice_or_lets_the_app_roll_and_esc_keeps_the_other(tmp_path):
    """Issue 29: the players type their physical dice while the app rolls
    the NPC side; Esc on the second side keeps the first side's faces; the
    whole of it in one burst, as a slow link delivers it."""
    from tests.ui.test_key_bursts import burst, settle
    from tui.ui.myz.dialogs import FacesDialog

    battle = Battle.new("Table", ("Ghouls", "Ark"), (Pool(3, 4, 1), Pool(2, 3, 1)), seed=3)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events = len(app.battle.history.events)
        # The Ghouls' faces typed, then Esc on the Ark's: nothing rolled, the Ghouls' kept.
        burst(app, "t", *"2 3 4 / 6 1 2 5 / 5", "enter", "escape")
        await settle(app, pilot)
        assert len(app.battle.history.events) == events
        assert any("Faces kept for Ghouls (2 3 4 / 6 1 2 5 / 5)" in n.message for n in app._notifications)
        # t asks only for the Ark now, saying what is kept; an empty line: the app rolls the Ark's dice.
        burst(app, "t")
        await settle(app, pilot)
        assert isinstance(app.screen, FacesDialog) and "Ark" in str(app.screen._title)
        assert "Kept for Ghouls: 2 3 4 / 6 1 2 5 / 5." in app.screen._help
        burst(app, "enter")
        await settle(app, pilot)
        roll = app.battle.history.events[-1]
        assert roll.typed and roll.table == (True, False)
        assert (roll.sides[0].base, roll.sides[0].skill, roll.sides[0].gear) == ((2, 3, 4), (6, 1, 2, 5), (5,))
        assert (len(roll.sides[1].base), len(roll.sides[1].skill), len(roll.sides[1].gear)) == (2, 3, 1)
        # Undone, the kept faces are gone with the roll they belonged to: t asks both sides again.
        burst(app, "u", "t")
        await settle(app, pilot)
        assert isinstance(app.screen, FacesDialog) and "Ghouls" in str(app.screen._title)


@pytest.mark.covers("roller.rename")
async def test_names_are_shown_literally_never_as_markup(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for side, name in ((0, "Ogre[/]"), (1, "[@click=app.quit]x[/]")):
            if app.screen.selected != side:
                await pilot.press("tab")
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NameDialog)
            await pilot.press("ctrl+a", "ctrl+k", *name, "enter")
            await pilot.pause()
        assert [s.name for s in app.battle.state.sides] == ["Ogre[/]", "[@click=app.quit]x[/]"]
        panel = app.screen.query_one("#side-1", PoolPanel)
        # the title holds the name as text: read back as markup it is the name again
        from textual.content import Content

        assert Content.from_markup(panel.border_title).plain.endswith("[@click=app.quit]x[/]")
        # clicking the title must not run the action hidden in the name
        await pilot.click("#side-1", offset=(6, 0))
        await pilot.press("r")
        while not app.battle.state.finished:
            await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
        bar = str(app.screen.query_one(ResultBar).render())
        assert "Ogre[/] 0" in bar or "Ogre[/] " in bar.split("against")[0]


async def test_spent_strategy_die_stays_visible(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "p")
        await pilot.pause()
        tray = app.screen.query_one("#side-1", PoolPanel).query_one(DiceTray)
        spent = [cell for _, cells in tray.rows() for cell in cells if cell[1] == "spent"]
        assert len(spent) == 1


async def test_push_out_of_strategy_dice_is_refused_with_a_reason(tmp_path):
    battle = Battle.new("No strategy", ("A", "B"), (Pool(2, 1, 0), Pool(2, 0, 0)), seed=5)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "p")
        await pilot.pause()
        assert app.battle.state.sides[0].roll.pushes == 1
        # A has no Strategy die left and B never had one: the roll is over
        assert app.battle.state.finished
        assert app.screen.check_action("push", ()) is None


async def test_second_window_on_the_same_battle_is_read_only(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        other = open_session(app.session.path)
        try:
            assert other.read_only
            assert other.notice and "open in another masscombat" in other.notice
        finally:
            other.close()
        await pilot.press("r")
        await pilot.pause()
        assert app.battle.state.rolled


async def test_read_only_app_refuses_changes(tmp_path):
    first = make_app(tmp_path)
    second_session = open_session(first.session.path)
    from tui.ui.app import MassCombatApp
    from tui.ui.settings import Settings

    app = MassCombatApp(second_session, Settings(), None)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.read_only
            assert app.screen.check_action("roll", ()) is None
            await pilot.press("r", "b")
            await pilot.pause()
            assert not app.battle.state.rolled
            assert "read-only" in app.title
    finally:
        second_session.close()
        first.session.close()


@pytest.mark.covers("app.help", "help.close")
async def test_help_lists_every_roller_key_with_its_id(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        from tui.ui.shell.help import binding_rows

        ids = {row.binding_id for row in binding_rows(app.screen_stack[-2])}
        for expected in ("roller.roll", "roller.push", "roller.settle", "roller.undo", "roller.redo", "app.help", "app.settings", "app.quit"):
            assert expected in ids
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_palette_offers_only_what_fits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert "Roll" in titles and "Push" not in titles and "Settle" not in titles
        await pilot.press("r")
        await pilot.pause()
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert "Push" in titles and "Settle" in titles and "Roll" not in titles
        # running a palette command acts like its key
        push = next(c for c in app.get_system_commands(app.screen) if c.title == "Push")
        await push.callback()
        await pilot.pause()
        assert app.battle.state.sides[1].roll.pushes == 1


@pytest.mark.covers("app.settings", "settings.save")
async def test_settings_switch_language_and_glyphs(tmp_path):
    app = make_app(tmp_path)
    app.settings_file = tmp_path / "settings.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        app.screen._current = app.settings  # the dialog edits a copy
        from textual.widgets import Select

        app.screen.query_one("#language", Select).value = "de"
        app.screen.query_one("#glyphs", Select).value = "ascii"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.language == "de" and app.glyphs.name == "ascii"
        assert "Schlachtpool" in app.screen.sub_title
        assert (tmp_path / "settings.toml").read_text().count('language = "de"') == 1
        footer_text = " ".join(str(k.render()) for k in app.screen.query("FooterKey"))
        assert "Würfeln" in footer_text
        pool_line = str(app.screen.query_one("#side-0", PoolPanel).query_one(".pool-line").render())
        assert "B3" in pool_line and "S4" in pool_line
        await pilot.press("r")
        await pilot.pause()
        assert "strapazieren" in str(app.screen.query_one(ResultBar).render())


@pytest.mark.covers("app.quit_now")
async def test_ctrl_c_saves_and_quits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert saved(app).state.rolled
    assert_lock_free(app)


def test_ghoul_strike_scene_pools_match_the_text():
    battle = ghoul_strike()
    assert [s.pool.notation() for s in battle.state.sides] == ["3b4s1g", "2b3s1g"]
    assert battle.state.first == 1


async def test_language_switch_alone_redraws_the_panels(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        odds = app.screen.query_one("#side-0", PoolPanel).query_one(".odds")
        assert "at least one" in str(odds.render())
        app.apply_settings(app.settings.model_copy(update={"language": "de"}))
        await pilot.pause()
        assert "mindestens ein" in str(odds.render())


async def test_a_hangup_saves_frees_the_lock_and_exits(tmp_path):
    import signal

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        # as the event loop would: the handler runs as a callback on the app's loop
        app.call_later(app.answer_signal, signal.SIGHUP)
    assert app.return_code == 128 + signal.SIGHUP
    assert saved(app).state.rolled
    assert_lock_free(app)


async def test_a_greyed_roller_key_says_why_when_pressed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("push", ()) is None
        await pilot.press("p")
        await pilot.pause()
        assert any(str(n.message) == "no roll on the table" for n in app._notifications)


async def test_a_side_too_narrow_for_its_name_in_the_odds_bar_keeps_its_start(tmp_path):
    """The helper saw "15%   tie 17%   The Ark 67%": the first side unnamed."""
    from dataclasses import replace as swap
    from fractions import Fraction

    from tui.core.dice.odds import Opposed

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(ResultBar)
        names = [s.name for s in app.battle.state.sides]
        bar.view = swap(bar.view, opposed=Opposed(Fraction(1, 10), Fraction(2, 10), Fraction(7, 10), {}))
        await pilot.pause()
        shown = str(bar.render()).splitlines()[-1]
        assert shown.startswith(names[0][:3]) and "… 10%" in shown and f"{names[1]} 70%" in shown
        bar.view = swap(bar.view, opposed=Opposed(Fraction(1, 25), Fraction(2, 25), Fraction(22, 25), {}))
        await pilot.pause()
        shown = str(bar.render()).splitlines()[-1]
        assert shown.startswith("4%")  # three letters don't fit: the percentage alone


@pytest.mark.parametrize("name", ["The Ark", "The Ark of the Long Winter Dawn"])
async def test_the_settle_and_push_rows_are_in_sight_at_80_columns_whatever_the_names(tmp_path, name):
    """The line over the odds grew ("… may still push:") and wrapped, and the
    odds box's fixed four lines lost the "push now" row (the playthrough)."""
    from tests.ui.scenes import ghoul_strike, make_app

    battle = ghoul_strike()
    battle.rename(1, name)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "p")
        await pilot.pause()
        state = app.battle.state
        acting = state.turn
        assert acting is not None
        roll = state.sides[acting].roll
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "settle now" in shown
        assert roll.can_push and "push now" in shown
