"""Saving and loading battles: the product must never lose a GM's evening.

Round trips (hand-made and hypothesis-driven), crash-safe writes, backups
with an injected clock, the lock file across processes, and a fuzzed loader
that may only ever raise one-line ``SaveFileError``s and never writes.
"""

from __future__ import annotations

import copy
import os
import signal
import socket
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tui.core.files import backups, loading, locking, saving, storage
from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool, YearZeroRules, parse_pool
from tui.core.systems.myz.rules import shipped as _myz_ruleset
from tui.core.errors import BattleLocked, MassCombatError, SaveFileError
from tui.core.files.locking import BattleLock, lock_path_for
from tui.core.files.backups import BACKUP_INTERVAL_MINUTES, backups_for, bak_path, KEEP_BACKUPS
from tui.core.files.loading import load_battle
from tui.core.files.places import default_saves_dir, find_example, list_examples, open_example, working_copy
from tui.core.files.saving import save_battle
from tui.core.files.storage import create_session, open_session
from tui.core.files.tomlfile import dump_toml

RULES = YearZeroRules.from_ruleset(_myz_ruleset())
ODD_NAMES = ["Ogre[/]", "[@click=app.quit]x[/]", 'say "hi"', "it's", "Ведьмы ☢ 鬼", "\\n not a break", "a = b", "[[log]]", "#hash"]


def new_battle(seed: int = 7) -> Battle:
    return Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), (parse_pool("3b4s1g"), parse_pool("2b3s1g")), seed=seed, rules=RULES)


def played_battle() -> Battle:
    """A battle with a finished exchange, a second roll half pushed and a redo future."""
    battle = new_battle()
    battle.roll()
    while battle.state.turn is not None:
        side = battle.state.turn
        roll = battle.state.sides[side].roll
        if roll is not None and roll.can_push and roll.pushes == 0:
            battle.push()
        else:
            battle.settle()
    battle.new_roll()
    battle.rename(0, "Ogre[/]")
    battle.roll()
    battle.push()
    battle.undo()
    return battle


def snapshot(battle: Battle) -> tuple:
    return battle.state, battle.history.events, battle.history.cursor, battle.meta.title, battle.seed


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_load_error(path: Path) -> SaveFileError:
    """Loading ``path`` raises exactly a one-line SaveFileError and writes nothing."""
    folder = path.parent
    before = files_in(folder)
    with pytest.raises(SaveFileError) as caught:
        load_battle(path)
    text = str(caught.value)
    assert "\n" not in text and "\r" not in text, text
    assert text.startswith(str(path)), text
    assert files_in(folder) == before
    return caught.value


# -- round trips ------------------------------------------------------------


def test_round_trip_keeps_state_log_cursor_and_meta(tmp_path):
    battle = played_battle()
    path = tmp_path / "battle.toml"
    save_battle(battle, path)
    loaded = load_battle(path)
    assert snapshot(loaded) == snapshot(battle)
    assert loaded.meta == battle.to_file()
    assert loaded.can_redo and loaded.state.sides[0].name == "Ogre[/]"
    loaded.redo()
    battle.redo()
    assert loaded.state == battle.state


def test_saved_file_starts_with_the_header_and_is_stable(tmp_path):
    path = tmp_path / "battle.toml"
    battle = played_battle()
    save_battle(battle, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# masscombat battle — edit with care; check with: masscombat check FILE\n")
    inode = path.stat().st_ino
    save_battle(load_battle(path), path)  # nothing changed: nothing rewritten, no backup
    assert path.stat().st_ino == inode
    assert not bak_path(path).exists()


PLAY = st.one_of(  # the exchange itself, weighted up so pushes and settles happen often
    st.tuples(st.just("roll")),
    st.tuples(st.just("push"), st.none() | st.integers(0, 1)),
    st.tuples(st.just("settle"), st.none() | st.integers(0, 1)),
    st.tuples(st.just("new_roll")),
)
ACTIONS = st.one_of(
    PLAY,
    PLAY,
    PLAY,
    st.tuples(st.just("set_pool"), st.integers(0, 1), st.builds(Pool, st.integers(0, 3), st.integers(0, 3), st.integers(0, 2))),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("set_first"), st.integers(0, 1)),
    st.tuples(st.just("rename"), st.integers(0, 1), st.sampled_from(ODD_NAMES) | st.text(min_size=1, max_size=60)),
)


def perform(battle: Battle, action: tuple) -> None:
    name, *args = action
    try:
        getattr(battle, name)(*args)
    except ValueError:  # the rules (or a name check) refused it: nothing changed
        pass


@settings(max_examples=100, deadline=None)
@given(st.lists(ACTIONS, max_size=40), st.integers(0, 3), st.integers(0, 2**63 - 1))
def test_random_play_survives_save_and_load(actions, undos, seed):
    battle = new_battle(seed)
    for action in actions + [("undo",)] * undos:  # trailing undos leave a redo future
        perform(battle, action)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.toml"
        save_battle(battle, path)
        loaded = load_battle(path)
    assert snapshot(loaded) == snapshot(battle)
    while battle.can_redo:  # the redo future replays the same way
        battle.redo()
        loaded.redo()
        assert loaded.state == battle.state


# -- crash safety -----------------------------------------------------------


def _two_versions(tmp_path: Path) -> tuple[Path, Battle, bytes]:
    path = tmp_path / "battle.toml"
    battle = new_battle()
    save_battle(battle, path)
    old = path.read_bytes()
    battle.roll()
    return path, battle, old


def test_a_full_disk_in_the_save_itself_keeps_the_old_file(tmp_path, monkeypatch):
    path, battle, old = _two_versions(tmp_path)
    real_replace = os.replace

    def replace(src, dst):
        if Path(dst) == path:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(SaveFileError) as caught:
        save_battle(battle, path)
    assert "No space left on device" in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == old
    assert load_battle(path).history.events == ()
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    monkeypatch.setattr(os, "replace", real_replace)
    save_battle(battle, path)  # the disk is back: saving works again
    assert load_battle(path).history.events == battle.history.events


@pytest.mark.parametrize("copy", ["backups", ".bak"])
def test_a_backup_that_fails_never_blocks_the_save(tmp_path, monkeypatch, copy):
    path, battle, old = _two_versions(tmp_path)
    real_replace = os.replace

    def replace(src, dst):
        failing = Path(dst).parent.name == "backups" if copy == "backups" else Path(dst).name.endswith(".bak")
        if failing:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    saved = save_battle(battle, path)
    assert saved.warning is not None and "No space left on device" in saved.warning and "\n" not in saved.warning
    assert load_battle(path).history.events == battle.history.events
    assert saved.content == path.read_bytes()
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_interrupt_during_replace_keeps_the_old_file(tmp_path, monkeypatch):
    path, battle, old = _two_versions(tmp_path)

    def replace(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        save_battle(battle, path)
    assert path.read_bytes() == old
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


@pytest.mark.parametrize("failing_call", range(1, 7))
def test_crash_in_fsync_leaves_old_or_new_never_half(tmp_path, monkeypatch, failing_call):
    path, battle, old = _two_versions(tmp_path)
    real_fsync, calls = os.fsync, []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == failing_call:
            raise OSError(5, "Input/output error")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    try:
        save_battle(battle, path)
    except SaveFileError:
        assert path.read_bytes() == old
    else:
        assert load_battle(path).history.events == battle.history.events
    load_battle(path)
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_crash_on_first_save_leaves_nothing(tmp_path, monkeypatch):
    def replace(src, dst):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(SaveFileError):
        save_battle(new_battle(), tmp_path / "new.toml")
    assert list(tmp_path.iterdir()) == []


def test_stale_temp_files_are_cleared_when_a_session_opens(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    stale = tmp_path / ".battle.toml.abc123.tmp"
    stale.write_text("half a save")
    other = tmp_path / ".other.toml.abc123.tmp"
    other.write_text("not ours")
    open_session(path).close()
    assert not stale.exists() and other.exists()



def test_temp_files_a_killed_backup_left_are_cleared_when_a_session_opens(tmp_path):
    from tui.core.files.backups import backup_folder

    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    folder = backup_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    stale = folder / ".battle.20261124-101010-000000.toml.x1y2.tmp"
    stale.write_text("half a backup")
    kept = folder / "battle.20261124-101010-000000.toml"
    kept.write_text("a whole backup")
    other = folder / ".other.20261124-101010-000000.toml.x1y2.tmp"
    other.write_text("another battle's")
    longer = folder / ".battle.x.20261124-101010-000000.toml.x1y2.tmp"
    longer.write_text("battle.x's, whose name starts with this one's")
    open_session(path).close()
    assert not stale.exists() and kept.exists() and other.exists() and longer.exists()


# -- backups ----------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 19, 2, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(backups, "clock", fake)  # read in backups.now, so patched there
    return fake


def test_bak_holds_the_previous_version(tmp_path, clock):
    path = tmp_path / "battle.toml"
    battle = new_battle()
    save_battle(battle, path)
    assert not bak_path(path).exists()
    first = path.read_bytes()
    battle.roll()
    save_battle(battle, path)
    assert bak_path(path).read_bytes() == first
    second = path.read_bytes()
    battle.push()
    save_battle(battle, path)
    assert bak_path(path).read_bytes() == second
    assert load_battle(bak_path(path)).history.cursor == 1


def test_timed_backups_at_most_one_per_interval(tmp_path, clock):
    path = tmp_path / "battle.toml"
    battle = new_battle()
    save_battle(battle, path)
    assert backups_for(path) == []  # nothing existed before: nothing to back up
    versions = [path.read_bytes()]
    battle.set_first(1)
    save_battle(battle, path)  # the first save over a file takes a backup
    assert [p.read_bytes() for p in backups_for(path)] == versions
    assert backups_for(path)[0].name == "battle.20240501-190200-000000.toml"
    assert backups_for(path)[0].parent == tmp_path / "backups"
    versions.append(path.read_bytes())
    clock.advance(BACKUP_INTERVAL_MINUTES - 1)
    battle.set_first(0)
    save_battle(battle, path)
    assert len(backups_for(path)) == 1  # too soon
    clock.advance(1)
    battle.set_first(1)
    save_battle(battle, path)
    assert len(backups_for(path)) == 2
    assert backups_for(path)[-1].read_bytes() != versions[0]


def test_backups_rotate_keeping_the_newest(tmp_path, clock):
    path = tmp_path / "battle.toml"
    battle = new_battle()
    save_battle(battle, path)
    saved = []
    for turn in range(KEEP_BACKUPS + 5):
        saved.append(path.read_bytes())
        battle.rename(0, f"Ghouls {turn}")
        clock.advance(BACKUP_INTERVAL_MINUTES)
        save_battle(battle, path)
    kept = backups_for(path)
    assert len(kept) == KEEP_BACKUPS
    assert [p.read_bytes() for p in kept] == saved[-KEEP_BACKUPS:]
    assert len(list((tmp_path / "backups").iterdir())) == KEEP_BACKUPS


def test_each_session_open_takes_a_backup_unless_unchanged(tmp_path, clock):
    path = tmp_path / "battle.toml"
    battle = new_battle()
    save_battle(battle, path)
    open_session(path).close()
    assert len(backups_for(path)) == 1
    open_session(path).close()  # same bytes as the newest backup: no copy
    assert len(backups_for(path)) == 1
    session = open_session(path)
    session.battle.roll()
    session.close()
    clock.advance(1)
    open_session(path).close()  # once per open, even within the interval
    assert len(backups_for(path)) == 2
    assert load_battle(backups_for(path)[-1]).history.cursor == 1


def test_backups_of_one_battle_ignore_similar_names(tmp_path, clock):
    path = tmp_path / "ark.toml"
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "ark-2.20240101-000000-000000.toml").write_text("x")
    (tmp_path / "backups" / "ark.notes.toml").write_text("x")
    assert backups_for(path) == []


# -- locking ----------------------------------------------------------------


def test_second_session_is_read_only_and_names_the_holder(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    first = open_session(path)
    assert not first.read_only and first.notice is None
    assert lock_path_for(path).exists()
    second = open_session(path)
    assert second.read_only and second.lock is None
    assert f"pid {os.getpid()} on {socket.gethostname()}" in second.notice
    assert str(path) in second.notice
    before = path.read_bytes()
    second.battle.roll()
    assert second.save() is False
    second.close()
    assert path.read_bytes() == before
    with pytest.raises(BattleLocked, match=f"pid {os.getpid()}"):
        open_session(path, read_only_if_locked=False)
    first.close()
    assert not lock_path_for(path).exists()
    third = open_session(path)
    assert not third.read_only
    third.close()


def test_battle_lock_is_a_context_manager(tmp_path):
    path = tmp_path / "x.toml"
    with BattleLock.acquire(path) as lock:
        assert lock.held
        with pytest.raises(BattleLocked, match="is open in another masscombat"):
            BattleLock.acquire(path)
    assert not lock.held
    lock.release()  # idempotent
    BattleLock.acquire(path).release()


HOLDER = """
import os, sys
from pathlib import Path
from tui.core.files.locking import BattleLock
lock = BattleLock.acquire(Path(sys.argv[1]))
print("locked", flush=True)
if sys.argv[2] == "die":
    os._exit(0)
sys.stdin.readline()
lock.release()
"""


def test_lock_held_by_another_process(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), "wait"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        session = open_session(path)
        assert session.read_only
        assert f"pid {holder.pid} on" in session.notice
    finally:
        holder.communicate("\n", timeout=30)
    assert not open_session(path).read_only


def test_lock_of_a_dead_process_does_not_block(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    holder = subprocess.run([sys.executable, "-c", HOLDER, str(path), "die"], capture_output=True, text=True, timeout=30)
    assert holder.stdout == "locked\n"
    assert lock_path_for(path).exists()  # the crash left the file behind...
    holder_info = locking.read_holder(path)
    assert holder_info is not None and holder_info.pid != os.getpid()
    session = open_session(path)  # ...but not the lock
    assert not session.read_only
    session.close()


def test_leftover_lock_file_with_garbage_does_not_block(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    lock_path_for(path).write_bytes(b"\xff\x00 garbage")
    session = open_session(path)
    assert not session.read_only
    session.close()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


@pytest.fixture
def no_fcntl(monkeypatch):
    monkeypatch.setattr(locking, "fcntl", None)


def test_exclusive_file_fallback(tmp_path, no_fcntl):
    path = tmp_path / "battle.toml"
    lock = BattleLock.acquire(path)
    with pytest.raises(BattleLocked) as caught:
        BattleLock.acquire(path)
    assert f"pid {os.getpid()}" in str(caught.value) and str(lock_path_for(path)) in str(caught.value)
    lock.release()
    assert not lock_path_for(path).exists()
    BattleLock.acquire(path).release()


def test_exclusive_fallback_takes_over_a_dead_holder_on_this_host(tmp_path, no_fcntl):
    path = tmp_path / "battle.toml"
    stale = locking.Holder(_dead_pid(), socket.gethostname(), datetime.now().astimezone())
    lock_path_for(path).write_bytes(stale.dump())
    lock = BattleLock.acquire(path)
    assert f"pid = {os.getpid()}" in lock_path_for(path).read_text()
    lock.release()


def test_exclusive_fallback_never_guesses_about_other_hosts(tmp_path, no_fcntl):
    path = tmp_path / "battle.toml"
    lock_path_for(path).write_bytes(locking.Holder(_dead_pid(), "elsewhere", datetime(2024, 5, 1, 19, 2)).dump())
    with pytest.raises(BattleLocked, match="pid .* on elsewhere, since 2024-05-01 19:02.*delete"):
        BattleLock.acquire(path)


def test_session_close_saves_releases_and_is_idempotent(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    session.battle.roll()
    session.close()
    session.close()
    assert session.closed and session.save() is False
    assert load_battle(path).history.cursor == 1
    assert not lock_path_for(path).exists()


def test_close_from_a_signal_handler(tmp_path):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    session.battle.roll()
    previous = signal.signal(signal.SIGUSR1, lambda *_: session.close())
    try:
        os.kill(os.getpid(), signal.SIGUSR1)
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert session.closed and load_battle(path).history.cursor == 1
    assert not open_session(path).read_only


def test_close_that_interrupts_a_save_still_saves(tmp_path, monkeypatch):
    path = tmp_path / "battle.toml"
    session = create_session(path, new_battle())
    session.battle.roll()
    real_save, calls = storage.save_battle, []

    def save_interrupted_by_signal(battle, target, **options):
        calls.append(target)
        if len(calls) == 1:
            session.close()  # the handler runs mid-save, then the save goes on
        return real_save(battle, target, **options)

    monkeypatch.setattr(storage, "save_battle", save_interrupted_by_signal)
    session.close()
    assert len(calls) == 2 and session.closed
    assert load_battle(path).history.cursor == 1
    assert not lock_path_for(path).exists()


def test_open_session_refuses_a_missing_file_and_leaves_nothing(tmp_path):
    with pytest.raises(SaveFileError, match="no such file"):
        open_session(tmp_path / "nope.toml")
    assert list(tmp_path.iterdir()) == []


def test_open_session_on_a_broken_file_leaves_it_alone(tmp_path):
    path = tmp_path / "battle.toml"
    path.write_text("schema_version = 1\nseed = 'x'\n")
    before = files_in(tmp_path)
    with pytest.raises(SaveFileError, match="seed"):
        open_session(path)
    assert files_in(tmp_path) == before


def test_create_session_refuses_to_overwrite(tmp_path):
    path = tmp_path / "battle.toml"
    save_battle(new_battle(), path)
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match="already exists"):
        create_session(path, new_battle(seed=99))
    assert path.read_bytes() == before
    assert not lock_path_for(path).exists()


# -- examples and folders -----------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "ghoul-strike.toml"


def test_ghoul_strike_example():
    battle = load_battle(EXAMPLE)
    meta = battle.meta
    assert meta.template and meta.title == "Ghoul Strike" and meta.seed == 1877
    assert [s.name for s in meta.setup.sides] == ["Zone-Ghouls", "The Ark"]
    # The text's first wave, played up to the Battle roll: the pools are the text's.
    game = battle.game
    assert game.stage == "wave" and game.wave.phase == "battle" and game.first == 1
    assert [p.pool.notation() for p in game.wave.pools] == ["3b4s1g", "2b3s1g"]
    assert [s.pool.notation() for s in battle.state.sides] == ["3b4s1g", "2b3s1g"]
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "Artillery Superiority" in text and "Remarkable Action" in text
    assert find_example("ghoul-strike") == find_example("ghoul-strike.toml")
    assert find_example("ghoul-strike").name == "ghoul-strike.toml"
    assert "ghoul-strike.toml" in [p.name for p in list_examples()]


def test_unknown_example_lists_the_bundled_ones():
    with pytest.raises(SaveFileError, match="ghoul-strike"):
        find_example("../../etc/passwd")


def test_open_example_makes_then_reuses_a_working_copy(tmp_path):
    example = tmp_path / "examples" / "demo.toml"
    example.parent.mkdir()
    example.write_bytes(EXAMPLE.read_bytes())
    saves = tmp_path / "saves"
    copy_path = open_example(example, saves)
    assert copy_path == saves / "demo.toml"
    session = open_session(copy_path)
    assert not session.read_only and not session.battle.meta.template
    session.battle.roll()
    session.close()
    assert open_example(example, saves) == copy_path
    assert load_battle(copy_path).history.cursor == len(load_battle(EXAMPLE).history.events) + 1  # the game goes on
    assert example.read_bytes() == EXAMPLE.read_bytes()
    assert working_copy(example, saves) == copy_path
    assert working_copy(copy_path, saves) == copy_path


def test_a_template_opened_directly_is_read_only(tmp_path):
    example = tmp_path / "demo.toml"
    example.write_bytes(EXAMPLE.read_bytes())
    session = open_session(example)
    assert session.read_only and "example" in session.notice
    session.battle.roll()
    session.close()
    assert example.read_bytes() == EXAMPLE.read_bytes()
    assert not lock_path_for(example).exists()


def test_default_saves_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MASSCOMBAT_SAVES", str(tmp_path / "mine"))
    assert default_saves_dir() == tmp_path / "mine"
    monkeypatch.delenv("MASSCOMBAT_SAVES")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_saves_dir() == tmp_path / "data" / "masscombat" / "saves"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_saves_dir() == tmp_path / "home" / ".local" / "share" / "masscombat" / "saves"
    (tmp_path / "saves").mkdir()
    assert default_saves_dir().resolve() == (tmp_path / "saves").resolve()


# -- malformed files --------------------------------------------------------


def valid_data() -> dict:
    return saving.battle_data(played_battle())


def write(tmp_path: Path, data: dict | str | bytes, name: str = "battle.toml") -> Path:
    path = tmp_path / name
    if isinstance(data, dict):
        data = dump_toml(data)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    lines = [i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if line.strip() == needle]
    return lines[nth - 1]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_garbage_text_raises_only_save_file_error(text):
    with tempfile.TemporaryDirectory() as folder:
        assert_load_error(write(Path(folder), text))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_garbage_bytes_raise_only_save_file_error(raw):
    with tempfile.TemporaryDirectory() as folder:
        assert_load_error(write(Path(folder), raw))


def test_every_truncation_loads_or_fails_cleanly(tmp_path):
    full = tmp_path / "full.toml"
    save_battle(played_battle(), full)
    text = full.read_text(encoding="utf-8")
    lines = text.split("\n")
    outcomes = set()
    for cut in range(len(lines)):
        path = write(tmp_path, "\n".join(lines[:cut]), "cut.toml")
        try:
            load_battle(path)
            outcomes.add("loaded")
        except SaveFileError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))
            outcomes.add("refused")
    assert outcomes == {"loaded", "refused"}


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_truncation_at_any_byte_fails_cleanly(data):
    raw = (EXAMPLE.read_bytes() + dump_toml({"log": valid_data()["log"]}).encode())
    cut = data.draw(st.integers(0, len(raw)))
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), raw[:cut])
        try:
            load_battle(path)
        except SaveFileError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))


TOML_VALUES = st.recursive(
    st.integers(-(2**63), 2**63 - 1) | st.booleans() | st.text(max_size=8) | st.floats() | st.datetimes(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _slots(node, found):
    """Every (container, key) in a parsed TOML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((node, key))
            _slots(value, found)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((node, index))
            _slots(value, found)
    return found


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_saves_raise_only_save_file_error(data):
    tree = copy.deepcopy(VALID)
    for _ in range(data.draw(st.integers(1, 3))):
        slots = _slots(tree, [])
        container, key = slots[data.draw(st.integers(0, len(slots) - 1))]
        how = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace":
            container[key] = data.draw(TOML_VALUES)
        elif how == "delete":
            del container[key]
        elif isinstance(container, dict):
            container[data.draw(st.text(min_size=1, max_size=6))] = data.draw(TOML_VALUES)
        else:
            container.append(data.draw(TOML_VALUES))
    try:
        text = dump_toml(tree)
    except (TypeError, ValueError):
        assume(False)
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), text)
        before = path.read_bytes()
        try:
            load_battle(path)
        except SaveFileError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))
        assert path.read_bytes() == before


VALID = valid_data()


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.update(log=3), "log"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(title=3), "title"),
        (lambda d: d.update(title=""), "title"),
        (lambda d: d.update(cursor=-1), "cursor"),
        (lambda d: d.update(state=3), "state"),
        (lambda d: d.update(setup=[1, 2]), "setup"),
        (lambda d: d["setup"].update(first=2), "setup.first"),
        (lambda d: d["setup"]["sides"].pop(), "setup.sides.1"),
        (lambda d: d["setup"]["sides"][0].update(pool="5x"), "setup.sides.0.pool"),
        (lambda d: d["setup"]["sides"][0].update(pool=5), "setup.sides.0.pool"),
        (lambda d: d["log"][0].update(kind="explode"), "log.0"),
        (lambda d: d["log"][0].update(counter="zero"), "log.0.roll.counter"),
        (lambda d: d["log"][0]["sides"][0].update(base=[0]), "log.0.roll.sides.0.base.0"),
        (lambda d: d.update(colour="red"), "colour"),
        (lambda d: d["setup"].update(colour="red"), "setup.colour"),
        (lambda d: d.update(system="warhammer"), "system"),
        (lambda d: d.update(system="kingmaker"), "setup.sides"),
        (lambda d: d.update(schema_version="1"), "schema_version"),
        (lambda d: d.update(schema_version=True), "schema_version"),
        (lambda d: d.pop("schema_version"), "schema_version"),
        (lambda d: d.update(cursor=99), "cursor"),
    ],
)
def test_wrong_fields_name_their_path(tmp_path, change, field):
    data = copy.deepcopy(VALID)
    change(data)
    error = assert_load_error(write(tmp_path, data))
    assert error.field == field
    assert f": {field}: " in str(error)


def test_unknown_key_points_at_its_line(tmp_path):
    path = write(tmp_path, "# top\n" + dump_toml(VALID).replace("seed = ", "colour = \"red\"\nseed = ", 1))
    error = assert_load_error(path)
    assert str(error).startswith(f"{path}:{line_of_prefix(path, 'colour')}:1: colour: ")


def line_of_prefix(path: Path, prefix: str) -> int:
    return next(i for i, line in enumerate(path.read_text().split("\n"), 1) if line.startswith(prefix))


def test_toml_syntax_error_reports_line_and_column(tmp_path):
    lines = dump_toml(VALID).split("\n")
    lines[3] = "seed = = 3"
    path = write(tmp_path, "\n".join(lines))
    error = assert_load_error(path)
    assert error.location is not None and error.location[0] == 4
    assert str(error).startswith(f"{path}:4:")


def test_event_that_does_not_replay_points_at_its_log_entry(tmp_path):
    data = copy.deepcopy(VALID)
    push = next(i for i, e in enumerate(data["log"]) if e["kind"] == "push")
    data["log"][push]["faces"].append(3)
    path = write(tmp_path, data)
    error = assert_load_error(path)
    assert str(error).startswith(f"{path}:{line_of(path, '[[log]]', push + 1)}:1: event {push + 1}: ")
    assert "more faces" in str(error)


def test_impossible_face_points_at_its_log_entry(tmp_path):
    data = copy.deepcopy(VALID)
    data["log"][0]["sides"][1]["base"][0] = 7
    path = write(tmp_path, data)
    error = assert_load_error(path)
    assert str(error).startswith(f"{path}:{line_of(path, '[[log]]', 1)}:1: event 1: ")


def test_state_that_disagrees_with_the_log_points_at_it(tmp_path):
    data = copy.deepcopy(VALID)
    data["state"]["rolls_made"] += 1
    path = write(tmp_path, data)
    error = assert_load_error(path)
    assert str(error).startswith(f"{path}:{line_of(path, '[state]')}:")
    assert "[state]" in str(error)


def test_newer_schema_is_refused_in_one_line(tmp_path):
    data = copy.deepcopy(VALID)
    data["schema_version"] = 7
    path = write(tmp_path, data)
    error = assert_load_error(path)
    assert str(error) == f"{path}:1:1: written by a newer masscombat (schema 7); this one reads up to {m.SCHEMA_VERSION}"


def test_missing_schema_version(tmp_path):
    data = copy.deepcopy(VALID)
    del data["schema_version"]
    assert "not a masscombat battle file" in str(assert_load_error(write(tmp_path, data)))


def test_old_schema_without_migration_is_refused(tmp_path):
    data = copy.deepcopy(VALID)
    data["schema_version"] = 0
    assert "schema 0 is older" in str(assert_load_error(write(tmp_path, data)))


def test_migration_hook_upgrades_old_files_in_memory(tmp_path, monkeypatch):
    calls = []

    def v0_to_v1(data: dict) -> dict:
        calls.append(data["schema_version"])
        data = dict(data)
        data["title"] = data.pop("name")
        return data

    monkeypatch.setattr(loading, "MIGRATIONS", {**loading.MIGRATIONS, 0: v0_to_v1})
    old = copy.deepcopy(VALID)
    old["schema_version"] = 0
    old["name"] = old.pop("title")
    path = write(tmp_path, old)
    before = files_in(tmp_path)
    battle = load_battle(path)
    assert calls == [0]
    assert battle.meta.title == VALID["title"] and battle.meta.schema_version == m.SCHEMA_VERSION
    assert battle.history.events == load_battle(write(tmp_path, VALID, "v1.toml")).history.events
    assert files_in(tmp_path) == {**before, "v1.toml": (tmp_path / "v1.toml").read_bytes()}


def test_failing_migration_is_one_clean_line(tmp_path, monkeypatch):
    def broken(data: dict) -> dict:
        raise KeyError("name\nwith a break")

    monkeypatch.setattr(loading, "MIGRATIONS", {0: broken})
    data = copy.deepcopy(VALID)
    data["schema_version"] = 0
    assert "could not upgrade from schema 0" in str(assert_load_error(write(tmp_path, data)))


def test_odd_files(tmp_path):
    assert "no such file" in str(assert_load_error(tmp_path / "missing.toml"))
    (tmp_path / "folder.toml").mkdir()
    assert_load_error(tmp_path / "folder.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    assert "named pipe (FIFO), not a file" in str(assert_load_error(tmp_path / "pipe.toml"))
    assert_load_error(write(tmp_path, b"", "empty.toml"))
    assert ":2:" in str(assert_load_error(write(tmp_path, b"title = 'x'\nseed = '\xff'\n", "latin.toml")))
    assert_load_error(write(tmp_path, "state = " + "[" * 50_000 + "]" * 50_000, "deep.toml"))
    deep = "schema_version = 1\nseed = 1\n[setup]\nsides = [{name='a'}, {name='b'}]\n[state]\n" + "a = " + "{ a = " * 400 + "1" + " }" * 400
    assert_load_error(write(tmp_path, deep, "deep-state.toml"))


def test_control_characters_never_break_the_line(tmp_path):
    data = copy.deepcopy(VALID)
    data["setup"]["sides"][0]["pool"] = "5x\u2028\x85"
    error = assert_load_error(write(tmp_path, data))
    assert "\u2028" not in str(error) and "\x85" not in str(error)


def test_broken_ruleset_is_reported_against_the_save(tmp_path, monkeypatch):
    from tui.core.system import find_system

    def broken(system):
        raise SaveFileError("rulesets/myz-mass-combat.toml", "bad face", (12, 3))

    path = write(tmp_path, VALID)
    monkeypatch.setattr(type(find_system("myz")), "shipped_ruleset", broken)
    error = assert_load_error(path)
    assert "rulesets/myz-mass-combat.toml:12:3: bad face" in str(error)


def test_errors_are_mass_combat_errors_for_the_ui():
    assert issubclass(SaveFileError, MassCombatError) and issubclass(SaveFileError, ValueError)


def test_an_undone_step_todays_rules_refuse_ends_the_redo_future_with_a_notice(tmp_path):
    """A rule mended since the file was written may refuse a step that was
    undone: the battle as it stands opens as it was, that step and those
    after it can no longer be redone, the GM is told, and the next save
    rewrites the file without them."""
    from tests.core.kingmaker.kit import muster, set_up

    battle = set_up(muster())
    battle.undo()   # the skirmishers' placing is undone, still in the file to redo
    path = tmp_path / "ford.toml"
    create_session(path, battle).close()
    text = path.read_text(encoding="utf-8")
    # Today's rules would refuse that step: it now lands on the warband.
    path.write_text(text.replace('key = "skirmish"\nx = 16\ny = 10', 'key = "skirmish"\nx = 10\ny = 9'), encoding="utf-8")
    session = open_session(path)
    try:
        assert session.battle.history.dropped == 1 and not session.battle.can_redo
        assert session.battle.game.stage == "setup"
        notices = session.take_notices()
        assert len(notices) == 1 and "1 undone step can no longer be redone" in notices[0] and "Rivenhold Warband" in notices[0]
        session.save()
        assert 'key = "skirmish"\nx = 10' not in path.read_text(encoding="utf-8")
    finally:
        session.close()
    assert load_battle(path).history.dropped == 0


def test_an_unplayed_battle_forgets_only_the_file_it_wrote(tmp_path):
    """Found by a hand check: a new, empty battle left as a hangup closed
    it deleted the file at its path, which had meanwhile been replaced by
    a campaign copied there (and that copy's backup)."""
    from tui.core.files.storage import create_session, forget_unplayed
    from tui.core.system import find_system

    path = tmp_path / "war.toml"
    session = create_session(path, find_system("myz").new_battle(7))
    title = session.battle.meta.title
    session.close()
    path.write_text("# someone else's file\n", encoding="utf-8")
    (tmp_path / "war.toml.bak").write_text("# its backup\n", encoding="utf-8")
    assert not forget_unplayed(session, title)
    assert path.read_text(encoding="utf-8") == "# someone else's file\n" and (tmp_path / "war.toml.bak").exists()
    again = create_session(tmp_path / "other.toml", find_system("myz").new_battle(8))
    again.close()
    assert forget_unplayed(again, again.battle.meta.title) and not (tmp_path / "other.toml").exists()
