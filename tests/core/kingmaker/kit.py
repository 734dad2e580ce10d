"""A small Kingmaker battle for the core tests.

A 24 × 16 mat. Side 0 "Ostmark" (north, facing south): Knights (Medium
cavalry: riders CR 2, mounts CR 1; ACR 2, Offense +4, Defense 14, speed 3)
and Archers (Medium, CR 1, ranged weapons). Side 1 "Rivenhold" (south, facing
north): a Huge warband of 500 CR 1 warriors (2 × 2 squares; ACR 5,
Offense +5, Defense 15, 27 hp) and a Large column of 200 CR 1 skirmishers
(1 × 2 squares, ACR 3).

Dice are written into the events by hand (``face``), so each test says
exactly what was rolled.
"""

from __future__ import annotations

from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.forces import Army, Commander
from tui.core.systems.kingmaker.mat import Facing

KNIGHTS = Army(key="knights", name="Knights of Ostmark", side=0, creature="humans (fighter 3)", cr="2", troops=100, mount_cr="1",
               commander=Commander(name="Ser Ilsa", charisma=2, profession=5, level=6))
ARCHERS = Army(key="archers", name="Ostmark Archers", side=0, cr="1", troops=100, resources=("ranged_weapons",),
               commander=Commander(name="Hob", charisma=1, profession=0, level=3))
WARBAND = Army(key="warband", name="Rivenhold Warband", side=1, cr="1", troops=500,
               commander=Commander(name="Vorn", charisma=1, profession=5, level=5))
SKIRMISH = Army(key="skirmish", name="Skirmishers", side=1, cr="1", troops=200)


def muster(seed: int = 3) -> KingmakerBattle:
    battle = KingmakerBattle.new("Ashwater Ford", seed=seed)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (KNIGHTS, ARCHERS, WARBAND, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    return battle


def face_off(title: str, seed: int, placed: tuple[tuple[Army, tuple[int, int, Facing]], ...], *,
             sides: tuple[str, str] = ("Ostmark", "Rivenhold"), mat: tuple[int, int] = (24, 16)) -> KingmakerBattle:
    """The armies mustered and placed as given, setup won by side 0 (15
    against 3), who places first; turn 1 begun with side 0 acting first."""
    battle = KingmakerBattle.new(title, seed=seed)
    battle.record(ev.SetSides(names=sides))
    battle.record(ev.SetMat(width=mat[0], height=mat[1]))
    for army, _ in placed:
        battle.record(ev.SetArmy(army=army))
    battle.record(ev.SetupRoll(counter=counter(battle), rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    for army, (x, y, facing) in placed:
        battle.record(ev.Place(key=army.key, x=x, y=y, facing=facing))
    return begin_turn(battle)


def counter(battle: KingmakerBattle) -> int:
    return battle.game.counter


def set_up(battle: KingmakerBattle, places: dict[str, tuple[int, int, Facing]] | None = None) -> KingmakerBattle:
    """Setup won by Ostmark (face 15+5 against 3+5), Ostmark places first,
    then the units alternate: knights, warband, archers, skirmishers."""
    places = places or {"knights": (10, 3, "s"), "warband": (10, 9, "n"), "archers": (4, 2, "s"), "skirmish": (16, 10, "n")}
    battle.record(ev.SetupRoll(counter=counter(battle), rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    for key in ("knights", "warband", "archers", "skirmish"):
        x, y, facing = places[key]
        battle.record(ev.Place(key=key, x=x, y=y, facing=facing))
    return battle


def begin_turn(battle: KingmakerBattle, first: int = 0) -> KingmakerBattle:
    """Initiative for side ``first`` (20 against 1), who acts first."""
    faces = (20, 1) if first == 0 else (1, 20)
    battle.record(ev.Initiative(counter=counter(battle), rounds=(faces,)))
    battle.record(ev.FirstSide(side=first))
    return battle


def end_phase(battle: KingmakerBattle) -> None:
    """Both sides end the phase."""
    phase = battle.game.phase
    while battle.game.phase == phase and battle.game.stage == "battle":
        battle.record(ev.EndStep())


def to_phase(battle: KingmakerBattle, phase: str) -> None:
    while battle.game.phase != phase:
        end_phase(battle)


def step(battle: KingmakerBattle, key: str, *steps: ev.Step) -> None:
    for name in steps:
        battle.record(ev.Move(counter=counter(battle), key=key, step=name))


def close_in(battle: KingmakerBattle, first: tuple[str, int], second: tuple[str, int]) -> KingmakerBattle:
    """Movement: the first side's unit marches ``n`` squares forward, the
    second's ``m``, into contact; then on to the Melee phase."""
    to_phase(battle, "movement")
    step(battle, first[0], *("forward",) * first[1])
    battle.record(ev.EndStep())
    step(battle, second[0], *("forward",) * second[1])
    to_phase(battle, "melee")
    return battle
