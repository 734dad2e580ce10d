"""Run every drill, in order, and say which held: each drill's lines as they
come, then one table of every case (Markdown, for a closing note).

    python bench/drills/run_all.py            # all of them, the four systems (~9 min)
    python bench/drills/run_all.py kill fuzz  # some of them (each with its defaults)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

DRILLS = ["kill", "writers", "fuzz", "escapes", "faults", "signals", "specials"]
MARKS = {"  ok   ": "held", "  FAIL ": "FAILED"}


def run(name: str) -> tuple[int, list[tuple[str, str, str]], float]:
    """The drill's exit code, its cases (case, verdict, figures) and seconds taken."""
    started = time.monotonic()
    cases = []
    child = subprocess.Popen([sys.executable, str(Path(__file__).with_name(f"{name}.py"))], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    for line in child.stdout:
        print(line, end="", flush=True)
        for mark, verdict in MARKS.items():
            if line.startswith(mark):
                case, _, figures = line[len(mark):].rstrip("\n").partition(": ")
                cases.append((case, verdict, figures))
    return child.wait(), cases, time.monotonic() - started


def main() -> int:
    chosen = [a for a in sys.argv[1:] if a in DRILLS] or DRILLS
    started = time.monotonic()
    failed, table = [], []
    for name in chosen:
        print(f"== {name}", flush=True)
        code, cases, took = run(name)
        print(f"== {name}: {'held' if code == 0 else 'FAILED'} ({took:.0f} s)\n", flush=True)
        table += [(name, *case) for case in cases]
        if code:
            failed.append(name)
    print("| drill | case | verdict | figures |\n| --- | --- | --- | --- |")
    for name, case, verdict, figures in table:
        print(f"| {name} | {case} | {verdict} | {figures.replace('|', '/')} |")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n{len(table)} cases, {sum(v == 'held' for _, _, v, _ in table)} held; {time.monotonic() - started:.0f} s in all; load average {load}")
    print("all drills held" if not failed else f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
