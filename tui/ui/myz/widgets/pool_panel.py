"""One leader's side of the Battle Pool roller."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from tui.core.systems.myz.battle_pool import PoolSide
from tui.core.dice.year_zero import KINDS
from tui.core.i18n import t
from tui.core.dice.odds import PushDecision, percent
from tui.ui.widgets.show import show
from tui.ui.glyphs import UNICODE, Glyphs, letters_shown
from tui.ui.myz.widgets.dice_tray import DiceTray, stage_line


@dataclass(frozen=True)
class SideView:
    """Everything a panel draws, computed by the screen from the battle."""

    side: PoolSide
    index: int
    selected: bool = False
    """The side the dice keys (b/s/g) and renaming act on."""
    first: bool = False
    """Has the initiative: acts first when leaders push or settle."""
    to_act: bool = False
    settled: bool = False
    can_push: bool = False
    decision: PushDecision | None = None
    """'Settle' against 'push now' odds, for the side to act."""
    against: int = 0
    """The other side's ☢ as they stand: the odds compare with these, not
    with what the other leader's own pushes may still bring."""
    other_may_push: str = ""
    """The other leader's name while they may still push: "settle now 100%"
    alone read as a sure win (found in play)."""
    chance_one: Fraction | None = None
    """P(at least one ☢) before the roll."""
    glyphs: Glyphs = UNICODE
    language: str = "en"
    """Part of the view so that a language switch redraws the panel."""


class PoolPanel(VerticalScroll):
    """A bordered column: name, pool, dice, counts, odds and the roll's history."""

    DEFAULT_CSS = """
    PoolPanel {
        width: 1fr;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        & > Static { height: auto; }
        & > .pool-line { color: $text; }
        & > .counts { text-style: bold; height: 1; }
        & > .odds { color: $text-muted; height: 4; }
        & > .history { color: $text-muted; margin-top: 1; height: 1fr; }
        &.-selected { border: round $accent; }
        &.-to-act { border: double $success; }
        &.-selected.-to-act { border: double $accent; }
        &:ansi {
            border: round ansi_bright_black;
            &.-selected { border: round ansi_cyan; }
            &.-to-act { border: double ansi_green; }
            &.-selected.-to-act { border: double ansi_cyan; }
        }
    }
    """

    # The lines under the dice keep their height whatever they say (the
    # odds table takes four lines when shown, the history the rest): a
    # roll, push or undo then repaints them in place, with no layout pass
    # and its second frame. Both panels' histories start on the same line.
    view: reactive[SideView | None] = reactive(None, init=False, repaint=False)
    """What to draw; set by the roller screen ("attributes down")."""

    can_focus = False
    _titles: tuple[str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Static(classes="pool-line")
        yield DiceTray()
        yield Static(classes="counts")
        yield Static(classes="odds")
        yield Static(classes="history")

    def watch_view(self, view: SideView | None) -> None:
        if view is None:
            return
        side, g = view.side, view.glyphs
        # The two classes change the panel's border only, so the panel alone
        # is restyled, once, and only if one changed (update_node_styles
        # would restyle every widget inside as well, on every key).
        before = self.classes
        self.set_class(view.selected, "-selected", update=False)
        self.set_class(view.to_act, "-to-act", update=False)
        if self.classes != before:
            self.app.stylesheet.update_nodes([self])
        marker = f"{g.turn} " if view.to_act else ""
        titles = (marker + side.name, self._status(view))
        if titles != self._titles:  # each title set repaints the whole panel
            self._titles = titles
            self.border_title = Content.assemble(marker, Content(side.name))
            self.border_subtitle = Content(titles[1])

        pool_text = Text(no_wrap=True, overflow="ellipsis")
        pool_text.append(t("roller.pool") + " ")
        pool_text.append("  ".join(f"{g.kind[k]}{side.pool.count(k)}" for k in KINDS))
        if letters_shown():
            pool_text.append(f"   {side.pool.notation()}", "dim")
        show(self.query_one(".pool-line", Static), pool_text)

        tray = self.query_one(DiceTray)
        tray.glyphs = g
        tray.pool = side.pool
        tray.roll = side.roll

        show(self.query_one(".counts", Static), self._counts(view))
        show(self.query_one(".odds", Static), self._odds(view))
        history = Text()
        if side.roll is not None and side.roll.pushes:
            history.append(t("roller.history") + "\n", "bold")
            for stage in range(side.roll.pushes + 1):
                if stage:
                    history.append("\n")
                history.append_text(stage_line(side.roll, stage, g))
        show(self.query_one(".history", Static), history)

    def _status(self, view: SideView) -> str:
        if view.side.roll is None:
            return t("roller.acts_first") if view.first else ""
        if view.to_act:
            return t("roller.to_act")
        if view.settled:
            return t("roller.settled") if view.side.settled or view.can_push else t("roller.cannot_push")
        return t("roller.waiting")

    def _counts(self, view: SideView) -> Text:
        roll, g = view.side.roll, view.glyphs
        text = Text(no_wrap=True, overflow="ellipsis")
        if roll is None:
            return text
        text.append(f"{g.success} {roll.successes}", "bold")
        text.append(f"   {g.bane} {roll.banes}   {g.kind[KINDS[2]]}{g.gear_bane} {roll.gear_banes}")
        text.append("   " + t("roller.pushes", count=roll.pushes), "dim")
        return text

    def _odds(self, view: SideView) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")  # wrapping would eat the table's indent
        if view.side.roll is None:
            if view.chance_one is not None and view.side.pool.total:
                text.append(t("roller.chance_one", success=view.glyphs.success, chance=percent(view.chance_one)))
            return text
        decision = view.decision
        if decision is None or not view.to_act:
            return text
        rows = [(t("roller.if_settle"), decision.settle)]
        if decision.push is not None:
            rows.append((t("roller.if_push"), decision.push))
        width = max(len(label) for label, _ in rows)  # each column brings its own leading space
        headers = [t(k) for k in ("roller.win", "roller.tie_word", "roller.lose")]
        columns = [max(len(h), 4) + 1 for h in headers]  # "100%" and a space at least
        versus = t("roller.versus_now", count=view.against, success=view.glyphs.success)
        if view.other_may_push:
            versus = t("roller.versus_open", count=view.against, success=view.glyphs.success, name=view.other_may_push)
        room = self.query_one(".odds", Static).content_size.width
        if room and len(versus) > room:
            # one line whatever the names: the table under it has four lines in all
            versus = versus[: room - 1] + "…"
        text.append(versus + "\n", "dim")
        text.append(" " * width + "".join(h.rjust(c) for h, c in zip(headers, columns)), "dim")
        for label, chances in rows:
            text.append("\n" + label.ljust(width) + "".join(percent(p).rjust(c) for p, c in zip(chances, columns)))
        if decision.lose_success:
            text.append("\n" + t("roller.push_loses_success", success=view.glyphs.success), "italic")
        return text
