"""The battle mat's geometry: a unit as a block of unit squares with a
facing, and what follows from where blocks stand (contact, which side of a
unit an enemy touches, how many attacks contact gives, distances).

Squares are ``(x, y)`` with y growing southwards (down the screen). A
block is stored by the top-left square of its rectangle, its frontage and
depth (the formation, in unit squares) and the way it faces; facing north
or south its frontage runs along x, facing east or west along y.

Readings of the text (RULES-NOTES, "Kingmaker"), kept here in one place:
contact is any two squares touching, edge or corner; an enemy square
beyond a unit's front edge is at its front, beyond the far edge at its
rear, beyond the other two at its flank, and a corner-only touch counts
as the less favourable of its two sides for the attacker, front before
flank before rear (settled after the first audit): a front corner is
front, a rear corner flank. A turn keeps the block's top-left square.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

Facing = Literal["n", "e", "s", "w"]
FACINGS: tuple[Facing, ...] = ("n", "e", "s", "w")
"""Clockwise, so a quarter turn right is the next one."""
VECTORS: dict[Facing, tuple[int, int]] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
Side = Literal["front", "flank", "rear"]
Square = tuple[int, int]
_RANK: dict[Side, int] = {"front": 0, "flank": 1, "rear": 2}


def turned(facing: Facing, quarters: int) -> Facing:
    """``quarters`` quarter turns clockwise (negative: anticlockwise)."""
    return FACINGS[(FACINGS.index(facing) + quarters) % 4]


def pf_distance(dx: int, dy: int) -> int:
    """Squares between two squares counting diagonals 1-2-1 (Pathfinder)."""
    dx, dy = abs(dx), abs(dy)
    return max(dx, dy) + min(dx, dy) // 2


@dataclass(frozen=True)
class Block:
    x: int
    y: int
    frontage: int
    depth: int
    facing: Facing

    @property
    def width(self) -> int:
        return self.frontage if self.facing in ("n", "s") else self.depth

    @property
    def height(self) -> int:
        return self.depth if self.facing in ("n", "s") else self.frontage

    @property
    def squares(self) -> frozenset[Square]:
        return frozenset((self.x + i, self.y + j) for i in range(self.width) for j in range(self.height))

    @property
    def front_squares(self) -> frozenset[Square]:
        """The unit squares along its front edge (its first rank)."""
        fx, fy = VECTORS[self.facing]
        return frozenset(s for s in self.squares if (s[0] + fx, s[1] + fy) not in self.squares)

    @property
    def front_text(self) -> str:
        """Where its front rank stands, as the GM reads the mat: ``10,6``
        for one square, ``10-11,7`` for a rank of two."""
        def span(values: set[int]) -> str:
            return f"{min(values)}" if len(values) == 1 else f"{min(values)}-{max(values)}"

        return f"{span({x for x, _ in self.front_squares})},{span({y for _, y in self.front_squares})}"

    def moved(self, dx: int, dy: int) -> "Block":
        return Block(self.x + dx, self.y + dy, self.frontage, self.depth, self.facing)

    def facing_to(self, facing: Facing) -> "Block":
        return Block(self.x, self.y, self.frontage, self.depth, facing)

    def side_of(self, square: Square, *, rear_corner_flank: bool = True) -> Side | None:
        """Which side of this unit a square outside it lies on; None inside.
        ``rear_corner_flank`` False: the earlier reading, a rear corner rear."""
        x0, y0 = self.x, self.y
        x1, y1 = x0 + self.width - 1, y0 + self.height - 1
        ox = -1 if square[0] < x0 else (1 if square[0] > x1 else 0)
        oy = -1 if square[1] < y0 else (1 if square[1] > y1 else 0)
        if ox == oy == 0:
            return None
        fx, fy = VECTORS[self.facing]
        dot = ox * fx + oy * fy
        if dot < 0 and ox and oy and rear_corner_flank:
            return "flank"  # a corner touches rear and flank: the attacker gets the lesser
        return "front" if dot > 0 else ("rear" if dot < 0 else "flank")

    def distance(self, other: "Block") -> int:
        """Squares from this block's nearest square to the other's (0: overlapping)."""
        return min(pf_distance(a[0] - b[0], a[1] - b[1]) for a in self.squares for b in other.squares)

    def gap(self, other: "Block") -> tuple[int, int]:
        """The squares between the two rectangles along x and along y."""
        gx = max(other.x - (self.x + self.width), self.x - (other.x + other.width), -1) + 1
        gy = max(other.y - (self.y + self.height), self.y - (other.y + other.height), -1) + 1
        return gx, gy


def touching(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def in_contact(one: Block, other: Block) -> bool:
    """Any square of one touches any square of the other, edge or corner."""
    gx, gy = one.gap(other)
    return gx <= 1 and gy <= 1 and not (one.squares & other.squares)


@dataclass(frozen=True)
class Contact:
    """How the attacker touches the defender."""

    attacks: int
    """Attacks contact gives: ``front`` per front-edge square touching an
    enemy square ahead of it, ``other`` per other touching square."""
    side: Side
    """The worst side of the defender the attacker touches (rear before flank before front)."""
    through_front: bool
    """Whether the attacker touches it across its own front edge (its ranks push)."""


def contact(attacker: Block, defender: Block, *, front: int = 2, other: int = 1, rear_corner_flank: bool = True) -> Contact | None:
    """What touching ``defender`` gives ``attacker``; None when they don't touch.

    Each of the attacker's squares counts once per edge it touches the
    defender across (``front`` across its front edge, ``other`` across any
    other), and once (``other``) if it touches only by a corner.
    """
    if not in_contact(attacker, defender):
        return None
    theirs = defender.squares
    fx, fy = VECTORS[attacker.facing]
    attacks, through_front = 0, False
    sides: list[Side] = []
    for sq in attacker.squares:
        edge = False
        for vx, vy in VECTORS.values():
            if (sq[0] + vx, sq[1] + vy) in theirs:
                edge = True
                ahead = (vx, vy) == (fx, fy)
                attacks += front if ahead else other
                through_front = through_front or ahead
        corners = [(sq[0] + dx, sq[1] + dy) for dx in (-1, 1) for dy in (-1, 1)]
        if not edge and any(c in theirs for c in corners):
            attacks += other
        if edge or any(c in theirs for c in corners):
            side = defender.side_of(sq, rear_corner_flank=rear_corner_flank)
            if side is not None:
                sides.append(side)
    worst = max(sides, key=lambda s: _RANK[s])
    return Contact(attacks, worst, through_front)


def ranks(block: Block) -> int:
    """Its ranks: rows of unit squares behind the front, the front counted."""
    return block.depth


def blocks_overlap(block: Block, others: Iterable[Block]) -> bool:
    mine = block.squares
    return any(mine & other.squares for other in others)


__all__ = [
    "FACINGS", "VECTORS", "Block", "Contact", "Facing", "Side", "Square",
    "blocks_overlap", "contact", "in_contact", "pf_distance", "ranks", "touching", "turned",
]
