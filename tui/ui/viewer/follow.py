"""Following the projection file as the GM's app replaces it.

The GM's app replaces the file atomically (a new file renamed over the
old), so a watch on the file itself goes deaf after the first update:
``FolderWatch`` watches the folder (inotify, on Linux) and says when an
entry of that name changed. Anywhere else, or when the folder can't be
read (a players' user may only read the one file), the viewer polls.

``Follower`` is what the viewer knows: the last good projection, and why
the file shows nothing newer (missing, broken, its revision gone back).
It decides without a terminal, so tests drive it step by step.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import struct
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from tui.core.i18n import t
from tui.core.projection import Projection, ProjectionError, read_projection

_IN_MODIFY = 0x002
_IN_ATTRIB = 0x004
_IN_CLOSE_WRITE = 0x008
_IN_MOVED_FROM = 0x040
_IN_MOVED_TO = 0x080
_IN_CREATE = 0x100
_IN_DELETE = 0x200
_IN_DELETE_SELF = 0x400
_IN_MOVE_SELF = 0x800
_MASK = _IN_MODIFY | _IN_ATTRIB | _IN_CLOSE_WRITE | _IN_MOVED_FROM | _IN_MOVED_TO | _IN_CREATE | _IN_DELETE | _IN_DELETE_SELF | _IN_MOVE_SELF
_IN_NONBLOCK = os.O_NONBLOCK
_IN_CLOEXEC = 0o2000000
_EVENT = struct.Struct("iIII")


class FolderWatch:
    """inotify on the file's folder: ``fileno`` becomes readable when
    something happened there; ``drain`` says whether it touched our file."""

    def __init__(self, path: Path) -> None:
        self.name = os.fsencode(path.name)
        self.fd = -1
        name = ctypes.util.find_library("c")
        if not hasattr(os, "O_NONBLOCK") or name is None:
            raise OSError("no inotify here")
        libc = ctypes.CDLL(name, use_errno=True)
        init = getattr(libc, "inotify_init1", None)
        if init is None:
            raise OSError("no inotify here")
        fd = init(_IN_NONBLOCK | _IN_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        folder = os.fsencode(str(path.parent) or ".")
        if libc.inotify_add_watch(fd, folder, _MASK) < 0:
            error = ctypes.get_errno()
            os.close(fd)
            raise OSError(error, os.strerror(error))
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def drain(self) -> bool:
        """Read what happened; True if any of it concerned our file (or the folder itself)."""
        touched = False
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return touched
            except OSError:
                return True
            if not data:
                return touched
            offset = 0
            while offset + _EVENT.size <= len(data):
                _wd, mask, _cookie, length = _EVENT.unpack_from(data, offset)
                name = data[offset + _EVENT.size : offset + _EVENT.size + length].rstrip(b"\0")
                offset += _EVENT.size + length
                if name == self.name or mask & (_IN_DELETE_SELF | _IN_MOVE_SELF):
                    touched = True

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def folder_watch(path: Path) -> FolderWatch | None:
    """A watch on ``path``'s folder, or None where the viewer must poll."""
    try:
        return FolderWatch(path)
    except (OSError, AttributeError, ValueError):
        return None


@dataclass(frozen=True)
class Seen:
    """What the viewer shows: the last good projection (None: none yet),
    and why the file shows nothing newer ("" when it is the latest)."""

    projection: Projection | None
    problem: str = ""
    kind: str = ""
    """"" | "missing" | "broken" | "back" (the revision went back) | "closed"."""


class Follower:
    """The file's latest good projection, read again only when it changed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen = Seen(None)
        self._stamp: tuple[int, int, int] | None = None

    def check(self) -> bool:
        """Look at the file; True if what the viewer shows changed."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return self._set(Seen(self.seen.projection, t("viewer.missing", path=self.path), "missing"), None)
        except OSError as exc:
            return self._broken(t("view.error.unreadable", path=self.path, reason=exc.strerror or exc), None)
        stamp = (info.st_ino, info.st_size, info.st_mtime_ns)
        if stamp == self._stamp:
            return False
        try:
            projection = read_projection(self.path)
        except ProjectionError as exc:
            return self._broken(str(exc), stamp)
        except Exception as exc:  # the view goes on whatever a read of a file meets: it keeps the last good state
            return self._broken(f"{type(exc).__name__}: {exc}"[:200], stamp)
        last = self.seen.projection
        if last is not None and projection.revision == last.revision and projection.written == last.written:
            return self._set(Seen(last), stamp)
        if last is not None and projection.revision < last.revision:
            # The GM reopened an earlier copy (a backup), or a new projection
            # began: the file is the truth, and the players are told.
            return self._set(Seen(projection, t("viewer.went_back", old=last.revision, new=projection.revision), "back"), stamp)
        return self._set(Seen(projection, "", "" if projection.open else "closed"), stamp)

    def _broken(self, why: str, stamp: tuple[int, int, int] | None) -> bool:
        """A file that can't be read: the last good state stays, and says so."""
        said = t("viewer.kept", why=why) if self.seen.projection is not None else why
        return self._set(Seen(self.seen.projection, said, "broken"), stamp)

    def _set(self, seen: Seen, stamp: tuple[int, int, int] | None) -> bool:
        self._stamp = stamp
        changed = seen != self.seen
        self.seen = seen
        return changed


def age(projection: Projection, now: datetime | None = None) -> float:
    """Seconds since the projection was written."""
    now = now or datetime.now(timezone.utc)
    return (now - projection.written).total_seconds()


__all__ = ["FolderWatch", "Follower", "Seen", "age", "folder_watch"]
