"""Issue 30, item 4: what a killed writer left half-written beside a battle
is cleaned when the battle is opened again, and every copy of a private
save (save-as, a conflict copy, a rescue) is as private as the save."""

from __future__ import annotations

import os

import pytest

from tests.ui.scenes import ghoul_strike
from tui.core.files.storage import create_session, open_session
from tui.core.projection import ProjectionWriter, projection_path


def test_temp_files_a_killed_write_left_are_cleaned_when_the_battle_opens(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, ghoul_strike())
    ProjectionWriter(path).write(session.battle)
    session.close()
    left = [tmp_path / ".battle.toml.abc123.tmp", tmp_path / ".battle.public.json.x9y8.tmp"]
    for temp in left:
        temp.write_text("half")
    other = tmp_path / ".other.toml.abc.tmp"  # another battle's: not this one's to clean
    other.write_text("half")
    reopened = open_session(path)
    try:
        assert not any(temp.exists() for temp in left)
        assert other.exists() and projection_path(path).exists()
    finally:
        reopened.close()


def test_a_window_that_only_reads_cleans_nothing(tmp_path):
    """A second window opens the battle read-only while the first writes:
    the writer's temp file in flight must stay."""
    path = tmp_path / "battle.toml"
    writer = create_session(path, ghoul_strike())
    in_flight = tmp_path / ".battle.public.json.live.tmp"
    in_flight.write_text("being written")
    reader = open_session(path)
    try:
        assert reader.read_only and in_flight.exists()
    finally:
        reader.close()
        writer.close()


@pytest.mark.parametrize("copy", ["save_as", "conflict", "rescue"])
def test_every_copy_of_a_private_save_is_as_private(tmp_path, copy, monkeypatch):
    old_umask = os.umask(0o022)
    try:
        path = tmp_path / "battle.toml"
        session = create_session(path, ghoul_strike())
        os.chmod(path, 0o600)
        monkeypatch.setenv("MASSCOMBAT_SAVES", str(tmp_path / "saves"))
        if copy == "save_as":
            session.save_as(tmp_path / "elsewhere.toml")
            made = tmp_path / "elsewhere.toml"
        elif copy == "conflict":
            session.battle.roll()
            path.write_text(path.read_text() + "\n# changed by someone else\n")
            session.save()
            made = session.path
            assert made != path
        else:
            made = session.rescue()
            assert made is not None
        assert made.stat().st_mode & 0o777 == 0o600, oct(made.stat().st_mode)
        session.close()
    finally:
        os.umask(old_umask)
