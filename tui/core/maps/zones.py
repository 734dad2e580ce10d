"""The battlefield as zone cards on a grid: which zones touch, how far apart
they are, and where the next card may go.

Shared by every rule system that fights over zones (Fate's This Means War,
Second World, Kingmaker). Two cards touch when they sit side by side on the
grid (up, down, left, right), plus any ``links`` (a bridge, a tunnel, a road
between cards that are not neighbours), minus any ``cuts`` (a cliff or a river
between neighbours). Between two cards that touch may stand an ``edge`` with
costs to open, cross and close (``edges``): a closed one blocks sight and
movement, one that can't be crossed blocks movement only. Distances come in
three kinds: on the board (``distance``), in sight (``sight_distance``: no
closed edge on the way) and on foot (``walk_path``: no closed or
impassable edge). Boards are frozen records that save inside a battle's
TOML file; every change returns a new Board.

The board grows every way. Its cards sit at column and row 0 or more; a card
placed at column or row -1 (left of or above the board) shifts every card by
one, so the board stays at 0 or more. Only ``Board.place`` takes a -1 card
(a battle's log stores the card as placed and replays the same shift);
a board holding one is refused. Everything else names cards by key, never by
cell, so a shift changes no adjacency, distance, link or cut.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

from pydantic import field_validator, model_validator

from tui.core.maps.edges import Edge
from tui.core.errors import BoardError
from tui.core.records import Record, text_problem
from tui.core.i18n import t

MAX_ZONE_NAME = 60
MAX_KEY = 16
GRID = 30
"""A board's cells run 0..GRID-1 each way: far more than a table uses, small enough to draw."""

Cell = tuple[int, int]
"""``(col, row)`` from 0 (-1 for a card about to be placed left of or above the
board); messages count from 1, as the GM sees the board."""
_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))



def check_zone_name(value: str) -> str:
    """Zone names are shown as plain text on a card: one short line."""
    problem = text_problem(value, MAX_ZONE_NAME)
    if problem is not None:
        raise BoardError(t(f"board.name_{problem}", most=MAX_ZONE_NAME))
    return value


def _check_key(value: str) -> str:
    # Keys end up in save files and event records, so keep them plain.
    if not (0 < len(value) <= MAX_KEY) or not all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in value):
        raise BoardError(t("board.key_bad", key=value[:MAX_KEY], most=MAX_KEY))
    return value


def _check_coordinate(value: int) -> int:
    # -1 is for a card being placed left of or above the board (see Board.place).
    if not -1 <= value < GRID:
        raise BoardError(t("board.cell_range", value=value, most=GRID - 1))
    return value


class Zone(Record):
    key: str
    """A short id (``z1``) that events and links refer to; never shown alone."""
    name: str
    """The GM's name for the zone, shown as plain text."""
    col: int
    row: int

    _check_key = field_validator("key")(_check_key)
    _check_name = field_validator("name")(check_zone_name)
    _check_col = field_validator("col", "row")(_check_coordinate)

    @property
    def cell(self) -> Cell:
        return (self.col, self.row)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _moved(zone: Zone, dc: int, dr: int) -> Zone:
    if not (dc or dr):
        return zone
    return Zone(key=zone.key, name=zone.name, col=zone.col + dc, row=zone.row + dr)


def _touching(a: Zone, b: Zone) -> bool:
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


class Board(Record):
    zones: tuple[Zone, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    """Extra adjacency between cards that are not grid neighbours."""
    cuts: tuple[tuple[str, str], ...] = ()
    """Grid neighbours that do not touch (a cliff, a river without a ford)."""
    edges: tuple[Edge, ...] = ()
    """Passages with costs between zones that touch (at most one per pair)."""

    @model_validator(mode="after")
    def _consistent(self) -> "Board":
        keys: set[str] = set()
        cells: dict[Cell, str] = {}  # cell -> name
        for zone in self.zones:
            if zone.col < 0 or zone.row < 0:
                raise BoardError(t("board.outside", name=zone.name, col=zone.col, row=zone.row))
            if zone.key in keys:
                raise BoardError(t("board.key_taken", key=zone.key))
            if zone.cell in cells:
                raise BoardError(t("board.cell_taken", col=zone.col + 1, row=zone.row + 1, name=cells[zone.cell]))
            keys.add(zone.key)
            cells[zone.cell] = zone.name
        by_key = {zone.key: zone for zone in self.zones}
        seen: set[tuple[str, str]] = set()
        for pairs, neighbours_wanted in ((self.links, False), (self.cuts, True)):
            for a, b in pairs:
                for key in (a, b):
                    if key not in by_key:
                        raise BoardError(t("board.unknown_zone", key=key))
                if a == b:
                    raise BoardError(t("board.self_pair", key=a))
                if _pair(a, b) in seen:
                    raise BoardError(t("board.pair_twice", a=a, b=b))
                seen.add(_pair(a, b))
                if _touching(by_key[a], by_key[b]) != neighbours_wanted:
                    message = "board.cut_apart" if neighbours_wanted else "board.link_touching"
                    raise BoardError(t(message, a=by_key[a].name, b=by_key[b].name))
        paired: set[tuple[str, str]] = set()
        for edge in self.edges:
            for key in edge.pair:
                if key not in by_key:
                    raise BoardError(t("board.unknown_zone", key=key))
            names = {"a": by_key[edge.a].name, "b": by_key[edge.b].name}
            if edge.pair in paired:
                raise BoardError(t("edge.twice", **names))
            paired.add(edge.pair)
            if edge.b not in self._adjacency[edge.a]:
                raise BoardError(t("edge.apart", **names))
        return self

    # -- lookups --------------------------------------------------------------

    @cached_property
    def _by_key(self) -> dict[str, Zone]:
        return {zone.key: zone for zone in self.zones}

    @cached_property
    def _by_cell(self) -> dict[Cell, Zone]:
        return {zone.cell: zone for zone in self.zones}

    @cached_property
    def _adjacency(self) -> dict[str, tuple[str, ...]]:
        cut = {_pair(a, b) for a, b in self.cuts}
        found: dict[str, set[str]] = {zone.key: set() for zone in self.zones}
        for zone in self.zones:
            for dc, dr in _STEPS:
                other = self._by_cell.get((zone.col + dc, zone.row + dr))
                if other is not None and _pair(zone.key, other.key) not in cut:
                    found[zone.key].add(other.key)
        for a, b in self.links:
            found[a].add(b)
            found[b].add(a)
        # Reading order (row, then column) keeps paths and lists predictable.
        return {key: tuple(sorted(keys, key=self._order)) for key, keys in found.items()}

    @cached_property
    def _edges(self) -> dict[tuple[str, str], Edge]:
        return {edge.pair: edge for edge in self.edges}

    @cached_property
    def _sight(self) -> dict[str, tuple[str, ...]]:
        """Touching zones with no closed edge between them."""
        return {key: tuple(k for k in keys if not self._blocked(key, k, walking=False)) for key, keys in self._adjacency.items()}

    @cached_property
    def _walk(self) -> dict[str, tuple[str, ...]]:
        """Touching zones one can step between now: no closed or impassable edge."""
        return {key: tuple(k for k in keys if not self._blocked(key, k, walking=True)) for key, keys in self._adjacency.items()}

    def _blocked(self, a: str, b: str, *, walking: bool) -> bool:
        edge = self._edges.get(_pair(a, b))
        if edge is None:
            return False
        return not edge.passable if walking else edge.blocks_sight

    def _order(self, key: str) -> tuple[int, int]:
        zone = self._by_key[key]
        return (zone.row, zone.col)

    def zone(self, key: str) -> Zone:
        try:
            return self._by_key[key]
        except KeyError:
            raise BoardError(t("board.unknown_zone", key=key)) from None

    def at(self, col: int, row: int) -> Zone | None:
        return self._by_cell.get((col, row))

    def neighbours(self, key: str) -> tuple[str, ...]:
        self.zone(key)
        return self._adjacency[key]

    def adjacent(self, a: str, b: str) -> bool:
        self.zone(b)
        return b in self.neighbours(a)

    def edge(self, a: str, b: str) -> Edge | None:
        """The edge between two zones, if one stands there."""
        return self._edges.get(_pair(a, b))

    def edges_of(self, key: str) -> tuple[Edge, ...]:
        self.zone(key)
        return tuple(edge for edge in self.edges if key in edge.pair)

    # -- distances --------------------------------------------------------------

    def _reach(self, start: str, skip: str | None = None, graph: dict[str, tuple[str, ...]] | None = None) -> dict[str, str | None]:
        """Breadth-first from ``start``: every reachable zone and the step before it."""
        steps = self._adjacency if graph is None else graph
        before: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in steps[here]:
                if there not in before and there != skip:
                    before[there] = here
                    queue.append(there)
        return before

    def path(self, a: str, b: str, graph: dict[str, tuple[str, ...]] | None = None) -> tuple[str, ...] | None:
        """A shortest way from ``a`` to ``b``, both included; None if there is none."""
        self.zone(a)
        self.zone(b)
        before = self._reach(a, graph=graph)
        if b not in before:
            return None
        steps = [b]
        while (step := before[steps[-1]]) is not None:
            steps.append(step)
        return tuple(reversed(steps))

    def distance(self, a: str, b: str) -> int | None:
        way = self.path(a, b)
        return None if way is None else len(way) - 1

    def sight_distance(self, a: str, b: str) -> int | None:
        """Zones from ``a`` to ``b`` with no closed edge on the way (a line of
        fire's reach); None if every way is shut."""
        way = self.path(a, b, self._sight)
        return None if way is None else len(way) - 1

    def walk_path(self, a: str, b: str) -> tuple[str, ...] | None:
        """A shortest way on foot now: no closed or impassable edge crossed."""
        return self.path(a, b, self._walk)

    def within_sight(self, key: str, n: int) -> tuple[str, ...]:
        """``within``, through no closed edge."""
        return self.within(key, n, self._sight)

    def within(self, key: str, n: int, graph: dict[str, tuple[str, ...]] | None = None) -> tuple[str, ...]:
        """Zones at most ``n`` moves from ``key``, nearest first, ``key`` itself included."""
        self.zone(key)
        if n < 0:
            return ()
        steps = self._adjacency if graph is None else graph
        depth = {key: 0}
        queue = deque([key])
        while queue:
            here = queue.popleft()
            if depth[here] == n:
                continue
            for there in steps[here]:
                if there not in depth:
                    depth[there] = depth[here] + 1
                    queue.append(there)
        return tuple(sorted(depth, key=lambda k: (depth[k], *self._order(k))))

    def is_connected(self) -> bool:
        if not self.zones:
            return True
        return len(self._reach(self.zones[0].key)) == len(self.zones)

    # -- the grid ---------------------------------------------------------------

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_col, min_row, max_col, max_row)``; ``(0, 0, 0, 0)`` when empty."""
        if not self.zones:
            return (0, 0, 0, 0)
        cols = [zone.col for zone in self.zones]
        rows = [zone.row for zone in self.zones]
        return (min(cols), min(rows), max(cols), max(rows))

    def open_cells(self) -> tuple[Cell, ...]:
        """Empty cells where a new card may go, in reading order.

        Column or row -1 (left of or above the board) is open while the
        board, shifted one cell right or down, still fits in ``GRID``."""
        if not self.zones:
            return ((0, 0),)
        _, _, max_col, max_row = self.bounds()
        least_col = -1 if max_col + 1 < GRID else 0
        least_row = -1 if max_row + 1 < GRID else 0
        cells = {
            (zone.col + dc, zone.row + dr)
            for zone in self.zones
            for dc, dr in _STEPS
            if least_col <= zone.col + dc < GRID and least_row <= zone.row + dr < GRID
        }
        return tuple(sorted(cells - self._by_cell.keys(), key=lambda c: (c[1], c[0])))

    def next_key(self) -> str:
        number = 1
        while f"z{number}" in self._by_key:
            number += 1
        return f"z{number}"

    # -- changes ----------------------------------------------------------------

    def place(self, zone: Zone) -> "Board":
        """The board with ``zone`` laid in an open cell; at column or row -1
        every card, ``zone`` too, moves one cell right or down."""
        if zone.key in self._by_key:
            raise BoardError(t("board.key_taken", key=zone.key))
        taken = self._by_cell.get(zone.cell)
        if taken is not None:
            raise BoardError(t("board.cell_taken", col=zone.col + 1, row=zone.row + 1, name=taken.name))
        if self.zones and zone.cell not in self.open_cells():
            if any(self.at(zone.col + dc, zone.row + dr) is not None for dc, dr in _STEPS):
                raise BoardError(t("board.full", most=GRID))
            raise BoardError(t("board.not_touching", col=zone.col + 1, row=zone.row + 1))
        # A card at -1 shifts them all, so the board stays at 0 or more.
        dc, dr = int(zone.col < 0), int(zone.row < 0)
        zones = tuple(_moved(z, dc, dr) for z in (*self.zones, zone))
        return Board(zones=zones, links=self.links, cuts=self.cuts, edges=self.edges)

    def remove(self, key: str) -> "Board":
        zone = self.zone(key)
        # Only the piece of the board holding this card can fall apart; a board
        # that was already split elsewhere (by cuts) stays removable.
        rest = [k for k in self._reach(key) if k != key]
        if rest and len(self._reach(rest[0], skip=key)) < len(rest):
            raise BoardError(t("board.would_split", name=zone.name))
        return Board(
            zones=tuple(z for z in self.zones if z.key != key),
            links=tuple(p for p in self.links if key not in p),
            cuts=tuple(p for p in self.cuts if key not in p),
            edges=tuple(e for e in self.edges if key not in e.pair),
        )

    def rename(self, key: str, name: str) -> "Board":
        zone = self.zone(key)
        check_zone_name(name)
        renamed = Zone(key=key, name=name, col=zone.col, row=zone.row)
        zones = tuple(renamed if z.key == key else z for z in self.zones)
        return Board(zones=zones, links=self.links, cuts=self.cuts, edges=self.edges)

    def with_edge(self, edge: Edge) -> "Board":
        """The board with ``edge`` standing between its zones (replacing any there)."""
        if not self.adjacent(edge.a, edge.b):
            raise BoardError(t("edge.apart", a=self.zone(edge.a).name, b=self.zone(edge.b).name))
        kept = tuple(e for e in self.edges if e.pair != edge.pair)
        return Board(zones=self.zones, links=self.links, cuts=self.cuts, edges=(*kept, edge))

    def without_edge(self, a: str, b: str) -> "Board":
        if self.edge(a, b) is None:
            raise BoardError(t("edge.none", a=self.zone(a).name, b=self.zone(b).name))
        pair = _pair(a, b)
        return Board(zones=self.zones, links=self.links, cuts=self.cuts, edges=tuple(e for e in self.edges if e.pair != pair))


__all__ = ["GRID", "MAX_ZONE_NAME", "Board", "Cell", "Zone", "check_zone_name"]
