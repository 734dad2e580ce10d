"""The battlefield as a grid of zone cards: aspects, hidden aspects, who is
where, which card the GM is pointing at.

Any rule system feeds it a ``BoardView`` (plain frozen dataclasses) and
listens for its messages; the widget knows nothing about the rules.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..core.i18n import t

Cell = tuple[int, int]
MIN_COLUMN = 18
"""Narrower than this a card can't show a name and a unit on one line."""
_PARTS = ("border", "title", "cursor", "open", "target", "reach", "aspect", "detail", "side-0", "side-1")
MAX_STRETCH = 10
"""Blank lines a card may grow by to fill a tall terminal."""


@dataclass(frozen=True)
class Occupant:
    label: str
    """Shown as plain text, never as markup."""
    side: int
    detail: str = ""
    state: str = ""
    """"" | "active" (acting now) | "out" (taken out)."""


@dataclass(frozen=True)
class ZoneCardView:
    key: str
    title: str
    aspects: tuple[str, ...] = ()
    hidden: int = 0
    """How many aspects lie face down on the card."""
    occupants: tuple[Occupant, ...] = ()
    marked: str = ""
    """"" | "target" | "reach": what the chosen action can do to this card."""


@dataclass(frozen=True)
class BoardView:
    cards: dict[Cell, ZoneCardView] = field(default_factory=dict)
    open_cells: tuple[Cell, ...] = ()
    """Empty slots where a card may be placed (while building the battlefield)."""
    sides: tuple[str, ...] = ()
    """Side names, for descriptions."""

    def cells(self) -> tuple[Cell, ...]:
        """Every card and slot, in reading order."""
        return tuple(sorted({*self.cards, *self.open_cells}, key=lambda c: (c[1], c[0])))


@dataclass(frozen=True)
class _Glyphs:
    box: str  # corners ┌┐└┘, horizontal, vertical
    cursor: str
    open: str
    active: str
    out: str
    present: str
    hidden: str
    ellipsis: str


UNICODE = _Glyphs("╭╮╰╯─│", "┏┓┗┛━┃", "╭╮╰╯┄┆", "▶", "✕", "•", "▒", "…")
ASCII = _Glyphs("++++-|", "####=#", ".....:", ">", "x", "-", "#", "~")


@dataclass(frozen=True)
class Layout:
    lines: tuple[Text, ...]
    boxes: dict[Cell, Region]
    """Where each card or slot sits on the whole (unscrolled) board."""
    width: int


def _line(value: str) -> str:
    # A stray newline, tab or escape in user text would tear the card's frame apart.
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in value)


def _fit(text: Text, width: int, ellipsis: str) -> Text:
    if text.cell_len <= width:
        return text
    text = text.copy()
    text.truncate(max(width - 1, 0))
    text.append(ellipsis)
    return text


def _card_body(card: ZoneCardView, inner: int, g: _Glyphs, styles: dict[str, Style]) -> list[Text]:
    body = [_fit(Text(_line(aspect), style=styles.get("aspect", "")), inner, g.ellipsis) for aspect in card.aspects]
    if card.hidden:
        words = t("board.hidden_one" if card.hidden == 1 else "board.hidden_many", count=card.hidden)
        body.append(_fit(Text(f"{g.hidden} {words}", style=styles.get("detail", "")), inner, g.ellipsis))
    for person in card.occupants:
        style = styles.get(f"side-{person.side % 2}", Style())
        if person.state == "active":
            marker, style = g.active, style + Style(bold=True, underline=True)
        elif person.state == "out":
            marker, style = g.out, style + Style(dim=True, strike=True)
        else:
            marker = g.present
        line = Text()
        line.append(f"{marker} ", style=style)
        line.append(_line(person.label), style=style)
        if person.detail:
            line.append(" " + _line(person.detail), style=styles.get("detail", ""))
        body.append(_fit(line, inner, g.ellipsis))
    return body or [Text()]


def layout(view: BoardView, cursor: Cell | None, width: int, height: int = 0, g: _Glyphs = UNICODE, styles: dict[str, Style] | None = None) -> Layout:
    """The whole board as lines of text, at least ``width`` wide and ``height`` tall."""
    styles = styles or {}
    cells = view.cells()
    if not cells:
        return Layout((Text(t("board.empty"), style=styles.get("open", "")),), {}, width)
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    first_col, first_row = min(cols), min(rows)
    count = max(cols) - first_col + 1
    column = max(MIN_COLUMN, width // count)
    box = column - 1  # one blank column between cards
    inner = box - 4
    bodies: dict[Cell, list[Text]] = {}
    for cell in cells:
        card = view.cards.get(cell)
        if card is None:
            bodies[cell] = [_fit(Text(t("board.open_slot"), style=styles.get("open", "")), inner, g.ellipsis)]
        else:
            bodies[cell] = _card_body(card, inner, g, styles)
    board_rows = range(first_row, max(rows) + 1)
    heights = {row: max((len(bodies[cell]) + 2 for cell in cells if cell[1] == row), default=1) for row in board_rows}
    # A big terminal gets taller cards rather than a blank lower half.
    used = [row for row in board_rows if any(cell[1] == row for cell in cells)]
    # Not when the board scrolls sideways: the scrollbar would eat a line.
    spare = max(height - sum(heights.values()), 0) if count * MIN_COLUMN <= width else 0
    for index, row in enumerate(used):
        heights[row] += min(spare // len(used) + (index < spare % len(used)), MAX_STRETCH)
    lines: list[Text] = []
    boxes: dict[Cell, Region] = {}
    for row in board_rows:
        height = heights[row]
        block = [Text() for _ in range(height)]
        for col in range(first_col, max(cols) + 1):
            cell = (col, row)
            if cell not in bodies:
                for line in block:
                    line.append(" " * column)
                continue
            boxes[cell] = Region((col - first_col) * column, len(lines), box, height)
            _draw_card(block, view.cards.get(cell), bodies[cell], cell == cursor, box, g, styles)
            for line in block:
                line.append(" ")
        lines.extend(block)
    return Layout(tuple(lines), boxes, count * column)


def _draw_card(block: list[Text], card: ZoneCardView | None, body: list[Text], at_cursor: bool, box: int, g: _Glyphs, styles: dict[str, Style]) -> None:
    if at_cursor:
        chars, border = g.cursor, styles.get("cursor", Style(bold=True))
    elif card is None:
        chars, border = g.open, styles.get("open", Style())
    elif card.marked:
        chars, border = g.box, styles.get(card.marked, Style())
    else:
        chars, border = g.box, styles.get("border", Style())
    nw, ne, sw, se, across, down = chars
    inner = box - 4
    top = Text(nw + across, style=border)
    if card is not None:
        title_style = styles.get("title", Style(bold=True)) + (Style(reverse=True) if at_cursor else Style())
        title = _fit(Text(_line(card.title), style=title_style), inner, g.ellipsis)
        top.append(" ")
        top.append_text(title)
        top.append(" ")
    top.append(across * (box - 1 - top.cell_len) + ne, style=border)
    bottom = Text(sw + across, style=border)
    if card is not None and card.marked:
        bottom.append_text(_fit(Text(f" {t(f'board.marked.{card.marked}')} ", style=styles.get(card.marked, Style()) + Style(bold=True)), inner, g.ellipsis))
    bottom.append(across * (box - 1 - bottom.cell_len) + se, style=border)
    block[0].append_text(top)
    for index in range(1, len(block) - 1):
        line = body[index - 1] if index - 1 < len(body) else Text()
        block[index].append(down + " ", style=border)
        block[index].append_text(line)
        block[index].append(" " * (inner - line.cell_len) + " " + down, style=border)
    block[-1].append_text(bottom)


def _nearest(cells: tuple[Cell, ...], start: Cell, dc: int, dr: int) -> Cell | None:
    """The closest cell that way, keeping to the same row or column when it can."""
    def ahead(cell: Cell) -> int:
        return (cell[0] - start[0]) * dc + (cell[1] - start[1]) * dr

    def aside(cell: Cell) -> int:
        return cell[1] - start[1] if dc else cell[0] - start[0]

    options = [cell for cell in cells if ahead(cell) > 0]
    return min(options, key=lambda cell: (abs(aside(cell)), ahead(cell), aside(cell)), default=None)


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

    COMPONENT_CLASSES = {f"zone-board--{part}" for part in _PARTS}

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
        &:ansi {
            & > .zone-board--border { color: ansi_bright_black; }
            & > .zone-board--cursor { color: ansi_bright_cyan; }
            & > .zone-board--open { color: ansi_bright_black; }
            & > .zone-board--target { color: ansi_bright_red; }
            & > .zone-board--reach { color: ansi_yellow; }
            & > .zone-board--detail { color: ansi_default; text-style: dim; }
            & > .zone-board--side-0 { color: ansi_cyan; }
            & > .zone-board--side-1 { color: ansi_magenta; }
        }
    }
    """

    view: reactive[BoardView] = reactive(BoardView, init=False, always_update=True)
    """What to draw: the cards, the open slots, the side names."""

    cursor: reactive[Cell | None] = reactive(None, init=False)
    """The card or slot the GM points at; None before there is any."""

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

    def __init__(self, view: BoardView | None = None, cursor: Cell | None = None, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._layout: Layout | None = None
        self._layout_glyphs: _Glyphs | None = None
        self.set_reactive(ZoneBoard.view, view or BoardView())
        self.set_reactive(ZoneBoard.cursor, cursor)

    # -- drawing ---------------------------------------------------------------

    def _glyphs(self) -> _Glyphs:
        glyphs = getattr(self.app, "glyphs", None)
        return ASCII if getattr(glyphs, "name", "") == "ascii" else UNICODE

    def board_layout(self) -> Layout:
        """The board as drawn now, unscrolled (tests and screenshots read it)."""
        glyphs = self._glyphs()
        # The glyph setting can change under us, so it is part of the cache.
        if self._layout is None or self._layout_glyphs is not glyphs:
            region = self.scrollable_content_region
            styles = {part: self.get_component_rich_style(f"zone-board--{part}", partial=True) for part in _PARTS}
            self._layout = layout(self.view, self.cursor, max(region.width, 1), region.height, glyphs, styles)
            self._layout_glyphs = glyphs
        return self._layout

    def _relayout(self) -> None:
        self._layout = None
        if not self.is_mounted:
            return
        drawn = self.board_layout()
        self.virtual_size = Size(drawn.width, len(drawn.lines))
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
        return (cards or list(cells) or [None])[0]

    def key_at(self, cell: Cell | None) -> str | None:
        card = self.view.cards.get(cell) if cell is not None else None
        return card.key if card is not None else None

    def watch_view(self, view: BoardView) -> None:
        if self.cursor not in view.cells():
            self.cursor = self._first_cell()
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
        target = _nearest(cells, self.cursor, dc, dr)
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


def describe(view: BoardView, cell: Cell | None) -> str:
    """One plain line about the card or slot at ``cell``, for a status line or a screen reader."""
    if cell is None:
        return t("board.empty")
    where = {"col": cell[0] + 1, "row": cell[1] + 1}
    card = view.cards.get(cell)
    if card is None:
        return t("board.describe.open" if cell in view.open_cells else "board.describe.nothing", **where)
    parts = [_line(card.title)]
    if card.aspects:
        parts.append(t("board.describe.aspects", aspects=", ".join(map(_line, card.aspects))))
    if card.hidden:
        parts.append(t("board.hidden_one" if card.hidden == 1 else "board.hidden_many", count=card.hidden))
    people = []
    for person in card.occupants:
        notes = [view.sides[person.side]] if 0 <= person.side < len(view.sides) else []
        notes += [note for note in (_line(person.detail), t(f"board.state.{person.state}") if person.state else "") if note]
        people.append(_line(person.label) + (f" ({', '.join(notes)})" if notes else ""))
    parts.append(t("board.describe.occupants", names="; ".join(people)) if people else t("board.describe.nobody"))
    if card.marked:
        parts.append(t(f"board.marked.{card.marked}"))
    return " · ".join(parts)


__all__ = ["ASCII", "UNICODE", "BoardView", "Layout", "Occupant", "ZoneBoard", "ZoneCardView", "describe", "layout"]
