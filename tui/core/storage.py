"""Battles on disk: load, migrate, save, and the ``Session`` of an open battle.

Loading never crashes and never writes: every failure is a ``SaveFileError``
whose ``str()`` is one line, ``FILE:LINE:COL: message`` or
``FILE: field.path: message``. Saving never loses the previous file: the
new text is checked, the old version is backed up (see ``backups``), then
the new file replaces the old one atomically (``tomlfile.write_atomic``).

A ``Session`` is one open battle: the file, its lock (see ``locking``), and
whether this process may write it.

Neighbours: ``backups`` keeps the ``.bak`` and ``backups/`` copies;
``places`` knows where battles live (saves folder, bundled examples,
working copies). Their public names are re-exported here so older
``from tui.core.storage import ...`` lines keep working; patch them in
their own module (e.g. ``backups.clock``), where they are read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tui.core import rulesets
from tui.core.errors import BattleLocked, MassCombatError, SaveFileError
from tui.core.history import SCHEMA_VERSION, BattleFile, LoggedBattle
from tui.core.system import LEGACY_SYSTEM, GameSystem, UnknownSystem, find_system
from tui.core.i18n import t
from tui.core.locking import BattleLock
from tui.core.tomlfile import dump_toml, locate_key, parse_toml, read_toml, validate, write_atomic

# Imports go one way: storage -> backups and storage -> places. Neither of
# those imports storage at module level (places.open_example imports
# load_battle/save_battle when it runs), so there is no cycle whichever is
# imported first. The ``places`` names are here only to be re-exported.
from tui.core.backups import BACKUP_FOLDER, BACKUP_INTERVAL_MINUTES, KEEP_BACKUPS, _write_copy, backup, backup_folder, backups_for, bak_path, remove_stale_temps
from tui.core.places import default_saves_dir, example_folders, find_example, list_examples, open_example, working_copy

HEADER = "# masscombat battle — edit with care; check with: masscombat check FILE\n\n"

def _schema_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 adds the muster (armies, battlefield: defaults fill them in)
    and the battle's stage to ``[state]``; a schema-1 battle is a roller
    session, so its stage is the muster."""
    state = data.get("state")
    if isinstance(state, dict) and state:
        data["state"] = {**state, "stage": "muster"}
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _schema_1_to_2}
"""``MIGRATIONS[n]`` turns schema-``n`` data into schema-``n+1`` data."""


# -- loading ----------------------------------------------------------------


def load_battle(path: Path) -> LoggedBattle[Any, Any]:
    """Read, migrate, validate and replay a battle of any registered system;
    only ``SaveFileError`` escapes."""
    name = str(path)
    try:
        return _load(path, name)
    except SaveFileError as exc:
        raise _one_line(exc) from None
    except MassCombatError as exc:
        raise _one_line(SaveFileError(name, str(exc))) from None
    except RecursionError:
        raise SaveFileError(name, t("storage.too_deep")) from None
    except Exception as exc:  # the promise: nothing but SaveFileError leaves a load
        raise _one_line(SaveFileError(name, t("storage.unreadable", error=f"{type(exc).__name__}: {exc}"))) from None


def _load(path: Path, name: str) -> LoggedBattle[Any, Any]:
    if path.exists() and not path.is_file() and not path.is_dir():
        raise SaveFileError(name, t("storage.not_a_file"))
    text, data = read_toml(path)
    data, migrated = _migrate(data, text, name)
    # Migrations keep key paths (a renamed key is simply not found in the old
    # text, so no place is given), so the old text still locates errors.
    where = text
    try:
        system = find_system(data.get("system", LEGACY_SYSTEM))
    except UnknownSystem as exc:
        raise SaveFileError(name, str(exc), locate_key(where, ["system"]), "system") from None
    meta = validate(system.file_model, data, where, name)
    _check_cursor(meta, where, name)
    ruleset = _ruleset(system, name)
    try:
        return system.load(meta, ruleset)
    except MassCombatError as exc:
        try:
            place = _failing_event(system.battle.initial_state(meta, ruleset), meta.log, system.battle._apply, where)
        except Exception:
            place = None
        raise SaveFileError(name, str(exc), place) from None


def _check_cursor(meta: BattleFile, text: str, name: str) -> None:
    if meta.cursor > len(meta.log):
        raise SaveFileError(name, t("storage.cursor_past_end", cursor=meta.cursor, count=len(meta.log)), locate_key(text, ["cursor"]), "cursor")


def _ruleset(system: GameSystem, name: str) -> Any:
    """The system's bundled ruleset; a broken one is reported against the save."""
    try:
        return rulesets.bundled_ruleset(system.ruleset.system)
    except MassCombatError as exc:  # the message names the ruleset file to fix
        raise SaveFileError(name, t("storage.ruleset", system=system.key, error=exc)) from None


def _migrate(data: dict[str, Any], text: str, name: str) -> tuple[dict[str, Any], bool]:
    version = data.get("schema_version")
    place = locate_key(text, ["schema_version"])
    if version is None:
        raise SaveFileError(name, t("storage.schema_missing"), None, "schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(name, t("storage.schema_not_number"), place, "schema_version")
    if version > SCHEMA_VERSION:
        raise SaveFileError(name, t("storage.schema_newer", version=version, newest=SCHEMA_VERSION), place)
    migrated = False
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveFileError(name, t("storage.schema_too_old", version=version), place)
        try:
            data = step(dict(data))
        except Exception as exc:
            raise SaveFileError(name, t("storage.migration_failed", version=version, error=exc)) from None
        if not isinstance(data, dict):
            raise SaveFileError(name, t("storage.migration_failed", version=version, error=type(data).__name__))
        version += 1
        data = {**data, "schema_version": version}
        migrated = True
    return data, migrated


def _failing_event(state: Any, log: tuple[Any, ...], apply: Callable[[Any, Any], Any], text: str) -> tuple[int, int] | None:
    for number, event in enumerate(log):
        try:
            state = apply(state, event)
        except MassCombatError:
            headers = [i for i, line in enumerate(text.split("\n"), 1) if _LOG_HEADER.match(line)]
            if len(headers) == len(log):
                return headers[number], 1
            return None
    return locate_key(text, ["state"])


_LOG_HEADER = re.compile(r"\s*\[\[\s*(?:log|\"log\"|'log')\s*\]\]")


def _one_line(exc: SaveFileError) -> SaveFileError:
    """The same error with any line break or control character escaped."""
    detail, field_path = _clean(exc.detail), _clean(exc.field) if exc.field else exc.field
    if detail == exc.detail and field_path == exc.field:
        return exc
    return SaveFileError(exc.path, detail, exc.location, field_path)


def _clean(text: str) -> str:
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in text
    )


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


def save_battle(battle: LoggedBattle[Any, Any], path: Path) -> None:
    """Write ``battle`` to ``path`` atomically, backing up the previous version.

    The old file goes to ``<name>.bak`` and, at most once per
    ``backups.BACKUP_INTERVAL_MINUTES``, to ``backups/``; only then is it replaced.
    Any failure raises ``SaveFileError`` and leaves the old file as it was.
    """
    name = str(path)
    text = battle_text(battle, name)
    try:
        old = path.read_bytes() if path.exists() else None
        if old == text.encode("utf-8"):
            return  # already saved: nothing to write, nothing to back up
        if old is not None:
            backup(path, old, timed=True)
            _write_copy(bak_path(path), old)
        write_atomic(path, text)
    except OSError as exc:
        raise _one_line(SaveFileError(name, t("storage.write_failed", reason=exc.strerror or exc))) from None


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
    _closed: bool = field(default=False, init=False, repr=False)

    @property
    def closed(self) -> bool:
        return self._closed

    def save(self) -> bool:
        """Save now; False (and nothing written) when read-only or closed.

        Raises ``SaveFileError`` when the disk refuses (the old file stays).
        """
        if self.read_only or self._closed:
            return False
        save_battle(self.battle, self.path)
        return True

    def close(self) -> None:
        """Save if writable and release the lock. Idempotent; safe from a
        signal handler (a close that interrupts a save saves again). A final
        save that fails raises ``SaveFileError``; the lock is released anyway."""
        if self._closed:
            return
        try:
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
    lock: BattleLock | None = None
    notice: str | None = None
    try:
        lock = BattleLock.acquire(path)
    except BattleLocked as exc:
        if not read_only_if_locked:
            raise
        notice = t("storage.read_only", reason=exc)
    try:
        battle = load_battle(path)
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
            backup(path)
        except OSError as exc:
            notice = t("storage.backup_failed", path=path, reason=exc.strerror or exc)
    return Session(battle, path, read_only=lock is None, notice=notice, lock=lock)


def create_session(path: Path, battle: LoggedBattle[Any, Any]) -> Session:
    """Save a new battle to ``path`` and open it; refuses to overwrite a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _one_line(SaveFileError(str(path), t("storage.write_failed", reason=exc.strerror or exc))) from None
    lock = BattleLock.acquire(path)
    try:
        if path.exists():
            raise SaveFileError(str(path), t("storage.exists"))
        save_battle(battle, path)
    except BaseException:
        lock.release()
        raise
    return Session(battle, path, read_only=False, lock=lock)


__all__ = [
    # storage's own
    "HEADER",
    "MIGRATIONS",
    "Session",
    "battle_text",
    "create_session",
    "load_battle",
    "open_session",
    "save_battle",
    # re-exported from backups
    "BACKUP_FOLDER",
    "BACKUP_INTERVAL_MINUTES",
    "KEEP_BACKUPS",
    "backup",
    "battle_data",
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
