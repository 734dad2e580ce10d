"""Dice at the table (issue 29: each side its own dice): ``D`` marks the
sides whose players roll their own Fate dice; every roll of theirs asks
for the faces (an empty line: the app rolls that one), the other side's
dice are the app's, and Esc on one side keeps what the other typed."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import act, fight
from tests.ui.fate.play import choose, fate_app, wait_for
from tests.ui.menu_play import pick
from tui.core.files.loading import load_battle
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.story import side_name
from tui.ui.shell.table_dice import TableDiceDialog

NEAR = {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}
"""Pikes and Scouts on the Hill (the Vale), the Orcs next door in the Meadow (the Horde)."""


def _orcs_acting(tmp_path, *table: int):
    """The Orcs (the Horde) to act next door to the Pikes; ``table``: the sides rolling at the table."""
    battle = fight(NEAR, first=1)
    act(battle, "u3")
    battle.meta = battle.meta.model_copy(update={"table": table})
    return fate_app(tmp_path, battle)


def _last(app):
    return app.battle.history.events[app.battle.history.cursor - 1]


async def _table(app, pilot, *entries: str) -> None:
    for entry in entries:
        await pilot.press("D")
        await pick(app, pilot, entry)
        await pilot.pause()


async def _type(app, pilot, faces: str) -> None:
    await wait_for(app, pilot, TableDiceDialog)
    await pilot.press(*faces, "enter")
    await pilot.pause()


@pytest.mark.covers("fate.table_dice", "table.side_0", "table.side_1")
async def test_shift_d_switches_each_side_between_the_table_and_the_app_and_the_file_keeps_it(tmp_path):
    app = fate_app(tmp_path, fight(NEAR, first=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _table(app, pilot, "side_1")
        assert app.battle.meta.table == (1,)
        await _table(app, pilot, "side_0")
        assert app.battle.meta.table == (0, 1)
        assert load_battle(app.session.path).meta.table == (0, 1)
        await _table(app, pilot, "side_1")
        assert app.battle.meta.table == (0,)
        said = [n.message for n in app._notifications]
        horde = side_name(app.battle.game, 1)
        assert f"{horde} rolls its own dice at the table: each of its rolls asks for the faces" in said
        assert f"{horde}: the app rolls its dice again" in said


async def test_each_side_at_the_table_types_its_faces_or_lets_the_app_roll(tmp_path):
    app = _orcs_acting(tmp_path, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seeded = app.battle.dice(2)
        await pilot.press("a")
        await choose(app, pilot, "Pikes of Brannock")
        await _type(app, pilot, "+ + - 0")  # the Orcs (the Horde) roll at the table
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.faces == (1, 1, -1, 0) and rolled.table == ("faces",)
        assert rolled.defence_faces == seeded[1]  # the Vale's dice: the app's
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("a")
        await choose(app, pilot, "Pikes of Brannock")
        await _type(app, pilot, "")  # an empty line: the app rolls these too
        rolled = _last(app)
        assert rolled.faces == seeded[0] and not rolled.table


async def test_esc_on_one_sides_faces_keeps_the_others_for_the_next_try(tmp_path):
    app = _orcs_acting(tmp_path, 0, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.history.cursor
        await pilot.press("a")
        await choose(app, pilot, "Pikes of Brannock")
        await _type(app, pilot, "++++")  # the attacker
        dialog = await wait_for(app, pilot, TableDiceDialog)
        assert "Pikes of Brannock" in str(dialog._title)
        await pilot.press("escape")
        await pilot.pause()
        assert app.battle.history.cursor == before  # nothing rolled
        assert any("kept" in n.message for n in app._notifications)
        await pilot.press("a")
        await choose(app, pilot, "Pikes of Brannock")
        dialog = await wait_for(app, pilot, TableDiceDialog)
        assert "Pikes of Brannock" in str(dialog._title)  # only the rest is asked
        await pilot.press(*"--00", "enter")
        await pilot.pause()
        rolled = _last(app)
        assert rolled.faces == (1, 1, 1, 1) and rolled.defence_faces == (-1, -1, 0, 0) and rolled.table == ("faces", "defence_faces")


async def test_a_reroll_from_an_invoke_is_typed_at_the_table_too(tmp_path):
    app = _orcs_acting(tmp_path, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await choose(app, pilot, "Pikes of Brannock")
        await _type(app, pilot, "----")
        await pilot.press("i")
        await pilot.pause()
        await pilot.press("enter", "enter")  # the attack's roll; the first aspect offered
        await pilot.pause()
        await pick(app, pilot, "reroll_paid")
        await _type(app, pilot, "+++0")
        invoked = _last(app)
        assert isinstance(invoked, ev.Invoke) and invoked.reroll and invoked.faces == (1, 1, 1, 0) and invoked.table
        assert app.battle.game.contest.active.faces == (1, 1, 1, 0)


def test_the_story_says_whose_dice_were_rolled_at_the_table():
    from tests.core.fate.kit import act, fight
    from tui.core.systems.fate.story import note_text

    battle = fight(NEAR, first=1)
    act(battle, "u3")
    battle.roll("attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics", typed=(1, 1, 1, 1))
    notes = [note_text(battle.game, n) for n in battle.game.notes.latest(3)]
    assert "dice rolled at the table: Black Orcs" in notes


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_rolls_outcome_stays_in_the_status_line_at_80_columns(tmp_path, language):
    """A German status line at 80 columns lost the outcome ("misslungen (-1…"):
    when the ladder's words don't fit, the totals are numbers."""
    battle = fight(NEAR, first=1)
    act(battle, "u3")
    battle.roll("attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics", typed=(0, -1, 0, 0), typed_defence=(1, 0, 0, 0))
    app = fate_app(tmp_path, battle, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = "\n".join(strip.text for strip in app.screen._compositor.render_strips()[:3])
        from tui.core.systems.fate.public import roll_summary

        state = app.battle.game
        full, short = roll_summary(state, state.contest), roll_summary(state, state.contest, short=True)
        assert full in status or short in status, status
        assert (full in status) == (len(full) <= 78)
