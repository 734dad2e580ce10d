"""Escape and the key behind it, read as two keys.

Over a slow link a GM's Esc and the next key arrive together. Textual's
parser reads Esc followed by a letter as one Alt key, which the app takes
apart again (``GatedApp.on_event``), but Esc followed by Enter comes out as
a plain Enter and Esc followed by Tab as Shift+Tab: the Esc is lost, and
the Enter confirms what the GM meant to cancel. The app binds no Alt key,
so these two pairs are read as the two keys they are. (Alt+Backspace keeps
its meaning: deleting a word in a text line.)"""

from __future__ import annotations

from typing import cast

from textual._ansi_sequences import ANSI_SEQUENCES_KEYS  # Textual's own table: there is no public hook for it
from textual.keys import Keys

PAIRS: dict[str, tuple[Keys, ...]] = {
    "\x1b\r": (Keys.Escape, Keys.Enter),
    "\x1b\t": (Keys.Escape, Keys.Tab),
}


def read_escape_pairs_apart() -> None:
    # Typed as a Mapping, built as a dict: the parser looks pairs up in it.
    cast(dict[str, object], ANSI_SEQUENCES_KEYS).update(PAIRS)


__all__ = ["PAIRS", "read_escape_pairs_apart"]
