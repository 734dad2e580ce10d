"""Mass Combat battles fought in code to a known point, for the summary's tests.

The Ghoul Strike of the rules text, wave after wave: skill checks are typed
in (as if rolled at the table) and the seed fixes every die the app rolls,
so each wave's End phase comes out the same every time.
"""

from __future__ import annotations

from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Army, Battlefield, Person

SEED = 1877

# (the Ark's strategy, the Zone-Ghouls' strategy) for each wave
PLANS = (("rally", "total_attack"), ("defense", "feinted_attack"))


def armies() -> tuple[Army, Army]:
    ghouls = Army(
        people=(Person(name="Ghoul Chief", position="leader", pc=False, skills={"comprehend": "3b2s", "command": "3b1s"}),),
        played_by="gm",
        battle_level=3,
        fighters=60,
    )
    ark = Army(
        people=(
            Person(name="Marlotte", position="leader", skills={"comprehend": "3b1s", "command": "4b3s", "manipulate": "4b2s"}),
            Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}, armour=1),
            Person(name="Angus", position="engineer", skills={"jury_rig": "4b3s"}),
            Person(name="Hook", position="assailant", skills={"sneak": "3b1s"}),
        ),
        battle_level=2,
        fighters=40,
        combat_ready=False,
        units={"artillery": 1},
        defends_ark=True,
        ark_projects=("defenses",),
    )
    return ghouls, ark


def ghoul_strike_waves(waves: int = 1, names: tuple[str, str] = ("Zone-Ghouls", "The Ark"), seed: int = SEED) -> Battle:
    """The Ghoul Strike with ``waves`` waves fought to their End phase (0: just before the first)."""
    battle = Battle.new("Ghoul Strike", names, seed=seed, armies=armies(), battlefield=Battlefield(environment="ruins", night=True))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=3), ev.SkillCheck(typed=1))))
    battle.record(ev.Ambush(take=True))
    battle.record(ev.Initiative(first=1))
    for number in range(waves):
        if number:
            battle.record(ev.NextWave())
        battle.record(ev.SetRisk(side=1, risks=(0, 1, 0, -1)))
        battle.record(ev.SetRisk(side=0, risks=(0,)))
        ark, ghouls = PLANS[number]
        battle.record(ev.ChooseStrategy(side=1, strategy=ark))
        battle.record(ev.ChooseStrategy(side=0, strategy=ghouls))
        # Dora rings the bell; Hook only helps her (his Retaliation is hers)
        battle.record(ev.Action(side=1, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", helpers=(3,), typed=2)))
        battle.record(ev.Action(side=0, action="grant", grant=0))
        battle.roll()
        while battle.state.in_progress:
            roll = battle.state.sides[battle.state.turn].roll
            battle.push() if roll.can_push and roll.successes < 2 else battle.settle()
        rally = ev.SkillCheck(person=0, skill="command", typed=1) if ark == "rally" else None
        battle.record(ev.Support(side=1, repair=ev.SkillCheck(person=2, skill="jury_rig", typed=2), rally=rally))
        battle.record(ev.Support(side=0))
        battle.end_wave()
    return battle
