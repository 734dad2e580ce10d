"""Saving and loading long battles: what a key costs to make durable, and
what opening a long battle costs.

    python bench/save.py [--repeats N] [--json]

For each system, battles of 1,000 and 5,000 log events (``_common``:
Mutant roll cycles with pools up to 12b6s4g; the Fate demo with GM fate
point changes), opened as the app opens them (``open_session``), then:

* a key's save: one change (an undo or a redo, alternating) and
  ``Session.save()``: one line appended to the journal and fdatasync'd.
  CPU time (``process_time``) is the goal's figure; wall time includes
  the disk's sync;
* the file rewritten with the journal folded in (``Session.save(whole=True)``,
  once the GM pauses after ``journal.FOLD_SOON`` steps, at
  ``journal.FOLD_EVERY`` at the latest, and on close): serialise, self-check,
  ``.bak``, atomic write;
* ``load_battle``: read, validate, replay the log, compare the summary.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from _common import Row, battle_file, finish, long_battle, long_fate_battle, machine, row, value_row


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
        for system, build in (("Mutant", long_battle), ("Fate", long_fate_battle)):
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
                rows.append(row("save", f"{label}: load", loads, goal=150.0 if size == 5000 else None))
                print(f"  {label}: done", flush=True)
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
