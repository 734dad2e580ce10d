"""Whatever the shadow sends (only the changed cells, each style as the
difference from the last), a terminal ends up showing what Rich's own full
rendering of each frame would show: the class of bug, over random frames."""

from __future__ import annotations

import random
import re

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tui.ui.shell.shadow import Shadow

WIDTH, HEIGHT = 16, 4
COLOURS = [None, "red", "color(214)", "#203040", "default"]
ATTRIBUTES = ["bold", "dim", "italic", "underline", "blink", "reverse", "strike", "overline"]
SHOWN_ON_BLANKS = {"4", "5", "7", "9", "21", "53"}
SEQUENCE = re.compile(r"\x1b\[([0-9;]*)([mH])|\x1b\]8;[^\x1b]*\x1b\\|(.)", re.S)
"""A style, a cursor move, a link (OSC 8, ended by ESC \\: shown as nothing), or a character."""


class Terminal:
    """Just enough of a terminal: the cursor, the pen (attributes, colour,
    background as SGR codes) and what each cell shows."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, frozenset[str], tuple[str, ...], tuple[str, ...]]] = {}
        self.x = self.y = 0
        self.attrs: set[str] = set()
        self.fg: tuple[str, ...] = ()
        self.bg: tuple[str, ...] = ()

    def feed(self, text: str) -> None:
        for match in SEQUENCE.finditer(text):
            params, kind, char = match.groups()
            if kind == "H":
                row, column = params.split(";")
                self.y, self.x = int(row) - 1, int(column) - 1
            elif kind == "m":
                self._sgr(params.split(";") if params else ["0"])
            elif char is not None:
                self.cells[self.x, self.y] = (char, frozenset(self.attrs), self.fg, self.bg)
                self.x += 1

    def _sgr(self, codes: list[str]) -> None:
        while codes:
            code = codes.pop(0)
            if code == "0":
                self.attrs.clear()
                self.fg = self.bg = ()
            elif code in ("38", "48"):
                take = 2 if codes[0] == "5" else 4
                value = (code, *codes[:take])
                del codes[:take]
                if code == "38":
                    self.fg = value
                else:
                    self.bg = value
            elif code == "39":
                self.fg = ()
            elif code == "49":
                self.bg = ()
            elif 30 <= int(code) <= 37 or 90 <= int(code) <= 97:
                self.fg = (code,)
            elif 40 <= int(code) <= 47 or 100 <= int(code) <= 107:
                self.bg = (code,)
            else:
                self.attrs.add(code)

    def seen(self) -> dict[tuple[int, int], tuple[object, ...]]:
        """What shows: a blank shows only its background and the attributes a blank shows."""
        shown: dict[tuple[int, int], tuple[object, ...]] = {}
        for place, (char, attrs, fg, bg) in self.cells.items():
            if char == " ":
                shown[place] = (char, attrs & SHOWN_ON_BLANKS, bg)
            else:
                shown[place] = (char, attrs, fg, bg)
        return shown


def random_style(rng: random.Random) -> Style | None:
    if rng.random() < 0.1:
        return None
    chosen = {name: True for name in rng.sample(ATTRIBUTES, rng.choice((0, 0, 1, 2)))}
    link = "https://example.org" if rng.random() < 0.03 else None
    meta = {"@click": rng.choice(("app.bell", "screen.focus"))} if rng.random() < 0.3 else None
    return Style(color=rng.choice(COLOURS), bgcolor=rng.choice(COLOURS), link=link, meta=meta, **chosen)


def random_frame(rng: random.Random, before: list[list[Segment]] | None) -> list[list[Segment]]:
    lines = []
    for y in range(HEIGHT):
        if before is not None and rng.random() < 0.5:
            lines.append(before[y])  # unchanged lines, as most of a frame is
            continue
        segments, left = [], WIDTH
        while left:
            size = rng.randint(1, left)
            text = "".join(rng.choice("  ab:") for _ in range(size))
            segments.append(Segment(text, random_style(rng)))
            left -= size
        lines.append(segments)
    return lines


def test_the_terminal_shows_what_rich_would_have_drawn_after_every_frame():
    for seed in range(150):
        rng = random.Random(seed)
        console = Console(color_system=rng.choice(("truecolor", "256", "standard")), width=WIDTH, force_terminal=True)
        shadow, ours, full = Shadow(), Terminal(), Terminal()
        lines = None
        for _ in range(5):
            lines = random_frame(rng, lines)
            update = LayoutUpdate([[Strip(line, WIDTH)] for line in lines], Region(0, 0, WIDTH, HEIGHT))
            sent = shadow.frame(update, console, (WIDTH, HEIGHT))
            if sent is not None:
                ours.feed(sent.render_segments(console))
            for y, line in enumerate(lines):
                full.feed(f"\x1b[{y + 1};1H" + Strip(line, WIDTH).render(console))
            assert ours.seen() == full.seen(), f"seed {seed}"
            assert not ours.attrs and not ours.fg and not ours.bg, "each frame leaves the pen plain"


def test_cells_that_differ_only_in_what_a_click_does_are_not_sent_again():
    # A dialog draws the screen behind it with the meta taken off: the same
    # cells, drawn again by the screen itself once it closes, show the same.
    console = Console(color_system="truecolor", width=WIDTH, force_terminal=True)
    shadow = Shadow()
    plain = Style(color="red", bgcolor="#203040", bold=True)
    clickable = plain + Style(meta={"@click": "app.bell"})
    for style, expected in ((clickable, True), (plain, False), (clickable, False)):
        update = LayoutUpdate([[Strip([Segment("Ogre".ljust(WIDTH), style)], WIDTH)]], Region(0, 0, WIDTH, 1))
        assert (shadow.frame(update, console, (WIDTH, 1)) is not None) is expected
