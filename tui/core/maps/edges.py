"""Edges: the passages between two zones that cost shifts to open, to cross
and to close (Second World Armed Conflict).

An edge is written ``open/traverse/close``, each a number of shifts or
``X`` for impossible: a door is ``1/0/1``, barbed wire ``X/4/X`` (it
can't be opened or closed, only crawled through), a barricade ``4/2/X``
(cleared once, it stays cleared). An edge with ``X`` for both open and
close is always open. A closed edge blocks movement and line of fire; an
edge whose traverse is ``X`` lets sight through but no one across.

Costs erode: a free move may wear one of them down by a shift, and a move
action that runs out of shifts part-way leaves its progress as wear. The
wear persists for everyone; opening or closing an edge uses up the wear on
the cost paid (a door slammed shut again must be forced again).
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from tui.core.errors import BoardError
from tui.core.i18n import t
from tui.core.records import Record, printable, text_problem

MAX_COST = 20
"""The dearest cost an edge may have: the text's dearest is 4."""
MAX_LABEL = 30

Cost = Annotated[int, Field(ge=0, le=MAX_COST)] | None
"""Shifts, or None for X: impossible."""
Wear = Annotated[int, Field(ge=0, le=MAX_COST)]

_NOTATION = re.compile(r"\s*(\d+|[xX])\s*/\s*(\d+|[xX])\s*/\s*(\d+|[xX])\s*")


class EdgeNotationError(BoardError):
    """Edge costs that do not read ``open/traverse/close``."""


def parse_costs(text: str) -> tuple[int | None, int | None, int | None]:
    """``"4/2/X"`` → ``(4, 2, None)``; ``EdgeNotationError`` (one line) otherwise."""
    match = _NOTATION.fullmatch(text)
    if match is None:
        raise EdgeNotationError(t("edge.notation", text=printable(text[:20])))
    costs = tuple(None if part in "xX" else int(part) for part in match.groups())
    for cost in costs:
        if cost is not None and cost > MAX_COST:
            raise EdgeNotationError(t("edge.cost_too_big", cost=cost, most=MAX_COST))
    return costs[0], costs[1], costs[2]


def cost_text(cost: int | None) -> str:
    return "X" if cost is None else str(cost)


def costs_text(open_cost: int | None, traverse: int | None, close_cost: int | None) -> str:
    """The text's notation: ``1/0/1``, ``X/4/X``."""
    return "/".join(cost_text(c) for c in (open_cost, traverse, close_cost))


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class EdgeFields(Record):
    """What an edge is made of: its zones, its costs and how far each is
    worn, closed or not, its label. ``Edge`` checks them; a step that sets
    an edge carries them as they were typed."""

    a: str
    b: str
    open_cost: Cost = None
    traverse: Cost = 0
    close_cost: Cost = None
    closed: bool = False
    worn_open: Wear = 0
    worn_traverse: Wear = 0
    worn_close: Wear = 0
    label: str = ""
    """The GM's word for it (``Door``), shown beside the costs; may be empty."""


class Edge(EdgeFields):
    """The passage between zones ``a`` and ``b`` (stored in key order)."""

    @model_validator(mode="before")
    @classmethod
    def _in_key_order(cls, data: object) -> object:
        # A file may name an edge's zones either way round; one pair, one order.
        if isinstance(data, dict):
            a, b = data.get("a"), data.get("b")
            if isinstance(a, str) and isinstance(b, str) and a > b:
                return {**data, "a": b, "b": a}
        return data

    @field_validator("label")
    @classmethod
    def _plain_label(cls, value: str) -> str:
        if value:
            problem = text_problem(value, MAX_LABEL)
            if problem is not None:
                raise ValueError(t(f"board.name_{problem}", most=MAX_LABEL))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "Edge":
        if self.a == self.b:
            raise BoardError(t("edge.self", key=self.a))
        if self.closed and self.always_open:
            raise BoardError(t("edge.always_open_closed", costs=self.notation))
        for worn, cost in ((self.worn_open, self.open_cost), (self.worn_traverse, self.traverse), (self.worn_close, self.close_cost)):
            if worn and (cost is None or worn > cost):
                raise BoardError(t("edge.worn_past_cost", worn=worn, costs=self.notation))
        return self

    @classmethod
    def between(cls, a: str, b: str, costs: str, *, closed: bool = False, label: str = "") -> "Edge":
        """An edge from the text's notation, its zones in either order."""
        open_cost, traverse, close_cost = parse_costs(costs)
        first, second = _pair(a, b)
        return cls(a=first, b=second, open_cost=open_cost, traverse=traverse, close_cost=close_cost, closed=closed, label=label)

    # -- what it is -------------------------------------------------------------

    @property
    def pair(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, key: str) -> str:
        return self.b if key == self.a else self.a

    @property
    def notation(self) -> str:
        """The costs as printed on the map, before wear: ``1/0/1``."""
        return costs_text(self.open_cost, self.traverse, self.close_cost)

    @property
    def always_open(self) -> bool:
        return self.open_cost is None and self.close_cost is None

    @property
    def impassable(self) -> bool:
        """No one crosses it, open or not (its traverse is X)."""
        return self.traverse is None

    @property
    def blocks_sight(self) -> bool:
        return self.closed

    @property
    def passable(self) -> bool:
        """Open and crossable now."""
        return not self.closed and not self.impassable

    # -- what is left to pay ------------------------------------------------------

    @property
    def open_left(self) -> int | None:
        return None if self.open_cost is None else self.open_cost - self.worn_open

    @property
    def traverse_left(self) -> int | None:
        return None if self.traverse is None else self.traverse - self.worn_traverse

    @property
    def close_left(self) -> int | None:
        return None if self.close_cost is None else self.close_cost - self.worn_close

    @property
    def left_text(self) -> str:
        """The costs still to pay, as the map shows them: ``0/1/1`` after wear."""
        return costs_text(self.open_left, self.traverse_left, self.close_left)

    def crossing_cost(self) -> int | None:
        """Shifts to get through from here (open it if closed, then cross),
        not counting the zone entered; None if it can't be got through."""
        if self.impassable or (self.closed and self.open_left is None):
            return None
        assert self.traverse_left is not None
        to_open = self.open_left if self.closed and self.open_left is not None else 0
        return self.traverse_left + to_open

    # -- changes ------------------------------------------------------------------

    def opened(self) -> "Edge":
        if not self.closed:
            raise BoardError(t("edge.already_open"))
        if self.open_cost is None:
            raise BoardError(t("edge.cannot_open"))
        return self.model_copy(update={"closed": False, "worn_open": 0})

    def shut(self) -> "Edge":
        if self.closed:
            raise BoardError(t("edge.already_closed"))
        if self.close_cost is None:
            raise BoardError(t("edge.cannot_close"))
        return self.model_copy(update={"closed": True, "worn_close": 0})

    def worn(self, which: str, shifts: int = 1) -> "Edge":
        """Wear one cost (``open``, ``traverse`` or ``close``) down by ``shifts``,
        no lower than nothing left to pay."""
        left = {"open": self.open_left, "traverse": self.traverse_left, "close": self.close_left}.get(which)
        if which not in ("open", "traverse", "close"):
            raise BoardError(t("edge.no_such_cost", which=which))
        # Work goes on the side of the passage it can: forcing a closed one
        # open, barring an open one, or getting through an open one.
        if which == "open" and not self.closed:
            raise BoardError(t("edge.already_open"))
        if which in ("close", "traverse") and self.closed:
            raise BoardError(t("edge.closed_first" if which == "traverse" else "edge.already_closed"))
        if left is None:
            raise BoardError(t("edge.cost_impossible", which=t(f"edge.cost.{which}")))
        if left == 0:
            raise BoardError(t("edge.cost_paid", which=t(f"edge.cost.{which}")))
        field = f"worn_{which}"
        worn = self.model_copy(update={field: getattr(self, field) + min(shifts, left)})
        # A state change paid in full happens: worn to nothing, it is open (or shut).
        if which == "open" and worn.open_left == 0:
            return worn.opened()
        if which == "close" and worn.close_left == 0:
            return worn.shut()
        return worn


__all__ = ["EdgeFields", "MAX_COST", "Edge", "EdgeNotationError", "cost_text", "costs_text", "parse_costs"]
