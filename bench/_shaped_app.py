"""A second reference for bench/terminal.py: plain Textual (no masscombat
code) with a screen of the roller's shape, a header, two bordered panels
of ten lines and a footer, where a key (``k``) rewrites ``N`` lines of
twelve dice faces (``python _shaped_app.py N``). What Textual itself
costs for a key that changes as much as a roll does, in the same pty.

``d`` opens a dialog as Textual draws one (a ``ModalScreen`` over the
panels, dimmed behind, a title and a list of six choices) and ``Enter``
picks the first, closing it and rewriting the lines: what a dialog
opening costs in plain Textual, the floor for the app's attack dialogs."""

import random
import sys

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, OptionList, Static

FACES = "⚀⚁⚂⚃⚄⚅"


class PlainDialog(ModalScreen[int]):
    CSS = """
    PlainDialog { align: center middle; background: $background 60%; }
    PlainDialog > Vertical { width: 60; height: auto; border: round $accent; background: $surface; }
    PlainDialog OptionList { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Black Orcs attack: which unit?")
            yield OptionList(*(f"Target {n}: a unit in the next zone, +{n} to defend" for n in range(1, 7)))
            yield Static("Enter: attack  Esc: back")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)


class ShapedApp(App[None]):
    CSS = "Vertical { border: round $primary; width: 1fr; } Static { height: auto; }"
    BINDINGS = [Binding("k", "change", "roll"), Binding("d", "dialog", "dialog"), Binding("q", "quit", "quit")]

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines
        self.rng = random.Random(7)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            for side in range(2):
                with Vertical():
                    for line in range(10):
                        yield Static(f"line {line}", id=f"s{side}-{line}")
        yield Footer()

    def action_change(self) -> None:
        for number in range(self.lines):
            side, line = number % 2, (number // 2) % 10
            faces = " ".join(self.rng.choice(FACES) for _ in range(12))
            self.query_one(f"#s{side}-{line}", Static).update(faces)

    def action_dialog(self) -> None:
        self.push_screen(PlainDialog(), lambda _picked: self.action_change())


if __name__ == "__main__":
    ShapedApp(int(sys.argv[1]) if len(sys.argv) > 1 else 16).run()
