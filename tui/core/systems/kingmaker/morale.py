"""Morale checks: d20 + the army's Morale and its commander's bonus, for
switching tactics, rallying, commands, the bloodied and decimated
thresholds, and the Morale phase's Press.

A failed threshold check by 0-4 sends the unit into Retreat, by 5-9 it
flees, by 10 or more it routs and leaves the field at once, taking a
parting shot from each enemy in contact (Kingmaker with Ultimate
Campaign's rout).
"""

from __future__ import annotations

from typing import Literal

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.systems.kingmaker import events as ev, fixes
from tui.core.systems.kingmaker.bonuses import active, total
from tui.core.systems.kingmaker.rule_rows import MoraleState, Threshold
from tui.core.systems.kingmaker.combat import land_parting_shots
from tui.core.systems.kingmaker.standing import own_unit, victory
from tui.core.systems.kingmaker.state import KMState, Roll

Purpose = Literal["check", "rout", "withdraw", "switch"]


def morale_bonus(state: KMState, key: str, purpose: Purpose = "check") -> int:
    """What a Morale check of this unit adds to the d20."""
    found = state.derived[key]
    effects = active(state, key)
    extra: tuple[str, ...] = {"check": (), "rout": ("rout",), "withdraw": ("withdraw",), "switch": ("switch_tactics",)}[purpose]
    bonus: int = found.morale.total + total(effects, "morale", *extra)
    bonus += sum(int(getattr(c.effect, f)) for c in found.carried for f in extra)
    if purpose == "rout":
        unit = state.unit(key)
        rules = state.rules.morale
        bonus += rules.rear if unit.rear else (rules.flanked if unit.flanked else 0)
    return bonus


def never_fails(state: KMState, key: str, purpose: Purpose) -> bool:
    grants = state.derived[key].grants
    return "mindless" in grants or (purpose == "rout" and "no_rout" in grants)


def check(state: KMState, key: str, face: int, dc: int, purpose: Purpose = "check") -> tuple[bool, int]:
    """Whether the check passes, and its total."""
    found = face + morale_bonus(state, key, purpose)
    return found >= dc or never_fails(state, key, purpose), found


def owed(state: KMState, key: str) -> Threshold | None:
    """The worst threshold this unit has dropped to and not yet checked against."""
    if state.unit(key).out or state.unit(key).block is None:
        return None
    full, now = state.derived[key].hp.total, state.hp(key)
    done = state.unit(key).checked
    crossed = [th for th in state.rules.morale.thresholds if now * 100 <= full * th.percent]
    return crossed[-1] if crossed and crossed[-1].key not in done else None


def tactic_is_free(state: KMState, tactic: str) -> bool:
    """Switching to ``tactic`` takes no Morale check: Withdraw never does, and
    the battle's first choice (in turn 1) doesn't where the ruleset says so."""
    return tactic == "withdraw" or (state.rules.morale.first_tactic_free and state.turn == 1)


def switch_tactic(state: KMState, event: ev.SwitchTactic) -> KMState:

    own_unit(state, event.key, "tactics")
    unit = state.unit(event.key)
    army = state.army(event.key)
    found = state.derived[event.key]
    if "tactic" in unit.tried and not choosing_first_tactic(state, event.key):
        raise RuleViolation(t("km.rule.tried_tactic", name=army.name))
    if event.tactic not in found.tactics:
        raise RuleViolation(t("km.rule.tactic_unknown", name=army.name, tactic=state.rules.tactic(event.tactic).name(language()) if event.tactic in {x.key for x in state.rules.tactics} else event.tactic))
    if event.tactic == unit.tactic:
        raise RuleViolation(t("km.rule.tactic_same", name=army.name))
    if "mindless" in found.grants:
        raise RuleViolation(t("km.rule.mindless_tactics", name=army.name))
    free = tactic_is_free(state, event.tactic)
    tried = replace(unit, tried=unit.tried + ("tactic",))
    name = event.tactic
    if free:
        if event.face is not None:
            raise RuleViolation(t("km.rule.no_roll_needed"))
        return state.with_unit(event.key, replace(tried, tactic=event.tactic)).with_note("km.note.tactic_free", name=army.name, tactic=name)
    if event.face is None:
        raise RuleViolation(t("km.rule.record_face", face=0, die=state.rules.attack.die))
    face = _face(state, event.face, event.counter)
    dc = state.rules.morale.switch_tactics_dc
    passed, result = check(state, event.key, face, dc, "switch")
    rolled = _rolled(state, "switch_tactic", event.key, face, result, dc)
    if not passed:
        return rolled.with_unit(event.key, tried).with_note("km.note.tactic_failed", name=army.name, tactic=name, total=result, rolled=face, dc=dc)
    return rolled.with_unit(event.key, replace(tried, tactic=event.tactic)).with_note("km.note.tactic_switched", name=army.name, tactic=name, total=result, rolled=face, dc=dc)


def choosing_first_tactic(state: KMState, key: str) -> bool:
    """The battle's first tactic is still being chosen (turn 1, where the
    ruleset makes it free): the GM may change the choice until the phase
    ends, as often as it takes."""
    return state.rules.morale.first_tactic_free and state.turn == 1 and state.phase == "tactics"


def strategy_needs_check(state: KMState, key: str, step: str) -> bool:
    """More than one step along the track, after the first choice."""
    track = state.rules.strategy
    now = state.unit(key).strategy
    return bool(now) and abs(track.index(step) - track.index(now)) > 1


def set_strategy(state: KMState, event: ev.SetStrategy) -> KMState:

    track = state.rules.strategy
    if not track.enabled:
        raise RuleViolation(t("km.rule.no_strategy_track"))
    own_unit(state, event.key, "melee", moving_away=True)
    unit = state.unit(event.key)
    army = state.army(event.key)
    if event.step not in {s.key for s in track.steps}:
        raise RuleViolation(t("km.rule.no_strategy_step", step=event.step))
    if "strategy" in unit.tried or unit.blows:
        raise RuleViolation(t("km.rule.strategy_set", name=army.name))
    if (unit.strategy or track.start) == event.step and unit.strategy:
        raise RuleViolation(t("km.rule.strategy_same", name=army.name))
    if "mindless" in state.derived[event.key].grants and event.step != track.start:
        raise RuleViolation(t("km.rule.mindless_tactics", name=army.name))
    tried = replace(unit, tried=unit.tried + ("strategy",))
    if not strategy_needs_check(state, event.key, event.step):
        if event.face is not None:
            raise RuleViolation(t("km.rule.no_roll_needed"))
        return state.with_unit(event.key, replace(tried, strategy=event.step)).with_note("km.note.strategy", name=army.name, step=event.step)
    if event.face is None:
        raise RuleViolation(t("km.rule.record_face", face=0, die=state.rules.attack.die))
    face = _face(state, event.face, event.counter)
    passed, result = check(state, event.key, face, track.change_dc)
    rolled = _rolled(state, "strategy", event.key, face, result, track.change_dc)
    if not passed:
        return rolled.with_unit(event.key, tried).with_note("km.note.strategy_failed", name=army.name, step=event.step, total=result, rolled=face, dc=track.change_dc)
    return rolled.with_unit(event.key, replace(tried, strategy=event.step)).with_note("km.note.strategy_changed", name=army.name, step=event.step, total=result, rolled=face, dc=track.change_dc)


def rally(state: KMState, event: ev.Rally) -> KMState:

    own_unit(state, event.key, "tactics", moving_away=True)
    unit = state.unit(event.key)
    army = state.army(event.key)
    if unit.standing != "flee":
        raise RuleViolation(t("km.rule.not_fleeing", name=army.name))
    if "rally" in unit.tried:
        raise RuleViolation(t("km.rule.tried_rally", name=army.name))
    face = _face(state, event.face, event.counter)
    dc = state.rules.morale.rally_dc
    passed, result = check(state, event.key, face, dc)
    rolled = _rolled(state, "rally", event.key, face, result, dc)
    tried = replace(unit, tried=unit.tried + ("rally",))
    if passed:
        return rolled.with_unit(event.key, replace(tried, standing="ready", standing_turns=0)).with_note("km.note.rallied", name=army.name, total=result, rolled=face, dc=dc)
    return rolled.with_unit(event.key, tried).with_note("km.note.still_fleeing", name=army.name, total=result, rolled=face, dc=dc)


def morale_check(state: KMState, event: ev.MoraleCheck) -> KMState:

    own_unit(state, event.key, "morale", moving_away=True)
    army = state.army(event.key)
    threshold = owed(state, event.key)
    if threshold is None:
        raise RuleViolation(t("km.rule.no_check_owed", name=army.name))
    if threshold.key != event.threshold:
        raise RuleViolation(t("km.rule.wrong_threshold", name=army.name, threshold=threshold.name(language())))
    face = _face(state, event.face, event.counter)
    passed, result = check(state, event.key, face, threshold.dc, "rout")
    if event.again is not None:
        if passed or not any(state.rules.boon(b).reroll_morale for b in army.commander.boons):
            raise RuleViolation(t("km.rule.no_reroll", name=army.name))
        state = state.with_note("km.note.hold_the_line", name=army.name, face=face, total=result, dc=threshold.dc)
        face = _face(state, event.again, event.counter)
        passed, result = check(state, event.key, face, threshold.dc, "rout")
    unit = state.unit(event.key)
    marked = tuple(th.key for th in state.rules.morale.thresholds if th.percent >= threshold.percent)
    unit = replace(unit, checked=tuple(dict.fromkeys(unit.checked + marked)))
    counter = state.counter + (2 if event.again is not None else 1)
    after = replace(state, counter=counter, last_roll=Roll("morale", event.key, (face,), result, threshold.dc))
    name = threshold.key
    if passed:
        return after.with_unit(event.key, unit).with_note("km.note.morale_held", name=army.name, threshold=name, total=result, rolled=face, dc=threshold.dc)
    fallen = failing(state, event.key, threshold.dc, result)
    if fallen.key != state.rules.morale.state_for(threshold.dc - result).key:
        after = after.with_unit(event.key, unit).with_note("km.note.morale_kept", name=army.name, threshold=name, total=result, rolled=face, dc=threshold.dc, standing=fallen.key)
    else:
        unit = replace(unit, standing=fallen.key, standing_turns=0)
        after = after.with_unit(event.key, unit).with_note(f"km.note.morale_{fallen.key}", name=army.name, threshold=name, total=result, rolled=face, dc=threshold.dc)
    if fallen.leaves_field:
        after = land_parting_shots(after, event.key, event.hacks)
    elif event.hacks:
        raise RuleViolation(t("km.rule.hacks_unwanted"))
    return victory(after)


def failing(state: KMState, key: str, dc: int, result: int) -> MoraleState:
    """Where a failed threshold check leaves the unit: the state its margin
    gives, or the one it is already in when that is worse (a Fleeing army
    failing by 0-4 keeps fleeing; ``fixes.NEVER_MILDER``). The states run
    from mildest to worst in the ruleset."""
    rules = state.rules.morale
    fallen = rules.state_for(dc - result)
    if fixes.NEVER_MILDER not in state.mended:
        return fallen
    now = next((s for s in rules.states if s.key == state.unit(key).standing), None)
    return now if now is not None and rules.states.index(now) > rules.states.index(fallen) else fallen


def _face(state: KMState, face: int, counter: int) -> int:
    if counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=counter, expected=state.counter))
    if not 1 <= face <= state.rules.attack.die:
        raise RuleViolation(t("km.rule.record_face", face=face, die=state.rules.attack.die))
    return face


def _rolled(state: KMState, what: str, key: str, face: int, result: int, dc: int) -> KMState:
    return replace(state, counter=state.counter + 1, last_roll=Roll(what, key, (face,), result, dc))


__all__ = ["check", "choosing_first_tactic", "failing", "morale_bonus", "morale_check", "never_fails", "owed", "rally", "set_strategy", "strategy_needs_check", "switch_tactic", "tactic_is_free"]
