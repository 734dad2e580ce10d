"""The one set of dialogs every system uses: choose one of a list, type a
whole number, type a line of text. Each asks for one thing and dismisses
with it (None on escape); what the GM typed is shown as text, never markup.

A dialog answers once. Keys that arrive while a dialog is still opening
are held by the app (``shell.keys.KeyGate``) and handed to it once it is
up, as if typed then, so a burst of keys over a slow link is neither lost
nor able to answer a dialog twice.
"""

from __future__ import annotations

import asyncio

from dataclasses import dataclass
from typing import Any, ClassVar, Callable

from pydantic import ValidationError
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.ui.widgets.steady_input import SteadyInput
from tui.core.i18n import t
from tui.core.records import MAX_NAME, printable
from tui.ui.shell.keys import KeyGate
from tui.ui.shell.menus import Menu

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
    & .dialog-title { text-style: bold; width: 100%; height: auto; }
    & .dialog-help { color: $text-muted; width: 100%; height: auto; }
    & .dialog-live { color: $text; width: 100%; height: auto; }
    & .dialog-error { color: $error; height: auto; }
    &:ansi > Vertical { border: round ansi_cyan; background: ansi_default; }
"""

BLANK = ""
"""What a number dialog returns for an emptied field (``allow_empty``)."""


def validation_message(exc: ValidationError) -> str:
    """A model's first complaint, as one line for the GM."""
    error = exc.errors()[0]
    message = str(error.get("msg", exc))
    return message.removeprefix("Value error, ")


def _title(title: str | Content) -> Content:
    return title if isinstance(title, Content) else Content(title)


TITLE_ROOM = 52
"""Cells a dialog's border holds for its title (a 60-wide box less its
corners and padding): a longer title, as German ones often are, is the
dialog's first line instead, wrapped, never cut."""


def titled(box: Vertical, title: str | Content) -> Label | None:
    """The title on the box's border, or a line to yield at the box's top."""
    content = _title(title)
    if content.cell_length <= TITLE_ROOM:
        box.border_title = content
        return None
    return Label(content, classes="dialog-title")


class Form(ModalScreen[Any]):
    """A modal form (a card, a person, the settings): answered once. An
    Enter typed behind the one that saves it, in a burst, reaches it before
    it is gone and would save it again, popping the screen beneath."""

    enter_saves: ClassVar[bool] = False
    """Enter saves the form from any field (``action_save``)."""
    _answered_once: bool = False
    """(Not ``_closed``: Textual's message pump has its own.)"""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._answered_once:
            return AwaitComplete(asyncio.sleep(0))
        self._answered_once = True
        return super().dismiss(result)


class Dialog(ModalScreen[Any]):
    """A modal that answers once and can take keys held while it opened."""

    BINDINGS = [Binding("escape", "cancel", "key.cancel", id="dialog.cancel")]

    answered: bool = False

    def _gate(self) -> "KeyGate | None":
        """The app's key gate (None in a bare test app that shows a dialog alone)."""
        gate = getattr(self.app, "key_gate", None)
        return gate if isinstance(gate, KeyGate) else None

    def answer(self, value: Any) -> None:
        """Dismiss with ``value``, once: a repeated key can't answer twice."""
        if self.answered:
            return
        self.answered = True
        gate = self._gate()
        if gate is not None:
            gate.dialog_answered()
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.answer(None)

    def on_screen_resume(self) -> None:
        gate = self._gate()
        if gate is not None and not self.answered:
            self.call_after_refresh(gate.arrived)

    def on_unmount(self) -> None:
        gate = self._gate()
        if gate is not None:
            gate.dialog_closed()


class _AnswerList(OptionList):
    """A dialog's list: Enter answers the dialog at once, so that keys
    coming right behind it are held for whatever the answer opens next
    (an OptionSelected message would let them reach this dying dialog)."""

    def action_select(self) -> None:
        screen = self.screen
        if isinstance(screen, ChoiceDialog):
            screen.choose(self.highlighted)
            return
        super().action_select()

    # No wrapping at the ends: Down held past the last entry would land on
    # the first (often "Done") and a following Enter would take it. Closed
    # rows are stepped on like any other (greyed, Enter says why), so
    # counting ↓ from what the screen shows lands where the GM counted.
    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            super().action_cursor_down() if direction > 0 else super().action_cursor_up()
            return
        index = self.highlighted + direction
        if 0 <= index < self.option_count:
            self.highlighted = index


class _AnswerInput(SteadyInput):
    """A dialog's line: Enter answers the dialog at once (see ``_AnswerList``)."""

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        if isinstance(screen, Dialog) and screen.answered:
            # Keys typed right behind the Enter that answered reach this
            # dying line first: not typed here, they go on to the app,
            # which holds them for whatever the answer opens next.
            event.prevent_default()
        elif event.key == "enter":
            # Answered here, in the line's own order: as a binding, Enter
            # would run only after the keys typed behind it were typed in.
            event.stop()
            event.prevent_default()
            await self.action_submit()

    async def action_submit(self) -> None:
        screen = self.screen
        if isinstance(screen, AskDialog):
            screen.submit(self.value)
            return
        await super().action_submit()


@dataclass(frozen=True)
class Choice:
    """One option: ``value`` is returned; ``closed`` says why it can't be chosen."""

    value: object
    label: str
    note: str = ""
    closed: str | None = None
    detail: str = ""
    """Shown under the list while this option is highlighted (what it does)."""
    entry: str = ""
    """Which entry of the dialog's action menu this is (``shell.menus``);
    unset, a text value names itself, a tuple value by its first item."""
    key: str = ""
    """A key that picks this option at once (in a menu of a screen's
    actions: the key that does it on the screen)."""

    @property
    def menu_entry(self) -> str:
        if self.entry:
            return self.entry
        if isinstance(self.value, str):
            return self.value
        if isinstance(self.value, tuple) and self.value and isinstance(self.value[0], str):
            return self.value[0]
        return ""


class ChoiceDialog(Dialog):
    """Choose one of several options with the arrow keys and enter; closed
    options are greyed out with the rule that closes them."""

    DEFAULT_CSS = (
        "ChoiceDialog {"
        + DIALOG_CSS
        + """
        & > Vertical { width: 76; }
        & OptionList, & OptionList:focus { height: auto; max-height: 16; border: none; padding: 0; }
        & .choice-closed { color: $text-disabled; }
        & .choice-detail { height: auto; width: 100%; color: $text; text-style: italic; }
        & .choice-refusal { height: auto; width: 100%; color: $error; display: none; }
        & .choice-refusal.-shown { display: block; }
        & .choice-refusal:ansi { color: ansi_bright_red; }
    }"""
    )

    def __init__(self, title: str | Content, choices: list[Choice], help_text: str = "", *, secret: bool = False, highlight: object = None, menu: Menu | None = None) -> None:
        super().__init__()
        if menu is not None and not menu.rows:
            declared = menu.entries
            stray = [c.menu_entry for c in choices if c.menu_entry not in declared]
            if stray:
                raise ValueError(f"menu {menu.id} does not declare {', '.join(map(repr, stray))}")
        self.menu = menu
        self._title = title
        self._choices = choices
        self._help = help_text
        self._secret = secret
        self._highlight = highlight

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            heading = titled(box, self._title)
            if heading is not None:
                yield heading
            options = []
            for index, choice in enumerate(self._choices):
                text = Text(choice.label)
                if choice.note:
                    text.append("  " + choice.note, style="dim")
                if choice.closed:
                    text.stylize("dim")
                    text.append("  — " + choice.closed, style="dim italic")
                options.append(Option(text, id=str(index)))
            yield _AnswerList(*options)
            if any(choice.detail for choice in self._choices):
                yield Static("", classes="choice-detail", markup=False)
            if any(choice.closed for choice in self._choices):
                yield Static("", classes="choice-refusal", markup=False)
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
        for refusal in self.query(".choice-refusal").results(Static):
            refusal.update("")
            refusal.remove_class("-shown")

    def choose(self, index: int | None) -> None:
        """Answer with the option at ``index``; a closed one says why and the dialog stays."""
        if index is None or not 0 <= index < len(self._choices):
            return
        choice = self._choices[index]
        if choice.closed is None:
            gate = self._gate()
            if gate is not None:
                # what comes of it was the GM's pick among others (``shell.endings``)
                gate.chose = sum(c.closed is None for c in self._choices) > 1
            self.answer(choice.value)
            return
        for refusal in self.query(".choice-refusal").results(Static):
            refusal.update(Text(t("dialog.closed_choice", label=choice.label, why=choice.closed)))
            refusal.add_class("-shown")
        self.app.bell()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(int(event.option.id or 0))

    def _shortcut(self, key: str) -> int | None:
        return next((i for i, c in enumerate(self._choices) if c.key and c.key == key), None)

    def on_key(self, event: events.Key) -> None:
        index = self._shortcut(event.key)
        if index is not None and not self.answered:
            event.stop()
            event.prevent_default()
            self.choose(index)


class AskDialog(Dialog):
    """One input line with a help line and an error line under it; what is
    typed is checked by ``read``, which returns the answer or raises
    ``ValueError`` with what is wrong."""

    DEFAULT_CSS = "AskDialog {" + DIALOG_CSS + "}"

    def __init__(self, title: str | Content, value: str, help_text: str, max_length: int = 0) -> None:
        super().__init__()
        self._title = title
        self._value = value
        self._help = help_text
        self._max_length = max_length
        self._refused: str | None = None
        """The text an Enter was refused for (its error stays until the text changes)."""

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            heading = titled(box, self._title)
            if heading is not None:
                yield heading
            yield _AnswerInput(self._value, max_length=self._max_length, select_on_focus=True)
            yield Label(Content(self._help), classes="dialog-help")
            live = self.live_text(self._value)
            if live is not None:
                yield Static(Text(live), classes="dialog-live")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        # Typed digits or words replace what the dialog proposes, as they would in any form.
        field.focus()
        field.select_all()

    def read(self, text: str) -> object:
        return text

    def live_text(self, text: str) -> str | None:
        """A line under the help that follows what is typed (the chances at
        a difficulty); None: the dialog has none."""
        return None

    def show_error(self, message: str) -> None:
        # An error may quote a file's name: written out, never sent raw.
        self.query_one(".dialog-error", Static).update(Text(printable(message)))

    def on_input_changed(self, event: Input.Changed) -> None:
        # The changes posted by the typing that came before a refused Enter
        # (a burst) arrive after it and must not wipe its error: only a
        # text other than the refused one does.
        if event.input.value != self._refused:
            self.show_error("")
        live = self.live_text(event.input.value)
        if live is not None:
            self.query_one(".dialog-live", Static).update(Text(live))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value)

    def submit(self, text: str) -> None:
        try:
            value = self.read(text)
        except ValueError as exc:
            self.refuse_text(text, str(exc))
            return
        self.answer(value)

    def refuse_text(self, text: str, why: str) -> None:
        """Say why ``text`` won't do; the line stays until the text changes
        (not when the changes typed before it in a burst arrive)."""
        self._refused = text
        self.show_error(why)


def _not_blank(value: str) -> str | None:
    return t("error.name_empty") if not value.strip() else None


class TextDialog(AskDialog):
    """A line of text: a name, an aspect, a consequence. ``check`` says what
    is wrong with it (None: nothing)."""

    def __init__(self, title: str | Content, value: str = "", help_text: str = "", check: Callable[[str], str | None] = _not_blank, max_length: int = MAX_NAME) -> None:
        super().__init__(title, value, help_text, max_length)
        self._check = check

    def read(self, text: str) -> object:
        error = self._check(text)
        if error:
            raise ValueError(error)
        return text


class NumberDialog(AskDialog):
    """A whole number from ``least`` to ``most`` (a multiple of ``step``);
    with ``allow_empty`` an emptied field answers ``BLANK``."""

    def __init__(
        self, title: str | Content, value: int | str | None, least: int, most: int, help_text: str = "", *, allow_empty: bool = False, step: int = 1,
        describe: Callable[[int], str] | None = None,
    ) -> None:
        shown = "" if value is None else str(value)
        bounds = t("dialog.range", least=least, most=most)
        self._least, self._most, self._allow_empty, self._step = least, most, allow_empty, step
        self._describe = describe
        # Room for more than the longest number: what is typed wrong ("12x")
        # stays in sight and is refused in words, never dropped in silence.
        super().__init__(title, shown, bounds + (" " + help_text if help_text else ""), max(len(str(most)), len(str(least))) + 8)

    def live_text(self, text: str) -> str | None:
        if self._describe is None:
            return None
        try:
            value = self.read(text)
        except ValueError:
            return ""
        return self._describe(value) if isinstance(value, int) else ""

    def read(self, text: str) -> object:
        text = text.strip()
        if not text and self._allow_empty:
            return BLANK
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not self._least <= value <= self._most:
            raise ValueError(t("dialog.number_bad", text=text or "∅", least=self._least, most=self._most))
        if value % self._step:
            raise ValueError(t("dialog.number_step", text=text, step=self._step))
        return value


__all__ = ["BLANK", "DIALOG_CSS", "AskDialog", "Choice", "ChoiceDialog", "Dialog", "Form", "NumberDialog", "TextDialog", "validation_message"]
