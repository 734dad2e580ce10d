"""What a system gives the report with pictures, besides its panels: each
side's strength at a moment, and its story line by line with the step
that told each line.

A system fills these in (``GameSystem.strength``, ``GameSystem.story``);
the report gathers them over the battle (``gather``) and draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from tui.core.notes import Note, Notes
from tui.core.secrets import redact_lines


@dataclass(frozen=True)
class Measure:
    """One force's (or side's) strength at a moment, for one chart."""

    chart: str
    """The chart it belongs on, in words (fighters, hp, stress marked)."""
    key: str
    """Who it is, across renames (an army's key, a side's index)."""
    name: str
    side: int
    value: float


Told = tuple[int, str]
"""A line of the story and the step (the number of events played) that told it."""


def told_notes(states: Sequence[Any], words: Callable[[Note], str], *, leave_out: Collection[str] = (), secrets: Collection[str] = ()) -> tuple[Told, ...]:
    """The whole story of a system that keeps it as ``Notes`` (each state's
    ``notes``): each line put into words with the step that told it; lines
    about an identity in ``leave_out`` left out, then any line naming one of
    ``secrets`` (the players' copy)."""
    last: Notes = states[-1].notes
    counts = [len(state.notes) for state in states]
    lines: list[Told] = []
    step = 0
    for number, note in enumerate(last):
        while step < len(counts) - 1 and counts[step] <= number:
            step += 1
        if leave_out and not note.about.isdisjoint(leave_out):
            continue
        lines.append((step, words(note)))
    kept = set(redact_lines([line for _, line in lines], secrets)) if secrets else None
    return tuple((step, line) for step, line in lines if kept is None or line in kept)


__all__ = ["Measure", "Told", "told_notes"]
