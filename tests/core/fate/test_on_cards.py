"""What lies on a unit shows on its zone card, for the GM and the players:
Pinned Down, boosts and advantages (found in play: they were in the
panel only), after its leader's name (cut at the card's edge, a long boost
took the leader's name with it); its consequences come before the name."""

from __future__ import annotations

from tests.core.fate.test_battle import _dash, _pinned
from tui.core.systems.fate.public import occupants
from tui.core.systems.fate import events as ev


def _detail(battle, zone: str, label: str) -> str:
    return next(o.detail for o in occupants(battle.game, zone) if o.label == label)


def test_a_pinned_unit_says_so_on_its_card():
    battle = _pinned()
    assert "Pinned Down" in _detail(battle, "meadow", "Pikes of Brannock")
    detail = _detail(battle, "meadow", "Pikes of Brannock")
    assert detail.index("+Sir Ana") < detail.index("Pinned Down")  # a long aspect cut at the card's edge keeps the leader


def test_a_boost_kept_is_on_its_units_card_until_it_is_spent():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())
    assert "Quick March (boost)" in _detail(battle, "meadow", "Pikes of Brannock")


def test_a_side_that_conceded_is_drawn_out_of_the_fight():
    """Found in play: after a concession the side's units still stood on
    the board as if fighting."""
    from tests.core.fate.test_rules import in_battle

    battle = in_battle()
    battle.record(ev.Concede(player=0))
    seen = 0
    for zone in battle.game.board.zones:
        for person in occupants(battle.game, zone.key):
            owner = battle.game.players[0]
            if person.label in {u.name for u in owner.units} | {"★ " + ld.name for ld in owner.leaders}:
                assert person.state == "out" and person.detail == "(conceded)", person
                seen += 1
            else:
                assert person.state != "out" or person.detail != "(conceded)"
    assert seen
