"""The projection's panel as text for the viewer's widgets. Every word in a
projection may be the GM's (a name, an aspect): it goes into ``Text`` as
text, never through markup, with anything that would steer a terminal
written out. In ASCII, the game's symbols become letters any terminal has.

A file may be valid and still far bigger than any battle (a 2.5 MB story
took 10 s to draw): what is drawn is cut to what a battle can hold, each
cut said where it is made (``cut``)."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text

from tui.core.i18n import t
from tui.core.panel import Card, Mat, Panel, RollPanel, SidePanel, ZoneMap
from tui.core.projection import Projection
from tui.core.records import printable
from tui.ui.widgets.zone_board import BoardView, Cell, EdgeView, ZoneCardView
from tui.ui.widgets.zone_board_layout import card_view

ASCII_SYMBOLS = str.maketrans({
    "☢": "*", "☠": "X", "⚙": "G", "✘": "B", "◎": "S", "▲": "^", "▶": ">", "▼": "v", "◀": "<", "★": "*", "·": "-", "—": "-", "–": "-",
    "→": "->", "−": "-", "↑": "^", "↓": "v", "←": "<", "☒": "[x]", "☐": "[ ]", "…": "...", "×": "x", "✓": "v", "✕": "x",
})


def plain(text: str, ascii: bool = False) -> str:
    """``text`` as it may reach the terminal (line breaks kept: a projection's
    own lines hold none, the viewer's help does)."""
    shown = printable(text, lines=True)
    if not ascii:
        return shown
    for arrows in ("↑ ↓ ← →", "↑↓←→", "↑ ↓", "↑↓"):
        shown = shown.replace(arrows, "arrows")
    return shown.translate(ASCII_SYMBOLS)


MOST_LINES = 60
"""Lines drawn of a side, a roll, the status, a card's aspects or occupants (a battle's run to some dozen)."""
MOST_STORY = 24
"""Story lines drawn (the GM's app writes the last 12)."""
MOST_CHARS = 300
"""Characters drawn of a line (the app's own lines stay under 200)."""
MOST_MAT = (110, 260)
"""Lines and characters drawn of a mat: the largest the rules allow (100 × 100 squares) fits."""
MOST_ZONES = 100
"""Zone cards drawn: the board's grid holds 900, a battle some dozen."""


def cut(lines: Sequence[str], most: int = MOST_LINES, chars: int = MOST_CHARS) -> list[str]:
    """``lines`` as drawn: at most ``most``, each at most ``chars`` long, the
    cut said in the last line."""
    shown = [line if len(line) <= chars else line[: chars - 1] + "…" for line in lines[:most]]
    if len(lines) > most:
        shown[-1] = t("viewer.cut_lines", count=len(lines) - most + 1)
    return shown


def _card(card: Card) -> Card:
    """The card as drawn: its aspects and occupants cut, one line saying so."""
    most = MOST_LINES // 2
    aspects = cut(card.aspects, MOST_LINES // 4)
    if len(card.occupants) > most:
        aspects.append(t("viewer.cut_lines", count=len(card.occupants) - most))
    return card.model_copy(update={"title": cut([card.title])[0], "aspects": tuple(aspects), "occupants": card.occupants[:most]})


def zones_left_out(board: ZoneMap) -> int:
    return max(0, len(board.cards) - MOST_ZONES)


def board_view(board: ZoneMap, ascii: bool = False) -> BoardView:
    """The zone map as the board draws it: the cards nearest the top left
    corner when there are more than ``MOST_ZONES`` (``zones_left_out``)."""
    cards: dict[Cell, ZoneCardView] = {}
    drawn = sorted(board.cards, key=lambda c: (c.row, c.col))[:MOST_ZONES]
    for number, card in enumerate(drawn):
        cards[(card.col, card.row)] = card_view(f"card{number}", _card(card), text=lambda words: plain(words, ascii))
    edges = tuple(EdgeView(e.a, e.b, plain(cut([e.costs], chars=40)[0], ascii), e.closed) for e in board.edges if e.a in cards and e.b in cards)
    return BoardView(cards, (), (), edges)


def mat_text(mat: Mat, ascii: bool = False) -> str:
    most, chars = MOST_MAT
    return "\n".join(plain(line, ascii) for line in (*cut(mat.lines, most, chars), "", *cut(mat.legend)))


def side_text(side: SidePanel, ascii: bool = False, mark: str = "") -> Text:
    text = Text(f"{mark} " if mark else "")
    text.append(plain(cut([side.name])[0], ascii), style="bold")
    for line in cut(side.lines):
        text.append("\n" + plain(line, ascii))
    return text


def roll_text(roll: RollPanel, ascii: bool = False) -> Text:
    text = Text(plain(cut([roll.title])[0], ascii), style="bold underline")
    for line in cut(roll.lines):
        text.append("\n" + plain(line, ascii))
    if roll.odds:
        text.append("\n" + plain(cut([roll.odds])[0], ascii), style="italic")
    return text


def log_text(panel: Panel, ascii: bool = False) -> Text:
    text = Text(plain(t("viewer.story"), ascii), style="bold")
    newest = list(reversed(panel.log))
    shown = cut(newest, MOST_STORY)
    for number, line in enumerate(shown, start=1):
        said_cut = len(newest) > MOST_STORY and number == len(shown)
        text.append("\n")
        text.append(plain(line if said_cut else "· " + line, ascii), style="italic" if said_cut else "")
    return text


def headline_text(panel: Panel, ascii: bool = False) -> Text:
    text = Text(plain(cut([panel.headline])[0], ascii), style="bold")
    status = list(panel.status)
    if isinstance(panel.board, ZoneMap) and zones_left_out(panel.board):
        status.insert(0, t("viewer.cut_zones", count=zones_left_out(panel.board)))
    for line in cut(status, MOST_LINES // 4):
        text.append("\n" + plain(line, ascii))
    return text


def bar_text(projection: Projection | None, problem: str, stale: bool, ascii: bool = False) -> tuple[Text, Text]:
    """The top line: the battle and its system (cut short when narrow), and
    when the last change came with its revision (always whole)."""
    if projection is None:
        return Text(plain(problem or t("viewer.waiting"), ascii), style="bold"), Text("")
    panel = projection.panel(_language())
    when = projection.written.astimezone().strftime("%H:%M:%S")
    title = Text(plain(projection.title, ascii), style="bold")
    title.append(plain(" · " + panel.system_name, ascii))
    stamp = Text(plain(t("viewer.revision", when=when, revision=projection.revision), ascii), style="dim")
    if not projection.open:
        stamp.append(plain(" · " + t("viewer.closed"), ascii), style="bold")
    elif stale:
        stamp.append(plain(" · " + t("viewer.stale"), ascii), style="bold")
    return title, stamp


def _language() -> str:
    from tui.core.i18n import language

    return language()


__all__ = ["ASCII_SYMBOLS", "MOST_CHARS", "MOST_LINES", "MOST_MAT", "MOST_STORY", "MOST_ZONES", "bar_text", "board_view", "cut", "mat_text", "zones_left_out", "headline_text", "log_text", "plain", "roll_text", "side_text"]
