"""The demo campaign: "The War of Brannock", Ana's company against the
GM's orc host, two battles already fought. The Ford: the Black Orcs shake
the Pikes of Brannock and Ana concedes; three days at rest (the Pikes get
over it); The Hill Fort: Sir Ana's Pikes take the Goblin Archers out and
the GM concedes. ``python -m tui.core.systems.fate.campaign_demo FILE``
writes it as a template (``saves/examples/the-war-of-brannock.toml``, its
battles in the folder beside it)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from tui.core.campaign.battles import new_campaign
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Amend, Enlist
from tui.core.campaign.examples import writer
from tui.core.campaign.fought import fought
from tui.core.i18n import language, set_language
from tui.core.maps.zones import Zone
from tui.core.system import find_system
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.campaign import CAMPAIGN, FateForce
from tui.core.systems.fate.forces import Leader, Unit

PIKES = Unit(key="u1", name="Pikes of Brannock", quality="fair", skills={"fight": 2, "athletics": 1, "notice": 1}, aspects=("Hold the Line",))
SCOUTS = Unit(key="u2", name="Hill Scouts", quality="average", skills={"stealth": 1})
SIR_ANA = Leader(key="l1", name="Sir Ana", pc=True, skills={"will": 4, "fight": 3, "athletics": 2}, aspects=("Knight of the Vale",))
ORCS = Unit(key="u3", name="Black Orcs", quality="good", skills={"fight": 3, "shoot": 2, "athletics": 2, "provoke": 1, "will": 1, "notice": 1},
            aspects=("Bloodthirsty", "Iron Discipline"))
GOBLINS = Unit(key="u4", name="Goblin Archers", quality="average", skills={"shoot": 1})
GRAK = Leader(key="l2", name="Grak", pc=False, skills={"will": 2, "fight": 3, "athletics": 1}, aspects=("Warboss",))

ZONES = (Zone(key="hill", name="Hill", col=0, row=0), Zone(key="meadow", name="Meadow", col=1, row=0),
         Zone(key="woods", name="Woods", col=2, row=0), Zone(key="ford", name="Ford", col=1, row=1))
HIGH, LOW = (1, 1, 1, 1), (-1, -1, -1, -1)


def _field(battle: Any, places: dict[str, str], first: int) -> None:
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    battle.record(ev.FinishBattlefield())
    for card, where in places.items():
        battle.record(ev.Deploy(card=card, zone=where))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    battle.record(ev.Attach(leader="l2", unit="u3"))
    faces = (HIGH, LOW) if first == 0 else (LOW, HIGH)
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=faces))


def the_ford(battle: Any) -> None:
    """The Orcs hit the Pikes (a mild consequence, Shaken); Ana concedes."""
    _field(battle, {"u1": "meadow", "u2": "meadow", "u3": "meadow", "u4": "woods"}, first=1)
    battle.record(ev.Activate(actor="u3"))
    battle.record(ev.Roll(counter=battle.game.counter, action="attack", by="u3", skill="fight", faces=(1, 0, 0, 0), target="u1", defender="u1",
                          defence_skill="fight", defence_faces=(0, 0, 0, 0)))
    battle.record(ev.Resolve(absorb=("mild",), names=("Shaken",)))
    battle.record(ev.Concede(player=0))


def the_hill_fort(battle: Any) -> None:
    """The Pikes take the Goblin Archers out; the GM concedes."""
    _field(battle, {"u1": "meadow", "u3": "ford", "u4": "meadow"}, first=0)
    battle.record(ev.Activate(actor="u1"))
    battle.record(ev.Roll(counter=battle.game.counter, action="attack", by="u1", skill="fight", faces=(1, 1, 0, 0), target="u4", defender="u4",
                          defence_skill="athletics", defence_faces=(0, 0, 0, 0)))
    battle.record(ev.Resolve(taken_out=True))
    battle.record(ev.Concede(player=1))


def build(path: Path) -> tuple[Campaign, dict[str, Any]]:
    system = find_system("fate")
    was = language()
    set_language("en")  # the battles follow the English text
    try:
        campaign = new_campaign(system, "The War of Brannock", ("Ana", "GM"), seed=1215)
        forces = [FateForce(key=c.key, side=0, **({"unit": c} if isinstance(c, Unit) else {"leader": c})) for c in (PIKES, SCOUTS, SIR_ANA)]
        forces += [FateForce(key=c.key, side=1, **({"unit": c} if isinstance(c, Unit) else {"leader": c})) for c in (ORCS, GOBLINS, GRAK)]
        campaign.record(Enlist[FateForce](forces=tuple(forces)))
        battles: dict[str, Any] = {}
        name, battle = fought(campaign, path, (0, 1), ("u1", "u2", "l1", "u3", "u4", "l2"), "The Ford", 7, the_ford)
        battles[name] = battle
        changes, rolls = CAMPAIGN.rest(campaign.state, 3, random.Random(1))
        campaign.record(Amend(what="rest", changes=changes, days=3, rolls=rolls))
        name, battle = fought(campaign, path, (0, 1), ("u1", "l1", "u3", "u4", "l2"), "The Hill Fort", 8, the_hill_fort)
        battles[name] = battle
    finally:
        set_language(was)
    return campaign, battles


HEADER = """# The War of Brannock: a Fate This Means War campaign, two battles
# fought. A template: opening it plays a copy (and copies of its battles) in
# your saves folder. The Ford: the Black Orcs shook the Pikes of Brannock and
# Ana conceded; three days at rest; The Hill Fort: the Pikes took the Goblin
# Archers out and the GM conceded. m musters the next battle.
"""


write = writer(build, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
