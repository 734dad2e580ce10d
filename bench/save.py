"""Saving and loading long battles: what a key costs to make durable, and
what opening a long battle costs.

    python bench/save.py [--repeats N] [--json]

For each of the four systems, battles of 1,000 and 5,000 log events
(``_common.LONG``: Mutant roll cycles with pools up to 12b6s4g; the Fate
demo with GM fate point changes; Operation Nightjar with the GM's rulings
on the map; Ashwater played turn after turn), opened as the app opens them
(``open_session``), then:

* a key's save: one change (an undo or a redo, alternating) and
  ``Session.save()``: one line appended to the journal and fdatasync'd.
  CPU time (``process_time``) is the goal's figure; wall time includes
  the disk's sync;
* the file rewritten with the journal folded in (``Session.save(whole=True)``,
  once the GM pauses after ``journal.FOLD_SOON`` steps, at
  ``journal.FOLD_EVERY`` at the latest, and on close): serialise, self-check,
  ``.bak``, atomic write;
* ``load_battle``: read, validate, replay the log, compare the summary; at
  5,000 events as a ratio to the bare Textual app's start, measured in the
  same run (goal: at most 1×).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import LONG, Row, battle_file, finish, machine, row, value_row
from _pty import Pty, python

BARE = Path(__file__).resolve().with_name("_bare_app.py")


def bare_start(repeats: int) -> list[float]:
    """Seconds from spawning the bare Textual app to its settled first frame:
    the reference a long battle's load is judged against (issue 31)."""
    times = []
    for number in range(repeats + 1):  # the first warms the OS cache, not counted
        term = Pty(python(str(BARE)))
        took, _ = term.first_frame()
        term.quit()
        if number:
            times.append(took)
    return times


def change(battle) -> None:
    if battle.can_redo:
        battle.redo()
    else:
        battle.undo()


def main(argv: list[str]) -> list[Row]:
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 40
    from tui.core.files.loading import load_battle
    from tui.core.files.storage import open_session

    print("save: a key's save (a journal line), the file rewritten, and a load, on long battles")
    print(f"  {machine()}; {repeats} samples per figure, in a temp folder")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="masscombat-bench-save-") as tmp:
        bare = bare_start(5)
        rows.append(row("save", "bare Textual app: start → settled first frame (the reference)", bare))
        reference = statistics.median(bare)
        for system, build in LONG.items():
            for size in (1000, 5000):
                path = battle_file(build(size), Path(tmp) / f"{system}-{size}.toml")
                label = f"{system}, {size:,} events"
                session = open_session(path)
                cpu, wall = [], []
                for _ in range(repeats):
                    change(session.battle)
                    start, begun = time.process_time(), time.perf_counter()
                    session.save()
                    cpu.append(time.process_time() - start)
                    wall.append(time.perf_counter() - begun)
                folds = []
                for _ in range(max(3, repeats // 8)):
                    change(session.battle)
                    begun = time.perf_counter()
                    session.save(whole=True)
                    folds.append(time.perf_counter() - begun)
                session.close()
                loads = []
                for _ in range(max(3, repeats // 8)):
                    begun = time.perf_counter()
                    load_battle(path)
                    loads.append(time.perf_counter() - begun)
                rows.append(value_row("save", f"{label}: file size", path.stat().st_size / 1024, "KiB"))
                rows.append(row("save", f"{label}: a key's save, CPU", cpu, goal=5.0))
                rows.append(row("save", f"{label}: a key's save, wall (with fdatasync)", wall))
                rows.append(row("save", f"{label}: the file rewritten (at a pause, on close)", folds))
                rows.append(row("save", f"{label}: load", loads))
                if size == 5000:
                    rows.append(value_row("save", f"{label}: load, ratio to the bare app's start (medians)", statistics.median(loads) / reference, "x", goal=1.0))
                print(f"  {label}: done", flush=True)
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
