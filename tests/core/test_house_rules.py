"""A house ruleset chosen at the muster (house_rules.py): the battle is
replayed under it and its save records which file, refused in one line when
the file is broken, of another system, too late, or doesn't fit the muster."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.myz.kit import army, leader, new_battle, start
from tui.core.errors import MassCombatError, RulesetError
from tui.core.house_rules import house_file, replay_under, ruleset_refusal
from tui.core.files.rulesets import find_ruleset
from tui.core.files.loading import load_battle
from tui.core.files.saving import save_battle
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Person

BUNDLED = find_ruleset("myz").read_text(encoding="utf-8")


def _house(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_ruleset_is_played_and_recorded_and_reopened(tmp_path):
    house = _house(tmp_path, BUNDLED.replace("base_dice = 6", "base_dice = 9"))
    battle = new_battle(army(3), army(3))
    assert ruleset_refusal(battle) is None and house_file(battle) == ""
    played = replay_under(battle, house)
    assert played.game.rules.retaliation.base_dice == 9
    assert house_file(played) == str(house.resolve()) and len(played.meta.ruleset.sha256) == 64
    save_battle(played, tmp_path / "b.toml")
    again = load_battle(tmp_path / "b.toml")
    assert again.game.rules.retaliation.base_dice == 9 and again.ruleset_notice is None
    # and back to the bundled one
    bundled = replay_under(again, None)
    assert bundled.game.rules.retaliation.base_dice == 6 and house_file(bundled) == ""


def test_the_muster_so_far_is_replayed_under_the_new_numbers(tmp_path):
    battle = new_battle(army(3), army(3))
    dora = Person(name="Dora", skills={"sneak": "4b3s"})
    battle.record(ev.SetArmy(side=0, army=army(3, people=(leader("Boss"), dora))))
    renamed = BUNDLED.replace('key = "sneak"\nname = { en = "SNEAK", de = "SCHLEICHEN" }', 'key = "stalk"\nname = { en = "STALK", de = "PIRSCHEN" }')
    house = _house(tmp_path, renamed.replace('"shoot", "sneak"]', '"shoot", "stalk"]'))
    with pytest.raises(RulesetError) as caught:
        replay_under(battle, house)
    message = str(caught.value)
    assert message.startswith(f"under {house} the muster so far does not fit") and "\n" not in message
    assert battle.game.armies[0].people[1].name == "Dora"  # untouched


def test_a_broken_file_or_one_of_another_system_is_refused_in_one_line(tmp_path):
    battle = new_battle(army(3), army(3))
    broken = _house(tmp_path, BUNDLED.replace("base_dice = 6", "base_dice = -6"), "broken.toml")
    with pytest.raises(MassCombatError) as caught:
        replay_under(battle, broken)
    assert "broken.toml" in str(caught.value) and "\n" not in str(caught.value).strip()
    with pytest.raises(RulesetError, match="is a ruleset for fate, but the battle is one of myz"):
        replay_under(battle, find_ruleset("fate"))
    with pytest.raises(MassCombatError, match="is a folder, not a file"):
        replay_under(battle, tmp_path)  # a folder


def test_once_a_die_is_rolled_the_ruleset_stays(tmp_path):
    battle = start(army(3), army(3))
    why = ruleset_refusal(battle)
    assert why is not None and "--ruleset" in why
    with pytest.raises(RulesetError):
        replay_under(battle, None)
