"""Reading a file that may be anything: only a regular file of bounded size
is read. A named pipe given as a battle blocked the app for good (it then
ignored q and every signal and held the battle's lock), and a symlink to
``/dev/zero`` grew the players' view past 2.5 GB: what a path names is
checked before it is read, and again on the open file (the path may have
changed in between), and no read waits on a writer."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tui.core.errors import MassCombatError
from tui.core.i18n import t


class NotARegularFile(MassCombatError, OSError):
    """The path names a named pipe, a device, a socket or a folder (after
    following symlinks): nothing the app reads."""


class FileTooBig(MassCombatError, OSError):
    """The file is larger than the reader allows."""


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "device"


def _refuse(path: Path, mode: int) -> None:
    kind = _kind(mode)
    if kind is not None:
        raise NotARegularFile(t(f"file.special.{kind}"))


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path``: a regular file (a symlink is followed only to
    one) of at most ``limit`` bytes. ``FileNotFoundError`` and other
    ``OSError`` as the system gives them; ``NotARegularFile`` and
    ``FileTooBig`` in one line each."""
    _refuse(path, os.stat(path).st_mode)
    # Non-blocking: if the path became a pipe since, opening it can't wait for a writer.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(fd)
        _refuse(path, status.st_mode)
        if status.st_size > limit:
            raise FileTooBig(t("file.too_large", most=_size(limit)))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while being read
        raise FileTooBig(t("file.too_large", most=_size(limit)))
    return data


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


__all__ = ["FileTooBig", "NotARegularFile", "read_regular"]
