"""Startup to the first interactive frame, as a ratio against a bare Textual app.

    python bench/startup.py [--repeats N] [--json]

Each sample is a fresh ``python bench/_startup_child.py`` process, timed from
just before it is spawned to its exit, so interpreter start-up, imports,
building the app, the first frame and teardown all count:

* app:  ``open_example`` of saves/examples/ghoul-strike.toml into a fresh temp
        saves folder, ``open_session``, ``MassCombatApp(session, Settings(), None)``,
        ``app.run(headless=True, size=(80, 24))``, exit right after the first
        frame (``on_ready`` -> ``call_after_refresh(app.exit)``), ``close_session``.
* bare: a Textual ``App`` with one ``Static``, run and exited the same way.

Samples alternate app/bare after one untimed warm-up of each (bytecode and
the OS file cache warm). ``MASSCOMBAT_CONFIG`` and ``MASSCOMBAT_SAVES`` point at
temp paths in the children. The figure that travels between machines is the
ratio of the medians; the milliseconds do not.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, Row, finish, machine, row, value_row

CHILD = Path(__file__).resolve().with_name("_startup_child.py")
EXAMPLE = ROOT / "saves" / "examples" / "ghoul-strike.toml"
KEYS = ("imports", "build", "to_ready", "ready_to_exit", "close")


def spawn(kind: str, scratch: Path, number: int) -> tuple[float, dict]:
    """Run one child; (wall seconds from spawn to exit, its own breakdown in ms)."""
    home = scratch / f"{kind}-{number}"
    home.mkdir()
    env = dict(os.environ)
    env["MASSCOMBAT_CONFIG"] = str(home / "settings.toml")
    env["MASSCOMBAT_SAVES"] = str(home / "saves")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("NO_COLOR", None)
    args = [sys.executable, str(CHILD), kind] + ([str(EXAMPLE)] if kind == "app" else [])
    start = time.perf_counter()
    done = subprocess.run(args, env=env, cwd=home, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{kind} child failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    breakdown = json.loads(done.stdout.strip().splitlines()[-1])
    return wall, breakdown


def main(argv: list[str]) -> list[Row]:
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 10
    print("startup: fresh process -> first frame (headless 80x24) -> exit")
    print(f"  {machine()}; {repeats} samples each, alternating, after 1 warm-up each")
    walls: dict[str, list[float]] = {"app": [], "bare": []}
    parts: dict[str, list[dict]] = {"app": [], "bare": []}
    with tempfile.TemporaryDirectory(prefix="masscombat-bench-startup-") as tmp:
        scratch = Path(tmp)
        for kind in ("app", "bare"):
            spawn(kind, scratch, -1)  # warm-up, not counted
        for number in range(repeats):
            order = ("app", "bare") if number % 2 == 0 else ("bare", "app")
            for kind in order:
                wall, breakdown = spawn(kind, scratch, number)
                walls[kind].append(wall)
                parts[kind].append(breakdown)
    rows = [
        row("startup", "masscombat app, spawn->exit", walls["app"]),
        row("startup", "bare Textual app, spawn->exit", walls["bare"]),
    ]
    ratio = statistics.median(walls["app"]) / statistics.median(walls["bare"])
    rows.append(value_row("startup", "ratio app/bare (medians)", ratio, "x"))
    print()
    print("  in-child breakdown, medians in ms (script start is after interpreter start-up):")
    print(f"  {'':6}" + "".join(f"{k:>15}" for k in KEYS + ("outside script",)))
    for kind in ("app", "bare"):
        medians = [statistics.median(p[k] for p in parts[kind]) for k in KEYS]
        outside = statistics.median(w * 1000 - p["script_total"] for w, p in zip(walls[kind], parts[kind]))
        print(f"  {kind:6}" + "".join(f"{v:15.1f}" for v in medians + [outside]))
    print("  imports: the script's imports; build: open_example+open_session+App(); to_ready: run() to the")
    print("  first frame; ready_to_exit: one more refresh + shutdown; outside script: interpreter start + exit")
    return rows


if __name__ == "__main__":
    finish(main(sys.argv[1:]), sys.argv[1:])
