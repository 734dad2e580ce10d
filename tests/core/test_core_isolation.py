"""The rules core is pure Python: it never imports textual or rich (nor the UI),
and all its randomness comes from an injected ``random.Random``."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import tui.core

CORE = Path(tui.core.__file__).resolve().parent
ROOT = CORE.parent.parent
UI_LIBRARIES = ("textual", "rich")

# Module-level functions of ``random`` that use the hidden global generator.
GLOBAL_RANDOM = {
    "betavariate", "binomialvariate", "choice", "choices", "expovariate", "gammavariate",
    "gauss", "getrandbits", "getstate", "lognormvariate", "normalvariate", "paretovariate",
    "randbytes", "randint", "random", "randrange", "sample", "seed", "setstate", "shuffle",
    "triangular", "uniform", "vonmisesvariate", "weibullvariate",
}

IMPORT_EVERYTHING = """
import importlib, json, pkgutil, sys
import tui.core
names = ["tui.core"]
for info in pkgutil.walk_packages(tui.core.__path__, "tui.core."):
    importlib.import_module(info.name)
    names.append(info.name)
ui = sorted(n for n in sys.modules if n.split(".")[0] in ("textual", "rich"))
outside = sorted(n for n in sys.modules if n.startswith("tui.") and not n.startswith("tui.core"))
print(json.dumps({"imported": names, "ui": ui, "outside": outside}))
"""


def core_files() -> list[Path]:
    files = sorted(CORE.rglob("*.py"))
    assert files, CORE
    return files


def test_importing_every_core_module_loads_no_ui_library():
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    expected = set()
    for path in core_files():
        parts = list(path.relative_to(CORE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        expected.add(".".join(["tui", "core", *parts]))
    assert expected <= set(report["imported"]), expected - set(report["imported"])
    assert report["ui"] == [], f"the core pulled in {report['ui']}"
    assert report["outside"] == [], f"the core pulled in UI modules {report['outside']}"


def test_no_core_file_imports_a_ui_library_in_its_text():
    for path in core_files():
        text = path.read_text(encoding="utf-8")
        for library in UI_LIBRARIES:
            for phrase in (f"import {library}", f"from {library}"):
                assert phrase not in text, f"{path.relative_to(ROOT)} contains {phrase!r}"


def _package_of(path: Path) -> list[str]:
    """The package a file's relative imports start from."""
    return ["tui", "core", *path.relative_to(CORE).parent.parts]


def _imports(path: Path):
    """(line, absolute module name) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = _package_of(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def test_no_core_import_reaches_ui_libraries_or_the_ui_package():
    for path in core_files():
        for line, module in _imports(path):
            top = module.split(".")[0]
            where = f"{path.relative_to(ROOT)}:{line}"
            assert top not in UI_LIBRARIES, f"{where} imports {module}"
            if top == "tui":
                assert module == "tui" or module.startswith("tui.core") or module == "tui.__version__", f"{where} imports {module}"


def _random_misuse(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module_names = set()  # names bound to the random module
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "random":
                    module_names.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
            for alias in node.names:
                if alias.name in GLOBAL_RANDOM or alias.name == "*":
                    problems.append(f"{node.lineno}: from random import {alias.name}")
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Attribute, ast.Call)):
            continue
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in module_names:
            if node.attr in GLOBAL_RANDOM:
                problems.append(f"{node.lineno}: {node.value.id}.{node.attr}")
        if isinstance(node, ast.Call):
            func = node.func
            if (
                isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                and func.value.id in module_names and func.attr == "Random"
                and not node.args and not node.keywords
            ):
                problems.append(f"{node.lineno}: an unseeded {func.value.id}.Random()")
    return problems


def test_core_randomness_goes_through_an_injected_rng():
    found = {str(p.relative_to(ROOT)): _random_misuse(p) for p in core_files()}
    found = {k: v for k, v in found.items() if v}
    assert not found, found


def test_the_random_check_catches_global_random_calls(tmp_path):
    # The static check above must be able to fail.
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import random\nimport random as r\nfrom random import choice\n"
        "x = random.randint(1, 6)\ny = r.random()\nz = random.Random()\n"
        "ok = random.Random(5).randint(1, 6)\n",
        encoding="utf-8",
    )
    assert sorted(_random_misuse(bad)) == sorted([
        "3: from random import choice",
        "4: random.randint",
        "5: r.random",
        "6: an unseeded random.Random()",
    ])
