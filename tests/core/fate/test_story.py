"""Fate's story in words: a roll's line says what its total is made of
("Black Orcs rolls Shoot: 1" didn't say what the 1 was: issue 29)."""

from __future__ import annotations

from tests.core.fate.kit import act, fight, roll
from tui.core.i18n import set_language
from tui.core.systems.fate.story import note_text


def test_a_rolls_line_gives_the_skill_the_dice_and_what_was_added():
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}, first=0)
    act(battle, "u1")  # the Pikes, Sir Ana attached: her Will adds 1
    roll(battle, "attack", "u1", "fight", faces=(1, 0, -1, -1), target="u3", defender="u3", defence_skill="fight")
    assert battle.game.contest.active.bonuses == (("leader:l1", 1),)
    note = battle.game.notes.latest(1)[0]
    assert note_text(battle.game, note) == "Pikes of Brannock rolls Fight: +2 (Fight +2, dice -1, +1 added)"
    set_language("de")
    assert note_text(battle.game, note) == "Pikes of Brannock würfelt Kämpfen: +2 (Kämpfen +2, Würfel -1, +1 dazu)"


def test_on_the_board_a_units_consequences_come_before_its_leaders_name():
    """"+Baron Grimm 1 cons." read as the leader's consequence (issue 29)."""
    from tui.core.frozen import replace
    from tui.core.systems.fate.public import occupants
    from tui.core.systems.fate.state import Aspect

    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    state = battle.game
    state = replace(state, aspects=(*state.aspects, Aspect(id="c1", text="Bruised", on="u1", kind="consequence", slot="mild")))
    pikes = next(o for o in occupants(state, "meadow") if o.label == "Pikes of Brannock")
    assert pikes.detail.endswith("+Sir Ana") and not pikes.detail.startswith("+")


def test_the_winners_verb_agrees_with_how_many_players_make_the_side():
    """Issue 29: "Anna & Ben gewinnt" (one verb for two players)."""
    from dataclasses import replace

    from tui.core.notes import Note
    from tui.core.systems.fate.forces import Player

    state = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}).game
    two = replace(state, players=(*state.players, Player(name="Ben", side=state.players[0].side, chest=5)))
    note = Note(key="fate.note.ended", params=(("side", state.players[0].side),))
    try:
        set_language("de")
        assert note_text(state, note).endswith(" gewinnt")
        assert note_text(two, note).endswith(" gewinnen") and " & Ben" in note_text(two, note)
    finally:
        set_language("en")
