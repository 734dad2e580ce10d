"""Reading and writing TOML files without ever losing or half-writing one.

Both battles and rulesets go through here, so every file a user can edit
fails the same way: one line, ``FILE:LINE:COL: message``, and never a
traceback.
"""

from __future__ import annotations

import os
import re
import stat
from glob import escape as glob_escape
import tempfile
from tui.core.files import toml_parser
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from pydantic import BaseModel, ValidationError

from tui.core.errors import SaveFileError
from tui.core.i18n import t
from tui.core.files.regular import FileTooBig, NotARegularFile, read_regular
from tui.core.records import screened

M = TypeVar("M", bound=BaseModel)

_AT_LINE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes ``SaveFileError`` with its place.

    Text too long, or with keys or nesting too deep, is refused before
    tomllib sees it: a few KB of ``a.a.a...`` would take it minutes and GBs.
    """
    if len(text) > MAX_FILE_BYTES:
        raise SaveFileError(path, t("file.too_big", most=MAX_FILE_BYTES // (1024 * 1024)))
    too_deep = _too_deep(text)
    if too_deep is not None:
        raise SaveFileError(path, t("storage.too_deep"), too_deep)
    try:
        return toml_parser.loads(text)
    except toml_parser.TOMLDecodeError as exc:
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


MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest battle or ruleset read: a long evening's log is a few hundred
KB. Bigger is damage or mischief, refused before it costs time or memory."""
MAX_KEY_PARTS = 32
"""The most parts a dotted key or table header may have (``a.b.c`` has 3):
tomllib's time grows with the square of it."""
MAX_NESTING = 32
"""The deepest nesting of arrays and inline tables read."""


def read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """Read and parse a TOML file; every failure is a ``SaveFileError``."""
    _, text, data = read_toml_bytes(path)
    return text, data


_FIRST_TABLE = re.compile(r"^[ \t]*\[", re.MULTILINE)


def read_toml_top(path: Path) -> dict[str, Any]:
    """The keys a TOML file sets before its first table (a battle's system
    and title), parsed without the tables after them: a list of battles
    reads a 5,000-event save in a millisecond, not sixty. Where the text
    before the first table is not TOML on its own (a table header inside a
    multi-line string), the whole file is parsed; every failure is a
    ``SaveFileError``."""
    _, text = read_text(path)
    found = _FIRST_TABLE.search(text)
    if found is not None:
        try:
            return parse_toml(text[: found.start()], str(path))
        except SaveFileError:
            pass
    return parse_toml(text, str(path))


def read_toml_bytes(path: Path) -> tuple[bytes, str, dict[str, Any]]:
    """``read_toml``, with the bytes read."""
    raw, text = read_text(path)
    return raw, text, parse_toml(text, str(path))


def read_text(path: Path) -> tuple[bytes, str]:
    """A regular file's bytes and its UTF-8 text; every failure is a ``SaveFileError``."""
    name = str(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise SaveFileError(name, t("storage.missing")) from None
    except FileTooBig:
        raise SaveFileError(name, t("file.too_big", most=MAX_FILE_BYTES // (1024 * 1024))) from None
    except NotARegularFile as exc:
        raise SaveFileError(name, str(exc)) from None
    except OSError as exc:
        raise SaveFileError(name, t("file.cannot_read", reason=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SaveFileError(name, t("file.not_utf8"), (line, column)) from None
    return raw, text


# Strings and comments (skipped whole), and the characters that shape keys
# and nesting. Unterminated strings match nothing here; tomllib reports them.
_SHAPE = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}=,\n.]',
    re.DOTALL,
)


_STRINGS = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.DOTALL)
"""``_SHAPE``'s strings and comments alone."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"[\[{][\]}]")


def _surely_shallow(text: str) -> bool:
    """True when no key and no nesting can be too deep, found with a few
    passes in C (the exact walk below costs a 5,000-event file ~30 ms).
    No line holds ``MAX_KEY_PARTS`` dots (strings counted too: at worst a
    needless exact walk). Nesting is bounded from the brackets outside
    strings and comments: each pass removes the innermost matched pairs,
    so the passes count the matched nesting, and the openers left unmatched
    can add no more than their number."""
    if any(line.count(".") >= MAX_KEY_PARTS for line in text.split("\n")):
        return False
    brackets = _NOT_BRACKET.sub("", _STRINGS.sub("", text))
    levels = 0
    while True:
        inner = _PAIR.sub("", brackets)
        if len(inner) == len(brackets):
            break
        brackets, levels = inner, levels + 1
        if levels > MAX_NESTING:
            return False
    return levels + brackets.count("[") + brackets.count("{") <= MAX_NESTING


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where a key gets more than ``MAX_KEY_PARTS`` parts or nesting deeper
    than ``MAX_NESTING`` (line, column), or None. Dots are counted since the
    last ``=``, ``,``, bracket or line break, so a value such as ``1.5``
    adds at most one."""
    if _surely_shallow(text):
        return None
    dots = depth = 0
    for match in _SHAPE.finditer(text):
        token = match[0]
        if token == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                return _place(text, match.start())
            continue
        dots = 0
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return _place(text, match.start())
        elif token in "]}":
            depth = max(0, depth - 1)
    return None


def _place(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def validate(model: type[M], data: Any, text: str, path: str, *, context: dict[str, Any] | None = None) -> M:
    """Validate parsed TOML against a pydantic model, reporting the first error.

    The error names the field path (``sides.0.pool.base``) and, when the key
    can be found in the text, the line and column where it stands. ``data``
    is parsed from ``text`` (or migrated from it with constants), so the
    text can vouch that it holds no unsafe character (``records.screened``).
    """
    try:
        with screened(text):
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


def write_atomic(path: Path, text: str | bytes, mode: int | None = None) -> None:
    """Write ``text`` (or bytes: a picture) so that ``path`` is always either the old or the new file.

    A temp file in the same folder (so ``os.replace`` stays on one
    filesystem), flushed and fsynced before the rename, then the folder is
    fsynced so the rename itself survives a power cut. ``mode``: the new
    file's permissions (None: the old file's, or the umask's).
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        with os.fdopen(fd, "wb") as handle:
            # mkstemp makes the file private; give it the old file's mode, or the umask's
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), _mode_for(path) if mode is None else mode)
            handle.write(data)
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


def clean_temps(path: Path) -> int:
    """Remove the temp files ``write_atomic`` left beside ``path`` when the
    process was killed mid-write (40 kills left 15 to 18 beside a players'
    file); how many. Only for the writer holding the battle's lock: no
    other process writes these files then."""
    removed = 0
    for temp in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        try:
            if stat.S_ISREG(temp.lstat().st_mode):
                temp.unlink()
                removed += 1
        except OSError:
            continue  # gone already, or not ours to remove: left as it is
    return removed


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
