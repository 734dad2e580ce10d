"""One masscombat per battle: a lock file beside the save.

``saves/x.toml`` is guarded by ``saves/x.toml.lock``. Where ``fcntl`` exists
the lock is ``flock(LOCK_EX | LOCK_NB)`` on that file: the kernel drops it
when the process ends however it ends (a crash, ``kill -9``, a dropped SSH
session), so a lock file that merely exists never blocks anyone. flock locks
belong to an open file description, so a second ``acquire`` in the same
process is refused too.

Where ``fcntl`` is missing (Windows) the lock is the file's existence,
created with ``O_CREAT | O_EXCL``; a lock left by a dead process on this
host is taken over, anything else is reported with the way out (delete the
lock file).

The lock file holds who has the battle open (pid, host, since when), only
for the message another masscombat shows.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
from tui.core.files import toml_parser
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tui.core.errors import BattleLocked
from tui.core.i18n import t
from tui.core.files.tomlfile import dump_toml

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]  # the module or None: None selects the lock-by-existence fallback

_BUSY = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}
_ATTEMPTS = 5
# A lock file is opened without following a link (one could aim the pid we
# write at any file the GM can write) and without blocking on a FIFO.
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def lock_path_for(path: Path) -> Path:
    """``saves/x.toml`` → ``saves/x.toml.lock``."""
    return path.with_name(path.name + ".lock")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock, as far as its lock file says."""

    pid: int | None = None
    host: str | None = None
    since: datetime | None = None

    @classmethod
    def me(cls) -> "Holder":
        return cls(os.getpid(), socket.gethostname(), datetime.now().astimezone().replace(microsecond=0))

    def dump(self) -> bytes:
        data: dict[str, Any] = {}
        if self.pid is not None:
            data["pid"] = self.pid
        if self.host is not None:
            data["host"] = self.host
        if self.since is not None:
            data["since"] = self.since.isoformat()
        return dump_toml(data).encode("utf-8")

    @classmethod
    def parse(cls, raw: bytes) -> "Holder | None":
        """Read a lock file's contents; None when they say nothing usable."""
        try:
            data = toml_parser.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, toml_parser.TOMLDecodeError, RecursionError):
            return None
        pid, host, since = data.get("pid"), data.get("host"), data.get("since")
        when: datetime | None = None
        if isinstance(since, str):
            try:
                when = datetime.fromisoformat(since)
            except ValueError:
                when = None
        holder = cls(
            pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None,
            host if isinstance(host, str) and host else None,
            when,
        )
        return None if holder == cls() else holder

    def describe(self, path: Path) -> str:
        """The one line another masscombat shows: who has ``path`` open."""
        if self.pid is None or self.host is None:
            return t("storage.locked_unknown", path=path)
        return t("storage.locked", path=path, pid=self.pid, host=self.host, since=_when(self.since))


def _when(since: datetime | None) -> str:
    if since is None:
        return "?"
    local = since.astimezone() if since.tzinfo else since
    today = datetime.now(local.tzinfo).date()
    return local.strftime("%H:%M") if local.date() == today else local.strftime("%Y-%m-%d %H:%M")


class BattleLock:
    """The lock on one battle file; ``release()`` is idempotent.

    Use ``BattleLock.acquire(path)`` (raises ``BattleLocked`` naming the
    holder) and ``release()``, or ``with BattleLock.acquire(path): ...``.
    """

    def __init__(self, path: Path, lock_path: Path, fd: int | None, written: bytes):
        self.path = path
        self.lock_path = lock_path
        self._fd = fd
        self._written = written
        self._held = True

    @classmethod
    def acquire(cls, path: Path) -> "BattleLock":
        lock_path = lock_path_for(path)
        if fcntl is not None:
            return cls._acquire_flock(path, lock_path)
        return cls._acquire_exclusive(path, lock_path)

    @property
    def held(self) -> bool:
        return self._held

    def still_held(self) -> bool:
        """Still ours: held, and the lock file is still the one locked (not
        deleted or replaced by hand, which would let a second masscombat in)."""
        if not self._held:
            return False
        if self._fd is not None:
            return _same_file(self._fd, self.lock_path)
        return _read_lock(self.lock_path) == self._written

    def release(self) -> None:
        """Let go of the lock and remove the lock file (safe to call twice,
        and from a signal handler)."""
        if not self._held:
            return
        self._held = False
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                # Unlink while still holding the flock, and only our own file:
                # a newcomer that opened this inode re-checks it after locking.
                if _same_file(fd, self.lock_path):
                    os.unlink(self.lock_path)
            except OSError:
                pass
            finally:
                os.close(fd)
            return
        try:
            if _read_lock(self.lock_path) == self._written:
                os.unlink(self.lock_path)
        except OSError:
            pass

    def __enter__(self) -> "BattleLock":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"BattleLock({str(self.lock_path)!r}, held={self._held})"

    # -- flock ------------------------------------------------------------

    @classmethod
    def _acquire_flock(cls, path: Path, lock_path: Path) -> "BattleLock":
        assert fcntl is not None
        for _ in range(_ATTEMPTS):
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _NO_FOLLOW, 0o644)
            except OSError as exc:
                raise BattleLocked(t("storage.lock_failed", path=path, reason=_reason(exc))) from None
            if not _regular(fd):
                os.close(fd)
                raise BattleLocked(t("storage.lock_failed", path=path, reason=t("storage.lock_not_file", lock=lock_path)))
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = Holder.parse(_read_fd(fd))
                os.close(fd)
                if exc.errno in _BUSY:
                    raise BattleLocked((holder or Holder()).describe(path)) from None
                raise BattleLocked(t("storage.lock_failed", path=path, reason=_reason(exc))) from None
            if not _same_file(fd, lock_path):
                os.close(fd)  # the holder released and removed it meanwhile: start over
                continue
            written = Holder.me().dump()
            try:
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, written)
            except OSError:
                pass  # the lock holds; only the message for others is missing
            return cls(path, lock_path, fd, written)
        raise BattleLocked(Holder().describe(path))

    # -- O_EXCL fallback ------------------------------------------------------

    @classmethod
    def _acquire_exclusive(cls, path: Path, lock_path: Path) -> "BattleLock":
        for attempt in range(2):
            try:
                fd = os.open(lock_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o644)
            except FileExistsError:
                raw = _read_lock(lock_path)
                holder = Holder.parse(raw) if raw is not None else None
                if attempt == 0 and holder is not None and _dead_here(holder):
                    try:
                        os.unlink(lock_path)
                    except FileNotFoundError:
                        pass
                    except OSError as exc:
                        raise BattleLocked(t("storage.lock_failed", path=path, reason=_reason(exc))) from None
                    continue
                message = (holder or Holder()).describe(path)
                raise BattleLocked(t("storage.lock_stale_hint", message=message, lock=lock_path)) from None
            except OSError as exc:
                raise BattleLocked(t("storage.lock_failed", path=path, reason=_reason(exc))) from None
            written = Holder.me().dump()
            try:
                os.write(fd, written)
            finally:
                os.close(fd)
            return cls(path, lock_path, None, written)
        raise BattleLocked(Holder().describe(path))


def read_holder(path: Path) -> Holder | None:
    """Who the lock file of ``path`` names (it may be stale): for display only."""
    raw = _read_lock(lock_path_for(path))
    return Holder.parse(raw) if raw is not None else None


def _read_lock(lock_path: Path) -> bytes | None:
    """A lock file's first 4 KB; None when missing, or not a regular file
    (a link or a FIFO is never followed or waited on)."""
    try:
        fd = os.open(lock_path, os.O_RDONLY | _NO_FOLLOW)
    except OSError:
        return None
    try:
        return _read_fd(fd) if _regular(fd) else None
    finally:
        os.close(fd)


def _regular(fd: int) -> bool:
    """A regular file with no other name: a hard link would carry the pid we
    write into whatever file it shares."""
    try:
        found = os.fstat(fd)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and found.st_nlink == 1


def _same_file(fd: int, lock_path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.lstat(lock_path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _read_fd(fd: int) -> bytes:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 4096)
    except OSError:
        return b""


def _dead_here(holder: Holder) -> bool:
    """True only when the holder is surely gone: same host, no such process."""
    if holder.pid is None or holder.host != socket.gethostname():
        return False
    if os.name == "nt":  # os.kill(pid, 0) would terminate the process there
        return False
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return t("storage.lock_is_link")
    return exc.strerror or type(exc).__name__


__all__ = ["BattleLock", "BattleLocked", "Holder", "lock_path_for", "read_holder"]
