"""The projection's panel as text for the viewer's widgets. Every word in a
projection may be the GM's (a name, an aspect): it goes into ``Text`` as
text, never through markup, with anything that would steer a terminal
written out. In ASCII, the game's symbols become letters any terminal has."""

from __future__ import annotations

from rich.text import Text

from tui.core.i18n import t
from tui.core.panel import Panel, RollPanel, SidePanel, ZoneMap
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


def board_view(board: ZoneMap, ascii: bool = False) -> BoardView:
    cards: dict[Cell, ZoneCardView] = {}
    for number, card in enumerate(board.cards):
        cards[(card.col, card.row)] = card_view(f"card{number}", card, text=lambda words: plain(words, ascii))
    edges = tuple(EdgeView(e.a, e.b, plain(e.costs, ascii), e.closed) for e in board.edges)
    return BoardView(cards, (), (), edges)


def side_text(side: SidePanel, ascii: bool = False, mark: str = "") -> Text:
    text = Text(f"{mark} " if mark else "")
    text.append(plain(side.name, ascii), style="bold")
    for line in side.lines:
        text.append("\n" + plain(line, ascii))
    return text


def roll_text(roll: RollPanel, ascii: bool = False) -> Text:
    text = Text(plain(roll.title, ascii), style="bold underline")
    for line in roll.lines:
        text.append("\n" + plain(line, ascii))
    if roll.odds:
        text.append("\n" + plain(roll.odds, ascii), style="italic")
    return text


def log_text(panel: Panel, ascii: bool = False) -> Text:
    text = Text(plain(t("viewer.story"), ascii), style="bold")
    for line in reversed(panel.log):
        text.append("\n")
        text.append(plain("· " + line, ascii))
    return text


def headline_text(panel: Panel, ascii: bool = False) -> Text:
    text = Text(plain(panel.headline, ascii), style="bold")
    for line in panel.status:
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


__all__ = ["ASCII_SYMBOLS", "bar_text", "board_view", "headline_text", "log_text", "plain", "roll_text", "side_text"]
