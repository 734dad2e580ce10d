"""The army builder's form: one row per field, a cursor on the row to change.

The screen sets ``rows`` ("attributes down"); the list keeps the cursor on
the same field across redraws and faction switches. Enter and space are the
screen's keys (they grey out when nothing can change), so this list lets
them through instead of selecting; a mouse click still selects
(``OptionList.OptionSelected`` goes up to the screen).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.table import Table
from rich.text import Text
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

LABEL_MOST = 20


@dataclass(frozen=True)
class FormRow:
    id: str
    """The field it edits (``fighters``, ``unit:artillery``, ``person:0``...)."""
    label: str
    value: Text = field(default_factory=Text)
    """Drawn as given: user text in it is a plain ``Text``, never markup."""
    note: str = ""
    """Dim text after the value."""
    heading: bool = False
    """A section title: the cursor skips it."""


LIST_PANEL_CSS = """
        border: round $panel-lighten-2;
        border-title-color: $text;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        &:focus { border: round $accent; }
        & > .option-list--option-disabled { color: $text-accent; text-style: bold; }
        &:ansi {
            border: round ansi_bright_black;
            &:focus { border: round ansi_cyan; }
            & > .option-list--option-disabled { color: ansi_cyan; }
        }
"""
"""A bordered list whose disabled options are section headings (army forms, card lists)."""


class ArmyForm(OptionList):
    DEFAULT_CSS = "ArmyForm { height: 1fr; width: 1fr;" + LIST_PANEL_CSS + "}"

    rows: reactive[tuple[FormRow, ...]] = reactive((), init=False)
    """The fields to show, in order."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    @property
    def current(self) -> str | None:
        """The id of the field under the cursor."""
        option = self.highlighted_option
        return option.id if option is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return False  # enter goes to the screen's "change" key
        return super().check_action(action, parameters)

    def _label_width(self, rows: tuple[FormRow, ...]) -> int:
        """The longest label, but at most 2/5 of the width (longer ones wrap)."""
        room = self.scrollable_content_region.width or 60
        longest = max((len(r.label) for r in rows if not r.heading), default=0)
        return min(LABEL_MOST, longest, max(10, room * 2 // 5)) + 2

    def on_resize(self) -> None:
        self.watch_rows(self.rows)

    def watch_rows(self, rows: tuple[FormRow, ...]) -> None:
        width = self._label_width(rows)
        prompts = [self._prompt(row, width) for row in rows]
        ids = [row.id for row in rows]
        if ids == [option.id for option in self.options]:
            for index, prompt in enumerate(prompts):
                self.replace_option_prompt_at_index(index, prompt)
            self.refresh()
            return
        keep = self.current
        self.set_options(Option(prompt, id=row.id, disabled=row.heading) for row, prompt in zip(rows, prompts))
        self.move_to(keep)

    def move_to(self, row_id: str | None) -> None:
        """Put the cursor on a field (or the first one there is)."""
        ids = [option.id for option in self.options]
        if row_id in ids:
            self.highlighted = ids.index(row_id)
            return
        self.highlighted = next((i for i, option in enumerate(self.options) if not option.disabled), None)

    @staticmethod
    def _prompt(row: FormRow, width: int) -> Content | Table:
        if row.heading:
            return Content(row.label)
        # A grid keeps long values (a person's skills) wrapping beside the label.
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=width - 1, style="dim")
        grid.add_column(ratio=1)
        value = row.value.copy()
        if row.note:
            value.append("  " + row.note, "dim italic")
        grid.add_row(Text(row.label), value)
        return grid
