"""The demo campaign: "The Zone War", the Ark against the Zone-Ghouls,
two battles already fought. Raid on the Ark: the Ark breaks the raid and
takes the Ghouls' chief, Ilona; three days at rest (the medic at work);
The Long Retreat: the Ghouls, under Grint now, strike and fall back in a
Full Retreat. ``python -m tui.core.systems.myz.campaign_demo FILE`` writes
it as a template (``saves/examples/the-zone-war.toml``, its battles in the
folder beside it)."""

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
from tui.core.dice.year_zero import Pool
from tui.core.system import find_system
from tui.core.systems.myz import events as ev
from tui.core.systems.myz import models as m
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.campaign import CAMPAIGN, MyzForce

ARK = Army(fighters=140, people=(
    Person(name="Boss Marlotte", position="leader", skills={"command": "4b3s", "comprehend": "3b1s"}),
    Person(name="Angus", position="engineer", skills={"jury_rig": "3b2s"}),
    Person(name="Kim", position="medic", skills={"heal": "3b3s"}),
    Person(name="Vanja", position="assailant", skills={"fight": "4b2s", "shoot": "3b2s"}, strength=5),
), units={"artillery": 2}, ark=True, defends_ark=True, ark_projects=("arsenal", "hunting_party", "watchtower"))
GHOULS = Army(fighters=160, played_by="gm", people=(
    Person(name="Ilona", position="leader", pc=False, skills={"command": "3b2s"}),
    Person(name="Grint", position="assailant", pc=False, skills={"fight": "4b1s"}),
))


def _faces(pool: Pool, successes: int = 0, banes: int = 0) -> m.RolledSide:
    """Faces showing these results: banes first, then ☢ on Battle,
    Strategy and Support dice in turn; every other die a 3."""
    base = [1] * banes + [3] * (pool.base - banes)
    skill, gear = [3] * pool.skill, [3] * pool.gear
    left = successes
    for dice in (base, skill, gear):
        for index, face in enumerate(dice):
            if left and face == 3:
                dice[index], left = 6, left - 1
    return m.RolledSide(base=tuple(base), skill=tuple(skill), gear=tuple(gear))


def _wave(battle: Any, strategies: tuple[str, str], results: tuple[dict[str, int], dict[str, int]]) -> None:
    """One wave: no risks, the strategies, no actions, the Battle roll
    with these results (both leaders settle), no support, the End phase
    rolled with the battle's own dice."""
    for side in battle.game.order:
        battle.record(ev.SetRisk(side=side, risks=(0,) * len(battle.game.forces[side].army.people)))
    for side, strategy in enumerate(strategies):
        battle.record(ev.ChooseStrategy(side=side, strategy=strategy))
    for side in battle.game.order:
        battle.record(ev.Action(side=side, action="none"))
    pools = [battle.state.sides[0].pool, battle.state.sides[1].pool]
    battle.record(m.Roll(counter=battle.game.counter, sides=(_faces(pools[0], **results[0]), _faces(pools[1], **results[1]))))
    while battle.state.in_progress:
        battle.settle()
    for side in battle.game.order:
        if battle.game.wave.support[side] is None:
            battle.record(ev.Support(side=side))
    battle.end_wave()


def raid_on_the_ark(battle: Any) -> None:
    battle.record(ev.Reconnaissance(skip=True))
    battle.record(ev.Initiative(first=0))
    _wave(battle, ("attack", "attack"), ({"successes": 5}, {"banes": 1}))


def the_long_retreat(battle: Any) -> None:
    battle.record(ev.Reconnaissance(skip=True))
    battle.record(ev.Initiative(first=1))
    _wave(battle, ("attack", "full_retreat"), ({"successes": 2, "banes": 1}, {"successes": 1}))


def build(path: Path) -> tuple[Campaign, dict[str, Any]]:
    system = find_system("myz")
    campaign = new_campaign(system, "The Zone War", ("The Ark", "Zone-Ghouls"), seed=1986)
    campaign.record(Enlist[MyzForce](forces=(MyzForce(key="ark", side=0, name="The Ark", army=ARK), MyzForce(key="ghouls", side=1, name="Zone-Ghouls", army=GHOULS))))
    battles: dict[str, Any] = {}
    name, battle = fought(campaign, path, (0, 1), ("ark", "ghouls"), "Raid on the Ark", 7, raid_on_the_ark)
    battles[name] = battle
    changes, rolls = CAMPAIGN.rest(campaign.state, 3, random.Random(3))
    campaign.record(Amend(what="rest", changes=changes, days=3, rolls=rolls))
    name, battle = fought(campaign, path, (0, 1), ("ark", "ghouls"), "The Long Retreat", 8, the_long_retreat)
    battles[name] = battle
    return campaign, battles


HEADER = """# The Zone War: a Mutant: Year Zero campaign, two battles fought. A
# template: opening it plays a copy (and copies of its battles) in your saves
# folder. Raid on the Ark: the Ark broke the Zone-Ghouls' raid and took their
# chief, Ilona; three days at rest, the medic at work; The Long Retreat: the
# Ghouls, under Grint now, struck and fell back. m musters the next battle.
"""


write = writer(build, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
