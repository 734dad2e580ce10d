"""Playing with a house rule (issue 16, item 13): ``--ruleset FILE`` plays
battles with an edited copy of a ruleset; the save records which ruleset
and its SHA-256, opens with that copy again, and says so when the ruleset
it opens with is not the one it was last played with."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from tui.core.files.rulesets import find_ruleset
from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session, open_session
from tui.core.system import find_system

ROOT = Path(__file__).resolve().parents[2]


def _house(tmp_path: Path, base_dice: int = 7) -> Path:
    text = find_ruleset("myz").read_text(encoding="utf-8").replace("base_dice = 6", f"base_dice = {base_dice}", 1)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _new_battle(tmp_path: Path, house: Path | None = None, name: str = "battle.toml") -> Path:
    path = tmp_path / name
    session = create_session(path, find_system("myz").new_battle(5, house))
    session.close()
    return path


def test_a_new_battle_records_the_bundled_ruleset_and_its_hash(tmp_path):
    path = _new_battle(tmp_path)
    battle = load_battle(path)
    ref = battle.meta.ruleset
    assert ref.id == "myz-mass-combat" and ref.file == ""
    assert ref.sha256 == hashlib.sha256(find_ruleset("myz").read_bytes()).hexdigest()
    assert "[ruleset]" in path.read_text() and battle.ruleset_notice is None


def test_a_house_ruleset_plays_is_recorded_and_is_used_again_on_reopening(tmp_path):
    house = _house(tmp_path)
    path = _new_battle(tmp_path, house)
    assert load_battle(path).game.rules.retaliation.base_dice == 7
    battle = load_battle(path)
    assert battle.game.rules.retaliation.base_dice == 7
    assert battle.meta.ruleset.file == str(house.resolve()) and battle.ruleset_notice is None


def test_reopening_with_a_changed_house_ruleset_says_so(tmp_path):
    house = _house(tmp_path)
    path = _new_battle(tmp_path, house)
    _house(tmp_path, base_dice=8)  # the GM edits the copy again
    session = open_session(path)
    try:
        notices = session.take_notices()
        assert session.battle.game.rules.retaliation.base_dice == 8
        assert len(notices) == 1 and notices[0].startswith(f"this battle was last played with {house.resolve()} (sha256 ")
    finally:
        session.close()


def test_a_house_ruleset_gone_plays_the_bundled_one_and_says_so(tmp_path):
    house = _house(tmp_path)
    path = _new_battle(tmp_path, house)
    house.unlink()
    battle = load_battle(path)
    assert battle.game.rules.retaliation.base_dice == 6
    assert battle.ruleset_notice == f"the house ruleset this battle was played with, {house.resolve()}, is gone: it plays with the bundled one"


def test_the_command_line_refuses_a_broken_house_ruleset_and_one_of_another_system(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text(find_ruleset("myz").read_text(encoding="utf-8").replace("base_dice = 6", "base_dice = -6", 1), encoding="utf-8")
    run = [sys.executable, "-m", "tui", "--saves", str(tmp_path / "saves")]
    result = subprocess.run([*run, "--ruleset", str(broken), str(tmp_path / "b.toml")], capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "broken.toml" in result.stderr and "base_dice" in result.stderr
    assert not (tmp_path / "b.toml").exists()  # refused before any battle file is made
    path = _new_battle(tmp_path)
    result = subprocess.run([*run, "--ruleset", str(find_ruleset("fate")), str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "is a ruleset for fate, but the battle is one of myz" in result.stderr


def test_a_bundled_ruleset_updated_with_the_app_is_no_news(tmp_path):
    """Only its rule fixes say what an update changed in a played battle."""
    path = _new_battle(tmp_path)
    text = path.read_text(encoding="utf-8")
    recorded = load_battle(path).meta.ruleset.sha256
    path.write_text(text.replace(recorded, "0" * 64), encoding="utf-8")
    assert load_battle(path).ruleset_notice is None


def test_check_says_when_the_ruleset_changed(tmp_path):
    from tui.cli.check import check_file

    house = _house(tmp_path)
    path = _new_battle(tmp_path, house)
    _house(tmp_path, base_dice=9)
    line = check_file(path)
    assert line.startswith('ok: battle "Battle"') and "it plays now with" in line


def test_two_battles_with_different_rulesets_live_in_one_process(tmp_path):
    """The ruleset travels with the battle: no process-wide choice, so a
    house battle and a bundled one open side by side keep their own numbers."""
    house = _house(tmp_path, base_dice=9)
    with open_session(_new_battle(tmp_path, house, "ours.toml")) as ours, open_session(_new_battle(tmp_path, None, "plain.toml")) as theirs:
        assert ours.battle.ruleset.retaliation.base_dice == 9 and theirs.battle.ruleset.retaliation.base_dice == 6
        assert ours.battle.meta.ruleset.file == str(house.resolve()) and theirs.battle.meta.ruleset.file == ""
        fresh = find_system("myz").new_battle(3)
        assert fresh.ruleset.retaliation.base_dice == 6 and fresh.meta.ruleset.file == ""
    again = load_battle(tmp_path / "ours.toml"), load_battle(tmp_path / "plain.toml")
    assert [b.ruleset.retaliation.base_dice for b in again] == [9, 6]


def test_opening_with_a_house_ruleset_plays_that_battle_with_it_only(tmp_path):
    path = _new_battle(tmp_path)
    house = _house(tmp_path, base_dice=8)
    with open_session(path, house=house) as session:
        assert session.battle.ruleset.retaliation.base_dice == 8 and session.battle.meta.ruleset.file == str(house.resolve())
    assert find_system("myz").new_battle(1).ruleset.retaliation.base_dice == 6
