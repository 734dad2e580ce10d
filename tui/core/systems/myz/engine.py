"""The wave, step by step: risks, strategies (secret until both are in,
then resolved), parley, actions, the circumstances of the Battle roll, the
Battle Pool roller gated by the wave's phase, and the Support phase.

Each handler takes one step the GM takes and returns the new state, or
raises a ``MassCombatError`` that says, in one line, why the step does not
fit now; ``play.apply`` finds them through ``HANDLERS``. The same rules
replay a saved log (faces come from the event) and check a step before it
is taken.
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
from tui.core.systems.myz.forces import has_shelter, with_force
from tui.core.systems.myz.pool import ActionEffect, WaveSetting, battle_pools
from tui.core.systems.myz.state import ActionRecord, MyzState, SupportRecord, WaveState
from tui.core.systems.myz.strategy import refusal as strategy_refusal
from tui.core.systems.myz.strategy import resolve

ROLLER_EVENTS = (m.Roll, m.Push, m.Settle, m.NewRoll, m.SetPool, m.SetFirst)


def yz_rules(state: MyzState) -> YearZeroRules:
    return state.roller.rules


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
    ev.SetRisk: _set_risk,
    ev.ChooseStrategy: _choose_strategy,
    ev.AnswerParley: _answer_parley,
    ev.Action: _action,
    ev.SetCircumstances: _set_circumstances,
}
for _kind in ROLLER_EVENTS:
    HANDLERS[_kind] = _roller_event
