"""What the terminal shows, kept so that a frame sends only the cells
that changed.

Textual repaints every region it marks dirty, cell by cell, whatever the
terminal already shows there: after a roll both pool panels go out again,
17 KB at 80×24, most of it the same as before (at 1 Mbit/s over SSH that
alone is 140 ms). The app hands each frame through ``Shadow.frame``, which
keeps the character and style last written to each cell and sends only
runs of cells that differ, each with its own cursor move and colours (a
run carries its styles and resets them, so leaving the rest out changes
nothing else).

Anything that may have changed the terminal behind our back (a resize,
the app suspended and resumed) forgets it all, and the next frame is
written whole.

This reads Textual's compositor updates (``ChopsUpdate``, ``LayoutUpdate``:
private classes); an update of another kind passes through untouched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.app import App
from textual.strip import SGR_STYLES, Strip

if TYPE_CHECKING:
    from textual.screen import Screen

Piece = tuple[int, int, Strip]
"""Line, first column, what goes there."""
Cell = tuple[str, Style | None]
MERGE = 6
"""Changed runs closer than this many cells go out as one (a cursor move costs ~8 bytes)."""


Pen = tuple[int, tuple[str, ...], tuple[str, ...]]
"""What a style sets: its attributes (Rich's bits), its colour's and its
background's SGR codes."""
PLAIN: Pen = (0, (), ())


def _pen(style: Style, colors: ColorSystem) -> Pen:
    fg = tuple(style._color.downgrade(colors).get_ansi_codes()) if style._color is not None else ()
    bg = tuple(style._bgcolor.downgrade(colors).get_ansi_codes(False)) if style._bgcolor is not None else ()
    return (style._attributes & style._set_attributes, fg, bg)


SHOWN_ON_BLANKS = sum(1 << SGR_STYLES.index(code) for code in ("4", "5", "7", "9", "21", "53"))
"""Attributes a blank cell shows (underlines, blink, reverse, strike, overline);
the others and the colour of the text don't show on a blank."""


def _bits(attributes: int) -> list[str]:
    return [SGR_STYLES[bit] for bit in range(attributes.bit_length()) if attributes & (1 << bit)]


def _sgr(was: Pen, now: Pen) -> str:
    """The shortest sequence that takes the terminal from one pen to another."""
    if was[0] & ~now[0] or now == PLAIN:
        # An attribute to turn off (bold, reverse...): start from a reset.
        codes = ["0", *_bits(now[0]), *now[1], *now[2]]
    else:
        codes = _bits(now[0] & ~was[0])
        if now[1] != was[1]:
            codes.extend(now[1] or ("39",))
        if now[2] != was[2]:
            codes.extend(now[2] or ("49",))
    return f"\x1b[{';'.join(codes)}m" if codes else ""


class _Runs(CompositorUpdate):
    """The runs of cells of a frame that change the screen."""

    def __init__(self, runs: list[tuple[int, int, Strip]]) -> None:
        self.runs = runs

    def render_segments(self, console: Console) -> str:
        # Only what changes between one piece of text and the next goes out
        # (a colour, a background, an attribute): Rich sets every style in
        # full and resets it after each piece, and those sequences were over
        # half a roll's bytes.
        colors = console._color_system or ColorSystem.TRUECOLOR
        pens: dict[Style, Pen] = {}
        out: list[str] = []
        pen = PLAIN
        for y, x, strip in self.runs:
            out.append(Control.move_to(x, y).segment.text)
            for text, style, _ in strip:
                if style is not None and style._link:
                    out.append(_sgr(pen, PLAIN) + Strip.render_style(style, text, colors))
                    pen = PLAIN
                    continue
                new = PLAIN if style is None else pens.get(style) or pens.setdefault(style, _pen(style, colors))
                if new != pen and not text.strip(" ") and not (new[0] | pen[0]) & SHOWN_ON_BLANKS:
                    new = (pen[0], pen[1], new[2])  # blanks: only their background shows
                if new != pen:
                    out.append(_sgr(pen, new))
                    pen = new
                out.append(text)
        if pen != PLAIN:
            out.append("\x1b[0m")
        return "".join(out)


class Shadow:
    def __init__(self) -> None:
        self._lines: dict[int, list[Cell | None]] = {}
        self._size: tuple[int, int] | None = None
        self._shown: dict[Style, Style] = {}
        """Styles without their meta, by style (``_shown``)."""

    def forget(self) -> None:
        self._lines.clear()

    def frame(self, update: object, console: Console, size: tuple[int, int]) -> object | None:
        """The part of ``update`` the terminal does not show yet (None: nothing)."""
        if size != self._size:
            self.forget()
            self._size = size
        if isinstance(update, ChopsUpdate):
            pieces = _chops(update)
        elif isinstance(update, LayoutUpdate):
            pieces = _layout(update)
        else:
            self.forget()
            return update
        runs: list[tuple[int, int, Strip]] = []
        for y, x, strip in pieces:
            runs.extend(self._changed(y, x, strip, size[0]))
        return _Runs(runs) if runs else None

    def _changed(self, y: int, x: int, strip: Strip, width: int) -> list[tuple[int, int, Strip]]:
        line = self._lines.get(y)
        if line is None or len(line) != width:
            line = self._lines[y] = [None] * width
        cells = _cells(strip, self._shown)
        if cells is None or x + len(cells) > width:
            # Wide characters or control codes: the piece goes out whole,
            # and its cells are unknown until written again.
            for column in range(x, min(x + strip.cell_length, width)):
                line[column] = None
            return [(y, x, strip)]
        runs: list[tuple[int, int]] = []
        for offset, cell in enumerate(cells):
            if line[x + offset] != cell:
                line[x + offset] = cell
                if runs and offset - runs[-1][1] <= MERGE:
                    runs[-1] = (runs[-1][0], offset + 1)
                else:
                    runs.append((offset, offset + 1))
        return [(y, x + start, _strip(cells[start:stop])) for start, stop in runs]


SHOWN_MOST = 4096
"""Styles kept without their meta (``Shadow._shown``) before the cache starts again."""


def _shown(style: Style | None, known: dict[Style, Style]) -> Style | None:
    """The style as the terminal shows it: without Textual's meta (what a
    click on the cell does), which never reaches the terminal. A dialog
    draws the screen behind it with the meta taken off, so cells compared
    with it would all differ from the same cells drawn by the screen, and
    every cell went out again as a dialog opened and closed."""
    if style is None or style._meta is None:
        return style
    shown = known.get(style)
    if shown is None:
        if len(known) >= SHOWN_MOST:
            known.clear()
        shown = Style.__new__(Style)
        for name in ("_style_definition", "_color", "_bgcolor", "_attributes", "_set_attributes", "_link", "_link_id", "_null"):
            setattr(shown, name, getattr(style, name))
        shown._ansi = None  # worked out for the console it is drawn on
        shown._meta = None
        shown._hash = None
        known[style] = shown
    return shown


def _cells(strip: Strip, known: dict[Style, Style]) -> list[Cell] | None:
    cells: list[Cell] = []
    for text, style, control in strip:
        if control or cell_len(text) != len(text):
            return None
        shown = _shown(style, known)
        cells.extend((char, shown) for char in text)
    return cells


def _strip(cells: list[Cell]) -> Strip:
    segments: list[Segment] = []
    for char, style in cells:
        if segments and segments[-1].style == style:
            segments[-1] = Segment(segments[-1].text + char, style)
        else:
            segments.append(Segment(char, style))
    return Strip(segments, len(cells))


def _layout(update: LayoutUpdate) -> list[Piece]:
    x = update.region.x
    pieces: list[Piece] = []
    for y, line in enumerate(update.strips, update.region.y):
        column = x
        for strip in line:
            pieces.append((y, column, strip))
            column += strip.cell_length
    return pieces


def _chops(update: ChopsUpdate) -> list[Piece]:
    # As ChopsUpdate.render_segments draws them, one piece per chop.
    pieces: list[Piece] = []
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if not (x2 > x >= x1 and end <= x2):
                strip = strip.crop(0, min(end, x2) - x)
            pieces.append((y, x, strip))
    return pieces


ReturnType = TypeVar("ReturnType")


class ShadowedApp(App[ReturnType]):
    """An app whose frames send only the cells that changed: a GM or a
    player on a slow link gets a line, not the whole screen. (Subclasses
    call ``forget_terminal`` on ``app_resume_signal`` once mounted.)"""

    def __init__(self) -> None:
        super().__init__()
        self.shadow = Shadow()
        """What the terminal shows now."""

    def _display(self, screen: "Screen[Any]", renderable: Any) -> None:
        # Only a frame Textual will write goes through the shadow: during a
        # batch (a mode switch) it drops frames and repaints all after.
        if renderable is not None and not self.is_headless and not self._batch_count and self._running and not self._closed:
            renderable = self.shadow.frame(renderable, self.console, (self.size.width, self.size.height))
        super()._display(screen, renderable)

    def forget_terminal(self, _app: object = None) -> None:
        """The terminal may have changed behind our back: the next frame goes whole."""
        self.shadow.forget()


__all__ = ["Shadow", "ShadowedApp"]
