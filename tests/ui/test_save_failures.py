"""A disk that refuses a save, in the app: one line, the battle kept in
memory, a retry at the next change and at quit, and a way to save elsewhere
(issue 12, item 1). Failures are injected at ``os.replace``: no root, no
small filesystem needed (the drills use a real full tmpfs)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tui.core.files import journal

from tests.ui.scenes import make_app
from tui.core.files.locking import BattleLock, lock_path_for
from tui.core.files.loading import load_battle
from tui.ui.shell.dialogs import ChoiceDialog
from tui.ui.shell.saving import SaveAsDialog


@pytest.fixture
def full_disk(monkeypatch, tmp_path):
    """``full_disk(True)``: saves beside the battle fail as on a full disk."""
    real_replace = os.replace
    state = {"full": False}

    def replace(src, dst):
        if state["full"] and Path(dst).parent == tmp_path:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    real_append = journal.append

    def append(path, *args, **kwargs):
        if state["full"] and Path(path).parent == tmp_path:
            raise OSError(28, "No space left on device")
        return real_append(path, *args, **kwargs)

    monkeypatch.setattr(journal, "append", append)

    def set_full(full: bool) -> None:
        state["full"] = full

    return set_full


START = 1
"""The scene's log before the tests' roll: who acts first."""


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def cursor_on_disk(app) -> int:
    return load_battle(app.session.path).history.cursor


async def test_a_failed_save_says_so_once_keeps_going_and_retries(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        start = cursor_on_disk(app)
        full_disk(True)
        await pilot.press("r")
        await pilot.pause()
        assert app.battle.state.rolled and app.is_running
        [line] = [n for n in notices(app) if "Not saved" in n]
        assert "No space left on device" in line and "\n" not in line
        assert "NOT SAVED" in app.title
        await pilot.press("u")  # another change: tried again, said no more than once
        await pilot.pause()
        assert len([n for n in notices(app) if "Not saved" in n]) == 1
        assert load_battle(app.session.path).history.events == app.battle.history.events[:start]
        full_disk(False)
        await pilot.press("U")  # redo: the disk is back, the next change saves all
        await pilot.pause()
        assert cursor_on_disk(app) == start + 1 and "NOT SAVED" not in app.title


@pytest.mark.covers("app.save_as")
async def test_ctrl_s_saves_elsewhere_and_carries_on_there(tmp_path, full_disk):
    app = make_app(tmp_path)
    elsewhere = tmp_path / "safe"
    elsewhere.mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        full_disk(True)
        await pilot.press("r")
        await pilot.press("ctrl+s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveAsDialog)
        dialog.submit(str(tmp_path / "battle.toml"))  # taken: asked again, nothing written
        await pilot.pause()
        assert app.screen is dialog
        dialog.submit(str(elsewhere / "kept"))
        await pilot.pause()
        assert not isinstance(app.screen, SaveAsDialog)
        assert app.session.path == elsewhere / "kept.toml" and cursor_on_disk(app) == START + 1
        assert "NOT SAVED" not in app.title
        BattleLock.acquire(tmp_path / "battle.toml").release()  # the old file's lock is free
        await pilot.press("u")
        await pilot.pause()
        assert cursor_on_disk(app) == START
        await pilot.press("q")
    assert not lock_path_for(elsewhere / "kept.toml").exists()


async def quit_while_unsaved(app, pilot, full_disk) -> ChoiceDialog:
    full_disk(True)
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ChoiceDialog) and app.is_running
    return app.screen


@pytest.mark.covers("quit_unsaved.retry")
async def test_quit_while_unsaved_can_retry_once_space_is_freed(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await quit_while_unsaved(app, pilot, full_disk)
        dialog.choose(0)  # still full: asked again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.is_running
        full_disk(False)
        app.screen.choose(0)
        await pilot.pause()
    assert load_battle(tmp_path / "battle.toml").history.cursor == START + 1
    assert not lock_path_for(tmp_path / "battle.toml").exists()


@pytest.mark.covers("quit_unsaved.save_elsewhere")
async def test_quit_while_unsaved_can_save_elsewhere(tmp_path, full_disk):
    app = make_app(tmp_path)
    target = tmp_path / "elsewhere" / "rescued.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await quit_while_unsaved(app, pilot, full_disk)
        dialog.choose(1)
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        app.screen.submit(str(target))
        await pilot.pause()
    assert load_battle(target).history.cursor == START + 1
    assert load_battle(tmp_path / "battle.toml").history.cursor == START


@pytest.mark.covers("quit_unsaved.quit_anyway")
async def test_quit_while_unsaved_can_quit_with_the_file_as_last_saved(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await quit_while_unsaved(app, pilot, full_disk)
        await pilot.press("q")  # q again while asked: the question stays
        await pilot.pause()
        assert app.screen is dialog
        dialog.choose(2)
        await pilot.pause()
    assert load_battle(tmp_path / "battle.toml").history.cursor == START
    assert not lock_path_for(tmp_path / "battle.toml").exists()


async def test_escape_on_the_quit_question_goes_back_to_the_battle(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await quit_while_unsaved(app, pilot, full_disk)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog) and app.is_running
        full_disk(False)
        await pilot.press("q")
        await pilot.pause()
    assert load_battle(tmp_path / "battle.toml").history.cursor == START + 1


async def test_a_signal_at_a_full_disk_exits_and_leaves_the_problem_to_report(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        full_disk(True)
        await pilot.press("r")
        await pilot.pause()
        app.call_later(app.answer_signal, signal.SIGTERM)
    assert app.return_code == 128 + signal.SIGTERM
    assert app.exit_problem is not None and "No space" in app.exit_problem
    assert not lock_path_for(tmp_path / "battle.toml").exists()


def test_the_shell_prints_one_line_and_rescues_a_copy(tmp_path, full_disk, capsys, monkeypatch):
    from tui.core.files import places
    from tui.ui.launch import _farewell

    monkeypatch.setattr(places, "default_saves_dir", lambda: tmp_path / "saves")
    app = make_app(tmp_path)
    full_disk(True)
    app.session.battle.roll()
    code = _farewell(143, app.session, "battle.toml: could not be saved (No space left on device)")
    assert code == 143
    line = capsys.readouterr().err.strip()
    assert "\n" not in line and "No space" in line
    [copy] = (tmp_path / "saves").glob("battle.rescued-*.toml")
    assert str(copy) in line and load_battle(copy).history.cursor == START + 1


async def test_a_hand_edit_behind_the_app_is_kept_and_the_gm_told(tmp_path):
    app = make_app(tmp_path)
    path = tmp_path / "battle.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        path.write_text(path.read_text().replace('title = "Ghoul Strike"', 'title = "Edited by hand"'))
        await pilot.press("r")
        await pilot.pause()
        [line] = [n for n in notices(app) if "changed outside" in n]
        copy = app.session.path
        assert copy != path and copy.name in line and "\n" not in line
        assert load_battle(path).meta.title == "Edited by hand"
        assert load_battle(copy).history.cursor == START + 1
        await pilot.press("q")


async def test_a_disk_that_fills_just_as_the_gm_quits_still_asks(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert app.session.unsaved is None
        full_disk(True)
        app.session.battle.undo()  # changed without a save yet: the quit's own save fails
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.is_running
        full_disk(False)
        app.screen.choose(0)
        await pilot.pause()
    assert load_battle(tmp_path / "battle.toml").history.cursor == START


def test_the_shell_says_nothing_was_saved_for_a_read_only_battle(tmp_path, capsys):
    from tui.core.files.storage import open_session
    from tui.ui.launch import _farewell

    app = make_app(tmp_path)
    other = open_session(tmp_path / "battle.toml")  # held by the app: read-only
    assert _farewell(0, other, None) == 0
    assert "nothing was saved" in capsys.readouterr().out
    assert _farewell(0, app.session, None) == 0
    assert "Battle saved to" in capsys.readouterr().out


async def test_ctrl_q_over_an_open_dialog_still_asks_and_escape_from_saving_elsewhere_asks_again(tmp_path, full_disk):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        full_disk(True)
        await pilot.press("r", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.is_running
        app.screen.choose(1)  # save elsewhere...
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        await pilot.press("escape")  # ...changed my mind: asked again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        app.screen.choose(2)
        await pilot.pause()
    assert load_battle(tmp_path / "battle.toml").history.cursor == START


async def test_a_burst_answers_the_quit_question_and_types_the_new_file(tmp_path, full_disk):
    from tests.ui.test_key_bursts import burst, settle

    app = make_app(tmp_path)
    target = tmp_path / "elsewhere" / "burst.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        full_disk(True)
        await pilot.press("r")
        await pilot.pause()
        # q, then down to "Save elsewhere…", Enter, a path and Enter: all at once, as a slow link delivers them
        burst(app, "q", "down", "enter", *str(target), "enter")
        await settle(app, pilot)
        await pilot.pause()
    assert load_battle(target).history.cursor == START + 1
    assert app.battle.state.rolled  # none of the typed letters reached the roller


def test_save_elsewhere_never_proposes_a_name_that_steers_the_terminal(tmp_path):
    from tui.ui.shell.saving import proposal

    offered = proposal(tmp_path / "evil\x1b]0;pwned\x07[red]x.toml")
    assert offered.parent == tmp_path and "\x1b" not in str(offered) and "\x07" not in str(offered)
    assert offered.name == "evil-]0;pwned-[red]x-copy.toml"


async def test_save_elsewhere_into_a_folder_saves_inside_it(tmp_path):
    app = make_app(tmp_path)
    folder = tmp_path / "archive"
    folder.mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.submit(str(folder))
        await pilot.pause()
        assert app.session.path == folder / "battle-copy.toml"
        await pilot.press("q")
    assert load_battle(folder / "battle-copy.toml").history.cursor == START


def test_quitting_without_saving_is_said_so_by_the_shell(tmp_path, capsys):
    from tui.ui.launch import _farewell

    app = make_app(tmp_path)
    assert _farewell(0, app.session, None, unsaved=True) == 0
    out = capsys.readouterr().out
    assert "Quit without saving" in out and "Battle saved to" not in out
