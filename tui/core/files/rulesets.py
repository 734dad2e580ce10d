"""Rulesets by system: the shipped ruleset of an installed system and a
ruleset file of any system, read through the registry. A battle carries
the ruleset it plays with (``LoggedBattle.ruleset``); nothing here holds a
ruleset for the whole process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.core.errors import RulesetError
from tui.core.system import UnknownSystem, find_system, read_ruleset


def find_ruleset(system: str) -> Path:
    """The file of ``system``'s shipped ruleset."""
    try:
        spec = find_system(system).ruleset
    except UnknownSystem:
        raise RulesetError(f"no ruleset for system {system!r}") from None
    return spec.path()


def load_ruleset_file(path: Path) -> Any:
    """Read and validate a ruleset file of any installed system; errors
    name the file, line and key."""
    return read_ruleset(path)[1]


def shipped_ruleset(system: str) -> Any:
    """The ruleset masscombat ships for ``system``."""
    return find_system(system).shipped_ruleset()


__all__ = ["find_ruleset", "load_ruleset_file", "shipped_ruleset"]
