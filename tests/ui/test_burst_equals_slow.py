"""A burst equals slow typing, for every dialog and form a key opens.

Generated, not listed: for each system's battles (a demo as it stands, the
demo undone to its muster, a battle from nothing) in each of the system's
screens, every key the screen offers (its bindings with an id, enabled
there: the every-action list) is typed, followed by keys typed ahead into
whatever it opened (a move, a digit, Enter, Enter). Each
sequence is played twice on a fresh app: key by key, with Pilot's pause
between keys as a GM typing slowly would give, and in one burst as a slow
SSH link delivers it. The battle (every event), the screens, the focus,
what the field holds and what the terminal shows must come out the same.

A key whose first press opens a menu of actions goes on into each of the
menu's first entries in turn (↓ counted to it, Enter; a closed one says
why), then the keys typed ahead into what the entry opens. Keys that open nothing act at once and
are compared by the other burst tests; the quit keys end the app and
have their own."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.screen import ModalScreen
from textual.widgets import OptionList

from tests.ui.scenes import BATTLES, make_app
from tests.ui.test_key_bursts import burst
from tui.core.files.storage import create_session
from tui.core.system import find_system
from tui.ui.app import MassCombatApp
from tui.ui.settings import Settings
from tui.ui.shell.dialogs import ChoiceDialog

AHEAD = ("down", "2", "enter", "enter")
"""What a GM types behind the key, before its dialog is up."""

MOST_ENTRIES = 3
"""Menus longer than this (Kingmaker's 98 abilities) are walked to this entry."""

LEFT_OUT = {"quit", "quit_start", "quit_now", "screenshot"}
"""Actions that end the app (their own tests drive them)."""

AT_ONCE = {"move", "mode", "app.mode", "back_to_battle", "undo", "redo", "switch_side", "switch_player", "panel", "roller", "previous", "next", "select", "select_card"}
"""Actions that move, switch or step back and never open a dialog: typed
one after another on one app, each must leave no dialog up (checked, so
one that starts to open a dialog is caught and moves to the full play)."""


def empty(system: str):
    return lambda: find_system(system).new_battle(7)


SOURCES = {**BATTLES, "myz-new": empty("myz"), "fate-new": empty("fate"), "sw-new": empty("second_world"), "km-new": empty("kingmaker")}

SOURCE_SYSTEM = {
    "demo": "myz", "two-waves": "myz", "muster": "myz", "myz-new": "myz",
    "fate": "fate", "fate-muster": "fate", "fate-new": "fate",
    "second-world": "second_world", "sw-new": "second_world", "kingmaker": "kingmaker", "km-new": "kingmaker",
}

SCENES = [
    ("demo", "wave"), ("demo", "roller"), ("two-waves", "summary"), ("muster", "wave"), ("myz-new", "army"),
    ("fate", "field"), ("fate-muster", "field"), ("fate-new", "army"),
    ("second-world", "map"), ("sw-new", "map"), ("sw-new", "cast"),
    ("kingmaker", "mat"), ("km-new", "armies"), ("km-new", "mat"),
]
"""Each screen of each system where its keys are open: the builders from
nothing (a battle under way keeps its muster shut, every key greyed)."""


def app_on(folder: Path, source: str) -> MassCombatApp:
    battle = SOURCES[source]()
    if source in BATTLES and source in ("quick", "demo", "one-wave", "two-waves", "muster"):
        return make_app(folder, battle)
    return MassCombatApp(create_session(folder / "battle.toml", battle), Settings(), None)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@dataclass(frozen=True)
class Outcome:
    events: tuple[str, ...]
    screens: tuple[str, ...]
    mode: str
    focused: str
    value: str
    text: str
    said: tuple[str, ...]


def outcome(app, folder: Path) -> Outcome:
    """What the keys left; the play's own folder read as ``<here>`` (a battle saved as "2" is in it)."""
    here = str(folder.resolve())

    def read(text: str) -> str:
        return text.replace(here, "<here>")

    focused = app.focused
    value = getattr(focused, "value", None)
    highlighted = getattr(focused, "highlighted", None)
    return Outcome(
        events=tuple(event.model_dump_json() for event in app.battle.history.events),
        screens=tuple(type(screen).__name__ for screen in app.screen_stack),
        mode=app.current_mode,
        focused=f"{type(focused).__name__}#{focused.id}" if focused is not None else "",
        value=f"{value!r} {highlighted!r}",
        text=read(screen_text(app)),
        said=tuple(read(n.message) for n in app._notifications),
    )


async def calm(app, pilot, rounds: int = 400) -> None:
    """Wait as a GM typing slowly would: until the app has handled every
    message, no key waits at the gate, and no flow runs but one whose
    dialog or form is up; then a little longer, twice over. (Pilot's own
    ``pause`` waits for the process to go idle, some 100 ms a key here.)"""
    quiet = 0
    for _ in range(rounds):
        await pilot._wait_for_screen()
        await asyncio.sleep(0.004)
        gate = app.key_gate
        if app._message_queue.empty() and not gate.holding() and (not gate.running or isinstance(app.screen, ModalScreen)):
            quiet += 1
            if quiet == 3:
                return
        else:
            quiet = 0
    raise AssertionError("the app did not settle")


async def none_opens_a_dialog(folder: Path, source: str, mode: str, offers: list["Offered"]) -> None:
    if not offers:
        return
    folder.mkdir(parents=True)
    app = app_on(folder, source)
    async with app.run_test(size=(80, 24)) as pilot:
        await _into_mode(app, pilot, mode)
        for offer in offers:
            if app.current_mode != mode:
                app.switch_mode(mode)
                await calm(app, pilot)
            burst(app, offer.key)
            await calm(app, pilot)
            assert not isinstance(app.screen, ModalScreen), f"{offer.id} ({offer.action}) is listed in AT_ONCE but opened {type(app.screen).__name__}"


async def _into_mode(app, pilot, mode: str) -> None:
    await calm(app, pilot)
    if app.current_mode != mode:
        app.switch_mode(mode)
        await calm(app, pilot)


async def play(folder: Path, source: str, mode: str, keys: tuple[str, ...], *, slow: bool, probe: bool = False) -> tuple[Outcome | None, list[int] | None]:
    """The keys on a fresh app. Slowly, with ``probe``: nothing more if
    the first key opens no dialog or form (None); if it opens a menu, the
    ↓ counts to each of its open entries after the first."""
    with pytest.MonkeyPatch.context() as patch:
        # Its own settings, saves folder and working folder: a file saved
        # as "2" or a setting changed must not meet the next play.
        folder.mkdir(parents=True)
        patch.chdir(folder)
        patch.setenv("MASSCOMBAT_CONFIG", str(folder / "settings.toml"))
        patch.setenv("MASSCOMBAT_SAVES", str(folder / "saves"))
        return await _play(folder, source, mode, keys, slow=slow, probe=probe)


async def _play(folder: Path, source: str, mode: str, keys: tuple[str, ...], *, slow: bool, probe: bool) -> tuple[Outcome | None, list[int] | None]:
    app = app_on(folder, source)
    entries: list[int] | None = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _into_mode(app, pilot, mode)
        if slow:
            for n, key in enumerate(keys):
                burst(app, key)
                await calm(app, pilot)
                if n == 0 and probe:
                    dialog = app.screen
                    if not isinstance(dialog, ModalScreen):
                        return None, None  # acts at once: nothing to read
                    if isinstance(dialog, ChoiceDialog) and dialog.menu is not None:
                        # ↓ from the row highlighted to each row below it, closed ones too (Enter says why)
                        below = len(dialog._choices) - 1 - (dialog.query_one(OptionList).highlighted or 0)
                        entries = list(range(1, min(below + 1, MOST_ENTRIES)))
        else:
            burst(app, *keys)
            await calm(app, pilot)
        await pilot.pause()  # the screen drawn before it is read
        return outcome(app, folder), entries


@dataclass(frozen=True)
class Offered:
    key: str
    id: str
    action: str


async def offered(folder: Path, source: str, mode: str) -> list[Offered]:
    """The keys the screen offers, enabled, one per action. The app's own
    (help, settings, save as, quick roll...) open the same dialogs on every
    screen: they are typed on each system's first scene only."""
    app = app_on(folder, source)
    found: list[Offered] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _into_mode(app, pilot, mode)
        seen = set()
        first = next(s for s in SCENES if SOURCE_SYSTEM[s[0]] == SOURCE_SYSTEM[source]) == (source, mode)
        for key, active in app.screen.active_bindings.items():
            binding = active.binding
            if not active.enabled or not binding.id or binding.action in seen or binding.action.split("(")[0] in LEFT_OUT:
                continue
            if active.node is app and not first:
                continue
            seen.add(binding.action)
            found.append(Offered(key, binding.id, binding.action))
    return found


def _differences(fast: Outcome, slow: Outcome) -> str:
    lines = []
    for name in ("screens", "mode", "focused", "value", "said"):
        if getattr(fast, name) != getattr(slow, name):
            lines.append(f"{name}: burst {getattr(fast, name)!r}, slow {getattr(slow, name)!r}")
    if fast.events != slow.events:
        lines.append(f"events: burst {len(fast.events)}, slow {len(slow.events)}: {set(fast.events) ^ set(slow.events)}")
    if fast.text != slow.text and not lines:
        lines.append("burst:\n" + fast.text + "\nslow:\n" + slow.text)
    return "\n".join(lines)


def _case_id(scene: tuple[str, str]) -> str:
    return f"{scene[0]}-{scene[1]}"


@pytest.mark.parametrize("scene", SCENES, ids=_case_id)
async def test_a_burst_equals_slow_typing_in_every_dialog_a_key_opens(tmp_path, scene):
    source, mode = scene
    keys = await offered(tmp_path / "offered", source, mode)
    assert keys, f"{source} {mode}: no key offered"
    dialogs = walked = 0
    for n, offer in enumerate(keys):
        typed = (offer.key, *AHEAD)
        slow, entries = await play(tmp_path / f"slow{n}", source, mode, typed, slow=True, probe=True)
        if slow is None or entries is None:
            continue  # opens no dialog: acts at once
        dialogs += 1
        fast, _ = await play(tmp_path / f"burst{n}", source, mode, typed, slow=False)
        assert fast == slow, f"{offer.id} ({' '.join(typed)}) typed in one burst differs from typed slowly: {_differences(fast, slow)}"
        for entry in entries:
            walked += 1
            walk = (offer.key, *["down"] * entry, "enter", *AHEAD)
            slow, _ = await play(tmp_path / f"slow{n}-{entry}", source, mode, walk, slow=True)
            fast, _ = await play(tmp_path / f"burst{n}-{entry}", source, mode, walk, slow=False)
            assert fast == slow, f"{offer.id}, menu entry {entry} ({' '.join(walk)}) typed in one burst differs from typed slowly: {slow and _differences(fast, slow)}"
    print(f"SCENE {source} {mode}: {len(keys)} keys, {dialogs} open a dialog, {walked} menu entries")
