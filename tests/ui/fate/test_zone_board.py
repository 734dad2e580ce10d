"""The zone board widget: cursor keys, messages, user text shown literally,
ASCII glyphs, scrolling, and fitting 80×24."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.style import Style


from textual.app import App, ComposeResult

from tui.core.maps.zones import Board, Zone
from tui.core.i18n import catalog, set_language
from tui.core.files.loading import load_battle
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.demo import HORDE, VALE
from tui.ui.widgets.zone_board import ASCII, UNICODE, BoardView, EdgeView, Occupant, ZoneBoard, ZoneCardView, describe, layout

from tests.ui.fate.play import fate_app

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


class BoardApp(App):
    def __init__(self, view: BoardView, glyphs: str | None = None) -> None:
        super().__init__()
        self.view = view
        self.messages: list[tuple[str, tuple[int, int], str | None]] = []
        self.ascii = glyphs == "ascii"

    def compose(self) -> ComposeResult:
        yield ZoneBoard(self.view, ascii_glyphs=self.ascii)

    def on_zone_board_cursor_moved(self, message: ZoneBoard.CursorMoved) -> None:
        self.messages.append(("moved", message.cell, message.key))

    def on_zone_board_selected(self, message: ZoneBoard.Selected) -> None:
        self.messages.append(("selected", message.cell, message.key))


def plain(board: ZoneBoard) -> str:
    return "\n".join(line.plain for line in board.board_layout().lines)


@pytest.mark.covers("board.up", "board.down", "board.left", "board.right", "board.select")
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
        assert "[@click=app.quit]" in text  # long enough to be cut at 80 columns
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
                     "free: place a card", "target", "in reach", "▶ Ogre", "✕ [@click", "◇ Knights +2", "…", "┏━ Hill", "╭─ Ford"):
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
    # ten rows of cards cannot fit 24 lines even squeezed to a line each
    cards = {(col, row): ZoneCardView(f"z{col}{row}", f"Zone {col},{row}", ("An aspect", "Another")) for col in range(6) for row in range(10)}
    app = BoardApp(BoardView(cards))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.press(*["down"] * 9, *["right"] * 5)
        await pilot.pause()
        assert board.cursor == (5, 9)
        box = board.board_layout().boxes[(5, 9)]
        assert board.scroll_offset.y > 0 and board.scroll_offset.x > 0
        visible = board.scrollable_content_region.size
        assert board.scroll_offset.y <= box.y and box.bottom <= board.scroll_offset.y + visible.height
        assert board.scroll_offset.x <= box.x and box.right <= board.scroll_offset.x + visible.width
        await pilot.press(*["up"] * 9)
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


# -- a board that grows on every side ----------------------------------------------


def view_of(board: Board) -> BoardView:
    """What the Fate screen draws while the battlefield is laid out."""
    return BoardView({zone.cell: ZoneCardView(zone.key, zone.name) for zone in board.zones}, board.open_cells())


def test_open_cells_left_of_and_above_the_board_are_drawn():
    view = view_of(Board(zones=(Zone(key="z1", name="Hill", col=0, row=0),)))
    assert view.cells() == ((0, -1), (-1, 0), (0, 0), (1, 0), (0, 1))
    drawn = layout(view, (0, 0), 90)
    assert drawn.width == 3 * 30 and set(drawn.boxes) == set(view.cells())
    card, above, left = drawn.boxes[(0, 0)], drawn.boxes[(0, -1)], drawn.boxes[(-1, 0)]
    assert (left.x, above.y) == (0, 0) and card.x == above.x == 30 and card.y == left.y == above.bottom
    text = "\n".join(line.plain for line in drawn.lines)
    assert text.count("free: place a card") == 4 and "┏━ Hill" in text
    assert describe(view, (-1, 0)) == "Free slot left of the board in row 1: a zone card can go here"
    assert describe(view, (0, -1)) == "Free slot above the board in column 1: a zone card can go here"
    assert describe(view, (-1, -1)) == "Nothing at column 0, row 0"
    set_language("de")
    assert describe(view, (-1, 0)).startswith("Freier Platz links neben dem Schlachtfeld in Zeile 1")
    assert describe(view, (0, -1)).startswith("Freier Platz über dem Schlachtfeld in Spalte 1")


async def test_the_cursor_reaches_open_cells_on_every_side():
    app = BoardApp(view_of(Board(zones=(Zone(key="z1", name="Hill", col=0, row=0),))))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        assert board.cursor == (0, 0)
        visited = []
        for keys in (("left",), ("right", "up"), ("down", "right"), ("left", "down")):
            await pilot.press(*keys, "enter")
            await pilot.pause()
            visited.append(board.cursor)
            assert app.messages[-1] == ("selected", board.cursor, None)
        assert visited == [(-1, 0), (0, -1), (1, 0), (0, 1)]
        await pilot.press("left")  # nothing further down-left: the nearest slot that way
        await pilot.pause()
        assert board.cursor == (-1, 0)
        assert board.scroll_offset.x == 0 and board.board_layout().boxes[(-1, 0)].x == 0


async def test_a_card_laid_left_or_above_shifts_the_board_and_the_cursor_lands_on_it():
    first = Board(zones=(Zone(key="z1", name="Hill", col=0, row=0),))
    app = BoardApp(view_of(first))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(ZoneBoard)
        await pilot.press("left")
        await pilot.pause()
        second = first.place(Zone(key="z2", name="West", col=-1, row=0))
        board.view = view_of(second)
        await pilot.pause()
        assert board.cursor == (0, 0) and board.key_at(board.cursor) == "z2"
        assert app.messages[-1] == ("moved", (0, 0), "z2")
        assert "┏━ West" in plain(board) and "╭─ Hill" in plain(board)
        await pilot.press("right", "up")  # above Hill, now in column 1
        await pilot.pause()
        assert board.cursor == (1, -1)
        third = second.place(Zone(key="z3", name="North", col=1, row=-1))
        board.view = view_of(third)
        await pilot.pause()
        assert board.cursor == (1, 0) and board.key_at(board.cursor) == "z3"
        assert third.zone("z2").cell == (0, 1) and third.zone("z1").cell == (1, 1)
        board.view = view_of(second)  # undone: the cursor stays on the spot, a free slot again
        await pilot.pause()
        assert board.cursor == (1, -1) and board.key_at(board.cursor) is None
        board.view = view_of(third)  # redone
        await pilot.pause()
        assert board.key_at(board.cursor) == "z3"


async def test_the_fate_battlefield_grows_west_and_north_by_keyboard(tmp_path):
    battle = FateBattle.new("Growing", (VALE, HORDE), seed=3)
    battle.record(ev.StartBattlefield())
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(ZoneBoard)
        for keys, name in (((), "Hill"), (("left",), "West"), (("up",), "North")):
            await pilot.press(*keys, "enter")
            await pilot.pause()
            await pilot.press(*name, "enter")
            await pilot.pause()
            laid = app.battle.game.board.zones[-1]
            assert laid.name == name and board.cursor == laid.cell
            assert app.screen.cursor_zone() == laid.key
        game = app.battle.game
        assert [(zone.name, zone.cell) for zone in game.board.zones] == [("Hill", (1, 1)), ("West", (0, 1)), ("North", (0, 0))]
        assert [event.zone.cell for event in app.battle.history.events[1:]] == [(0, 0), (-1, 0), (0, -1)]
    assert load_battle(tmp_path / "fate.toml").game.board == game.board


async def test_the_fate_board_draws_ascii_when_the_setting_says_so(tmp_path):
    from tests.core.fate.kit import fight

    app = fate_app(tmp_path, fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(ZoneBoard)
        assert board.ascii_glyphs
        drawn = plain(board)
        assert "Hill" in drawn and not any(ch in drawn for ch in "╭╮┏┓━│")


# -- edges between cards (Second World) -------------------------------------------------


def edged() -> BoardView:
    """Three cards in a row and one below the middle, three edges::

        Room 1 ■1/0/1 Room 2 □X/4/X Room 3
                      ■4/0/4
                      Bunker
    """
    cards = {(0, 0): ZoneCardView("z1", "Room 1"), (1, 0): ZoneCardView("z2", "Room 2"), (2, 0): ZoneCardView("z3", "Room 3"), (1, 1): ZoneCardView("z5", "Bunker")}
    edges = (
        EdgeView((0, 0), (1, 0), "1/0/1", closed=True, label="Door"),
        EdgeView((2, 0), (1, 0), "X/4/X"),
        EdgeView((1, 0), (1, 1), "4/0/4", closed=True, label="Bunker door"),
    )
    return BoardView(cards, edges=edges)


def test_edges_are_drawn_in_the_texts_notation_between_their_cards():
    drawn = layout(edged(), None, 80)
    lines = [line.plain for line in drawn.lines]
    assert all(line.cell_len == drawn.width for line in drawn.lines)
    one, two, three, bunker = (drawn.boxes[c] for c in ((0, 0), (1, 0), (2, 0), (1, 1)))
    middle = lines[one.y + one.height // 2]
    assert middle[one.right:two.x].strip() == "■1/0/1"
    assert middle[two.right:three.x].strip() == "□X/4/X"
    between = lines[two.bottom]
    assert bunker.y == two.bottom + 1 and between[two.x:two.right].strip() == "■4/0/4"
    ascii_lines = [line.plain for line in layout(edged(), None, 80, g=ASCII).lines]
    assert "#1/0/1" in ascii_lines[one.y + one.height // 2] and "oX/4/X" in ascii_lines[one.y + one.height // 2]
    assert all(ch.isascii() for line in ascii_lines for ch in line)


def test_a_board_without_edges_is_drawn_as_before():
    plain = BoardView(edged().cards)
    drawn = layout(plain, None, 60)
    assert drawn.width == 3 * 20 and len(drawn.lines) == drawn.boxes[(1, 1)].bottom


def test_closed_and_open_edges_take_their_own_styles():
    styles = {"edge-closed": Style(color="red"), "edge-open": Style(color="green")}
    drawn = layout(edged(), None, 80, styles=styles)
    one, two = drawn.boxes[(0, 0)], drawn.boxes[(1, 0)]
    middle = drawn.lines[one.y + one.height // 2]
    closed_at = middle.plain.index("■1/0/1")
    open_at = middle.plain.index("□X/4/X")
    assert middle.get_style_at_offset(Console(), closed_at).color.name == "red"
    assert middle.get_style_at_offset(Console(), open_at).color.name == "green"
    assert closed_at > one.right - 1 and closed_at < two.x


def test_a_card_describes_its_edges_in_both_languages():
    assert describe(edged(), (1, 0)) == (
        "Room 2 · nobody here · Door 1/0/1 (closed) to Room 1 · an edge X/4/X (open) to Room 3 · Bunker door 4/0/4 (closed) to Bunker"
    )
    set_language("de")
    assert "Tür" not in describe(edged(), (0, 0)) and "Door 1/0/1 (geschlossen) nach „Room 2“" in describe(edged(), (0, 0))


def test_an_edge_label_that_would_steer_the_terminal_is_shown_plain():
    view = BoardView(edged().cards, edges=(EdgeView((0, 0), (1, 0), "1/0/1\x1b[2J", label="Door\x1b]0;x\x07"),))
    text = "\n".join(line.plain for line in layout(view, None, 80).lines) + describe(view, (0, 0))
    assert "\x1b" not in text and "\x07" not in text


def test_nine_zones_fit_the_board_a_crowded_card_says_how_many_more():
    # Issue 16, item 10: 3×3 cards in the 13 lines a board gets at 80×24; a zone with
    # eleven units does not make its row tall; the acted mark comes first
    from tui.ui.widgets.zone_board_layout import layout

    crowd = tuple(Occupant(f"Company {n}", n % 2, state="done" if n == 0 else "") for n in range(11))
    cards = {(col, row): ZoneCardView(f"z{col}{row}", f"Zone {col},{row}", ("Mud",)) for col in range(3) for row in range(3)}
    cards[(1, 1)] = ZoneCardView("crowd", "Crowded", ("Mud",), occupants=crowd)
    drawn = layout(BoardView(cards), (0, 0), 79, 13)
    assert len(drawn.lines) <= 13
    assert "Mud\n" in "\n".join(line.plain.rstrip(" │┃") for line in drawn.lines) and "+10 more" in "\n".join(line.plain for line in drawn.lines)  # Mud, then how many more
    roomy = "\n".join(line.plain for line in layout(BoardView(cards), (0, 0), 79, 24).lines)
    assert "✓ Company 0" in roomy and "+4 more" in roomy  # acted: the mark before the name; the lines a row grows by are used


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII])
def test_each_side_has_its_own_mark_whatever_the_unit_is_doing(glyphs):
    """Colour alone told the sides apart (lost in 16 colours and to
    colour-blind eyes): every unit's line starts with its side's mark, then
    what it is doing."""
    states = ("", "active", "done", "out")
    people = tuple(Occupant(f"Unit {side}{state}", side, state=state) for side in (0, 1) for state in states)
    view = BoardView({(col, 0): ZoneCardView(f"z{col}", f"Zone {col}", occupants=(person,)) for col, person in enumerate(people)})
    text = "\n".join(line.plain for line in layout(view, None, 300, 24, glyphs).lines)
    for person in people:
        mark = glyphs.sides[person.side] + {"active": glyphs.active, "done": glyphs.done, "out": glyphs.out}.get(person.state, "")
        assert f"{mark} {person.label}" in text.replace(glyphs.box[5], " "), (mark, person.label)
    assert glyphs.sides[0] != glyphs.sides[1]


def test_units_taken_out_share_one_line():
    from tui.ui.widgets.zone_board_layout import layout

    out = tuple(Occupant(f"Lost {n}", 0, state="out") for n in range(4))
    view = BoardView({(0, 0): ZoneCardView("z", "Field", occupants=(Occupant("Standing", 1), *out))})
    text = "\n".join(line.plain for line in layout(view, None, 79, 24).lines)
    assert "✕ 4 out: Lost 0, Lost 1" in text and text.count("Lost") == 4 and "◇ Standing" in text


def nightjar_row() -> BoardView:
    """Second World's demo at 80 columns: titles that fill a card, a situation
    aspect two columns too wide for one, an edge line between the rows."""
    cards = {
        (0, 0): ZoneCardView("z1", "Forward Trench", occupants=(Occupant("Lt. Ada Brandt", 0), Occupant("Cpl. Okafor", 0))),
        (2, 0): ZoneCardView("z3", "Bunker Yard", occupants=(Occupant("Sentries ×3", 1),)),
        (0, 1): ZoneCardView("z4", "Supply Tunnel", ("Claustrophobic ▲",), occupants=(Occupant("Tomasz Wren", 0),)),
        (2, 1): ZoneCardView("z6", "Command Bunker", ("Cluttered ▲", "Maps and Radio Sets"), occupants=(Occupant("Major von Adler", 1),)),
    }
    edges = (EdgeView((0, 0), (0, 1), "1/0/1", closed=True), EdgeView((2, 0), (2, 1), "4/0/4", closed=True), EdgeView((0, 0), (1, 0), "X/4/X"))
    return BoardView(cards, open_cells=((1, 0),), edges=edges)


@pytest.mark.parametrize("height", [9, 11, 13, 16, 24])
def test_the_board_keeps_to_its_height_and_every_row_to_its_width(height):
    drawn = layout(nightjar_row(), (0, 0), 73, height)  # 73: cards just wide enough for "Forward Trench"
    assert len(drawn.lines) <= max(height, 9)  # 9: two rows of one line each, and the edge line
    assert {line.cell_len for line in drawn.lines} == {drawn.width}  # a title filling its card meets the corner
    top = drawn.lines[0].plain
    assert "Forward Trench┓" in top


def test_with_room_a_long_aspect_or_name_takes_a_second_line_instead_of_being_cut():
    text = "\n".join(line.plain for line in layout(nightjar_row(), None, 79, 13).lines)
    assert "Claustrophobic" in text and "Claustrophobi…" not in text  # a card with room wraps its aspect
    assert "◇ Major von" in text and "Adler" in text  # a crowded one wraps its people first
    roomy = "\n".join(line.plain for line in layout(nightjar_row(), None, 79, 16).lines)
    assert "Maps and Radio " in roomy and "Sets" in roomy and "Adler" in roomy and "Radi…" not in roomy


def test_a_card_with_room_for_one_line_names_its_first_and_counts_the_rest():
    drawn = layout(nightjar_row(), None, 79, 7)  # one body line per card
    text = "\n".join(line.plain for line in drawn.lines)
    assert "◆ Lt. Ada Br… +1" in text and "◇ Major von … +2" in text  # who is there, before the terrain
    assert "│ +" not in text and "┃ +" not in text  # never a bare count


@pytest.mark.parametrize("width", [73, 79, 80, 100, 119, 140])
def test_the_cards_take_the_board_width_leaving_no_empty_gap_at_the_end(width):
    """The last card kept a whole edge gap after it, empty, while titles
    were cut (Second World at 120×40: "Forward Tren…" beside 10 blank columns)."""
    drawn = layout(nightjar_row(), None, width, 24)
    assert width - 3 <= drawn.width <= width
    assert {line.cell_len for line in drawn.lines} == {drawn.width}
    if width >= 79:
        assert "Forward Trench ─" in drawn.lines[0].plain and "Command Bunker ─" in "\n".join(line.plain for line in drawn.lines)


@pytest.mark.parametrize(("glyphs", "marks"), [("unicode", "◆◇"), ("ascii", "@o")])
async def test_the_panel_says_which_mark_is_which_side(tmp_path, glyphs, marks):
    """The legend of the cards' marks, on the panel's edge, and before each
    player's fate points: the board and the panel agree."""
    app = fate_app(tmp_path, glyphs=glyphs)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        legend = str(app.screen.query_one("#panel").border_title)
        assert legend == f"{marks[0]} {VALE.name}  {marks[1]} {HORDE.name}"
        board = plain(app.screen.query_one(ZoneBoard))
        assert f"{marks[0]} Pikes of Brannock" in board and f"{marks[1]} Black Orcs" in board
        turn = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert f"{marks[0]} {VALE.name} 1 FP" in turn and f"{marks[1]} {HORDE.name} 1 FP" in turn
