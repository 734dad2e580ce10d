"""A quick roll anywhere (issue 16, item 15): one key in every system opens
a prompt for any dice the app knows, shows the exact odds as it is typed,
rolls with the battle's seed, keeps the roll in the log (undoable), and
leaves the screen as it was."""

from __future__ import annotations

import pytest

from tui.core.dice.quick import QuickRoll
from tui.ui.shell.quick_roll import QuickRollDialog, QuickRollLine

from tests.ui.fate.play import screen_text, wait_for
from tests.ui.scenes import BATTLES, make_app


def _help(app) -> str:
    return str(app.screen.query_one(".dialog-help").render())


@pytest.mark.covers("app.quick_roll")
@pytest.mark.parametrize("battle", ["demo", "fate", "second-world", "kingmaker"])
async def test_ctrl_d_rolls_any_dice_with_its_odds_and_undo_takes_it_back(tmp_path, battle):
    app = make_app(tmp_path, BATTLES[battle]())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = app.battle.game
        await pilot.press("ctrl+d")
        dialog = await wait_for(app, pilot, QuickRollDialog)
        await pilot.press(*"4dF+2 vs 3")
        await pilot.pause()
        assert _help(app) == "4dF+2 vs 3: fail 62% · tie 20% · success 17% · with style 1%"
        await pilot.press("ctrl+u", *"d20+6 vs 17")
        await pilot.pause()
        assert _help(app) == "d20+6 vs 17: hits 50%"
        await pilot.press("ctrl+u", *"5b2s1g")
        await pilot.pause()
        assert _help(app).startswith("5b2s1g: ☢ ≥1: 77%")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and dialog is not app.screen  # back where it was
        rolled = app.battle.history.done[-1]
        assert isinstance(rolled, QuickRoll) and rolled.expression == "5b2s1g" and len(rolled.faces) == 8
        assert app.battle.game is before  # the battle itself is unchanged
        # The result stays on screen above the keys, on every screen, until the next step.
        line = screen.query_one(QuickRollLine)
        assert line.has_class("-shown") and str(line.render()).startswith("Quick roll: 5b2s1g: ✘")
        lines = screen_text(app).splitlines()
        assert lines[-2].strip().startswith("Quick roll: 5b2s1g: ✘")  # above the keys, which stay
        assert "palette" in lines[-1]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any(isinstance(e, QuickRoll) for e in app.battle.history.done)
        assert not line.has_class("-shown") and "Quick roll" not in screen_text(app)


async def test_a_typo_is_refused_in_one_line_and_the_dialog_stays(tmp_path):
    app = make_app(tmp_path, BATTLES["fate"]())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d")
        await wait_for(app, pilot, QuickRollDialog)
        await pilot.press(*"4dX", "enter")
        await pilot.pause()
        assert isinstance(app.screen, QuickRollDialog)
        assert str(app.screen.query_one(".dialog-error").render()) == "4dX is no dice the app knows: 5b2s1g, 4dF+2 vs 3, d20+6 vs 17 or 2d6"


@pytest.mark.covers("app.quick_roll_f5")
@pytest.mark.parametrize("battle", ["fate", "second-world", "kingmaker"])
async def test_f5_is_the_quick_roll_where_there_is_no_battle_pool_roller(tmp_path, battle):
    app = make_app(tmp_path, BATTLES[battle]())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await wait_for(app, pilot, QuickRollDialog)
        await pilot.press(*"d20", "enter")
        await pilot.pause()
        rolled = app.battle.history.done[-1]
        assert isinstance(rolled, QuickRoll) and rolled.expression == "d20" and 1 <= rolled.faces[0] <= 20


async def test_the_same_quick_roll_after_an_undo_shows_the_same_dice_and_the_report_lists_it(tmp_path):
    from tui.cli.report import report_text

    app = make_app(tmp_path, BATTLES["fate"]())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2):
            await pilot.press("ctrl+d")
            await wait_for(app, pilot, QuickRollDialog)
            await pilot.press("ctrl+u", *"4dF", "enter")
            await pilot.pause()
            faces = app.battle.history.done[-1].faces
            await pilot.press("ctrl+z")
            await pilot.pause()
        assert app.battle.history.done[-1] != QuickRoll(expression="4dF", faces=faces)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.battle.history.done[-1] == QuickRoll(expression="4dF", faces=faces)
        report = report_text(app.session.path, "en")
        assert "## Quick rolls" in report and "- 4dF: \\[" in report
