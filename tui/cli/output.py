"""What every command shares: one-line failures, seeds, ASCII output, JSON."""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from contextlib import contextmanager
from typing import Iterator

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.printout import Printout, count, modifier, pct, signed, table
from tui.core.records import printable

ASCII_TABLE = str.maketrans({
    "☢": "*", "☠": "X", "⚙": "#", "✘": "B", "◎": "S",
    "→": "->", "×": "x", "≥": ">=", "·": "|", "—": "-", "“": '"', "”": '"',
})


class Failure(MassCombatError):
    """A command failed: one line, already saying where (``roll yz 5b: ...``)."""


@contextmanager
def where(label: str) -> Iterator[None]:
    """Prefix any rules error raised inside with ``label: ``."""
    try:
        yield
    except Failure:
        raise
    except MassCombatError as exc:
        raise Failure(f"{label}: {exc}") from None


def emit(args, text: str = "") -> None:
    """Print readable text, in ASCII when ``--ascii`` asks for it; nothing
    that would steer the terminal gets through (see ``records.printable``)."""
    if getattr(args, "ascii", False):
        text = text.translate(ASCII_TABLE)
    print(printable(text, lines=True))


def emit_json(data: dict) -> None:
    """One JSON object on one line (keys are fixed English identifiers).
    JSON escapes control characters itself; a bidi override becomes the
    ``\\u202e`` escape, which JSON reads back as the same character."""
    print(printable(json.dumps(data, ensure_ascii=False)))


def emit_printout(args, printout: Printout) -> int:
    """A command's result: one JSON object with ``--json``, else its text."""
    if getattr(args, "json", False):
        emit_json(printout.data)
    else:
        emit(args, printout.text)
    return 0


def fail(message: object) -> None:
    """One line on stderr: the error, its line breaks and escapes written out."""
    print(printable(" ".join(str(message).split("\n"))), file=sys.stderr)


def seeded(args) -> tuple[int, random.Random]:
    """The ``--seed`` asked for (or a fresh one, to be reported) and its rng."""
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    return seed, random.Random(seed)


def seed(text: str) -> int:
    """An argparse type: any whole number."""
    if not re.match(r"^[+-]?\d{1,30}$", text.strip()):
        raise argparse.ArgumentTypeError(t("cli.bad_seed", text=text))
    return int(text)


__all__ = ["ASCII_TABLE", "Failure", "count", "emit", "emit_json", "emit_printout", "fail", "modifier", "pct", "seed", "seeded", "signed", "table", "where"]
