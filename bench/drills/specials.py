"""Drill: files that are not files, and players' files that are not good.

1. A named pipe, a symlink to ``/dev/zero``, a directory, a socket and a
   100 MB file, each given as a battle to ``check``, ``report``, the app
   and ``view``, and as ``--ruleset``: refused in one line within 5 s (the
   app and the view keep running and quit on ``q``); nothing blocks.
2. The players' view following a good file, then each bad one swapped in
   (nesting 200,000 deep, no panels, a 5,000-digit revision, a year-1
   time, a symlink to ``/dev/zero``, a named pipe, 100 MB): it says it
   kept the last good state, goes on, and quits on ``q``.

    python bench/drills/specials.py
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from functools import partial
from typing import Callable

from _harness import ROOT, Terminal, Verdicts, app_env, demo_copy, temp_folder

LIMIT = 5.0


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _directory(path: Path) -> None:
    path.mkdir()


def _socket(path: Path) -> None:
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(path))  # the file stays after the socket is closed
    listener.close()


def _big(path: Path) -> None:
    with path.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)


SPECIAL: dict[str, Callable[[Path], None]] = {"named pipe": _fifo, "symlink to /dev/zero": _zero, "directory": _directory, "socket": _socket, "100 MB file": _big}


def _one_line(text: bytes) -> bool:
    lines = [line for line in text.decode("utf-8", "replace").splitlines() if line.strip()]
    return len(lines) == 1


def command_line(verdicts: Verdicts) -> None:
    """check and report: exit 1 with one line, in time."""
    with temp_folder() as folder:
        env = {**os.environ, **app_env(folder)}
        for kind, make in SPECIAL.items():
            path = folder / f"{kind.split()[0]}.toml"
            make(path)
            results = []
            for command in (["check"], ["report"], ["--system", "kingmaker", "--ruleset"]):
                # (a refused --ruleset is a usage error: exit 2)
                started = time.monotonic()
                try:
                    done = subprocess.run([sys.executable, "-m", "tui", *command, str(path)], capture_output=True, cwd=ROOT, env=env, timeout=30, stdin=subprocess.DEVNULL)
                    took = time.monotonic() - started
                    results.append((command[0] if len(command) == 1 else "--ruleset", done.returncode in (1, 2) and _one_line(done.stdout + done.stderr) and took <= LIMIT, took))
                except subprocess.TimeoutExpired:
                    results.append((command[0], False, 30.0))
            held = all(ok for _, ok, _ in results)
            figures = ", ".join(f"{name} {'one line' if ok else 'FAILED'} in {took:.1f} s" for name, ok, took in results)
            verdicts.add(f"{kind} given to the command line", held, figures)


def _says_why(app: Terminal) -> bool:
    # the start of the line: its end may be cut at the terminal's edge
    return any(words in bytes(app.output) for words in (b": is a ", b"is larger than"))


def in_terminal(verdicts: Verdicts) -> None:
    """The app and the view, each given the special file: one line on
    screen (or on the way out), and q answered."""
    with temp_folder() as folder:
        for kind, make in SPECIAL.items():
            battle, public = folder / f"{kind.split()[0]}.toml", folder / f"{kind.split()[0]}.public.json"
            make(battle)
            make(public)
            for args, what in (([str(battle)], "the app"), (["view", str(public)], "the view")):
                app = Terminal(args, app_env(folder))
                started = time.monotonic()
                try:
                    app.wait_until(partial(_says_why, app), LIMIT)
                    took = time.monotonic() - started
                    app.read(0.3)  # what it said on its way out
                    said = _says_why(app)
                    if not app.exited():
                        app.send("q")
                    code = app.wait_exit(5)
                finally:
                    app.kill()
                verdicts.add(f"{kind} given to {what}", said and code is not None and took <= LIMIT, f"said why in {took:.1f} s, exit {code}")


def _good(folder: Path) -> Path:
    from tui.core.files.loading import load_battle
    from tui.core.projection import ProjectionWriter

    writer = ProjectionWriter(folder / "raid.toml")
    writer.write(load_battle(demo_copy("myz", folder, "source")))
    return writer.path


def _swap(path: Path, text: str) -> None:
    temp = path.with_name("swap")
    temp.write_text(text)
    os.replace(temp, path)


def _edited(path: Path, change: Callable[[dict], None]) -> str:
    data = json.loads(path.read_text())
    change(data)
    return json.dumps(data)


BAD_VIEWS: dict[str, Callable[[Path], None]] = {
    "nesting 200,000 deep": lambda p: _swap(p, "[" * 200_000 + "]" * 200_000),
    "no panels": lambda p: _swap(p, _edited(p, lambda d: d.update(panels={}))),
    "a 5,000-digit revision": lambda p: _swap(p, p.read_text().replace('"revision":', '"revision": 1' + "0" * 5000 + ', "x":', 1)),
    "a year-1 time": lambda p: _swap(p, _edited(p, lambda d: d.update(written="0001-01-01T00:00:00+00:00"))),
    "a symlink to /dev/zero": lambda p: (p.unlink(), p.symlink_to("/dev/zero")),
    "a named pipe": lambda p: (p.unlink(), os.mkfifo(p)),
    "100 MB": lambda p: (p.unlink(), _big(p)),
}


def bad_views(verdicts: Verdicts) -> None:
    for kind, spoil in BAD_VIEWS.items():
        with temp_folder() as folder:
            path = _good(folder)
            view = Terminal(["view", str(path)], app_env(folder))
            try:
                ready = view.wait_for(b"revision 1", 20)
                spoil(path)
                started = time.monotonic()
                kept = view.wait_for(b"kept the last good state", LIMIT)
                took = time.monotonic() - started
                view.read(0.5)
                running = not view.exited()
                view.send("q")
                code = view.wait_exit(5)
            finally:
                view.kill()
            verdicts.add(f"the players' view given {kind}", ready and kept and running and code == 0, f"kept the last good state, said in {took:.1f} s; still running: {running}; q: exit {code}")


def main() -> int:
    verdicts = Verdicts()
    print(f"specials: {len(SPECIAL)} kinds of file that are not files; {len(BAD_VIEWS)} bad players' files")
    command_line(verdicts)
    in_terminal(verdicts)
    bad_views(verdicts)
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
