"""The battle mat as a grid of squares, two characters each: terrain, and
each unit's squares as its letter with an arrow on its front rank.

The screen feeds it a ``MatPicture`` (plain frozen data) and listens for
``CursorMoved``; the widget knows nothing of the rules. It scrolls to keep
the cursor in view, so a mat larger than the terminal stays usable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Square = tuple[int, int]
CELL = 2
"""Characters per square: about as wide as a line is tall."""
WIDE_CELL = 3
"""Characters per square where the terminal has room (a gap between squares)."""
LABEL = 3
"""The row labels' width on the left."""
PARTS = ("ground", "rough", "forest", "hill", "water", "wall", "side-0", "side-1", "side-2", "out", "cursor", "label", "mark")


@dataclass(frozen=True)
class SquareView:
    text: str
    """Two characters."""
    part: str
    """A component class (``side-0``, ``forest``) that styles it."""


@dataclass(frozen=True)
class MatPicture:
    width: int = 1
    height: int = 1
    squares: dict[Square, SquareView] = field(default_factory=dict)
    """Squares that are not plain open ground."""
    marked: frozenset[Square] = frozenset()
    """Squares to show as the answer to what the GM is doing (reach, targets)."""

    def at(self, square: Square) -> SquareView:
        return self.squares.get(square, SquareView(". ", "ground"))

    def rows_unlike(self, other: "MatPicture") -> list[int] | None:
        """The rows whose squares or marks differ from ``other``'s (None:
        the two are not the same size, so everything differs)."""
        if (self.width, self.height) != (other.width, other.height):
            return None
        changed = {y for (_, y) in self.marked ^ other.marked}
        for square in self.squares.keys() | other.squares.keys():
            if self.squares.get(square) != other.squares.get(square):
                changed.add(square[1])
        return sorted(y for y in changed if 0 <= y < self.height)


class MatView(ScrollView, can_focus=True):
    """Attributes down (``picture``, ``cursor``); ``CursorMoved`` up."""

    BINDINGS = [
        Binding("up", "move(0, -1)", "km_ui.key.up", show=False, id="km.mat_up"),
        Binding("down", "move(0, 1)", "km_ui.key.down", show=False, id="km.mat_down"),
        Binding("left", "move(-1, 0)", "km_ui.key.left", show=False, id="km.mat_left"),
        Binding("right", "move(1, 0)", "km_ui.key.right", show=False, id="km.mat_right"),
    ]

    COMPONENT_CLASSES = {f"mat--{part}" for part in PARTS}

    DEFAULT_CSS = """
    MatView {
        width: 1fr;
        height: 1fr;
        scrollbar-size: 1 1;
        & > .mat--ground { color: $foreground 35%; }
        & > .mat--rough { color: $text-warning 70%; }
        & > .mat--forest { color: $text-success; }
        & > .mat--hill { color: $text-warning; }
        & > .mat--water { color: $text-accent; }
        & > .mat--wall { color: $foreground; text-style: bold; }
        & > .mat--side-0 { color: $text-primary; text-style: bold; }
        & > .mat--side-1 { color: $text-error; text-style: bold; }
        & > .mat--side-2 { color: $text-success; text-style: bold; }
        & > .mat--out { color: $foreground 40%; }
        & > .mat--cursor { text-style: reverse; }
        & > .mat--label { color: $text-muted; }
        & > .mat--mark { text-style: underline; }
        &:ansi {
            & > .mat--ground { color: ansi_bright_black; }
            & > .mat--rough { color: ansi_yellow; }
            & > .mat--forest { color: ansi_green; }
            & > .mat--hill { color: ansi_yellow; text-style: bold; }
            & > .mat--water { color: ansi_blue; }
            & > .mat--wall { color: ansi_default; text-style: bold; }
            & > .mat--side-0 { color: ansi_bright_cyan; text-style: bold; }
            & > .mat--side-1 { color: ansi_bright_red; text-style: bold; }
            & > .mat--side-2 { color: ansi_bright_green; text-style: bold; }
            & > .mat--out { color: ansi_bright_black; }
            & > .mat--label { color: ansi_default; text-style: dim; }
        }
    }
    """

    # No repaint of their own: their watchers draw again only the rows that
    # changed (a step or a cursor move changes a row or two of the mat;
    # drawing every row was a tenth of such a key's time).
    picture: reactive[MatPicture] = reactive(MatPicture, init=False, always_update=True, repaint=False)
    cursor: reactive[Square] = reactive((0, 0), init=False, repaint=False)
    cell: reactive[int] = reactive(CELL, init=False)
    """Characters per square: ``CELL``, or ``WIDE_CELL`` given room."""

    class CursorMoved(Message):
        def __init__(self, mat: "MatView", square: Square) -> None:
            super().__init__()
            self.mat = mat
            self.square = square

        @property
        def control(self) -> "MatView":
            return self.mat

    def __init__(self, picture: MatPicture | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(MatView.picture, picture or MatPicture())

    # -- drawing -------------------------------------------------------------------

    def _styles(self) -> dict[str, Style]:
        return {part: self.get_component_rich_style(f"mat--{part}", partial=True) for part in PARTS}

    def _resize(self) -> None:
        picture = self.picture
        self.virtual_size = Size(LABEL + self.cell * picture.width, 1 + picture.height)
        self.refresh()

    def square_region(self, square: Square) -> Region:
        return Region(LABEL + self.cell * square[0], 1 + square[1], self.cell, 1)

    def render_line(self, y: int) -> Strip:
        # The column numbers (the top line) and the row numbers (the left
        # columns) stay put while the squares scroll under them: scrolled
        # with the squares they left the GM counting squares at 80 columns.
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.rich_style
        styles = self._styles()
        picture = self.picture
        cell = self.cell
        pad = " " * (cell - CELL)
        row = 0 if y == 0 else scroll_y + y
        if row == 0:
            labels = "".join((pad + f"{x % 100:<2}") if x % 5 == 0 else " " * cell for x in range(picture.width))
            label = Segment(" " * LABEL, base + styles["label"])
            squares = Strip([Segment(labels, base + styles["label"])])
        elif row <= picture.height:
            sy = row - 1
            label = Segment(f"{sy:>2} ", base + styles["label"])
            segments = []
            for sx in range(picture.width):
                view = picture.at((sx, sy))
                style = base + styles[view.part]
                if (sx, sy) in picture.marked:
                    style += styles["mark"]
                if (sx, sy) == self.cursor:
                    style += styles["cursor"]
                segments.append(Segment(pad + view.text, style))
            squares = Strip(segments)
        else:
            return Strip.blank(width, base)
        shown = squares.crop_extend(scroll_x, scroll_x + max(width - LABEL, 0), base)
        return Strip.join([Strip([label]), shown]).crop_extend(0, width, base)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.refresh()

    def on_mount(self) -> None:
        self._resize()

    def _refresh_rows(self, rows: list[int]) -> None:
        top, shown = self.scroll_offset.y, self.scrollable_content_region
        for sy in rows:
            line = 1 + sy - top  # under the column numbers, which stay put
            if 1 <= line < shown.height:
                self.refresh(Region(0, line, shown.width, 1))

    def watch_picture(self, old: MatPicture, picture: MatPicture) -> None:
        x, y = self.cursor
        clamped = (min(max(x, 0), picture.width - 1), min(max(y, 0), picture.height - 1))
        if clamped != self.cursor:
            self.cursor = clamped
        rows = picture.rows_unlike(old)
        if rows is None:
            self._resize()
        else:
            self._refresh_rows(rows)

    def watch_cell(self) -> None:
        self._resize()

    def watch_cursor(self, old: Square, cursor: Square) -> None:
        self._refresh_rows([old[1], cursor[1]])
        # Room for the numbers that stay put above and left of the squares.
        self.call_after_refresh(self.scroll_to_region, self.square_region(cursor).grow((2, 2, 1, 2 + LABEL)), animate=False, immediate=True)
        self.post_message(self.CursorMoved(self, cursor))

    # -- actions -----------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        x, y = self.cursor
        nx, ny = x + dx, y + dy
        if 0 <= nx < self.picture.width and 0 <= ny < self.picture.height:
            self.cursor = (nx, ny)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.x < LABEL or offset.y < 1:
            return  # the numbers
        x = (offset.x - LABEL + self.scroll_offset.x) // self.cell
        y = offset.y - 1 + self.scroll_offset.y
        if 0 <= x < self.picture.width and 0 <= y < self.picture.height:
            self.cursor = (x, y)


__all__ = ["CELL", "WIDE_CELL", "MatPicture", "MatView", "SquareView"]
