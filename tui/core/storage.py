"""Battles on disk: load, migrate, save, and the ``Session`` of an open battle.

Loading lives in ``loading``. Saving never loses the previous file: the
new text is checked, the old version is backed up (see ``backups``; a
backup that fails is reported but never stops the save), then the new file
replaces the old one atomically (``tomlfile.write_atomic``).

A ``Session`` is one open battle: the file (its real path, links resolved),
its lock (see ``locking``), and whether this process may write it. Before
each save it checks that it still holds the lock and that the file is still
what it last read or wrote; if not, nothing is overwritten: its battle goes
to a conflict copy beside the file and carries on there.

Neighbours: ``backups`` keeps the ``.bak`` and ``backups/`` copies;
``places`` knows where battles live (saves folder, bundled examples,
working copies). Their public names are re-exported here so older
``from tui.core.storage import ...`` lines keep working; patch them in
their own module (e.g. ``backups.clock``), where they are read.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.core import backups
from tui.core.errors import BattleLocked, FileChanged, SaveFileError
from tui.core.history import LoggedBattle
from tui.core.i18n import t
from tui.core.loading import MIGRATIONS, _one_line, load_battle, load_battle_bytes
from tui.core.locking import BattleLock
from tui.core.tomlfile import dump_toml, parse_toml, validate, write_atomic

# Imports go one way: storage -> backups and storage -> places. Neither of
# those imports storage at module level (places.open_example imports
# load_battle/save_battle when it runs), so there is no cycle whichever is
# imported first. The ``places`` names are here only to be re-exported.
from tui.core.backups import BACKUP_FOLDER, BACKUP_INTERVAL_MINUTES, KEEP_BACKUPS, _write_copy, backup, backup_folder, backups_for, bak_path, remove_stale_temps
from tui.core.places import default_saves_dir, example_folders, find_example, list_examples, open_example, working_copy

HEADER = "# masscombat battle — edit with care; check with: masscombat check FILE\n\n"


# -- saving -----------------------------------------------------------------


def battle_data(battle: LoggedBattle[Any, Any]) -> dict[str, Any]:
    """The save file's tables. TOML has no null: an unset optional field is left out."""
    data: dict[str, Any] = battle.to_file().model_dump(mode="json", exclude_defaults=False, exclude_none=True)
    return data


def battle_text(battle: LoggedBattle[Any, Any], name: str = "<battle>") -> str:
    """The save file's text for ``battle``, checked to read back."""
    text = HEADER + dump_toml(battle_data(battle))
    try:
        validate(type(battle.meta), parse_toml(text, name), text, name)
    except SaveFileError as exc:  # a bug, not the GM's doing: keep the old file
        raise _one_line(SaveFileError(name, t("storage.self_check", error=exc))) from None
    return text


@dataclass(frozen=True)
class Saved:
    """What a save wrote: the file's bytes now, and a warning for the GM
    when the backups could not be written (the save itself went through)."""

    content: bytes
    warning: str | None = None


_ANY: Any = object()


def save_battle(battle: LoggedBattle[Any, Any], path: Path, *, expect: bytes | None = _ANY, failed: str = "storage.write_failed") -> Saved:
    """Write ``battle`` to ``path`` atomically, backing up the previous version.

    The old file goes to ``<name>.bak`` and, at most once per
    ``backups.BACKUP_INTERVAL_MINUTES``, to ``backups/``; only then is it
    replaced. A backup that fails is returned as a warning, not a failure.
    ``expect``: the bytes the file should hold now (None: no file); anything
    else raises ``FileChanged`` and writes nothing. Any other failure raises
    ``SaveFileError`` (worded by the ``failed`` message) and leaves the old
    file as it was.
    """
    name = str(path)
    text = battle_text(battle, name)
    content = text.encode("utf-8")
    try:
        old = path.read_bytes() if path.exists() else None
    except OSError as exc:
        raise _one_line(SaveFileError(name, t(failed, reason=exc.strerror or exc))) from None
    if old == content:
        return Saved(content)  # already saved: nothing to write, nothing to back up
    if expect is not _ANY and old != expect and (old is not None or expect is None):
        # (A file deleted behind the session is simply written again: there is nothing to keep.)
        raise FileChanged(name, t("storage.changed_outside"))
    warning = None
    if old is not None:
        try:
            backup(path, old, timed=True)
            _write_copy(bak_path(path), old)
        except OSError as exc:
            warning = t("storage.backup_skipped", path=path, reason=exc.strerror or exc)
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise _one_line(SaveFileError(name, t(failed, reason=exc.strerror or exc))) from None
    return Saved(content, warning)


def real_path(path: Path) -> Path:
    """The file itself, links resolved: one battle has one lock however it
    is reached, and a save replaces the file, not a link to it."""
    return Path(os.path.realpath(path))


def conflict_path(path: Path) -> Path:
    """``saves/x.toml`` → ``saves/x.conflict-20261124-2130.toml`` (a new name)."""
    stamp = backups._now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.conflict-{stamp}{path.suffix}")
    number = 1
    while target.exists() or target.with_name(target.name + ".lock").exists():
        number += 1
        target = path.with_name(f"{path.stem}.conflict-{stamp}-{number}{path.suffix}")
    return target


# -- sessions ---------------------------------------------------------------


@dataclass
class Session:
    """One open battle. Writable sessions hold the battle's lock."""

    battle: LoggedBattle[Any, Any]
    path: Path
    read_only: bool
    notice: str | None = None
    """Why the session is read-only, or a warning to show once."""
    lock: BattleLock | None = None
    on_disk: bytes | None = None
    """The bytes this session last read from or wrote to ``path``; before
    each save the file must still hold them (None: don't check)."""
    unsaved: str | None = None
    """Why the last save failed, until one succeeds: the battle in memory is
    ahead of the file."""
    _closed: bool = field(default=False, init=False, repr=False)
    _notices: list[str] = field(default_factory=list, init=False, repr=False)

    @property
    def closed(self) -> bool:
        return self._closed

    def take_notices(self) -> list[str]:
        """Warnings from the saves since last asked (a backup skipped, a
        conflict copy made), each one line, for the GM."""
        notices, self._notices = self._notices, []
        return notices

    def save(self) -> bool:
        """Save now; False (and nothing written) when read-only or closed.

        Raises ``SaveFileError`` when the disk refuses (the old file stays,
        ``unsaved`` says why). If the lock was lost or the file changed
        since this session last touched it, the battle goes to a conflict
        copy instead and the session carries on there (see ``take_notices``).
        """
        if self.read_only or self._closed:
            return False
        try:
            if not self._lock_still_held():
                self._save_as_conflict(t("storage.lock_lost", path=self.path))
                return True
            try:
                saved = save_battle(self.battle, self.path, expect=self.on_disk)
            except FileChanged:
                self._save_as_conflict(t("storage.changed_outside_notice", path=self.path))
                return True
        except SaveFileError as exc:
            self.unsaved = str(exc)
            raise
        except BattleLocked as exc:  # the conflict copy could not be locked
            self.unsaved = str(exc)
            raise SaveFileError(str(self.path), str(exc)) from None
        self.on_disk, self.unsaved = saved.content, None
        if saved.warning:
            self._notices.append(saved.warning)
        return True

    def save_as(self, target: Path) -> None:
        """Carry on in a new file (``target`` must not exist): saved there,
        locked there, and the old file's lock let go. The old file keeps
        what it last held."""
        target = real_path(target)
        if self.battle.meta.template:  # a copy of an example is the GM's own battle
            self.battle.meta = self.battle.meta.model_copy(update={"template": False})
        new = create_session(target, self.battle)
        old_lock = self.lock
        self.path, self.lock, self.on_disk, self.unsaved = new.path, new.lock, new.on_disk, None
        self.read_only, self.notice = False, None
        self._notices.extend(new.take_notices())
        if old_lock is not None:
            old_lock.release()

    def rescue(self) -> Path | None:
        """When the file can't be saved and nobody can be asked (a signal at
        a full disk): a copy of the battle in the saves folder or the temp
        folder, the first that takes it; None if none does."""
        stamp = backups._now().strftime("%Y%m%d-%H%M%S")
        for folder in (default_saves_dir(), Path(tempfile.gettempdir())):
            target = folder / f"{self.path.stem}.rescued-{stamp}.toml"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                save_battle(self.battle, target, expect=None)
            except (OSError, SaveFileError):
                continue
            return target
        return None

    def _lock_still_held(self) -> bool:
        """Take the lock again if its file was deleted; False when another
        masscombat has taken it meanwhile."""
        if self.lock is None or self.lock.still_held():
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)  # the whole folder may have gone
        except OSError:
            pass  # the lock below says why
        try:
            fresh = BattleLock.acquire(self.path)
        except BattleLocked:
            return False
        self.lock.release()
        self.lock = fresh
        return True

    def _save_as_conflict(self, why: str) -> None:
        """Keep both: the file as someone else left it, and this battle in a
        conflict copy beside it, where this session goes on."""
        old = self.path
        self.save_as(conflict_path(old))
        self._notices.append(t("storage.conflict_copy", why=why, copy=self.path.name, path=old.name))

    def close(self, *, save: bool = True) -> None:
        """Save (if writable and ``save``) and release the lock. Idempotent;
        safe from a signal handler (a close that interrupts a save saves
        again). A final save that fails raises ``SaveFileError``; the lock is
        released anyway."""
        if self._closed:
            return
        try:
            if save:
                self.save()
        finally:
            self._closed = True
            if self.lock is not None:
                self.lock.release()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_session(path: Path, *, read_only_if_locked: bool = True) -> Session:
    """Open a battle file, locked for this process when nobody else has it.

    Held elsewhere: read-only with a notice naming the holder (or
    ``BattleLocked`` when ``read_only_if_locked`` is False). A missing or
    broken file raises ``SaveFileError`` and leaves nothing behind.
    """
    if not path.exists():
        raise SaveFileError(str(path), t("storage.missing"))
    path = real_path(path)
    lock: BattleLock | None = None
    notice: str | None = None
    try:
        lock = BattleLock.acquire(path)
    except BattleLocked as exc:
        if not read_only_if_locked:
            raise
        notice = t("storage.read_only", reason=exc)
    try:
        battle, raw = load_battle_bytes(path)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if battle.meta.template and lock is not None:
        lock.release()
        lock, notice = None, t("storage.template", path=path)
    if lock is not None:
        remove_stale_temps(path)
        try:
            backup(path, raw)
        except OSError as exc:
            notice = t("storage.backup_failed", path=path, reason=exc.strerror or exc)
    return Session(battle, path, read_only=lock is None, notice=notice, lock=lock, on_disk=raw)


def create_session(path: Path, battle: LoggedBattle[Any, Any]) -> Session:
    """Save a new battle to ``path`` and open it; refuses to overwrite a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _one_line(SaveFileError(str(path), t("storage.create_failed", reason=exc.strerror or exc))) from None
    path = real_path(path)
    lock = BattleLock.acquire(path)
    try:
        if path.exists():
            raise SaveFileError(str(path), t("storage.exists"))
        saved = save_battle(battle, path, expect=None, failed="storage.create_failed")
    except BaseException:
        lock.release()
        raise
    session = Session(battle, path, read_only=False, lock=lock, on_disk=saved.content)
    if saved.warning:
        session._notices.append(saved.warning)
    return session


__all__ = [
    # storage's own
    "HEADER",
    "MIGRATIONS",
    "Saved",
    "Session",
    "battle_data",
    "battle_text",
    "conflict_path",
    "create_session",
    "load_battle",
    "open_session",
    "real_path",
    "save_battle",
    # re-exported from backups
    "BACKUP_FOLDER",
    "BACKUP_INTERVAL_MINUTES",
    "KEEP_BACKUPS",
    "backup",
    "backup_folder",
    "backups_for",
    "bak_path",
    "remove_stale_temps",
    # re-exported from places
    "default_saves_dir",
    "example_folders",
    "find_example",
    "list_examples",
    "open_example",
    "working_copy",
]
