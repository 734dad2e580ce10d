"""What a key sends and redraws (issue 13): the terminal gets only the cells
that changed, widgets only content that differs, the footer is rebuilt only
when its keys change, and starting a battle imports one system."""

from __future__ import annotations

import subprocess
import sys

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from tests.ui.scenes import make_app
from tui.ui.shell.shadow import Shadow
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.show import show

CONSOLE = Console(color_system="truecolor", width=20)
RED = Style(color="red")


def frame(*lines: str, style: Style | None = None) -> LayoutUpdate:
    """A full-screen frame of 20 columns, one strip per line."""
    return LayoutUpdate([[Strip([Segment(line.ljust(20), style)], 20)] for line in lines], Region(0, 0, 20, len(lines)))


def sent(update) -> str:
    return "" if update is None else update.render_segments(CONSOLE)


# -- the shadow: only changed cells go out ------------------------------------------------


def test_a_frame_the_terminal_shows_already_sends_nothing():
    shadow = Shadow()
    first = sent(shadow.frame(frame("Zone-Ghouls", "The Ark"), CONSOLE, (20, 2)))
    assert "Zone-Ghouls" in first and "The Ark" in first
    assert shadow.frame(frame("Zone-Ghouls", "The Ark"), CONSOLE, (20, 2)) is None


def test_only_the_cells_that_changed_are_sent():
    shadow = Shadow()
    shadow.frame(frame("roll 3 2 1", "The Ark"), CONSOLE, (20, 2))
    again = sent(shadow.frame(frame("roll 3 5 1", "The Ark"), CONSOLE, (20, 2)))
    assert "5" in again and "roll" not in again and "Ark" not in again
    assert "\x1b[1;8H" in again  # the cursor moved to line 1, column 8 (1-based) first


def test_a_new_style_is_a_change():
    shadow = Shadow()
    shadow.frame(frame("Ogre"), CONSOLE, (20, 1))
    assert "Ogre" in sent(shadow.frame(frame("Ogre", style=RED), CONSOLE, (20, 1)))


def test_a_resize_or_a_resume_sends_everything_again():
    shadow = Shadow()
    shadow.frame(frame("Zone-Ghouls"), CONSOLE, (20, 1))
    assert "Zone-Ghouls" in sent(shadow.frame(frame("Zone-Ghouls"), CONSOLE, (20, 2)))
    shadow.forget()
    assert "Zone-Ghouls" in sent(shadow.frame(frame("Zone-Ghouls"), CONSOLE, (20, 2)))


def test_wide_characters_go_out_whole():
    shadow = Shadow()
    shadow.frame(frame("日本"), CONSOLE, (20, 1))
    assert "日本" in sent(shadow.frame(frame("日本"), CONSOLE, (20, 1)))  # not tracked by cell: always sent


async def test_the_app_feeds_no_frame_textual_drops_to_the_shadow(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        fed = []
        app.shadow.frame = lambda *args: fed.append(args) or None  # type: ignore[method-assign]  # a spy
        app._display(app.screen, frame("x"))
        assert fed == []  # headless: nothing is written, nothing is remembered
    app.close_session()


# -- widgets are given only content that differs -------------------------------------------


async def test_show_updates_a_static_only_when_its_content_changes(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        static = Static("")
        await app.screen.mount(static)
        await pilot.pause()
        assert show(static, Text("Zone-Ghouls"))
        assert not show(static, Text("Zone-Ghouls"))
        assert show(static, Text("Zone-Ghouls", style="bold"))  # same words, other style
        assert show(static, Text("The Ark"))
        assert str(static.render()) == "The Ark"
    app.close_session()


# -- the footer ---------------------------------------------------------------------------


async def test_the_footer_flips_greyed_keys_in_place_and_rebuilds_for_new_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")  # the roller
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        before = list(footer.query(FooterKey))
        roll = next(key for key in before if key.action == "roll")
        assert not roll.has_class("-disabled")
        await pilot.press("r")
        await pilot.pause()
        after = list(footer.query(FooterKey))
        assert after == before, "the same keys: the same widgets"
        assert roll.has_class("-disabled") and roll._disabled  # rolled: r is greyed out
        await pilot.press("f6")  # another screen, other keys
        await pilot.pause()
        assert {key.action for key in app.screen.query_one(KeyFooter).query(FooterKey)} != {key.action for key in before}
    app.close_session()


# -- startup imports one system -------------------------------------------------------------


def imported_after(code: str, chosen: str) -> str:
    """The modules ``chosen`` picks out of those a fresh interpreter has
    imported after running ``code`` (sorted, as printed)."""
    probe = f"import sys; {code}; print(sorted(m for m in sys.modules if {chosen}))"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()


def test_starting_a_mutant_battle_imports_no_other_system_and_one_screen():
    code = "from tui.core.system import find_system; from tui.ui.registry import system_ui; find_system('myz'); ui = system_ui('myz'); ui.modes['wave'].__name__"
    chosen = "m.startswith(('tui.core.systems.fate', 'tui.ui.fate', 'tui.ui.myz.army', 'tui.ui.myz.roller', 'tui.ui.myz.summary', 'tui.ui.myz.wave'))"
    assert imported_after(code, chosen) == "[]"


def test_naming_every_system_and_reading_the_command_line_load_no_system_models():
    # What the start screen and the parser need: each system's key, name,
    # order and demo. A system's battle, events and rules (a twentieth of a
    # second each to import) wait for its first battle.
    code = "from tui.core.system import systems; from tui.cli.parser import parse; [(s.key, s.name('de'), s.order, s.demo) for s in systems()]; parse(['--system', 'fate'])"
    chosen = "m.startswith('tui.core.systems.') and m.rsplit('.', 1)[1] in ('battle', 'events', 'rules', 'models', 'state')"
    assert imported_after(code, chosen) == "[]"


# -- the journal is folded into the file at a pause ---------------------------------------


async def test_a_long_journal_is_folded_into_the_file_once_the_gm_pauses(tmp_path, monkeypatch):
    from tui.core.files import journal
    from tui.ui import app as app_module

    monkeypatch.setattr(journal, "FOLD_SOON", 2)
    monkeypatch.setattr(app_module, "FOLD_PAUSE", 0.01)
    app = make_app(tmp_path)
    path = app.session.path
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5", "r")  # the roller; a roll: one step in the journal
        await pilot.pause()
        assert journal.exists(path) and app.session.journal_steps == 1
        await pilot.press("u")  # a second step: due; folded at the pause after it
        for _ in range(100):  # until the pause's timer has fired (bounded)
            if not journal.exists(path):
                break
            await pilot.pause(0.01)
        assert not journal.exists(path) and app.session.journal_steps == 0
        assert "roll" in path.read_text()  # the file itself holds the roll, undone
    app.close_session()
