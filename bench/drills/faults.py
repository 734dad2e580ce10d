"""Drill: the disk says no, with the real app in a terminal.

1. The disk fills up during play (a 64 KiB tmpfs filled to the brim; where
   mounting is not allowed, the app's file-size limit is lowered instead):
   a notice, NOT SAVED in the title, the app keeps running, and the next
   change once space is freed saves everything.
2. Quitting while the disk is full: the app asks; "Save elsewhere…" saves
   the battle to another disk and quits.
3. ``backups/`` can't be written (it is a file): the save goes through,
   with a notice that the backup was skipped.
4. SIGTERM while the disk is full: exit 143, a rescue copy in the saves
   folder and one line saying where.

    python bench/drills/faults.py
"""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from _harness import DEMOS, Terminal, Verdicts, app_env, demo_copy, temp_folder


def cursor(path: Path) -> int | None:
    from tui.core.errors import MassCombatError
    from tui.core.files.loading import load_battle

    try:
        return load_battle(path).history.cursor
    except MassCombatError:
        return None


class Disk:
    """A small disk the app saves to, which can be filled and freed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True).returncode == 0
        self.app_pid: int | None = None
        self._limits: tuple[int, int] | None = None

    @property
    def kind(self) -> str:
        return "64 KiB tmpfs" if self.mounted else "file-size limit (no tmpfs here)"

    def fill(self) -> None:
        if self.mounted:
            with open(self.folder / ".filler", "wb", buffering=0) as filler:
                try:
                    while True:
                        filler.write(b"\0" * 1024)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC
        elif self.app_pid is not None:
            self._limits = resource.prlimit(self.app_pid, resource.RLIMIT_FSIZE)
            resource.prlimit(self.app_pid, resource.RLIMIT_FSIZE, (1024, self._limits[1]))  # the soft limit only: it can go back up

    def free(self) -> None:
        if self.mounted:
            (self.folder / ".filler").unlink(missing_ok=True)
        elif self.app_pid is not None and self._limits is not None:
            try:
                resource.prlimit(self.app_pid, resource.RLIMIT_FSIZE, self._limits)
            except ProcessLookupError:
                pass  # the app has ended

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", str(self.folder)], capture_output=True)


@contextmanager
def small_disk(folder: Path) -> Iterator[Disk]:
    disk_folder = folder / "disk"
    disk_folder.mkdir()
    disk = Disk(disk_folder)
    try:
        yield disk
    finally:
        disk.close()


def start(path: Path, folder: Path, disk: Disk) -> Terminal:
    app = Terminal([str(path)], app_env(folder))
    disk.app_pid = app.pid  # (Python ignores SIGXFSZ, so a lowered limit gives EFBIG, not death)
    app.wait_for(b"masscombat", 20)
    return app


def on_disk(system: str, folder: Path, disk: Disk) -> Path:
    source = demo_copy(system, folder)
    path = disk.folder / source.name
    shutil.copy(source, path)
    return path


def change_while_full(app: Terminal, disk: Disk) -> bool:
    """Fill the disk, make one change (undo): True once the app says NOT SAVED."""
    disk.fill()
    app.send("u")
    return app.wait_for(b"NOT SAVED", 10)


def disk_full_during_play(system: str, verdicts: Verdicts) -> None:
    with temp_folder() as folder, small_disk(folder) as disk:
        path = on_disk(system, folder, disk)
        before = cursor(path)
        app = start(path, folder, disk)
        try:
            said = change_while_full(app, disk)
            running = not app.exited()
            kept = cursor(path) == before
            disk.free()
            app.send("u")
            saved = app.wait_until(lambda: cursor(path) == (before or 0) - 2, 10)
            app.send("q")
            code = app.wait_exit(10)
        finally:
            app.kill()
        verdicts.add(f"{system}: disk full during play ({disk.kind})", said and running and kept and saved and code == 0,
                     f"notice and NOT SAVED: {said}, still running: {running}, file as last saved: {kept}, saved once freed: {saved}, exit {code}")


def quit_while_full(system: str, verdicts: Verdicts) -> None:
    with temp_folder() as folder, small_disk(folder) as disk:
        path = on_disk(system, folder, disk)
        before = cursor(path)
        elsewhere = folder / "elsewhere.toml"
        app = start(path, folder, disk)
        try:
            change_while_full(app, disk)
            app.send("q")
            asked = app.wait_for(b"Save elsewhere", 10)
            app.send("\x1b[B")  # down to "Save elsewhere…"
            app.send("\r")
            app.wait_for(b"Save the battle elsewhere", 10)
            app.read(0.5)
            if not disk.mounted:
                disk.free()  # a file-size limit holds for every disk: lift it for "another disk"
            app.send(str(elsewhere) + "\r")
            code = app.wait_exit(10)
        finally:
            app.kill()
            disk.free()
        saved = cursor(elsewhere) == (before or 0) - 1
        verdicts.add(f"{system}: quit while the disk is full", asked and saved and code == 0 and cursor(path) == before,
                     f"asked: {asked}, saved elsewhere: {saved}, original as last saved: {cursor(path) == before}, exit {code}")


def backups_unwritable(system: str, verdicts: Verdicts) -> None:
    with temp_folder() as folder:
        path = demo_copy(system, folder)
        (folder / "backups").write_text("not a folder\n")  # even root can't make a folder here
        before = cursor(path)
        app = Terminal([str(path)], app_env(folder))
        try:
            app.wait_for(b"masscombat", 20)
            app.send("u")
            saved = app.wait_until(lambda: cursor(path) == (before or 0) - 1, 10)
            # Said when the battle opens (its backup then fails); a key's
            # change is a journal line and makes no backup of its own.
            said = app.wait_until(lambda: b"backed up" in app.output or b"backup" in app.output, 10)
            app.send("q")
            code = app.wait_exit(10)
        finally:
            app.kill()
        verdicts.add(f"{system}: backups/ can't be written", saved and said and code == 0, f"saved anyway: {saved}, notice: {said}, exit {code}")


def sigterm_while_full(system: str, verdicts: Verdicts) -> None:
    with temp_folder() as folder, small_disk(folder) as disk:
        if not disk.mounted:
            verdicts.skip(f"{system}: SIGTERM while the disk is full", "needs a tmpfs: a file-size limit would stop the rescue copy too")
            return
        path = on_disk(system, folder, disk)
        before = cursor(path)
        app = start(path, folder, disk)
        try:
            change_while_full(app, disk)
            os.kill(app.pid, signal.SIGTERM)
            code = app.wait_exit(10)
            app.read(0.3)
        finally:
            app.kill()
            disk.free()
        rescued = sorted((folder / "saves").glob("*.rescued-*.toml"))
        copy_ok = bool(rescued) and cursor(rescued[0]) == (before or 0) - 1
        said = b"rescued" in bytes(app.output) or b"saved in" in bytes(app.output)
        verdicts.add(f"{system}: SIGTERM while the disk is full", code == 143 and copy_ok and cursor(path) == before,
                     f"exit {code}, rescue copy holds the battle: {copy_ok}, one line said where: {said}, original as last saved: {cursor(path) == before}")


def main() -> int:
    verdicts = Verdicts()
    print("faults: a full disk and an unwritable backups/ folder, real apps in terminals")
    for system in DEMOS:
        disk_full_during_play(system, verdicts)
        quit_while_full(system, verdicts)
        backups_unwritable(system, verdicts)
        sigterm_while_full(system, verdicts)
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
