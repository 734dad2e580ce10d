"""Drill: a process saving a battle as fast as it can is killed with
SIGKILL at a random moment, over and over, for each of the four systems. After every
kill the file must load, hold the last completed save or the one in
flight (no event lost beyond that one), and reopening it must leave no
temp file behind, beside it or in ``backups/``.

    python bench/drills/kill.py [--kills N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from _harness import DEMOS, ROOT, Verdicts, demo_copy, temp_files, temp_folder

CHILD = Path(__file__).with_name("_kill_child.py")


def _said(line: str) -> tuple[str, tuple[int, int]]:
    """``begin 12 40`` → ("begin", (cursor 12, 40 events))."""
    word, cursor, events = line.split()
    return word, (int(cursor), int(events))


def kill_once(path: Path, rng: random.Random, jitter: float = 0.02) -> tuple[str, tuple[int, int] | None, tuple[int, int] | None, bool]:
    """Run the child, kill it after a random number of saves; return where
    it was ("mid-save" or "between"), the last completed save and the one
    in flight (cursor, events)."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(path)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert child.stdout is not None
    done: tuple[int, int] | None = None
    begun: tuple[int, int] | None = None
    saves_before_kill = rng.randint(1, 12)
    try:
        for line in child.stdout:
            word, at = _said(line)
            if word == "begin":
                begun = at
            else:
                done = at
                saves_before_kill -= 1
                if saves_before_kill <= 0:
                    break
        else:
            return "child ended", done, begun, False
        # Somewhere in the next save or two: a random moment, not a line boundary.
        if jitter:
            time.sleep(rng.uniform(0, jitter))
        os.kill(child.pid, signal.SIGKILL)
        # What it said before dying still counts: a "done" read after the kill was completed before it.
        for line in child.stdout:
            word, at = _said(line)
            if word == "begin":
                begun = at
            else:
                done = at
    finally:
        child.kill()
        child.wait()
    where = "mid-save" if begun is not None and begun != done else "between"
    return where, done, begun, True


def drill(system: str, kills: int, rng: random.Random, verdicts: Verdicts, jitter: float = 0.02) -> None:
    from tui.core.errors import MassCombatError
    from tui.core.files.loading import load_battle
    from tui.core.files.storage import open_session

    with temp_folder() as folder:
        path = demo_copy(system, folder)
        intact = lost = mid = temps_left = 0
        worst_temps = 0
        started = time.monotonic()
        for _ in range(kills):
            where, done, begun, killed = kill_once(path, rng, jitter)
            mid += where == "mid-save"
            if not killed:
                print("    the child ended before it was killed")
                continue
            try:
                battle = load_battle(path)
            except MassCombatError as exc:
                print(f"    unreadable after a kill: {exc}")
                continue
            intact += 1
            found = (battle.history.cursor, len(battle.history.events))
            if found not in {done, begun}:
                lost += 1
                print(f"    file holds {found}, last completed {done}, in flight {begun}")
            worst_temps = max(worst_temps, len(temp_files(folder)))
            open_session(path).close()  # as the app reopens it: stale temps go
            temps_left += len(temp_files(folder))
        took = time.monotonic() - started
    verdicts.add(
        f"{system}: {kills} kills",
        intact == kills and lost == 0 and temps_left == 0,
        f"{intact}/{kills} files intact, {mid} killed with a save in flight, {lost} with events lost beyond the one in flight, "
        f"up to {worst_temps} temp files after a kill, {temps_left} left after reopening ({took:.0f} s)",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200, help="kills in all, shared by the four systems (default 200)")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    verdicts = Verdicts()
    print(f"kill: {args.kills} SIGKILLs at random moments, shared by the {len(DEMOS)} systems")
    for number, system in enumerate(DEMOS):
        drill(system, args.kills // len(DEMOS) + (number < args.kills % len(DEMOS)), rng, verdicts)
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
