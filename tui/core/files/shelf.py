"""What the start screen offers: the battles in the saves folder, newest
first, and the bundled examples, each with its system and title read from
the file's header (only the keys before its first table are read, and
nothing is replayed, so a long battle lists as fast as a short one; a file
whose header is broken is listed with what is wrong, one broken further
down says so when it is opened)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tui.core.errors import MassCombatError
from tui.core.files.places import list_examples
from tui.core.system import LEGACY_SYSTEM, UnknownSystem, find_system
from tui.core.files.tomlfile import read_toml, read_toml_top

RECENT_MOST = 30
"""How many saved battles the start screen lists."""

_HIDDEN = re.compile(r"\.(bak|lock)$|^\.")


@dataclass(frozen=True)
class Shelved:
    """A battle file as the start screen lists it."""

    path: Path
    system: str
    """The registry key, or "" when the file can't say."""
    title: str
    played: datetime | None
    """When the file was last saved (None for a bundled example)."""
    problem: str | None = None
    """Why the file can't be opened (one line), or None."""
    kind: str = "battle"
    """``battle``, or ``campaign`` for a campaign's file."""
    battles: int = 0
    """A campaign's battles (from its ``[state]``)."""


def _read(path: Path, played: datetime | None) -> Shelved:
    try:
        data = read_toml_top(path)
        system = data.get("system", LEGACY_SYSTEM)
        find_system(system)
        title = data.get("title", "")
        if not isinstance(title, str) or not isinstance(system, str):
            raise UnknownSystem(str(path))
        if data.get("kind") == "campaign":
            # a campaign's file is small: its summary says how many battles it has
            state = read_toml(path)[1].get("state")
            battles = state.get("battles", 0) if isinstance(state, dict) else 0
            return Shelved(path, system, title, played, kind="campaign", battles=battles if isinstance(battles, int) else 0)
        return Shelved(path, system, title, played)
    except (MassCombatError, OSError) as exc:
        return Shelved(path, "", path.stem, played, str(exc).split("\n")[0])


def recent_battles(saves: Path, most: int = RECENT_MOST) -> list[Shelved]:
    """The battles saved in ``saves``, the most recently played first."""
    try:
        entries = [p for p in saves.glob("*.toml") if p.is_file() and not _HIDDEN.search(p.name)]
    except OSError:
        return []
    stamped = []
    for entry in entries:
        try:
            stamped.append((entry.stat().st_mtime, entry))
        except OSError:
            continue
    stamped.sort(key=lambda pair: (-pair[0], pair[1].name))
    return [_read(path, datetime.fromtimestamp(mtime)) for mtime, path in stamped[:most]]


def examples() -> list[Shelved]:
    """The bundled example battles."""
    return [_read(path, None) for path in list_examples()]


__all__ = ["RECENT_MOST", "Shelved", "examples", "recent_battles"]
