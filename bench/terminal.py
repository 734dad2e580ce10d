"""The app as a GM meets it: in a real pseudo-terminal, against a bare
Textual app in the same run.

    python bench/terminal.py [--cycles N] [--memory-keys N] [--repeats N]
                             [--only startup,shaped,myz,fate,idle,memory] [--sizes 0,1000,5000] [--json]

Everything here reads the bytes the program writes to its terminal. A
figure "key → screen done" is the time from writing the key to the pty to
the last byte the program wrote for it (the output then stays quiet for
150 ms); the bytes are all it wrote in that span, as an SSH link would
carry them. Startup is from spawning ``python -m tui FILE`` to the last
byte of the settled first screen.

Cases, each on a fresh copy of the battle in a temp folder:

* startup and bytes to first paint, both demos, against ``_bare_app.py``;
* keys in plain Textual with a screen of the roller's shape
  (``_shaped_app.py``): 8 or 16 lines of dice rewritten per key, the
  floor Textual itself sets for a key that changes as much as a roll;
* Mutant: in the Battle Pool roller, cycles of ``r`` (roll), ``p`` (push),
  ``u`` ``u`` (undo both) on a new battle and on logs of 1,000 and 5,000 events;
* Fate: Black Orcs activated, cycles of Right/Left (board cursor), ``a``
  (the attack dialog opens), Enter (the attack is rolled), ``u`` (undone),
  at 0, 1,000 and 5,000 events;
* bytes per second written while idle: the roller, and a text dialog open;
* memory: the Fate battle of 5,000 events open, then over ``--memory-keys``
  keys of the cycle above (default 2,000): the first half warms the caches,
  the second must stay flat.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, Row, battle_file, count_row, finish, long_battle, long_fate_battle, machine, row, value_row
from _pty import Pty, python

SIZES = (0, 1000, 5000)
BARE = Path(__file__).resolve().with_name("_bare_app.py")
SHAPED = Path(__file__).resolve().with_name("_shaped_app.py")
SHAPED_LINES = (8, 16)
KEY_GOAL_MS = 12.0
DIALOG_GOAL_MS = 33.0
KEY_BYTES = 2048
CURSOR_BYTES = 500
DIALOG_BYTES = 8192


def env_for(folder: Path) -> dict[str, str]:
    return {"MASSCOMBAT_CONFIG": str(folder / "settings.toml"), "MASSCOMBAT_SAVES": str(folder / "saves")}


def app(path: Path, folder: Path) -> Pty:
    return Pty(python("-m", "tui", str(path)), env_for(folder))


def quit_app(term: Pty) -> None:
    term.send("q")
    if term.wait_exit(15) is None:
        term.kill()
    term.hang_up()


def started(term: Pty) -> tuple[float, int]:
    """Seconds from the spawn to the settled first screen, and its bytes."""
    last, count = term.settle(0.3, first=30)
    return last - term.started, count


# -- the battles ---------------------------------------------------------------


def battles(folder: Path) -> dict[tuple[str, int], Path]:
    from tests.ui.scenes import ghoul_strike

    made: dict[tuple[str, int], Path] = {}
    for size in SIZES:
        myz = ghoul_strike() if size == 0 else long_battle(size)
        made["myz", size] = battle_file(myz, folder / "battles" / f"myz-{size}.toml")
        made["fate", size] = battle_file(long_fate_battle(size), folder / "battles" / f"fate-{size}.toml")
    return made


def fresh(path: Path, folder: Path, name: str) -> Path:
    """A copy of a prepared battle of its own (every run changes its file)."""
    target = folder / name / path.name
    target.parent.mkdir(parents=True)
    target.write_bytes(path.read_bytes())
    return target


# -- the cases -------------------------------------------------------------------


def startup(folder: Path, repeats: int) -> list[Row]:
    demos = {"myz": ROOT / "saves/examples/ghoul-strike.toml", "fate": ROOT / "saves/examples/ford-of-brannock.toml"}
    times: dict[str, list[float]] = {"bare": [], "myz": [], "fate": []}
    sizes: dict[str, list[float]] = {"bare": [], "myz": [], "fate": []}
    for number in range(repeats + 1):  # the first round warms the OS cache, not counted
        order = ["bare", "myz", "fate"] if number % 2 else ["fate", "myz", "bare"]
        for kind in order:
            home = folder / f"start-{kind}-{number}"
            home.mkdir()
            term = Pty(python(str(BARE))) if kind == "bare" else app(demos[kind], home)
            took, count = started(term)
            quit_app(term)
            if number:
                times[kind].append(took)
                sizes[kind].append(count)
    bare = statistics.median(times["bare"])
    rows = [row("startup", "bare Textual app: start → settled first frame", times["bare"])]
    for kind, label in (("myz", "Ghoul Strike"), ("fate", "Fate demo")):
        rows.append(row("startup", f"{label}: start → settled first frame", times[kind]))
        rows.append(value_row("startup", f"{label}: ratio to the bare app (medians)", statistics.median(times[kind]) / bare, "x", goal=1.25))
    rows.append(count_row("startup", "bare Textual app: bytes to first paint", sizes["bare"], "B"))
    for kind, label in (("myz", "Ghoul Strike"), ("fate", "Fate demo")):
        rows.append(count_row("startup", f"{label}: bytes to first paint", sizes[kind], "B", goal=15 * 1024))
    return rows


def shaped_keys(cycles: int) -> list[Row]:
    """Plain Textual, a screen of the roller's shape: what a key costs when
    it rewrites 8 or 16 lines (a roll changes about as much)."""
    rows: list[Row] = []
    for lines in SHAPED_LINES:
        term = Pty(python(str(SHAPED), str(lines)))
        started(term)
        for _ in range(3):
            term.key("k")
        samples = [term.key("k") for _ in range(cycles * 2)]
        quit_app(term)
        rows += [row("keys", f"plain Textual, {lines} lines change: key → screen done", [s for s, _ in samples]),
                 count_row("keys", f"plain Textual, {lines} lines change: bytes per key", [b for _, b in samples], "B")]
    return rows


def bare_keys(cycles: int) -> list[Row]:
    term = Pty(python(str(BARE)))
    started(term)
    for _ in range(3):
        term.key("k")
    samples = [term.key("k") for _ in range(cycles * 2)]
    quit_app(term)
    return [row("keys", "bare app: key → screen done", [s for s, _ in samples]),
            count_row("keys", "bare app: bytes per key", [b for _, b in samples], "B")]


def myz_keys(path: Path, folder: Path, size: int, cycles: int) -> list[Row]:
    term = app(path, folder)
    started(term)
    term.key("\x1b[15~", quiet=0.3)  # f5: the roller
    figures: dict[str, list[tuple[float, int]]] = {"r": [], "p": [], "u": []}
    for number in range(cycles + 2):  # two cycles of warm-up
        for key in ("r", "p", "u", "u"):
            sample = term.key(key)
            if number >= 2:
                figures[key].append(sample)
    quit_app(term)
    label = f"Mutant, {size:,} events"
    rows = []
    for key, what in (("r", "roll"), ("p", "push"), ("u", "undo")):
        rows.append(row("keys", f"{label}: {what} → screen done", [s for s, _ in figures[key]], goal=KEY_GOAL_MS))
        rows.append(count_row("keys", f"{label}: {what}, bytes", [b for _, b in figures[key]], "B", goal=KEY_BYTES))
    return rows


FATE_CYCLE = (("\x1b[C", "cursor"), ("\x1b[D", "cursor"), ("a", "dialog"), ("\r", "roll"), ("u", "undo"))


def fate_ready(term: Pty) -> None:
    """Black Orcs activated (``v``, Enter: the first of the Horde's units)."""
    started(term)
    term.key("v", quiet=0.3)
    term.key("\r", quiet=0.3)


def fate_keys(path: Path, folder: Path, size: int, cycles: int) -> list[Row]:
    term = app(path, folder)
    fate_ready(term)
    figures: dict[str, list[tuple[float, int]]] = {"cursor": [], "dialog": [], "roll": [], "undo": []}
    for number in range(cycles + 2):
        for key, what in FATE_CYCLE:
            sample = term.key(key)
            if number >= 2:
                figures[what].append(sample)
    quit_app(term)
    label = f"Fate, {size:,} events"
    goals = {"cursor": (KEY_GOAL_MS, CURSOR_BYTES), "dialog": (DIALOG_GOAL_MS, DIALOG_BYTES), "roll": (KEY_GOAL_MS, KEY_BYTES), "undo": (KEY_GOAL_MS, KEY_BYTES)}
    names = {"cursor": "cursor move", "dialog": "attack dialog opens", "roll": "attack roll", "undo": "undo"}
    rows = []
    for what, (ms, size_goal) in goals.items():
        rows.append(row("keys", f"{label}: {names[what]} → screen done", [s for s, _ in figures[what]], goal=ms))
        rows.append(count_row("keys", f"{label}: {names[what]}, bytes", [b for _, b in figures[what]], "B", goal=size_goal))
    return rows


def idle(path: Path, folder: Path, seconds: float = 3.0) -> list[Row]:
    term = app(path, folder)
    started(term)
    term.key("\x1b[15~", quiet=0.3)
    rows = []
    for label, keys in (("the roller", ""), ("a text dialog open (e: the pool)", "e")):
        if keys:
            term.key(keys, quiet=0.5)
        term.settle(0.5)
        before = len(term.output)
        term.read(seconds)
        rows.append(value_row("idle", f"bytes per second idle, {label}", (len(term.output) - before) / seconds, "B/s", goal=0))
    term.key("\x1b", quiet=0.3)
    quit_app(term)
    return rows


def memory(path: Path, folder: Path, keys: int) -> list[Row]:
    """Resident memory over ``keys`` keys: the first half warms Textual's
    render caches and Python's allocator (it grows, then levels off), the
    second half must stay flat."""
    term = app(path, folder)
    fate_ready(term)
    opened = term.rss_mib()
    pressed = 0
    half = None
    while pressed < keys:
        for key, _ in FATE_CYCLE:
            term.key(key, quiet=0.03)
            pressed += 1
        if half is None and pressed >= keys // 2:
            term.settle(0.3)
            half = (pressed, term.rss_mib())
    term.settle(0.3)
    after = term.rss_mib()
    quit_app(term)
    assert half is not None
    warm = (half[1] - opened) / opened * 100
    flat = (after - half[1]) / half[1] * 100
    return [
        value_row("memory", "Fate, 5,000 events: resident memory, open", opened, "MiB", goal=80),
        value_row("memory", f"Fate, 5,000 events: resident memory after {pressed} keys", after, "MiB", goal=80),
        value_row("memory", f"Fate, 5,000 events: growth over the first {half[0]} keys (warming caches)", warm, "%"),
        value_row("memory", f"Fate, 5,000 events: growth over the next {pressed - half[0]} keys", flat, "%", goal=10),
    ]


def main(argv: list[str]) -> list[Row]:
    cycles = int(argv[argv.index("--cycles") + 1]) if "--cycles" in argv else 30
    memory_keys = int(argv[argv.index("--memory-keys") + 1]) if "--memory-keys" in argv else 2000
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 5
    only = set(argv[argv.index("--only") + 1].split(",")) if "--only" in argv else {"startup", "shaped", "myz", "fate", "idle", "memory"}
    sizes = tuple(int(n) for n in argv[argv.index("--sizes") + 1].split(",")) if "--sizes" in argv else SIZES
    print("terminal: the app in a real pty (80x24, xterm-256color), against a bare Textual app in the same run")
    print(f"  {machine()}; {cycles} cycles per key case, {repeats} starts each, {memory_keys} keys for memory")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tui")], check=True)  # as an installed copy has it
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="masscombat-bench-term-") as tmp:
        folder = Path(tmp)
        began = time.perf_counter()
        prepared = battles(folder)
        print(f"  battles prepared in {time.perf_counter() - began:.1f} s", flush=True)
        if "startup" in only:
            rows += startup(folder, repeats)
        rows += bare_keys(cycles)
        if "shaped" in only:
            rows += shaped_keys(cycles)
        for size in sizes if "myz" in only else ():
            rows += myz_keys(fresh(prepared["myz", size], folder, f"myz-keys-{size}"), folder / f"myz-home-{size}", size, cycles)
            print(f"  Mutant, {size} events: done", flush=True)
        for size in sizes if "fate" in only else ():
            rows += fate_keys(fresh(prepared["fate", size], folder, f"fate-keys-{size}"), folder / f"fate-home-{size}", size, cycles)
            print(f"  Fate, {size} events: done", flush=True)
        if "idle" in only:
            rows += idle(fresh(prepared["myz", 0], folder, "idle"), folder / "idle-home")
        if "memory" in only:
            rows += memory(fresh(prepared["fate", 5000], folder, "memory"), folder / "memory-home", memory_keys)
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
