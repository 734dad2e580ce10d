"""Only regular files of bounded size are read (issue 30): a named pipe
given as a battle blocked the app for good, and a symlink to /dev/zero
grew the players' view past 2.5 GB. Every reader of a path refuses a FIFO,
a device, a socket and a folder in one line, follows a symlink only to a
regular file, refuses a file too large before reading it, and never
blocks (each read runs under a bound: a blocked one fails the test)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tui.core.errors import MassCombatError
from tui.core.files.regular import FileTooBig, NotARegularFile, read_regular

ROOT = Path(__file__).resolve().parent.parent.parent


def _fifo(folder: Path) -> Path:
    path = folder / "pipe.toml"
    os.mkfifo(path)
    return path


def _socket(folder: Path) -> Path:
    path = folder / "sock.toml"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    return path


def _device(folder: Path) -> Path:
    path = folder / "zero.toml"
    path.symlink_to("/dev/zero")
    return path


def _folder(folder: Path) -> Path:
    path = folder / "dir.toml"
    path.mkdir()
    return path


SPECIAL = {"fifo": _fifo, "socket": _socket, "device": _device, "folder": _folder}


def bounded(read, *args):
    """Run ``read(*args)``: its result or the exception it raised; a read still
    running after 20 s has blocked (the thread is a daemon: the run goes on)."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(read(*args))
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(20)
    assert outcome, f"{read.__name__} blocked on {args[0]}"
    return outcome[0]


def _readers():
    from tui.core.files.journal import journal_path
    from tui.core.files.loading import load_battle
    from tui.core.files.ruleset_files import file_digest
    from tui.core.files.tomlfile import read_toml
    from tui.core.projection import read_projection

    return {"read_toml": read_toml, "load_battle": load_battle, "read_projection": read_projection, "file_digest": file_digest, "journal_path": journal_path}


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("reader", ["read_toml", "load_battle", "read_projection", "file_digest"])
def test_every_reader_refuses_what_is_not_a_regular_file_in_one_line(tmp_path, kind, reader):
    path = SPECIAL[kind](tmp_path)
    got = bounded(_readers()[reader], path)
    assert isinstance(got, (MassCombatError, OSError)), got
    message = str(got)
    assert "\n" not in message and message, message
    if kind != "folder" or reader != "load_battle":
        assert {"fifo": "named pipe", "socket": "socket", "device": "device", "folder": "folder"}[kind] in message or "not a file" in message, message


def test_a_symlink_is_followed_to_a_regular_file_only(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("x = 1\n")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    assert read_regular(link, 100) == b"x = 1\n"
    dangling = tmp_path / "gone.toml"
    dangling.symlink_to(tmp_path / "nothing")
    with pytest.raises(FileNotFoundError):
        read_regular(dangling, 100)


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.toml"
    with big.open("wb") as handle:
        handle.truncate(5 * 1024 * 1024)  # sparse: nothing to read, only its size
    with pytest.raises(FileTooBig):
        read_regular(big, 1024 * 1024)
    with pytest.raises(NotARegularFile):
        read_regular(_fifo(tmp_path), 1024)


def test_the_journal_beside_a_battle_being_a_pipe_is_left_alone(tmp_path):
    """The journal is read when a battle opens: a FIFO there must not block it."""
    from tests.ui.scenes import ghoul_strike
    from tui.core.files.journal import journal_path
    from tui.core.files.storage import create_session, open_session

    session = create_session(tmp_path / "battle.toml", ghoul_strike())
    session.close()
    os.mkfifo(journal_path(tmp_path / "battle.toml"))
    opened = bounded(open_session, tmp_path / "battle.toml")
    assert not isinstance(opened, BaseException), opened
    opened.close()


@pytest.mark.parametrize("command", [["check"], ["report"], ["--ruleset"]])
def test_the_command_line_refuses_a_pipe_in_one_line(tmp_path, command):
    pipe = _fifo(tmp_path)
    argv = [sys.executable, "-m", "tui", *command, str(pipe)]
    if command == ["--ruleset"]:
        argv += [str(tmp_path / "new.toml")]
    result = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL,
                            env={**os.environ, "MASSCOMBAT_SAVES": str(tmp_path / "saves"), "MASSCOMBAT_CONFIG": str(tmp_path / "settings.toml")})
    assert result.returncode != 0 and result.stderr.count("\n") == 1 and "named pipe" in result.stderr, result.stderr
