"""The registry of rule systems: a key leads to everything the shell needs
to know of a system, and nothing outside this module asks which system a
battle follows by comparing names.

Each system is one package under ``tui.core.systems`` whose ``system``
module defines ``SYSTEM`` (a playable system) or only ``RULESET`` (a
ruleset the command line reads before the system is playable). Adding a
system is one package and one line in ``_SYSTEM_MODULES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel

from tui.core.errors import MassCombatError
from tui.core.history import BattleFile, LoggedBattle
from tui.core.ruleset_base import Localised

if TYPE_CHECKING:
    from tui.core.projection import Panel

_SYSTEM_MODULES: dict[str, str] = {
    "myz": "tui.core.systems.myz.system",
    "fate": "tui.core.systems.fate.system",
    "second_world": "tui.core.systems.second_world.system",
    "kingmaker": "tui.core.systems.kingmaker.system",
}
"""A system's key → the module that describes it, in the order menus list them."""

LEGACY_SYSTEM = "myz"
"""The system of a save written before the file named its system."""


class UnknownSystem(MassCombatError):
    """A save or a command named a system the registry does not have."""


@dataclass(frozen=True)
class RulesetSpec:
    """Where a system's bundled ruleset lives and the model that validates it."""

    system: str
    file: str
    model: type[BaseModel]


@dataclass(frozen=True)
class GameSystem:
    """One playable rule system, as the shell, storage and the CLI see it."""

    key: str
    names: Localised
    ruleset: RulesetSpec
    file_model: type[BattleFile]
    """The save file's model (its header is ``history.BattleFile``)."""
    battle: type[LoggedBattle[Any, Any]]
    load: Callable[[BattleFile, Any], LoggedBattle[Any, Any]]
    """Replay a validated save file under a ruleset (None: the bundled one)."""
    new_battle: Callable[[int | None], LoggedBattle[Any, Any]]
    """A new battle in the current language, ready for the army builder."""
    report: Callable[[LoggedBattle[Any, Any], str], str]
    """The whole battle as Markdown in a language."""
    public_view: Callable[[LoggedBattle[Any, Any], str], "Panel"]
    """What every player may see (no secret strategy, no hidden aspect),
    worded in a language: the remote view's data (see ``projection``)."""
    demo: str = ""
    """The bundled example battle's file name in ``saves/examples``."""
    extras: dict[str, Any] = field(default_factory=dict)

    def name(self, language: str) -> str:
        return self.names(language)


def _module(key: str) -> Any:
    path = _SYSTEM_MODULES.get(key)
    if path is None:
        raise UnknownSystem(f"unknown system {key!r}; known: {', '.join(_SYSTEM_MODULES)}")
    return importlib.import_module(path)


@lru_cache(maxsize=None)
def systems() -> tuple[GameSystem, ...]:
    """Every playable system, in menu order."""
    found = (getattr(_module(key), "SYSTEM", None) for key in _SYSTEM_MODULES)
    return tuple(s for s in found if s is not None)


def system_keys() -> tuple[str, ...]:
    return tuple(s.key for s in systems())


def find_system(key: object) -> GameSystem:
    """The playable system with this key; ``UnknownSystem`` (one line) if
    there is none. Imports that system only: a battle's first frame needs
    no other system's rules."""
    if isinstance(key, str) and key in _SYSTEM_MODULES:
        system = getattr(_module(key), "SYSTEM", None)
        if isinstance(system, GameSystem):
            return system
    raise UnknownSystem(f"unknown system {key!r}; known: {', '.join(system_keys())}")


def system_of(battle: LoggedBattle[Any, Any]) -> GameSystem:
    return find_system(battle.system)


def ruleset_spec(key: object) -> RulesetSpec:
    """Where the ruleset of any registered system lives, playable or not yet."""
    if isinstance(key, str) and key in _SYSTEM_MODULES:
        module = _module(key)
        system = getattr(module, "SYSTEM", None)
        spec = system.ruleset if system is not None else getattr(module, "RULESET", None)
        if isinstance(spec, RulesetSpec):
            return spec
    raise UnknownSystem(f"[ruleset] system must be one of {', '.join(_SYSTEM_MODULES)}")


def ruleset_keys() -> tuple[str, ...]:
    return tuple(_SYSTEM_MODULES)


__all__ = ["LEGACY_SYSTEM", "GameSystem", "RulesetSpec", "UnknownSystem", "find_system", "ruleset_keys", "ruleset_spec", "system_keys", "system_of", "systems"]
