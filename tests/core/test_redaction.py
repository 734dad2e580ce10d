"""Redaction by identity (issue 30): what the GM hides is a thing's
identity, not its text, so renaming, editing or removing it never brings
its lines back to the players, in either language."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import KNIGHTS, muster, set_up
from tests.core.second_world.kit import GUNNER, scene
from tui.core.errors import RuleViolation
from tui.core.projection import build, text_of
from tui.core.secrets import Hide, mentioned, unused_key
from tui.core.notes import Note, Notes
from tui.core.systems.kingmaker import events as kev
from tui.core.systems.second_world import events as sev
from tui.core.systems.second_world.scene import carried_slots


def seen(battle) -> str:
    return text_of(build(battle, 1))


def slot_of(battle, zone: str, text: str) -> str:
    info = battle.game.zone_info(zone)
    return f"aspect_slot:{zone}:{info.slots[info.aspects.index(text)]}"


# -- Second World ---------------------------------------------------------------------


def test_a_hidden_aspect_stays_hidden_when_the_gm_edits_the_zones_aspects():
    # the case: after an edit, "The GM hid Maps and Radio Sets" reached a player
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Maps and Radio Sets", "Sandbags")))
    battle.record(Hide(item=slot_of(battle, "z4", "Maps and Radio Sets")))
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Sandbags", "Maps and Radio Sets", "Barbed Wire")))  # moved, one added
    assert "Maps and Radio Sets" not in seen(battle) and "Barbed Wire" in seen(battle)
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Sandbags", "Maps, Radios and Codebooks", "Barbed Wire")))  # reworded in place
    text = seen(battle)
    assert "Maps" not in text and "Codebooks" not in text and "Sandbags" in text
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Sandbags", "Barbed Wire")))  # removed
    assert "Maps" not in seen(battle)


def test_a_hidden_aspect_reworded_while_another_is_deleted_stays_hidden():
    # found in play: the reworded one took the deleted one's slot, and was shown
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Thick Mud", "Flooded Craters", "Barbed Coils")))
    battle.record(Hide(item=slot_of(battle, "z2", "Flooded Craters")))
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Flooded Shell Craters", "Barbed Coils")))
    assert battle.game.hidden == (slot_of(battle, "z2", "Flooded Shell Craters"),)
    assert "Flooded" not in seen(battle) and "Thick Mud" not in seen(battle).split("aspects")[-1]
    # nothing alike: the one left takes the hidden slot, never the shown one
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Sunken Pits",)))
    assert battle.game.hidden == (slot_of(battle, "z2", "Sunken Pits"),) and "Sunken" not in seen(battle)


def test_an_aspect_written_after_a_hidden_one_was_deleted_is_shown():
    # found reading the change: the deleted one's mark made every later edit of the zone a guess, hiding all it wrote
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Mines", "Sandbags")))
    battle.record(Hide(item=slot_of(battle, "z2", "Mines")))
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Sandbags",)))
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Sandbags", "Barbed Wire")))
    assert len(battle.game.hidden) == 1 and "Barbed Wire" in seen(battle) and "Mines" not in seen(battle)


def test_a_mark_saved_by_an_aspects_text_lands_on_its_slot():
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Sandbags", "Tripwire Mines")))
    battle.record(Hide(item="aspect:z4:Tripwire Mines"))  # as saves before slots wrote it
    assert battle.game.hidden == (slot_of(battle, "z4", "Tripwire Mines"),)
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Sandbags", "Claymores")))
    assert "Tripwire" not in seen(battle) and "Claymores" not in seen(battle)


@pytest.mark.parametrize("change", ["rename", "remove"])
def test_a_hidden_characters_old_lines_stay_out_when_it_is_renamed_or_removed(change):
    battle = scene()
    battle.record(Hide(item="character:gunner"))
    if change == "rename":
        battle.record(sev.SetCharacter(character=GUNNER.model_copy(update={"name": "Oberst Klink"})))
    else:
        battle.record(sev.RemoveCharacter(key="gunner"))
    text = seen(battle)
    assert "MG Gunner" not in text and "Klink" not in text


def test_a_new_character_never_takes_the_key_of_one_removed():
    battle = scene()
    battle.record(Hide(item="character:gunner"))
    battle.record(sev.SetCharacter(character=GUNNER.model_copy(update={"key": "c1", "name": "Runner"})))
    battle.record(Hide(item="character:c1"))
    battle.record(sev.RemoveCharacter(key="c1"))
    # c1 is gone, but its mark and its lines are still about c1
    assert battle.game.next_character_key() == "c2"


# -- Kingmaker ------------------------------------------------------------------------


@pytest.mark.parametrize("change", ["rename", "remove"])
def test_a_hidden_armys_old_lines_stay_out_when_it_is_renamed_or_removed(change):
    battle = muster()
    battle.record(Hide(item="army:knights"))
    if change == "rename":
        battle.record(kev.SetArmy(army=KNIGHTS.model_copy(update={"name": "Black Lancers"})))
    else:
        battle.record(kev.RemoveArmy(key="knights"))
    text = seen(battle)
    assert "Knights of Ostmark" not in text and "Black Lancers" not in text and "Ser Ilsa" not in text
    assert "Ostmark Archers" in text


def test_a_hidden_armys_commander_is_not_named_to_the_players():
    battle = set_up(muster())
    battle.record(Hide(item="army:knights"))
    assert "Ser Ilsa" not in seen(battle)


def test_a_new_army_never_takes_the_key_of_one_removed():
    battle = muster()
    battle.record(kev.SetArmy(army=KNIGHTS.model_copy(update={"key": "a1"})))
    battle.record(Hide(item="army:a1"))
    battle.record(kev.RemoveArmy(key="a1"))
    assert battle.game.next_army_key() == "a2"
    with pytest.raises(RuleViolation):
        battle.record(Hide(item="army:a1", hidden=False))  # nothing left to show


# -- the parts ----------------------------------------------------------------------


def test_a_line_tells_of_what_it_names_as_a_whole_word_in_any_case():
    named = [("army:a", "Ash"), ("army:b", "Straße"), ("army:c", "Old Guard")]
    assert mentioned((("name", "ashford falls"),), named) == frozenset()
    assert mentioned((("name", "The ASH burns"), ("n", 3)), named) == {"army:a"}
    assert mentioned((("target", "Strasse, Old Guard"),), named) == {"army:b", "army:c"}


def test_the_players_story_is_counted_among_lines_about_nothing_hidden():
    notes = Notes([Note("a"), Note("b", about=frozenset({"army:x"})), Note("c"), Note("d", about=frozenset({"army:x", "army:y"}))])
    assert [n.key for n in notes.latest(2, leave_out={"army:x"})] == ["a", "c"]
    assert [n.key for n in notes.latest(2)] == ["c", "d"]


def test_unused_keys_skip_marks_and_lines_of_things_gone():
    notes = Notes([Note("x", about=frozenset({"army:a2"}))])
    assert unused_key("a", "army", ["a1"], ["army:a3"], notes) == "a4"
    assert unused_key("a", "army", [], ["character:a1"], Notes()) == "a1"


@pytest.mark.parametrize(
    ("old", "new", "slots"),
    [
        (("A", "B", "C"), ("A", "B", "C"), (1, 2, 3)),
        (("A", "B", "C"), ("C", "A", "B"), (3, 1, 2)),  # moved: each keeps its own
        (("A", "B", "C"), ("A", "B2", "C"), (1, 2, 3)),  # reworded in place
        (("A", "B", "C"), ("A", "C"), (1, 3)),  # removed
        (("A", "B"), ("A", "B", "D"), (1, 2, 4)),  # added: a new slot
        (("A", "A"), ("A",), (1,)),
        (("Thick Mud", "Flooded Craters", "C"), ("Flooded Shell Craters", "C"), (2, 3)),  # the most alike
        (("Thick Mud", "Flooded Craters", "C"), ("Deep Mud", "C"), (1, 3)),
        (("Thick Mud", "Flooded Craters", "C"), ("Fog", "C"), (2, 3)),  # none alike: the hidden slot
    ],
)
def test_zone_aspects_keep_their_slots_through_an_edit(old, new, slots):
    assert carried_slots(old, (1, 2, 3)[: len(old)], new, 3, hidden={2}) == (slots, max(3, *slots))


def test_what_a_hidden_character_puts_on_a_zone_starts_hidden_and_the_gm_may_show_it():
    # found in play: Major von Adler (hidden) made "Secret Orders" on his bunker; it showed, and h could not hide it
    from tests.core.second_world.test_combat import PLUS4, turn_of

    battle = turn_of("hale")
    battle.record(Hide(item="character:hale"))
    battle.record(sev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=PLUS4, difficulty=2, zone="z2", aspect="Secret Orders"))
    battle.record(sev.Resolve())
    made = battle.game.aspects[0]
    assert f"made:{made.id}" in battle.game.hidden and "Secret Orders" not in seen(battle)
    from tui.core.systems.second_world.public import zone_cards

    assert "Secret Orders (2×) (hidden)" in dict(zone_cards(battle.game, public=False))["z2"].aspects
    battle.record(Hide(item=f"made:{made.id}", hidden=False))
    assert "Secret Orders" in seen(battle)


def test_what_a_shown_character_puts_on_a_zone_is_shown():
    from tests.core.second_world.test_combat import PLUS4, turn_of

    battle = turn_of("hale")
    battle.record(sev.ActionRoll(counter=battle.game.counter, key="hale", action="advantage", skill="notice", faces=PLUS4, difficulty=2, zone="z2", aspect="Blind Corner"))
    battle.record(sev.Resolve())
    assert battle.game.hidden == () and "Blind Corner" in seen(battle)


# -- added hidden: never shown for an instant (found in play: a new army showed until h was pressed) --


def test_a_character_army_or_aspect_added_hidden_never_reaches_the_players():
    battle = scene()
    battle.record(sev.SetCharacter(character=GUNNER.model_copy(update={"key": "c1", "name": "Sniper Vogt"}), hidden=True))
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Sandbags", "Tripwire Mines"), hidden=(1,)))
    assert battle.game.hidden == ("character:c1", slot_of(battle, "z2", "Tripwire Mines"))
    assert "Vogt" not in seen(battle) and "Tripwire" not in seen(battle) and "Sandbags" in seen(battle)
    battle.undo()
    battle.undo()  # each in one step: undone, nothing of it is left
    assert battle.game.hidden == () and "c1" not in [c.key for c in battle.game.characters]
    km = muster()
    km.record(kev.SetArmy(army=KNIGHTS.model_copy(update={"key": "a1", "name": "Fen Raiders"}), hidden=True))
    assert km.game.hidden == ("army:a1",) and "Fen Raiders" not in seen(km) and "Ser Ilsa" not in seen(km)


def test_a_count_of_aspects_with_a_hidden_one_in_it_is_not_told():
    # found in play: "Bunker: 1 aspect" in the players' story, the card empty
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z2", aspects=("Minefield",), hidden=(0,)))
    battle.record(sev.ZoneAspects(zone="z3", aspects=("Sandbags",)))
    log = build(battle, 1).panel("en").log
    assert "Room 3: 1 aspect" in log and not any(line.startswith("Room 2:") for line in log)


def test_a_hidden_aspect_must_be_one_written():
    battle = scene()
    with pytest.raises(RuleViolation, match="no aspect 3 on that zone"):
        battle.record(sev.ZoneAspects(zone="z2", aspects=("Sandbags",), hidden=(2,)))
