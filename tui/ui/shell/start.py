"""The start screen: ``masscombat`` with no file. Recent battles (system,
title, when last played), the bundled demos, and a new battle of every
registered system, in one list chosen by keyboard.

It is a small app of its own that answers what to open; the battle's app
starts after it with that session (so a battle app never exists without a
battle).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.records import printable
from tui.core.i18n import language, t
from tui.core.files.shelf import Shelved, examples, recent_battles
from tui.core.system import find_system, systems
from tui.ui.shell.gated_app import GatedApp
from tui.ui.widgets.key_footer import KeyFooter


@dataclass(frozen=True)
class StartChoice:
    """What the GM chose: a file to open, or a new battle of a system."""

    kind: Literal["open", "new", "demo", "campaign"]
    """open a saved battle; a new battle of ``system``; a demo from its start
    (a fresh copy); a new campaign of ``system``."""
    path: Path | None = None
    system: str = ""


def _when(played: datetime | None) -> str:
    return played.strftime("%Y-%m-%d %H:%M") if played is not None else t("start.demo")


def _system_name(key: str) -> str:
    return find_system(key).name(language()) if key else "?"


def _shelved(item: Shelved) -> Text:
    text = Text()
    # A file's name is whatever the folder holds: written out, never sent raw.
    text.append(printable(item.title or item.path.stem), style="bold")
    what = t("start.campaign_of", system=_system_name(item.system), count=item.battles) if item.kind == "campaign" else _system_name(item.system)
    text.append(f"  {what} · {_when(item.played)} · {printable(item.path.name)}", style="dim")
    if item.problem:
        text.append("  — " + printable(t("start.cannot_open", problem=item.problem)), style="italic")
    return text


class StartApp(GatedApp[StartChoice]):
    """Pick a battle; ``run()`` returns the choice, or None when the GM quits."""

    TITLE = "masscombat"
    CSS_PATH = "../app.tcss"

    BINDINGS = [
        Binding("q,escape", "quit_start", "key.quit", id="start.quit"),
        Binding("ctrl+q,ctrl+c", "quit_start", "key.quit", show=False, priority=True, id="start.quit_now"),
    ]

    DEFAULT_CSS = """
    StartApp {
        & #start-help { height: 1; padding: 0 1; color: $text-muted; }
        & OptionList { height: 1fr; border: none; }
    }
    """

    def __init__(self, saves: Path, theme: str | None = None, *, new_file: Path | None = None, ascii: bool = False) -> None:
        super().__init__()
        self._saves = saves
        self._ascii = ascii
        self._theme_name = theme
        self._new_file = new_file
        """A battle file named on the command line that doesn't exist yet:
        only the systems are offered, for the new battle it will hold."""
        self._choices: dict[str, StartChoice] = {}
        self._recent: list[str] = []

    def draws_ascii(self) -> bool:
        return self._ascii

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(*self._options(), id="start-list")
        yield Static(Content(t("start.help")), id="start-help")
        yield KeyFooter()

    def _options(self) -> list[Option]:
        options: list[Option] = []

        def heading(key: str) -> None:
            options.append(Option(Text(t(key), style="bold underline"), disabled=True))

        def entry(choice: StartChoice, text: Text, closed: bool = False) -> None:
            ident = f"choice-{len(self._choices)}"
            self._choices[ident] = choice
            options.append(Option(text, id=ident, disabled=closed))

        heading("start.new")
        for system in systems():
            entry(StartChoice("new", path=self._new_file, system=system.key), Text(t("start.new_of", system=system.name(language()))))
        if self._new_file is not None:
            return options
        heading("start.new_campaign")
        for system in systems():
            if system.campaign is not None:
                entry(StartChoice("campaign", system=system.key), Text(t("start.new_campaign_of", system=system.name(language()))))
        heading("start.recent")
        recent = recent_battles(self._saves)
        if not recent:
            options.append(Option(Text(printable(t("start.no_recent", folder=str(self._saves))), style="dim"), disabled=True))
        for item in recent:
            entry(StartChoice("open", path=item.path), _shelved(item), closed=item.problem is not None)
            if item.problem is None:
                self._recent.append(f"choice-{len(self._choices) - 1}")
        heading("start.examples")
        for item in examples():
            entry(StartChoice("demo", path=item.path), _shelved(item), closed=item.problem is not None)
        return options

    def on_mount(self) -> None:
        self.title = t("start.title") if self._new_file is None else t("start.new_file_title", file=printable(self._new_file.name))
        if self._theme_name and self._theme_name in self.available_themes:
            self.theme = self._theme_name
        options = self.query_one(OptionList)
        options.focus()
        # A recent battle first if there is one (the usual evening: carry on), else a new battle.
        recent = [i for i, o in enumerate(options.options) if o.id in self._recent]
        fresh = [i for i, o in enumerate(options.options) if o.id and not o.disabled]
        if recent or fresh:
            options.highlighted = (recent or fresh)[0]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id in self._choices:
            self.exit(self._choices[event.option.id])

    def action_quit_start(self) -> None:
        self.exit(None)


__all__ = ["StartApp", "StartChoice"]
