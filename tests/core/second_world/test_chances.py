"""How far the move action's odds go (RULES-NOTES, Second World, settled
after the first audit): as far as the costs on the map need, barbed wire
X/4/X taking 5 shifts with its zone; never fewer than 4."""

from __future__ import annotations

from tests.core.second_world.kit import corridor, scene
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.chances import shifts_worth_showing


def test_the_dearest_edge_sets_how_far_the_odds_go():
    assert shifts_worth_showing(scene().game) == 7  # the closed barricade 4/2/X: open 4, cross 2, and its zone's 1
    plain = corridor({"hale": "z1", "guards": "z5"})
    assert shifts_worth_showing(plain.game) == 4
    plain.record(ev.SetEdge(a="z2", b="z3", open_cost=None, traverse=4, close_cost=None, label="Wire"))
    assert shifts_worth_showing(plain.game) == 5  # barbed wire X/4/X: 4 and the zone's 1
    plain.record(ev.SetEdge(a="z3", b="z4", open_cost=6, traverse=0, close_cost=None, closed=True, label="Vault door"))
    assert shifts_worth_showing(plain.game) == 7


def test_wearing_a_door_down_to_nothing_is_told_as_done():
    """Found in play: the story said "works at opening ... 1/0/1 left" when
    the door had nothing left to pay."""
    from tests.core.second_world.kit import captain_start

    battle = captain_start(scene())
    battle.record(ev.BeginTurn(key="hale"))
    battle.record(ev.Erode(key="hale", a="z1", b="z2", cost="open"))
    assert battle.game.notes.latest(1)[0].key == "sw.note.eroded_open_done"
