"""A line typed past its longest says so (issue 28's play list: a long name
was cut at its limit without a word). Every text line in the app is a
SteadyInput, so this holds for every dialog and form: in a dialog the error
line under the field says it; elsewhere a one-line notice does."""

from __future__ import annotations

import ast
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from tui.ui.shell.dialogs import TextDialog
from tui.ui.widgets.steady_input import SteadyInput

UI = Path(__file__).parents[2] / "tui" / "ui"


class _Host(App):
    def __init__(self, dialog: TextDialog | None = None) -> None:
        super().__init__()
        self.dialog = dialog
        self.answers: list[object] = []

    def compose(self) -> ComposeResult:
        yield SteadyInput("", max_length=5, id="line")

    def on_mount(self) -> None:
        if self.dialog is not None:
            self.push_screen(self.dialog, self.answers.append)


async def test_a_dialog_line_typed_past_its_longest_says_so_under_it():
    dialog = TextDialog("Name?", "", max_length=8)
    app = _Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Sir Reginald")
        await pilot.pause()
        assert dialog.query_one(Input).value == "Sir Regi"
        assert str(dialog.query_one(".dialog-error", Static).render()) == "this line takes at most 8 characters"
        await pilot.press("backspace", "x")
        await pilot.pause()
        assert str(dialog.query_one(".dialog-error", Static).render()) == ""  # gone once the text changes
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == ["Sir Regx"]


async def test_a_line_outside_a_dialog_says_so_in_a_notice():
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"abcdefg")
        await pilot.pause()
        assert app.query_one("#line", Input).value == "abcde"
        assert [n.message for n in app._notifications] == ["this line takes at most 5 characters"]


def test_every_text_line_in_the_app_is_a_steady_input():
    """Textual's own Input would drop the extra characters silently."""
    raw = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Input":
                raw.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert not raw, raw


async def test_typed_past_its_longest_in_one_burst_the_line_stays():
    """A slow link delivers the whole name at once: the changes the earlier
    characters posted arrive after the refusal and must not wipe it."""
    dialog = TextDialog("Name?", "", max_length=8)
    app = _Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for character in "Sir Reginald":
            app.post_message(events.Key(character, character))
        for _ in range(10):
            await pilot.pause()
        assert dialog.query_one(Input).value == "Sir Regi"
        assert str(dialog.query_one(".dialog-error", Static).render()) == "this line takes at most 8 characters"
