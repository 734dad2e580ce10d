"""Action menus declared as data: a menu's id and the entries it can
offer. A dialog built for a menu refuses an entry the menu does not
declare, so every entry a GM can meet is listed here, and the tests can
check that each one is exercised (tests/ui/test_every_action.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

MENUS: dict[str, "Menu"] = {}
"""Every action menu of every system, by id (filled as the UI modules load)."""


@dataclass(frozen=True)
class Menu:
    id: str
    _entries: Callable[[], tuple[str, ...]]
    rows: bool = False
    """Its entries are a ruleset's rows: a house ruleset may offer more
    than the shipped one declares (the tests cover the shipped rows)."""

    @property
    def entries(self) -> tuple[str, ...]:
        return self._entries()

    def ids(self) -> tuple[str, ...]:
        """``menu.entry`` ids, as the tests name them."""
        return tuple(f"{self.id}.{entry}" for entry in self.entries)


def menu(menu_id: str, *entries: str) -> Menu:
    """A menu whose entries are fixed."""
    return _register(Menu(menu_id, lambda: entries))


def data_menu(menu_id: str, entries: Callable[[], tuple[str, ...]]) -> Menu:
    """A menu whose entries come from the ruleset (strategies, create-an-advantage
    uses): declared by the shipped ruleset's rows, open to a house ruleset's."""
    return _register(Menu(menu_id, entries, rows=True))


def _register(found: Menu) -> Menu:
    if found.id in MENUS:
        raise ValueError(f"two menus are called {found.id}")
    MENUS[found.id] = found
    return found


__all__ = ["MENUS", "Menu", "data_menu", "menu"]
