"""Small dialogs that ask the GM for one thing and dismiss with it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.core.dice import Pool, parse_pool
from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.records import MAX_NAME

DIALOG_CSS = """
    align: center middle;
    & > Vertical {
        width: 60;
        max-width: 95%;
        height: auto;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    & .dialog-help { color: $text-muted; width: 100%; height: auto; }
    & .dialog-error { color: $error; height: auto; }
    &:ansi > Vertical { border: round ansi_cyan; background: ansi_default; }
"""


class _AskDialog(ModalScreen):
    """One input line with a help line and an error line under it."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel", id="dialog.cancel")]

    DEFAULT_CSS = "_AskDialog {" + DIALOG_CSS + "}"

    def __init__(self, title: Content, value: str, help_text: str, max_length: int = 0) -> None:
        super().__init__()
        self._title = title
        self._value = value
        self._help = help_text
        self._max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self._title
            yield Input(self._value, max_length=self._max_length)
            yield Label(Content(self._help), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def show_error(self, message: str) -> None:
        self.query_one(".dialog-error", Static).update(Text(message))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PoolDialog(_AskDialog):
    """Type a whole pool at once: ``5b2s1g``."""

    def __init__(self, side_name: str, pool: Pool, max_dice: int) -> None:
        title = Content.assemble(t("dialog.pool_title") + " ", Content(side_name))
        super().__init__(title, pool.notation() if pool.total else "", t("dialog.pool_help"))
        self._max_dice = max_dice

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            pool = parse_pool(event.value, self._max_dice)
        except MassCombatError as exc:
            self.show_error(str(exc))
            return
        self.dismiss(pool)


class NameDialog(_AskDialog):
    """Rename a side; the name is shown exactly as typed, never as markup."""

    def __init__(self, name: str) -> None:
        super().__init__(Content(t("dialog.name_title")), name, t("dialog.name_help"), MAX_NAME)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value
        if not name.strip():
            self.show_error(t("error.name_empty"))
            return
        self.dismiss(name)
