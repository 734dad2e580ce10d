"""A one-line cycle among a few values, changed with ← → or space.

| Key | Action |
| :- | :- |
| ← | the previous value |
| →, space | the next value |
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class CycleItem:
    value: str
    label: str
    """Shown as plain text, never as markup."""


class Cycle(Widget, can_focus=True):
    """Attributes down (``items``, ``value``); ``Cycle.Changed`` up."""

    BINDINGS = [
        Binding("left", "step(-1)", "key.choice_previous", show=False, id="cycle.previous"),
        Binding("right,space", "step(1)", "key.choice_next", show=False, id="cycle.next"),
    ]

    DEFAULT_CSS = """
    Cycle {
        height: 1;
        width: 1fr;
        padding: 0 1;
        background: $boost;
        &:focus { background: $accent 30%; text-style: bold; }
        &:ansi { background: ansi_default; &:focus { background: ansi_blue; } }
    }
    """

    value: reactive[str] = reactive("", init=False)
    """The chosen item's value."""

    class Changed(Message):
        def __init__(self, choice: "Cycle", value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> "Cycle":
            return self.choice

    def __init__(self, items: list[CycleItem], value: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items = items
        self.set_reactive(Cycle.value, value)

    def render(self) -> Content:
        label = next((item.label for item in self.items if item.value == self.value), self.value)
        return Content.assemble("< ", Content(label), " >")

    def action_step(self, step: int) -> None:
        values = [item.value for item in self.items]
        index = values.index(self.value) if self.value in values else 0
        self.value = values[(index + step) % len(values)]

    def watch_value(self, value: str) -> None:
        self.post_message(self.Changed(self, value))
