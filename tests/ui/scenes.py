"""Apps in known states, shared by the snapshot tests and the script that
regenerates the README's screenshots (screenshots/regenerate.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tui.ui.app import MassCombatApp
from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import YearZeroRules, parse_pool
from tui.core.systems.myz.rules import shipped as myz
from tui.core.files.storage import create_session
from tui.ui.settings import Settings

SEED = 1877


def ghoul_strike(seed: int = SEED) -> Battle:
    """The text's Ghoul Strike pools; the Ark acts first."""
    rules = YearZeroRules.from_ruleset(myz())
    battle = Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), (parse_pool("3b4s1g"), parse_pool("2b3s1g")), seed=seed, rules=rules)
    battle.set_first(1)
    return battle


def demo_battle(seed: int = SEED) -> Battle:
    """The bundled Ghoul Strike demo: the text's first wave, up to the Battle roll."""
    from tui.core.files.places import find_example
    from tui.core.files.loading import load_battle

    battle = load_battle(find_example("ghoul-strike"))
    battle.meta = battle.meta.model_copy(update={"template": False, "seed": seed})
    return battle


def two_waves() -> Battle:
    from tests.ui.myz.waves import ghoul_strike_waves

    return ghoul_strike_waves(2)


def one_wave() -> Battle:
    from tests.ui.myz.waves import ghoul_strike_waves

    return ghoul_strike_waves(1)


def muster() -> Battle:
    """The demo undone to its muster: both armies as the text sets them up."""
    battle = demo_battle()
    while battle.can_undo:
        battle.undo()
    return battle




def fate_demo():
    """The bundled Fate demo, the Ford of Brannock: round 1, the Horde to act."""
    from tui.core.systems.fate.demo import ford_of_brannock

    return ford_of_brannock()


def fate_muster():
    """The Fate demo undone to its muster: the army builder's view."""
    battle = fate_demo()
    while battle.can_undo:
        battle.undo()
    return battle


def second_world_demo():
    """The bundled Second World demo, Operation Nightjar: the raiders' surprise round."""
    from tui.core.systems.second_world.demo import build

    return build()


def kingmaker_demo():
    """The bundled Kingmaker demo, the Battle of Ashwater: set up, turn 1 about to begin."""
    from tui.core.systems.kingmaker.demo import build

    return build()


BATTLES = {
    "quick": ghoul_strike, "demo": demo_battle, "one-wave": one_wave, "two-waves": two_waves, "muster": muster,
    "fate": fate_demo, "fate-muster": fate_muster, "second-world": second_world_demo,
    "kingmaker": kingmaker_demo,
}


def make_app(folder: Path, battle: Battle | None = None, **settings) -> MassCombatApp:
    session = create_session(folder / "battle.toml", battle or ghoul_strike())
    return MassCombatApp(session, Settings(**settings), None)


@dataclass(frozen=True)
class Scene:
    name: str
    keys: tuple[str, ...] = ()
    settings: dict = field(default_factory=dict)
    caption: str = ""
    battle: str = "quick"
    """Which battle the scene opens (a key of ``BATTLES``)."""

    def app(self, folder: Path) -> MassCombatApp:
        return make_app(folder, BATTLES[self.battle](), **self.settings)


FATE_ATTACK = ("v", "enter", "a", "enter", "i", "enter", "enter", "enter")
"""Activate the Black Orcs, shoot at the first unit in range, invoke the first aspect offered for +2."""

SCENES = (
    Scene("roller-ready", (), caption="Two Battle Pools built, exact odds before the roll"),
    Scene("roller-mid-push", ("r", "p"), caption="The Ark pushed; the Zone-Ghouls weigh settling against pushing"),
    Scene("roller-settled", ("r", "p", "enter", "p", "enter", "enter"), caption="Both leaders settled: winner and margin"),
    Scene("roller-ascii", ("r", "p"), {"glyphs": "ascii", "theme": "ansi-dark"}, caption="ASCII dice in 16 colours"),
    Scene("roller-german", ("r", "p"), {"language": "de"}, caption="Auf Deutsch"),
    Scene("help", ("question_mark",), caption="Help: every key, its binding id, the dice"),
    Scene("army-builder", ("a", "tab"), battle="muster", caption="The army builder: the Ark's muster and where each die comes from"),
    Scene("army-builder-german", ("a", "tab"), {"language": "de"}, battle="muster", caption="Der Armee-Editor auf Deutsch"),
    Scene("battle-phase", (), battle="demo", caption="Ghoul Strike, wave 1: both Battle Pools, every die's source"),
    Scene("battle-phase-german", (), {"language": "de"}, battle="demo", caption="Ghoul Strike auf Deutsch: die Quellen jedes Würfels"),
    Scene("battle-roll-mid-push", ("r", "r", "p"), battle="demo", caption="The Battle roll: Marlotte pushed first"),
    Scene("battle-roll-german", ("r", "r", "p"), {"language": "de"}, battle="demo", caption="Der Kampfwurf, strapaziert"),
    Scene("support-phase", ("r", "r", "enter", "enter", "w"), battle="demo", caption="After the Battle roll: who won, and the damage the engineer and medic can restore"),
    Scene("next-wave", ("enter",), battle="one-wave", caption="Between waves: the GM sets each Battle Level, a suggestion from fighters killed"),
    Scene("summary", ("s",), battle="two-waves", caption="After the End phase: casualties and Retaliation die by die"),
    Scene("summary-german", ("s",), {"language": "de"}, battle="two-waves", caption="Verluste und Vergeltung, Würfel für Würfel"),
    Scene("fate-board", (), battle="fate", caption="Fate: This Means War: the zone board, hidden aspect face down, round 1"),
    Scene("fate-board-german", (), {"language": "de"}, battle="fate", caption="Das bedeutet Krieg: das Zonenbrett"),
    Scene("fate-attack", FATE_ATTACK, battle="fate", caption="The Black Orcs shoot at the Pikes two zones off, invoking their own aspect for +2"),
    Scene("fate-attack-german", FATE_ATTACK, {"language": "de"}, battle="fate", caption="Angriff mit eingesetztem Aspekt"),
    Scene("fate-army", (), battle="fate-muster", caption="Fate army builder: battle chests, unit qualities, leaders"),
    Scene("fate-army-german", (), {"language": "de"}, battle="fate-muster", caption="Kriegskasse, Einheiten und Anführer"),
    Scene("second-world-map", (), battle="second-world", caption="Second World: the zone map, every example edge in the text's notation"),
    Scene("second-world-map-german", (), {"language": "de"}, battle="second-world", caption="Second World: die Zonenkarte mit ihren Übergängen"),
    Scene("second-world-attack", ("b", "enter", "a"), battle="second-world", caption="Lt. Brandt's attack: the chance of each outcome, or why not"),
    Scene("second-world-cast", ("f4",), battle="second-world", caption="The cast: every number the rules derive from a sheet"),
    Scene("kingmaker-mat", (), battle="kingmaker", caption="Kingmaker: the battle mat, each unit's block with its facing, terrain, hp and standing"),
    Scene("kingmaker-mat-german", (), {"language": "de"}, battle="kingmaker", caption="Kingmaker: die Schlachtkarte"),
    Scene("kingmaker-armies", ("f4", "down"), battle="kingmaker", caption="Kingmaker's army builder: the Pikes and where each number comes from"),
    Scene("kingmaker-armies-german", ("f4", "down"), {"language": "de"}, battle="kingmaker", caption="Der Armee-Editor auf Deutsch"),
    Scene("kingmaker-order", ("n", "enter", "n", "n", "tab", "o"), battle="kingmaker", caption="The Rivenhold Host's commands: each one's chance before the Morale roll"),
    Scene("kingmaker-march-ascii", ("n", "enter", "n", "n", "tab", "tab", "q", "q", "w"), {"glyphs": "ascii", "theme": "ansi-dark"}, battle="kingmaker", caption="The wolf-riders ride out: ASCII facings in 16 colours"),
)


def scene(name: str) -> Scene:
    return next(s for s in SCENES if s.name == name)
