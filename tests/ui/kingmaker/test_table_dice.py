"""Dice at the table in Kingmaker (issue 29: each side its own dice): ``D``
marks the sides whose players roll their own d20s; their attacks ask for
one face per attack and their Morale checks for the face (the Hold the
Line second roll too); an empty line lets the app roll; Esc rolls nothing."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import to_phase
from tests.ui.kingmaker.play import app_for, game, keys
from tests.ui.kingmaker.test_mat import at, clash_battle, hold_the_line, last
from tests.ui.menu_play import pick
from tui.core.files.loading import load_battle
from tui.core.systems.kingmaker import events as ev
from tui.ui.shell.dialogs import NumberDialog
from tui.ui.shell.table_dice import TableDiceDialog


@pytest.mark.covers("km.table_dice")
async def test_shift_d_puts_a_side_at_the_table_and_its_melee_asks_one_face_per_attack(tmp_path):
    battle = clash_battle()
    to_phase(battle, "melee")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        side = game(app).army("knights").side
        await keys(app, pilot, "D")
        await pick(app, pilot, f"side_{side}")
        await pilot.pause()
        assert load_battle(app.session.path).meta.table == (side,)
        at(app, 10, 6)  # the knights, in contact with the warband
        await keys(app, pilot, "x", "enter")
        assert isinstance(app.screen, NumberDialog)
        await keys(app, pilot, "enter")  # both attacks
        assert isinstance(app.screen, TableDiceDialog)
        await keys(app, pilot, *"20 3", "enter")
        event = last(app)
        assert isinstance(event, ev.Attack) and event.faces == (20, 3) and event.table


def _knights_at_the_table(tmp_path):
    """The knights owe a Morale check (Hold the Line), their side rolling at the table."""
    battle = hold_the_line()
    battle.meta = battle.meta.model_copy(update={"table": (battle.game.army("knights").side,)})
    return app_for(tmp_path, battle)


async def test_a_morale_check_at_the_table_takes_the_typed_face_and_the_hold_the_line_second(tmp_path):
    app = _knights_at_the_table(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "k", "enter")  # roll
        assert isinstance(app.screen, TableDiceDialog)
        await keys(app, pilot, *"2", "enter")  # fails: Hold the Line offers it again
        await pick(app, pilot, "again")
        assert isinstance(app.screen, TableDiceDialog)
        await keys(app, pilot, *"19", "enter")
        event = last(app)
        assert isinstance(event, ev.MoraleCheck) and event.face == 2 and event.again == 19 and event.table


async def test_esc_on_the_faces_rolls_nothing_and_an_empty_line_lets_the_app_roll(tmp_path):
    app = _knights_at_the_table(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        done = len(app.battle.history.done)
        await keys(app, pilot, "k", "enter", "escape")
        assert len(app.battle.history.done) == done
        seeded = app.battle.faces(1)[0]
        await keys(app, pilot, "k", "enter", "enter")
        while not isinstance(last(app), ev.MoraleCheck):
            await keys(app, pilot, "enter")  # Hold the Line asked: the roll as it fell
        assert last(app).face == seeded and not last(app).table


async def test_the_generals_initiative_roll_at_the_table_round_by_round(tmp_path):
    """The generals' opposed Profession (soldier) rolls: a side at the table
    types its general's face each round (again while the totals tie)."""
    from tests.ui.scenes import kingmaker_demo

    battle = kingmaker_demo()
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = game(app)
        assert state.stage == "battle" and state.roll_winner is None
        first = state.fighting[0]
        app.battle.meta = app.battle.meta.model_copy(update={"table": (first,)})
        await keys(app, pilot, "n")
        typed = 0
        while isinstance(app.screen, TableDiceDialog):
            await keys(app, pilot, *"20", "enter")
            typed += 1
        event = next(e for e in reversed(app.battle.history.done) if isinstance(e, ev.Initiative))
        assert typed == len(event.rounds) and all(faces[0] == 20 for faces in event.rounds) and event.table


def test_an_ambush_takes_the_faces_typed_at_the_table():
    from tests.core.kingmaker.kit import muster
    from tui.core.systems.kingmaker.ambush import targets

    battle = muster()
    battle.setup_roll()
    side = battle.game.roll_winner
    count = len(targets(battle.game, side))
    assert count
    event = battle.ambush(side, (20,) * count)
    assert event.faces == (20,) * count and event.table
