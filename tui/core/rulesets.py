"""Rulesets: every number the rules use, read from ``rulesets/*.toml``.

A GM's house rule is an edited copy of a ruleset file, never a code change,
so each model forbids unknown keys (a typo is an error, not a silent
default) and is validated on load. Which file and which model belong to a
system is the registry's to say (``system.ruleset_spec``); each system's
``rules.bundled()`` gives its own ruleset, typed.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tui.core.errors import RulesetError, SaveFileError
from tui.core.system import UnknownSystem, ruleset_spec
from tui.core.tomlfile import read_toml, validate


def ruleset_folders() -> list[Path]:
    """Where bundled rulesets live: the installed copy, then the checkout's."""
    package = Path(__file__).resolve().parent.parent
    return [package / "_rulesets", package.parent / "rulesets"]


def find_ruleset(system: str) -> Path:
    try:
        name = ruleset_spec(system).file
    except UnknownSystem:
        raise RulesetError(f"no ruleset for system {system!r}") from None
    for folder in ruleset_folders():
        if (folder / name).is_file():
            return folder / name
    raise RulesetError(f"ruleset {name} not found in {', '.join(str(f) for f in ruleset_folders())}")


def load_ruleset_file(path: Path) -> BaseModel:
    """Read and validate one ruleset file; errors name the file, line and key."""
    text, data = read_toml(path)
    info = data.get("ruleset")
    system = info.get("system") if isinstance(info, dict) else None
    try:
        model = ruleset_spec(system).model
    except UnknownSystem as exc:
        raise SaveFileError(str(path), str(exc), None, "ruleset.system") from None
    return validate(model, data, text, str(path))


_HOUSE: dict[str, tuple[BaseModel, Path]] = {}
"""House rulesets this process plays with (``--ruleset FILE``), by system."""


def use_house_ruleset(path: Path | None, system: str | None = None) -> str | None:
    """Play every battle of the file's system with an edited copy of its
    ruleset (validated here: errors name the file, line and key); None
    puts back the bundled ones (of ``system``, or all). Returns the system."""
    if path is None:
        for key in [system] if system else list(_HOUSE):
            _HOUSE.pop(key, None)
        return system
    model: Any = load_ruleset_file(path)
    key = str(model.ruleset.system)
    _HOUSE[key] = (model, path.resolve())
    return key


def ruleset_in_use(system: str) -> tuple[BaseModel, Path]:
    """The ruleset this process plays ``system`` with, and its file."""
    if system in _HOUSE:
        return _HOUSE[system]
    return _bundled(system), find_ruleset(system)


def bundled_ruleset(system: str) -> BaseModel:
    """The ruleset a battle of ``system`` plays with: the bundled one, or
    the house copy given with ``--ruleset``."""
    return ruleset_in_use(system)[0]


@lru_cache(maxsize=None)
def _bundled(system: str) -> BaseModel:
    return load_ruleset_file(find_ruleset(system))


def shipped_ruleset(system: str) -> BaseModel:
    """The ruleset masscombat ships for ``system``, whatever ``--ruleset`` says."""
    return _bundled(system)


def file_digest(path: Path) -> str:
    """The SHA-256 of a ruleset file's bytes: a save records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


__all__ = ["bundled_ruleset", "file_digest", "find_ruleset", "load_ruleset_file", "ruleset_folders", "ruleset_in_use", "shipped_ruleset", "use_house_ruleset"]
