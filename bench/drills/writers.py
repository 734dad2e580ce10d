"""Drill: two writers on one battle, each case with the real app in a
terminal. No update may be lost and each conflict must be said on screen.

1. A hand edit while the app has the battle open.
2. The lock file deleted by hand ("it looks stale") and a second app opened.
3. The same battle reached through a symlink and by its real path.
4. A lock file that is a symlink to another file, or a hard link to one.

    python bench/drills/writers.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
from functools import partial
from pathlib import Path

from _harness import DEMOS, Terminal, Verdicts, app_env, demo_copy, temp_folder


def cursor(path: Path) -> int | None:
    from tui.core.errors import MassCombatError
    from tui.core.files.loading import load_battle

    try:
        return load_battle(path).history.cursor
    except MassCombatError:
        return None


def title(path: Path) -> str | None:
    from tui.core.files.loading import load_battle

    return load_battle(path).meta.title


def copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.conflict-*.toml"))


def open_app(path: Path, folder: Path) -> Terminal:
    app = Terminal([str(path)], app_env(folder))
    if not app.wait_for(b"masscombat", 20):
        raise RuntimeError(f"the app did not start on {path}")
    return app


def quit_apps(*apps: Terminal) -> None:
    """Quit each app with q, as a GM would, and let it exit."""
    for app in apps:
        app.send("q")
        app.wait_exit(5)


def kill_apps(*apps: Terminal | None) -> None:
    """Whatever is still running after a case (one that failed half-way) goes."""
    for app in apps:
        if app is not None:
            app.kill()


def undo_saved(app: Terminal, path: Path) -> bool:
    before = cursor(path)
    app.send("u")
    return app.wait_until(lambda: cursor(path) != before)


def hand_edit(system: str) -> tuple[int, bool]:
    with temp_folder() as folder:
        path = demo_copy(system, folder)
        app = open_app(path, folder)
        try:
            undo_saved(app, path)
            mine = cursor(path)
            assert mine is not None
            path.write_text(path.read_text().replace(f'title = "{title(path)}"', 'title = "Edited by hand"'))
            app.send("u")  # the app's next change must not overwrite the edit
            app.wait_until(lambda: bool(copies(folder)))
            said = app.wait_for(b"outside", 5)
            app.send("q")
            app.wait_exit(5)
        finally:
            app.kill()
        kept_edit = title(path) == "Edited by hand"
        kept_app = bool(copies(folder)) and cursor(copies(folder)[0]) == mine - 1
        return (not kept_edit) + (not kept_app), said


def deleted_lock(system: str) -> tuple[int, bool]:
    from tui.core.files.locking import lock_path_for

    with temp_folder() as folder:
        path = demo_copy(system, folder)
        first = open_app(path, folder)
        second = None
        try:
            undo_saved(first, path)
            lock_path_for(path).unlink()
            second = open_app(path, folder)
            undo_saved(second, path)  # the second app writes: it opened writable
            theirs = cursor(path)
            first.send("U")  # the first app redoes: it must not wipe the second's undo
            first.wait_until(lambda: bool(copies(folder)))
            said = first.wait_for(b"another", 5)
            ours = cursor(copies(folder)[0]) if copies(folder) else None
            quit_apps(first, second)
        finally:
            kill_apps(first, second)
        lost = (cursor(path) != theirs) + (ours is None)
        return lost, said


def symlinked_save(system: str) -> tuple[int, bool]:
    with temp_folder() as folder:
        path = demo_copy(system, folder)
        link = folder / "shortcut.toml"
        link.symlink_to(path)
        first = open_app(link, folder)
        second = None
        try:
            second = open_app(path, folder)
            said = second.wait_for(b"read-only", 5)  # the same battle, the same lock
            before = cursor(path)
            undo_saved(first, path)
            second.send("u")  # refused: read-only
            second.read(0.5)
            quit_apps(first, second)
        finally:
            kill_apps(first, second)
        lost = (cursor(path) != (before or 0) - 1) + (not link.is_symlink())
        return lost, said


def linked_lock(system: str, hard: bool) -> tuple[int, bool]:
    """The lock file is a link to a file that must not be written."""
    from tui.core.files.locking import lock_path_for

    with temp_folder() as folder:
        path = demo_copy(system, folder)
        victim = folder / "victim.txt"
        victim.write_text("precious\n")
        if hard:
            os.link(victim, lock_path_for(path))
        else:
            lock_path_for(path).symlink_to(victim)
        app = open_app(path, folder)
        try:
            said = app.wait_for(b"read-only", 5)
            app.send("q")
            app.wait_exit(5)
        finally:
            app.kill()
        return int(victim.read_text() != "precious\n"), said


CASES = {
    "hand edit while open": hand_edit,
    "lock deleted, second app": deleted_lock,
    "save reached by a symlink": symlinked_save,
    "lock file is a symlink": partial(linked_lock, hard=False),
    "lock file is a hard link": partial(linked_lock, hard=True),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="runs of each case per system (default 2)")
    args = parser.parse_args()
    verdicts = Verdicts()
    print(f"writers: each case {args.rounds}x per system, real apps in terminals")
    for system in DEMOS:
        for case, run in CASES.items():
            results = [run(system) for _ in range(args.rounds)]
            lost = sum(lost for lost, _ in results)
            said = sum(said for _, said in results)
            verdicts.add(f"{system}: {case}", lost == 0 and said == len(results), f"{lost} updates lost, notice on screen {said}/{len(results)}")
    return verdicts.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
