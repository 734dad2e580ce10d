"""Apps in known states, shared by the snapshot tests and the script that
regenerates the README's screenshots (screenshots/regenerate.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tui.app import MassCombatApp
from tui.core.battle import Battle
from tui.core.dice import YearZeroRules, parse_pool
from tui.core.rulesets import myz
from tui.core.storage import create_session
from tui.settings import Settings

SEED = 1877


def ghoul_strike(seed: int = SEED) -> Battle:
    """The text's Ghoul Strike pools; the Ark acts first."""
    rules = YearZeroRules.from_ruleset(myz())
    battle = Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), (parse_pool("3b4s1g"), parse_pool("2b3s1g")), seed=seed, rules=rules)
    battle.set_first(1)
    return battle


def make_app(folder: Path, battle: Battle | None = None, **settings) -> MassCombatApp:
    session = create_session(folder / "battle.toml", battle or ghoul_strike())
    return MassCombatApp(session, Settings(**settings), None)


@dataclass(frozen=True)
class Scene:
    name: str
    keys: tuple[str, ...] = ()
    settings: dict = field(default_factory=dict)
    caption: str = ""


SCENES = (
    Scene("roller-ready", (), caption="Two Battle Pools built, exact odds before the roll"),
    Scene("roller-mid-push", ("r", "p"), caption="The Ark pushed; the Zone-Ghouls weigh settling against pushing"),
    Scene("roller-settled", ("r", "p", "enter", "p", "enter"), caption="Both leaders settled: winner and margin"),
    Scene("roller-ascii", ("r", "p"), {"glyphs": "ascii", "theme": "ansi-dark"}, caption="ASCII dice in 16 colours"),
    Scene("roller-german", ("r", "p"), {"language": "de"}, caption="Auf Deutsch"),
    Scene("help", ("question_mark",), caption="Help: every key, its binding id, the dice"),
)


def scene(name: str) -> Scene:
    return next(s for s in SCENES if s.name == name)
