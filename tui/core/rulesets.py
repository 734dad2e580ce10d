"""Rulesets: every number the rules use, read from ``rulesets/*.toml``.

A GM's house rule is an edited copy of a ruleset file, never a code change,
so each model forbids unknown keys (a typo is an error, not a silent
default) and is validated on load.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator

from tui.core.errors import RulesetError, SaveFileError
from tui.core.ruleset_base import LANGUAGES, Language, Localised, PushRule, Record, RulesetInfo, YearZeroDice
from tui.core.systems.fate.rules import FateRuleset
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.tomlfile import read_toml, validate


class D20Attack(Record):
    die: Annotated[int, Field(ge=2)]
    natural_hit_face: Annotated[int, Field(ge=0)]
    natural_miss_face: Annotated[int, Field(ge=0)]
    crit_face: Annotated[int, Field(ge=1)]
    crit_extra_damage: Annotated[int, Field(ge=0)]
    minimum_damage: Annotated[int, Field(ge=0)]


class KingmakerRuleset(Record):
    ruleset: RulesetInfo
    attack: D20Attack


Ruleset = MyzRuleset | FateRuleset | KingmakerRuleset

_MODELS: dict[str, type[BaseModel]] = {
    "myz": MyzRuleset,
    "fate": FateRuleset,
    "kingmaker": KingmakerRuleset,
}

RULESET_FILES = {
    "myz": "myz-mass-combat.toml",
    "fate": "fate-this-means-war.toml",
    "kingmaker": "kingmaker-fantasy-battle.toml",
}


def ruleset_folders() -> list[Path]:
    """Where bundled rulesets live: the installed copy, then the checkout's."""
    package = Path(__file__).resolve().parent.parent
    return [package / "_rulesets", package.parent / "rulesets"]


def find_ruleset(system: str) -> Path:
    name = RULESET_FILES.get(system)
    if name is None:
        raise RulesetError(f"no ruleset for system {system!r}")
    for folder in ruleset_folders():
        if (folder / name).is_file():
            return folder / name
    raise RulesetError(f"ruleset {name} not found in {', '.join(str(f) for f in ruleset_folders())}")


def load_ruleset_file(path: Path) -> Ruleset:
    """Read and validate one ruleset file; errors name the file, line and key."""
    text, data = read_toml(path)
    info = data.get("ruleset")
    system = info.get("system") if isinstance(info, dict) else None
    model = _MODELS.get(system) if isinstance(system, str) else None
    if model is None:
        raise SaveFileError(str(path), "[ruleset] system must be one of " + ", ".join(sorted(_MODELS)), None, "ruleset.system")
    return validate(model, data, text, str(path))


@lru_cache(maxsize=None)
def bundled_ruleset(system: str) -> Ruleset:
    return load_ruleset_file(find_ruleset(system))


def myz() -> MyzRuleset:
    ruleset = bundled_ruleset("myz")
    assert isinstance(ruleset, MyzRuleset)
    return ruleset


def fate() -> FateRuleset:
    ruleset = bundled_ruleset("fate")
    assert isinstance(ruleset, FateRuleset)
    return ruleset


def kingmaker() -> KingmakerRuleset:
    ruleset = bundled_ruleset("kingmaker")
    assert isinstance(ruleset, KingmakerRuleset)
    return ruleset
