"""Drill: no escape sequence from a file reaches the terminal.

1. Every text value in the four demo saves and the four rulesets, with a
   sequence of the corpus appended (each in turn): refused on load, in
   one clean line.
2. The command line on such files (``check``, ``report``, opening the app),
   each sequence in a value of each demo: nothing but plain text on stdout
   and stderr.
3. Every screen of each system (each mode, help, settings, the command
   palette) on battles whose names look like markup: drawn literally, and
   no OSC sequence (window title, clipboard) in anything the app writes.

    python bench/drills/escapes.py
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

from _harness import DEMOS, ROOT, Terminal, Verdicts, app_env, demo_copy, temp_folder
from _toml_paths import leaves, replaced, value_at

CORPUS = {
    "OSC 52 clipboard write": "\x1b]52;c;cm0gLXJmIH4K\x07",
    "OSC 0 window title": "\x1b]0;pwned\x07",
    "CSI clear screen": "\x1b[2J",
    "C1 CSI": "\x9b2J",
    "NUL": "\x00",
    "bell": "\x07",
    "right-to-left override": "\u202e",
    "first-strong isolate": "\u2068",
    "line separator": "\u2028",
}
RAW = re.compile(rb"\x1b|\x9b|\x00|\x07|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]|\xe2\x80[\xa8\xa9]")
MARKUP_NAMES = ("[@click=app.quit]Ogre[/]", "Ghouls[/] [b]bold[/b]")


def corpus_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """(kind, file): every text value of every source with every sequence."""
    from tui.core.files.places import find_example
    from tui.core.files.rulesets import find_ruleset
    from tui.core.files.tomlfile import dump_toml, read_toml

    sources = [("save", find_example(name)) for name in DEMOS.values()] + [("ruleset", find_ruleset(s)) for s in DEMOS]
    number = 0
    sequences = list(CORPUS.values())
    for kind, source in sources:
        _, data = read_toml(source)
        # every value, the sequences in turn: all of them against every value
        # took over 10 minutes and found nothing the turns don't
        for index, path in enumerate(leaves(data)):
            number += 1
            target = folder / f"{number}.toml"
            target.write_text(dump_toml(replaced(data, path, value_at(data, path) + sequences[index % len(sequences)])))
            yield kind, target


def load_corpus(verdicts: Verdicts) -> None:
    from tui.core.errors import MassCombatError
    from tui.core.files.rulesets import load_ruleset_file
    from tui.core.files.loading import load_battle

    with temp_folder() as folder:
        counts = {"save": [0, 0], "ruleset": [0, 0]}
        started = time.monotonic()
        for kind, path in corpus_files(folder):
            counts[kind][0] += 1
            try:
                (load_battle if kind == "save" else load_ruleset_file)(path)
            except MassCombatError as exc:
                if "\n" not in str(exc) and not RAW.search(str(exc).encode()):
                    counts[kind][1] += 1
            path.unlink()
        took = time.monotonic() - started
    for kind, (tried, refused) in counts.items():
        verdicts.add(f"every text value of every {kind}, {len(CORPUS)} sequences in turn", tried == refused, f"{refused}/{tried} refused in one clean line ({took:.0f} s for all)")


def cli_corpus(verdicts: Verdicts) -> None:
    """A sample of hostile files through the real command line. (A file the
    loader accepts, because parsing dropped the character, say a pool's
    trailing U+2028, is not opened in the app: with no terminal it would
    wait for keys.)"""
    from tui.core.errors import MassCombatError
    from tui.core.files.places import find_example
    from tui.core.files.loading import load_battle
    from tui.core.files.tomlfile import dump_toml, read_toml

    with temp_folder() as folder:
        env = {**app_env(folder)}
        runs = clean = 0
        rng = random.Random(5)
        for name in DEMOS.values():
            _, data = read_toml(find_example(name))
            paths = list(leaves(data))
            for sequence in CORPUS.values():
                for path in rng.sample(paths, 1):
                    target = folder / "hostile.toml"
                    target.write_text(dump_toml(replaced(data, path, value_at(data, path) + sequence)))
                    try:
                        load_battle(target)
                        refused = False
                    except MassCombatError:
                        refused = True
                    for command in (["check"], ["report"], []) if refused else (["check"], ["report"]):
                        result = subprocess.run([sys.executable, "-m", "tui", *command, str(target)], capture_output=True, cwd=ROOT, env={**_environ(), **env}, timeout=60, stdin=subprocess.DEVNULL)
                        runs += 1
                        clean += not RAW.search(result.stdout + result.stderr) and result.returncode == (1 if refused else 0)
        verdicts.add("check, report and the app on hostile files", runs == clean, f"{clean}/{runs} runs printed plain text only and exited as they should (1 for a refused file)")


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)


FUNCTION_KEYS = {"f1": "\x1bOP", "f2": "\x1bOQ", "f3": "\x1bOR", "f4": "\x1bOS", "f5": "\x1b[15~", "f6": "\x1b[17~"}


def screens(verdicts: Verdicts) -> None:
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle
    from tui.ui.registry import system_ui

    for system in DEMOS:
        with temp_folder() as folder:
            path = demo_copy(system, folder)
            battle = load_battle(path)
            battle.meta = battle.meta.model_copy(update={"title": MARKUP_NAMES[0]})
            rename = getattr(battle, "rename", None)
            if rename is not None:
                rename(0, MARKUP_NAMES[1])
            save_battle(battle, path)
            app = Terminal([str(path)], app_env(folder), size=(120, 40))
            visited = []
            try:
                app.wait_for(b"masscombat", 20)
                for binding in system_ui(system).bindings:
                    app.send(FUNCTION_KEYS[binding.key])
                    app.read(0.8)
                    visited.append(binding.action)
                for key in ("f1", "f2"):  # help, then settings, each closed again
                    app.send(FUNCTION_KEYS[key])
                    app.read(0.8)
                    app.send("\x1b")
                    app.read(0.8)
                    visited.append(key)
                app.send("\x10")  # ctrl+p: the command palette
                app.read(0.8)
                app.send("\x1b")
                app.read(0.5)
                visited.append("palette")
                app.send("q")
                code = app.wait_exit(10)
            finally:
                app.kill()
            output = bytes(app.output)
            # Textual's own OSC 22 sets the mouse pointer's shape; any other
            # (a title, the clipboard, a link) could carry a name.
            osc = len([m for m in re.findall(rb"\x1b\](\d*)", output) if m != b"22"])
            literal = b"click=app.quit" in output
            verdicts.add(f"{system}: {len(visited)} screens with markup-like names", osc == 0 and literal and code == 0, f"{osc} OSC sequences written (the pointer shape aside), markup shown literally: {literal}, exit {code}")


def main() -> int:
    verdicts = Verdicts()
    print(f"escapes: a corpus of {len(CORPUS)} sequences")
    load_corpus(verdicts)
    cli_corpus(verdicts)
    screens(verdicts)
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
