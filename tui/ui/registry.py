"""The app's registry of systems: for each system in the core's registry,
what it brings to the shell, as data: its modes (main screens), the keys
that switch to them, where a battle opens, and its page of help.

Adding a system is one package under ``tui.ui`` whose ``system`` module
defines ``UI``, and one line in ``_UI_MODULES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from rich.console import RenderableType
from textual.binding import Binding
from textual.screen import Screen

from tui.core.history import LoggedBattle

_UI_MODULES: dict[str, str] = {
    "myz": "tui.ui.myz.system",
    "fate": "tui.ui.fate.system",
    "second_world": "tui.ui.second_world.system",
    "kingmaker": "tui.ui.kingmaker.system",
}


@dataclass(frozen=True)
class SystemUI:
    key: str
    modes: dict[str, Callable[[], Screen[Any]]]
    """Mode name → what makes its main screen (see ``lazy_screen``)."""
    bindings: tuple[Binding, ...]
    """The keys that switch modes (and any other app-wide key of the system)."""
    start_mode: Callable[[LoggedBattle[Any, Any]], str]
    """Where a battle of this system opens."""
    help: Callable[[Any], list[RenderableType]]
    """The help page's part for this system (given the glyphs in use)."""


def lazy_screen(module: str, name: str) -> Callable[[], Screen[Any]]:
    """A mode's screen, its module imported when the mode is first shown:
    the first frame imports the screen it shows, not all four."""

    def make() -> Screen[Any]:
        screen: Screen[Any] = getattr(importlib.import_module(module), name)()
        return screen

    make.__qualname__ = make.__name__ = name
    return make


def system_ui(key: str) -> SystemUI:
    path = _UI_MODULES.get(key)
    if path is None:
        raise KeyError(f"no screens for system {key!r}")
    ui = importlib.import_module(path).UI
    assert isinstance(ui, SystemUI)
    return ui


__all__ = ["SystemUI", "lazy_screen", "system_ui"]
