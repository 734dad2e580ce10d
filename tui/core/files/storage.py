"""Battles on disk: the ``Session`` of an open battle, and the names of
its neighbours re-exported.

A ``Session`` is one open battle: the file (its real path, links resolved),
its lock (see ``locking``), and whether this process may write it. Each
change is made durable at once as a line of the battle's journal
(``journal``); the whole file is rewritten now and then, and when the
battle closes. Before writing it checks that it still holds the lock and
that the file is still what it last read or wrote; if not, nothing is
overwritten: its battle goes to a conflict copy beside the file and
carries on there.

Neighbours: ``loading`` reads a file; ``saving`` writes one (checked to
read back, the old version backed up, atomically replaced); ``backups``
keeps the ``.bak`` and ``backups/`` copies; ``places`` knows where battles live (saves folder, bundled examples,
working copies). Their public names are re-exported here so older
``from tui.core.files.storage import ...`` lines keep working; patch them in
their own module (e.g. ``backups.clock``), where they are read.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.core.files import backups, journal, places
from tui.core.files.regular import read_regular
from tui.core.files.tomlfile import clean_temps
from tui.core.projection import projection_path
from tui.core.files.backups import backup, remove_stale_temps, write_copy
from tui.core.errors import BattleLocked, FileChanged, SaveFileError
from tui.core.history import History, LoggedBattle
from tui.core.i18n import t
from tui.core.files.loading import load_battle_bytes, one_line
from tui.core.files.locking import BattleLock
from tui.core.files.saving import conflict_path, real_path, save_battle, stat_of

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
    # What is durable: the log as of the file plus its journal, the file's
    # digest (the journal names it) and its stat (a cheap "unchanged?").
    _durable: History[Any, Any] | None = field(default=None, init=False, repr=False)
    _durable_meta: Any = field(default=None, init=False, repr=False)
    _digest: str | None = field(default=None, init=False, repr=False)
    _stat: tuple[int, int, int] | None = field(default=None, init=False, repr=False)
    journal_steps: int = field(default=0, init=False)
    """Steps in the journal beside the file, not yet in the file itself."""

    @property
    def closed(self) -> bool:
        return self._closed

    def take_notices(self) -> list[str]:
        """Warnings from the saves since last asked (a backup skipped, a
        conflict copy made), each one line, for the GM."""
        notices, self._notices = self._notices, []
        return notices

    def save(self, *, whole: bool = False) -> bool:
        """Make the battle durable now: its new steps appended to the
        journal, or (``whole``, past ``journal.FOLD_EVERY`` steps, or when
        the steps can't be told) the whole file rewritten with the journal
        folded in. False (and nothing written) when read-only or closed.

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
            if not whole and self._journal_steps():
                self.unsaved = None
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
        self._written(saved.content)
        self.unsaved = None
        if saved.warning:
            self._notices.append(saved.warning)
        return True

    @property
    def fold_due(self) -> bool:
        """The journal is long enough to be folded into the file at the next pause."""
        return not self.read_only and not self._closed and self.journal_steps >= journal.FOLD_SOON

    def _journal_steps(self) -> bool:
        """Append what changed since the last durable write to the journal;
        False when only rewriting the whole file will do."""
        if self._durable is None or self._digest is None or self.battle.meta is not self._durable_meta:
            return False
        steps = journal.steps_between(self._durable, self.battle.history)
        if steps is None or self.journal_steps + len(steps) > journal.FOLD_EVERY:
            return False
        if not steps:
            return True
        if not self._file_unchanged() or (self.journal_steps and not journal.exists(self.path)):
            return False  # the whole file says what happened (a conflict, or a journal gone)
        try:
            journal.append(self.path, self._digest, steps, new=self.journal_steps == 0)
        except OSError:
            return False  # the whole file is tried next, and says why if it fails too
        self.journal_steps += len(steps)
        self._durable = self.battle.history
        return True

    def _opened(self, raw: bytes, replayed: journal.Replayed) -> None:
        """Just opened: a journal left by a crash is folded into the file
        now (one that went wrong part-way is kept in ``backups/`` first)."""
        self._track(raw)
        if replayed.problem:
            copy = backups.backup_folder(self.path) / f"{self.path.name}.journal-{backups.now().strftime('%Y%m%d-%H%M%S')}"
            try:
                write_copy(copy, read_regular(journal.journal_path(self.path), journal.MAX_JOURNAL_BYTES), like=journal.journal_path(self.path))
            except OSError:
                copy = journal.journal_path(self.path)
            self._notices.append(t("journal.set_aside", path=self.path.name, problem=replayed.problem, copy=copy))
            self._durable = None  # the journal can't be carried on: the whole file it is
        elif replayed.stale:
            journal.remove(self.path)
            return
        elif not replayed.steps:
            return
        self.journal_steps = replayed.steps
        try:
            self.save(whole=True)
        except (SaveFileError, OSError):
            pass  # the journal still holds the steps; ``unsaved`` says why the file could not take them

    def _file_unchanged(self) -> bool:
        try:
            return stat_of(self.path) == self._stat
        except OSError:
            return False

    def _written(self, content: bytes) -> None:
        """The file now holds ``content``, the whole battle: the journal is done with."""
        if self.journal_steps or journal.exists(self.path):
            try:
                journal.remove(self.path)
            except OSError:
                pass  # it names the old file's digest: the next load passes it by
        self.on_disk = content
        self.journal_steps = 0
        self._track(content)

    def _track(self, content: bytes) -> None:
        """The file holds ``content`` and the battle as it stands is durable
        from here: the journal continues that file (named by its digest)."""
        self._durable, self._durable_meta = self.battle.history, self.battle.meta
        self._digest = journal.digest(content)
        try:
            self._stat = stat_of(self.path)
        except OSError:
            self._stat = None

    def _mode(self) -> int | None:
        """The save's permissions, for every copy of it (save-as, a
        conflict copy, a rescue): a save kept from the players (600) must
        not leave a copy anyone can read (644 under umask 022)."""
        try:
            return self.path.stat().st_mode & 0o777
        except OSError:
            return None

    def save_as(self, target: Path) -> None:
        """Carry on in a new file (``target`` must not exist): saved there,
        locked there, and the old file's lock let go. The old file keeps
        what it last held."""
        target = real_path(target)
        if self.battle.meta.template:  # a copy of an example is the GM's own battle
            self.battle.meta = self.battle.meta.model_copy(update={"template": False})
        new = create_session(target, self.battle, mode=self._mode())
        old_lock = self.lock
        self.path, self.lock, self.unsaved = new.path, new.lock, None
        self._written(new.on_disk or b"")
        self.read_only, self.notice = False, None
        self._notices.extend(new.take_notices())
        if old_lock is not None:
            old_lock.release()

    def rescue(self) -> Path | None:
        """When the file can't be saved and nobody can be asked (a signal at
        a full disk): a copy of the battle in the saves folder or the temp
        folder, the first that takes it; None if none does."""
        stamp = backups.now().strftime("%Y%m%d-%H%M%S")
        for folder in (places.default_saves_dir(), Path(tempfile.gettempdir())):
            target = folder / f"{self.path.stem}.rescued-{stamp}.toml"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                save_battle(self.battle, target, expect=None, mode=self._mode())
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
                self._fold()
        finally:
            self._closed = True
            if self.lock is not None:
                self.lock.release()

    def _fold(self) -> None:
        """Rewrite the file with the journal in it, if the disk lets us; if
        not, the journal keeps the steps and opening the battle folds them."""
        if not self.journal_steps or self.read_only:
            return
        try:
            self.save(whole=True)
        except SaveFileError:
            self.unsaved = None  # nothing is lost: the journal holds every step

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_session(path: Path, *, read_only_if_locked: bool = True, house: Path | None = None) -> Session:
    """Open a battle file, locked for this process when nobody else has it.

    Held elsewhere: read-only with a notice naming the holder (or
    ``BattleLocked`` when ``read_only_if_locked`` is False). A missing or
    broken file raises ``SaveFileError`` and leaves nothing behind.
    ``house``: play it with this edited copy of its ruleset.
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
        battle, raw = load_battle_bytes(path, house)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if lock is not None:
        # The writer now: what a killed writer left half-written goes.
        for written in (path, projection_path(path)):
            clean_temps(written)
    if battle.meta.template and lock is not None:
        lock.release()
        lock, notice = None, t("storage.template", path=path)
    replayed = journal.replay(battle, path, raw)
    if lock is None:
        session = Session(battle, path, read_only=True, notice=notice, lock=None, on_disk=raw)
        session._notices.extend(battle.opening_notices())
        return session
    remove_stale_temps(path)
    try:
        backup(path, raw)
    except OSError as exc:
        notice = t("storage.backup_failed", path=path, reason=exc.strerror or exc)
    session = Session(battle, path, read_only=False, notice=notice, lock=lock, on_disk=raw)
    session._opened(raw, replayed)
    session._notices.extend(battle.opening_notices())
    if battle.history.dropped:
        session._notices.append(t("storage.redo_dropped", count=battle.history.dropped, path=path.name, why=battle.history.dropped_why))
        session._durable = None  # the file still holds those steps: the next save rewrites it whole
    return session


def create_session(path: Path, battle: LoggedBattle[Any, Any], mode: int | None = None) -> Session:
    """Save a new battle to ``path`` and open it; refuses to overwrite a file.
    ``mode``: the new file's permissions (None: the umask's)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise one_line(SaveFileError(str(path), t("storage.create_failed", reason=exc.strerror or exc))) from None
    path = real_path(path)
    lock = BattleLock.acquire(path)
    try:
        if path.exists():
            raise SaveFileError(str(path), t("storage.exists"))
        saved = save_battle(battle, path, expect=None, failed="storage.create_failed", mode=mode)
    except BaseException:
        lock.release()
        raise
    session = Session(battle, path, read_only=False, lock=lock, on_disk=saved.content)
    session._written(saved.content)
    if saved.warning:
        session._notices.append(saved.warning)
    return session


def forget_unplayed(session: Session, title: str) -> bool:
    """A battle made new for this run and closed with nothing done in it
    (no step, its title as made): its file goes, with the players' file
    beside it, so an opened-and-left battle doesn't fill the start
    screen's Recent. True if it went."""
    battle = session.battle
    if session.read_only or not session.closed or battle.history.events or battle.meta.title != title:
        return False
    try:
        # Only what this session wrote: a file put there since (a copy, a
        # campaign) is someone else's, and its backup with it.
        if session.on_disk is None or read_regular(session.path, len(session.on_disk) + 1) != session.on_disk:
            return False
        for leftover in (session.path, backups.bak_path(session.path), journal.journal_path(session.path), projection_path(session.path)):
            leftover.unlink(missing_ok=True)
    except OSError:
        return False  # kept: an empty battle on disk harms nothing
    return True


__all__ = ["Session", "create_session", "forget_unplayed", "open_session"]
