"""Keys that arrive together, as a slow SSH link delivers a GM's typing,
edit a dialog's line in the order they were typed (issue 13's leftover:
ctrl+u then a new name in one burst left the name unchanged).

Each burst is posted to the app at once, without a pause between keys,
as the terminal driver hands over one read of several keys."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App

from tests.ui.scenes import make_app
from tests.ui.myz.test_army import ghoul_strike_muster, open_army
from tests.ui.test_key_bursts import burst, settle
from tui.ui.shell.dialogs import TextDialog


class OneDialog(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(TextDialog("Name of the side", "Zone-Ghouls", "help"), self.answers.append)


def keys(text: str) -> list[tuple[str, str | None]]:
    return [(ch if ch != " " else "space", ch) for ch in text]


BURSTS = {
    "ctrl+u, then a new name": ([("ctrl+u", "\x15"), *keys("Night Raiders"), ("enter", "\r")], "Night Raiders"),
    "a typo mended with backspace": ([*keys("Zone-Ghoulz"), ("backspace", "\x7f"), *keys("s"), ("enter", "\r")], "Zone-Ghouls"),
    "home, then a word in front": ([("end", None), ("home", None), *keys("The "), ("enter", "\r")], "The Zone-Ghouls"),
    "ctrl+w drops the last word": ([("end", None), *keys(" Horde"), ("ctrl+w", "\x17"), *keys("Pack"), ("enter", "\r")], "Zone-Ghouls Pack"),
}


@pytest.mark.parametrize("name", BURSTS)
async def test_a_burst_of_typing_edits_the_line_in_order(name):
    burst, wanted = BURSTS[name]
    app = OneDialog()
    async with app.run_test() as pilot:
        await pilot.pause()
        for key, character in burst:
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert app.answers == [wanted]


# -- in the app: the key that opens the dialog comes in the same burst -------------------


OPENED = {
    "ctrl+u, then a new name": (["ctrl+u", *"Night Raiders"], "Night Raiders"),
    "end, backspaces, a new word": (["end", *["backspace"] * 6, *"Pack"], "Zone-Pack"),
    "home, then a word in front": (["home", *"The "], "The Zone-Ghouls"),
    "a typo mended with backspace": ([*"Ghoulz", "backspace", "s"], "Ghouls"),
}


@pytest.mark.covers("army.rename")
@pytest.mark.parametrize("name", OPENED)
async def test_keys_held_while_the_dialog_opens_edit_it_in_order(tmp_path, name):
    typed, wanted = OPENED[name]
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_army(app, pilot)
        assert app.battle.game.names[0] == "Zone-Ghouls"
        burst(app, "n", *typed, "enter")
        await settle(app, pilot)
        assert app.battle.game.names[0] == wanted
