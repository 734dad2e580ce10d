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


def text_problem(value: str, most: int) -> str | None:
    """What is wrong with a line of text a GM typed ("empty", "long",
    "line": a break or control character), or None. Every name check asks
    this one function, each in its own words."""
    if not value.strip():
        return "empty"
    if len(value) > most:
        return "long"
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in value):
        return "line"
    return None


def check_name(value: str) -> str:
    """Names are shown as plain text; they must be one short line."""
    problem = text_problem(value, MAX_NAME)
    if problem is not None:
        raise ValueError(t(f"error.name_{problem}", most=MAX_NAME))
    return value


def check_names(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(v) for v in values)


__all__ = ["MAX_NAME", "Record", "check_name", "check_names", "text_problem"]
