"""Help: every key of the current screen and the app, then the current
system's own page (its dice and the rules its screens enforce)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Iterator

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.dom import DOMNode
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.core.i18n import t
from tui.ui.shell.battle_screen import shell


@dataclass(frozen=True)
class KeyRow:
    keys: str
    """The keys as shown (after any remapping), comma-separated."""
    description: str
    binding_id: str
    node: object
    action: str
    enabled: bool


def binding_rows(screen: Screen) -> list[KeyRow]:
    """One row per action bound on the screen and the app, keys merged, in
    declaration order (remapped keys included, system bindings left out)."""
    app = screen.app
    grouped: dict[tuple[int, str], list] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.system or not binding.id or not binding.description:
            continue
        grouped.setdefault((id(active.node), binding.id or binding.action), []).append((key, active))
    rows = []
    for entries in grouped.values():
        _, first = entries[0]
        keys = ", ".join(app.get_key_display(Binding(key, first.binding.action)) for key, _ in entries)
        rows.append(KeyRow(keys, t(first.binding.description), first.binding.id or "", first.node, first.binding.action, first.enabled))
    return rows


def palette_commands(screen: Screen) -> Iterator[SystemCommand]:
    """The command palette's entries: every key the screen offers now, once."""
    app = screen.app
    offered = set()
    for row in binding_rows(screen):
        if not row.enabled or row.action == "command_palette" or (id(row.node), row.action) in offered:
            continue
        offered.add((id(row.node), row.action))
        yield SystemCommand(row.description, f"{t('palette.key')}: {row.keys}", partial(app.run_action, row.action, row.node if isinstance(row.node, DOMNode) else None))


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "key.close", id="help.close")]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        & > VerticalScroll {
            width: 90%;
            max-width: 100;
            height: 90%;
            border: round $accent;
            background: $surface;
            padding: 0 1;
        }
        &:ansi > VerticalScroll { border: round ansi_cyan; background: ansi_default; }
    }
    """

    def __init__(self, under: Screen, parts: list[RenderableType] | None = None) -> None:
        super().__init__()
        self._under = under
        self._parts = parts
        """The page after the keys (None: the battle's system's own)."""

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))
        keys.add_column(style="bold")
        keys.add_column()
        keys.add_column(style="dim")
        for row in binding_rows(self._under):
            keys.add_row(Text(row.keys), Text(row.description), Text(row.binding_id))
        system_part = self._parts if self._parts is not None else shell(self).system_ui.help(shell(self).glyphs, shell(self).battle)
        with VerticalScroll() as box:
            box.border_title = t("help.title")
            yield Static(Text(t("help.intro")))
            yield Static(keys)
            for part in system_part:
                yield Static(part)
            yield Static(Text(t("help.remap")), classes="dim")

    def action_close(self) -> None:
        self.dismiss(None)
