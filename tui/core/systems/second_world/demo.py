"""The demo scene: "Operation Nightjar", a raid on a bunker, set and ready
for the raiders' first turn (they sprang the ambush). It uses every example edge of the text
(a door, a reinforced bunker door, barbed wire, a barricade), both
situational aspects (a Cluttered command bunker, a Claustrophobic supply
tunnel) and every weapon class of the ruleset (melee, pistols, a rifle, a
bow, a Heavy Ranged machine gun). ``python -m
tui.core.systems.second_world.demo FILE`` writes it as a template
(``saves/examples/operation-nightjar.toml``)."""

from __future__ import annotations

import sys
from pathlib import Path

from tui.core.files.saving import write_example
from tui.core.maps.zones import Zone
from tui.core.maps.edges import parse_costs
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.forces import Character, SkillRating


def _skills(**ratings: int) -> tuple[SkillRating, ...]:
    return tuple(SkillRating(skill=k, rating=r) for k, r in ratings.items())


BRANDT = Character(key="brandt", name="Lt. Ada Brandt", side=0, role="pc", weapon="large_firearm", fate_points=3, captain=True,
                   skills=_skills(shoot=3, athletics=2, notice=2, physique=1, will=1), aspects=("Former Mountain Guide", "Never Leaves a Man Behind"))
WREN = Character(key="wren", name="Tomasz Wren", side=0, role="pc", weapon="bow", fate_points=3,
                 skills=_skills(stealth=3, shoot=2, athletics=2, notice=1), aspects=("Silent as Snowfall",))
OKAFOR = Character(key="okafor", name="Cpl. Okafor", side=0, weapon="heavy_ranged", fate_points=1,
                   skills=_skills(shoot=3, physique=2, will=1), aspects=("Carries the Gun Like a Child",))
ADLER = Character(key="adler", name="Major von Adler", side=1, weapon="light_firearm", fate_points=2, captain=True,
                  skills=_skills(will=3, notice=3, shoot=2, provoke=2), aspects=("Cold, Calculating Officer",))
SENTRIES = Character(key="sentries", name="Sentries", side=1, nameless="fair", members=3, weapon="light_firearm", skills=_skills(shoot=2, notice=1))
GUARDS = Character(key="guards", name="Trench Guards", side=1, nameless="average", members=2, weapon="melee", skills=_skills(fight=1))

ZONES = (
    ("z1", "Forward Trench", 0, 0),
    ("z2", "No Man's Land", 1, 0),
    ("z3", "Bunker Yard", 2, 0),
    ("z4", "Supply Tunnel", 0, 1),
    ("z5", "Command Bunker", 2, 1),
)
"""The bunker touches the yard alone, through its door: no line of fire into it otherwise."""
EDGES = (("z1", "z2", "barbed_wire"), ("z2", "z3", "barricade"), ("z1", "z4", "door"), ("z3", "z5", "bunker_door"))


def build(seed: int = 1944) -> SecondWorldBattle:
    battle = SecondWorldBattle.new("Operation Nightjar", seed=seed)
    rules = battle.ruleset
    battle.record(ev.SetSides(names=("Raiders", "Garrison")))
    for key, name, col, row in ZONES:
        battle.record(ev.PlaceZone(zone=Zone(key=key, name=name, col=col, row=row)))
    for a, b, preset_key in EDGES:
        preset = rules.preset(preset_key)
        open_cost, traverse, close_cost = parse_costs(preset.costs)
        battle.record(ev.SetEdge(a=a, b=b, open_cost=open_cost, traverse=traverse, close_cost=close_cost, closed=preset.closed, label=preset.name("en")))
    battle.record(ev.ZoneAspects(zone="z2", aspects=("Shell Craters",)))
    battle.record(ev.ZoneAspects(zone="z5", aspects=("Maps and Radio Sets",)))
    battle.record(ev.Situation(zone="z5", situation="cluttered"))
    battle.record(ev.Situation(zone="z4", situation="claustrophobic"))
    for character, zone in ((BRANDT, "z1"), (WREN, "z4"), (OKAFOR, "z1"), (ADLER, "z5"), (SENTRIES, "z3"), (GUARDS, "z2")):
        battle.record(ev.SetCharacter(character=character))
        battle.record(ev.Deploy(key=character.key, zone=zone))
    battle.start_conflict("captain", ambush=0)
    return battle


HEADER = """# Operation Nightjar: a small Second World Armed Conflict scene, ready to play.
# A template: opening it plays a copy in your saves folder (this file stays
# as it is). The Raiders (Lt. Brandt, Wren, Cpl. Okafor) ambush a bunker held
# by Major von Adler, three Sentries and two Trench Guards out in the craters.
# Every example edge of the text stands on the map: barbed wire X/4/X, a
# barricade 4/2/X, a door 1/0/1, a reinforced bunker door 4/0/4; the Command
# Bunker is Cluttered, the Supply Tunnel Claustrophobic; every weapon class is
# carried. Captain Takes Point: the Raiders sprang the ambush and act first.
"""


def write(path: Path) -> None:
    write_example(build(), path, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
