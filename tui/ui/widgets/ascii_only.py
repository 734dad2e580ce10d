"""``--ascii`` made strict: the last filter over every line the app draws.

A terminal (or an SSH client's font) that can't draw ☢ or a rounded corner
can't draw them anywhere, so choosing glyphs screen by screen would always
leave one behind (the borders, Textual's own ⏎ and ▏, an ellipsis, a name
pasted with an emoji). Instead, after everything is laid out, each cell
that isn't ASCII becomes an ASCII character of the same width: box drawing
becomes ``+ - |``, blocks ``#``, the game's symbols letters, anything else
its plain letter or ``?``. Letters of the GM's language (ä, ß, é) stay:
they are words, and every terminal draws Latin-1. The dice keep their own
ASCII faces (``glyphs.ASCII``), chosen before this runs."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

SYMBOLS = {
    "☢": "*", "☠": "X", "⚙": "G", "✘": "B", "◎": "S", "★": "*", "☆": "*", "●": "o", "○": "o", "◆": "*", "◇": "*",
    "▲": "^", "▶": ">", "▼": "v", "◀": "<", "►": ">", "◄": "<", "↑": "^", "↓": "v", "←": "<", "→": ">", "↔": "-",
    "⏎": "<", "⭘": "o", "·": "-", "•": "*", "—": "-", "–": "-", "−": "-", "…": ".", "×": "x", "±": "+", "÷": "/",
    "✓": "v", "✔": "v", "✕": "x", "✗": "x", "☒": "x", "☐": "_", "⚑": "F", "⚔": "X", "♥": "<", "°": "o",
    "„": '"', "“": '"', "”": '"', "‚": "'", "‘": "'", "’": "'", "«": '"', "»": '"', "‹": "<", "›": ">", "\u00a0": " ",
}


def _box(name: str) -> str:
    if " AND " in name or "CROSS" in name:
        return "+"  # a corner, a tee or a crossing
    horizontal = "HORIZONTAL" in name or name.endswith((" LEFT", " RIGHT"))
    vertical = "VERTICAL" in name or name.endswith((" UP", " DOWN"))
    if horizontal and not vertical:
        return "-"
    if vertical and not horizontal:
        return "|"
    return "+"


def _block(name: str) -> str:
    if "ONE EIGHTH" in name or "ONE QUARTER" in name:
        return "|" if ("LEFT" in name or "RIGHT" in name) else "-"
    if "LIGHT SHADE" in name:
        return ":"
    return "#"


@lru_cache(maxsize=4096)
def ascii_cell(character: str) -> str:
    """``character`` in ASCII, as many cells wide as it is (none for a mark
    that takes no cell)."""
    if character.isascii() and character.isprintable() or character in "\n":
        return character
    width = cell_len(character)
    if width == 0:
        return ""
    if character.isalpha() and ord(character) < 0x250:
        return character  # a letter of the GM's words (Latin-1 and Latin Extended)
    name = unicodedata.name(character, "")
    if character in SYMBOLS:
        shown = SYMBOLS[character]
    elif name.startswith("BOX DRAWINGS"):
        shown = _box(name)
    elif "BLOCK" in name or "SHADE" in name:
        shown = _block(name)
    else:
        plain = unicodedata.normalize("NFKD", character).encode("ascii", "ignore").decode()
        shown = plain if len(plain) == 1 and plain.isprintable() else "?"
    return (shown * width)[:width] if len(shown) == 1 else shown[:width].ljust(width)


def ascii_text(text: str) -> str:
    if text.isascii():
        return text
    return "".join(ascii_cell(character) for character in text)


class AsciiOnly(LineFilter):
    """Every cell drawn in ASCII (enabled with ``--ascii`` or the setting)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [segment if segment.control or segment.text.isascii() else Segment(ascii_text(segment.text), segment.style, segment.control) for segment in segments]


__all__ = ["AsciiOnly", "ascii_cell", "ascii_text"]
