"""The bundled Kingmaker example, ``saves/examples/battle-of-ashwater.toml``:
rebuilt by ``python -m tui.core.systems.kingmaker.demo FILE`` (names and
numbers are ours; the rules are the Ultimate Campaign and Kingmaker texts').

Ostmark holds the north bank with a Huge block of pikemen, a line of
bowmen and a troop of lancers; Rivenhold comes up from the south with a
Huge orc host, crossbowmen and fast goblin wolf-riders. The lancers can
charge the host by the second turn and the wolf-riders can reach the
pikes' flank; every unit is set up and turn 1 is about to begin.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tui.core.files.saving import write_example
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.forces import AbilityPick, Army, Commander
from tui.core.systems.kingmaker.mat import Facing

SEED = 1_207_415

LANCERS = Army(
    key="lancers", name="Ostmark Lancers", side=0, creature="humans (fighter 3) on heavy horses", cr="2", troops=100, mount_cr="2",
    resources=("masterwork_weapons",), tactics=("cavalry_experts",), base_speed=50,
    commander=Commander(name="Ser Ilsa Varn", charisma=2, profession=5, level=6, boons=("loyalty", "hold_the_line")),
)
PIKES = Army(
    key="pikes", name="Ostmark Pikes", side=0, creature="humans (fighter 2)", cr="1", troops=500, resources=("masterwork_armor",),
    tactics=("defensive_wall",), abilities=(AbilityPick(key="bravery", value=1),),
    commander=Commander(name="Captain Oda Renn", charisma=1, profession=10, level=7, boons=("defensive_tactics",)),
)
BOWMEN = Army(
    key="bowmen", name="Ostmark Bowmen", side=0, creature="humans (warrior 2)", cr="1/2", troops=200, resources=("ranged_weapons",),
    commander=Commander(name="Sergeant Hobb", charisma=0, profession=3, level=3),
)
HOST = Army(
    key="host", name="Rivenhold Host", side=1, creature="orcs (warrior 1)", cr="1/3", troops=500,
    abilities=(AbilityPick(key="ferocity"), AbilityPick(key="darkvision")),
    commander=Commander(name="Warlord Grask", charisma=2, profession=5, level=5, boons=("merciless",)),
)
WOLVES = Army(
    key="wolves", name="Wolf-riders", side=1, creature="goblins (warrior 1) on wolves", cr="1/3", troops=100, mount_cr="1",
    base_speed=50, commander=Commander(name="Snikka", charisma=1, profession=0, level=2),
)
CROSSBOWS = Army(
    key="crossbows", name="Rivenhold Crossbows", side=1, creature="humans (warrior 1)", cr="1/3", troops=200,
    resources=("ranged_weapons",), morale=1,
)

PLACES: tuple[tuple[Army, int, int, Facing, str | None], ...] = (
    (LANCERS, 15, 3, "s", None), (HOST, 10, 11, "n", None), (PIKES, 9, 2, "s", None),
    (WOLVES, 20, 11, "n", None), (BOWMEN, 4, 2, "s", "2x1"), (CROSSBOWS, 4, 12, "n", "2x1"),
)


def build() -> KingmakerBattle:
    battle = KingmakerBattle.new("Battle of Ashwater", seed=SEED)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army, *_ in PLACES:
        battle.record(ev.SetArmy(army=army))
    battle.record(ev.PaintTerrain(terrain="forest", x=1, y=6, width=4, height=4))
    battle.record(ev.PaintTerrain(terrain="hill", x=17, y=6, width=3, height=2))
    battle.record(ev.PaintTerrain(terrain="rough", x=9, y=7, width=5, height=2))
    battle.record(ev.PaintTerrain(terrain="water", x=21, y=6, width=3, height=3))
    battle.record(ev.SetConditions(keys=("dim_light",)))
    battle.setup_roll()
    battle.record(ev.FirstSide(side=battle.game.roll_winner or 0))
    order = list(PLACES)
    while battle.game.stage == "setup":
        side = battle.game.side_acting
        army, x, y, facing, formation = next(p for p in order if p[0].side == side and battle.game.unit(p[0].key).block is None)
        battle.record(ev.Place(key=army.key, x=x, y=y, facing=facing, formation=formation))
    return battle


HEADER = """# Battle of Ashwater: a small Kingmaker Fantasy Battle, set up and ready for turn 1.
# A template: opening it plays a copy in your saves folder (this file stays
# as it is). Ostmark (north): a Huge block of pikes, a line of bowmen and a
# troop of lancers. Rivenhold (south): a Huge orc host, crossbowmen and fast
# goblin wolf-riders. Dim light (-1 Offense). The lancers can charge by turn
# 2, the wolf-riders can reach a flank; the generals roll initiative next.
"""


def write(path: Path) -> None:
    write_example(build(), path, HEADER)


if __name__ == "__main__":
    write(Path(sys.argv[1]))


__all__ = ["build", "write"]
