"""Copies of a battle file kept in case a save goes wrong.

Two kinds: ``<name>.toml.bak`` beside the file, always the version before the
last save; and timestamped copies in ``backups/`` (one per session-open and at
most one per ``BACKUP_INTERVAL_MINUTES`` of saving, the newest
``KEEP_BACKUPS`` kept). Also the clean-up of temp files a killed save left.

``storage.save_battle`` and ``storage.open_session`` call in here; this module
imports nothing from ``storage``. Settings and the ``clock`` hook are read at
call time from this module, so tests patch them here (``backups.clock``).
"""

from __future__ import annotations

import os

import re
from datetime import datetime
from pathlib import Path
from typing import Callable

from tui.core.files.tomlfile import write_atomic

BACKUP_FOLDER = "backups"
BACKUP_INTERVAL_MINUTES = 10
"""At most one timed backup per this many minutes (plus one per session-open)."""
KEEP_BACKUPS = 10
"""Backups kept per battle in ``backups/``; older ones are deleted."""
_STAMP = "%Y%m%d-%H%M%S-%f"

clock: Callable[[], datetime] = datetime.now
"""The time source for backup names and intervals (tests replace it)."""


def bak_path(path: Path) -> Path:
    """``saves/x.toml`` → ``saves/x.toml.bak``: always the previous version."""
    return path.with_name(path.name + ".bak")


def backup_folder(path: Path) -> Path:
    return path.parent / BACKUP_FOLDER


def backups_for(path: Path) -> list[Path]:
    """The rotating backups of ``path``, oldest first."""
    return [entry for _, entry in _backups(path)]


def _backups(path: Path) -> list[tuple[datetime, Path]]:
    found = []
    pattern = re.compile(re.escape(path.stem) + r"\.(\d{8}-\d{6}-\d{6})\.toml")
    try:
        entries = list(backup_folder(path).iterdir())
    except OSError:
        return []
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match:
            try:
                found.append((datetime.strptime(match[1], _STAMP), entry))
            except ValueError:
                continue
    return sorted(found)


def backup(path: Path, content: bytes | None = None, *, timed: bool = False) -> Path | None:
    """Copy ``path`` (or ``content``, its bytes) into ``backups/``.

    ``timed``: only if the newest backup is ``BACKUP_INTERVAL_MINUTES`` old.
    Skipped when the newest backup already holds these bytes. Keeps the
    newest ``KEEP_BACKUPS``. Returns the new backup, or None.
    """
    if content is None:
        content = path.read_bytes()
    moment = now()
    existing = _backups(path)
    if existing:
        taken, newest = existing[-1]
        age = (moment - taken).total_seconds()
        if timed and 0 <= age < BACKUP_INTERVAL_MINUTES * 60:
            return None
        try:
            if newest.read_bytes() == content:
                return None
        except OSError:
            pass
    folder = backup_folder(path)
    target = folder / f"{path.stem}.{moment.strftime(_STAMP)}.toml"
    while target.exists():  # the same microsecond (a frozen clock in tests)
        moment = moment.replace(microsecond=(moment.microsecond + 1) % 1_000_000)
        target = folder / f"{path.stem}.{moment.strftime(_STAMP)}.toml"
    write_copy(target, content, like=path)
    for old in backups_for(path)[:-KEEP_BACKUPS]:
        try:
            old.unlink()
        except OSError:
            pass
    return target


def now() -> datetime:
    now = clock()
    return now.astimezone().replace(tzinfo=None) if now.tzinfo else now


def write_copy(target: Path, content: bytes, like: Path | None = None) -> None:
    """Write a byte-exact copy (atomically when it is text, as saves are).

    ``like``: the battle file it copies, whose permissions the copy takes:
    a save the GM keeps from the players (mode 600, beside a public
    players' view) must not leave a readable ``.bak`` or backup behind."""
    mode = _mode_of(like)
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)  # not a battle file; keep its bytes anyway
        if mode is not None:
            os.chmod(target, mode)
        return
    write_atomic(target, text, mode=mode)


def _mode_of(path: Path | None) -> int | None:
    if path is None:
        return None
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return None


def remove_stale_temps(path: Path) -> None:
    """Delete temp files a killed save left beside ``path``, and those a
    killed backup left in ``backups/`` (call with the lock held)."""
    beside = re.compile("(?:" + "|".join(re.escape(f".{name}.") for name in (path.name, bak_path(path).name)) + r").*\.tmp")
    _remove_temps(path.parent, beside)
    # Only this battle's: another battle's stem may start with this one's.
    _remove_temps(backup_folder(path), re.compile(re.escape(f".{path.stem}.") + r"\d{8}-\d{6}-\d{6}\.toml\..*\.tmp"))


def _remove_temps(folder: Path, temps: re.Pattern[str]) -> None:
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        if temps.fullmatch(entry.name):
            try:
                entry.unlink()
            except OSError:
                pass


__all__ = [
    "BACKUP_FOLDER",
    "BACKUP_INTERVAL_MINUTES",
    "KEEP_BACKUPS",
    "backup",
    "backup_folder",
    "backups_for",
    "bak_path",
    "clock",
    "remove_stale_temps",
]
