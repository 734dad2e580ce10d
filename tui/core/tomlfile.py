"""Reading and writing TOML files without ever losing or half-writing one.

Both battles and rulesets go through here, so every file a user can edit
fails the same way: one line, ``FILE:LINE:COL: message``, and never a
traceback.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from pydantic import BaseModel, ValidationError

from tui.core.errors import SaveFileError
from tui.core.i18n import t

M = TypeVar("M", bound=BaseModel)

_AT_LINE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes ``SaveFileError`` with its place."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _AT_LINE.search(message)
        if match:
            detail = _AT_LINE.sub("", message)
            raise SaveFileError(path, _sentence(detail), (int(match[1]), int(match[2]))) from None
        if _AT_END.search(message):
            lines = text.split("\n")
            place = (len(lines), len(lines[-1]) + 1)
            raise SaveFileError(path, _sentence(_AT_END.sub("", message)), place) from None
        raise SaveFileError(path, _sentence(message)) from None
    except RecursionError:
        raise SaveFileError(path, t("storage.too_deep")) from None


def read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """Read and parse a TOML file; every failure is a ``SaveFileError``."""
    name = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(name, t("storage.missing")) from None
    except IsADirectoryError:
        raise SaveFileError(name, t("storage.not_a_file")) from None
    except OSError as exc:
        raise SaveFileError(name, t("file.cannot_read", reason=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SaveFileError(name, t("file.not_utf8"), (line, column)) from None
    return text, parse_toml(text, name)


def validate(model: type[M], data: Any, text: str, path: str, *, context: dict[str, Any] | None = None) -> M:
    """Validate parsed TOML against a pydantic model, reporting the first error.

    The error names the field path (``sides.0.pool.base``) and, when the key
    can be found in the text, the line and column where it stands.
    """
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise validation_error(exc, text, path) from None


def validation_error(exc: ValidationError, text: str, path: str) -> SaveFileError:
    first = exc.errors(include_url=False)[0]
    loc = [str(part) for part in first["loc"]]
    field = ".".join(loc) if loc else None
    message = first["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    place = locate_key(text, [p for p in loc if not p.isdigit()])
    return SaveFileError(path, _sentence(message), place, field)


def locate_key(text: str, keys: list[str]) -> tuple[int, int] | None:
    """Best effort: the line and column of the last named key in ``text``.

    Searches for the keys in order, each after the previous one, so
    ``sides.pool.base`` finds the ``base`` that follows a ``pool``.
    """
    if not keys:
        return None
    lines = text.split("\n")  # TOML breaks lines only at \n, unlike str.splitlines
    start = 0
    found: tuple[int, int] | None = None
    for key in keys:
        pattern = re.compile(r"(?:^|[\s.\[{,])(" + re.escape(key) + r"|\"" + re.escape(key) + r"\")\s*(?:=|\]|\.)")
        for number in range(start, len(lines)):
            match = pattern.search(lines[number].split("#", 1)[0])
            if match:
                found = (number + 1, match.start(1) + 1)
                start = number
                break
        else:
            return found
    return found


_NUMBER_ARRAY = re.compile(r"\[\n((?:[ \t]*-?\d+,\n)+)[ \t]*\]")


def dump_toml(data: dict[str, Any]) -> str:
    """TOML text; arrays of plain numbers (dice faces) stay on one line so a
    push reads as one line, not ten."""
    text = tomli_w.dumps(data, multiline_strings=False)
    return _NUMBER_ARRAY.sub(lambda m: "[" + ", ".join(n.strip().rstrip(",") for n in m[1].splitlines()) + "]", text)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` is always either the old or the new file.

    A temp file in the same folder (so ``os.replace`` stays on one
    filesystem), flushed and fsynced before the rename, then the folder is
    fsynced so the rename itself survives a power cut.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            # mkstemp makes the file private; give it the old file's mode, or the umask's
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), _mode_for(path))
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_folder(folder)


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not supported here (Windows); the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sentence(message: str) -> str:
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:] if message else t("file.unreadable")
