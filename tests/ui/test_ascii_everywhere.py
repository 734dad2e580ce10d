"""``--ascii`` is as strict in the GM's app as in the players' view: every
cell of every screen, dialog, form, toast and the help of every system is
ASCII (letters of the GM's language excepted). Found in play: the setting
changed the dice and left the borders, ⏎, ▏, ×, · and the quick roll's
glyphs. The last line filter (``widgets.ascii_only``) makes it so by
construction; these tests walk the screens to show nothing escapes it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.screen import ModalScreen

from tests.ui.test_burst_equals_slow import LEFT_OUT, SCENES, SOURCES, _into_mode, calm, screen_text
from tests.ui.test_key_bursts import burst
from tui.core.files.storage import create_session
from tui.ui.app import MassCombatApp
from tui.ui.settings import Settings
from tui.ui.widgets.ascii_only import ascii_cell, ascii_text


def allowed(character: str) -> bool:
    return character.isascii() or (character.isalpha() and ord(character) < 0x250)


def foreign(text: str) -> str:
    return "".join(sorted({c for c in text if not allowed(c) and c != "\n"}))


def test_every_character_becomes_ascii_of_its_own_width():
    """Any text at all (box drawing, blocks, the game's symbols, wide
    characters, marks that take no cell): ASCII of the same width, so the
    layout doesn't move."""
    rng = random.Random(29)
    pools = [range(0x2500, 0x25A0), range(0x2190, 0x2400), range(0x2600, 0x27C0), range(0xA0, 0x250), range(0x300, 0x370), range(0x4E00, 0x4E40), range(0x1F600, 0x1F640), range(0x20, 0x7F)]
    for _ in range(300):
        text = "".join(chr(rng.choice(rng.choice(pools))) for _ in range(rng.randint(1, 30)))
        shown = ascii_text(text)
        assert cell_len(shown) == cell_len(text), (text, shown)
        assert not foreign(shown), (text, shown)
    assert ascii_text("╭─ Würfel ─╮") == "+- Würfel -+"
    assert [ascii_cell(c) for c in "☢☠⚙✘◎⏎…×·"] == list("*XGBS<.x-")


def ascii_app(folder: Path, source: str) -> MassCombatApp:
    return MassCombatApp(create_session(folder / "battle.toml", SOURCES[source]()), Settings(glyphs="ascii"), None)


def assert_ascii(app, where: str) -> None:
    text = screen_text(app)
    assert not foreign(text), f"{where}: {foreign(text)!r} on screen:\n{text}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: f"{s[0]}-{s[1]}")
async def test_every_screen_and_dialog_of_every_system_is_ascii(tmp_path, scene, monkeypatch):
    source, mode = scene
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MASSCOMBAT_CONFIG", str(tmp_path / "settings.toml"))
    app = ascii_app(tmp_path, source)
    async with app.run_test(size=(80, 24)) as pilot:
        await _into_mode(app, pilot, mode)
        await pilot.pause()
        assert_ascii(app, f"{source} {mode}")
        app.notify("Ogre ☢ → … ×", markup=False)  # a toast, with what a GM's words may hold
        await pilot.pause()
        assert_ascii(app, "a toast")
        keys = [(key, active.binding) for key, active in app.screen.active_bindings.items() if active.enabled and active.binding.id and active.binding.action.split("(")[0] not in LEFT_OUT]
        opened = 0
        for key, binding in keys:
            if app.current_mode != mode:
                app.switch_mode(mode)
                await calm(app, pilot)
            burst(app, key)
            await calm(app, pilot)
            if isinstance(app.screen, ModalScreen):
                opened += 1
                await pilot.pause()
                assert_ascii(app, f"{source} {mode}, {binding.id} ({key})")
            while isinstance(app.screen, ModalScreen):
                burst(app, "escape")
                await calm(app, pilot)
        assert opened, "no key opened a dialog"


async def test_the_setting_turns_every_cell_ascii_at_once(tmp_path, monkeypatch):
    """Chosen in the settings while the battle is open: the screen already
    drawn is drawn again in ASCII, and back."""
    monkeypatch.setenv("MASSCOMBAT_CONFIG", str(tmp_path / "settings.toml"))
    app = MassCombatApp(create_session(tmp_path / "battle.toml", SOURCES["fate"]()), Settings(), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert foreign(screen_text(app))
        app.apply_settings(Settings(glyphs="ascii"))
        await pilot.pause()
        assert_ascii(app, "after the setting")
        app.apply_settings(Settings(glyphs="unicode"))
        await pilot.pause()
        assert foreign(screen_text(app))


async def test_the_start_screen_with_ascii_is_ascii(tmp_path):
    from tui.ui.shell.start import StartApp

    app = StartApp(tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_ascii(app, "the start screen")
