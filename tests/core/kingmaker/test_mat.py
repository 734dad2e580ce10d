"""The mat's geometry for every formation a size can stand in: which side
of a unit an enemy touches, how many attacks contact gives, ranks, turns
and distances.

Kingmaker text: "Each unit can make up to 2 attacks for every facing side
in direct contact with an enemy square, and 1 attack for any other square
or diagonal"; "Melee begins from any movement that results in a unit
coming into contact with another unit, even diagonally (only corners
touching)"; "Rear Attacks target the side of an enemy opposite where it's
facing"; "Ranks are additional rows of soldiers, represented by rows of
Unit Squares (1x2, 2x2, 3x3)".
"""

from __future__ import annotations

import pytest

from tui.core.systems.kingmaker.mat import Block, Facing, contact, in_contact, pf_distance, ranks, turned

FORMATIONS = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)]
"""Every formation the bundled ruleset lists: Medium and smaller, Large
(column and line), Huge, Gargantuan (deep and wide), Colossal."""


def one(x: int, y: int, facing: Facing = "n") -> Block:
    return Block(x, y, 1, 1, facing)


def ring(block: Block) -> dict[tuple[int, int], str]:
    """Each square around a block, and the side it is on, worked out by hand:
    a square past the front edge (corners included) is front, past the far
    edge rear, but its corners flank (the less favourable side for the
    attacker, settled after the first audit), the rest flank."""
    x0, y0, x1, y1 = block.x, block.y, block.x + block.width - 1, block.y + block.height - 1
    found = {}
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            if x0 <= x <= x1 and y0 <= y <= y1:
                continue
            beyond = {"n": y < y0, "s": y > y1, "e": x > x1, "w": x < x0}
            opposite = {"n": "s", "s": "n", "e": "w", "w": "e"}[block.facing]
            corner = (x < x0 or x > x1) and (y < y0 or y > y1)
            found[(x, y)] = "front" if beyond[block.facing] else ("rear" if beyond[opposite] and not corner else "flank")
    return found


@pytest.mark.parametrize("facing", ["n", "e", "s", "w"])
@pytest.mark.parametrize(("frontage", "depth"), FORMATIONS)
def test_every_square_around_a_unit_is_front_flank_or_rear(frontage, depth, facing):
    unit = Block(10, 10, frontage, depth, facing)
    assert len(unit.squares) == frontage * depth
    assert len(unit.front_squares) == frontage
    assert ranks(unit) == depth
    for square, side in ring(unit).items():
        assert unit.side_of(square) == side, (square, side)
        attacker = one(*square)
        assert in_contact(attacker, unit)
        found = contact(attacker, unit)
        assert found is not None and found.side == side


@pytest.mark.parametrize(("frontage", "depth"), FORMATIONS)
def test_a_unit_facing_the_enemy_gets_two_attacks_per_front_square_in_contact(frontage, depth):
    attacker = Block(10, 10, frontage, depth, "n")
    # A wall of enemies right ahead of the whole front, one square wider each way.
    wall = Block(9, 10 - 1, frontage + 2, 1, "s")
    found = contact(attacker, wall)
    assert found is not None
    assert found.attacks == 2 * frontage
    assert found.through_front and found.side == "front"


def test_one_on_one():
    # Face to face: two attacks each, at the front.
    a, b = one(5, 5, "n"), one(5, 4, "s")
    assert (contact(a, b).attacks, contact(a, b).side) == (2, "front")
    assert (contact(b, a).attacks, contact(b, a).side) == (2, "front")
    # Into the flank, facing it: two attacks, flanking; the flanked unit hits back with one.
    a, b = one(5, 5, "n"), one(6, 5, "w")
    assert (contact(b, a).attacks, contact(b, a).side) == (2, "flank")
    assert (contact(a, b).attacks, contact(a, b).side, contact(a, b).through_front) == (1, "front", False)
    # From behind.
    assert contact(one(5, 6, "n"), one(5, 5, "n")).side == "rear"
    # Corners only: one attack; a front corner is front, a rear corner flank.
    a, b = one(5, 5, "n"), one(6, 4, "s")
    assert contact(a, b).attacks == 1 and contact(a, b).side == "front"
    assert contact(one(6, 6, "n"), one(5, 5, "n")).side == "flank"
    assert contact(one(6, 6, "n"), one(5, 5, "n"), rear_corner_flank=False).side == "rear"  # the earlier reading
    assert contact(one(5, 5), one(7, 5)) is None


def test_offset_blocks():
    # Two Huge blocks face to face, shifted by one square: one front square
    # meets an edge (2), the other only a corner (1).
    a, b = Block(10, 10, 2, 2, "n"), Block(11, 8, 2, 2, "s")
    assert contact(a, b).attacks == 3
    # A Colossal block with a Medium unit against the middle of its left side.
    big, small = Block(10, 10, 3, 3, "n"), one(9, 11, "e")
    assert (contact(small, big).attacks, contact(small, big).side) == (2, "flank")
    # The big block touches it with three squares of its left file: one
    # across an edge, two by a corner: one attack each.
    assert contact(big, small).attacks == 3


def test_enemies_at_the_front_and_the_side():
    unit = one(5, 5, "n")
    ahead, left = one(5, 4, "s"), one(4, 5, "e")
    assert contact(unit, ahead).attacks == 2
    assert contact(unit, left).attacks == 1
    assert contact(left, unit).side == "flank"
    # A wide line touching the front and one front corner still gives two:
    # a square counts a corner only when it touches no edge of that enemy.
    assert contact(unit, Block(4, 4, 2, 1, "s")).attacks == 2


def test_turns_keep_the_top_left_square():
    column = Block(3, 3, 1, 2, "n")
    assert column.squares == {(3, 3), (3, 4)}
    right = column.facing_to(turned("n", 1))
    assert right.facing == "e" and right.squares == {(3, 3), (4, 3)}
    assert right.front_squares == {(4, 3)}
    assert turned("n", -1) == "w" and turned("e", 2) == "w"


def test_distances_count_diagonals_one_two_one():
    assert [pf_distance(n, n) for n in range(5)] == [0, 1, 3, 4, 6]
    assert pf_distance(5, 0) == 5 and pf_distance(3, 1) == 3
    assert Block(0, 0, 2, 2, "s").distance(Block(0, 8, 1, 1, "n")) == 7
