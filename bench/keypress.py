"""Key -> repaint latency for a roll, in-process under Textual's Pilot.

    python bench/keypress.py [--rolls N] [--json]      (default 60 rolls; the 1,000-event case does N/6)

The app is built as the tests build it (``tests/tui/scenes.make_app`` on the
seeded Ghoul Strike battle) and run with ``app.run_test(size=(80, 24))``.
Each sample times

    await pilot.press("r"); await pilot.pause()

plus, rarely needed, further ``pilot.pause()`` calls until the screen shows
the roll. That covers: the key event delivered -> the binding's action ->
``Battle.roll()`` -> the battle saved to disk (``Session.save``: serialise,
self-check, ``.bak`` copy, atomic write with fsync) -> the ``revision``
watcher redraws the panels (``push_now`` odds included) -> the app idles and
the compositor renders the frame (headless: rendered, not written to a tty).
Between samples ``u`` (undo) puts the battle back; it is timed the same way
and reported separately. The same loop runs again on a battle whose log has
1,000 events, since every key saves the whole log.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from _common import Row, finish, long_battle, machine, row


def reflected(app, rolled: bool) -> bool:
    """The battle is in the wanted state and every widget shows that state, with no repaint pending."""
    from tui.ui.myz.widgets.pool_panel import PoolPanel
    from tui.ui.myz.widgets.result_bar import ResultBar

    state = app.battle.state
    if state.rolled != rolled:
        return False
    screen = app.screen
    bar = screen.query_one(ResultBar).view
    if bar is None or bar.state is not state:
        return False
    for index in (0, 1):
        view = screen.query_one(f"#side-{index}", PoolPanel).view
        if view is None or view.side is not state.sides[index]:
            return False
    # Textual's own bookkeeping (private; absent attributes count as clean).
    return not (getattr(screen, "_dirty_widgets", None) or getattr(screen, "_layout_required", False) or getattr(screen, "_repaint_required", False))


class Frames:
    """Timestamps of the screen's compositor refreshes (each one renders a frame).

    Wraps the private ``Screen._compositor_refresh``; if Textual renames it the
    frame figure is simply left out.
    """

    def __init__(self, screen) -> None:
        self.times: list[float] = []
        original = getattr(screen, "_compositor_refresh", None)
        self.available = callable(original)
        if self.available:
            def counted() -> None:
                original()
                self.times.append(time.perf_counter())

            screen._compositor_refresh = counted


@dataclass
class Sample:
    wall: float
    """press + pause (+ any extra pauses) as Pilot sees it, seconds."""
    cpu: float
    """process CPU time over the same span (all threads), seconds."""
    frame: float | None
    """from the press to the last frame rendered in the span, seconds."""
    extra_pauses: int


async def timed_key(pilot, key: str, rolled: bool, frames: Frames) -> Sample:
    """Press ``key`` and wait until the screen reflects it."""
    extra = 0
    seen = len(frames.times)
    cpu = time.process_time()
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    while not reflected(pilot.app, rolled):
        extra += 1
        if extra > 100:
            raise RuntimeError(f"the screen never showed the result of {key!r}")
        await pilot.pause()
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    new = frames.times[seen:]
    return Sample(wall, cpu, new[-1] - start if new else None, extra)


async def measure(folder: Path, battle, rolls: int) -> tuple[list[Sample], list[Sample], bool]:
    from tests.tui.scenes import make_app

    app = make_app(folder, battle)
    roll_samples: list[Sample] = []
    undo_samples: list[Sample] = []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert reflected(app, rolled=False), "the battle should start unrolled"
            frames = Frames(app.screen)
            before = app.export_screenshot()
            # Warm-up (untimed): the first roll/undo pays for lazy imports and caches.
            await timed_key(pilot, "r", True, frames)
            frame_changed = app.export_screenshot() != before
            await timed_key(pilot, "u", False, frames)
            for _ in range(rolls):
                roll_samples.append(await timed_key(pilot, "r", True, frames))
                undo_samples.append(await timed_key(pilot, "u", False, frames))
    finally:
        app.close_session()
    from tui.core.storage import load_battle

    # Every key was saved: on disk the last roll is undone and waits as a redo.
    on_disk = load_battle(folder / "battle.toml")
    assert not on_disk.state.rolled and on_disk.can_redo, "the save file does not match the screen"
    return roll_samples, undo_samples, frame_changed


def main(argv: list[str]) -> list[Row]:
    # Each roll + undo costs ~0.35 s on a 2-core machine (about half of it the
    # app's own CPU work, the rest Pilot's idle detection), so 60 rolls keep the
    # script near 30 s; pass --rolls 100 for more samples.
    rolls = int(argv[argv.index("--rolls") + 1]) if "--rolls" in argv else 60
    long_rolls = max(1, rolls // 6)
    print("keypress: press 'r' -> key event handled -> Battle.roll() -> battle saved to disk (fsync) ->")
    print("          revision watcher updates the widgets -> app idle -> frame rendered (headless: not written to a tty)")
    print(f"  {machine()}; Pilot, headless 80x24; each roll undone with 'u' (timed the same way)")
    print("  pilot:  await pilot.press(key); await pilot.pause()  -- includes Pilot's idle detection, which sleeps")
    print("          in 20 ms slices (textual._wait.wait_for_idle, 3 calls per press+pause): an upper bound")
    print("  frame:  from the press to the last compositor refresh (frame) in that span: the app's own latency")
    print("  cpu:    process CPU time over the span (all threads): the work done, without sleeps and fsync waits")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="masscombat-bench-keys-") as tmp:
        tmp_path = Path(tmp)
        os.environ["MASSCOMBAT_CONFIG"] = str(tmp_path / "settings.toml")
        os.environ["MASSCOMBAT_SAVES"] = str(tmp_path / "saves")
        from tests.tui.scenes import ghoul_strike

        cases = [
            ("new battle", ghoul_strike(), rolls, True),
            ("1,000-event log", long_battle(1000), long_rolls, False),
        ]
        for number, (label, battle, count, with_undo) in enumerate(cases):
            folder = tmp_path / f"case-{number}"
            folder.mkdir()
            events = len(battle.history.events)
            roll_s, undo_s, changed = asyncio.run(measure(folder, battle, count))
            size = (folder / "battle.toml").stat().st_size / 1024
            extra = sum(s.extra_pauses for s in roll_s + undo_s)
            print(f"  {label}: {events} events before the rolls, save file {size:.1f} KiB, {count} rolls; "
                  f"frame changed on roll: {changed}; extra pauses needed: {extra}")
            rows.append(row("keypress", f"r roll, pilot press+pause, {label}", [s.wall for s in roll_s]))
            frames = [s.frame for s in roll_s if s.frame is not None]
            if frames:
                rows.append(row("keypress", f"r roll, press->last frame, {label}", frames))
            rows.append(row("keypress", f"r roll, CPU time, {label}", [s.cpu for s in roll_s]))
            if with_undo:
                rows.append(row("keypress", f"u undo, pilot press+pause, {label}", [s.wall for s in undo_s]))
                frames = [s.frame for s in undo_s if s.frame is not None]
                if frames:
                    rows.append(row("keypress", f"u undo, press->last frame, {label}", frames))
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
