"""Ruleset files: where a system's shipped ruleset lives, reading and
validating one file, and its digest. Which system a file belongs to is the
registry's to say (``system.read_ruleset``); this module knows no system.

A GM's house rule is an edited copy of a ruleset file, never a code change,
so each model forbids unknown keys (a typo is an error, not a silent
default) and is validated on load.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tui.core.files.regular import read_regular
from tui.core.files.tomlfile import MAX_FILE_BYTES
from tui.core.errors import RulesetError
from tui.core.files.tomlfile import read_toml, validate


def bundled_folders() -> list[Path]:
    """Where masscombat's own rulesets live: the installed copy, then the checkout's."""
    package = Path(__file__).resolve().parents[2]
    return [package / "_rulesets", package.parent / "rulesets"]


@dataclass(frozen=True)
class RulesetSpec:
    """Where a system's shipped ruleset lives and the model that validates it."""

    file: str
    """The file's name in ``folder`` (or masscombat's own rulesets folders)."""
    model: type[BaseModel]
    folder: Path | None = None
    """Where a system of its own package keeps the file; None: masscombat's."""

    def path(self) -> Path:
        """The shipped file; ``RulesetError`` if it is nowhere to be found."""
        folders = [self.folder] if self.folder is not None else bundled_folders()
        for folder in folders:
            if (folder / self.file).is_file():
                return folder / self.file
        raise RulesetError(f"ruleset {self.file} not found in {', '.join(str(f) for f in folders)}")

    def shipped(self) -> Any:
        """The shipped ruleset, read and validated once per process."""
        return _shipped(self.path(), self.model)


def load_ruleset(path: Path, model: type[BaseModel]) -> BaseModel:
    """Read and validate one ruleset file; errors name the file, line and key."""
    text, data = read_toml(path)
    return validate(model, data, text, str(path))


@lru_cache(maxsize=None)
def _shipped(path: Path, model: type[BaseModel]) -> BaseModel:
    return load_ruleset(path, model)


def file_digest(path: Path) -> str:
    """The SHA-256 of a ruleset file's bytes: a save records it."""
    return hashlib.sha256(read_regular(path, MAX_FILE_BYTES)).hexdigest()


__all__ = ["RulesetSpec", "bundled_folders", "file_digest", "load_ruleset"]
