"""One wave's End phase as a page the GM can read aloud.

Sections top to bottom: who won and by how much, the casualties with every
die, each PC's Retaliation, conditions gained, the Ark project roll, what
changes next wave, and the running total up to this wave.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Region
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tui.core.systems.myz.end_phase import EndReport
from tui.core.systems.myz.rules import MyzRuleset
from tui.ui.widgets.show import show
from tui.ui.glyphs import UNICODE, Glyphs
from tui.ui.myz.widgets import summary_parts as parts

SECTIONS = ("over", "result", "casualties", "retaliation", "conditions", "ark", "changes", "totals")


@dataclass(frozen=True)
class WaveView:
    """Everything a page draws, computed by the summary screen from the battle."""

    reports: tuple[EndReport, ...]
    """The finished waves up to and including the one shown (its report is the last)."""
    names: tuple[str, str]
    rules: MyzRuleset
    ended: tuple[str, ...] = ()
    """Why the battle is over, in words naming the forces, shown on the last wave's page."""
    glyphs: Glyphs = UNICODE
    language: str = "en"
    """Part of the view so that a language switch redraws the page."""

    @property
    def report(self) -> EndReport:
        return self.reports[-1]


class WaveSummary(Widget):
    """A stack of sections; ``view`` says which wave and how to draw it."""

    COMPONENT_CLASSES = {
        "wave-summary--heading",
        "wave-summary--headline",
        "wave-summary--name",
        "wave-summary--die",
        "wave-summary--base",
        "wave-summary--success",
        "wave-summary--broken",
        "wave-summary--muted",
    }

    DEFAULT_CSS = """
    WaveSummary {
        height: auto;
        & > Static { height: auto; margin-bottom: 1; }
        & > Static.-empty { display: none; }
        & > .wave-summary--heading { color: $accent; text-style: bold underline; }
        & > .wave-summary--headline { text-style: bold; }
        & > .wave-summary--name { text-style: bold; }
        & > .wave-summary--die { background: #4a4a4a; color: #f0f0f0; }
        & > .wave-summary--base { background: #c99700; color: #1a1a1a; }
        & > .wave-summary--success { background: #2e7d32; color: #ffffff; text-style: bold; }
        & > .wave-summary--broken { color: $error; text-style: bold; }
        & > .wave-summary--muted { text-style: dim; }
        &:ansi {
            & > .wave-summary--heading { color: ansi_cyan; text-style: bold underline; }
            & > .wave-summary--die { background: ansi_bright_black; color: ansi_bright_white; }
            & > .wave-summary--base { background: ansi_yellow; color: ansi_black; }
            & > .wave-summary--success { background: ansi_green; color: ansi_black; text-style: bold; }
            & > .wave-summary--broken { color: ansi_red; text-style: bold; }
        }
    }
    """

    view: reactive[WaveView | None] = reactive(None, init=False, repaint=False)
    """The wave to show; set by the summary screen ("attributes down")."""

    def compose(self) -> ComposeResult:
        for name in SECTIONS:
            yield Static(id=f"wave-{name}", classes="-empty")

    def on_mount(self) -> None:
        if self.view is not None:
            self.watch_view(self.view)

    def _look(self) -> parts.Look:
        style = lambda name: self.get_component_rich_style(f"wave-summary--{name}", partial=True)  # noqa: E731
        return parts.Look(
            heading=style("heading"),
            headline=style("headline"),
            name=style("name"),
            die=style("die"),
            base=style("base"),
            success=style("success"),
            broken=style("broken"),
            muted=style("muted"),
        )

    def watch_view(self, view: WaveView | None) -> None:
        if view is None or not self.is_mounted:
            return
        ctx = parts.Context(view.names, view.rules, view.glyphs, view.language, self._look())
        report = view.report
        result = parts.result_part(report, ctx)
        drawn = {
            "over": parts.over_part(view.ended, ctx) if view.ended else None,
            "result": result,
            "casualties": parts.casualties_part(report, ctx),
            "retaliation": parts.retaliation_part(report, ctx),
            "conditions": parts.conditions_part(report, ctx),
            "ark": parts.ark_part(report, ctx),
            "changes": parts.changes_part(report, ctx, over=bool(view.ended)),
            "totals": parts.totals_part(view.reports, ctx),
        }
        for name, renderable in drawn.items():
            static = self.query_one(f"#wave-{name}", Static)
            static.set_class(renderable is None, "-empty")
            show(static, renderable if renderable is not None else Text())

    def section_text(self, name: str) -> str:
        """A section as drawn on screen, as plain lines (tests read it)."""
        static = self.query_one(f"#wave-{name}", Static)
        if static.has_class("-empty"):
            return ""
        width, height = static.size
        return "\n".join(strip.text.rstrip() for strip in static.render_lines(Region(0, 0, width, height)))

    def text(self) -> str:
        """The whole page as drawn, section after section."""
        return "\n\n".join(filter(None, (self.section_text(name) for name in SECTIONS)))


__all__ = ["SECTIONS", "WaveSummary", "WaveView"]
