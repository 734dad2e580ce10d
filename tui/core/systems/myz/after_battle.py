"""After the Battle roll: the Support phase, the End phase as an event
(rolled in ``wave_end``), a successor for a fallen leader, and the step to
the next wave (or the end of the battle)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from tui.core.frozen import replace
from tui.core.errors import RollRecordError, RuleViolation
from tui.core.dice.faces import FaceReplay
from tui.core.i18n import t
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.checks import check_pool, evaluate, validate_check
from tui.core.systems.myz.end_phase import outcome
from tui.core.systems.myz.engine import check_turn, roller_for_wave, wave_of, yz_rules
from tui.core.systems.myz.forces import Force, become_combat_ready, with_force
from tui.core.systems.myz.pool import commando_damaged
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState, SupportRecord, WaveState
from tui.core.systems.myz.wave_end import end_wave, over_reasons


def _support(state: MyzState, event: ev.Support) -> MyzState:
    wave = wave_of(state, "support")
    check_turn(state, event.side)
    rules = state.rules
    forces = state.forces
    assert forces is not None  # a wave runs only once the muster set the forces
    force = forces[event.side]
    people = force.army.people
    battle = wave.battle
    assert battle is not None and wave.pools is not None and wave.resolution is not None
    counter = state.counter
    results = {}
    for slot, check, skills, position in (
        ("repair", event.repair, rules.support.engineer_skills, "engineer"),
        ("mend", event.mend, rules.support.medic_skills, "medic"),
        ("rally", event.rally, rules.strategy_rules.rally_skills, None),
    ):
        if check is None:
            continue
        validate_check(people, check, skills, rules, mutations=True, broken=force.broken, position=position)  # every roll here is a Support-phase roll
        risk = wave.risk(event.side, check.person) if check.person is not None else 0
        results[slot] = evaluate(check, check_pool(people, check, risk, rules), yz_rules(state), rules)
        counter += 1 if check.faces else 0
    rally_open = rules.strategy(wave.resolution.final[event.side]).rally and force.confused
    if "rally" in results and not rally_open:
        raise RuleViolation(t("myz.refuse.no_rally"))
    damaged_support = battle.gear_banes[event.side] + commando_damaged(wave.pools[event.side])
    repaired = min(results["repair"].successes // rules.support.successes_per_repair, damaged_support) if "repair" in results else 0
    mended = min(results["mend"].successes // rules.support.successes_per_mend, battle.banes[event.side]) if "mend" in results else 0
    rallied = results["rally"].successes > 0 if "rally" in results else None
    record = SupportRecord(event.side, None, results.get("repair"), results.get("mend"), results.get("rally"), repaired, mended, rallied)
    support = list(wave.support)
    support[event.side] = record
    wave = replace(wave, support=(support[0], support[1]))
    if rallied:
        forces = with_force(forces, event.side, replace(force, confused=False))
    if all(s is not None for s in wave.support):
        wave = replace(wave, phase="end")
    return replace(state, wave=wave, forces=forces, counter=counter)


def support_needs(wave: WaveState, side: int) -> tuple[int, int]:
    """(damaged Support dice to repair, ☠ Battle dice to mend) after the Battle roll."""
    assert wave.battle is not None and wave.pools is not None
    return wave.battle.gear_banes[side] + commando_damaged(wave.pools[side]), wave.battle.banes[side]


def retreat_holds_back(state: MyzState) -> int | None:
    """The side that rolled more ☢ in this wave's Battle roll but can't win
    it (a Fighting Retreat), so nobody wins the wave; None otherwise."""
    wave = state.wave
    if wave is None or wave.battle is None or wave.resolution is None or state.forces is None:
        return None
    result = outcome(wave.battle.successes, wave.resolution.final, state.forces, state.rules)
    return result.leader if result.winner is None else None


def ending_lines(state: MyzState, names: Sequence[str], tr: Callable[..., str] = t) -> list[str]:
    """Why the battle is over, naming each force it happened to, and who
    holds the field (a side still standing when the other is not).
    ``names``: the sides' names as the reader should see them; ``tr``
    puts a message in the reader's language."""
    if state.forces is None:
        return [tr(f"myz.over.{key}") for key in state.ended]
    lines: list[str] = []
    out = [False, False]
    for side, force in enumerate(state.forces):
        for flag, key in ((force.surrendered, "surrendered"), (force.routed and not force.surrendered, "routed"), (force.escaped, "escaped"), (force.battle_level <= 0, "no_battle_dice")):
            if flag:
                lines.append(tr(f"myz.over_named.{key}", name=names[side]))
                out[side] = True
    lines += [tr(f"myz.over.{key}") for key in state.ended if key in ("null_battle", "truce")]
    if out.count(True) == 1 and not state.forces[out.index(False)].escaped:
        lines.append(tr("myz.over_named.holds", name=names[out.index(False)]))
    return lines or [tr(f"myz.over.{key}") for key in state.ended]


def _end_wave(state: MyzState, event: ev.EndWave) -> MyzState:
    if event.counter != state.counter:
        raise RollRecordError(t("error.record_counter", counter=event.counter, expected=state.counter))
    replay = FaceReplay(event.faces)
    state, _ = end_wave(state, replay, event.damaged, event.armour)
    replay.check_all_used()
    return state


def successor_needed(state: MyzState) -> int | None:
    """A side whose leader broke this wave and has no successor's roll yet."""
    wave = state.wave
    if state.stage != "wave" or wave is None or wave.phase != "next" or wave.end is None:
        return None
    return next((side for side in state.order if wave.end.broken_leaders[side] and wave.successors[side] is None), None)


def _next_in_command(state: MyzState, event: ev.NextInCommand) -> MyzState:
    wave = wave_of(state, "next")
    if successor_needed(state) != event.side:
        raise RuleViolation(t("myz.refuse.no_successor"))
    rules = state.rules
    forces = state.forces
    assert forces is not None  # a wave runs only once the muster set the forces
    force = forces[event.side]
    people = force.army.people
    if event.person is not None and (event.person >= len(people) or force.broken[event.person]):
        raise RuleViolation(t("myz.error.no_person", number=event.person + 1))
    check = event.check.model_copy(update={"person": event.person})
    validate_check(people, check, rules.retaliation.broken_leader_skills, rules, mutations=False)
    risk = wave.risk(event.side, event.person) if event.person is not None else 0
    result = evaluate(check, check_pool(people, check, risk, rules, rules.retaliation.broken_leader_modifier), yz_rules(state), rules)
    force = replace(force, leader=event.person, confused=force.confused or result.successes == 0)
    successors = list(wave.successors)
    successors[event.side] = result
    wave = replace(wave, successors=(successors[0], successors[1]))
    forces = with_force(forces, event.side, force)
    return replace(state, wave=wave, forces=forces, counter=state.counter + (1 if check.faces else 0))


def suggested_level(force: Force, lost: int, rules: MyzRuleset) -> int:
    """``force``'s Battle Level for the next wave if the ``lost`` fighters
    killed count too: one level per ``fighters_per_level``, rounded down (its
    ☠ dice are already discarded), and none once every fighter the army
    mustered is dead. The GM has the final say."""
    if force.army.fighters and not force.fighters:
        return 0
    return max(0, force.battle_level - lost // rules.battle_level.fighters_per_level)


def suggested_battle_levels(state: MyzState) -> tuple[int, int]:
    """:func:`suggested_level` for each side, from the wave just ended."""
    assert state.forces is not None
    wave = state.wave
    end = wave.end if wave is not None else None
    levels = [suggested_level(force, end.casualties[side].total if end is not None else 0, state.rules) for side, force in enumerate(state.forces)]
    return levels[0], levels[1]


def _next_wave(state: MyzState, event: ev.NextWave) -> MyzState:
    wave = wave_of(state)
    if wave.phase not in ("next", "truce"):
        raise RuleViolation(t("myz.refuse.phase", phase=t(f"myz.phase.{wave.phase}")))
    side = successor_needed(state)
    if side is not None:
        raise RuleViolation(t("myz.refuse.successor_first", name=state.names[side]))
    forces = state.forces
    assert forces is not None
    for side, level in sorted(event.battle_levels.items()):
        forces = with_force(forces, side, replace(forces[side], battle_level=level))
    if wave.phase == "truce" or wave.siege_lifted:
        # No End phase ran: the wave still passed. An Ark that was not
        # combat-ready becomes it (with its extra Battle Level), and the
        # strategy each leader chose is the one the next wave follows (a
        # Feinted Attack is "after another" only on the very next wave).
        assert wave.resolution is not None
        first, second = (
            become_combat_ready(replace(f, offensive_bonus=0, last_strategy=wave.resolution.chosen[i]), state.rules)
            for i, f in enumerate(forces)
        )
        forces = (first, second)
    # "All ◎ are discarded": the GM's special circumstances last one wave
    forces = (replace(forces[0], circumstances=0), replace(forces[1], circumstances=0))
    state = replace(state, forces=forces, wave=WaveState(number=wave.number + 1))
    ended = over_reasons(forces)
    if ended:
        return replace(state, stage="over", ended=ended)
    return replace(state, roller=roller_for_wave(state))


def _end_battle(state: MyzState, event: ev.EndBattle) -> MyzState:
    wave = wave_of(state)
    if wave.phase != "truce":
        raise RuleViolation(t("myz.refuse.end_battle"))
    return replace(state, stage="over", ended=("truce",))


def _adjust(state: MyzState, event: ev.Adjust) -> MyzState:
    if state.forces is None or state.stage == "muster":
        raise RuleViolation(t("myz.refuse.stage.muster"))
    force = state.forces[event.side]
    changes: dict[str, Any] = {}
    if event.battle_level is not None:
        changes["battle_level"] = event.battle_level
    if event.fighters is not None:
        changes["fighters"] = event.fighters
    if event.units is not None:
        known = {c.key for c in state.rules.special_classes.classes}
        unknown = [k for k in event.units if k not in known]
        if unknown:
            raise RuleViolation(t("myz.error.unknown", what=t("myz.word.class"), key=unknown[0], known=", ".join(sorted(known))))
        changes["units"] = dict(event.units)
    if event.confused is not None:
        changes["confused"] = event.confused
    if event.positions:
        people = list(force.army.people)
        for index, position in sorted(event.positions.items()):
            if index >= len(people):
                raise RuleViolation(t("myz.error.no_person", number=index + 1))
            if index == force.leader or people[index].position == "leader":
                raise RuleViolation(t("myz.error.leader_position", name=people[index].name))
            people[index] = people[index].model_copy(update={"position": position})
        changes["army"] = force.army.model_copy(update={"people": tuple(people)})
    forces = with_force(state.forces, event.side, replace(force, **changes))
    return replace(state, forces=forces)


HANDLERS: dict[type[Any], Callable[[MyzState, Any], MyzState]] = {
    ev.Support: _support,
    ev.EndWave: _end_wave,
    ev.NextInCommand: _next_in_command,
    ev.NextWave: _next_wave,
    ev.EndBattle: _end_battle,
    ev.Adjust: _adjust,
}


__all__ = ["HANDLERS", "ending_lines", "retreat_holds_back", "successor_needed", "suggested_battle_levels", "suggested_level", "support_needs"]
