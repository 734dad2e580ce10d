"""A dialog that asks for a line of text: a zone's name, an aspect, a
consequence. What the GM types is kept exactly (never read as markup)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Input

from ..core.i18n import t
from ..core.models import MAX_NAME
from .dialogs import _AskDialog


class TextDialog(_AskDialog):
    def __init__(self, title: str, value: str = "", help_text: str = "") -> None:
        super().__init__(Content(title), value, help_text, MAX_NAME)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.show_error(t("error.name_empty"))
            return
        self.dismiss(event.value)


__all__ = ["TextDialog"]
