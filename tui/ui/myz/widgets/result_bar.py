"""The strip under the two pools: odds before the roll, the state of play
during it, and the winner and margin once both leaders have settled."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.core.systems.myz.battle_pool import BattlePoolState
from tui.core.i18n import t
from tui.core.dice.odds import Opposed, percent
from tui.ui.glyphs import UNICODE, Glyphs


@dataclass(frozen=True)
class ResultView:
    state: BattlePoolState
    opposed: Opposed | None = None
    glyphs: Glyphs = UNICODE
    language: str = "en"
    """Part of the view so that a language switch redraws the bar."""
    in_wave: bool = False
    """A wave's Battle roll: one per wave, so the next step is back in the battle."""
    held_back: int | None = None
    """The side that rolled more ☢ but can't win the wave (a Fighting Retreat)."""


class ResultBar(Widget):
    COMPONENT_CLASSES = {"result-bar--a", "result-bar--tie", "result-bar--b", "result-bar--headline"}

    DEFAULT_CSS = """
    ResultBar {
        height: 3;
        padding: 0 1;
        background: $boost;
        & > .result-bar--a { background: $primary; color: $text; }
        & > .result-bar--tie { background: $panel-lighten-2; color: $text; }
        & > .result-bar--b { background: $warning-darken-1; color: $text; }
        & > .result-bar--headline { text-style: bold; }
        &:ansi {
            background: ansi_default;
            & > .result-bar--a { background: ansi_blue; color: ansi_bright_white; }
            & > .result-bar--tie { background: ansi_bright_black; color: ansi_bright_white; }
            & > .result-bar--b { background: ansi_yellow; color: ansi_black; }
        }
    }
    """

    view: reactive[ResultView | None] = reactive(None)
    """The state of the exchange and its odds; set by the roller screen."""

    def _style(self, name: str):
        return self.get_component_rich_style(f"result-bar--{name}", partial=True)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        view = self.view
        if view is None:
            return text
        state, g = view.state, view.glyphs
        names = [s.name for s in state.sides]
        headline = self._style("headline")
        result = state.result()
        if result is not None:
            if view.held_back is not None:
                text.append(t("summary.result.cannot_win", name=names[view.held_back], success=g.success), headline)
            elif result.winner is None:
                text.append(t("roller.tie", count=result.successes[0], success=g.success), headline)
            else:
                text.append(t("roller.wins", name=names[result.winner], margin=result.margin, success=g.success), headline)
            a, b = result.successes
            text.append("\n" + t("roller.final", a=names[0], b=names[1], sa=a, sb=b, success=g.success))
            text.append("\n" + t("roller.back_to_wave" if view.in_wave else "roller.next"), "dim")
            return text
        if state.in_progress:
            turn = state.turn
            assert turn is not None
            leader = state.leader()
            first, second = state.sides[0].roll, state.sides[1].roll
            assert first is not None and second is not None, "a roll in progress has both sides' dice"
            if leader is None:
                lead = t("roller.level", count=first.successes, success=g.success)
            else:
                margin = abs(first.successes - second.successes)
                lead = t("roller.leads", name=names[leader], margin=margin, success=g.success)
            text.append(t("roller.turn", name=names[turn]), headline)
            text.append("  " + lead)
            text.append("\n" + t("roller.turn_help"), "dim")
            return text
        text.append(t("roller.odds_title"), headline)
        text.append("  " + t("roller.roll_help"), "dim")
        if view.opposed is not None:
            text.append("\n")
            self._bar(text, view.opposed, names)
        if state.results:
            last = state.results[-1]
            summary = t("roller.tie_short") if last.winner is None else t("roller.won_short", name=names[last.winner], margin=last.margin)
            text.append("\n" + t("roller.results", count=len(state.results), last=summary), "dim")
        return text

    def _bar(self, text: Text, odds: Opposed, names: list[str]) -> None:
        width = max(10, self.size.width - 2)
        parts = [
            (odds.win, names[0], "a"),
            (odds.tie, t("roller.tie_word"), "tie"),
            (odds.lose, names[1], "b"),
        ]
        cells = [int(round(float(p) * width)) for p, _, _ in parts]
        cells[2] = max(0, width - cells[0] - cells[1])
        for (chance, name, style), size in zip(parts, cells):
            if size <= 0:
                continue
            label = f"{name} {percent(chance)}"
            # Too narrow for the whole name: its start and an ellipsis while
            # three letters fit (a side must stay recognisable), else the
            # percentage alone.
            room = size - len(percent(chance)) - 2
            if len(label) > size:
                label = f"{name[:room]}… {percent(chance)}" if room >= 3 else percent(chance)
            shown = label[:size].ljust(size) if size >= len(label) else " " * size
            text.append(shown, self._style(style))
