"""``apply(state, event)``: the whole Mass Combat battle as one pure function.

Each event is a step the GM takes; ``apply`` returns the new state or
raises a ``MassCombatError`` that says, in one line, why the step does not
fit now. The same function replays a saved log (faces come from the event)
and checks a step before it is taken (``refusal``).
"""

from __future__ import annotations

from typing import Any, Callable


from tui.core.frozen import replace
from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle_pool import BattlePoolState, PoolSide
from tui.core.systems.myz.battle_pool import apply as pool_apply
from tui.core.dice.year_zero import YearZeroRules
from tui.core.errors import RuleViolation
from tui.core.i18n import language, t
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.checks import CheckResult, check_pool, evaluate, validate_check
from tui.core.systems.myz.forces import Force, check_army, check_battlefield, fortification_key, has_scout, has_shelter, muster_force, with_force
from tui.core.systems.myz.pool import ActionEffect, WaveSetting, battle_pools
from tui.core.systems.myz.state import ActionRecord, MyzState, ReconResult, Stage, SupportRecord, WaveState
from tui.core.systems.myz.strategy import refusal as strategy_refusal
from tui.core.systems.myz.strategy import resolve

ROLLER_EVENTS = (m.Roll, m.Push, m.Settle, m.NewRoll, m.SetPool, m.SetFirst)


def yz_rules(state: MyzState) -> YearZeroRules:
    return state.roller.rules


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
        pairs = list(zip(faces[::2], faces[1::2]))
        if any(a != b for a, b in pairs[:-1]) or pairs[-1][0] == pairs[-1][1]:
            raise RuleViolation(t("myz.error.initiative_faces"))
        a, b = pairs[-1]
        if (0 if a > b else 1) != event.first:
            raise RuleViolation(t("myz.error.initiative_faces"))
    state = replace(state, first=event.first, initiative_faces=tuple(faces), stage="wave", wave=WaveState(number=1), counter=state.counter + (1 if faces else 0))
    return replace(state, roller=roller_for_wave(state))


# -- the wave -----------------------------------------------------------------


def wave_of(state: MyzState, phase: str | None = None) -> WaveState:
    if state.stage != "wave" or state.wave is None:
        raise RuleViolation(t(f"myz.refuse.stage.{state.stage}"))
    if phase is not None and state.wave.phase != phase:
        raise RuleViolation(t("myz.refuse.phase", phase=t(f"myz.phase.{state.wave.phase}")))
    return state.wave


def turn(state: MyzState) -> int | None:
    """The side to act in the current phase, in initiative order (None: nobody)."""
    if state.stage != "wave" or state.wave is None:
        return None
    wave = state.wave
    done = {
        "risk": [r is not None for r in wave.risks],
        "strategy": [c is not None for c in wave.chosen],
        "action": [a is not None for a in wave.actions],
        "support": [s is not None for s in wave.support],
    }.get(wave.phase)
    if done is None:
        return None
    return next((side for side in state.order if not done[side]), None)


def check_turn(state: MyzState, side: int) -> None:
    expected = turn(state)
    if expected is not None and expected != side:
        raise RuleViolation(t("myz.refuse.not_turn", name=state.names[expected]))


def _set_risk(state: MyzState, event: ev.SetRisk) -> MyzState:
    wave = wave_of(state, "risk")
    if wave.risks[event.side] is not None:
        raise RuleViolation(t("myz.refuse.done", name=state.names[event.side]))
    assert state.forces is not None  # a wave runs only once the muster set the forces
    people = state.forces[event.side].army.people
    if len(event.risks) != len(people):
        raise RuleViolation(t("myz.error.risk_count", count=len(event.risks), people=len(people)))
    risk = state.rules.risk
    for value in event.risks:
        if not risk.least <= value <= risk.most:
            raise RuleViolation(t("myz.error.risk_range", value=value, least=risk.least, most=risk.most))
    risks = list(wave.risks)
    risks[event.side] = tuple(event.risks)
    wave = replace(wave, risks=(risks[0], risks[1]))
    if all(r is not None for r in wave.risks):
        wave = replace(wave, phase="strategy")
    return replace(state, wave=wave)


def strategy_closed(state: MyzState, side: int, key: str) -> str | None:
    """The catalog key of the restriction closing ``key`` to ``side`` now, or None."""
    assert state.forces is not None and state.wave is not None
    strategy = state.rules.strategy(key)
    return strategy_refusal(strategy, state.forces, side, state.battlefield, state.rules, state.wave.number, state.ambusher, state.surprise)


def _choose_strategy(state: MyzState, event: ev.ChooseStrategy) -> MyzState:
    wave = wave_of(state, "strategy")
    if wave.chosen[event.side] is not None:
        raise RuleViolation(t("myz.refuse.done", name=state.names[event.side]))
    try:
        state.rules.strategy(event.strategy)
    except KeyError:
        raise RuleViolation(t("myz.error.unknown", what=t("myz.word.strategy"), key=event.strategy, known=", ".join(s.key for s in state.rules.strategies))) from None
    closed = strategy_closed(state, event.side, event.strategy)
    if closed:
        raise RuleViolation(t(closed, strategy=state.rules.strategy(event.strategy).name(language())))
    chosen = list(wave.chosen)
    chosen[event.side] = event.strategy
    wave = replace(wave, chosen=(chosen[0], chosen[1]))
    first, second = wave.chosen
    if first is not None and second is not None:
        return _resolved(state, replace(wave, resolution=resolve((first, second), state.rules)))
    return replace(state, wave=wave)


def _resolved(state: MyzState, wave: WaveState) -> MyzState:
    resolution = wave.resolution
    assert resolution is not None and state.forces is not None
    if resolution.outcome == "parley":
        return replace(state, wave=wave)
    if resolution.outcome == "truce":
        return replace(state, wave=replace(wave, phase="truce"))
    if resolution.outcome == "null":
        forces = state.forces
        field_ = state.battlefield
        if field_.siege is not None and resolution.null_retreating[field_.siege] and not has_shelter(forces[field_.siege], state.rules):
            # "Retreating from a Stronghold": the defenders' escape ends the
            # siege and starts an ordinary battle outside, without the
            # Fortification Bonus (with Shelter a retreat escapes the battle).
            forces = with_force(forces, field_.siege, replace(forces[field_.siege], fortification_dice=0))
            field_ = field_.model_copy(update={"siege": None})
            return replace(state, wave=replace(wave, phase="next", siege_lifted=True), forces=forces, battlefield=field_)
        for side in (0, 1):
            if resolution.null_retreating[side]:
                forces = with_force(forces, side, replace(forces[side], escaped=True))
        return replace(state, wave=replace(wave, phase="end"), forces=forces, stage="over", ended=("null_battle",))
    return replace(state, wave=replace(wave, phase="action"))


def _answer_parley(state: MyzState, event: ev.AnswerParley) -> MyzState:
    wave = wave_of(state, "strategy")
    if wave.resolution is None or wave.resolution.outcome != "parley":
        raise RuleViolation(t("myz.refuse.no_parley"))
    first, second = wave.chosen
    assert first is not None and second is not None  # a parley is offered only once both have chosen
    return _resolved(state, replace(wave, resolution=resolve((first, second), state.rules, event.accept)))


def _action(state: MyzState, event: ev.Action) -> MyzState:
    wave = wave_of(state, "action")
    check_turn(state, event.side)
    assert state.forces is not None  # a wave runs only once the muster set the forces
    force = state.forces[event.side]
    rules = state.rules
    people = force.army.people
    result: CheckResult | None = None
    effect = ActionEffect()
    counter = state.counter
    if event.action in ("remarkable", "commando"):
        if event.check is None:
            raise RuleViolation(t("myz.error.check_missing"))
        validate_check(people, event.check, rules.remarkable_action.skills, rules, mutations=True, broken=force.broken, position="assailant")
        risk = wave.risk(event.side, event.check.person) if event.check.person is not None else 0
        result = evaluate(event.check, check_pool(people, event.check, risk, rules), yz_rules(state), rules)
        counter += 1 if event.check.faces else 0
        if event.action == "remarkable":
            dice = min(result.successes * rules.remarkable_action.strategy_dice_per_success, rules.remarkable_action.max_strategy_dice)
            effect = ActionEffect(strategy_dice=dice)
        else:
            per_pair = rules.commando.successes_per_support_die
            if event.support_pairs * per_pair > result.successes:
                raise RuleViolation(t("myz.error.commando_pairs", pairs=event.support_pairs, successes=result.successes))
            left = result.successes - event.support_pairs * per_pair
            effect = ActionEffect(removes_strategy=left * rules.commando.strategy_dice_removed_per_success, destroys_support=event.support_pairs, commando=True)
    elif event.action == "grant":
        if force.army.played_by != "gm":
            raise RuleViolation(t("myz.error.grant_players", name=state.names[event.side]))
        effect = ActionEffect(strategy_dice=event.grant, granted=True)
    record = ActionRecord(event.side, event.action, result, effect, event.grant)
    actions = list(wave.actions)
    actions[event.side] = record
    wave = replace(wave, actions=(actions[0], actions[1]))
    state = replace(state, wave=wave, counter=counter)
    if all(a is not None for a in wave.actions):
        state = _enter_battle(state)
    return state


def wave_setting(state: MyzState) -> WaveSetting:
    wave = state.wave
    assert wave is not None and wave.resolution is not None
    first, second = (a.effect if a is not None else ActionEffect() for a in wave.actions)
    return WaveSetting(wave.number, wave.resolution.final, state.surprise, wave.resolution.parley_declined, (first, second))


def _enter_battle(state: MyzState) -> MyzState:
    assert state.forces is not None and state.wave is not None
    pools = battle_pools(state.forces, state.battlefield, state.rules, wave_setting(state))
    wave = replace(state.wave, phase="battle", pools=pools)
    state = replace(state, wave=wave)
    return replace(state, roller=roller_for_wave(state))


def roller_for_wave(state: MyzState) -> BattlePoolState:
    """The roller with this wave's pools (empty before the Battle phase)."""
    wave = state.wave
    pools = wave.pools if wave is not None and wave.pools is not None else None
    first, second = (
        PoolSide(state.names[i], pools[i].pool if pools is not None else replace(state.roller.sides[i].pool, base=0, skill=0, gear=0))
        for i in (0, 1)
    )
    return BattlePoolState(sides=(first, second), first=state.first, counter=state.counter, rules=state.roller.rules)


def _set_circumstances(state: MyzState, event: ev.SetCircumstances) -> MyzState:
    wave = wave_of(state)
    limits = state.rules.circumstances
    if not limits.least <= event.value <= limits.most:
        raise RuleViolation(t("myz.error.circumstances_range", value=event.value, least=limits.least, most=limits.most))
    if wave.phase not in ("risk", "strategy", "action", "battle") or state.roller.rolled:
        raise RuleViolation(t("myz.refuse.circumstances_late"))
    assert state.forces is not None  # a wave runs only once the muster set the forces
    forces = with_force(state.forces, event.side, replace(state.forces[event.side], circumstances=event.value))
    state = replace(state, forces=forces)
    return _enter_battle(state) if wave.phase == "battle" else state


def _roller_event(state: MyzState, event: m.Event) -> MyzState:
    if state.free_rolls:
        roller = pool_apply(replace(state.roller, counter=state.counter), event)
        return replace(state, roller=roller, counter=roller.counter)
    refusal = roller_refusal(state, event)
    if refusal:
        raise RuleViolation(refusal)
    roller = pool_apply(replace(state.roller, counter=state.counter), event)
    state = replace(state, roller=roller, counter=roller.counter)
    if roller.finished:
        return _battle_done(state)
    return state


def skipped_support(state: MyzState, side: int) -> str | None:
    """Why ``side`` has no Support phase this wave (catalog key), or None."""
    wave = state.wave
    assert wave is not None and wave.resolution is not None
    rules = state.rules
    own = rules.strategy(wave.resolution.final[side])
    if own.skips_support:
        return "myz.skip.own_strategy"
    enemy = rules.strategy(wave.resolution.final[1 - side])
    battle = wave.battle
    if enemy.win_enemy_skips_support and battle is not None and battle.winner == 1 - side and not enemy.cannot_win:
        return "myz.skip.raided"
    return None


def _battle_done(state: MyzState) -> MyzState:
    wave = state.wave
    assert wave is not None
    battle = state.roller.result()
    wave = replace(wave, battle=battle, phase="support")
    state = replace(state, wave=wave)
    records = list(wave.support)
    for side in (0, 1):
        reason = skipped_support(state, side)
        if reason:
            records[side] = SupportRecord(side, skipped=reason)
    wave = replace(wave, support=(records[0], records[1]))
    if all(r is not None for r in wave.support):
        wave = replace(wave, phase="end")
    return replace(state, wave=wave)


def roller_refusal(state: MyzState, event: m.Event) -> str | None:
    """Why the battle's stage keeps the roller from taking ``event`` (None: the roller decides)."""
    if state.free_rolls:
        return None
    if not state.in_battle_phase:
        return t("myz.refuse.roller_phase")
    if isinstance(event, (m.SetPool, m.SetFirst)):
        return t("myz.refuse.pool_from_sources")
    if isinstance(event, m.NewRoll):
        return t("myz.refuse.new_roll_in_wave")
    return None


HANDLERS: dict[type[Any], Callable[[MyzState, Any], MyzState]] = {
    ev.SetArmy: _set_army,
    ev.SetBattlefield: _set_battlefield,
    m.Rename: _rename,
    ev.Reconnaissance: _reconnaissance,
    ev.Ambush: _ambush,
    ev.Initiative: _initiative,
    ev.SetRisk: _set_risk,
    ev.ChooseStrategy: _choose_strategy,
    ev.AnswerParley: _answer_parley,
    ev.Action: _action,
    ev.SetCircumstances: _set_circumstances,
}
for _kind in ROLLER_EVENTS:
    HANDLERS[_kind] = _roller_event
