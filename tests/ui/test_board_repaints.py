"""A zone board and a Kingmaker mat draw again only the lines that changed
(a cursor move, a roll, a step): whatever the keys, what they show is what
drawing them whole shows. The class of bug is a line left as it was;
random keys on the Fate and Second World boards and on the Ashwater mat
look for one."""

from __future__ import annotations

import random

import pytest
from textual.geometry import Region

from tests.ui.scenes import fate_demo, kingmaker_demo, make_app, second_world_demo
from tui.ui.kingmaker.mat_view import MatView
from tui.ui.widgets.zone_board import ZoneBoard

KEYS = ["left", "right", "up", "down", "left", "right", "up", "down", "u", "U"]
"""Cursor moves mostly; undo and redo change what the cards hold."""


def shown(board: ZoneBoard | MatView) -> list[list[tuple[str, object]]]:
    """Each line as cells, each with its style (a cursor is a style only)."""
    lines = board.render_lines(Region(0, 0, board.size.width, board.size.height))
    return [[(char, style) for text, style, _ in strip for char in text] for strip in lines]


def drawn_whole(board: ZoneBoard | MatView) -> list[list[tuple[str, object]]]:
    board._styles_cache.clear()
    return shown(board)


@pytest.mark.parametrize("battle", [fate_demo, second_world_demo], ids=["fate", "second_world"])
async def test_after_any_keys_the_board_shows_what_drawing_it_whole_shows(tmp_path, battle):
    app = make_app(tmp_path, battle())
    rng = random.Random(31)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(ZoneBoard)
        changed = 0
        for _ in range(40):
            before = shown(board)
            await pilot.press(rng.choice(KEYS))
            await pilot.pause()
            now = shown(board)
            changed += now != before
            assert now == drawn_whole(board)
        assert changed > 10, "the keys changed the board"
    app.close_session()


MAT_READY = ["n", "enter", "n", "n", *["left"] * 5, *["down"] * 8]
"""Initiative, the winner first, both sides through Tactics: the Movement
phase, the cursor on the Rivenhold Host (as bench/terminal.py has it)."""
MAT_KEYS = ["w", "w", "a", "d", "7", "9", "u", "U", "left", "right", "up", "down"]
"""The steps of the unit under the cursor, undo and redo, the cursor."""


async def test_after_any_keys_the_mat_shows_what_drawing_it_whole_shows(tmp_path):
    app = make_app(tmp_path, kingmaker_demo())
    rng = random.Random(32)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mat = app.screen.query_one(MatView)
        for key in MAT_READY:
            await pilot.press(key)
            await pilot.pause()
        changed = 0
        for _ in range(60):
            if app.screen is not mat.screen:  # a dialog: answered with its first choice
                await pilot.press("enter")
                await pilot.pause()
                continue
            before = shown(mat)
            await pilot.press(rng.choice(MAT_KEYS))
            await pilot.pause()
            if app.screen is not mat.screen:
                continue
            now = shown(mat)
            changed += now != before
            assert now == drawn_whole(mat)
        assert changed > 10, "the keys changed the mat"
    app.close_session()
