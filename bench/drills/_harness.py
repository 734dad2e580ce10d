"""What the drills share: temp folders, demo battles to play, and the real
app run in a pseudo-terminal, as a GM's terminal or an SSH session runs it.

Drills are run by hand (``python bench/drills/run_all.py``); they print
figures and a verdict per case and exit 1 if any case failed. The tests in
``tests/`` cover the same cases at small N with injected failures.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent.parent
for _folder in (ROOT, ROOT / "bench"):  # the package, and the pty shared with bench/terminal.py
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from _pty import Pty  # noqa: E402  (after the path is set)

DEMOS = {"myz": "ghoul-strike", "fate": "ford-of-brannock", "second_world": "operation-nightjar", "kingmaker": "battle-of-ashwater"}
"""A bundled demo per system, copied to a temp folder for each drill: every drill plays all four."""


@dataclass
class Verdicts:
    """Each case's figures and whether it held; ``exit_code`` says if all did."""

    rows: list[tuple[str, bool, str]] = field(default_factory=list)

    def add(self, case: str, held: bool, figures: str) -> None:
        self.rows.append((case, held, figures))
        print(f"  {'ok  ' if held else 'FAIL'} {case}: {figures}", flush=True)

    def skip(self, case: str, why: str) -> None:
        print(f"  skip {case}: {why}", flush=True)

    @property
    def exit_code(self) -> int:
        return 0 if all(held for _, held, _ in self.rows) else 1


@contextmanager
def temp_folder(prefix: str = "masscombat-drill-") -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def demo_copy(system: str, folder: Path, name: str | None = None) -> Path:
    """A playable copy of the system's demo (not a template) in ``folder``."""
    from tui.core.files.places import find_example
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    battle = load_battle(find_example(DEMOS[system]))
    battle.meta = battle.meta.model_copy(update={"template": False})
    target = folder / f"{name or system}.toml"
    save_battle(battle, target)
    return target


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.tmp")]


class Terminal(Pty):
    """The app (``python -m tui ARGS``) in a pseudo-terminal of 80×24 (see
    ``bench/_pty.py``); ``output`` is every byte the app wrote."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None, size: tuple[int, int] = (80, 24)) -> None:
        super().__init__([sys.executable, "-m", "tui", *args], env, size)

    def wait_until(self, ready: Callable[[], bool], seconds: float = 15.0) -> bool:
        """Read the output until ``ready()`` (a file saved, say) or time is up."""
        deadline = time.monotonic() + seconds
        while not ready() and time.monotonic() < deadline and not self.exited():
            self.read(0.05)
        return ready()


def app_env(folder: Path) -> dict[str, str]:
    """Settings and saves of the app under drill kept in ``folder``."""
    return {"MASSCOMBAT_CONFIG": str(folder / "settings.toml"), "MASSCOMBAT_SAVES": str(folder / "saves")}


__all__ = ["DEMOS", "ROOT", "Terminal", "Verdicts", "app_env", "demo_copy", "temp_files", "temp_folder"]
