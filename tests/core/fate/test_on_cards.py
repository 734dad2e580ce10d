"""What lies on a unit shows on its zone card, for the GM and the players:
Pinned Down, boosts and advantages (found in play: they were in the
panel only), before its leader's name so they don't read as his."""

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
    assert detail.index("Pinned Down") < detail.index("+Sir Ana")


def test_a_boost_kept_is_on_its_units_card_until_it_is_spent():
    battle = _dash((1, 1, 1, 0))
    battle.record(ev.Resolve())
    assert "Quick March (boost)" in _detail(battle, "meadow", "Pikes of Brannock")
