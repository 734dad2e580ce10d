"""The reference for bench/terminal.py: a bare Textual app, one ``Static``
whose text changes on each key (``k``), quit with ``q``. What any
Textual app costs to start and to answer a key in the same pty."""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static


class BareApp(App[None]):
    BINDINGS = [Binding("k", "count", "count"), Binding("q", "quit", "quit")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("Hello from a bare Textual app: 0 keys", id="count")

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(f"Hello from a bare Textual app: {self.count} keys")


if __name__ == "__main__":
    BareApp().run()
