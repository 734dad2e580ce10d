"""The journal beside a battle (issue 13): each change is one appended
line, the file is rewritten only now and then, and after a kill at any
moment the battle opens at its last completed step, never corrupt."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.files import journal
from tui.core.dice.year_zero import YearZeroRules, parse_pool
from tui.core.history import History
from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session, open_session
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.rules import shipped as _myz_ruleset

RULES = YearZeroRules.from_ruleset(_myz_ruleset())


def new_battle() -> Battle:
    return Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), (parse_pool("3b4s1g"), parse_pool("2b3s1g")), seed=7, rules=RULES)


def rename(battle: Battle) -> None:
    battle.rename(0, f"Ghouls {battle.history.cursor}")


def where(battle) -> tuple[int, int]:
    return battle.history.cursor, len(battle.history.events)


def started(tmp_path: Path):
    path = tmp_path / "ark.toml"
    return path, create_session(path, new_battle())


def play(session, count: int) -> None:
    """``count`` changes, each saved as the app saves it: a journal line."""
    for _ in range(count):
        rename(session.battle)
        session.save()


# -- the steps between two logs ------------------------------------------------------


def apply_steps(history: History, steps, apply) -> History:
    for step in steps:
        history = history.do(step.event, apply) if step.op == "do" else history.undo() if step.op == "undo" else history.redo(apply)
        assert (history.cursor, len(history.events)) == step.at
    return history


@pytest.mark.parametrize("change", ["one event", "undo", "redo", "undo twice, then a new event", "three events", "nothing"])
def test_the_steps_between_two_logs_rebuild_the_new_one(change):
    battle = new_battle()
    for _ in range(3):
        rename(battle)
    if change == "redo":
        battle.undo()
    old = battle.history
    if change == "one event":
        rename(battle)
    elif change == "undo":
        battle.undo()
    elif change == "redo":
        battle.redo()
    elif change == "undo twice, then a new event":
        battle.undo()
        battle.undo()
        rename(battle)
    elif change == "three events":
        for _ in range(3):
            rename(battle)
    steps = journal.steps_between(old, battle.history)
    assert steps is not None
    rebuilt = apply_steps(old, steps, type(battle)._apply)
    assert rebuilt.events == battle.history.events and rebuilt.cursor == battle.history.cursor
    assert (len(steps) == 0) == (change == "nothing")


def test_a_log_moved_back_in_a_copy_of_the_same_events_is_undone_to_it():
    battle = new_battle()
    for _ in range(3):
        rename(battle)
    old = battle.history
    moved_back = History(tuple(list(old.events)), 1, old.states[:2])  # equal events, another tuple
    steps = journal.steps_between(old, moved_back)
    assert steps is not None and [step.op for step in steps] == ["undo", "undo"]
    rebuilt = apply_steps(old, steps, type(battle)._apply)
    assert rebuilt.cursor == 1 and rebuilt.events == old.events


def test_a_log_that_did_not_grow_out_of_the_other_has_no_steps():
    one, other = new_battle(), new_battle()
    rename(one)
    rename(one)
    rename(other)
    assert journal.steps_between(one.history, other.history) is not None  # undo both, then do other's event
    assert journal.steps_between(History((), 0, (one.history.states[0],)), one.history) is not None


# -- a session keeps a journal -----------------------------------------------------------


def test_a_change_is_one_line_in_the_journal_and_the_file_is_left_alone(tmp_path):
    path, session = started(tmp_path)
    before = path.read_bytes()
    rename(session.battle)
    session.save()
    session.battle.undo()
    session.save()
    assert path.read_bytes() == before
    lines = journal.journal_path(path).read_bytes().splitlines()
    assert lines[0].startswith(journal.MAGIC.encode()) and len(lines) == 3
    assert where(load_battle(path)) == (0, 1)  # what anyone reading the battle sees
    session.close()
    assert not journal.exists(path) and where(load_battle(path)) == (0, 1)
    assert b"Ghouls 0" in path.read_bytes()


def test_the_file_is_rewritten_every_so_many_steps(tmp_path, monkeypatch):
    monkeypatch.setattr(journal, "FOLD_EVERY", 4)
    path, session = started(tmp_path)
    play(session, 4)
    assert session.journal_steps == 4 and journal.exists(path)
    rename(session.battle)
    session.save()
    assert session.journal_steps == 0 and not journal.exists(path)
    assert where(load_battle(path)) == (5, 5)
    session.close()


def test_a_journal_left_by_a_kill_is_folded_in_when_the_battle_opens(tmp_path):
    path, session = started(tmp_path)
    play(session, 3)
    session.lock.release()  # killed: no close, the lock's process gone
    reopened = open_session(path)
    assert where(reopened.battle) == (3, 3) and not journal.exists(path)
    assert where(load_battle(path)) == (3, 3)
    reopened.close()


def test_a_last_line_cut_short_by_a_kill_is_the_step_in_flight(tmp_path):
    path, session = started(tmp_path)
    play(session, 2)
    line = journal.encode(journal.Step("do", session.battle.history.events[-1], (3, 3)))
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(line[: len(line) // 2])
    session.lock.release()
    reopened = open_session(path)
    assert where(reopened.battle) == (2, 2) and reopened.take_notices() == []
    reopened.close()


def test_a_journal_from_before_the_last_rewrite_is_passed_by(tmp_path):
    path, session = started(tmp_path)
    play(session, 1)
    stale = journal.journal_path(path).read_bytes()
    session.close()  # folded: the file holds the step, the journal is gone
    journal.journal_path(path).write_bytes(stale)  # as if killed between the rewrite and the removal
    assert where(load_battle(path)) == (1, 1)
    reopened = open_session(path)
    assert where(reopened.battle) == (1, 1) and not journal.exists(path)
    reopened.close()


def test_a_damaged_line_stops_the_replay_says_so_and_keeps_the_journal(tmp_path):
    path, session = started(tmp_path)
    play(session, 3)
    session.lock.release()
    lines = journal.journal_path(path).read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"Ghouls", b"Gh0uls")  # the second step, its checksum now wrong
    journal.journal_path(path).write_bytes(b"\n".join(lines))
    assert where(load_battle(path)) == (1, 1)
    reopened = open_session(path)
    notices = reopened.take_notices()
    assert where(reopened.battle) == (1, 1) and len(notices) == 1
    assert "line 3 of the journal" in notices[0] and "checksum" in notices[0]
    assert list((tmp_path / "backups").glob("ark.toml.journal-*")), "the damaged journal is kept"
    assert not journal.exists(path) and where(load_battle(path)) == (1, 1)
    reopened.close()


def test_a_journal_that_is_a_link_is_not_written_through(tmp_path):
    path, session = started(tmp_path)
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    journal.journal_path(path).symlink_to(target)
    rename(session.battle)
    session.save()  # the journal refuses the link; the whole file is written instead
    assert target.read_text() == "keep me" and where(load_battle(path)) == (1, 1)
    session.close()


def test_a_full_disk_at_the_rewrite_on_close_loses_nothing(tmp_path, monkeypatch):
    path, session = started(tmp_path)
    rename(session.battle)
    session.save()

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tui.core.files.saving.write_atomic", full)
    session.close()
    assert session.unsaved is None and journal.exists(path)
    monkeypatch.undo()
    assert where(load_battle(path)) == (1, 1)
    reopened = open_session(path)
    assert where(reopened.battle) == (1, 1) and not journal.exists(path)
    reopened.close()
