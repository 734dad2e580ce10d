"""The journal: what happened to a battle since its save file was last
written, one line per step, appended beside the file.

Writing the whole TOML file after every key costs more the longer the
log grows. Instead each change appends one short line to
``NAME.toml.journal`` (one ``write``, then ``fdatasync``), and the file
itself is rewritten ("folded") only now and then: at a pause once the
journal has grown (the app's timer), when it grows very long, when the
battle is closed, and when it is opened after a crash.

A line is ``CRC32 JSON``: a step (``do`` an event, ``undo``, ``redo``)
and where the log stands after it. The first line names the save file it
continues by a SHA-256 of its bytes, so a journal left over from before a
fold (the process killed between writing the file and removing the
journal) is recognised and ignored. A last line cut short by a kill is
the step that was in flight; it is ignored too. Anything else wrong stops
the replay at that line, and the caller says so.
"""

from __future__ import annotations

import hashlib
import json
import errno
import os
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Sequence, get_args

from pydantic import TypeAdapter, ValidationError

from tui.core.files.regular import read_regular
from tui.core.errors import MassCombatError
from tui.core.history import BattleFile, History, LoggedBattle
from tui.core.i18n import t

MAGIC = "masscombat-journal 1"
FOLD_SOON = 200
"""Steps after which the file should be rewritten at the next pause (the
app does it once no key has come for a moment: a rewrite of a long
battle takes a good part of a second)."""
FOLD_EVERY = 2000
"""Steps a journal holds at most: past them the file is rewritten at once."""

Op = Literal["do", "undo", "redo"]


@dataclass(frozen=True)
class Step:
    op: Op
    event: Any = None
    at: tuple[int, int] = (0, 0)
    """The log's cursor and length after the step."""


@dataclass(frozen=True)
class Replayed:
    steps: int
    """Steps of the journal now in the battle."""
    problem: str | None = None
    """Why the replay stopped before the journal's end (None: it did not)."""
    stale: bool = False
    """The journal continues another version of the file: nothing was replayed."""


def journal_path(path: Path) -> Path:
    """Beside the file itself (a link to a battle shares its journal)."""
    path = Path(os.path.realpath(path))
    return path.with_name(path.name + ".journal")


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


# -- steps between two histories -----------------------------------------------


def steps_between(old: History[Any, Any], new: History[Any, Any]) -> list[Step] | None:
    """The steps that turn ``old`` into ``new`` (None if ``new`` did not
    grow out of ``old`` by steps, e.g. another log altogether). The usual
    cases (one event, one undo, one redo) are found without walking the log."""
    if new.events is old.events:
        moved = new.cursor - old.cursor
        op: Op = "redo" if moved > 0 else "undo"
        return [Step(op, None, (old.cursor + (n + 1) * (1 if moved > 0 else -1), len(new.events))) for n in range(abs(moved))]
    # Undo back to what both logs share in effect (never past where the new
    # log stands), then redo or do forward to the new cursor.
    same = min(_common_prefix(old.events, old.cursor, new.events), new.cursor)
    steps = [Step("undo", None, (cursor, len(old.events))) for cursor in range(old.cursor - 1, same - 1, -1)]
    future = old.events[same:]
    if len(new.events) - same == len(future) and new.events[same:] == future:
        steps += [Step("redo", None, (cursor, len(new.events))) for cursor in range(same + 1, new.cursor + 1)]
        return steps
    if same > len(new.events):
        return None
    for number, event in enumerate(new.events[same:], same + 1):
        steps.append(Step("do", event, (number, number)))
    steps += [Step("undo", None, (cursor, len(new.events))) for cursor in range(len(new.events) - 1, new.cursor - 1, -1)]
    return steps


def _common_prefix(old: Sequence[Any], cursor: int, new: Sequence[Any]) -> int:
    """How many of the first ``cursor`` events of ``old`` begin ``new``."""
    limit = min(cursor, len(new))
    if limit and new[limit - 1] is old[limit - 1] and new[:limit] == old[:limit]:
        return limit  # the usual case: the log in effect is kept whole
    same = 0
    while same < limit and new[same] is old[same]:
        same += 1
    return same


# -- writing -------------------------------------------------------------------------


def encode(step: Step) -> bytes:
    body: dict[str, Any] = {"op": step.op, "at": list(step.at)}
    if step.event is not None:
        body["event"] = step.event.model_dump(mode="json", exclude_none=True)
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=True)
    return f"{zlib.crc32(text.encode()):08x} {text}\n".encode("ascii")


def header(base: str) -> bytes:
    return f"{MAGIC} {base}\n".encode("ascii")


def append(path: Path, base: str, steps: Sequence[Step], *, new: bool) -> None:
    """Append ``steps`` to the journal of ``path`` (a new journal when
    ``new``, starting with its header), durably. Raises ``OSError``."""
    data = b"".join(encode(step) for step in steps)
    # Non-blocking: a named pipe where the journal goes must not hold the app
    # (opened for writing, a FIFO waits for a reader); it is refused below.
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
    if new:
        flags |= os.O_TRUNC
        data = header(base) + data
    fd = os.open(journal_path(path), flags, 0o600)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, t("journal.not_a_file"))
        size = status.st_size
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(28, os.strerror(28))
        except OSError:
            # A full disk part-way: take the partial line back, so the next
            # step is not written after a damaged one.
            os.ftruncate(fd, size)
            raise
        (getattr(os, "fdatasync", None) or os.fsync)(fd)
    finally:
        os.close(fd)


def remove(path: Path) -> None:
    try:
        os.unlink(journal_path(path))
    except FileNotFoundError:
        pass


def exists(path: Path) -> bool:
    return os.path.lexists(journal_path(path))


# -- reading -------------------------------------------------------------------------


_ADAPTERS: dict[type[BattleFile], TypeAdapter[Any]] = {}


def _event_adapter(file_model: type[BattleFile]) -> TypeAdapter[Any]:
    """Validates one event of the system whose save file is ``file_model``."""
    if file_model not in _ADAPTERS:
        log = file_model.model_fields["log"].annotation  # tuple[Event, ...]
        _ADAPTERS[file_model] = TypeAdapter(get_args(log)[0])
    return _ADAPTERS[file_model]


MAX_JOURNAL_BYTES = 64 * 1024 * 1024
"""The largest journal read: it is folded into the save after a pause
(thousands of steps are some megabytes)."""


def replay(battle: LoggedBattle[Any, Any], path: Path, raw: bytes) -> Replayed:
    """Apply the journal beside ``path`` (whose bytes are ``raw``) to
    ``battle``, as far as it is whole. No journal: nothing to do."""
    try:
        data = read_regular(journal_path(path), MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return Replayed(0)
    except OSError as exc:
        return Replayed(0, t("journal.unreadable", reason=exc.strerror or exc))
    lines = data.split(b"\n")
    if len(lines) < 2:
        return Replayed(0, stale=True)  # the header was being written
    if lines[0].decode("ascii", "replace") != f"{MAGIC} {digest(raw)}":
        return Replayed(0, stale=True)
    adapter = _event_adapter(type(battle.meta))
    body = lines[1:]
    steps = 0
    for number, line in enumerate(body, 2):
        last = number - 2 == len(body) - 1
        if last:
            break  # what follows the final newline: empty, or a line cut short by a kill
        try:
            step = _decode(line, adapter)
        except ValueError as exc:
            return Replayed(steps, t("journal.bad_line", line=number, reason=exc))
        try:
            _apply(battle, step)
        except MassCombatError as exc:
            return Replayed(steps, t("journal.bad_line", line=number, reason=exc))
        except Exception as exc:  # a load lets nothing else escape (see loading)
            return Replayed(steps, t("journal.bad_line", line=number, reason=type(exc).__name__))
        steps += 1
    return Replayed(steps)


class _Broken(ValueError):
    pass


def _decode(line: bytes, adapter: TypeAdapter[Any]) -> Step:
    crc, _, text = line.partition(b" ")
    try:
        if int(crc, 16) != zlib.crc32(text):
            raise _Broken(t("journal.checksum"))
        body = json.loads(text)
        op = body["op"]
        at = (int(body["at"][0]), int(body["at"][1]))
        if op not in ("do", "undo", "redo"):
            raise _Broken(t("journal.checksum"))
        event = adapter.validate_python(body["event"]) if op == "do" else None
    except _Broken:
        raise
    except (ValueError, KeyError, IndexError, TypeError, ValidationError) as exc:
        raise _Broken(t("journal.unreadable_line", error=type(exc).__name__)) from None
    return Step(op, event, at)


def _apply(battle: LoggedBattle[Any, Any], step: Step) -> None:
    if step.op == "do":
        battle.record(step.event)
    elif step.op == "undo":
        battle.undo()
    else:
        battle.redo()
    now = (battle.history.cursor, len(battle.history.events))
    if now != step.at:
        raise JournalMismatch(t("journal.mismatch", at=f"{now[0]}/{now[1]}", expected=f"{step.at[0]}/{step.at[1]}"))


class JournalMismatch(MassCombatError):
    """A journal step left the log elsewhere than the journal says."""


__all__ = ["FOLD_EVERY", "FOLD_SOON", "JournalMismatch", "Replayed", "Step", "append", "digest", "encode", "exists", "journal_path", "remove", "replay", "steps_between"]
