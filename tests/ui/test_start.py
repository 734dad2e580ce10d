"""The start screen (``masscombat`` with no file): recent battles newest
first with their system and title, the bundled demos, a new battle of every
registered system; chosen by keyboard; and launch opening what was chosen."""

from __future__ import annotations

import pytest

import os
from pathlib import Path
from types import SimpleNamespace

from textual.widgets import OptionList

from tui.core.files.storage import create_session
from tui.core.system import find_system, systems
from tui.ui import launch as launch_module
from tui.ui.shell.start import StartApp, StartChoice

from tests.ui.fate.play import screen_text

FATE = find_system("fate").key


def _save(folder: Path, name: str, system: str, title: str, mtime: int) -> Path:
    battle = find_system(system).new_battle(7)
    battle.meta = battle.meta.model_copy(update={"title": title})
    path = folder / name
    create_session(path, battle).close()
    os.utime(path, (mtime, mtime))
    return path


def _labels(app: StartApp) -> list[str]:
    options = app.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_lists_new_battles_recent_ones_newest_first_and_the_demos(tmp_path):
    older = _save(tmp_path, "older.toml", "myz", "Ghoul[/] Raid", 1_700_000_000)
    newer = _save(tmp_path, "newer.toml", "fate", "Ford of Dread", 1_800_000_000)
    (tmp_path / "broken.toml").write_text("schema_version = [", encoding="utf-8")
    os.utime(tmp_path / "broken.toml", (1_600_000_000, 1_600_000_000))
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = _labels(app)
        for system in systems():
            assert any(system.name("en") in label and "New battle" in label for label in labels)
        recent = [i for i, label in enumerate(labels) if "Ford of Dread" in label or "Ghoul[/] Raid" in label]
        assert len(recent) == 2 and "Ford of Dread" in labels[recent[0]]  # newest first
        assert "Fate: This Means War" in labels[recent[0]] and "Mutant: Year Zero" in labels[recent[1]]
        assert any("broken" in label and "can't be opened" in label for label in labels)
        assert any("Ghoul Strike" in label for label in labels) and any("Brannock" in label for label in labels)
        assert "Ghoul[/] Raid" in screen_text(app)  # a name is text, never markup
        # The newest battle is highlighted: Enter carries on with it.
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == StartChoice("open", path=newer)
    assert older.exists()


async def test_arrow_keys_reach_a_new_battle_of_each_system(tmp_path):
    for index, system in enumerate(systems()):
        app = StartApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            options = app.query_one(OptionList)
            # Nothing saved yet: the first new battle is highlighted.
            await pilot.press(*["down"] * index, "enter")
            await pilot.pause()
            assert options is not None
        assert app.return_value == StartChoice("new", system=system.key)


@pytest.mark.covers("start.quit")
async def test_q_quits_without_choosing(tmp_path):
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is None


async def test_a_demo_is_chosen_and_opened_as_a_working_copy(tmp_path):
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = _labels(app)
        target = next(i for i, label in enumerate(labels) if "Brannock" in label)
        options = app.query_one(OptionList)
        while options.highlighted != target:
            await pilot.press("down")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    choice = app.return_value
    assert choice is not None and choice.kind == "demo" and choice.path.name == "ford-of-brannock.toml"
    saves = tmp_path / "saves"
    session = launch_module.resolve_session(str(choice.path), saves, fresh_example=True)
    try:
        assert session.path == saves / "ford-of-brannock.toml" and session.battle.system == FATE
        assert not session.read_only
        session.battle.undo()  # the GM plays on: the copy is no longer the demo's start
        session.save()
    finally:
        session.close()
    # The demo chosen again starts afresh beside the played copy, which stays as it was.
    again = launch_module.resolve_session(str(choice.path), saves, fresh_example=True)
    try:
        assert again.path == saves / "ford-of-brannock-2.toml"
        assert again.battle.history.cursor == len(again.battle.history.events)
    finally:
        again.close()
    played = launch_module.resolve_session(str(saves / "ford-of-brannock.toml"), saves)
    try:
        assert played.battle.history.cursor == len(played.battle.history.events) - 1
    finally:
        played.close()
    # From the shell, the example's path continues the first copy, as the README says,
    # and says how to start it afresh; --fresh does.
    shell = launch_module.resolve_session(str(choice.path), saves)
    try:
        assert shell.path == saves / "ford-of-brannock.toml"
        assert shell.notice is not None and f"masscombat --fresh {choice.path}" in shell.notice
    finally:
        shell.close()
    anew = launch_module.resolve_session(str(choice.path), saves, fresh_example=True)
    try:
        assert anew.path == saves / "ford-of-brannock-3.toml" and anew.notice is None
    finally:
        anew.close()


def test_the_fresh_option_is_read():
    from tui.cli.parser import parse

    args = parse(["--fresh", "saves/examples/ghoul-strike.toml"])
    assert args.fresh is True and args.battle == "saves/examples/ghoul-strike.toml"


def _start_answering(answer):
    """A start screen that answers ``answer(new_file)`` at once (None: the GM quits)."""

    class FakeStart:
        def __init__(self, saves, theme=None, *, new_file=None, ascii=False):
            self.new_file = new_file

        def run(self):
            return answer(self.new_file)

    return FakeStart


def _launching(monkeypatch, answer) -> list:
    """launch() with that start screen and an app that only records the
    session it was given (the list returned)."""
    import tui.ui.app
    import tui.ui.shell.start

    opened: list = []

    class FakeApp:
        def __init__(self, session, *args, **kwargs):
            opened.append(session)
            self.settings = args[0] if args else None
            self.return_code, self.exit_problem, self.rescued, self.quit_unsaved = 0, None, None, False

        def disarm(self):
            return None

        def run(self):
            return None

        def close_session(self):
            opened[-1].close()

    monkeypatch.setattr(tui.ui.shell.start, "StartApp", _start_answering(answer))
    monkeypatch.setattr(tui.ui.app, "MassCombatApp", FakeApp)
    return opened


def test_launch_with_no_file_asks_the_start_screen_and_opens_the_choice(tmp_path, monkeypatch):
    opened = _launching(monkeypatch, lambda _: StartChoice("new", system="fate"))
    args = SimpleNamespace(battle=None, system=None, saves=str(tmp_path), lang=None, seed=3, theme=None, ascii=False)
    assert launch_module.launch(args) == 0
    assert opened and opened[0].battle.system == FATE and opened[0].path.parent == tmp_path
    quitting = _launching(monkeypatch, lambda _: None)
    assert launch_module.launch(args) == 0
    assert not quitting  # quitting the start screen opens nothing


async def test_a_new_file_without_a_system_offers_only_the_systems(tmp_path):
    """`masscombat saves/new.toml` for a file that doesn't exist yet: which
    system? (It started a Mutant battle unasked: Kingmaker playthrough.)"""
    _save(tmp_path, "older.toml", "myz", "Ghoul Raid", 1_700_000_000)
    app = StartApp(tmp_path, new_file=tmp_path / "km-en.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = _labels(app)
        assert app.title == "A new battle in km-en.toml: which system?"
        assert not any("Ghoul" in label for label in labels) and len(labels) == 1 + len(systems())
        kingmaker = [s.key for s in systems()].index("kingmaker")
        await pilot.press(*["down"] * kingmaker, "enter")
        await pilot.pause()
    assert app.return_value == StartChoice("new", path=tmp_path / "km-en.toml", system="kingmaker")


def test_launch_of_a_new_file_asks_its_system_and_makes_that_file(tmp_path, monkeypatch):
    opened = _launching(monkeypatch, lambda new_file: StartChoice("new", path=new_file, system="kingmaker"))
    target = tmp_path / "km-en.toml"
    args = SimpleNamespace(battle=str(target), system=None, saves=str(tmp_path), lang=None, seed=3, theme=None, ascii=False)
    assert launch_module.launch(args) == 0
    assert opened and opened[0].battle.system == find_system("kingmaker").key and opened[0].path == target


async def test_a_file_name_holding_an_escape_is_written_out_not_sent(tmp_path):
    (tmp_path / "evil\x1b]0;pwned\x07.toml").write_text("schema_version = [", encoding="utf-8")
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        [label] = [label for label in _labels(app) if "evil" in label]
        assert "\x1b" not in label and "\x07" not in label and "\\x1b" in label


@pytest.mark.parametrize("played", [False, True])
def test_a_new_battle_left_without_a_step_is_not_kept(tmp_path, monkeypatch, capsys, played):
    """Issue 29: `masscombat --system X` wrote an empty battle at once, and
    every one opened and left cluttered Recent. One with a step is kept."""
    import tui.ui.app
    from tui.core.history import QuickRoll
    from tui.core.projection import projection_path

    class FakeApp:
        def __init__(self, session, *args, **kwargs):
            self.session = session
            self.settings = args[0] if args else None
            self.return_code, self.exit_problem, self.rescued, self.quit_unsaved = 0, None, None, False

        def disarm(self):
            return None

        def run(self):
            assert self.session.path.exists()  # made at once, as before: the lock and the journal need it
            projection_path(self.session.path).write_text("{}", encoding="utf-8")  # the players' file, as the app writes it
            if played:
                self.session.battle.record(QuickRoll(expression="d20", faces=(7,)))
                self.session.save()

        def close_session(self):
            self.session.close()

    monkeypatch.setattr(tui.ui.app, "MassCombatApp", FakeApp)
    args = SimpleNamespace(battle=None, system="fate", saves=str(tmp_path), lang=None, seed=3, theme=None, ascii=False)
    assert launch_module.launch(args) == 0
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("battle-"))
    assert any(name.endswith(".public.json") for name in kept) is played
    out = capsys.readouterr().out
    if played:
        assert any(name.endswith(".toml") for name in kept) and "Battle saved to" in out
    else:
        assert kept == [] and "it was not kept" in out
