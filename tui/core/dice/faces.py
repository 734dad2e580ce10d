"""Dice faces written down while rolling and read back when replaying.

A save file keeps the faces a roll showed, never the random stream behind
them. ``FaceRecorder`` writes the faces down as a real stream rolls them;
``FaceReplay`` feeds stored faces back through the very same dice code, so a
replayed roll cannot drift from the one first made. Both stand in for
``random.Random``, of which the dice only ever call ``randint``.
"""

from __future__ import annotations

import random
from typing import Protocol

from tui.core.errors import RollRecordError
from tui.core.i18n import t


class FaceSource(Protocol):
    """What the dice draw faces from: a ``random.Random``, a recorder or a replay."""

    def randint(self, a: int, b: int, /) -> int: ...


class FaceRecorder:
    """Wraps a random stream and writes down every face it gives."""

    def __init__(self, rng: random.Random):
        self._rng = rng
        self.faces: list[int] = []

    def randint(self, low: int, high: int) -> int:
        face = self._rng.randint(low, high)
        self.faces.append(face)
        return face


class FaceReplay:
    """Gives back stored faces in order, refusing any the dice could not show."""

    def __init__(self, faces: tuple[int, ...]):
        self._faces = tuple(faces)
        self.used = 0

    def randint(self, low: int, high: int) -> int:
        if self.used >= len(self._faces):
            raise RollRecordError(t("error.record_short"))
        face = self._faces[self.used]
        if not low <= face <= high:
            raise RollRecordError(t("error.record_face_range", number=self.used + 1, sides=high))
        self.used += 1
        return face

    def check_all_used(self) -> None:
        """Refuse leftovers: a record with spare faces was not made by these dice."""
        if self.used != len(self._faces):
            raise RollRecordError(t("error.record_long"))


__all__ = ["FaceRecorder", "FaceReplay", "FaceSource"]
