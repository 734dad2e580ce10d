"""``masscombat view FILE``: the players' read-only window on a battle.

It shows the projection the GM's app writes beside the save (see
``tui.core.projection``) and follows it live: a watch on the folder where
the system has one, a poll where it hasn't. It keeps the last good state
when a read fails, waits while the file is missing, and says so in its
top line. It has no key that changes anything and writes nothing
anywhere: it may run as a user who can read that one file and no other.
"""

from __future__ import annotations

from dataclasses import replace

import asyncio
from typing import Callable
from datetime import datetime, timezone
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.core.i18n import set_language, t
from tui.core.panel import Mat, ZoneMap
from tui.core.projection import Projection
from tui.ui.viewer.follow import FolderWatch, Follower, age, folder_watch
from tui.ui.viewer.render import bar_text, board_view, headline_text, log_text, mat_text, plain, roll_text, side_text
from tui.ui.shell.gated_app import GatedApp
from tui.ui.widgets.show import show
from tui.ui.widgets.zone_board import ZoneBoard

POLL_WATCHED = 1.0
"""Seconds between looks at the file when the folder is watched (a safety net)."""
POLL_UNWATCHED = 0.25
"""Seconds between looks when it is not: well inside the second a player waits."""
STALE_AFTER = 600
STACK_BELOW = 110
"""Columns under which a zone map's panel goes below the map, not beside it."""
"""Seconds without news before the top line says the view may be stale."""


class ViewerHelp(ModalScreen[None]):
    """What this window is and which keys it has."""

    BINDINGS = [Binding("escape,f1,q", "dismiss", "viewer.key.close", id="viewer.help_close")]

    DEFAULT_CSS = """
    ViewerHelp { align: center middle; }
    ViewerHelp > Static { width: 64; max-width: 100%; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    ViewerHelp:ansi > Static { border: round ansi_cyan; background: ansi_default; }
    """

    def compose(self) -> ComposeResult:
        yield Static(plain(t("viewer.help"), getattr(self.app, "ascii", False)), markup=False)


class ViewerApp(GatedApp[None]):
    """The battle as the players see it, nothing more."""

    TITLE = "masscombat view"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q,ctrl+q,ctrl+c", "quit", "viewer.key.quit", priority=True, id="viewer.quit"),
        Binding("f1,question_mark", "help", "viewer.key.help", id="viewer.help"),
        Binding("p", "panel", "viewer.key.panel", id="viewer.panel"),
    ]

    # The app's own CSS, not DEFAULT_CSS: an app's default CSS is scoped
    # under the app (``ViewerApp App.-ascii`` would match nothing).
    CSS = """
    #top { height: 1; background: $panel; }
    #bar { width: 1fr; height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #stamp { width: auto; max-width: 65%; height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #headline { height: auto; max-height: 4; padding: 0 1; }
    #main { height: 1fr; }
    #board { width: 1fr; }
    #mat { width: 1fr; height: 1fr; overflow: auto auto; }
    #mat-lines { width: auto; }
    #panel { width: 34; height: 1fr; padding: 0 1; border-left: vkey $foreground 30%; }
    #main.waiting { display: none; }
    #main.stacked { layout: vertical; }
    #main.stacked #panel { width: 1fr; border-left: none; border-top: hkey $foreground 30%; }
    #panel.wide { border-left: none; }
    #sides { height: auto; }
    #sides > Static { width: 1fr; height: auto; margin-bottom: 1; }
    #sides.across { layout: horizontal; }
    #rolls > Static { height: auto; margin-bottom: 1; }
    #rolls { height: auto; }
    #log { height: auto; color: $text-muted; }
    #keys { height: 1; color: $text-muted; padding: 0 1; }
    #problem { height: auto; color: $text-warning; padding: 0 1; display: none; }
    #problem.shown { display: block; }
    App:ansi {
        #top { background: ansi_default; text-style: reverse; }
        #panel { border-left: vkey ansi_bright_black; }
        #main.stacked #panel { border-top: hkey ansi_bright_black; }
        #log { color: ansi_default; }
        #problem { color: ansi_yellow; }
        #keys { color: ansi_default; }
    }
    /* --ascii: nothing but ASCII on screen (no line-drawing, blocks or ellipsis). */
    App.-ascii {
        #bar { text-overflow: clip; }
        #panel { border-left: ascii $foreground 30%; scrollbar-size: 0 0; }
        #main.stacked #panel { border-left: none; border-top: ascii $foreground 30%; }
        #mat, #board { scrollbar-size: 0 0; }
        ViewerHelp > Static { border: ascii $accent; }
        Toast { border-left: none; }
    }
    """

    def __init__(self, path: Path, *, ascii: bool = False, language: str = "en", clock: Callable[[], datetime] | None = None, theme: str | None = None) -> None:
        super().__init__()
        self._theme_name = theme
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        """Now, for the stale marker (tests and snapshots fix it)."""
        self.path = path
        self.ascii = ascii
        self.language = language
        set_language(language)  # the viewer's own words, whatever the GM speaks
        if ascii:
            self.add_class("-ascii")  # before the first styles: see DEFAULT_CSS
        self.follower = Follower(path)
        self._watch: FolderWatch | None = None
        self._kind: str | None = None
        """The board kind the screen is laid out for (None: not yet)."""
        self._told = False
        self._panel_shown = True

    def draws_ascii(self) -> bool:
        return self.ascii

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static("", id="bar", markup=False)
            yield Static("", id="stamp", markup=False)
        yield Static("", id="headline", markup=False)
        yield Static("", id="problem", markup=False)
        with Horizontal(id="main"):
            board = ZoneBoard(id="board", ascii_glyphs=self.ascii)
            board.display = False
            yield board
            with ScrollableContainer(id="mat"):
                yield Static("", id="mat-lines", markup=False)
            with VerticalScroll(id="panel"):
                yield Vertical(id="rolls")  # first: the roll is what the table waits for
                yield Vertical(id="sides")
                yield Static("", id="log", markup=False)
        yield Static(plain(t("viewer.keys"), self.ascii), id="keys", markup=False)

    def on_mount(self) -> None:
        if self._theme_name in self.available_themes:
            self.theme = self._theme_name  # ansi-dark: the terminal's own 16 colours
        self.app_resume_signal.subscribe(self, self.forget_terminal)
        self.query_one("#mat").display = False
        self._watch = folder_watch(self.path)
        if self._watch is not None:
            try:
                asyncio.get_running_loop().add_reader(self._watch.fileno(), self._on_watch)
            except (NotImplementedError, RuntimeError, ValueError):
                self._watch.close()
                self._watch = None
        self.set_interval(POLL_WATCHED if self._watch is not None else POLL_UNWATCHED, self.refresh_view)
        self.refresh_view()

    def on_unmount(self) -> None:
        if self._watch is not None:
            try:
                asyncio.get_running_loop().remove_reader(self._watch.fileno())
            except (NotImplementedError, RuntimeError, ValueError):
                pass
            self._watch.close()

    def _on_watch(self) -> None:
        if self._watch is not None and self._watch.drain():
            self.refresh_view()

    # -- drawing -----------------------------------------------------------------

    def refresh_view(self) -> None:
        """Look at the file and redraw what changed (the top line always: its clock moves)."""
        if self.follower.check():
            try:
                self._draw()
            except Exception as exc:  # a file that reads but can't be drawn: the last good state stays
                self._cannot_draw(exc)
        seen = self.follower.seen
        try:
            stale = seen.projection is not None and age(seen.projection, self.clock()) > STALE_AFTER
            title, stamp = bar_text(seen.projection, seen.problem, stale, self.ascii)
        except (OverflowError, ValueError, OSError):  # a clock the view can't show
            title, stamp = bar_text(None, t("viewer.kept", why=t("viewer.bad_time")), False, self.ascii)
        show(self.query_one("#bar", Static), title)
        show(self.query_one("#stamp", Static), stamp)

    def _cannot_draw(self, exc: Exception) -> None:
        self.follower.seen = replace(self.follower.seen, problem=t("viewer.kept", why=f"{type(exc).__name__}: {exc}"[:200]), kind="broken")
        problem = self.query_one("#problem", Static)
        show(problem, plain(self.follower.seen.problem, self.ascii))
        problem.set_class(True, "shown")

    def _draw(self) -> None:
        seen = self.follower.seen
        problem = self.query_one("#problem", Static)
        shown_problem = seen.problem if seen.projection is not None else ""
        show(problem, plain(shown_problem, self.ascii))
        problem.set_class(bool(shown_problem), "shown")
        projection = seen.projection
        self.query_one("#main").set_class(projection is None, "waiting")
        if projection is None:
            show(self.query_one("#headline", Static), plain(t("viewer.waiting_help", path=str(self.path)), self.ascii))
            return
        self._draw_projection(projection)

    def _draw_projection(self, projection: Projection) -> None:
        panel = projection.panel(self.language)
        show(self.query_one("#headline", Static), headline_text(panel, self.ascii))
        kind = panel.board.kind if panel.board is not None else "none"
        board = self.query_one("#board", ZoneBoard)
        mat = self.query_one("#mat", ScrollableContainer)
        if kind != self._kind:
            self._kind = kind
            self._arrange()
            board.display = kind == "zones"
            mat.display = kind == "mat"
            self.query_one("#panel").set_class(kind == "none", "wide")
            self.query_one("#sides").set_class(kind == "none", "across")
        if isinstance(panel.board, ZoneMap):
            board.view = board_view(panel.board, self.ascii)
        elif isinstance(panel.board, Mat):
            show(self.query_one("#mat-lines", Static), mat_text(panel.board, self.ascii))
        # On a zone map each side's units carry its mark: the side's name says which.
        marks = board.glyphs().sides if isinstance(panel.board, ZoneMap) else ""
        self._fill(self.query_one("#sides", Vertical), [side_text(s, self.ascii, marks[i % 2] if marks else "") for i, s in enumerate(panel.sides)])
        self._fill(self.query_one("#rolls", Vertical), [roll_text(r, self.ascii) for r in panel.rolls])
        show(self.query_one("#log", Static), log_text(panel, self.ascii))

    def _arrange(self) -> None:
        """A zone map wants the width (its cards side by side): in a narrow
        terminal the panel goes under it, a third of the height; a mat
        shares the width with a panel of a third of it (no less than the
        panel's words need, no more than a mat can spare)."""
        width, height = self.size
        stacked = self._kind == "zones" and width < STACK_BELOW
        self.query_one("#main").set_class(stacked, "stacked")
        panel = self.query_one("#panel")
        panel.display = self._panel_shown
        if self._kind in (None, "none"):
            panel.styles.width, panel.styles.height = "1fr", "1fr"  # the sides side by side, the whole width
        elif stacked:
            panel.styles.width, panel.styles.height = "1fr", max(6, height // 3)
        elif self._kind == "zones":
            panel.styles.width, panel.styles.height = 34 + max(0, (width - 120) // 2), "1fr"
        else:
            panel.styles.width, panel.styles.height = max(28, min(60, width // 3)), "1fr"

    def on_resize(self, _: events.Resize) -> None:
        self._arrange()

    def _fill(self, box: Vertical, texts: list[Text]) -> None:
        """One Static per text, made or removed only when the count changes."""
        shown = list(box.query(Static))
        if len(shown) != len(texts):
            for widget in shown:
                widget.remove()
            box.mount_all(Static(text, markup=False) for text in texts)
            return
        for widget, text in zip(shown, texts):
            show(widget, text)

    # -- keys --------------------------------------------------------------------

    def action_panel(self) -> None:
        """The board alone, or with the panel beside or under it."""
        self._panel_shown = not self._panel_shown
        self._arrange()

    def action_help(self) -> None:
        if not isinstance(self.screen, ViewerHelp):
            self.push_screen(ViewerHelp())

    def on_key(self, event: events.Key) -> None:
        # Every key the GM's app would act on comes here unused: say once
        # (per run of such keys) that this window changes nothing.
        if event.key in self.screen.active_bindings:
            return  # one of the view's own keys (p, q, f1...)
        if event.is_printable or event.key in ("enter", "delete", "backspace", "ctrl+z", "ctrl+y", "ctrl+d", "ctrl+r", "ctrl+s"):
            if not self._told:
                self._told = True
                self.notify(t("viewer.read_only"), timeout=4, markup=False)
                self.set_timer(4, self._may_tell_again)
            event.stop()

    def _may_tell_again(self) -> None:
        self._told = False


__all__ = ["ViewerApp", "ViewerHelp"]
