"""A small This Means War battle for the core tests, built event by event.

The board is a row of three zones (Hill – Meadow – Woods) with a fourth,
Ford, below the Meadow. Side 0 (Ana) has Fair Pikes led by Sir Ana (Will
Great) and Average Scouts; side 1 (the GM) has Good Orcs led by Grak (Will
Fair) and Average Goblins.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tui.core.maps.zones import Zone
from tui.core.errors import RuleViolation
from tui.core.systems.fate.rules import shipped as fate
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Leader, Player, Unit
from tui.core.systems.fate.play import apply
from tui.core.systems.fate.state import FateState

RULES = fate()

PIKES = Unit(key="u1", name="Pikes of Brannock", quality="fair", skills={"fight": 2, "athletics": 1, "notice": 1}, aspects=("Hold the Line",))
SCOUTS = Unit(key="u2", name="Hill Scouts", quality="average", skills={"stealth": 1})
ORCS = Unit(key="u3", name="Black Orcs", quality="good", skills={"fight": 3, "shoot": 2, "athletics": 2, "provoke": 1, "will": 1, "notice": 1}, aspects=("Bloodthirsty", "Iron Discipline"))
GOBLINS = Unit(key="u4", name="Goblin Archers", quality="average", skills={"shoot": 1})
SIR_ANA = Leader(key="l1", name="Sir Ana", pc=True, skills={"will": 4, "fight": 3, "athletics": 2}, aspects=("Knight of the Vale",))
GRAK = Leader(key="l2", name="Grak", pc=False, skills={"will": 2, "fight": 3, "athletics": 1}, aspects=("Warboss",))

ANA = Player(name="Ana", side=0, chest=10, fate_points=1, units=(PIKES, SCOUTS), leaders=(SIR_ANA,))
GM = Player(name="GM", side=1, chest=10, fate_points=1, units=(ORCS, GOBLINS), leaders=(GRAK,))

ZONES = (
    Zone(key="hill", name="Hill", col=0, row=0),
    Zone(key="meadow", name="Meadow", col=1, row=0),
    Zone(key="woods", name="Woods", col=2, row=0),
    Zone(key="ford", name="Ford", col=1, row=1),
)


def mustered(players=(ANA, GM), text="en") -> FateBattle:
    return FateBattle.new("Test", tuple(players), seed=7, text=text)


def laid_out(battle: FateBattle | None = None) -> FateBattle:
    """The four zone cards placed in turn; the GM writes Dense Forest on the Woods."""
    battle = battle or mustered()
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    battle.record(ev.ZoneAspect(zone="woods", text="Dense Forest", hinders=True))
    battle.record(ev.FinishBattlefield())
    return battle


def deployed(battle: FateBattle | None = None, places=None) -> FateBattle:
    battle = battle or laid_out()
    places = places or {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}
    for card, zone in places.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    battle.record(ev.Attach(leader="l2", unit="u3"))
    return battle


def in_battle(first: int = 0, **kwargs) -> FateBattle:
    """Initiative rolled with chosen faces: ``first`` (player index) goes first."""
    battle = deployed(**kwargs)
    high, low = (1, 1, 1, 1), (-1, -1, -1, -1)
    faces = (high, low) if first == 0 else (low, high)
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=faces))
    return battle


def roll(battle: FateBattle, action: str, by: str, skill: str, faces=(0, 0, 0, 0), defence=(0, 0, 0, 0), **fields):
    """Record a roll with chosen faces (a defender's only when one is named)."""
    if fields.get("defender") is None:
        defence = ()
    return battle.record(ev.Roll(counter=battle.game.counter, action=action, by=by, skill=skill, faces=faces, defence_faces=defence, **fields))


def state_with(state: FateState, **changes) -> FateState:
    return replace(state, **changes)


__all__ = ["ANA", "GM", "RULES", "ZONES", "apply", "deployed", "ev", "in_battle", "laid_out", "mustered", "roll"]


# -- a battle under way, for the rules in the thick of it ---------------------------------

MARSH = Zone(key="marsh", name="Marsh", col=3, row=0)
FOREST = (("woods", "Dense Forest", True, None),)
HIGH, LOW, ZERO = (1, 1, 1, 1), (-1, -1, -1, -1), (0, 0, 0, 0)


def fight(places, *, aspects=FOREST, attach=(("l1", "u1"), ("l2", "u3")), first=0, zones=ZONES, ruleset=None, players=(ANA, GM)) -> FateBattle:
    """A battle under way: zones laid, aspects written, cards placed, ``first`` to act."""
    battle = FateBattle.new("Test", players, seed=7, ruleset=ruleset)
    battle.record(ev.StartBattlefield())
    for zone in zones:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    for zone, text, hinders, player in aspects:
        battle.record(ev.ZoneAspect(zone=zone, text=text, hinders=hinders, player=player))
    battle.record(ev.FinishBattlefield())
    for card, zone in places.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    for leader, unit in attach:
        battle.record(ev.Attach(leader=leader, unit=unit))
    leaders = tuple(p.leaders[0].key if p.leaders else None for p in players)
    faces = tuple(HIGH if i == first else LOW for i in range(len(players)))
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=leaders, faces=faces))
    return battle


def refused(battle: FateBattle, event, *words: str) -> str:
    """The rules refuse ``event`` with one line naming ``words``; nothing changes."""
    before = battle.game
    with pytest.raises(RuleViolation) as caught:
        battle.record(event)
    message = str(caught.value)
    assert message and "\n" not in message
    for word in words:
        assert word in message, (word, message)
    assert battle.game is before
    return message


def act(battle: FateBattle, actor: str) -> None:
    battle.record(ev.Activate(actor=actor))


def end(battle: FateBattle) -> None:
    battle.record(ev.EndActivation())


def a_roll(battle: FateBattle, action: str, by: str, skill: str, faces=ZERO, defence=ZERO, **fields) -> ev.Roll:
    """A Roll event to hand to ``refused``."""
    if fields.get("defender") is None:
        defence = ()
    return ev.Roll(counter=battle.game.counter, action=action, by=by, skill=skill, faces=faces, defence_faces=defence, **fields)


def aspect_named(battle: FateBattle, text: str):
    found = [a for a in battle.game.aspects if a.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def bonus(side, name: str) -> int | None:
    return dict(side.bonuses).get(name)
