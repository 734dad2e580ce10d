"""Faces rolled with real dice and typed in (core/typed_dice.py): read
exactly as many as the pool rolled, each a face of the die, or refused
with one line saying what is wrong."""

from __future__ import annotations

import pytest

from tui.core.dice.year_zero import DieKind, Pool
from tui.core.errors import RollRecordError
from tui.core.systems.myz.battle import Battle
from tui.core.dice.typed import TypedFacesError, parse_faces

B, S, G = DieKind.BASE, DieKind.SKILL, DieKind.GEAR
POOL = {B: 4, S: 2, G: 1}


@pytest.mark.parametrize("text", ["3 5 1 6 / 6 2 / 4", "3516/62/4", "3,5,1,6/6,2/4", "3 5 1 6 6 2 4", "3516624"])
def test_faces_by_kind_with_or_without_groups(text):
    assert parse_faces(text, POOL, 6) == {B: (3, 5, 1, 6), S: (6, 2), G: (4,)}


def test_groups_only_for_the_kinds_the_pool_holds():
    assert parse_faces("2 4 / 1", {B: 2, S: 0, G: 1}, 6) == {B: (2, 4), S: (), G: (1,)}


@pytest.mark.parametrize("text,message", [
    ("3 5 1 / 6 2 / 4", "Battle dice: faces typed 3, wanted 4"),
    ("3 5 1 6 6 2", "faces typed 6, wanted 7 (4× Battle, 2× Strategy, 1× Support)"),
    ("3 5 1 7 6 2 4", "7 is not a face of a d6"),
    ("3 5 1 0 6 2 4", "0 is not a face of a d6"),
    ("3 5 x 6 6 2 4", "x is not a face: type numbers, like 3 5 1 / 6 2"),
    ("3516/624", "groups split by /: 2, kinds of dice: 3 (4× Battle, 2× Strategy, 1× Support)"),
])
def test_wrong_faces_are_refused_saying_what(text, message):
    with pytest.raises(TypedFacesError) as caught:
        parse_faces(text, POOL, 6)
    assert str(caught.value) == message


def test_dice_of_ten_or_more_sides_take_whole_numbers():
    assert parse_faces("10 3", {B: 2}, 12) == {B: (10, 3), S: (), G: ()}


def test_a_typed_roll_that_does_not_fit_the_pool_is_refused_by_the_battle():
    battle = Battle.new("T", ("A", "B"), (Pool(2), Pool(1)), seed=1)
    with pytest.raises(RollRecordError):
        battle.roll_typed(({B: (3,), S: (), G: ()}, {B: (4,), S: (), G: ()}))
    assert not battle.state.rolled


def test_a_wave_rolled_with_real_dice_says_so_in_the_report():
    from tests.core.myz.kit import army, start, to_battle
    from tui.core.systems.myz.story import markdown_report

    battle = start(army(2), army(1))
    to_battle(battle, "attack", "attack")
    pools = [side.pool for side in battle.state.sides]
    faces = tuple({B: (6,) * p.base, S: (3,) * p.skill, G: (4,) * p.gear} for p in pools)
    battle.roll_typed(faces)
    assert "Rolled with real dice at the table; the faces were typed in." in markdown_report(battle, "en")


@pytest.mark.parametrize("text", ["+ - 0 +", "+-0+", "1 -1 0 1", "+,−,o,+", "+ -  0+"])
def test_fate_dice_typed_as_they_fell(text):
    from tui.core.dice.typed_fate import parse_fate_faces

    assert parse_fate_faces(text, 4) == (1, -1, 0, 1)


@pytest.mark.parametrize(("text", "message"), [("+ - 0", "Fate dice typed 3, wanted 4"), ("+ - 0 + +", "Fate dice typed 5, wanted 4"), ("+ - 2 +", "2 is not a Fate die: type + - 0, like + - 0 +")])
def test_wrong_fate_dice_are_refused_saying_what(text, message):
    from tui.core.dice.typed_fate import parse_fate_faces

    with pytest.raises(TypedFacesError) as caught:
        parse_fate_faces(text, 4)
    assert str(caught.value) == message


def test_the_initiative_takes_the_faces_a_player_rolled_at_the_table():
    from tests.ui.scenes import fate_demo

    battle = fate_demo()
    while battle.game.stage != "deploy":
        battle.undo()
    leaders = tuple(battle.game.standing_leaders(i)[0] if battle.game.standing_leaders(i) else None for i in range(len(battle.game.players)))
    seeded = battle.dice(len(leaders))
    event = battle.start_battle(leaders, {1: (1, 1, 1, 1)})
    assert event.faces[1] == (1, 1, 1, 1) and event.faces[0] == seeded[0] and event.table == (1,)
