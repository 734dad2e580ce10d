"""Fate dice rolled at the table, typed in: ``+ - 0 +``, ``+-0+`` or
``1 -1 0 1``, exactly as many as the roll has dice. A blank is a side the
die doesn't have, so it is refused rather than read as 0."""

from __future__ import annotations

import re

from tui.core.dice.typed import TypedFacesError
from tui.core.i18n import t

_FACE = {"+": 1, "-": -1, "−": -1, "–": -1, "0": 0, "o": 0, "O": 0}


def parse_fate_faces(text: str, count: int) -> tuple[int, ...]:
    """The faces typed, or a ``TypedFacesError`` saying what is wrong."""
    faces: list[int] = []
    for token in re.split(r"[\s,;/]+", text.strip()):
        if not token:
            continue
        if re.fullmatch(r"[+-]?1", token):
            faces.append(-1 if token.startswith("-") else 1)
            continue
        for mark in token:
            if mark not in _FACE:
                raise TypedFacesError(t("error.typed_fate_face", token=token))
            faces.append(_FACE[mark])
    if len(faces) != count:
        raise TypedFacesError(t("error.typed_fate_count", count=len(faces), expected=count))
    return tuple(faces)


__all__ = ["parse_fate_faces"]
