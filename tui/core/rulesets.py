"""Rulesets: every number the rules use, read from ``rulesets/*.toml``.

A GM's house rule is an edited copy of a ruleset file, never a code change,
so each model forbids unknown keys (a typo is an error, not a silent
default) and is validated on load. Which file and which model belong to a
system is the registry's to say (``system.ruleset_spec``); each system's
``rules.bundled()`` gives its own ruleset, typed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

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


@lru_cache(maxsize=None)
def bundled_ruleset(system: str) -> BaseModel:
    return load_ruleset_file(find_ruleset(system))


__all__ = ["bundled_ruleset", "find_ruleset", "load_ruleset_file", "ruleset_folders"]
