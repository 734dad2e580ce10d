"""A program in a pseudo-terminal, as a GM's terminal or an SSH session
runs it: keys typed as a terminal sends them, every byte it writes kept
with the time it arrived, and its memory read from ``/proc``.

Shared by ``bench/terminal.py`` and the drills (``drills/_harness.py``).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Pty:
    """``argv`` run in a pty of ``size`` (columns, rows), from the repository root."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, size: tuple[int, int] = (80, 24)) -> None:
        environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]), "LINES": str(size[1]), **(env or {})}
        environment.pop("CI", None)
        environment.pop("NO_COLOR", None)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child, with the pty as its terminal
            os.chdir(ROOT)
            os.execve(argv[0], argv, environment)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.output = bytearray()
        self.last_byte = self.started
        """When the latest chunk of output arrived (``perf_counter``)."""
        self.status: int | None = None

    # -- reading -------------------------------------------------------------

    def _chunk(self, timeout: float) -> int:
        """One chunk of output if one comes within ``timeout`` seconds; its size."""
        if self.fd < 0:
            return 0
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return 0
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return 0
        if chunk:
            self.last_byte = time.perf_counter()
            self.output.extend(chunk)
        return len(chunk)

    def read(self, seconds: float = 0.1) -> int:
        """Read what arrives within ``seconds``; the number of bytes read."""
        deadline = time.perf_counter() + seconds
        got = 0
        while (left := deadline - time.perf_counter()) > 0:
            count = self._chunk(left)
            if not count:
                break
            got += count
        return got

    def settle(self, quiet: float = 0.15, first: float = 10.0) -> tuple[float, int]:
        """Wait up to ``first`` seconds for output, then read until nothing
        has arrived for ``quiet`` seconds; return when the last byte came
        (``perf_counter``) and how many bytes came (0: nothing came)."""
        start = len(self.output)
        if not self._chunk(first):
            return time.perf_counter(), 0
        while self._chunk(quiet):
            pass
        return self.last_byte, len(self.output) - start

    def wait_for(self, needle: bytes, seconds: float = 15.0) -> bool:
        """Read until ``needle`` appears in the output (since the start)."""
        deadline = time.perf_counter() + seconds
        while needle not in self.output and time.perf_counter() < deadline:
            self.read(0.1)
            if self.exited():
                self.read(0.2)
                break
        return needle in self.output

    # -- typing --------------------------------------------------------------

    def send(self, keys: str | bytes) -> float:
        """Type ``keys``; the moment they were written (``perf_counter``)."""
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)
        return time.perf_counter()

    def key(self, keys: str | bytes, quiet: float = 0.15, first: float = 5.0) -> tuple[float, int]:
        """Type ``keys`` and wait for the screen to settle: (seconds from
        the key to the last byte written for it, bytes written)."""
        self.read(0)  # anything left over belongs to the key before
        sent = self.send(keys)
        last, count = self.settle(quiet, first)
        return (max(0.0, last - sent) if count else float("nan")), count

    # -- the process -----------------------------------------------------------

    def rss_mib(self) -> float:
        """Resident memory of the program, MiB (from /proc)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the program so far (from /proc, 10 ms ticks)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status is not None

    def wait_exit(self, seconds: float = 10.0) -> int | None:
        """The exit code (128 + signal when a signal ended it), or None if
        still running after ``seconds``."""
        deadline = time.perf_counter() + seconds
        while not self.exited() and time.perf_counter() < deadline:
            self.read(0.05)
        if self.status is None:
            return None
        return os.waitstatus_to_exitcode(self.status) if os.WIFEXITED(self.status) else 128 + os.WTERMSIG(self.status)

    def first_frame(self) -> tuple[float, int]:
        """Seconds from the spawn to the settled first screen (quiet for
        0.3 s), and its bytes."""
        last, count = self.settle(0.3, first=30)
        return last - self.started, count

    def quit(self) -> None:
        """``q``, and the program killed if it is still there 15 s later; the terminal closed."""
        self.send("q")
        if self.wait_exit(15) is None:
            self.kill()
        self.hang_up()

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


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


__all__ = ["Pty", "ROOT", "python"]
