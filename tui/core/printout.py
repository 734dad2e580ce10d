"""What a command prints and reads: the same result for people and for
scripts, the numbers its options take, and the small pieces of layout its
text shares (signed numbers, percentages, right-aligned tables)."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tui.core.i18n import t
from tui.core.dice.odds import percent


@dataclass(frozen=True)
class Printout:
    """A command's result: readable ``text`` (one or more lines) and the
    same as ``data`` for ``--json`` (keys are fixed English identifiers)."""

    text: str
    data: dict[str, Any]


def signed(value: int) -> str:
    return f"{value:+d}"


def pct(p: Fraction) -> str:
    return percent(p)


def table(rows: list[list[str]], indent: str = "  ") -> str:
    """Right-aligned columns; the first row is the header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join((indent + "  ".join(cell.rjust(width) for cell, width in zip(row, widths))).rstrip() for row in rows)


_MODIFIER = re.compile(r"^[+-]?\d{1,6}$")


def modifier(text: str) -> int:
    """An argparse type: ``+2``, ``-2`` or ``2``."""
    if not _MODIFIER.match(text.strip()):
        raise argparse.ArgumentTypeError(t("cli.bad_number", text=text))
    return int(text)


def whole(text: str) -> int:
    """An argparse type: any whole number (the rules say which they take, in
    their own words: "-5 troops are too few to be an army")."""
    if not _MODIFIER.match(text.strip()):
        raise argparse.ArgumentTypeError(t("cli.bad_whole", text=text))
    return int(text)


def count(text: str) -> int:
    """An argparse type: a whole number 0 or more."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise argparse.ArgumentTypeError(t("cli.bad_count", text=text))
    return int(text)


__all__ = ["Printout", "count", "modifier", "pct", "signed", "table", "whole"]
