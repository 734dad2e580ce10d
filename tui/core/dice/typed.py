"""Faces rolled at the table, typed in: a Battle roll or a push made with
real dice is entered die by die, and checked against the pool before it is
recorded.

Text: the faces of each kind of die the pool holds, Battle then Strategy
then Support, groups split by ``/`` ("3 5 1 6 / 6 2 / 4"). Without a ``/``
the faces are taken in that order by the pool's counts. Faces are separated
by spaces or commas; on dice of up to nine sides a run of digits is one face
per digit ("3516/62/4").
"""

from __future__ import annotations

import re

from tui.core.dice.year_zero import KINDS, DieKind, YearZeroRoll
from tui.core.errors import MassCombatError
from tui.core.i18n import t


class TypedFacesError(MassCombatError):
    """Faces typed that the pool (or the push) cannot show."""


def pool_counts(counts: dict[DieKind, int]) -> str:
    """``4× Battle, 2× Strategy`` for the help line and the errors."""
    return ", ".join(f"{n}× {t(f'die.{kind.value}')}" for kind, n in ((k, counts.get(k, 0)) for k in KINDS) if n)


def _faces(text: str, sides: int) -> list[int]:
    faces = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        if not token.isdigit():
            raise TypedFacesError(t("error.typed_face_word", token=token))
        digits = list(token) if sides <= 9 else [token]
        for digit in digits:
            face = int(digit)
            if not 1 <= face <= sides:
                raise TypedFacesError(t("error.typed_face_range", face=face, sides=sides))
            faces.append(face)
    return faces


def parse_faces(text: str, counts: dict[DieKind, int], sides: int) -> dict[DieKind, tuple[int, ...]]:
    """The faces of each kind, exactly as many as ``counts`` asks, or a
    ``TypedFacesError`` saying what is wrong (in one line)."""
    wanted = [kind for kind in KINDS if counts.get(kind, 0)]
    if "/" in text:
        groups = text.split("/")
        if len(groups) != len(wanted):
            raise TypedFacesError(t("error.typed_groups", count=len(groups), expected=len(wanted), pool=pool_counts(counts)))
        by_kind = {kind: _faces(group, sides) for kind, group in zip(wanted, groups)}
        for kind in wanted:
            if len(by_kind[kind]) != counts[kind]:
                raise TypedFacesError(t("error.typed_count", kind=t(f"die.{kind.value}_plural"), count=len(by_kind[kind]), expected=counts[kind]))
    else:
        faces = _faces(text, sides)
        total = sum(counts.get(kind, 0) for kind in KINDS)
        if len(faces) != total:
            raise TypedFacesError(t("error.typed_total", count=len(faces), expected=total, pool=pool_counts(counts)))
        by_kind = {}
        for kind in wanted:
            by_kind[kind], faces = faces[: counts[kind]], faces[counts[kind]:]
    return {kind: tuple(by_kind.get(kind, ())) for kind in KINDS}


def parse_plain_faces(text: str, count: int, sides: int) -> tuple[int, ...]:
    """``count`` faces of a d``sides`` (a d20's Offense checks, a Morale
    check), separated by spaces or commas; a ``TypedFacesError`` if wrong."""
    faces = _faces(text, sides)
    if len(faces) != count:
        raise TypedFacesError(t("error.typed_plain_count", count=len(faces), expected=count, sides=sides))
    return tuple(faces)


def reroll_counts(roll: YearZeroRoll, spend: tuple[int, ...]) -> dict[DieKind, int]:
    """How many dice of each kind a push paid with ``spend`` rerolls: every
    die left in the pool showing neither a success, a bane nor a gear bane."""
    counts = {kind: 0 for kind in KINDS}
    for index, die in roll.active():
        if index not in spend and roll.lock(index) is None:
            counts[die.kind] += 1
    return counts


def in_pool_order(faces: dict[DieKind, tuple[int, ...]]) -> tuple[int, ...]:
    """The faces as a push stores them: in pool order, Battle dice first."""
    return tuple(face for kind in KINDS for face in faces[kind])


__all__ = ["TypedFacesError", "in_pool_order", "parse_faces", "parse_plain_faces", "pool_counts", "reroll_counts"]
