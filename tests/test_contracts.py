"""The import contracts (``pyproject.toml``, checked by ``lint-imports``)
cover whole packages: a module added to the shell, the widgets or the
viewer falls under them without anyone editing a list, and the systems
they keep apart are exactly the installed ones."""

from __future__ import annotations

import tomllib
from importlib.metadata import entry_points
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _contracts() -> dict[str, dict]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["name"].split(":")[0].split(" (")[0]: c for c in data["tool"]["importlinter"]["contracts"]}


def _top_level(package: Path) -> set[str]:
    dotted = ".".join(package.relative_to(ROOT).parts)
    found = {f"{dotted}.{p.stem}" for p in package.glob("*.py") if p.stem != "__init__"}
    found |= {f"{dotted}.{p.name}" for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return found


def test_the_shared_code_contract_names_every_module_that_is_no_systems():
    shared = _contracts()["Shared code"]
    screens = {f"tui.ui.{p.name}" for p in entry_points(group="masscombat.screens") if p.value.startswith("tui.")}
    ui = _top_level(ROOT / "tui" / "ui")
    assert ui - screens <= set(shared["source_modules"]), "a module of tui/ui is under no contract"
    assert {"tui.core", "tui.cli"} <= set(shared["source_modules"])
    assert screens <= set(shared["forbidden_modules"]) and "tui.core.systems" in shared["forbidden_modules"]


def test_the_systems_kept_apart_are_the_installed_ones():
    contracts = _contracts()
    screens = {f"tui.ui.{p.name}" for p in entry_points(group="masscombat.screens") if p.value.startswith("tui.")}
    assert set(contracts["Each system's screens are a package of their own"]["modules"]) == screens
    assert contracts["Each system of the core is a package of its own"]["modules"] == ["tui.core.systems.*"]
    systems = {p.value.split(":")[0].rsplit(".", 1)[0] for p in entry_points(group="masscombat.systems") if p.value.startswith("tui.")}
    assert systems == _top_level(ROOT / "tui" / "core" / "systems")


def test_top_level_packages_are_the_core_the_command_line_and_the_ui():
    assert _top_level(ROOT / "tui") == {"tui.core", "tui.cli", "tui.ui"} | {"tui.__main__"}
