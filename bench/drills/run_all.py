"""Run every drill, in order, and say which held.

    python bench/drills/run_all.py            # all of them (~11 min)
    python bench/drills/run_all.py kill fuzz  # some of them (each with its defaults)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

DRILLS = ["kill", "writers", "fuzz", "escapes", "faults", "signals"]


def main() -> int:
    chosen = [a for a in sys.argv[1:] if a in DRILLS] or DRILLS
    failed = []
    for name in chosen:
        started = time.monotonic()
        print(f"== {name}", flush=True)
        code = subprocess.run([sys.executable, str(Path(__file__).with_name(f"{name}.py"))]).returncode
        print(f"== {name}: {'held' if code == 0 else 'FAILED'} ({time.monotonic() - started:.0f} s)\n", flush=True)
        if code:
            failed.append(name)
    print("all drills held" if not failed else f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
