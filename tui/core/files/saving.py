"""Writing one battle file: its text (checked to read back), the backups
of the version it replaces, and the atomic replace. ``storage`` builds
sessions on these and re-exports them."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui.core.files import backups
from tui.core.files.backups import write_copy, backup, bak_path
from tui.core.errors import FileChanged, MassCombatError, SaveFileError
from tui.core.history import LoggedBattle, RulesetRef
from tui.core.i18n import t
from tui.core.files.loading import one_line
from tui.core.system import find_system
from tui.core.files.tomlfile import dump_toml, parse_toml, validate, write_atomic

HEADER = "# masscombat battle — edit with care; check with: masscombat check FILE\n\n"



def battle_data(battle: LoggedBattle[Any, Any]) -> dict[str, Any]:
    """The save file's tables. TOML has no null: an unset optional field is left out."""
    if battle.meta.ruleset is None and not battle.meta.template:
        # A battle made without the registry (a script's, a test's): it plays
        # with what its state holds, the shipped ruleset; record that once.
        battle.meta = battle.meta.model_copy(update={"ruleset": _shipped_ref(battle)})
    data: dict[str, Any] = battle.to_file().model_dump(mode="json", exclude_defaults=False, exclude_none=True)
    if not data.get("table"):
        data.pop("table", None)  # nobody rolls at the table: files stay as they were
    return data


def _shipped_ref(battle: LoggedBattle[Any, Any]) -> RulesetRef | None:
    try:
        system = find_system(battle.system)
        return system.ruleset_ref(battle.ruleset, system.ruleset.path())
    except (MassCombatError, OSError):
        return None


def battle_text(battle: LoggedBattle[Any, Any], name: str = "<battle>") -> str:
    """The save file's text for ``battle``, checked to read back."""
    text = HEADER + dump_toml(battle_data(battle))
    try:
        validate(type(battle.meta), parse_toml(text, name), text, name)
    except SaveFileError as exc:  # a bug, not the GM's doing: keep the old file
        raise one_line(SaveFileError(name, t("storage.self_check", error=exc))) from None
    return text


def write_example(battle: LoggedBattle[Any, Any], path: Path, header: str) -> None:
    """Write ``battle`` as a bundled example: a template (opening it works on
    a copy), with ``header`` (comment lines on what it shows) below the
    file's first line."""
    battle.meta = battle.meta.model_copy(update={"template": True})
    first, rest = battle_text(battle, str(path)).split("\n", 1)
    path.write_text(first + "\n\n" + header + rest, encoding="utf-8")


@dataclass(frozen=True)
class Saved:
    """What a save wrote: the file's bytes now, and a warning for the GM
    when the backups could not be written (the save itself went through)."""

    content: bytes
    warning: str | None = None


_ANY: Any = object()


def save_battle(battle: LoggedBattle[Any, Any], path: Path, *, expect: bytes | None = _ANY, failed: str = "storage.write_failed", mode: int | None = None) -> Saved:
    """Write ``battle`` to ``path`` atomically, backing up the previous version.

    The old file goes to ``<name>.bak`` and, at most once per
    ``backups.BACKUP_INTERVAL_MINUTES``, to ``backups/``; only then is it
    replaced. A backup that fails is returned as a warning, not a failure.
    ``expect``: the bytes the file should hold now (None: no file); anything
    else raises ``FileChanged`` and writes nothing. ``mode``: a new file's
    permissions (a copy of a private save stays private); None: the old
    file's, or the umask's. Any other failure raises
    ``SaveFileError`` (worded by the ``failed`` message) and leaves the old
    file as it was.
    """
    name = str(path)
    text = battle_text(battle, name)
    content = text.encode("utf-8")
    try:
        old = path.read_bytes() if path.exists() else None
    except OSError as exc:
        raise one_line(SaveFileError(name, t(failed, reason=exc.strerror or exc))) from None
    if old == content:
        return Saved(content)  # already saved: nothing to write, nothing to back up
    if expect is not _ANY and old != expect and (old is not None or expect is None):
        # (A file deleted behind the session is simply written again: there is nothing to keep.)
        raise FileChanged(name, t("storage.changed_outside"))
    warning = None
    if old is not None:
        try:
            backup(path, old, timed=True)
            write_copy(bak_path(path), old, like=path)
        except OSError as exc:
            warning = t("storage.backup_skipped", path=path, reason=exc.strerror or exc)
    try:
        write_atomic(path, text, mode=mode if old is None else None)
    except OSError as exc:
        raise one_line(SaveFileError(name, t(failed, reason=exc.strerror or exc))) from None
    return Saved(content, warning)


def stat_of(path: Path) -> tuple[int, int, int]:
    info = os.stat(path)
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def real_path(path: Path) -> Path:
    """The file itself, links resolved: one battle has one lock however it
    is reached, and a save replaces the file, not a link to it."""
    return Path(os.path.realpath(path))


def conflict_path(path: Path) -> Path:
    """``saves/x.toml`` → ``saves/x.conflict-20261124-2130.toml`` (a new name)."""
    stamp = backups.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.conflict-{stamp}{path.suffix}")
    number = 1
    while target.exists() or target.with_name(target.name + ".lock").exists():
        number += 1
        target = path.with_name(f"{path.stem}.conflict-{stamp}-{number}{path.suffix}")
    return target


__all__ = ["HEADER", "Saved", "battle_data", "battle_text", "conflict_path", "real_path", "save_battle"]
