"""What every system's zone-map screen shares (This Means War's board,
Second World's map): the status line, the board on the left (on top in a
narrow terminal), the panel of lines beside it, the footer, and the card
under the cursor. A system's screen names its board and its panel's lines,
and draws them."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.content import Content
from textual.widgets import Header, Static

from tui.core.history import LoggedBattle
from tui.ui.shell.battle_screen import BattleScreen
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.zone_board import ZoneBoard

B = TypeVar("B", bound=LoggedBattle[Any, Any])

WIDE = 110
"""From this width the panel sits beside the board, else under it."""


class ZoneMapScreen(BattleScreen[B]):
    BOARD: ClassVar[type[ZoneBoard]] = ZoneBoard
    PANEL: ClassVar[tuple[str, ...]] = ()
    """The panel's lines, top first: at 80×24 only the first few show."""

    DEFAULT_CSS = """
    ZoneMapScreen {
        & #field { layout: vertical; height: 1fr; }
        & #field.wide { layout: horizontal; }
        & #status { height: auto; max-height: 2; padding: 0 1; background: $boost; }
        & ZoneBoard { height: 1fr; }
        & #panel { height: 8; border-top: solid $accent; padding: 0 1; }
        & #field.wide #panel { width: 44; height: 1fr; border-left: solid $accent; }
        &:ansi #status { background: ansi_default; text-style: reverse; }
        &:ansi #panel { border-top: solid ansi_cyan; }
        &:ansi #field.wide #panel { border-left: solid ansi_cyan; }
    }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status", markup=False)
        with Container(id="field"):
            yield self.BOARD(id="board")
            with VerticalScroll(id="panel"):
                for line in self.PANEL:
                    yield Static("", id=line, markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        board = self.query_one(ZoneBoard)
        board.focus()
        self.watch(board, "cursor", self._cursor_moved, init=False)
        self.watch(board, "view", self._show_legend)
        self.watch(board, "ascii_glyphs", self._show_legend, init=False)

    def _show_legend(self) -> None:
        """Which mark is which side's, on the panel's top edge: the cards
        tell the sides apart by these marks, not by colour alone."""
        board = self.query_one(ZoneBoard)
        marks = board.glyphs().sides
        legend = "  ".join(f"{marks[side % 2]} {name}" for side, name in enumerate(board.view.sides[:2]))
        self.query_one("#panel").border_title = Content(legend) if legend else None

    def on_resize(self) -> None:
        self.query_one("#field").set_class(self.size.width >= WIDE, "wide")

    def _cursor_moved(self) -> None:
        raise NotImplementedError

    def cursor_zone(self) -> str | None:
        """The key of the zone card under the cursor (None on a free slot)."""
        board = self.query_one(ZoneBoard)
        if board.cursor is None:
            return None
        card = board.view.cards.get(board.cursor)
        return card.key if card else None


__all__ = ["WIDE", "ZoneMapScreen"]
