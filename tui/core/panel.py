"""What a system shows the players of a battle, in one language: the
panel's records (headline, status, sides, a zone map or a mat, the last
rolls with their chances, the story's tail). Each system fills one in
(``GameSystem.public_view``); ``projection`` writes them for the viewer."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal, Union

from pydantic import Field

from tui.core.i18n import t
from tui.core.records import Record

LOG_TAIL = 12
"""Story lines the projection carries: what a viewer can show at 120×40."""
MAX_LINES = 400
MAX_TEXT = 2000

Line = Annotated[str, Field(max_length=MAX_TEXT)]
Lines = Annotated[tuple[Line, ...], Field(max_length=MAX_LINES)]


class Occupant(Record):
    label: Line
    side: Annotated[int, Field(ge=0, le=9)] = 0
    detail: Line = ""
    state: Literal["", "active", "done", "out"] = ""


class Card(Record):
    """A zone card: where it lies, its face-up aspects, how many lie face down."""

    col: Annotated[int, Field(ge=0, le=99)]
    row: Annotated[int, Field(ge=0, le=99)]
    title: Line
    aspects: Lines = ()
    hidden: Annotated[int, Field(ge=0, le=99)] = 0
    occupants: Annotated[tuple[Occupant, ...], Field(max_length=MAX_LINES)] = ()


class Edge(Record):
    a: tuple[int, int]
    b: tuple[int, int]
    costs: Line
    closed: bool = False


class ZoneMap(Record):
    kind: Literal["zones"] = "zones"
    cards: Annotated[tuple[Card, ...], Field(max_length=MAX_LINES)] = ()
    edges: Annotated[tuple[Edge, ...], Field(max_length=MAX_LINES)] = ()
    key: Lines = ()
    """What the edges' marks mean, for a picture of the map."""


class Mat(Record):
    """A square mat drawn as lines of text, with its legend."""

    kind: Literal["mat"] = "mat"
    lines: Lines = ()
    legend: Lines = ()
    key: Lines = ()
    """What the mat's other marks mean (``^ forest``), for a picture of it."""


Board = Annotated[Union[ZoneMap, Mat], Field(discriminator="kind")]


class SidePanel(Record):
    name: Line
    lines: Lines = ()


class Chance(Record):
    """One outcome a roll could have had, and how likely it was before the
    dice fell (drawn as a segment of the roll's odds bar)."""

    label: Line
    value: Annotated[float, Field(ge=0, le=1)]
    side: Annotated[int, Field(ge=-1, le=9)] = -1
    """Whose outcome it is (its colour); -1: nobody's (a tie, a miss)."""


def ladder_chances(succeed: Fraction, tie: Fraction) -> tuple[Chance, ...]:
    """A roll against the ladder (Fate dice): succeeds, ties, fails."""
    fail = 1 - succeed - tie
    return (
        Chance(label=t("view.chance.succeeds"), value=float(succeed)),
        Chance(label=t("view.chance.ties"), value=float(tie)),
        Chance(label=t("view.chance.fails"), value=float(fail)),
    )


class RollPanel(Record):
    """One roll as the table saw it: what was rolled, what came of it, and
    what its chances were before the dice fell."""

    title: Line
    lines: Lines = ()
    odds: Line = ""
    chances: Annotated[tuple[Chance, ...], Field(max_length=9)] = ()
    """The odds as numbers, the outcomes in order, for a picture of them."""


class Panel(Record):
    """The battle in one language, ready to draw."""

    system_name: Line
    headline: Line
    """The turn and the phase, in one line."""
    status: Lines = ()
    sides: Annotated[tuple[SidePanel, ...], Field(max_length=9)] = ()
    board: Board | None = None
    rolls: Annotated[tuple[RollPanel, ...], Field(max_length=9)] = ()
    log: Lines = ()
    """The story's last lines, oldest first."""


__all__ = ["LOG_TAIL", "MAX_LINES", "MAX_TEXT", "Board", "Card", "Chance", "Edge", "Line", "Lines", "Mat", "Occupant", "Panel", "RollPanel", "SidePanel", "ZoneMap", "ladder_chances"]
