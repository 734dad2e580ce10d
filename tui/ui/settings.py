"""The GM's settings (language, glyphs, theme, remapped keys), kept in a
small TOML file in the user's config folder and written atomically.

A broken settings file never stops the app: it starts with defaults, says
which line is wrong, and keeps the broken file as ``.bak`` before the first
save replaces it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Literal

from pydantic import Field

from tui.core.errors import SaveFileError
from tui.core.records import Record
from tui.core.files.tomlfile import dump_toml, read_toml, validate, write_atomic

DEFAULT_THEME = "textual-dark"


class Settings(Record):
    """The GM's choices; a Record, so no value in the file can steer the terminal."""

    language: Literal["en", "de"] = "en"
    glyphs: Literal["unicode", "ascii"] = "unicode"
    theme: str = DEFAULT_THEME
    keymap: dict[str, str] = Field(default_factory=dict)
    """Binding id → keys, e.g. ``"roller.push" = "P"`` (see the help screen for ids)."""


def settings_path() -> Path:
    if os.environ.get("MASSCOMBAT_CONFIG"):
        return Path(os.environ["MASSCOMBAT_CONFIG"])
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "masscombat" / "settings.toml"


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings, and a one-line problem report if the file was unusable."""
    if not path.exists():
        return Settings(), None
    try:
        text, data = read_toml(path)
        return validate(Settings, data, text, str(path)), None
    except SaveFileError as exc:
        return Settings(), str(exc)


def save_settings(settings: Settings, path: Path) -> None:
    if path.exists():
        try:
            read_toml(path)
        except SaveFileError:
            shutil.copy2(path, path.with_name(path.name + ".bak"))
    write_atomic(path, dump_toml(settings.model_dump(mode="json")))
