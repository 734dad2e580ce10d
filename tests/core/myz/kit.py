"""Shared makings for the Mass Combat tests (tests/core/test_myz_*.py).

Armies, forces and pools for the pure functions; a ``Battle`` driven to a
chosen phase with typed-in skill checks and scripted Battle roll faces, so
every test knows exactly what the dice showed.
"""

from __future__ import annotations

from dataclasses import replace

from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool
from tui.core.systems.myz.rules import shipped as myz
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.forces import Force, muster_force
from tui.core.systems.myz.pool import ActionEffect, WaveSetting, battle_pools

R = myz()


class Dice:
    """Scripted faces for anything that rolls through ``randint``."""

    def __init__(self, *faces: int, default: int | None = None):
        self.faces = list(faces)
        self.default = default
        self.given: list[int] = []

    def randint(self, low: int, high: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
        elif self.default is not None:
            face = self.default
        else:
            raise AssertionError("the script ran out of faces")
        assert low <= face <= high, (face, low, high)
        self.given.append(face)
        return face


def leader(name: str = "Boss", pc: bool = True, **kw) -> Person:
    return Person(name=name, position="leader", pc=pc, **kw)


def army(level: int = 3, *, people: tuple[Person, ...] | None = None, **kw) -> Army:
    """An army with a leader (an NPC unless ``people`` says otherwise)."""
    if people is None:
        people = (leader(pc=False),)
    return Army(people=people, battle_level=level, **kw)


def force(a: Army, name: str = "F", **changes) -> Force:
    return replace(muster_force(a, name, R), **changes)


def pools(forces: tuple[Force, Force], strategies: tuple[str, str], field: Battlefield = Battlefield(), *, wave: int = 1, surprise: int | None = None, declined: tuple[bool, bool] = (False, False), actions: tuple[ActionEffect, ActionEffect] = (ActionEffect(), ActionEffect())):
    return battle_pools(forces, field, R, WaveSetting(wave, strategies, surprise, declined, actions))


def lines(breakdown, source: str) -> list:
    return [line for line in breakdown.lines if line.source == source]


def skill_from(breakdown, source: str) -> int:
    return sum(line.skill for line in lines(breakdown, source))


# -- a battle in play ---------------------------------------------------------


def new_battle(a: Army, b: Army, field: Battlefield = Battlefield(), *, names=("Red", "Blue"), seed: int = 7) -> Battle:
    return Battle.new("Test", names, seed=seed, armies=(a, b), battlefield=field)


def start(a: Army, b: Army, field: Battlefield = Battlefield(), *, recon: tuple[int, int] | None = None, ambush: bool | None = None, first: int = 0, seed: int = 7) -> Battle:
    """A battle at wave 1's Risk phase: reconnaissance typed in (or skipped), initiative set."""
    battle = new_battle(a, b, field, seed=seed)
    if recon is None:
        battle.record(ev.Reconnaissance(skip=True))
    else:
        battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=recon[0]), ev.SkillCheck(typed=recon[1]))))
    if ambush is not None:
        battle.record(ev.Ambush(take=ambush))
    battle.record(ev.Initiative(first=first))
    return battle


def risks(battle: Battle, values: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> None:
    for side in battle.game.order:
        count = len(battle.game.forces[side].army.people)
        battle.record(ev.SetRisk(side=side, risks=values[side] if values else (0,) * count))


def choose(battle: Battle, a: str, b: str) -> None:
    battle.record(ev.ChooseStrategy(side=0, strategy=a))
    battle.record(ev.ChooseStrategy(side=1, strategy=b))


def no_actions(battle: Battle) -> None:
    for side in battle.game.order:
        battle.record(ev.Action(side=side, action="none"))


def to_battle(battle: Battle, a: str, b: str, risk=None) -> None:
    """Risk, Strategy and empty Action phases: the wave's pools are built."""
    risks(battle, risk)
    choose(battle, a, b)
    no_actions(battle)


def faces_for(pool: Pool, successes: int = 0, banes: int = 0, gear_banes: int = 0) -> m.RolledSide:
    """Faces showing exactly these results: banes and gear banes first, then
    ☢ on Battle, Strategy and Support dice in turn; every other die a 3."""
    base = [1] * banes + [3] * (pool.base - banes)
    gear = [1] * gear_banes + [3] * (pool.gear - gear_banes)
    skill = [3] * pool.skill
    assert banes <= pool.base and gear_banes <= pool.gear
    left = successes
    for dice in (base, skill, gear):
        for i, face in enumerate(dice):
            if left and face == 3:
                dice[i], left = 6, left - 1
    assert left == 0, "the pool is too small for that many ☢"
    return m.RolledSide(base=tuple(base), skill=tuple(skill), gear=tuple(gear))


def fight(battle: Battle, a: dict | None = None, b: dict | None = None) -> None:
    """The Battle roll with scripted faces, then both leaders settle."""
    pools_ = [battle.state.sides[0].pool, battle.state.sides[1].pool]
    rolled = (faces_for(pools_[0], **(a or {})), faces_for(pools_[1], **(b or {})))
    battle.record(m.Roll(counter=battle.game.counter, sides=rolled))
    while battle.state.in_progress:
        battle.settle()


def support_none(battle: Battle) -> None:
    for side in battle.game.order:
        if battle.game.wave.support[side] is None:
            battle.record(ev.Support(side=side))


def end_wave(battle: Battle, *faces: int, default: int = 3, damaged: dict | None = None):
    """The End phase with scripted dice (each unscripted die shows ``default``),
    recorded as the ``EndWave`` event a real roll would make. Returns the report."""
    from tui.core.systems.myz.wave_end import end_wave as end

    dice = Dice(*faces, default=default)
    state, report = end(battle.game, dice, damaged)
    battle.record(ev.EndWave(counter=battle.game.counter, faces=tuple(dice.given), damaged=damaged, armour=battle.game.rules.retaliation.armour))
    assert battle.game == state
    return report


def end_script(game, retaliation: tuple[int, ...] = (), ark: tuple[int, ...] = ()) -> tuple[int, ...]:
    """End-phase faces: every casualty die a 3, then ``retaliation`` (the rest
    of the Retaliation dice 3s), then the Ark project roll's ``ark``."""
    from tui.core.systems.myz.wave_end import end_wave as end

    _, dry = end(game, Dice(default=3))
    casualty = sum(len(step.dice) for report in dry.casualties for step in report.steps)
    attacks = sum(r.dice for side in dry.retaliation for r in side)
    assert len(retaliation) <= attacks
    return (3,) * casualty + tuple(retaliation) + (3,) * (attacks - len(retaliation)) + tuple(ark)
