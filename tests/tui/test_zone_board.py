"""The zone board widget: cursor keys, messages, user text shown literally,
ASCII glyphs, scrolling, and fitting 80×24."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import App, ComposeResult

from tui.core.i18n import catalog, set_language
from tui.widgets.zone_board import BoardView, Occupant, ZoneBoard, ZoneCardView, describe, layout

OGRE = "Ogre[/]"
CLICK = "[@click=app.quit]x[/]"


def battlefield() -> BoardView:
    """Three cards on top, two below with the middle slot free::

        Hill Ford Wood
        Camp  ..  Marsh
    """
    cards = {
        (0, 0): ZoneCardView("z1", "Hill", ("Steep slope", "Ancient watchtower ruins"), 1,
                             (Occupant(OGRE, 0, "2 stress", "active"), Occupant(CLICK, 1, state="out"))),
        (1, 0): ZoneCardView("z2", "Ford", occupants=(Occupant("Knights", 1, "+2"),), marked="target"),
        (2, 0): ZoneCardView("z3", "Wood", ("Dense",), 2),
        (0, 1): ZoneCardView("z4", "Camp", ("Tents",), occupants=(Occupant("Archers", 0),), marked="reach"),
        (2, 1): ZoneCardView("z5", "Marsh"),
    }
    return BoardView(cards, open_cells=((1, 1),), sides=("Red", "Blue"))


@dataclass(frozen=True)
class Glyphs:
    name: str


class BoardApp(App):
    def __init__(self, view: BoardView, glyphs: str | None = None) -> None:
        super().__init__()
        self.view = view
        self.messages: list[tuple[str, tuple[int, int], str | None]] = []
        if glyphs:
            self.glyphs = Glyphs(glyphs)

    def compose(self) -> ComposeResult:
        yield ZoneBoard(self.view)

    def on_zone_board_cursor_moved(self, message: ZoneBoard.CursorMoved) -> None:
        self.messages.append(("moved", message.cell, message.key))

    def on_zone_board_selected(self, message: ZoneBoard.Selected) -> None:
        self.messages.append(("selected", message.cell, message.key))


def plain(board: ZoneBoard) -> str:
    return "\n".join(line.plain for line in board.board_layout().lines)


async def test_arrows_move_the_cursor_and_enter_selects():
    app = BoardApp(battlefield())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        assert board.has_focus and board.cursor == (0, 0)  # the first card
        await pilot.press("right", "right", "right")  # stops at the edge
        await pilot.pause()
        assert board.cursor == (2, 0)
        await pilot.press("down", "left")
        await pilot.pause()
        assert board.cursor == (1, 1)  # the open slot
        await pilot.press("enter")
        await pilot.pause()
        assert app.messages[-1] == ("selected", (1, 1), None)
        await pilot.press("left", "up", "enter")
        await pilot.pause()
        assert board.cursor == (0, 0)
        moves = [cell for kind, cell, _ in app.messages if kind == "moved"]
        assert moves == [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 0)]
        assert app.messages[-1] == ("selected", (0, 0), "z1")


async def test_arrows_skip_gaps_and_prefer_the_same_row():
    cards = {cell: ZoneCardView(f"z{i}", f"Zone {i}") for i, cell in enumerate([(0, 0), (3, 0), (1, 1), (1, 3)])}
    app = BoardApp(BoardView(cards))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.press("right")
        await pilot.pause()
        assert board.cursor == (3, 0)  # over the gap, along the row
        await pilot.press("left", "down")
        await pilot.pause()
        assert board.cursor == (1, 1)  # nothing straight below: the nearest below
        await pilot.press("down")
        await pilot.pause()
        assert board.cursor == (1, 3)
        await pilot.press("down")
        await pilot.pause()
        assert board.cursor == (1, 3)


async def test_user_text_is_never_markup():
    app = BoardApp(battlefield())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.pause()
        text = plain(board)
        assert OGRE in text
        assert "[@click=app.quit]x" in text  # long enough to be cut at 80 columns
        assert OGRE in app.export_screenshot()
        assert app.is_running
    wide = BoardApp(battlefield())
    async with wide.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert CLICK in plain(wide.query_one(ZoneBoard))


async def test_a_three_by_two_board_fits_80_by_24_and_grows_at_120_by_40():
    app = BoardApp(battlefield())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = app.query_one(ZoneBoard).board_layout()
        assert len(drawn.lines) <= 24 and drawn.width <= 79
        text = plain(app.query_one(ZoneBoard))
        for word in ("Hill", "Ford", "Wood", "Camp", "Marsh", "Steep slope", "1 hidden aspect", "2 hidden aspects",
                     "free: place a card", "target", "in reach", "▶ Ogre", "✕ [@click", "• Knights +2", "…", "┏━ Hill", "╭─ Ford"):
            assert word in text, word
        assert "Ancient watchtower ruins" not in text
    big = BoardApp(battlefield())
    async with big.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        drawn = big.query_one(ZoneBoard).board_layout()
        assert drawn.width > 100 and 24 < len(drawn.lines) <= 40
        assert "Ancient watchtower ruins" in plain(big.query_one(ZoneBoard))


async def test_ascii_glyphs():
    app = BoardApp(battlefield(), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = plain(app.query_one(ZoneBoard))
        assert "#= Hill =" in text  # the cursor card
        assert "+- Ford -" in text and "# 1 hidden aspect" in text and "> Ogre[/]" in text and "x [@click" in text
        assert not set(text) - set(chr(c) for c in range(32, 127)) - {"\n"}


async def test_the_board_scrolls_to_keep_the_cursor_visible():
    cards = {(col, row): ZoneCardView(f"z{col}{row}", f"Zone {col},{row}", ("An aspect", "Another")) for col in range(6) for row in range(6)}
    app = BoardApp(BoardView(cards))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.press(*["down"] * 5, *["right"] * 5)
        await pilot.pause()
        assert board.cursor == (5, 5)
        box = board.board_layout().boxes[(5, 5)]
        assert board.scroll_offset.y > 0 and board.scroll_offset.x > 0
        visible = board.scrollable_content_region.size
        assert board.scroll_offset.y <= box.y and box.bottom <= board.scroll_offset.y + visible.height
        assert board.scroll_offset.x <= box.x and box.right <= board.scroll_offset.x + visible.width
        await pilot.press(*["up"] * 5)
        await pilot.pause()
        assert board.scroll_offset.y == 0


async def test_a_new_view_keeps_or_resets_the_cursor():
    app = BoardApp(battlefield())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.press("right")
        await pilot.pause()
        view = battlefield()
        board.view = BoardView({cell: card for cell, card in view.cards.items() if cell != (0, 0)}, view.open_cells)
        await pilot.pause()
        assert board.cursor == (1, 0)  # still there
        board.view = BoardView({(0, 1): view.cards[(0, 1)]})
        await pilot.pause()
        assert board.cursor == (0, 1)
        assert app.messages[-1] == ("moved", (0, 1), "z4")
        board.view = BoardView()
        await pilot.pause()
        assert board.cursor is None
        assert "No zone cards yet." in plain(board)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.messages[-1] == ("moved", (0, 1), "z4")


async def test_clicks_move_the_cursor_then_select():
    app = BoardApp(battlefield())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        box = board.board_layout().boxes[(2, 1)]
        await pilot.click(ZoneBoard, offset=(box.x + 2, box.y + 1))
        await pilot.pause()
        assert board.cursor == (2, 1)
        await pilot.click(ZoneBoard, offset=(box.x + 2, box.y + 1))
        await pilot.pause()
        assert app.messages[-1] == ("selected", (2, 1), "z5")


def test_describe_in_english_and_german():
    view = battlefield()
    assert describe(view, (0, 0)) == (
        "Hill · aspects: Steep slope, Ancient watchtower ruins · 1 hidden aspect"
        f" · here: {OGRE} (Red, 2 stress, acting); {CLICK} (Blue, taken out)"
    )
    assert describe(view, (2, 1)) == "Marsh · nobody here"
    assert describe(view, (1, 0)) == "Ford · here: Knights (Blue, +2) · target"
    assert describe(view, (1, 1)) == "Free slot at column 2, row 2: a zone card can go here"
    assert describe(view, (7, 7)) == "Nothing at column 8, row 8"
    set_language("de")
    assert describe(view, (2, 0)) == "Wood · Aspekte: Dense · 2 verdeckte Aspekte · niemand hier"
    assert describe(view, (0, 1)) == "Camp · Aspekte: Tents · hier: Archers (Red) · in Reichweite"
    assert "\n" not in describe(view, (0, 0))


def test_layout_without_an_app_and_keys_in_the_catalog():
    drawn = layout(battlefield(), None, 60)
    assert drawn.width == 3 * 20 and set(drawn.boxes) == set(battlefield().cells())
    assert all(line.cell_len == drawn.width for line in drawn.lines)
    for binding in ZoneBoard.BINDINGS:
        assert binding.id.startswith("board.") and binding.description in catalog("en")
