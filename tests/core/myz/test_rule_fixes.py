"""Mass Combat's rules mended after battles were saved.

RULES-NOTES (Mutant, settled after the second audit): a damaged Arsenal die
is damaged like a fortification (its Support die lost, the project
standing); the Ark's projects go with its faction anywhere, but those tied
to the Ark, with two marks in the army builder (is an Ark, defends it
here). Saves played before (``tests/fixtures/``) keep what was played.
"""

from __future__ import annotations


from tests.core.myz.kit import army, end_wave, fight, leader, start, support_none, to_battle
from tests.fixtures import assert_rules_notice, BEFORE, copied, MUTANT_ONE_ARK_MARK, played_as
from tui.core.files.loading import load_battle
from tui.core.files.storage import open_session

ARSENAL = BEFORE / "mutant-arsenal-damaged.toml"


def arsenal_battle():
    """Blue defends its Ark (Arsenal, Hunting Party) and loses wave 1 with one
    gear bane showing: the fixture's battle, up to the End phase."""
    battle = start(army(3, people=(leader("Marlotte"),)), army(3, defends_ark=True, ark_projects=("arsenal", "hunting_party")))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 2}, {"gear_banes": 1})
    support_none(battle)
    return battle


def test_the_fixture_is_this_battle():
    played_as(arsenal_battle(), ARSENAL)


def test_a_save_from_before_keeps_the_arsenal_it_lost(tmp_path):
    path = copied(ARSENAL, tmp_path)
    battle = load_battle(path)
    assert battle.game.forces[1].ark_projects == ("hunting_party",)  # destroyed, as played
    number = len(arsenal_battle().history.events) + 1
    assert_rules_notice(battle, path, number, "a damaged Arsenal die is damaged like a fortification")


def test_after_it_the_end_phase_again_follows_todays_rule(tmp_path):
    path = copied(ARSENAL, tmp_path)
    session = open_session(path)
    battle = session.battle
    battle.undo()  # the End phase
    end_wave(battle)
    blue = battle.game.forces[1]
    assert blue.ark_projects == ("arsenal", "hunting_party") and blue.damaged_projects == ("arsenal",)
    session.save(whole=True)
    again = load_battle(path)
    assert again.game.forces[1].damaged_projects == ("arsenal",)


def test_without_the_fix_today_the_arsenal_would_stand():
    battle = arsenal_battle()
    end_wave(battle)
    assert battle.game.forces[1].ark_projects == ("arsenal", "hunting_party")


def test_a_save_from_one_mark_keeps_its_projects_as_they_counted():
    """Red had Stables but did not defend its Ark: under the one mark they
    counted nowhere, and the save opens as a faction that is no Ark."""
    battle = load_battle(MUTANT_ONE_ARK_MARK)
    red = battle.game.armies[0]
    assert red.ark_projects == ("stables",) and not red.ark and not red.defends_ark
    assert [line.source for line in battle.game.wave.pools[0].lines] == ["battle_level", "strategy"]
    assert battle.rules_notice is None
    # marked an Ark in a new battle, the same muster brings its cavalry
    marked = start(red.model_copy(update={"ark": True}), army(3))
    to_battle(marked, "attack", "attack")
    assert [line.detail for line in marked.game.wave.pools[0].lines if line.source == "special_class"] == ["cavalry"]
