"""The Fate Core outcome options a This Means War roll keeps ("use the usual
outcomes"): an attacker with style trading a shift for a boost, a defender
with style earning one, and a failed overcome or advantage carried off at a
serious cost (tui/core/systems/fate/outcomes.py).

Board and armies as in fate_kit: Ana's Fair Pikes (u1, Fight 2, +1 from Sir
Ana's Will) against the GM's Good Orcs (u3, Fight 3) and Average Goblins.
"""

from __future__ import annotations

import pytest

from tests.core.fate.kit import HIGH, LOW, act, aspect_named, ev, fight, refused, roll

FACE_TO_FACE = {"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}
CLEAR_WOODS = {"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"}


def _pikes_attack(faces):
    """The Pikes (3) attack the Orcs defending with Fight (3) in the Meadow."""
    battle = fight(FACE_TO_FACE)
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", faces=faces, target="u3", defender="u3", defence_skill="fight", aspect="Momentum")
    return battle


def test_with_style_the_attacker_may_take_a_boost_for_one_shift():
    battle = _pikes_attack((1, 1, 1, 0))  # 6 against 3: three shifts, with style
    refused(battle, ev.Resolve(absorb=("mild",), names=("Dented",)), "3")  # mild soaks 2 of 3
    battle.record(ev.Resolve(absorb=("mild",), names=("Dented",), boost=True))  # 2 shifts left
    momentum = aspect_named(battle, "Momentum")
    assert momentum.kind == "boost" and momentum.holder == 0 and momentum.on == "u1"
    assert aspect_named(battle, "Dented").slot == "mild"


def test_the_boost_for_a_shift_needs_success_with_style():
    battle = _pikes_attack((1, 1, 0, 0))  # 5 against 3: two shifts, no style
    refused(battle, ev.Resolve(absorb=("mild",), names=("Dented",), boost=True), "style")
    battle.record(ev.Resolve(absorb=("mild",), names=("Dented",)))
    assert not [a for a in battle.game.aspects if a.kind == "boost"]


def test_a_defence_with_style_gives_the_defender_a_boost():
    battle = fight(FACE_TO_FACE, first=1)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=LOW, target="u1", defender="u1", defence_skill="fight", aspect="Momentum")  # -1 against 3
    battle.record(ev.Resolve(defence_boost=True))
    momentum = aspect_named(battle, "Momentum")
    assert momentum.kind == "boost" and momentum.holder == 0 and momentum.on == "u1"
    assert not battle.game.consequences_of("u1")


def test_a_plain_miss_gives_no_one_a_boost():
    battle = fight(FACE_TO_FACE, first=1)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=(-1, -1, 0, 0), target="u1", defender="u1", defence_skill="fight", aspect="Momentum")  # 1 against 3
    refused(battle, ev.Resolve(defence_boost=True), "style")
    battle.record(ev.Resolve())
    assert not [a for a in battle.game.aspects if a.kind == "boost"]


def test_a_resolve_saved_before_the_defenders_boost_replays_without_one():
    """The boost is recorded, not implied: a battle saved by an earlier
    version (no ``defence_boost`` in its log) replays as it was played."""
    battle = fight(FACE_TO_FACE, first=1)
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=LOW, target="u1", defender="u1", defence_skill="fight", aspect="Momentum")
    old = ev.Resolve.model_validate({"kind": "resolve", "absorb": [], "names": [], "taken_out": False})
    battle.record(old)
    assert not [a for a in battle.game.aspects if a.kind == "boost"]


def test_a_failed_entry_may_still_succeed_at_a_serious_cost():
    battle = fight(CLEAR_WOODS)
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=LOW, path=("woods",))  # 2 - 4 against Fair
    battle.record(ev.Resolve(at_cost=True))
    game = battle.game
    assert game.zone_of("u1") == "woods"
    assert [n for n in game.notes if n.key == "fate.note.at_cost"]


def test_a_failed_entry_that_takes_the_failure_stays_put():
    battle = fight(CLEAR_WOODS)
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=LOW, path=("woods",))
    battle.record(ev.Resolve())
    assert battle.game.zone_of("u1") == "meadow"


def test_an_advantage_made_at_a_cost_gives_its_free_invoke_to_the_other_side():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "advantage", "u1", "fight", faces=LOW, target="hill", aspect="Shield Wall", difficulty=2)  # "something else"
    battle.record(ev.Resolve(at_cost=True))
    wall = aspect_named(battle, "Shield Wall")
    assert wall.kind == "advantage" and wall.free == (0, 1)


@pytest.mark.parametrize("faces", [HIGH, (0, 0, 0, 0)])
def test_success_at_a_cost_is_for_a_failure_only(faces):
    battle = fight(CLEAR_WOODS)
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=faces, path=("woods",))
    refused(battle, ev.Resolve(at_cost=True), "cost")


def test_an_attack_has_no_success_at_a_cost():
    battle = _pikes_attack(LOW)
    refused(battle, ev.Resolve(at_cost=True), "cost")


def test_any_defence_with_style_earns_the_boost_not_only_against_attacks():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=LOW, path=("meadow",), defender="u3", defence_skill="athletics", aspect="Momentum")  # -2 against 2
    battle.record(ev.Resolve(defence_boost=True))
    momentum = aspect_named(battle, "Momentum")
    assert momentum.kind == "boost" and momentum.holder == 1 and momentum.on == "u3"
    assert battle.game.zone_of("u1") == "hill"
