"""What every system's records share: the one immutable, strict-keyed base
for rulesets, saves and events, and the one check for text a GM types.

A name or an aspect is shown as plain text wherever it goes, so it must be
one short line with no control characters in it.
"""

from __future__ import annotations

import unicodedata

from pydantic import BaseModel, ConfigDict

from tui.core.i18n import t

MAX_NAME = 60
"""The longest name, aspect or title a GM can type."""


class Record(BaseModel):
    """Immutable, strict-keyed base: a typo in a file is an error, not a default."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def check_name(value: str) -> str:
    """Names are shown as plain text; they must be one short line."""
    if not value.strip():
        raise ValueError(t("error.name_empty"))
    if len(value) > MAX_NAME:
        raise ValueError(t("error.name_long", most=MAX_NAME))
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in value):
        raise ValueError(t("error.name_line"))
    return value


def check_names(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(v) for v in values)


__all__ = ["MAX_NAME", "Record", "check_name", "check_names"]
