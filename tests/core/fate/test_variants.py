"""The text's attack variants chosen at the muster (``SetVariants``): every
attack with Shoot ("as is typical in a dogfight") and only Will defending
against Shoot (medieval warfare). The event makes the battle's rules the
ruleset with them, so undo, the story and a saved battle all follow it.

Board and armies as in fate_kit: Ana's Pikes (u1, led by Sir Ana) and Scouts
(u2) against the GM's Orcs (u3, led by Grak, Fight 3, Shoot 2) and Goblin
Archers (u4, Shoot 1).
"""

from __future__ import annotations

import pytest

from tests.core.fate.kit import HIGH, RULES, a_roll, act, deployed, ev, laid_out, mustered, refused, roll
from tui.core.errors import RuleViolation
from tui.core.i18n import set_language
from tui.core.files.loading import load_battle
from tui.core.files.saving import battle_text, save_battle
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.rules import VariantError
from tui.core.systems.fate.story import markdown_report, note_text

BOTH = ev.SetVariants(shoot_only=True, shoot_defence_skill="will")
# The Pikes and the Orcs share the Meadow; the Goblins shoot from the Woods next to it.
CLOSE = {"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def variant_notes(battle: FateBattle) -> list[str]:
    return [n.key for n in battle.game.notes if ".variant" in n.key]


def story(battle: FateBattle) -> list[str]:
    return [note_text(battle.game, note) for note in battle.game.notes]


def gm_to_act(*variants: ev.SetVariants) -> FateBattle:
    """Mustered with ``variants`` recorded, laid out, deployed CLOSE; the GM acts first."""
    battle = mustered()
    for event in variants:
        battle.record(event)
    battle = deployed(laid_out(battle), places=CLOSE)
    high, low = (1, 1, 1, 1), (-1, -1, -1, -1)
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=(low, high)))
    return battle


# -- the event sets the rules -----------------------------------------------------------


def test_the_event_makes_the_rules_the_ruleset_with_the_variants():
    battle = mustered()
    assert battle.game.rules == RULES and not RULES.attack.shoot_only and RULES.attack.shoot_defence_skill is None
    battle.record(BOTH)
    attack = battle.game.rules.attack
    assert attack.shoot_only is True and attack.shoot_defence_skill == "will"
    # nothing else changes: the same ruleset with the two variant fields set
    assert battle.game.rules == RULES.model_copy(update={"attack": RULES.attack.model_copy(update={"shoot_only": True, "shoot_defence_skill": "will"})})
    assert battle.ruleset is battle.game.rules
    assert battle.game.stage == "muster" and battle.game.players == mustered().game.players


def test_each_variant_on_its_own():
    battle = mustered()
    battle.record(ev.SetVariants(shoot_defence_skill="will"))
    assert battle.game.rules.attack.shoot_only is False and battle.game.rules.attack.shoot_defence_skill == "will"
    battle.record(ev.SetVariants(shoot_only=True))
    assert battle.game.rules.attack.shoot_only is True and battle.game.rules.attack.shoot_defence_skill is None


def test_all_off_is_the_ruleset_as_written_again():
    battle = mustered()
    battle.record(BOTH)
    battle.record(ev.SetVariants())
    assert battle.game.rules == RULES


def test_a_defence_skill_the_ruleset_lacks_is_refused_in_one_line():
    battle = mustered()
    message = refused(battle, ev.SetVariants(shoot_defence_skill="courage"), "courage", "will")
    assert "Shoot" in message
    with pytest.raises(VariantError):
        battle.record(ev.SetVariants(shoot_defence_skill="courage"))
    assert issubclass(VariantError, RuleViolation) and issubclass(VariantError, ValueError)
    with pytest.raises(VariantError):
        RULES.with_variants(shoot_only=False, shoot_defence_skill="courage")


def test_a_skill_key_that_is_no_key_never_makes_an_event():
    with pytest.raises(ValueError):
        ev.SetVariants(shoot_defence_skill="Will [bold]")


# -- the variants in play -----------------------------------------------------------------


def test_as_written_a_same_zone_attack_uses_fight():
    battle = gm_to_act()
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics"), "Fight")
    roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="athletics")
    assert battle.game.contest.active.skill == "fight"


def test_shoot_only_makes_a_same_zone_attack_use_shoot():
    battle = gm_to_act(ev.SetVariants(shoot_only=True))
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "fight", target="u1", defender="u1", defence_skill="athletics"), "Shoot")
    roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics")
    contest = battle.game.contest
    assert contest.active.skill == "shoot" and contest.active.rating == 2  # the Orcs' Shoot, not their Fight 3
    assert contest.defence.skill == "athletics"  # the other variant is off: defend as usual


def test_as_written_athletics_defends_against_shoot():
    battle = gm_to_act()
    act(battle, "u4")
    roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics")
    assert battle.game.contest.defence.skill == "athletics"


def test_will_defends_against_shoot():
    battle = gm_to_act(ev.SetVariants(shoot_defence_skill="will"))
    act(battle, "u4")
    refused(battle, a_roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="athletics"), "Will")
    roll(battle, "attack", "u4", "shoot", target="u1", defender="u1", defence_skill="will")
    assert battle.game.contest.defence.skill == "will"


def test_both_variants_together_a_same_zone_shot_is_defended_with_will():
    battle = gm_to_act(BOTH)
    act(battle, "u3")
    refused(battle, a_roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="athletics"), "Will")
    roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="will")
    assert (battle.game.contest.active.skill, battle.game.contest.defence.skill) == ("shoot", "will")


# -- only at the muster ---------------------------------------------------------------------


def test_refused_once_the_battlefield_is_laid_out():
    battle = mustered()
    battle.record(ev.StartBattlefield())
    refused(battle, BOTH, "battlefield")


def test_refused_during_deployment_and_the_battle():
    battle = laid_out()
    refused(battle, BOTH, "deployed")
    battle = gm_to_act()
    refused(battle, BOTH, "battle")
    assert battle.game.rules == RULES


# -- undo, the story, the save ----------------------------------------------------------------


def test_undo_and_redo():
    battle = mustered()
    battle.record(BOTH)
    chosen = battle.game
    battle.undo()
    assert battle.game.rules == RULES and variant_notes(battle) == []
    battle.redo()
    assert battle.game == chosen


def test_the_story_says_which_variants_are_on_once_in_the_readers_language():
    battle = mustered()
    battle.record(ev.SetVariants(shoot_only=True))
    battle.record(BOTH)
    assert variant_notes(battle) == ["fate.note.variant_shoot_only", "fate.note.variant_defence"]
    assert story(battle) == ["Variant: every attack uses Shoot, whatever the range (as in a dogfight)", "Variant: only Will defends against Shoot"]
    set_language("de")
    assert story(battle)[1] == "Variante: nur Wille verteidigt gegen Schießen"
    battle.record(ev.SetVariants())
    assert story(battle) == ["Varianten: keine (Angriff und Verteidigung wie im Text)"]


def test_the_report_names_the_variants():
    battle = gm_to_act(BOTH)
    english = markdown_report(battle, "en")
    german = markdown_report(battle, "de")
    assert "1. Variant: every attack uses Shoot" in english and "2. Variant: only Will defends against Shoot" in english
    assert "Variante: jeder Angriff mit Schießen" in german and "nur Wille verteidigt gegen Schießen" in german


def test_saved_and_loaded_the_battle_still_plays_with_the_variants(tmp_path):
    battle = gm_to_act(BOTH)
    act(battle, "u3")
    roll(battle, "attack", "u3", "shoot", target="u1", defender="u1", defence_skill="will", defence=HIGH)  # Shoot 2 against Will 0+1 and +4: a miss
    path = tmp_path / "dogfight.toml"
    save_battle(battle, path)
    assert 'kind = "set_variants"' in path.read_text(encoding="utf-8")
    loaded = load_battle(path)
    assert loaded.game == battle.game and loaded.history.events == battle.history.events
    assert loaded.game.rules.attack.shoot_only and loaded.game.rules.attack.shoot_defence_skill == "will"
    # play on: the next same-zone attack is still Shoot, defended with Will
    assert loaded.game.contest.shifts < 0
    loaded.record(ev.Resolve())  # an attack ends the Orcs' turn: Ana's
    assert loaded.game.activation is None and loaded.game.current_player == 0
    act(loaded, "u1")
    refused(loaded, a_roll(loaded, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="athletics"), "Shoot")
    refused(loaded, a_roll(loaded, "attack", "u1", "shoot", target="u3", defender="u3", defence_skill="athletics"), "Will")
    # the Pikes have no Shoot on their card: in a dogfight they shoot at Mediocre (+0), as in Fate Core
    roll(loaded, "attack", "u1", "shoot", target="u3", defender="u3", defence_skill="will")
    assert loaded.game.contest.active.skill == "shoot" and loaded.game.contest.active.rating == 0


def test_a_save_with_the_variant_undone_loads_with_the_rules_as_written(tmp_path):
    battle = mustered()
    battle.record(BOTH)
    battle.undo()
    save_battle(battle, tmp_path / "b.toml")
    loaded = load_battle(tmp_path / "b.toml")
    assert loaded.game.rules == RULES and loaded.can_redo
    loaded.redo()
    assert loaded.game.rules.attack.shoot_only


def test_a_saved_variant_with_no_such_skill_is_refused_at_load(tmp_path):
    from tui.core.errors import SaveFileError

    battle = mustered()
    battle.record(ev.SetVariants(shoot_defence_skill="will"))
    text = battle_text(battle).replace('shoot_defence_skill = "will"', 'shoot_defence_skill = "courage"')
    assert "courage" in text
    path = tmp_path / "edited.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        load_battle(path)
    assert "courage" in str(caught.value) and "\n" not in str(caught.value)
