"""Battles started where no saves folder exists yet."""

from tui.core.systems.myz.battle import Battle
from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session


def test_a_new_battle_creates_its_saves_folder(tmp_path):
    path = tmp_path / "not" / "yet" / "there" / "battle.toml"
    session = create_session(path, Battle.new("New", ("A", "B"), seed=1))
    try:
        assert not session.read_only
        assert load_battle(path).meta.title == "New"
    finally:
        session.close()


def test_saves_keep_the_file_mode(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, Battle.new("New", ("A", "B"), seed=1))
    try:
        path.chmod(0o640)
        session.battle.rename(0, "Renamed")
        session.save()
        assert path.stat().st_mode & 0o777 == 0o640
    finally:
        session.close()
