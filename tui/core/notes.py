"""A battle's story as it is told: lines of catalog keys with their values,
put into words by the screens in the reader's language. Shared by every
system whose state keeps its story (This Means War, Second World, Kingmaker).

A line also carries the identities it tells of (``character:c1``,
``army:a2``): what the GM hides is an identity, so the players' story
drops a line by what it is about, whatever the thing was called then or
is called now (``secrets``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Iterator


@dataclass(frozen=True)
class Note:
    """One line of the battle log: a catalog key and its values."""

    key: str
    params: tuple[tuple[str, object], ...] = ()
    about: frozenset[str] = frozenset()
    """The identities the line tells of."""


class Notes:
    """The battle's story, oldest first. Each state adds a line to the
    story of the state before and shares the rest with it: a tuple copied
    per event would make the log's states quadratic in its length."""

    __slots__ = ("_last", "_before", "_count")

    def __init__(self, notes: Iterable[Note] = ()) -> None:
        self._last: Note | None = None
        self._before: Notes | None = None
        self._count = 0
        for note in notes:
            self._last, self._before, self._count = note, self._copy(), self._count + 1

    def _copy(self) -> "Notes":
        copy = Notes.__new__(Notes)
        copy._last, copy._before, copy._count = self._last, self._before, self._count
        return copy

    def add(self, note: Note) -> "Notes":
        added = Notes.__new__(Notes)
        added._last, added._before, added._count = note, self, self._count + 1
        return added

    def latest(self, count: int, leave_out: Collection[str] = ()) -> tuple[Note, ...]:
        """The last ``count`` lines, oldest first, not counting those about
        any identity in ``leave_out`` (walks only back as far as it must)."""
        found: list[Note] = []
        node: Notes | None = self
        while node is not None and node._last is not None and len(found) < count:
            if not leave_out or node._last.about.isdisjoint(leave_out):
                found.append(node._last)
            node = node._before
        return tuple(reversed(found))

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Note]:
        return iter(self.latest(self._count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Notes):
            return NotImplemented
        return self is other or (self._count == other._count and tuple(self) == tuple(other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Notes({list(self)!r})"


__all__ = ["Note", "Notes"]
