"""A small Second World scene for the core tests.

::

    z1 |door 1/0/1, closed| z2 ~wire X/4/X~ z3 |barricade 4/2/X, closed| z4
                             |
                   bunker door 4/0/4, closed
                             |
                             z5

Sides: 0 "Commandos" (Hale, a PC; Vasquez), 1 "Garrison" (a Fair squad of
three guards; a machine gunner with a Heavy Ranged weapon).
"""

from __future__ import annotations

from tui.core.maps.zones import Zone
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.forces import Character, SkillRating


def skills(**ratings: int) -> tuple[SkillRating, ...]:
    return tuple(SkillRating(skill=k, rating=r) for k, r in ratings.items())


HALE = Character(key="hale", name="Sgt. Hale", side=0, role="pc", skills=skills(athletics=3, notice=2, shoot=2, physique=1),
                 aspects=("Veteran of the Ardennes",), weapon="light_firearm", fate_points=3, captain=True)
VASQUEZ = Character(key="vasquez", name="Vasquez", side=0, skills=skills(athletics=2, notice=2, fight=3), weapon="melee")
GUARDS = Character(key="guards", name="Guards", side=1, nameless="fair", members=3, skills=skills(shoot=2, notice=1), weapon="large_firearm")
GUNNER = Character(key="gunner", name="MG Gunner", side=1, skills=skills(shoot=3, notice=2, athletics=1), weapon="heavy_ranged", captain=True)

EDGES = (
    ev.SetEdge(a="z1", b="z2", open_cost=1, traverse=0, close_cost=1, closed=True, label="Door"),
    ev.SetEdge(a="z2", b="z3", open_cost=None, traverse=4, close_cost=None, label="Wire"),
    ev.SetEdge(a="z3", b="z4", open_cost=4, traverse=2, close_cost=None, closed=True, label="Barricade"),
    ev.SetEdge(a="z2", b="z5", open_cost=4, traverse=0, close_cost=4, closed=True, label="Bunker door"),
)


def scene(seed: int = 7) -> SecondWorldBattle:
    battle = SecondWorldBattle.new("Bunker raid", seed=seed)
    battle.record(ev.SetSides(names=("Commandos", "Garrison")))
    for number, (col, row) in enumerate([(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)], start=1):
        battle.record(ev.PlaceZone(zone=Zone(key=f"z{number}", name=f"Room {number}", col=col, row=row)))
    for edge in EDGES:
        battle.record(edge)
    for character, zone in ((HALE, "z1"), (VASQUEZ, "z2"), (GUARDS, "z3"), (GUNNER, "z4")):
        battle.record(ev.SetCharacter(character=character))
        battle.record(ev.Deploy(key=character.key, zone=zone))
    return battle


def captain_start(battle: SecondWorldBattle, first: int = 0, ambush: int | None = None) -> SecondWorldBattle:
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=first, ambush=ambush))
    return battle


def zone_of(battle: SecondWorldBattle, key: str) -> str | None:
    return battle.game.fighter(key).zone


def corridor(at: dict[str, str], seed: int = 7) -> SecondWorldBattle:
    """Eight rooms in a row (z0 to z7, no edges), the kit's characters in
    the rooms ``at`` names, the conflict not yet started."""
    battle = SecondWorldBattle.new("Corridor", seed=seed)
    battle.record(ev.SetSides(names=("Commandos", "Garrison")))
    for number in range(8):
        battle.record(ev.PlaceZone(zone=Zone(key=f"z{number}", name=f"Room {number}", col=number, row=0)))
    for character in (HALE, VASQUEZ, GUARDS, GUNNER):
        if character.key in at:
            battle.record(ev.SetCharacter(character=character))
            battle.record(ev.Deploy(key=character.key, zone=at[character.key]))
    return battle
