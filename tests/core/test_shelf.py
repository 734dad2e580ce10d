"""What the start screen lists: each battle's system and title from the
keys before its first table, the rest of a long save left unread."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import SaveFileError
from tui.core.files.shelf import recent_battles
from tui.core.files.tomlfile import read_toml_top


def test_only_the_keys_before_the_first_table_are_read(tmp_path: Path):
    path = tmp_path / "battle.toml"
    # The body is not TOML at all: were it parsed, the read would fail.
    path.write_text('system = "fate"\ntitle = "Ford"\n\n[state]\nthis is = = not toml\n', encoding="utf-8")
    assert read_toml_top(path) == {"system": "fate", "title": "Ford"}


def test_a_table_header_inside_a_multi_line_string_reads_the_whole_file(tmp_path: Path):
    path = tmp_path / "battle.toml"
    path.write_text('title = """The\n[Ford]\nof Brannock"""\nsystem = "fate"\n\n[state]\nstage = "muster"\n', encoding="utf-8")
    data = read_toml_top(path)
    assert data["title"] == "The\n[Ford]\nof Brannock" and data["system"] == "fate" and data["state"] == {"stage": "muster"}


def test_a_broken_header_is_one_line_saying_where(tmp_path: Path):
    path = tmp_path / "battle.toml"
    path.write_text('system = "fate\ntitle = "Ford"\n[state]\n', encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        read_toml_top(path)
    assert "battle.toml:1:" in str(caught.value) and "\n" not in str(caught.value)


def test_the_shelf_lists_a_battle_by_its_header_and_one_broken_there_with_why(tmp_path: Path):
    (tmp_path / "good.toml").write_text('system = "fate"\ntitle = "Ford"\n[state]\nnot = = toml\n', encoding="utf-8")
    (tmp_path / "bad.toml").write_text('system = \n', encoding="utf-8")
    listed = {item.path.name: item for item in recent_battles(tmp_path)}
    assert listed["good.toml"].title == "Ford" and listed["good.toml"].system == "fate" and listed["good.toml"].problem is None
    assert listed["bad.toml"].problem is not None and listed["bad.toml"].system == ""
