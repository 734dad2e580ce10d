"""Run every benchmark, each in its own process, and print one summary table.

    python bench/run_all.py [NAME ...]        # e.g. python bench/run_all.py odds save

Each script's own output is printed as it finishes; the table at the end
collects every figure (median and p95 in ms unless the unit says otherwise),
each with its goal (issues 13 and 31) where it has one and "ok" or "OVER",
with the machine's load average at the start and at the end. ``players``
needs OpenSSH's server and root; without them it is skipped, saying why.
Figures depend on the machine; the ratios against the bare Textual app
are measured in the same run. No test runs this.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from _common import ROOT, Row, machine, parse_json_line, table, verdict_line

SCRIPTS = ("terminal", "save", "players", "odds", "report")
HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    chosen = [name for name in argv if not name.startswith("-")] or list(SCRIPTS)
    unknown = [name for name in chosen if name not in SCRIPTS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(SCRIPTS)}", file=sys.stderr)
        return 2
    rows: list[Row] = []
    took: list[str] = []
    failed: list[str] = []
    skipped: list[str] = []
    load_before = os.getloadavg()
    for name in chosen:
        print(f"=== bench/{name}.py " + "=" * 50, flush=True)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(HERE / f"{name}.py"), "--json"], cwd=ROOT, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        shown = [line for line in done.stdout.splitlines() if not line.startswith("BENCH-JSON: ")]
        print("\n".join(shown))
        if done.returncode == 2 and name == "players":
            skipped.append(name)  # no sshd here, or not root: it said what is missing
            continue
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            failed.append(name)
            if not any(line.startswith("BENCH-JSON: ") for line in done.stdout.splitlines()):
                continue
        rows.extend(parse_json_line(done.stdout))
        took.append(f"{name} {seconds:.1f} s")
        print(flush=True)
    load_after = os.getloadavg()
    print("=== summary " + "=" * 58)
    print(machine())
    print(f"load average (1, 5, 15 min) at the start: {' '.join(f'{x:.2f}' for x in load_before)}; at the end: {' '.join(f'{x:.2f}' for x in load_after)}")
    print(table(rows))
    print(verdict_line(rows))
    print(f"run time: {', '.join(took)}" + (f"; skipped: {', '.join(skipped)}" if skipped else ""))
    if failed:
        print(f"FAILED: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
