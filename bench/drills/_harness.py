"""What the drills share: temp folders, demo battles to play, and the real
app run in a pseudo-terminal, as a GM's terminal or an SSH session runs it.

Drills are run by hand (``python bench/drills/run_all.py``); they print
figures and a verdict per case and exit 1 if any case failed. The tests in
``tests/`` cover the same cases at small N with injected failures.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEMOS = {"myz": "ghoul-strike", "fate": "ford-of-brannock"}
"""A bundled demo per system, copied to a temp folder for each drill."""


@dataclass
class Verdicts:
    """Each case's figures and whether it held; ``exit_code`` says if all did."""

    rows: list[tuple[str, bool, str]] = field(default_factory=list)

    def add(self, case: str, held: bool, figures: str) -> None:
        self.rows.append((case, held, figures))
        print(f"  {'ok  ' if held else 'FAIL'} {case}: {figures}", flush=True)

    def skip(self, case: str, why: str) -> None:
        print(f"  skip {case}: {why}", flush=True)

    @property
    def exit_code(self) -> int:
        return 0 if all(held for _, held, _ in self.rows) else 1


@contextmanager
def temp_folder(prefix: str = "masscombat-drill-") -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def demo_copy(system: str, folder: Path, name: str | None = None) -> Path:
    """A playable copy of the system's demo (not a template) in ``folder``."""
    from tui.core.places import find_example
    from tui.core.storage import load_battle, save_battle

    battle = load_battle(find_example(DEMOS[system]))
    battle.meta = battle.meta.model_copy(update={"template": False})
    target = folder / f"{name or system}.toml"
    save_battle(battle, target)
    return target


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.tmp")]


class Terminal:
    """The app (``python -m tui ARGS``) in a pseudo-terminal of 80×24.

    ``output`` is every byte the app wrote; ``send`` types keys as a
    terminal would send them; ``close`` hangs up the terminal.
    """

    def __init__(self, args: list[str], env: dict[str, str] | None = None, size: tuple[int, int] = (80, 24)) -> None:
        environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]), "LINES": str(size[1]), **(env or {})}
        environment.pop("CI", None)
        self.started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, with the pty as its terminal
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "tui", *args], environment)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.output = bytearray()
        self.status: int | None = None

    def read(self, seconds: float = 0.1) -> None:
        deadline = time.monotonic() + seconds
        while self.fd >= 0:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def wait_for(self, needle: bytes, seconds: float = 15.0) -> bool:
        """Read until ``needle`` appears in the output (since the start)."""
        deadline = time.monotonic() + seconds
        while needle not in self.output and time.monotonic() < deadline:
            self.read(0.1)
            if self.exited():
                self.read(0.2)
                break
        return needle in self.output

    def wait_until(self, ready: Callable[[], bool], seconds: float = 15.0) -> bool:
        """Read the output until ``ready()`` (a file saved, say) or time is up."""
        deadline = time.monotonic() + seconds
        while not ready() and time.monotonic() < deadline and not self.exited():
            self.read(0.05)
        return ready()

    def send(self, keys: str | bytes) -> None:
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status is not None

    def wait_exit(self, seconds: float = 10.0) -> int | None:
        """The exit code (128 + signal when a signal killed it), or None if
        it is still running after ``seconds``."""
        deadline = time.monotonic() + seconds
        while not self.exited() and time.monotonic() < deadline:
            self.read(0.05)
        if self.status is None:
            return None
        return os.waitstatus_to_exitcode(self.status) if os.WIFEXITED(self.status) else 128 + os.WTERMSIG(self.status)

    def hang_up(self) -> None:
        """Close the terminal, as a dropped SSH link does."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def kill(self) -> None:
        if not self.exited():
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.wait_exit(5)
        self.hang_up()


def app_env(folder: Path) -> dict[str, str]:
    """Settings and saves of the app under drill kept in ``folder``."""
    return {"MASSCOMBAT_CONFIG": str(folder / "settings.toml"), "MASSCOMBAT_SAVES": str(folder / "saves")}


__all__ = ["DEMOS", "ROOT", "Terminal", "Verdicts", "app_env", "demo_copy", "temp_files", "temp_folder"]
