"""What the zone board draws, worked out without a terminal: the records a
rule system fills in (``BoardView``, ``ZoneCardView``, ``Occupant``), the
cards laid out as lines of text for a width, and a plain line about a card
for a status line or a screen reader. The widget in zone_board.py shows it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region

from tui.core.i18n import t

if TYPE_CHECKING:
    from tui.core.panel import Card

Cell = tuple[int, int]
MIN_COLUMN = 18
"""Narrower than this a card can't show a name and a unit on one line."""
PARTS = ("border", "title", "cursor", "open", "target", "reach", "aspect", "detail", "side-0", "side-1", "edge-open", "edge-closed")
MAX_STRETCH = 10
"""Blank lines a card may grow by to fill a tall terminal."""
EDGE_GAP = 8
"""Columns between cards side by side when edges stand between them: the
notation (``4/2/X``) with its state mark and a blank on each side."""


@dataclass(frozen=True)
class Occupant:
    label: str
    """Shown as plain text, never as markup."""
    side: int
    detail: str = ""
    state: str = ""
    """"" | "active" (acting now) | "done" (acted this round) | "out" (taken out)."""


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


def card_view(key: str, card: "Card", marked: str = "", text: Callable[[str], str] = str) -> ZoneCardView:
    """The board's card for a zone card the core words (``projection.Card``);
    ``text`` passes each word on its way (the viewer's ASCII and escapes)."""
    people = tuple(Occupant(text(o.label), o.side, text(o.detail), o.state) for o in card.occupants)
    return ZoneCardView(key, text(card.title), tuple(text(a) for a in card.aspects), card.hidden, people, marked)


@dataclass(frozen=True)
class EdgeView:
    """An edge between two touching cards, as the map shows it."""

    a: Cell
    b: Cell
    costs: str
    """What is left to pay, in the text's notation (``1/0/1``)."""
    closed: bool = False
    label: str = ""
    """The GM's word for it, for descriptions."""


@dataclass(frozen=True)
class BoardView:
    cards: dict[Cell, ZoneCardView] = field(default_factory=dict)
    open_cells: tuple[Cell, ...] = ()
    """Empty slots where a card may be placed (while building the battlefield)."""
    sides: tuple[str, ...] = ()
    """Side names, for descriptions."""
    edges: tuple[EdgeView, ...] = ()
    """Edges between cards side by side or one above the other."""

    def cells(self) -> tuple[Cell, ...]:
        """Every card and slot, in reading order."""
        return tuple(sorted({*self.cards, *self.open_cells}, key=lambda c: (c[1], c[0])))


@dataclass(frozen=True)
class Glyphs:
    box: str  # corners ┌┐└┘, horizontal, vertical
    cursor: str
    open: str
    active: str
    out: str
    hidden: str
    ellipsis: str
    edge_closed: str = "■"
    edge_open: str = "□"
    done: str = "✓"
    sides: str = "◆◇"
    """Each side's mark before its own on a card: more than colour tells
    the sides apart (16 colours, colour-blind eyes)."""


UNICODE = Glyphs("╭╮╰╯─│", "┏┓┗┛━┃", "╭╮╰╯┄┆", "▶", "✕", "▒", "…", "■", "□", "✓", "◆◇")
ASCII = Glyphs("++++-|", "####=#", ".....:", ">", "x", "#", "~", "#", "o", "v", "@o")


def edge_mark(edge: EdgeView, g: Glyphs) -> str:
    """The edge as the map writes it: its state, then what is left to pay."""
    return (g.edge_closed if edge.closed else g.edge_open) + _line(edge.costs)


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


_KEEP_FIRST = {"active": 0, "aspect": 1, "": 2, "done": 2, "hidden": 3, "out": 4}
"""When a card must give up lines, what it keeps first: who is acting, then
the terrain, then who stands there, then the rest."""


def _card_body(card: ZoneCardView, inner: int, g: Glyphs, styles: dict[str, Style], room: int = 0) -> list[Text]:
    """The card's lines; with ``room`` (> 0), at most that many, the last
    saying how many more there are (the card under the cursor shows all)."""
    body: list[tuple[str, Text]] = [("aspect", Text(_line(aspect), style=styles.get("aspect", ""))) for aspect in card.aspects]
    if card.hidden:
        words = t("board.hidden", count=card.hidden)
        body.append(("hidden", _fit(Text(f"{g.hidden} {words}", style=styles.get("detail", "")), inner, g.ellipsis)))
    out = [person for person in card.occupants if person.state == "out"]
    breaks: dict[int, int] = {}
    """Where a unit's line breaks best: between its name and its detail."""
    for person in card.occupants:
        if person.state == "out" and len(out) > 1:
            continue
        style = styles.get(f"side-{person.side % 2}", Style())
        side = g.sides[person.side % 2]
        if person.state == "active":
            marker, style = side + g.active, style + Style(bold=True, underline=True)
        elif person.state == "out":
            marker, style = side + g.out, style + Style(dim=True, strike=True)
        elif person.state == "done":
            marker, style = side + g.done, style + Style(dim=True)
        else:
            marker = side
        # The mark comes first: a long name is cut at the end, never the mark.
        line = Text()
        line.append(f"{marker} ", style=style)
        line.append(_line(person.label), style=style)
        if person.detail:
            line.append(" " + _line(person.detail), style=styles.get("detail", ""))
        body.append((person.state, line))
        if person.detail:
            breaks[len(body) - 1] = len(marker) + 1 + len(_line(person.label))
    if len(out) > 1:
        # The taken out share one line: they no longer take room on the board.
        names = ", ".join(_line(person.label) for person in out)
        line = Text(f"{g.out} " + t("board.out_line", count=len(out), names=names), style=Style(dim=True, strike=False))
        body.append(("out", _fit(line, inner, g.ellipsis)))
    body = _wrap_units(body, breaks, inner, room, g)
    if room and len(body) > room:
        if room == 1:
            # One line: who is there (the acting one first), cut to leave room for
            # how many more (a lone "+4 more" names nothing); the panel gives the rest
            first_line = min(range(len(body)), key=lambda i: (_WRAPPED.get(body[i][0], 3), i))
            more = Text(" " + t("board.more_short", count=len(body) - 1), style=styles.get("detail", ""))
            first = _fit(body[first_line][1], max(inner - more.cell_len, 1), g.ellipsis)
            return [_fit(first + more, inner, g.ellipsis)]
        keep = sorted(range(len(body)), key=lambda i: (_KEEP_FIRST.get(body[i][0], 2), i))[: room - 1]
        hidden_lines = len(body) - len(keep)
        kept = [body[i][1] for i in sorted(keep)]
        kept.append(_fit(Text(t("board.more", count=hidden_lines), style=styles.get("detail", "")), inner, g.ellipsis))
        return kept
    return [line for _, line in body] or [Text()]


def _wrap_units(body: list[tuple[str, Text]], breaks: dict[int, int], inner: int, room: int, g: Glyphs) -> list[tuple[str, Text]]:
    """Unit lines too long for the card take a second line while the card
    has room for it (the acting unit first), so names aren't cut while the
    card stands half empty; what still doesn't fit is cut with an ellipsis."""
    spare = room - len(body) if room else len(body)
    long = sorted((i for i, (state, line) in enumerate(body) if state in _WRAPPED and line.cell_len > inner), key=lambda i: (_WRAPPED[body[i][0]], i))
    wrapped = set(long[: max(spare, 0)])
    out: list[tuple[str, Text]] = []
    for index, (state, line) in enumerate(body):
        parts = _wrap_once(line, inner, breaks.get(index)) if index in wrapped else [line]
        out.extend((state, _fit(part, inner, g.ellipsis)) for part in parts)
    return out


_WRAPPED = {"active": 0, "": 1, "done": 1, "aspect": 2}
"""Lines that take a second line while the card has room, in this order:
who is acting, who stands there (the GM acts with them), then the aspects
("Claustrophobic ▲" is two columns wider than a card at 80 columns; the
panel below the board shows the zone under the cursor whole)."""


def _wrap_once(line: Text, width: int, prefer: int | None = None) -> list[Text]:
    """``line`` split at ``prefer`` (a space) if the first part fits
    ``width``, else at its last space that does; the rest indented under
    the name (one line if there is no such space)."""
    plain = line.plain
    cut = None
    for index, char in enumerate(plain):
        if char == " " and index > 2 and cell_len(plain[:index]) <= width:
            cut = index
    if prefer is not None and prefer < len(plain) and plain[prefer] == " " and cell_len(plain[:prefer]) <= width:
        cut = prefer
    if cut is None:
        return [line]
    first, _, rest = line.divide([cut, cut + 1])
    return [first, Text(INDENT) + rest]


INDENT = "  "
"""A wrapped unit's second line starts under its name, after the mark."""


def layout(view: BoardView, cursor: Cell | None, width: int, height: int = 0, g: Glyphs = UNICODE, styles: dict[str, Style] | None = None) -> Layout:
    """The whole board as lines of text, at least ``width`` wide and ``height`` tall."""
    styles = styles or {}
    cells = view.cells()
    if not cells:
        return Layout((Text(t("board.empty"), style=styles.get("open", "")),), {}, width)
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    first_col, first_row = min(cols), min(rows)
    count = max(cols) - first_col + 1
    across = {_pair(e.a, e.b): e for e in view.edges if e.a[1] == e.b[1]}
    down = {_pair(e.a, e.b): e for e in view.edges if e.a[0] == e.b[0]}
    # One blank column between cards; room for the notation where edges stand.
    gap = EDGE_GAP if across else 1
    # The last card needs one blank column after it, not a whole gap: the
    # rest of that gap goes to the cards (names were cut while it stood empty).
    trail = gap - 1
    column = max(MIN_COLUMN + gap - 1, (width + trail) // count)
    box = column - gap
    inner = box - 4
    board_rows = range(first_row, max(rows) + 1)
    used_rows = [row for row in board_rows if any(cell[1] == row for cell in cells)]
    room = 0
    if height:
        # Every row of cards fits the board's height: a crowded card shows
        # its first lines and how many more (the panel shows it whole).
        between = len(used_rows) - 1 if down else 0
        room = max((height - between) // max(len(used_rows), 1) - 2, 1)
    bodies: dict[Cell, list[Text]] = {}
    for cell in cells:
        card = view.cards.get(cell)
        if card is None:
            bodies[cell] = [_fit(Text(t("board.open_slot"), style=styles.get("open", "")), inner, g.ellipsis)]
        else:
            bodies[cell] = _card_body(card, inner, g, styles, room)
    heights = {row: max((len(bodies[cell]) + 2 for cell in cells if cell[1] == row), default=1) for row in board_rows}
    # A big terminal gets taller cards rather than a blank lower half.
    used = [row for row in board_rows if any(cell[1] == row for cell in cells)]
    # Not when the board scrolls sideways: the scrollbar would eat a line.
    edge_lines = len(board_rows) - 1 if down else 0  # the lines between rows that draw the edges
    spare = max(height - sum(heights.values()) - edge_lines, 0) if count * MIN_COLUMN <= width else 0
    for index, row in enumerate(used):
        stretch = min(spare // len(used) + (index < spare % len(used)), MAX_STRETCH)
        heights[row] += stretch
        for cell in cells:
            card = view.cards.get(cell)
            if stretch and card is not None and cell[1] == row:
                # the lines a row grows by are there for long names and aspects too
                bodies[cell] = _card_body(card, inner, g, styles, heights[row] - 2)
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
            edge = across.get(_pair(cell, (col + 1, row)))
            for index, line in enumerate(block):
                piece = Text(" ")
                if edge is not None and index == height // 2:
                    piece = _fit(Text(" " + edge_mark(edge, g), style=_edge_style(edge, styles)), gap, g.ellipsis)
                line.append_text(piece)
                line.append(" " * (gap - piece.cell_len))
        lines.extend(block)
        if down and row < max(rows):
            lines.append(_edge_line(down, row, range(first_col, max(cols) + 1), column, box, g, styles))
    for line in lines if trail else ():
        line.right_crop(trail)
    return Layout(tuple(lines), boxes, count * column - trail)


def _pair(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


def _edge_style(edge: EdgeView | None, styles: dict[str, Style]) -> Style:
    if edge is None:
        return Style()
    return styles.get("edge-closed" if edge.closed else "edge-open", Style())


def _edge_line(down: dict[tuple[Cell, Cell], EdgeView], row: int, cols: range, column: int, box: int, g: Glyphs, styles: dict[str, Style]) -> Text:
    """The line between two rows of cards: each edge's mark under its card."""
    line = Text()
    for col in cols:
        edge = down.get(_pair((col, row), (col, row + 1)))
        if edge is None:
            line.append(" " * column)
            continue
        mark = _fit(Text(edge_mark(edge, g), style=_edge_style(edge, styles)), box, g.ellipsis)
        left = (box - mark.cell_len) // 2
        line.append(" " * left)
        line.append_text(mark)
        line.append(" " * (column - left - mark.cell_len))
    return line


def _draw_card(block: list[Text], card: ZoneCardView | None, body: list[Text], at_cursor: bool, box: int, g: Glyphs, styles: dict[str, Style]) -> None:
    if at_cursor:
        chars, border = g.cursor, styles.get("cursor", Style(bold=True))
    elif card is None:
        chars, border = g.open, styles.get("open", Style())
    elif card.marked:
        chars, border = g.box, styles.get(card.marked, Style())
    else:
        chars, border = g.box, styles.get("border", Style())
    nw, ne, sw, se, across, down = tuple(chars)  # six characters: the corners, then the lines
    inner = box - 4
    top = Text(nw + across, style=border)
    if card is not None:
        title_style = styles.get("title", Style(bold=True)) + (Style(reverse=True) if at_cursor else Style())
        title = _fit(Text(_line(card.title), style=title_style), inner, g.ellipsis)
        top.append(" ")
        top.append_text(title)
        if top.cell_len < box - 1:  # a title that fills the card meets its corner
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


def describe(view: BoardView, cell: Cell | None) -> str:
    """One plain line about the card or slot at ``cell``, for a status line or a screen reader."""
    if cell is None:
        return t("board.empty")
    where = {"col": cell[0] + 1, "row": cell[1] + 1}
    card = view.cards.get(cell)
    if card is None:
        slot = "nothing" if cell not in view.open_cells else "open_left" if cell[0] < 0 else "open_above" if cell[1] < 0 else "open"
        return t(f"board.describe.{slot}", **where)
    parts = [_line(card.title)]
    if card.aspects:
        parts.append(t("board.describe.aspects", aspects=", ".join(map(_line, card.aspects))))
    if card.hidden:
        parts.append(t("board.hidden", count=card.hidden))
    people = []
    for person in card.occupants:
        notes = [view.sides[person.side]] if 0 <= person.side < len(view.sides) else []
        notes += [note for note in (_line(person.detail), t(f"board.state.{person.state}") if person.state else "") if note]
        people.append(_line(person.label) + (f" ({', '.join(notes)})" if notes else ""))
    parts.append(t("board.describe.occupants", names="; ".join(people)) if people else t("board.describe.nobody"))
    for edge in view.edges:
        if cell in (edge.a, edge.b):
            other = view.cards.get(edge.b if cell == edge.a else edge.a)
            state = t("board.describe.edge_closed" if edge.closed else "board.describe.edge_open")
            label = _line(edge.label) or t("board.describe.edge")
            parts.append(t("board.describe.edge_to", label=label, costs=_line(edge.costs), state=state, zone=_line(other.title) if other else ""))
    if card.marked:
        parts.append(t(f"board.marked.{card.marked}"))
    return " · ".join(parts)
