"""The app's registry of systems: for each installed system, what it
brings to the shell, as data: its modes (main screens), the keys that
switch to them, where a battle opens, and its page of help.

A system's screens are an installed entry point of the group
``masscombat.screens`` under the system's key (``pyproject.toml``), so
the core's registry never needs the UI and a system of its own package
brings its screens the same way.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from rich.console import RenderableType
from textual.binding import Binding
from textual.screen import Screen

from tui.core.errors import MassCombatError
from tui.core.history import LoggedBattle
from tui.core.system import forget_systems, installed_points

GROUP = "masscombat.screens"
"""The entry-point group a system's screens register in."""


class NoScreens(MassCombatError):
    """An installed system whose screens are not installed."""


@dataclass(frozen=True)
class SystemUI:
    key: str
    modes: dict[str, Callable[[], Screen[Any]]]
    """Mode name → what makes its main screen (see ``lazy_screen``)."""
    bindings: tuple[Binding, ...]
    """The keys that switch modes (and any other app-wide key of the system)."""
    start_mode: Callable[[LoggedBattle[Any, Any]], str]
    """Where a battle of this system opens."""
    help: Callable[[Any, LoggedBattle[Any, Any]], list[RenderableType]]
    """The help page's part for this system, given the glyphs in use and
    the battle (its ruleset's numbers)."""


def lazy_screen(module: str, name: str) -> Callable[[], Screen[Any]]:
    """A mode's screen, its module imported when the mode is first shown:
    the first frame imports the screen it shows, not all four."""

    def make() -> Screen[Any]:
        screen: Screen[Any] = getattr(importlib.import_module(module), name)()
        return screen

    make.__qualname__ = make.__name__ = name
    return make


@lru_cache(maxsize=None)
def system_ui(key: str) -> SystemUI:
    """The screens of the system ``key``; ``NoScreens`` (one line) if none are installed."""
    point = installed_points(GROUP).get(key)
    ui = point.load() if point is not None else None
    if isinstance(ui, SystemUI) and ui.key == key:
        return ui
    raise NoScreens(f"no screens installed for system {key!r}")


def forget_screens() -> None:
    """Look for installed screens again (a package installed since)."""
    forget_systems()
    system_ui.cache_clear()


__all__ = ["GROUP", "NoScreens", "SystemUI", "forget_screens", "lazy_screen", "system_ui"]
