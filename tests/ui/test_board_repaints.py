"""A zone board draws again only the lines that changed (a cursor move, a
roll): whatever the keys, what it shows is what drawing it whole shows. The
class of bug is a line left as it was; random keys on the Fate and Second
World boards look for one."""

from __future__ import annotations

import random

import pytest
from textual.geometry import Region

from tests.ui.scenes import fate_demo, make_app, second_world_demo
from tui.ui.widgets.zone_board import ZoneBoard

KEYS = ["left", "right", "up", "down", "left", "right", "up", "down", "u", "U"]
"""Cursor moves mostly; undo and redo change what the cards hold."""


def shown(board: ZoneBoard) -> list[str]:
    return [strip.text for strip in board.render_lines(Region(0, 0, board.size.width, board.size.height))]


def drawn_whole(board: ZoneBoard) -> list[str]:
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
