"""Every key binding and every entry of every action menu has a Pilot test
that asserts its effect. Tests say what they exercise with
``@pytest.mark.covers("binding.id", "menu.entry", ...)``; this test lists
every binding and menu entry of every screen, widget and dialog of the app
and fails on one that no test covers, or on a cover that names nothing."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

from textual.dom import DOMNode

import tui.ui
from tui.core.system import systems
from tui.ui.registry import system_ui
from tui.ui.shell.menus import MENUS

TESTS = Path(__file__).resolve().parent.parent


def _ui_modules() -> list[object]:
    found = []
    for info in pkgutil.walk_packages(tui.ui.__path__, "tui.ui."):
        found.append(importlib.import_module(info.name))
    return found


def binding_ids() -> set[str]:
    ids: set[str] = set()
    for module in _ui_modules():
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or not cls.__module__.startswith("tui.ui"):
                continue
            for binding in vars(cls).get("BINDINGS", []):
                if getattr(binding, "id", None):
                    ids.add(binding.id)
    for system in systems():
        ids |= {b.id for b in system_ui(system.key).bindings if b.id}
    # A system's app-wide keys, registered or still being built.
    for module in _ui_modules():
        ui = getattr(module, "UI", None)
        if ui is not None and hasattr(ui, "bindings"):
            ids |= {b.id for b in ui.bindings if b.id}
    return ids


def menu_entry_ids() -> set[str]:
    _ui_modules()
    return {entry for menu in MENUS.values() for entry in menu.ids()}


def covered() -> dict[str, list[str]]:
    """Each covered id and the tests that cover it, read from the test files."""
    found: dict[str, list[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "covers":
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, []).append(path.name)
    return found


def test_every_binding_and_menu_entry_has_a_test():
    wanted = binding_ids() | menu_entry_ids()
    have = covered()
    missing = sorted(wanted - set(have))
    assert not missing, f"{len(missing)} without a Pilot test: {missing}"


def test_every_cover_names_a_binding_or_menu_entry():
    wanted = binding_ids() | menu_entry_ids()
    stale = sorted(set(covered()) - wanted)
    assert not stale, f"covers naming nothing the app has: {stale}"


def test_the_lists_are_not_empty():
    # A refactor that hides the bindings from this walk must not pass it vacuously.
    assert {"fate.leader", "roller.push", "wave.step", "app.help", "dialog.cancel"} <= binding_ids()
    assert {"fate.leader.give", "myz.support.rally", "myz.strategy.total_attack"} <= menu_entry_ids()


def test_no_two_widget_classes_share_a_name():
    # Textual selects DEFAULT_CSS by class name: two classes of one name style each other.
    seen: dict[str, str] = {}
    clashes = []
    for module in _ui_modules():
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or cls.__module__ != module.__name__:
                continue
            where = f"{cls.__module__}.{name}"
            if cls.__name__ in seen and seen[cls.__name__] != where:
                clashes.append((seen[cls.__name__], where))
            seen.setdefault(cls.__name__, where)
    assert not clashes
