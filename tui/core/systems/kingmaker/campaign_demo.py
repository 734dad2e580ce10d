"""The demo campaign: "The Stolen Lands", Brevoy against Pitax, two
battles already fought. Ashwater Ford: Pitax's warband rides down the
Restov Lancers (their commander taken); a week's upkeep and a week at rest;
Hill of Crows: the Restov Pikes break Pitax's skirmishers. Brevoy's Pikes
and Pitax's wounded warband are left to meet next. ``python -m
tui.core.systems.kingmaker.campaign_demo FILE`` writes it as a template
(``saves/examples/the-stolen-lands.toml``, its battles in the folder beside it)."""

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
from tui.core.campaign.roster import Change
from tui.core.system import find_system
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.campaign import CAMPAIGN, KMForce
from tui.core.systems.kingmaker.forces import Army, Commander

LANCERS = Army(key="lancers", name="Restov Lancers", creature="humans (fighter 3)", cr="2", troops=100, mount_cr="1", resources=("mounts",),
               commander=Commander(name="Ser Ilsa Varn", charisma=2, profession=5, level=6))
PIKES = Army(key="pikes", name="Restov Pikes", creature="humans (warrior 1)", cr="1", troops=200,
             commander=Commander(name="Captain Oda Renn", charisma=1, profession=5, level=4))
WARBAND = Army(key="warband", name="Pitax Warband", creature="hill raiders (warrior 2)", cr="1", troops=500,
               commander=Commander(name="Vorn the Red", charisma=1, profession=5, level=5))
SKIRMISHERS = Army(key="skirmish", name="Pitax Skirmishers", creature="bandits (rogue 1)", cr="1", troops=100)


def _to(battle: Any, phase: str) -> None:
    while battle.game.phase != phase:
        now = battle.game.phase
        while battle.game.phase == now and battle.game.stage == "battle":
            battle.record(ev.EndStep())


def _clash(battle: Any, first: str, second: str, far: int, steps: tuple[int, int]) -> None:
    """Setup won by the first side, who places first; the armies ``far``
    rows apart, facing; turn 1 to the first side; they march into contact."""

    def counter() -> int:
        return int(battle.game.counter)  # read afresh at each step

    battle.record(ev.SetMat(width=24, height=16))
    battle.record(ev.SetupRoll(counter=counter(), rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    battle.record(ev.Place(key=first, x=10, y=3, facing="s"))
    battle.record(ev.Place(key=second, x=10, y=3 + far, facing="n"))
    battle.record(ev.Initiative(counter=counter(), rounds=((20, 1),)))
    battle.record(ev.FirstSide(side=0))
    _to(battle, "movement")
    for _ in range(steps[0]):
        battle.record(ev.Move(counter=counter(), key=first, step="forward"))
    battle.record(ev.EndStep())
    for _ in range(steps[1]):
        battle.record(ev.Move(counter=counter(), key=second, step="forward"))
    _to(battle, "melee")


def ashwater_ford(battle: Any) -> None:
    """The lancers strike first (16 against 15: 1), the warband answers
    with three twenties (15 on 11 hp); Ser Ilsa is captured (d100 55)."""
    _clash(battle, "lancers", "warband", 6, (3, 2))
    battle.record(ev.Attack(counter=battle.game.counter, attacker="lancers", target="warband", mode="melee", faces=(12,)))
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=battle.game.counter, attacker="warband", target="lancers", mode="melee", faces=(20, 20, 20)))
    battle.record(ev.EndStep())
    battle.record(ev.Aftermath(counter=battle.game.counter, fates=(("lancers", 55),)))


def hill_of_crows(battle: Any) -> None:
    """The pikes close and strike twice (two natural twenties: 10 on 5 hp)."""
    _clash(battle, "pikes", "skirmish", 7, (3, 2))
    battle.record(ev.Attack(counter=battle.game.counter, attacker="pikes", target="skirmish", mode="melee", faces=(20, 20)))
    while battle.game.stage == "battle":
        battle.record(ev.EndStep())
    battle.record(ev.Aftermath(counter=battle.game.counter, fates=()))


def build(path: Path) -> tuple[Campaign, dict[str, Any]]:
    system = find_system("kingmaker")
    campaign = new_campaign(system, "The Stolen Lands", ("Brevoy", "Pitax"), seed=4711)
    forces = (KMForce(key="lancers", side=0, army=LANCERS), KMForce(key="pikes", side=0, army=PIKES),
              KMForce(key="warband", side=1, army=WARBAND), KMForce(key="skirmish", side=1, army=SKIRMISHERS))
    campaign.record(Enlist[KMForce](forces=forces))
    campaign.record(Amend(changes=(Change(path="sides.0.treasury", before=0, after=30), Change(path="sides.1.treasury", before=0, after=8))))
    battles: dict[str, Any] = {}
    name, battle = fought(campaign, path, (0, 1), ("lancers", "warband"), "Ashwater Ford", 5, ashwater_ford)
    battles[name] = battle
    changes, rolls = CAMPAIGN.upkeep(campaign.state, random.Random(1))
    campaign.record(Amend(what="week", changes=changes, days=CAMPAIGN.week_days(campaign.state), rolls=rolls))
    changes, rolls = CAMPAIGN.rest(campaign.state, 7, random.Random(2))
    campaign.record(Amend(what="rest", changes=changes, days=7, rolls=rolls))
    name, battle = fought(campaign, path, (0, 1), ("pikes", "skirmish"), "Hill of Crows", 6, hill_of_crows)
    battles[name] = battle
    return campaign, battles


HEADER = """# The Stolen Lands: a Kingmaker campaign, two battles fought. A template:
# opening it plays a copy (and copies of its battles) in your saves folder.
# Brevoy (Treasury 30 BP) against Pitax (8 BP). Ashwater Ford: Pitax's
# warband rode down the Restov Lancers and took Ser Ilsa; a week's upkeep
# and a week at rest; Hill of Crows: the Restov Pikes broke the skirmishers.
# The Pikes and the warband are left to meet: m musters the next battle.
"""


write = writer(build, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
