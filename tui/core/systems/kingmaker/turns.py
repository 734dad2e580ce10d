"""Setup and the turn: the generals' opposed rolls, placing units one side
at a time, the five phases side by side, damage landing at the end of a
phase, a new turn with a new initiative roll, and the end of the battle."""

from __future__ import annotations

import math

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.systems.kingmaker.ambush import places_later
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.mat import Block
from tui.core.systems.kingmaker.rule_rows import formation
from tui.core.systems.kingmaker.morale import owed
from tui.core.systems.kingmaker.movement import may_run, moving_away, retreat_locked
from tui.core.systems.kingmaker.standing import fits, victory
from tui.core.systems.kingmaker.state import KMState, Roll
from tui.core.systems.kingmaker.rules import KingmakerRuleset


# -- opposed rolls ------------------------------------------------------------


def opposed_winner(state: KMState, rounds: tuple[tuple[int, ...], ...]) -> tuple[int, tuple[int, ...]]:
    """The side that wins the generals' opposed Profession (soldier) checks
    (rolled again while the best totals tie), and the last round's totals."""
    sides = state.fighting
    bonus = [g.commander.profession if (g := state.general(side)) is not None else 0 for side in sides]
    if not rounds:
        raise RuleViolation(t("km.rule.record_rounds"))
    for index, faces in enumerate(rounds):
        if len(faces) != len(sides) or not all(1 <= f <= state.rules.initiative.die for f in faces):
            raise RuleViolation(t("km.rule.record_rounds"))
        totals = tuple(f + b for f, b in zip(faces, bonus))
        leaders = [side for side, value in zip(sides, totals) if value == max(totals)]
        last = index == len(rounds) - 1
        if len(leaders) == 1 and last:
            return leaders[0], totals
        if len(leaders) == 1 or last:
            raise RuleViolation(t("km.rule.record_rounds"))
    raise AssertionError("unreachable")


def setup_roll(state: KMState, event: ev.SetupRoll) -> KMState:
    if state.stage != "muster":
        raise RuleViolation(t("km.rule.setup_started"))
    if len(state.fighting) < 2:
        raise RuleViolation(t("km.rule.two_sides"))
    _counter(state, event.counter)
    winner, totals = opposed_winner(state, event.rounds)
    rolled = replace(
        state, stage="setup", roll_winner=winner, first=None, acting=0, counter=state.counter + len(event.rounds),
        last_roll=Roll("setup", str(winner), event.rounds[-1], max(totals)),
    )
    return _told_roll(rolled, "km.note.setup_roll", winner, totals)


def first_side(state: KMState, event: ev.FirstSide) -> KMState:
    if state.stage not in ("setup", "battle") or state.roll_winner is None or state.first is not None:
        raise RuleViolation(t("km.rule.no_choice_now"))
    if event.side not in state.fighting:
        raise RuleViolation(t("km.rule.no_side", side=event.side + 1, count=len(state.sides)))
    chosen = replace(state, first=event.side, acting=0)
    if state.stage == "setup":
        chosen = replace(chosen, acting=_next_placer(chosen, -1))
        key = "km.note.places_first_self" if event.side == state.roll_winner else "km.note.places_first"
        return chosen.with_note(key, side=event.side, chooser=state.roll_winner)
    key = "km.note.acts_first_self" if event.side == state.roll_winner else "km.note.acts_first"
    return chosen.with_note(key, side=event.side, chooser=state.roll_winner, turn=state.turn)


def _next_placer(state: KMState, after: int) -> int:
    """The next side in order (after index ``after``) with an army to place."""
    order = state.order
    for step in range(1, len(order) + 1):
        index = (after + step) % len(order)
        side = order[index]
        # a side whose ambush worked places after everyone else
        if not places_later(state, side) and any(a.side == side and state.unit(a.key).block is None for a in state.armies):
            return index
    return len(order)


def place(state: KMState, event: ev.Place) -> KMState:
    if state.stage != "setup" or state.first is None:
        raise RuleViolation(t("km.rule.not_placing"))
    army = state.army(event.key)
    if army.side != state.side_acting:
        raise RuleViolation(t("km.rule.not_your_place", side=state.sides[state.side_acting or 0]))
    if state.unit(event.key).block is not None:
        raise RuleViolation(t("km.rule.placed_already", name=army.name))
    size = state.derived[event.key].size
    shape = event.formation or size.formations[0]
    if shape not in size.formations:
        raise RuleViolation(t("km.rule.formation", size=size.name(language()), formations=", ".join(size.formations)))
    frontage, depth = formation(shape)
    block = Block(event.x, event.y, frontage, depth, event.facing)
    fits(state, event.key, block)
    limit = state.rules.mat.setup_distance
    for key, other in state.blocks().items():
        if state.army(key).side != army.side and block.distance(other) <= limit:
            raise RuleViolation(t("km.rule.too_close", name=state.army(key).name, most=limit))
    placed = state.with_unit(event.key, replace(state.unit(event.key), block=block))
    nxt = _next_placer(placed, placed.acting)
    placed = replace(placed, acting=nxt).with_note("km.note.placed", name=army.name, x=event.x, y=event.y)
    if nxt >= len(placed.order):
        return _begin_turn(replace(placed, stage="battle", turn=0)).with_note("km.note.battle_begins")
    return placed




# -- the turn -------------------------------------------------------------------


def _begin_turn(state: KMState) -> KMState:
    """A new turn: its initiative is rolled next; what units did last turn is forgotten."""
    units = []
    for key, unit in state.units:
        standing, turns = unit.standing, unit.standing_turns
        if standing in ("retreat", "flee"):
            turns += 1
            lasts = next(s.lasts for s in state.rules.morale.states if s.key == standing)
            if lasts and turns > lasts:
                standing, turns = "ready", 0
        units.append((key, replace(
            unit, standing=standing, standing_turns=turns, spent=0, diagonals=0, turned=0, command=None, tried=(),
            moved=False, started_melee=False, engaged=False, shots=0, blows=(), flanked=False, rear=False, hacked_by=(),
        )))
    phases = state.rules.turn.phases
    return replace(
        state, units=tuple(units), turn=state.turn + 1, phase=phases[0], acting=0, first=None, roll_winner=None,
        phase_count=state.phase_count + 1,
    ).with_note("km.note.turn", turn=state.turn + 1)


def initiative(state: KMState, event: ev.Initiative) -> KMState:
    if state.stage != "battle" or state.roll_winner is not None or state.first is not None:
        raise RuleViolation(t("km.rule.initiative_rolled"))
    _counter(state, event.counter)
    winner, totals = opposed_winner(state, event.rounds)
    rolled = replace(state, roll_winner=winner, counter=state.counter + len(event.rounds), last_roll=Roll("initiative", str(winner), event.rounds[-1], max(totals)))
    return _told_roll(rolled, "km.note.initiative", winner, totals)




def end_step(state: KMState, event: ev.EndStep) -> KMState:
    if state.stage != "battle" or state.first is None:
        raise RuleViolation(t("km.rule.initiative_first"))
    if state.phase == "morale":
        for army in state.on_field(state.side_acting):
            if owed(state, army.key) is not None:
                raise RuleViolation(t("km.rule.check_owed", name=army.name))
    if state.phase == "movement":
        for army in state.on_field(state.side_acting):
            unit = state.unit(army.key)
            if retreat_locked(state, army.key):
                if "command" not in unit.tried:  # it must try to Withdraw; failing, it stays locked
                    raise RuleViolation(t("km.rule.must_withdraw", name=army.name))
                continue
            if moving_away(state, army.key) and not unit.spent and may_run(state, army.key):
                raise RuleViolation(t(f"km.rule.must_run_{unit.standing}", name=army.name))
        # Where each unit of the side ended its move, for the story and the report.
        for army in state.on_field(state.side_acting):
            unit = state.unit(army.key)
            if unit.moved and unit.block is not None:
                state = state.with_note("km.note.moved", name=army.name, square=unit.block.front_text, facing=unit.block.facing)
    if state.acting + 1 < len(state.order):
        return replace(state, acting=state.acting + 1)
    ended = land_damage(state) if state.phase != "morale" else state
    ended = victory(ended)
    if ended.stage != "battle":
        return ended
    phases = state.rules.turn.phases
    at = phases.index(state.phase)
    if at + 1 < len(phases):
        nxt = phases[at + 1]
        units = tuple((k, replace(u, blows=())) for k, u in ended.units)
        return replace(ended, phase=nxt, acting=0, phase_count=ended.phase_count + 1, units=units).with_note(f"km.note.phase_{nxt}")
    return _begin_turn(ended)


def land_damage(state: KMState) -> KMState:
    """The phase's damage lands; a unit at 0 hp is defeated. A sandstorm
    hurts every army in the Ranged and Melee phases."""
    storm = sum(state.rules.condition(c).damage_per_phase for c in state.conditions) if state.phase in ("ranged", "melee") else 0
    for army in state.on_field():
        unit = state.unit(army.key)
        hurt = unit.pending + storm
        if not hurt:
            continue
        unit = replace(unit, damage=unit.damage + hurt, pending=0)
        state = state.with_unit(army.key, unit)
        state = state.with_note("km.note.damage", name=army.name, damage=hurt, hp=state.hp(army.key))
        if state.hp(army.key) == 0:
            state = state.with_unit(army.key, replace(unit, standing="defeated")).with_note("km.note.defeated", name=army.name)
    return state




def aftermath_morale(rules: KingmakerRuleset, standing: str, won: bool) -> int:
    """The change the aftermath makes to a surviving army's Morale."""
    if standing in ("rout", "fled"):
        return rules.aftermath.routed_morale
    return rules.aftermath.victory_morale if won else rules.aftermath.defeat_morale


def aftermath(state: KMState, event: ev.Aftermath) -> KMState:
    """Morale +1 for the victors' armies, -1 for the losers' (Kingmaker) and
    for any that routed or fled (Ultimate Campaign);
    survivors below their ACR in hp back up to it; each destroyed army's NPC
    commander killed, captured or escaped on d100 (Ultimate Campaign)."""
    if state.stage != "over" or state.aftermath_done:
        raise RuleViolation(t("km.rule.not_over"))
    _counter(state, event.counter)
    rules = state.rules
    fallen = tuple(a.key for a in state.armies if state.unit(a.key).standing == "defeated" and a.commander.name and a.commander.kind == "npc")
    if tuple(key for key, _ in event.fates) != fallen:
        raise RuleViolation(t("km.rule.record_fates"))
    armies = []
    for army in state.armies:
        unit = state.unit(army.key)
        if unit.standing == "defeated":
            armies.append(army)
            continue
        change = aftermath_morale(rules, unit.standing, army.side == state.winner)
        morale = max(rules.armies.morale_min, min(rules.armies.morale_max, army.morale + change))
        armies.append(army.model_copy(update={"morale": morale}))
        state = state.with_note("km.note.morale_after", name=army.name, morale=morale, change=change)
        if army.morale + change <= rules.armies.disbands_at:
            # Ultimate Campaign: "reduced to -5 or lower, the army disbands or deserts"
            state = state.with_note("km.note.disbands", name=army.name, morale=army.morale + change)
        floor_hp = math.floor(state.derived[army.key].acr)
        if rules.aftermath.heal_to_acr and state.hp(army.key) < floor_hp:
            state = state.with_unit(army.key, replace(unit, damage=state.derived[army.key].hp.total - floor_hp))
            state = state.with_note("km.note.healed_to_acr", name=army.name, hp=floor_hp)
    for army in state.armies:
        standing = state.unit(army.key).standing
        if standing == "defeated":
            economy, loyalty, stability = state.derived[army.key].size.defeat
            if economy or loyalty or stability:
                state = state.with_note("km.note.kingdom_loss", name=army.name, side=army.side, economy=economy, loyalty=loyalty, stability=stability)
            if army.commander.name and army.commander.kind == "pc":
                state = state.with_note("km.note.commander_pc", name=army.commander.name, army=army.name)
        elif standing in ("rout", "fled"):
            state = state.with_note("km.note.routed_refuses", name=army.name)
        elif army.side == state.winner:
            state = state.with_note("km.note.may_learn", name=army.name)
    for key, roll in event.fates:
        fate = next(f for f in rules.aftermath.commander_fate if roll <= f.up_to)
        state = state.with_note(f"km.note.commander_{fate.key}", name=state.army(key).commander.name, army=state.army(key).name, roll=roll)
    return replace(state, armies=tuple(armies), aftermath_done=True, counter=state.counter + 1)


def _told_roll(state: KMState, key: str, winner: int, totals: tuple[int, ...]) -> KMState:
    """The generals' roll in the story, naming the winning general where the commander has a name."""
    general = state.general(winner)
    name = general.commander.name if general is not None else ""
    if name:
        return state.with_note(f"{key}_general", side=winner, general=name, total=max(totals), against=_others(totals))
    return state.with_note(key, side=winner, total=max(totals), against=_others(totals))


def _others(totals: tuple[int, ...]) -> str:
    """The losing generals' totals: ``12`` or ``12, 9``."""
    ranked = sorted(totals, reverse=True)
    return ", ".join(str(total) for total in ranked[1:])


def _counter(state: KMState, counter: int) -> None:
    if counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=counter, expected=state.counter))


__all__ = ["aftermath", "aftermath_morale", "end_step", "first_side", "initiative", "land_damage", "opposed_winner", "place", "setup_roll"]
