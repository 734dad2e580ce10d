"""The demo campaign: "Nightjar", the Raiders against the Garrison, two
conflicts already fought. The Wire: the Sentries' fire wounds Cpl. Okafor (a moderate consequence he carries on)
and the Raiders pull back; its ground kept as a map; three days at rest; The Bunker Yard, on that ground: Lt.
Brandt's rifle thins the Trench Guards and the Garrison gives the yard up.
``python -m tui.core.systems.second_world.campaign_demo FILE`` writes it as
a template (``saves/examples/nightjar.toml``, its battles in the folder
beside it)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from tui.core.campaign.battles import new_campaign
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Amend, Enlist, Keep
from tui.core.campaign.examples import writer
from tui.core.campaign.fought import fought
from tui.core.maps.zones import Zone
from tui.core.system import find_system
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.campaign import CAMPAIGN, SWForce
from tui.core.systems.second_world.demo import ADLER, BRANDT, GUARDS, OKAFOR, SENTRIES, WREN

ZERO = (0, 0, 0, 0)


def _ground(battle: Any) -> None:
    """The ground of the first conflict, kept for the second: a trench, the
    craters, the wire (barbed wire X/4/X between them), the yard."""
    for number in range(4):
        battle.record(ev.PlaceZone(zone=Zone(key=f"z{number}", name=("Trench", "Craters", "Wire", "Yard")[number], col=number, row=0)))
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=4, close_cost=None, label="Barbed wire"))
    battle.record(ev.ZoneAspects(zone="z1", aspects=("Shell Craters",)))


def _deploy(battle: Any, at: dict[str, str], first: int) -> None:
    for key, zone in at.items():
        battle.record(ev.Deploy(key=key, zone=zone))
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=first))


def the_wire(battle: Any) -> None:
    _ground(battle)
    _deploy(battle, {"brandt": "z0", "wren": "z0", "okafor": "z1", "sentries": "z2", "adler": "z3"}, first=1)
    battle.record(ev.BeginTurn(key="sentries"))
    # Shoot +2, teamwork +2 against Athletics +0: four shifts, taken as a moderate consequence
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="sentries", action="attack", skill="shoot", faces=ZERO, target="okafor",
                                defence_skill="athletics", defence_faces=ZERO))
    battle.record(ev.Resolve())
    battle.record(ev.Absorb(consequences=(ev.TakenConsequence(slot="moderate", aspect="Shot Through the Arm"),)))
    for key in ("okafor", "wren", "brandt"):
        battle.record(ev.Concede(key=key))


def the_bunker_yard(battle: Any) -> None:
    """On the kept ground of the first."""
    _deploy(battle, {"brandt": "z1", "okafor": "z1", "guards": "z2", "adler": "z3"}, first=0)
    battle.record(ev.BeginTurn(key="brandt"))
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="brandt", action="attack", skill="shoot", faces=(1, 1, 1, 0), target="guards",
                                defence_skill="athletics", defence_faces=ZERO))
    battle.record(ev.Resolve())  # six shifts: both Trench Guards go down
    battle.record(ev.Concede(key="adler"))


def build(path: Path) -> tuple[Campaign, dict[str, Any]]:
    system = find_system("second_world")
    campaign = new_campaign(system, "Nightjar", ("Raiders", "Garrison"), seed=1944)
    forces = tuple(SWForce(key=c.key, side=c.side, character=c.model_copy(update={"side": 0})) for c in (BRANDT, WREN, OKAFOR, ADLER, SENTRIES, GUARDS))
    campaign.record(Enlist[SWForce](forces=forces))
    battles: dict[str, Any] = {}
    name, battle = fought(campaign, path, (0, 1), ("brandt", "wren", "okafor", "adler", "sentries"), "The Wire", 7, the_wire)
    battles[name] = battle
    campaign.record(Keep(name="The Wire", data=CAMPAIGN.map_of(battle)))
    changes, rolls = CAMPAIGN.rest(campaign.state, 3, random.Random(1))
    campaign.record(Amend(what="rest", changes=changes, days=3, rolls=rolls))
    name, battle = fought(campaign, path, (0, 1), ("brandt", "okafor", "adler", "guards"), "The Bunker Yard", 8, the_bunker_yard, map_name="The Wire")
    battles[name] = battle
    return campaign, battles


HEADER = """# Nightjar: a Second World Armed Conflict campaign, two conflicts fought.
# A template: opening it plays a copy (and copies of its battles) in your
# saves folder. The Wire: the Sentries' fire wounded Cpl. Okafor and the
# Raiders pulled back; its ground kept as a map; three days at rest; The Bunker Yard, on that ground: Lt. Brandt's
# rifle thinned the Trench Guards and Major von Adler gave the yard up.
"""


write = writer(build, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
