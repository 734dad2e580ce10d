"""What a shared folder, a hand edit or a hostile file can do to a battle
on disk, and why none of it loses an update or harms another file (issue 12).

Each case is one the drills in ``bench/drills/`` run at scale, here at small
N with the failure injected: no root, no sleeps.
"""

from __future__ import annotations

import os
import random
import time
import tracemalloc
from pathlib import Path

import pytest

from tui.core.files import journal
from tui.core.dice.year_zero import YearZeroRules, parse_pool
from tui.core.errors import BattleLocked, SaveFileError
from tui.core.files.locking import BattleLock, lock_path_for, read_holder
from tui.core.files.loading import load_battle
from tui.core.files.saving import save_battle
from tui.core.files.storage import create_session, open_session
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.rules import shipped as _myz_ruleset
from tui.core.files.tomlfile import MAX_FILE_BYTES, parse_toml, read_toml

RULES = YearZeroRules.from_ruleset(_myz_ruleset())


def new_battle(seed: int = 7) -> Battle:
    return Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), (parse_pool("3b4s1g"), parse_pool("2b3s1g")), seed=seed, rules=RULES)


def step(battle: Battle) -> None:
    """One more event in the log (a rename can be repeated, a roll can't)."""
    battle.rename(0, f"Ghouls {battle.history.cursor}")


def conflict_copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.conflict-*.toml"))


# -- item 4: a lock file that is a link or not a file -------------------------


def test_a_symlinked_lock_file_is_never_followed(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    lock_path_for(path).symlink_to(victim)
    session = open_session(path)
    assert session.read_only and session.notice is not None and "link" in session.notice
    session.close()
    assert victim.read_text() == "precious\n"
    assert lock_path_for(path).is_symlink()
    assert read_holder(path) is None  # reading who holds it does not follow the link either


def test_a_lock_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    os.mkfifo(lock_path_for(path))
    with pytest.raises(BattleLocked, match="not a regular file"):
        BattleLock.acquire(path)
    assert read_holder(path) is None


# -- item 5: lost updates -------------------------------------------------------


def test_a_hand_edit_while_open_is_kept_and_the_battle_goes_to_a_conflict_copy(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    edited = path.read_text().replace("Ghoul Strike", "Edited by hand")
    path.write_text(edited)
    step(session.battle)
    assert session.save()
    assert path.read_text() == edited  # the hand edit survives
    [copy] = conflict_copies(tmp_path)
    assert session.path == copy and load_battle(copy).history.cursor == 1
    [notice] = session.take_notices()
    assert "changed outside" in notice and copy.name in notice and "\n" not in notice
    step(session.battle)
    session.save()  # later saves go on in the copy, quietly
    assert load_battle(copy).history.cursor == 2 and session.take_notices() == []
    session.close()
    assert not lock_path_for(path).exists() and not lock_path_for(copy).exists()


def test_a_deleted_lock_and_a_second_app_lose_no_update(tmp_path):
    path = tmp_path / "battle.toml"
    first = create_session(path, new_battle())
    for _ in range(3):
        step(first.battle)
        first.save()
    lock_path_for(path).unlink()  # "it looks stale": deleted by hand
    second = open_session(path)
    assert not second.read_only  # the lock was gone, so it opened writable
    first.battle.undo()
    first.save()  # the first app must not wipe what the second holds
    assert load_battle(path).history.cursor == 3
    [copy] = conflict_copies(tmp_path)
    assert load_battle(copy).history.cursor == 2
    assert "another masscombat" in first.take_notices()[0]
    step(second.battle)
    second.save()
    assert load_battle(path).history.cursor == 4
    first.close()
    second.close()


def test_a_deleted_lock_with_nobody_else_is_simply_taken_again(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    lock_path_for(path).unlink()
    step(session.battle)
    session.save()
    assert load_battle(path).history.cursor == 1 and conflict_copies(tmp_path) == []
    assert lock_path_for(path).exists() and session.lock is not None and session.lock.still_held()
    with pytest.raises(BattleLocked):
        BattleLock.acquire(path)
    session.close()


def test_a_save_reached_through_a_link_has_one_lock_and_stays_a_link(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    link = tmp_path / "shortcut.toml"
    link.symlink_to(path)
    first = open_session(link)
    second = open_session(path)
    assert first.path == path and not first.read_only
    assert second.read_only  # the same battle: the same lock
    step(first.battle)
    first.save()
    assert link.is_symlink() and load_battle(link).history.cursor == 1
    first.close()
    second.close()


def test_a_failed_save_is_remembered_until_one_succeeds(tmp_path, monkeypatch):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    step(session.battle)
    real_replace = os.replace

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    real_append = journal.append
    monkeypatch.setattr(os, "replace", full)
    monkeypatch.setattr(journal, "append", full)  # a full disk takes no journal line either
    with pytest.raises(SaveFileError):
        session.save()
    assert session.unsaved is not None and "No space" in session.unsaved
    monkeypatch.setattr(os, "replace", real_replace)
    monkeypatch.setattr(journal, "append", real_append)
    session.save()
    assert session.unsaved is None and load_battle(path).history.cursor == 1
    session.close()


def test_save_as_carries_on_in_the_new_file_and_frees_the_old(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    target = tmp_path / "elsewhere" / "kept.toml"
    step(session.battle)
    session.save_as(target)
    assert session.path == target and load_battle(target).history.cursor == 1
    BattleLock.acquire(path).release()  # the old file is free
    with pytest.raises(SaveFileError, match="already exists"):
        session.save_as(path)
    session.close()


def test_a_new_battle_that_cannot_be_created_says_so(tmp_path, monkeypatch):
    def refuse(src, dst):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SaveFileError) as caught:
        create_session(tmp_path / "new.toml", new_battle())
    assert "could not be created" in str(caught.value) and "unchanged" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []


# -- item 6: small files that would cost minutes and gigabytes ------------------


HOSTILE = {
    "dotted key": "a." * 100_000 + "a = 1\n",
    "table header": "[" + "a." * 100_000 + "a]\n",
    "nested arrays": "a = " + "[" * 50_000 + "]" * 50_000 + "\n",
    "inline tables": "a = " + "{b = " * 20_000 + "1" + "}" * 20_000 + "\n",
    "10 KB of dots": "x." * 5_000 + "x = 1\n",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_toml_is_refused_fast_and_small(name):
    tracemalloc.start()
    started = time.process_time()
    with pytest.raises(SaveFileError, match="nested too deeply"):
        parse_toml(HOSTILE[name], "x.toml")
    spent = time.process_time() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 50 * 1024 * 1024
    assert spent < 30  # a bound on runaway work, not a timing goal (bench/drills measures)


def test_ordinary_dotted_keys_floats_and_strings_still_read():
    text = 'a.b.c = 1.5\nd = [1.5, 2.5]\ne = "x.y.z.' + "w." * 100 + '"\n[t.u]\nv = 1\n'
    assert parse_toml(text, "x.toml")["a"]["b"]["c"] == 1.5


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    with pytest.raises(SaveFileError, match="larger than"):
        read_toml(path)


def test_a_file_deleted_behind_the_session_is_written_again(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    path.unlink()
    step(session.battle)
    session.save()
    assert load_battle(path).history.cursor == 1 and conflict_copies(tmp_path) == []
    session.close()


def test_a_conflict_copy_that_cannot_be_locked_is_a_failed_save_not_a_crash(tmp_path, monkeypatch):
    from tui.core.files import locking

    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    path.write_text(path.read_text().replace("Ghoul Strike", "Edited by hand"))
    real_acquire = locking.BattleLock.acquire.__func__

    def refuse_copies(cls, target):
        if ".conflict-" in target.name:
            raise BattleLocked(f"{target} cannot be locked (Permission denied)")
        return real_acquire(cls, target)

    monkeypatch.setattr(locking.BattleLock, "acquire", classmethod(refuse_copies))
    step(session.battle)
    with pytest.raises(SaveFileError, match="cannot be locked"):
        session.save()
    assert session.unsaved is not None and session.path == path
    assert load_battle(path).meta.title == "Edited by hand"
    session.close(save=False)


def test_a_lock_file_that_is_a_hard_link_is_never_written_through(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    victim = tmp_path / "victim.txt"
    victim.write_text("VICTIM\n")
    os.link(victim, lock_path_for(path))
    session = open_session(path)
    assert session.read_only and session.notice is not None and "hard link" in session.notice
    session.close()
    assert victim.read_text() == "VICTIM\n"


def test_a_folder_deleted_behind_the_session_is_made_again_without_a_conflict(tmp_path):
    import shutil

    folder = tmp_path / "campaign"
    path = folder / "battle.toml"
    session = create_session(path, new_battle())
    shutil.rmtree(folder)
    step(session.battle)
    session.save()
    assert session.path == path and load_battle(path).history.cursor == 1
    assert session.take_notices() == [] and conflict_copies(folder) == []
    session.close()


def test_the_quick_screen_for_depth_agrees_with_the_exact_walk(monkeypatch):
    """``_surely_shallow`` may send a file to the exact walk needlessly, but
    never lets through one the walk refuses (random TOML-ish text, with
    runs of brackets and dots long enough to cross the limits)."""
    from tui.core.files import tomlfile

    rng = random.Random(13)
    alphabet = "[]{}.\"'#\n=,ab\\"
    texts = []
    for number in range(6000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 160)))
        texts += [text, text.replace("[", "[" * 12) if number % 2 else text.replace(".", "." * 9), text.replace("{", "{" * 7)]
    screened = [tomlfile._too_deep(text) for text in texts]
    monkeypatch.setattr(tomlfile, "_surely_shallow", lambda text: False)
    exact = [tomlfile._too_deep(text) for text in texts]
    assert screened == exact
    assert sum(place is not None for place in exact) > 1000  # the limits were crossed often


@pytest.mark.parametrize("name", ["ghoul-strike", "ford-of-brannock", "operation-nightjar"])
def test_a_battle_file_of_ordinary_shape_passes_the_quick_screen(name):
    from tui.core.files.places import find_example
    from tui.core.files.tomlfile import _surely_shallow

    assert _surely_shallow(find_example(name).read_text(encoding="utf-8"))
    for text in HOSTILE.values():
        assert not _surely_shallow(text)
