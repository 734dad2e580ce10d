"""Keys wait for the app to settle after the key before them
(``shell.keys``). That holds by construction only if nothing a key starts
runs on past the gate's sight: a worker started outside ``run_flow``
would push its dialog after the gate let the next key go (the Mutant
roller's typed dice did, and a burst lost the faces)."""

from __future__ import annotations

import ast
from pathlib import Path

import tui.ui
from tui.ui.shell.gated_app import GatedApp
from tui.ui.shell.start import StartApp
from tui.ui.viewer.app import ViewerApp
from tui.ui.app import MassCombatApp

UI = Path(tui.ui.__file__).resolve().parent
GATE = UI / "shell" / "keys.py"


def _workers_started(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "run_worker":
            found.append(f"{path.relative_to(UI)}:{node.lineno}")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if (isinstance(target, ast.Name) and target.id == "work") or (isinstance(target, ast.Attribute) and target.attr == "work"):
                    found.append(f"{path.relative_to(UI)}:{node.lineno}")
    return found


def test_only_the_gate_starts_workers():
    stray = [where for path in sorted(UI.rglob("*.py")) if path != GATE for where in _workers_started(path)]
    assert not stray, f"workers started outside KeyGate.run_flow: {stray}"


def test_every_app_takes_its_keys_through_the_gate():
    for app in (MassCombatApp, StartApp, ViewerApp):
        assert issubclass(app, GatedApp), app
