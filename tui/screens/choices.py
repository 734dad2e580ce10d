"""Dialogs for the steps of a wave: pick one option (closed ones greyed
out with the rule that closes them), pick a number, or look at a skill
roll and decide to push it. Each dismisses with the GM's answer, or None
on escape.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.i18n import t
from tui.screens.dialogs import DIALOG_CSS


@dataclass(frozen=True)
class Choice:
    """One option: ``value`` is returned; ``closed`` says why it can't be chosen."""

    value: object
    label: str
    note: str = ""
    closed: str | None = None
    detail: str = ""
    """Shown under the list while this option is highlighted (what it does)."""


class ChoiceDialog(ModalScreen):
    """Choose one of several options with the arrow keys and enter."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel", id="dialog.cancel")]
    DEFAULT_CSS = (
        "ChoiceDialog {"
        + DIALOG_CSS
        + """
        & > Vertical { width: 76; }
        & OptionList, & OptionList:focus { height: auto; max-height: 16; border: none; padding: 0; }
        & .choice-closed { color: $text-disabled; }
        & .choice-detail { height: auto; width: 100%; color: $text; text-style: italic; }
    }"""
    )

    def __init__(self, title: str, choices: list[Choice], help_text: str = "", *, secret: bool = False, highlight: object = None) -> None:
        super().__init__()
        self._title = title
        self._choices = choices
        self._help = help_text
        self._secret = secret
        self._highlight = highlight

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self._title)
            options = []
            for index, choice in enumerate(self._choices):
                text = Text(choice.label)
                if choice.note:
                    text.append("  " + choice.note, style="dim")
                if choice.closed:
                    text.append("  — " + choice.closed, style="italic")
                options.append(Option(text, id=str(index), disabled=choice.closed is not None))
            yield OptionList(*options)
            if any(choice.detail for choice in self._choices):
                yield Static("", classes="choice-detail", markup=False)
            if self._help:
                yield Label(Content(self._help), classes="dialog-help")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        open_ = [i for i, c in enumerate(self._choices) if c.closed is None]
        wanted = [i for i in open_ if self._choices[i].value == self._highlight]
        if wanted or open_:
            options.highlighted = (wanted or open_)[0]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for detail in self.query(".choice-detail").results(Static):
            detail.update(Text(self._choices[int(event.option.id or 0)].detail))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self._choices[int(event.option.id or 0)].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NumberDialog(ModalScreen):
    """Type a whole number between ``least`` and ``most``."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel", id="dialog.cancel")]
    DEFAULT_CSS = "NumberDialog {" + DIALOG_CSS + "}"

    def __init__(self, title: str, value: int, least: int, most: int, help_text: str = "") -> None:
        super().__init__()
        self._title = title
        self._value = value
        self._least = least
        self._most = most
        self._help = help_text

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self._title)
            yield Input(str(self._value), type="integer")
            yield Label(Content(t("wave.dialog.range", least=self._least, most=self._most) + (" " + self._help if self._help else "")), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            value = int(event.value.strip())
        except ValueError:
            value = None
        if value is None or not self._least <= value <= self._most:
            self.query_one(".dialog-error", Static).update(Text(t("wave.dialog.out_of_range", least=self._least, most=self._most)))
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RollDialog(ModalScreen):
    """A skill roll's dice: enter accepts, p pushes (once), escape abandons."""

    BINDINGS = [
        Binding("enter", "accept", "key.accept", id="dialog.accept"),
        Binding("p", "push", "key.push", id="dialog.push"),
        Binding("escape", "cancel", "key.cancel", id="dialog.cancel"),
    ]
    DEFAULT_CSS = "RollDialog {" + DIALOG_CSS + "}"

    def __init__(self, title: str, lines: list[Text], can_push: bool) -> None:
        super().__init__()
        self._title = title
        self._lines = lines
        self._can_push = can_push

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self._title)
            for line in self._lines:
                yield Static(line)
            keys = t("wave.dialog.roll_keys_push") if self._can_push else t("wave.dialog.roll_keys")
            yield Label(Content(keys), classes="dialog-help")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "push":
            return self._can_push
        return True

    def action_accept(self) -> None:
        self.dismiss("accept")

    def action_push(self) -> None:
        if self._can_push:
            self.dismiss("push")

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["Choice", "ChoiceDialog", "NumberDialog", "RollDialog"]
