"""Reinforcements bought with leftover build points (RULES-NOTES, Fate,
settled after the second audit; assumed where the text is silent): on the
player's turn, as the acting card's action, a new unit at its quality's
cost, in a zone where the side has a unit (with none left, any zone free
of enemies); it acts from the next round."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import act, fight
from tui.core.errors import RuleViolation
from tui.core.systems.fate import events as ev
from tui.core.frozen import replace
from tui.core.systems.fate.forces import Unit
from tui.core.systems.fate.state import Place
from tui.core.systems.fate.reinforce import chest_left, reinforcement_zones

OPEN = {"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}
MILITIA = Unit(key="u9", name="Brannock Militia", quality="average", skills={"fight": 1})
VETERANS = Unit(key="u8", name="Old Guard", quality="good", skills={"fight": 3, "athletics": 2, "will": 2, "notice": 1, "shoot": 1, "stealth": 1}, aspects=("Seen It All", "Shield Wall"))


def ana_acting():
    battle = fight(OPEN)
    act(battle, "u1")  # Ana's Pikes on the Hill
    return battle


def test_the_chest_holds_what_the_muster_left():
    state = ana_acting().game
    # Ana: chest 10, Pikes (Fair, 2) + Scouts (Average, 1) + 1 fate point (3)
    assert chest_left(state, 0) == 4


def test_a_unit_comes_on_where_the_side_holds_a_zone_and_the_chest_pays():
    battle = ana_acting()
    battle.record(ev.Reinforce(unit=MILITIA, zone="hill"))
    state = battle.game
    assert state.zone_of("u9") == "hill" and state.owner("u9") == 0
    assert chest_left(state, 0) == 3
    assert "u9" in state.acted  # it acts from the next round
    assert state.activation.actions == ("reinforce",)  # the Pikes' action
    with pytest.raises(RuleViolation, match="same action twice"):
        battle.record(ev.Reinforce(unit=VETERANS.model_copy(update={"key": "u7"}), zone="hill"))


def test_the_chest_must_hold_the_units_cost():
    battle = ana_acting()
    battle.record(ev.BuyFatePoint(player=0))  # 4 - 3: one point left
    with pytest.raises(RuleViolation, match="1 build point left; Old Guard costs 3"):
        battle.record(ev.Reinforce(unit=VETERANS, zone="hill"))


def test_only_where_the_side_has_a_unit():
    battle = ana_acting()
    assert reinforcement_zones(battle.game, 0) == ("hill",)
    with pytest.raises(RuleViolation, match="not Meadow"):
        battle.record(ev.Reinforce(unit=MILITIA, zone="meadow"))


def test_with_no_unit_left_any_zone_free_of_enemies():
    battle = ana_acting()
    state = battle.game
    gone = {**state.places, "u1": Place(zone="hill", out=True), "u2": Place(zone="hill", out=True)}
    empty = replace(state, places=gone)
    assert set(reinforcement_zones(empty, 0)) == {z.key for z in state.board.zones} - {"woods"}


def test_a_key_already_in_the_battle_is_refused():
    battle = ana_acting()
    with pytest.raises(RuleViolation):
        battle.record(ev.Reinforce(unit=MILITIA.model_copy(update={"key": "u3"}), zone="hill"))


def test_outside_an_activation_it_is_refused():
    battle = fight(OPEN)
    with pytest.raises(RuleViolation):
        battle.record(ev.Reinforce(unit=MILITIA, zone="hill"))


def test_with_no_unit_left_and_enemies_everywhere_there_is_no_zone():
    battle = ana_acting()
    state = battle.game
    places = {k: Place(zone=p.zone, out=True) if state.owner(k) == 0 and state.unit(k) else p for k, p in state.places.items()}
    enemies = {f"e{z.key}": Place(zone=z.key) for z in state.board.zones}
    crowded = replace(state, places={**places, **enemies})
    crowded = replace(crowded, players=(crowded.players[0], crowded.players[1].model_copy(update={"units": (*crowded.players[1].units, *(Unit(key=k, name=k, quality="average", skills={"fight": 1}) for k in enemies))})))
    assert reinforcement_zones(crowded, 0) == ()
