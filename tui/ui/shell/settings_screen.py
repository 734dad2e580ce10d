"""Settings: language, dice glyphs and colour theme, saved for next time."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Select

from tui.core.i18n import t
from tui.ui.settings import Settings
from tui.ui.shell.dialogs import DIALOG_CSS, Form


class SettingsScreen(Form):
    BINDINGS = [
        Binding("escape", "cancel", "key.cancel", id="settings.cancel"),
        Binding("ctrl+s", "save", "key.save", id="settings.save"),
    ]

    DEFAULT_CSS = "SettingsScreen {" + DIALOG_CSS + """
        & Label { margin-top: 0; color: $text-muted; }
        & Horizontal { height: auto; margin-top: 1; align-horizontal: right; }
        & Button { margin-left: 1; }
    }"""

    def __init__(self, current: Settings, themes: list[str]) -> None:
        super().__init__()
        self._current = current
        self._themes = themes

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = t("settings.title")
            yield Label(t("settings.language"))
            yield Select([("English", "en"), ("Deutsch", "de")], value=self._current.language, allow_blank=False, id="language")
            yield Label(t("settings.glyphs"))
            yield Select(
                [(t("settings.glyphs_unicode"), "unicode"), (t("settings.glyphs_ascii"), "ascii")],
                value=self._current.glyphs,
                allow_blank=False,
                id="glyphs",
            )
            yield Label(t("settings.theme"))
            theme = self._current.theme if self._current.theme in self._themes else self._themes[0]
            yield Select([(name, name) for name in self._themes], value=theme, allow_blank=False, id="theme")
            with Horizontal():
                yield Button(t("settings.cancel"), id="cancel")
                yield Button(t("settings.save"), variant="primary", id="save")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        chosen = {name: self.query_one(f"#{name}", Select).value for name in ("language", "glyphs", "theme")}
        self.dismiss(self._current.model_copy(update=chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
