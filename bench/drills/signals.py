"""Drill: the app, running in a terminal, is told to stop by a signal or
loses its terminal. It must save, free the lock and exit within 2 s with
the conventional code: 129 for SIGHUP and a closed terminal, 143 for SIGTERM.

    python bench/drills/signals.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import signal
import time

from _harness import DEMOS, Terminal, Verdicts, app_env, demo_copy, temp_folder

CASES = {"SIGHUP": signal.SIGHUP, "SIGTERM": signal.SIGTERM, "terminal closed": None}
LIMIT = 2.0


def one(system: str, case: str, *, dialog: bool = False) -> tuple[bool, float, int | None]:
    """One run; ``dialog``: with the quick roll's dialog up when the signal
    comes (the app answers signals whatever a dialog is doing)."""
    from tui.core.files.loading import load_battle

    with temp_folder() as folder:
        path = demo_copy(system, folder)
        before = load_battle(path).history.cursor
        app = Terminal([str(path)], app_env(folder))
        return _stopped(app, path, before, case, b"masscombat", b"Quick roll" if dialog else None)


def one_campaign(case: str) -> tuple[bool, float, int | None]:
    """A campaign open (the demo's copy) with one step undone, then the
    signal: saved, lock freed, the same exit codes as a battle's."""
    from tui.core.files.loading import load_battle
    from tui.core.files.places import find_example, open_example

    with temp_folder() as folder:
        path = open_example(find_example("the-stolen-lands"), folder)
        before = load_battle(path).history.cursor
        app = Terminal([str(path)], app_env(folder))
        return _stopped(app, path, before, case, b"Roster", None)


def _stopped(app: Terminal, path, before: int, case: str, ready: bytes, dialog: bytes | None) -> tuple[bool, float, int | None]:
    """Once ``ready`` shows: one step undone (saved at once), the dialog
    opened if ``dialog`` names what it shows, then the case. Held: the
    signal's exit code within the limit, the step saved, the lock freed."""
    from tui.core.files.locking import lock_path_for

    try:
        if not app.wait_for(ready, 20):
            return False, 0.0, None
        app.send("u")  # one change: undo the last step, saved at once
        if not app.wait_until(lambda: _cursor(path) == before - 1):
            return False, 0.0, None
        if dialog is not None:
            app.send("\x04")  # ctrl+d: the quick roll, a dialog waiting for the GM
            if not app.wait_for(dialog, 10):
                return False, 0.0, None
        started = time.monotonic()
        how = CASES[case]
        if how is None:
            app.hang_up()
        else:
            os.kill(app.pid, how)
        code = app.wait_exit(10)
        took = time.monotonic() - started
    finally:
        app.kill()
    expected = 128 + (how if how is not None else signal.SIGHUP)
    held = code == expected and took <= LIMIT and _cursor(path) == before - 1 and not lock_path_for(path).exists()
    return held, took, code


def _cursor(path) -> int | None:
    from tui.core.errors import MassCombatError
    from tui.core.files.loading import load_battle

    try:
        return load_battle(path).history.cursor
    except MassCombatError:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each case per system (default 3)")
    args = parser.parse_args()
    verdicts = Verdicts()
    print(f"signals: each case {args.rounds}x per system; limit {LIMIT:.0f} s")
    for system in DEMOS:
        for case, how in CASES.items():
            results = [one(system, case) for _ in range(args.rounds)]
            expected = 128 + (how if how is not None else signal.SIGHUP)
            codes = sorted({str(code) for _, _, code in results})
            slowest = max(took for _, took, _ in results)
            verdicts.add(f"{system} {case}", all(held for held, _, _ in results), f"exit {'/'.join(codes)} (want {expected}), slowest {slowest:.2f} s, saved and lock freed in {sum(h for h, _, _ in results)}/{len(results)}")
        for case in ("SIGHUP", "SIGTERM"):  # the quick roll's dialog waiting for the GM: answered all the same
            held, took, code = one(system, case, dialog=True)
            verdicts.add(f"{system} {case} with a dialog up", held, f"exit {code}, {took:.2f} s, saved and lock freed: {held}")
    for case, how in CASES.items():
        results = [one_campaign(case) for _ in range(args.rounds)]
        expected = 128 + (how if how is not None else signal.SIGHUP)
        codes = sorted({str(code) for _, _, code in results})
        verdicts.add(f"campaign {case}", all(held for held, _, _ in results), f"exit {'/'.join(codes)} (want {expected}), slowest {max(took for _, took, _ in results):.2f} s")
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
