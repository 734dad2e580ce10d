"""The number dialog never drops what is typed (issue 28's play list: the
Kingmaker attack count silently lost letters): a field with room for more
than its longest number, so "12x" stays in sight and Enter says what is
wrong in one line, and the dialog stays up."""

from __future__ import annotations

from textual.app import App
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from tui.ui.shell.dialogs import NumberDialog


class _Host(App):
    def __init__(self, dialog: NumberDialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.answers: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


async def test_letters_typed_into_a_number_stay_and_enter_says_why():
    dialog = NumberDialog("How many attacks?", 2, 1, 3)
    app = _Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"2xy", "enter")
        await pilot.pause()
        assert dialog.query_one(Input).value == "2xy"
        assert str(dialog.query_one(".dialog-error", Static).render()) == "2xy is not a whole number from 1 to 3"
        assert app.screen is dialog and app.answers == []
        await pilot.press("backspace", "backspace", "enter")
        await pilot.pause()
        assert app.answers == [2]


async def test_a_title_too_long_for_the_border_is_the_first_line_whole():
    """German titles were cut on the dialog's border at 80x24 (issue 28's
    play list): a long one is the dialog's first line, wrapped, every word in it."""
    title = "Rivenhold: Welcher Unterstützungswürfel von Ostmark geht verloren? (1/2)"
    dialog = NumberDialog(title, 1, 1, 3)
    app = _Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        heading = dialog.query_one(".dialog-title", Label)
        assert str(heading.render()).replace("\n", " ").split() == title.split()
        short = NumberDialog("How many?", 1, 1, 3)
        app.push_screen(short)
        await pilot.pause()
        assert not short.query(".dialog-title") and str(short.query_one(Vertical).border_title) == "How many?"
