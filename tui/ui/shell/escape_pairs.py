"""Escape and the key behind it, read as two keys.

Over a slow link a GM's Esc and the next key arrive together, and
Textual's parser reads the pair as something else: Esc + Enter as a lone
Enter, Esc + Tab as Shift+Tab, Esc + b as Ctrl+Left, Esc + 2 as "™", and
Esc + a letter followed by more keys as an unknown sequence whose Esc is
reissued as "^" (found in play: a form's "Esc c ↓ Enter" cancelled nothing
and the Enter saved it). The app binds no Alt key, so every such pair is
read as the two keys it is, at the parser, before anything acts on it.
Kept as they are: Alt+Backspace (deleting a word in a text line) and the
bytes that open the terminal's own sequences (CSI, SS3, DCS, OSC...)."""

from __future__ import annotations

from typing import Iterable

from textual import events
from textual._xterm_parser import XTermParser  # the driver's parser: Textual has no public hook for it

ESC = "\x1b"
KEPT = frozenset("\x7f[O]P\\_^X")
"""Second bytes that keep Textual's reading: Alt+Backspace, and the
introducers of the terminal's own sequences."""

_read_as_textual_does = XTermParser._sequence_to_key_events


def _pair_apart(self: XTermParser, sequence: str, alt: bool = False) -> Iterable[events.Key]:
    if len(sequence) == 2 and sequence[0] == ESC and sequence[1] != ESC and sequence[1] not in KEPT:
        yield events.Key("escape", ESC)
        yield from _read_as_textual_does(self, sequence[1])
        return
    yield from _read_as_textual_does(self, sequence, alt)


def read_escape_pairs_apart() -> None:
    XTermParser._sequence_to_key_events = _pair_apart  # type: ignore[method-assign]  # the one way in: see the module's note


__all__ = ["KEPT", "read_escape_pairs_apart"]
