"""A dialog that asks for a line of text: a zone's name, an aspect, a
consequence. What the GM types is kept exactly (never read as markup)."""

from __future__ import annotations

from typing import Callable

from textual.content import Content
from textual.widgets import Input

from tui.core.i18n import t
from tui.core.records import MAX_NAME
from tui.screens.dialogs import _AskDialog


def _not_blank(value: str) -> str | None:
    return t("error.name_empty") if not value.strip() else None


class TextDialog(_AskDialog):
    """``check`` says what is wrong with the text (None: nothing)."""

    def __init__(self, title: str, value: str = "", help_text: str = "", check: Callable[[str], str | None] = _not_blank) -> None:
        super().__init__(Content(title), value, help_text, MAX_NAME)
        self._check = check

    def on_input_submitted(self, event: Input.Submitted) -> None:
        error = self._check(event.value)
        if error:
            self.show_error(error)
            return
        self.dismiss(event.value)


__all__ = ["TextDialog"]
