"""The wave summary: each finished wave's End phase, one page per wave.

| Key | Action |
| :- | :- |
| ←, [ | the wave before |
| →, ] | the wave after |
| home / end | the first / the latest wave |
| ↑ ↓ pgup pgdn | scroll a long page |

The page shown follows the battle: while the GM looks at the latest wave,
a wave that ends moves the page on to it; an older page stays put.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Header, Static

from tui.core.systems.myz.battle import Battle
from tui.ui.widgets.show import show
from tui.ui.shell.battle_screen import BattleScreen
from tui.core.i18n import language, t
from tui.core.systems.myz.after_battle import ending_lines
from tui.core.systems.myz.end_phase import EndReport
from tui.core.systems.myz.state import MyzState, QuietWave, wave_endings
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.myz.widgets.wave_summary import WaveSummary, WaveView


class SummaryScroll(VerticalScroll, inherit_bindings=False):
    """Scrolls up and down only: ← → Home End turn the pages instead."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", show=False),
        Binding("down", "scroll_down", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
        Binding("ctrl+home", "scroll_home", show=False),
        Binding("ctrl+end", "scroll_end", show=False),
    ]


class SummaryScreen(BattleScreen[Battle]):
    """One page per finished wave (see the module docstring for its keys)."""

    BINDINGS = [
        Binding("left,left_square_bracket", "previous", "summary.key.previous", id="summary.previous"),
        Binding("right,right_square_bracket", "next", "summary.key.next", id="summary.next"),
        Binding("home", "first", "summary.key.first", show=False, id="summary.first"),
        Binding("end", "last", "summary.key.last", show=False, id="summary.last"),
        Binding("w,escape", "app.mode('wave')", "key.to_wave", id="summary.wave"),
    ]

    DEFAULT_CSS = """
    SummaryScreen {
        layout: vertical;
        & > #page-bar {
            height: 1;
            padding: 0 1;
            background: $boost;
            text-style: bold;
        }
        & > SummaryScroll {
            height: 1fr;
            padding: 0 1;
            scrollbar-size-vertical: 1;
        }
        & #empty { height: auto; padding: 1 0; }
        &:ansi > #page-bar { background: ansi_default; text-style: bold reverse; }
    }
    """

    page: reactive[int] = reactive(-1, init=False, repaint=False)
    """The index of the wave shown in ``endings`` (-1: none yet)."""

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        self._follow = True
        """Showing the latest wave: a newly finished wave becomes the page."""
        self._seen = 0
        """How many waves had finished when the page was last drawn."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="page-bar")
        with SummaryScroll():
            yield Static(id="empty")
            yield WaveSummary()
        yield KeyFooter()

    def on_screen_resume(self) -> None:
        # Coming back after a wave finished elsewhere: that wave is the page
        # to read (paging while here, or an undo and redo, keeps the page).
        if self.is_mounted and len(self.endings) > self._seen:
            self._follow = True
            self._redraw()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(SummaryScroll).focus()

    def watch_page(self) -> None:
        self._redraw()
        self.query_one(SummaryScroll).scroll_home(animate=False)

    @property
    def game(self) -> MyzState:
        return self.battle.game

    @property
    def endings(self) -> tuple[EndReport | QuietWave, ...]:
        """Every finished wave, those without an End phase (a truce, a Null
        Battle) too: each is a page."""
        return wave_endings(self.battle.history.states)

    @property
    def pages(self) -> int:
        return len(self.endings)

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        self.sub_title = t("summary.title")
        game = self.game
        endings = self.endings
        count = len(endings)
        if self.is_current:
            self._seen = count  # what the GM has had in front of them
        page = count - 1 if self._follow else min(self.page, count - 1)
        if page != self.page:
            self.page = page  # watch_page draws
            return
        empty = self.query_one("#empty", Static)
        summary = self.query_one(WaveSummary)
        bar = self.query_one("#page-bar", Static)
        ending = endings[page] if page >= 0 else None
        empty.display = not isinstance(ending, EndReport)
        bar.display = page >= 0
        summary.display = isinstance(ending, EndReport)
        if ending is None:
            show(empty, self._empty_text(game))
            self.refresh_bindings()
            return
        words = f"{t('summary.page', wave=ending.wave)}  ·  {t('summary.page_of', page=page + 1, pages=count)}"
        if page == count - 1:
            words += f"  ·  {t('summary.latest')}"
        show(bar, Text(words, no_wrap=True, overflow="ellipsis"))
        if isinstance(ending, QuietWave):
            # No End phase: nothing was rolled; say why, and what came of it.
            text = Text(t(f"summary.quiet.{ending.reason}", wave=ending.wave) + "\n", "bold")
            if page == count - 1 and game.stage == "over":
                text.append("\n" + "; ".join(ending_lines(game, game.names)), "italic")
            show(empty, text)
        else:
            reports = [e for e in endings[: page + 1] if isinstance(e, EndReport)]
            summary.view = WaveView(
                reports=tuple(reports),
                names=game.names,
                rules=game.rules,
                ended=tuple(ending_lines(game, game.names)) if page == count - 1 and game.stage == "over" else (),
                glyphs=self.shell.glyphs,
                language=language(),
            )
        self.refresh_bindings()

    def _empty_text(self, game: MyzState) -> Text:
        text = Text()
        text.append(t("summary.empty.title") + "\n", "bold")
        text.append(t("summary.empty.body") + "\n\n")
        if game.stage == "over":
            reasons = "; ".join(ending_lines(game, game.names))
            text.append(t("summary.empty.over", reasons=reasons), "italic")
        elif game.stage == "wave" and game.wave is not None:
            text.append(t("summary.empty.now", wave=game.wave.number, phase=t(f"myz.phase.{game.wave.phase}")), "italic")
        else:
            text.append(t("summary.empty.before"), "italic")
        return text

    # -- what applies now ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        last = self.pages - 1
        if action in ("previous", "first"):
            return True if self.page > 0 else None
        if action in ("next", "last"):
            return True if 0 <= self.page < last else None
        return True

    # -- actions -------------------------------------------------------------

    def _go(self, page: int) -> None:
        last = self.pages - 1
        if last < 0:
            return
        page = max(0, min(page, last))
        self._follow = page == last
        self.page = page

    def action_previous(self) -> None:
        self._go(self.page - 1)

    def action_next(self) -> None:
        self._go(self.page + 1)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(self.pages - 1)


__all__ = ["SummaryScreen", "SummaryScroll"]
