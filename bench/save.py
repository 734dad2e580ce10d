"""Saving and loading a battle with a 1,000-event log.

    python bench/save.py [--repeats N] [--events N] [--json]

The battle is built with the real ``Battle`` API (``_common.long_battle``:
cycles of set_pool x2 / roll / push / settle / new_roll on Ghoul Strike with
pools up to 12b6s4g) until its log holds at least 1,000 events. Then, in a
temp folder, each ~20 times:

* ``battle_text``: serialise to TOML and check it reads back (no disk);
* ``save_battle``, new file: text + atomic write (temp file, fsync, rename,
  fsync of the folder);
* ``save_battle``, changed file: what the app does after every key: the
  battle differs from the file (an undo or redo between samples, untimed), so
  the old file is read, copied to ``.bak`` (atomically) and replaced;
* ``load_battle``: read, validate, replay the whole log, compare the summary.

Plus the file's size. Saving after every key means the "changed file" figure
is part of every keypress (see bench/keypress.py).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from _common import Row, finish, long_battle, machine, row, value_row


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main(argv: list[str]) -> list[Row]:
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 20
    wanted = int(argv[argv.index("--events") + 1]) if "--events" in argv else 1000
    from tui.core.storage import battle_text, load_battle, save_battle

    start = time.perf_counter()
    battle = long_battle(wanted)
    built = time.perf_counter() - start
    events = len(battle.history.events)
    print(f"save: a battle with {events} log events (built in {built * 1000:.0f} ms with the Battle API)")
    print(f"  {machine()}; {repeats} samples per figure, in a temp folder")

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="masscombat-bench-save-") as tmp:
        folder = Path(tmp)
        path = folder / "battle.toml"
        save_battle(battle, path)  # warm-up; also the first timed backup, outside the samples
        size_kib = path.stat().st_size / 1024

        text_times = [timed(lambda: battle_text(battle, str(path))) for _ in range(repeats)]

        fresh_times = []
        for number in range(repeats):
            target = folder / "fresh" / f"battle-{number}.toml"
            target.parent.mkdir(exist_ok=True)
            fresh_times.append(timed(lambda target=target: save_battle(battle, target)))

        changed_times = []
        for _ in range(repeats):
            if battle.can_redo:
                battle.redo()
            else:
                battle.undo()
            changed_times.append(timed(lambda: save_battle(battle, path)))
        assert path.with_name(path.name + ".bak").exists(), "the changed-file save should keep a .bak"

        load_times = []
        for _ in range(repeats):
            load_times.append(timed(lambda: load_battle(path)))
        loaded = load_battle(path)
        assert loaded.to_file() == battle.to_file(), "load(save(battle)) should give the battle back"

    print(f"  save file: {size_kib:.1f} KiB for {events} events ({size_kib * 1024 / events:.0f} bytes per event)")
    rows.append(value_row("save", f"file size, {events} events", size_kib, "KiB"))
    rows.append(row("save", "battle_text (serialise + self-check)", text_times))
    rows.append(row("save", "save_battle, new file", fresh_times))
    rows.append(row("save", "save_battle, changed file (+ .bak)", changed_times))
    rows.append(row("save", "load_battle (validate + replay)", load_times))
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
