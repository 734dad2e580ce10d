"""The bundled demo: "The Ford of Brannock", a small This Means War battle
laid out, deployed and with the initiative rolled, ready for the first
activation. ``python -m tui.core.systems.fate.demo FILE`` writes it as a
template (``saves/examples/ford-of-brannock.toml``)."""

from __future__ import annotations

import sys
from pathlib import Path

from tui.core.files.saving import write_example
from tui.core.maps.zones import Zone
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Leader, Player, Unit

VALE = Player(
    name="The Vale",
    side=0,
    chest=12,
    fate_points=1,
    units=(
        Unit(key="u1", name="Pikes of Brannock", quality="fair", skills={"fight": 2, "athletics": 1, "will": 1}, aspects=("Hold the Line",)),
        Unit(key="u2", name="Vale Longbows", quality="fair", skills={"shoot": 2, "notice": 1, "athletics": 1}, aspects=("Yew and Goose Feather",)),
        Unit(key="u3", name="Hill Scouts", quality="average", skills={"stealth": 1}),
    ),
    leaders=(Leader(key="l1", name="Sir Ana", pc=True, skills={"will": 3, "fight": 3, "athletics": 2}, aspects=("Knight of the Vale",)),),
)
HORDE = Player(
    name="The Horde",
    side=1,
    chest=12,
    fate_points=2,
    units=(
        Unit(key="u4", name="Black Orcs", quality="good", skills={"fight": 3, "athletics": 2, "will": 2, "provoke": 1, "shoot": 1, "notice": 1}, aspects=("Bloodthirsty", "Iron Discipline")),
        Unit(key="u5", name="Goblin Archers", quality="average", skills={"shoot": 1}),
        Unit(key="u6", name="Wolf Riders", quality="fair", skills={"athletics": 2, "fight": 1, "notice": 1}, aspects=("Fast and Hungry",)),
    ),
    leaders=(Leader(key="l2", name="Grak the Warboss", pc=False, skills={"will": 2, "fight": 3, "athletics": 1}, aspects=("Cunning Brute",)),),
)
ZONES = (
    Zone(key="z1", name="Brannock Hill", col=0, row=0),
    Zone(key="z2", name="Meadow", col=1, row=0),
    Zone(key="z3", name="Old Wood", col=2, row=0),
    Zone(key="z4", name="The Ford", col=1, row=1),
    Zone(key="z5", name="Ruined Mill", col=2, row=1),
)


def ford_of_brannock(seed: int = 1312) -> FateBattle:
    battle = FateBattle.new("The Ford of Brannock", (VALE, HORDE), seed=seed, text="en")
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    battle.record(ev.ZoneAspect(zone="z3", text="Dense Forest", hinders=True))
    battle.record(ev.ZoneAspect(zone="z4", text="Swift River", hinders=True))
    battle.record(ev.ZoneAspect(zone="z5", text="Goblin Tunnels", player=1))
    battle.record(ev.FinishBattlefield())
    for card, zone_key in (("u1", "z1"), ("u2", "z1"), ("u3", "z2"), ("u4", "z3"), ("u5", "z5"), ("u6", "z5")):
        battle.record(ev.Deploy(card=card, zone=zone_key))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    battle.record(ev.Attach(leader="l2", unit="u4"))
    battle.start_battle(("l1", "l2"))
    return battle


HEADER = """# The Ford of Brannock: a small Fate "This Means War" battle, ready to play.
# A template: opening it plays a copy in your saves folder (this file stays
# as it is). The Vale holds Brannock Hill against the Horde coming out of
# the Old Wood and the Ruined Mill. Five zone cards, laid in turn; the GM's
# terrain Dense Forest (Old Wood) and Swift River (The Ford) hinder
# movement; the Horde bought a hidden aspect on the Ruined Mill. Sir Ana
# leads the Pikes, Grak the Black Orcs; the initiative is rolled. Each
# chest held 12 build points; the Vale kept 4 to buy a fate point mid-battle.
"""


def write(path: Path) -> None:
    write_example(ford_of_brannock(), path, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))
