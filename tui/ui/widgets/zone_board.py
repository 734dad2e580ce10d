"""The battlefield as a grid of zone cards: aspects, hidden aspects, who is
where, which card the GM is pointing at.

Any rule system feeds it a ``BoardView`` (plain frozen dataclasses) and
listens for its messages; the widget knows nothing about the rules.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.ui.widgets.zone_board_layout import ASCII, PARTS, UNICODE, BoardView, Cell, EdgeView, Glyphs, Layout, Occupant, ZoneCardView, describe, layout



def nearest_cell(cells: tuple[Cell, ...], start: Cell, dc: int, dr: int) -> Cell | None:
    """The closest cell that way, keeping to the same row or column when it can."""
    def ahead(cell: Cell) -> int:
        return (cell[0] - start[0]) * dc + (cell[1] - start[1]) * dr

    def aside(cell: Cell) -> int:
        return cell[1] - start[1] if dc else cell[0] - start[0]

    options = [cell for cell in cells if ahead(cell) > 0]
    return min(options, key=lambda cell: (abs(aside(cell)), ahead(cell), aside(cell)), default=None)


def cards_moved(old: BoardView, new: BoardView) -> Cell:
    """How far the cards (matched by key) moved, if they all moved alike; else ``(0, 0)``."""
    before = {card.key: cell for cell, card in old.cards.items()}
    moves = {(c - before[card.key][0], r - before[card.key][1]) for (c, r), card in new.cards.items() if card.key in before}
    return moves.pop() if len(moves) == 1 else (0, 0)


class ZoneBoard(ScrollView, can_focus=True):
    """Attributes down (``view``, ``cursor``); ``CursorMoved`` and ``Selected`` up."""

    BINDINGS = [
        Binding("up", "move(0, -1)", "board.key.up", show=False, id="board.up"),
        Binding("down", "move(0, 1)", "board.key.down", show=False, id="board.down"),
        Binding("left", "move(-1, 0)", "board.key.left", show=False, id="board.left"),
        Binding("right", "move(1, 0)", "board.key.right", show=False, id="board.right"),
        Binding("enter", "select", "board.key.select", id="board.select"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | ↑ ↓ ← → | the nearest card or open slot that way (gaps are skipped) |
    | enter | choose the card or slot under the cursor |
    """

    COMPONENT_CLASSES = {f"zone-board--{part}" for part in PARTS}

    DEFAULT_CSS = """
    ZoneBoard {
        width: 1fr;
        height: 1fr;
        scrollbar-gutter: stable;
        scrollbar-size: 1 1;
        & > .zone-board--border { color: $foreground 50%; }
        & > .zone-board--title { text-style: bold; }
        & > .zone-board--cursor { color: $accent; text-style: bold; }
        & > .zone-board--open { color: $foreground 40%; }
        & > .zone-board--target { color: $text-error; }
        & > .zone-board--reach { color: $text-warning; }
        & > .zone-board--aspect { text-style: italic; }
        & > .zone-board--detail { color: $text-muted; }
        & > .zone-board--side-0 { color: $text-primary; }
        & > .zone-board--side-1 { color: $text-success; }
        & > .zone-board--edge-open { color: $text-muted; }
        & > .zone-board--edge-closed { color: $text-warning; text-style: bold; }
        &:ansi {
            & > .zone-board--border { color: ansi_bright_black; }
            & > .zone-board--cursor { color: ansi_bright_cyan; }
            & > .zone-board--open { color: ansi_bright_black; }
            & > .zone-board--target { color: ansi_bright_red; }
            & > .zone-board--reach { color: ansi_yellow; }
            & > .zone-board--detail { color: ansi_default; text-style: dim; }
            & > .zone-board--side-0 { color: ansi_cyan; }
            & > .zone-board--side-1 { color: ansi_magenta; }
            & > .zone-board--edge-open { color: ansi_default; text-style: dim; }
            & > .zone-board--edge-closed { color: ansi_yellow; text-style: bold; }
        }
    }
    """

    # No repaint of their own: their watchers lay the board out again and
    # draw only the lines that changed (``_relayout``).
    view: reactive[BoardView] = reactive(BoardView, init=False, always_update=True, repaint=False)
    """What to draw: the cards, the open slots, the side names."""

    cursor: reactive[Cell | None] = reactive(None, init=False, repaint=False)
    """The card or slot the GM points at; None before there is any."""

    ascii_glyphs: reactive[bool] = reactive(False, init=False, repaint=False)
    """Draw with ASCII only (the glyph setting, given by the screen)."""

    class _CellMessage(Message):
        def __init__(self, board: "ZoneBoard", cell: Cell, key: str | None) -> None:
            super().__init__()
            self.board = board
            self.cell = cell
            self.key = key
            """The zone's key, or None for an open slot."""

        @property
        def control(self) -> "ZoneBoard":
            return self.board

    class CursorMoved(_CellMessage):
        """The cursor is on another card or slot."""

    class Selected(_CellMessage):
        """Enter (or a second click) on the card or slot under the cursor."""

    def __init__(self, view: BoardView | None = None, cursor: Cell | None = None, *, ascii_glyphs: bool = False, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(ZoneBoard.ascii_glyphs, ascii_glyphs)
        self._layout: Layout | None = None
        self._layout_glyphs: Glyphs | None = None
        self.set_reactive(ZoneBoard.view, view or BoardView())
        self.set_reactive(ZoneBoard.cursor, cursor)

    # -- drawing ---------------------------------------------------------------

    def glyphs(self) -> Glyphs:
        return ASCII if self.ascii_glyphs else UNICODE

    def watch_ascii_glyphs(self) -> None:
        self._relayout()

    def board_layout(self) -> Layout:
        """The board as drawn now, unscrolled (tests and screenshots read it)."""
        glyphs = self.glyphs()
        # The glyph setting can change under us, so it is part of the cache.
        if self._layout is None or self._layout_glyphs is not glyphs:
            region = self.scrollable_content_region
            styles = {part: self.get_component_rich_style(f"zone-board--{part}", partial=True) for part in PARTS}
            self._layout = layout(self.view, self.cursor, max(region.width, 1), region.height, glyphs, styles)
            self._layout_glyphs = glyphs
        return self._layout

    def _relayout(self) -> None:
        before = self._layout
        self._layout = None
        if not self.is_mounted:
            return
        drawn = self.board_layout()
        self.virtual_size = Size(drawn.width, len(drawn.lines))
        if before is not None and before.width == drawn.width and len(before.lines) == len(drawn.lines):
            # Only the lines that differ are drawn again: a cursor move or a
            # roll changes a card or two, and drawing the whole board was most
            # of such a key's time (and of each player's view's, per update).
            top = self.scroll_offset.y
            shown = self.scrollable_content_region
            for y, (was, now) in enumerate(zip(before.lines, drawn.lines)):
                if was != now and 0 <= y - top < shown.height:
                    self.refresh(Region(0, y - top, shown.width, 1))
        else:
            self.refresh()
        region = drawn.boxes.get(self.cursor) if self.cursor is not None else None
        if region is not None:
            self.call_after_refresh(self.scroll_to_region, region, animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        lines = self.board_layout().lines
        base = self.rich_style
        width = self.scrollable_content_region.width
        if scroll_y + y >= len(lines):
            return Strip.blank(width, base)
        text = lines[scroll_y + y]
        strip = Strip(list(text.render(self.app.console)), text.cell_len)
        return strip.crop_extend(scroll_x, scroll_x + width, base).apply_style(base)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._layout = None

    def on_mount(self) -> None:
        if self.cursor is None and self.view.cells():
            self.cursor = self._first_cell()
        self._relayout()

    def on_resize(self, _: events.Resize) -> None:
        self._relayout()

    # -- state -------------------------------------------------------------------

    def _first_cell(self) -> Cell | None:
        cells = self.view.cells()
        cards = [cell for cell in cells if cell in self.view.cards]
        found = cards or list(cells)
        return found[0] if found else None

    def key_at(self, cell: Cell | None) -> str | None:
        card = self.view.cards.get(cell) if cell is not None else None
        return card.key if card is not None else None

    def watch_view(self, old: BoardView, view: BoardView) -> None:
        # A card laid left of or above the board shifts every card: the cursor
        # moves with them, so it lands on the card just laid in its slot.
        dc, dr = cards_moved(old, view)
        cursor = None if self.cursor is None else (self.cursor[0] + dc, self.cursor[1] + dr)
        self.cursor = cursor if cursor in view.cells() else self._first_cell()
        self._relayout()

    def watch_cursor(self, cursor: Cell | None) -> None:
        self._relayout()
        if cursor is not None:
            self.post_message(self.CursorMoved(self, cursor, self.key_at(cursor)))

    # -- actions -----------------------------------------------------------------

    def action_move(self, dc: int, dr: int) -> None:
        cells = self.view.cells()
        if self.cursor not in cells:
            self.cursor = self._first_cell()
            return
        target = nearest_cell(cells, self.cursor, dc, dr)
        if target is not None:
            self.cursor = target

    def action_select(self) -> None:
        if self.cursor is not None and self.cursor in self.view.cells():
            self.post_message(self.Selected(self, self.cursor, self.key_at(self.cursor)))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y
        for cell, region in self.board_layout().boxes.items():
            if region.contains(x, y):
                if cell == self.cursor:
                    self.action_select()
                else:
                    self.cursor = cell
                return

    # -- words -------------------------------------------------------------------

    def describe(self, cell: Cell | None = None) -> str:
        """One plain line about a card or slot (the cursor's by default)."""
        cell = self.cursor if cell is None else cell
        return describe(self.view, cell)


__all__ = ["ASCII", "UNICODE", "BoardView", "EdgeView", "Layout", "Occupant", "ZoneBoard", "ZoneCardView", "describe", "layout"]
