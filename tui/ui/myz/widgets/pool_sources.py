"""Where each die of a Battle Pool comes from: one line per source.

``✘✘  Battle Level 2`` · ``⚙  special class: Artillery`` ·
``◎  superiority: Artillery``. The army builder shows the muster's preview
with it; the lines are ``systems.myz.pool.PoolLine`` records, named here in
the GM's language with the ruleset's names for classes, projects and
strategies.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from tui.core.dice.year_zero import DieKind, Pool
from tui.core.i18n import t
from tui.core.systems.myz.pool import PoolLine
from tui.core.systems.myz.pool import source_label as core_source_label
from tui.core.systems.myz.rules import MyzRuleset
from tui.ui.widgets.show import show
from tui.ui.glyphs import UNICODE, Glyphs, letters_shown

SPELLED_OUT = 5
"""Up to this many dice of a kind are drawn one by one; more as ``✘×12``."""


def dice_glyphs(line: PoolLine, glyphs: Glyphs) -> str:
    parts = []
    for kind, count in ((DieKind.BASE, line.base), (DieKind.SKILL, line.skill), (DieKind.GEAR, line.gear)):
        if not count:
            continue
        glyph = glyphs.kind[kind]
        sign = "-" if count < 0 else ""
        amount = abs(count)
        parts.append(sign + (glyph * amount if amount <= SPELLED_OUT else f"{glyph}×{amount}"))
    return "".join(parts)


def source_label(line: PoolLine, rules: MyzRuleset, language: str) -> str:
    label = core_source_label(line, rules, language)
    if line.source == "battle_level":
        label += f" {line.base}"
    return label


def pool_text(pool: Pool, glyphs: Glyphs) -> str:
    counts = "  ".join(f"{glyphs.kind[kind]}{pool.count(kind)}" for kind in (DieKind.BASE, DieKind.SKILL, DieKind.GEAR))
    return counts


def _shown(lines: tuple[PoolLine, ...]) -> list[PoolLine]:
    """Lines that bring dice (the Battle Level always, even at 0)."""
    return [line for line in lines if line.base or line.skill or line.gear or line.source == "battle_level"]


@dataclass(frozen=True)
class SourcesView:
    """Everything the panel draws, computed by the screen."""

    name: str
    lines: tuple[PoolLine, ...] = ()
    pool: Pool = Pool()
    strategy: str = ""
    """The strategy the preview assumes (a strategy key)."""
    opponent: str = ""
    opponent_pool: Pool = Pool()
    opponent_lines: tuple[PoolLine, ...] = ()
    """Shown under the total where the screen is wide enough (``.opponent``)."""
    defending: tuple[PoolLine, ...] = ()
    recon: tuple[str, ...] = ()
    """Reconnaissance factor keys that apply to the leader."""
    recon_modifier: int = 0
    leader: str | None = None
    leader_pool: str | None = None
    """The leader's Reconnaissance skill as typed (``3b1s``), if set."""
    error: str | None = None
    glyphs: Glyphs = UNICODE
    language: str = "en"
    rules: MyzRuleset | None = field(default=None, compare=False)


class PoolSources(VerticalScroll):
    """A bordered column: the preview pool by source, its total, what a
    defensive strategy adds, and the leader's Reconnaissance modifier."""

    DEFAULT_CSS = """
    PoolSources {
        width: 34;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        & > Static { height: auto; }
        & > .caption { color: $text-muted; text-style: italic; }
        & > .total { text-style: bold; margin-top: 1; }
        & > .against { color: $text-muted; }
        & > .opponent { color: $text-muted; padding-left: 2; }
        & > .defending, & > .recon { margin-top: 1; }
        &:ansi { border: round ansi_bright_black; }
    }
    """

    view: reactive[SourcesView | None] = reactive(None, init=False, repaint=False)
    """What to draw; set by the army screen."""

    can_focus = False

    def compose(self) -> ComposeResult:
        for name in ("caption", "lines", "total", "against", "opponent", "defending", "recon"):
            yield Static(classes=name)

    def _set(self, name: str, renderable, shown: bool | None = None) -> None:
        widget = self.query_one(f".{name}", Static)
        show(widget, renderable)
        if name != "opponent":  # the screen's CSS decides where that one shows
            widget.display = bool(renderable) if shown is None else shown

    def watch_view(self, view: SourcesView | None) -> None:
        if view is None or view.rules is None:
            return
        rules, g, lang = view.rules, view.glyphs, view.language
        self.border_title = Content.assemble(t("army.preview.title") + " · ", Content(view.name))
        self.border_subtitle = t("army.preview.subtitle")
        if view.error is not None:
            self._set("caption", Text(view.error, "bold"))
            for name in ("lines", "total", "against", "opponent", "defending", "recon"):
                self._set(name, "")
            return
        try:
            strategy = rules.strategy(view.strategy).name(lang)
        except KeyError:
            strategy = view.strategy
        self._set("caption", Text(t("army.preview.assumption", strategy=strategy)))
        self._set("lines", self._lines(view.lines, rules, g, lang) if _shown(view.lines) else Text(t("army.preview.no_dice"), "dim"))
        total = Text(no_wrap=True, overflow="ellipsis")
        total.append(t("army.preview.total") + "  ")
        total.append(pool_text(view.pool, g))
        if letters_shown():
            total.append(f"   {view.pool.notation()}", "dim")
        self._set("total", total)
        against = Text(overflow="ellipsis")
        against.append(t("army.preview.against") + " ")
        against.append(view.opponent)
        against.append(":  " + pool_text(view.opponent_pool, g))
        self._set("against", against)
        self._set("opponent", self._lines(view.opponent_lines, rules, g, lang))
        defending = Table.grid()
        defending.add_row(Text(t("army.preview.defending"), "bold"))
        defending.add_row(self._lines(view.defending, rules, g, lang))
        self._set("defending", defending, shown=bool(view.defending))
        self._set("recon", self._recon(view, rules, lang))

    @staticmethod
    def _lines(lines: tuple[PoolLine, ...], rules: MyzRuleset, g: Glyphs, lang: str) -> Table:
        """A glyph column and a label column, so a long label wraps beside its dice."""
        shown = _shown(lines)
        width = max((len(dice_glyphs(line, g)) for line in shown), default=0)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=min(max(width, 1), SPELLED_OUT + 2), no_wrap=True, style="bold")
        grid.add_column(ratio=1)
        for line in shown:
            grid.add_row(Text(dice_glyphs(line, g)), Text(source_label(line, rules, lang)))
        return grid

    @staticmethod
    def _recon(view: SourcesView, rules: MyzRuleset, lang: str) -> Text:
        text = Text()
        text.append(t("army.preview.recon", modifier=f"{view.recon_modifier:+d}") + "\n", "bold")
        factors = {f.key: f for f in rules.reconnaissance.factors}
        for key in view.recon:
            factor = factors.get(key)
            if factor is not None:
                text.append(f"{factor.modifier:+d} ", "bold")
                text.append(factor.name(lang) + "\n")
        if view.leader is None:
            text.append(t("army.preview.no_leader"), "dim")
        else:
            skill = rules.skill(rules.reconnaissance.skill).name(lang)
            text.append(t("army.preview.leader", name=view.leader, skill=skill, pool=view.leader_pool or t("army.preview.no_skill")), "dim")
        return text
