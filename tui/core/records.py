"""What every system's records share: the one immutable, strict-keyed base
for rulesets, saves and events, and the one check for text.

A name or an aspect is shown as plain text wherever it goes, so it must be
one short line. No text in any record may hold a character that steers a
terminal rather than showing: control characters (ESC starts the sequences
that set a window title or write the clipboard), NUL, line and paragraph
separators, and the bidi overrides that make text read backwards. A file
holding one is refused when it is read, whoever wrote it; ``printable``
cleans text again where it leaves for a terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidatorFunctionWrapHandler, model_validator

from tui.core.i18n import t

MAX_NAME = 60
"""The longest name, aspect or title a GM can type."""


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (Unicode's Cc: C0, DEL, C1) and the line and paragraph separators."""
_CHECKED: ContextVar[bool] = ContextVar("masscombat_text_checked", default=False)
"""True while a record validates the data its outermost record has walked."""
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""The bidi embeddings, overrides and isolates."""


_MAYBE_UNSAFE_TOML = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\\\\]|\"\"\"|'''")
"""What lets a string parsed from TOML hold a character ``Record`` refuses:
the character itself, raw (a tab as well: it may stand in a string), an
escape (every escape starts with a backslash), or a multi-line string
(whose line breaks are kept). Line breaks and CR outside strings are TOML's own."""


@contextmanager
def screened(toml_text: str) -> Iterator[None]:
    """Records validated inside, from data parsed from ``toml_text``, skip
    their walk for unsafe characters when the text shows none can be there:
    one search in C instead of a walk over every value (half of validating
    a 5,000-event log). Any sign of one, and every record walks as usual."""
    if _MAYBE_UNSAFE_TOML.search(toml_text) is not None:
        yield
        return
    token = _CHECKED.set(True)
    try:
        yield
    finally:
        _CHECKED.reset(token)


def unsafe_char(value: str) -> str | None:
    """The first character of ``value`` that must not reach a terminal, or None."""
    found = _UNSAFE.search(value) or _BIDI.search(value)
    return found[0] if found else None


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written out
    as an escape (``\\x1b``, ``\\u202e``); ``lines`` keeps line breaks."""
    def escape(match: re.Match[str]) -> str:
        ch = match[0]
        if lines and ch == "\n":
            return ch
        return ch.encode("unicode_escape").decode("ascii")

    return _BIDI.sub(escape, _UNSAFE.sub(escape, text))


def _first_unsafe(value: Any, path: str) -> tuple[str, str] | None:
    """Where in ``value`` (a dotted path from ``path``) the first character
    that must not reach a terminal stands, and which it is."""
    if isinstance(value, str):
        found = unsafe_char(value)
        return (path, found) if found is not None else None
    if isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            if isinstance(item, BaseModel):
                return None  # records already made: each checked itself
            hit = _first_unsafe(item, f"{path}.{index}")
            if hit is not None:
                return hit
    elif isinstance(value, dict):
        for key, item in value.items():
            hit = _first_unsafe(key, path) or (None if isinstance(item, BaseModel) else _first_unsafe(item, f"{path}.{key}"))
            if hit is not None:
                return hit
    return None


class Record(BaseModel):
    """Immutable, strict-keyed base: a typo in a file is an error, not a
    default, and no text in it may steer the terminal (see the module)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="wrap")
    @classmethod
    def _plain_text(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        # Before the fields convert it (a pool's str.strip() would quietly
        # drop a U+2028): a file holding one is refused, not mended.
        # Records already made check themselves. The outermost record walks
        # all of its data once; the records inside it, validated within,
        # need not walk their part again (a 5,000-event file: once, not
        # once per level of nesting).
        if _CHECKED.get():
            return handler(data)
        if isinstance(data, dict):
            for name, value in data.items():
                hit = _first_unsafe(value, str(name))
                if hit is not None:
                    raise ValueError(t("error.unsafe_text", field=printable(hit[0]), code=f"U+{ord(hit[1]):04X}"))
        token = _CHECKED.set(True)
        try:
            return handler(data)
        finally:
            _CHECKED.reset(token)


def text_problem(value: str, most: int) -> str | None:
    """What is wrong with a line of text a GM typed ("empty", "long",
    "line": a break or control character, "bidi": a direction override),
    or None. Every name check asks this one function, each in its own words."""
    if not value.strip():
        return "empty"
    if len(value) > most:
        return "long"
    if _UNSAFE.search(value):
        return "line"
    if _BIDI.search(value):
        return "bidi"
    return None


def check_name(value: str) -> str:
    """Names are shown as plain text; they must be one short line."""
    problem = text_problem(value, MAX_NAME)
    if problem is not None:
        raise ValueError(t(f"error.name_{problem}", most=MAX_NAME))
    return value


def check_names(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(v) for v in values)


__all__ = ["MAX_NAME", "Record", "check_name", "check_names", "printable", "screened", "text_problem", "unsafe_char"]
