"""Dice at the table in Second World (issue 29: each side its own dice):
``D`` marks the sides whose players roll their own Fate dice; an attack asks
for the attacker's and the defender's faces where their side is at the
table, a move roll and an invoke's reroll too; an empty line lets the app
roll."""

from __future__ import annotations

import pytest

from tests.ui.menu_play import pick
from tests.ui.second_world.test_actions import turn_of
from tests.ui.second_world.test_map import app_for, game, keys
from tui.core.files.loading import load_battle
from tui.core.systems.second_world import events as ev
from tui.ui.shell.dialogs import ChoiceDialog
from tui.ui.shell.table_dice import TableDiceDialog


def _last(app):
    return app.battle.history.events[app.battle.history.cursor - 1]


@pytest.mark.covers("sw.table_dice")
async def test_shift_d_puts_a_side_at_the_table_and_its_attack_asks_for_the_faces(tmp_path):
    app = app_for(tmp_path, turn_of("guards", first=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        side = game(app).character("guards").side
        await keys(app, pilot, "D")
        await pick(app, pilot, f"side_{side}")
        await pilot.pause()
        assert app.battle.meta.table == (side,)
        assert load_battle(app.session.path).meta.table == (side,)
        seeded = app.battle.dice(2)
        await keys(app, pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        shoot = next(c for c in dialog._choices if c.label == "Vasquez · Shoot +4")
        index = dialog._choices.index(shoot)
        await keys(app, pilot, *["down"] * sum(1 for c in dialog._choices[:index] if c.closed is None), "enter")
        assert isinstance(app.screen, TableDiceDialog)  # the guards' side: at the table
        await keys(app, pilot, *"+0-+", "enter")
        rolled = _last(app)
        assert isinstance(rolled, ev.ActionRoll) and rolled.faces == (1, 0, -1, 1) and rolled.table == ("faces",)
        assert rolled.defence_faces == seeded[1]  # Vasquez's side: the app rolls


def test_a_move_roll_and_a_reroll_take_typed_faces():
    battle = turn_of("guards", first=1)
    moved = battle.move_roll("guards", (1, 1, 1, 1))
    assert moved.faces == (1, 1, 1, 1) and moved.table


def test_the_roll_on_the_table_shows_the_defenders_dice_too():
    """The playthrough: the defender's dice were rolled and saved but never shown."""
    from tui.core.systems.second_world.public import FACE, roll_lines

    battle = turn_of("guards", first=1)
    battle.action_roll("guards", "attack", "shoot", target="vasquez", defence_skill="athletics", typed_defence=(1, -1, 0, 1))
    lines = roll_lines(battle.game)
    shown = " ".join(FACE[f] for f in (1, -1, 0, 1))
    assert any(line.startswith("against Vasquez") and f"[{shown}]" in line for line in lines), lines
