"""Before the first wave: the muster (armies, battlefield, the sides'
names), the Reconnaissance, the ambush it may give, and the initiative roll
that opens the first wave."""

from __future__ import annotations

from typing import Any, Callable


from tui.core.frozen import replace
from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle_pool import apply as pool_apply
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.checks import check_pool, evaluate, validate_check
from tui.core.systems.myz.forces import Force, check_army, check_battlefield, fortification_key, has_scout, muster_force, with_force
from tui.core.systems.myz.state import MyzState, ReconResult, Stage, WaveState
from tui.core.systems.myz.engine import roller_for_wave, yz_rules


# -- muster -------------------------------------------------------------------


def _need_stage(state: MyzState, *stages: str) -> None:
    if state.stage not in stages:
        raise RuleViolation(t(f"myz.refuse.stage.{state.stage}"))


def _set_army(state: MyzState, event: ev.SetArmy) -> MyzState:
    _need_stage(state, "muster")
    check_army(event.army, state.rules)
    armies = list(state.armies)
    armies[event.side] = event.army
    return replace(state, armies=(armies[0], armies[1]))


def _set_battlefield(state: MyzState, event: ev.SetBattlefield) -> MyzState:
    _need_stage(state, "muster")
    check_battlefield(event.battlefield, state.rules)
    return replace(state, battlefield=event.battlefield)


def _rename(state: MyzState, event: m.Rename) -> MyzState:
    names = list(state.names)
    names[event.side] = event.name
    forces = state.forces
    if forces is not None:
        forces = with_force(forces, event.side, replace(forces[event.side], name=event.name))
    roller = pool_apply(state.roller, event)
    return replace(state, names=(names[0], names[1]), forces=forces, roller=roller)


# -- before the battle ----------------------------------------------------------


def environment_rating(state: MyzState) -> int:
    """"Halved (rounded up) at night and decreased by 1 in bad weather. For both, first halve then decrease.\""""
    env = state.rules.environment
    rating = state.rules.environment_type(state.battlefield.environment).rating
    if state.battlefield.night:
        rating = -(-rating // env.night_divisor)
    if state.battlefield.bad_weather:
        rating += env.bad_weather_modifier
    return max(0, rating)


def recon_factors(force: Force, state: MyzState) -> tuple[str, ...]:
    army = force.army
    applies = {
        "scout": has_scout(force, state.rules),
        "no_scout": not has_scout(force, state.rules),
        "home": army.home_territory,
        "defensive_position": army.defensive_position,
        "flying_only": army.flying_only,
        "motorised": army.motorised,
        "forced_march": army.forced_march,
    }
    return tuple(f.key for f in state.rules.reconnaissance.factors if applies.get(f.key, False))


def recon_modifier(factors: tuple[str, ...], state: MyzState) -> int:
    return sum(f.modifier for f in state.rules.reconnaissance.factors if f.key in factors)


def muster_forces(state: MyzState) -> tuple[Force, Force]:
    """Both forces as mustered, with a siege's Fortification Bonus; unlike
    the battle's start this needs no leader yet. Raises ``RuleViolation`` for
    keys the ruleset does not know."""
    rules = state.rules
    forces = (muster_force(state.armies[0], state.names[0], rules), muster_force(state.armies[1], state.names[1], rules))
    siege = state.battlefield.siege
    if siege is not None:
        dice = rules.fortification(fortification_key(forces[siege], rules)).support_dice
        forces = with_force(forces, siege, replace(forces[siege], fortification_dice=dice))
    return forces


def start_forces(state: MyzState) -> tuple[Force, Force]:
    """The forces the battle starts with: the muster, once each side has a leader and Battle dice."""
    for side, army in enumerate(state.armies):
        if army.leader is None:
            raise RuleViolation(t("myz.error.no_leader", name=state.names[side]))
    forces = muster_forces(state)
    for side, force in enumerate(forces):
        if force.battle_level <= 0:
            raise RuleViolation(t("myz.error.no_battle_level", name=state.names[side]))
    return forces


def _reconnaissance(state: MyzState, event: ev.Reconnaissance) -> MyzState:
    _need_stage(state, "muster")
    check_battlefield(state.battlefield, state.rules)
    forces = start_forces(state)
    state = replace(state, forces=forces)
    if event.skip:
        return replace(state, stage="initiative", recon=ReconResult(skipped=True))
    skill = state.rules.reconnaissance.skill
    results, modifiers = [], []
    for side, check in enumerate(event.checks):
        force = forces[side]
        if check.person is not None and check.person != force.leader:
            raise RuleViolation(t("myz.error.recon_leader", name=state.names[side]))
        check = check if check.person is not None else check.model_copy(update={"person": force.leader})
        validate_check(force.army.people, check, (skill,), state.rules, mutations=False)
        factors = recon_factors(force, state)
        pool = check_pool(force.army.people, check.model_copy(update={"skill": skill}), 0, state.rules, recon_modifier(factors, state))
        results.append(evaluate(check, pool, yz_rules(state), state.rules))
        modifiers.append(factors)
    a, b = results[0].successes, results[1].successes
    winner = None if a == b else (0 if a > b else 1)
    recon = ReconResult(False, (results[0], results[1]), (modifiers[0], modifiers[1]), winner, abs(a - b), environment_rating(state))
    stage: Stage = "ambush" if recon.ambush_offered else "initiative"
    return replace(state, stage=stage, recon=recon, counter=state.counter + 1)


def _ambush(state: MyzState, event: ev.Ambush) -> MyzState:
    _need_stage(state, "ambush")
    assert state.recon is not None and state.forces is not None and state.recon.winner is not None
    winner, forces = state.recon.winner, state.forces
    recon = replace(state.recon, ambush=event.take)
    state = replace(state, recon=recon, stage="initiative")
    if not event.take:
        return state
    forces = with_force(forces, winner, replace(forces[winner], ambush_die=True))
    forces = with_force(forces, 1 - winner, replace(forces[1 - winner], confused=True))
    return replace(state, forces=forces, ambusher=winner)


def _initiative(state: MyzState, event: ev.Initiative) -> MyzState:
    _need_stage(state, "initiative")
    faces = event.faces
    if faces:
        sides = state.rules.initiative.die_sides
        if len(faces) % 2 or any(not 1 <= f <= sides for f in faces):
            raise RuleViolation(t("myz.error.initiative_faces"))
        red, blue = event.bonuses
        pairs = [(a + red, b + blue) for a, b in zip(faces[::2], faces[1::2])]
        if any(a != b for a, b in pairs[:-1]) or pairs[-1][0] == pairs[-1][1]:
            raise RuleViolation(t("myz.error.initiative_faces"))
        a, b = pairs[-1]
        if (0 if a > b else 1) != event.first:
            raise RuleViolation(t("myz.error.initiative_faces"))
    state = replace(state, first=event.first, initiative_faces=tuple(faces), stage="wave", wave=WaveState(number=1), counter=state.counter + (1 if faces else 0))
    return replace(state, roller=roller_for_wave(state))


HANDLERS: dict[type[Any], Callable[[MyzState, Any], MyzState]] = {
    ev.SetArmy: _set_army,
    ev.SetBattlefield: _set_battlefield,
    m.Rename: _rename,
    ev.Reconnaissance: _reconnaissance,
    ev.Ambush: _ambush,
    ev.Initiative: _initiative,
}
"""The steps this module's rules take, by kind (``play.apply`` looks them up)."""


__all__ = ["HANDLERS", "environment_rating", "muster_forces", "recon_factors", "recon_modifier", "start_forces"]
