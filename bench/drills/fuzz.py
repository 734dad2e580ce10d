"""Drill: the loader on N malformed battles and rulesets, made by mutating
the bundled demos and rulesets (cut short, bytes flipped, lines doubled or
dropped, numbers made huge, text made hostile, keys and nesting made deep).
Each file must be accepted, or refused with one clean line, within 2 s and
200 MB, and nothing may be written beside it.

    python bench/drills/fuzz.py [--files N] [--seed S] [--no-memory]
"""

from __future__ import annotations

import argparse
import random
import re
import time
import tracemalloc
from typing import Callable

from _harness import DEMOS, Verdicts, temp_folder

LIMIT_SECONDS = 2.0
LIMIT_BYTES = 200 * 1024 * 1024
RAW = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
HOSTILE_TEXT = ["\x1b]52;c;cm0K\x07", "\x1b]0;x\x07", "\x1b[2J", "\u202e", "\x00", "[@click=app.quit]x[/]", "<img src=x>", "\\u001b", '"', "\n"]
HUGE = ["-1000000000", "1000000000000000000000000000000", "-0", "1e999", "nan", "0x7fffffffffffffff", "99999999999999999999"]


def _cut(text: str, rng: random.Random) -> bytes:
    return text.encode()[: rng.randrange(len(text))]


def _flip(text: str, rng: random.Random) -> bytes:
    raw = bytearray(text.encode())
    for _ in range(rng.randint(1, 8)):
        raw[rng.randrange(len(raw))] = rng.randrange(256)
    return bytes(raw)


def _lines(text: str, rng: random.Random) -> bytes:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 5)):
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines.insert(i, lines[rng.randrange(len(lines))])
        else:
            del lines[i]
    return "\n".join(lines).encode()


def _number(text: str, rng: random.Random) -> bytes:
    numbers = list(re.finditer(r"(?<=[=\[, ])-?\d+(?=[\s,\]])", text))
    if not numbers:
        return text.encode()
    m = rng.choice(numbers)
    return (text[: m.start()] + rng.choice(HUGE) + text[m.end():]).encode()


def _string(text: str, rng: random.Random) -> bytes:
    strings = list(re.finditer(r'"([^"\\\n]*)"', text))
    if not strings:
        return text.encode()
    m = rng.choice(strings)
    hostile = rng.choice(HOSTILE_TEXT)
    escaped = hostile.encode("unicode_escape").decode().replace('"', '\\"') if rng.random() < 0.7 else hostile
    return (text[: m.start(1)] + m[1] + escaped + text[m.end(1):]).encode()


def _deep(text: str, rng: random.Random) -> bytes:
    depth = rng.choice([40, 1_000, 20_000])
    extra = rng.choice([
        "a." * depth + "a = 1",
        "[" + "a." * depth + "a]",
        "x = " + "[" * depth + "]" * depth,
        "y = " + "{a = " * min(depth, 5_000) + "1" + "}" * min(depth, 5_000),
    ])
    lines = text.split("\n")
    lines.insert(rng.randrange(len(lines)), extra)
    return "\n".join(lines).encode()


def _garbage(text: str, rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 4000)))


def _types(text: str, rng: random.Random) -> bytes:
    keys = list(re.finditer(r"^(\s*[a-z_]+\s*=\s*)(.+)$", text, re.M))
    if not keys:
        return text.encode()
    m = rng.choice(keys)
    value = rng.choice(['"text"', "true", "[]", "{}", "1979-05-27", "3.5", "[[1], [2]]"])
    return (text[: m.start(2)] + value + text[m.end(2):]).encode()


MUTATORS: dict[str, Callable[[str, random.Random], bytes]] = {
    "cut short": _cut, "bytes flipped": _flip, "lines doubled/dropped": _lines, "number made huge": _number,
    "text made hostile": _string, "deep keys/nesting": _deep, "garbage": _garbage, "value of another type": _types,
}


def sources() -> dict[str, tuple[str, str]]:
    """kind → (name, text) of each file mutated: the demos and rulesets."""
    from tui.core.files.places import find_example
    from tui.core.files.rulesets import find_ruleset

    found = {f"save {key}": (DEMOS[key], find_example(DEMOS[key]).read_text()) for key in DEMOS}
    for system in DEMOS:
        found[f"ruleset {system}"] = (system, find_ruleset(system).read_text())
    return found


def main() -> int:
    from tui.core.errors import MassCombatError
    from tui.core.files.rulesets import load_ruleset_file
    from tui.core.files.loading import load_battle

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-memory", action="store_true", help="skip tracemalloc (faster; memory then unmeasured)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = sources()
    verdicts = Verdicts()
    stats = {name: [0, 0, 0.0, 0] for name in MUTATORS}  # accepted, refused, slowest s, biggest bytes
    crashes: list[str] = []
    dirty: list[str] = []
    print(f"fuzz: {args.files} files from {len(files)} sources, limits {LIMIT_SECONDS:.0f} s and {LIMIT_BYTES // 2**20} MB each")
    started = time.monotonic()
    with temp_folder() as folder:
        for number in range(args.files):
            kind = rng.choice(list(files))
            mutator = rng.choice(list(MUTATORS))
            _, text = files[kind]
            raw = MUTATORS[mutator](text, rng)
            path = folder / f"{number}.toml"
            path.write_bytes(raw)
            before = sorted(p.name for p in folder.rglob("*"))
            load = load_battle if kind.startswith("save") else load_ruleset_file
            if not args.no_memory:
                tracemalloc.start()
            began = time.perf_counter()
            try:
                load(path)
                accepted = True
            except MassCombatError as exc:
                accepted = False
                message = str(exc)
                if "\n" in message or RAW.search(message):
                    crashes.append(f"{kind}/{mutator}: not one clean line: {message[:120]!r}")
            except BaseException as exc:  # the promise: nothing else escapes
                accepted = False
                crashes.append(f"{kind}/{mutator}: {type(exc).__name__}: {str(exc)[:120]}")
            took = time.perf_counter() - began
            peak = 0
            if not args.no_memory:
                _, peak = tracemalloc.get_traced_memory()
                tracemalloc.stop()
            if sorted(p.name for p in folder.rglob("*")) != before:
                dirty.append(f"{kind}/{mutator}")
            path.unlink()
            row = stats[mutator]
            row[0 if accepted else 1] += 1
            row[2] = max(row[2], took)
            row[3] = max(row[3], peak)
            if (number + 1) % 1000 == 0:
                print(f"    {number + 1} files, {time.monotonic() - started:.0f} s", flush=True)
    for name, (accepted, refused, slowest, biggest) in stats.items():
        memory = "unmeasured" if args.no_memory else f"{biggest / 2**20:.1f} MB"
        held = slowest <= LIMIT_SECONDS and (args.no_memory or biggest <= LIMIT_BYTES)
        verdicts.add(name, held, f"{accepted} accepted, {refused} refused; slowest {slowest * 1000:.0f} ms, most memory {memory}")
    for line in crashes[:10]:
        print(f"    {line}")
    verdicts.add("every refusal one clean line, no other exception", not crashes, f"{len(crashes)} broke the promise")
    verdicts.add("nothing written beside the files", not dirty, f"{len(dirty)} wrote something")
    print(f"  {args.files} files in {time.monotonic() - started:.0f} s")
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
