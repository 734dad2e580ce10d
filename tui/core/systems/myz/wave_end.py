"""The End phase: casualties, Retaliation, the Ark project die, and each
side as the next wave finds it (Support dice lost, fighters and Battle
Level down, conditions, a siege lifted or surrendered); and the reasons
the battle is over.

"The Mass Combat ends when all opposing factions routed, escaped the
battlefield, or have no ✘ left."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.myz import fixes
from tui.core.systems.myz.end_phase import Dice, EndReport, Outcome, casualties, outcome, retaliate
from tui.core.systems.myz.support_loss import lose_support, picks_fit, support_choice
from tui.core.systems.myz.engine import wave_of
from tui.core.systems.myz.events import EndWave
from tui.core.systems.myz.forces import Force, become_combat_ready, besieged, has_shelter
from tui.core.systems.myz.pool import PoolLine, commando_damaged
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState, WaveState


def remaining_damage(wave: WaveState, side: int) -> tuple[int, int]:
    """(☠, gear banes) still showing after the Support phase."""
    assert wave.battle is not None and wave.pools is not None
    record = wave.support[side]
    mended = record.mended if record is not None else 0
    repaired = record.repaired if record is not None else 0
    banes = wave.battle.banes[side] - mended
    gear = wave.battle.gear_banes[side] + commando_damaged(wave.pools[side]) - repaired
    return max(0, banes), max(0, gear)


def end_wave(state: MyzState, dice: Dice, damaged: dict[int, tuple[str, ...]] | None = None, armour: str | None = None) -> tuple[MyzState, EndReport]:
    """Everything the End phase rolls and decides, drawing from ``dice``;
    ``damaged`` holds the opponent's choice of lost Support dice per side;
    ``armour`` how armour works ("rolled" or "flat"; None: as the ruleset says).
    The dice are drawn in one order (casualties, Retaliation, the Ark
    project die), so a saved End phase replays the same."""
    wave = wave_of(state, "end")
    rules = state.rules
    forces = state.forces
    assert forces is not None and wave.battle is not None and wave.resolution is not None and wave.pools is not None
    strategies = wave.resolution.final
    result = outcome(wave.battle.successes, strategies, forces, rules)
    damage = [remaining_damage(wave, side) for side in (0, 1)]
    losses = tuple(casualties(side, result, strategies, *damage[side], rules, dice) for side in (0, 1))
    conditions, routed = _margin_conditions(result, strategies, rules)
    picks = _support_picks(state, damaged)
    # "The opposing faction has at least one Artillery unit left": left after
    # this wave's unrepaired damage, not as it stood before the Battle roll.
    earlier = _earlier_reading(state)
    left = [_left_after_wave(forces[side], damage[side], wave.pools[side].lines, rules, picks[side], earlier) for side in (0, 1)]
    retaliation = []
    new_forces = list(forces)
    for side in (0, 1):
        reports, new_forces[side] = retaliate(side, new_forces[side], left[1 - side], wave, result, routed[side], state.battlefield, rules, dice, armour or rules.retaliation.armour)
        retaliation.append(reports)
    ark_roll = _ark_project_die(new_forces, result, rules, dice)
    changes: list[list[tuple[str, str]]] = [[], []]
    siege_lifted = False
    for side in (0, 1):
        side_end = _side_after_wave(state, wave, side, new_forces[side], damage[side], losses[side].total, conditions[side], routed[side], result, picks[side])
        new_forces[side], changes[side] = side_end.force, side_end.changes
        siege_lifted = siege_lifted or side_end.siege_lifted
    after = (new_forces[0], new_forces[1])
    report = EndReport(
        wave=wave.number,
        strategies=strategies,
        outcome=result,
        casualties=(losses[0], losses[1]),
        retaliation=(retaliation[0], retaliation[1]),
        ark_roll=ark_roll,
        conditions=(tuple(conditions[0]), tuple(conditions[1])),
        changes=(tuple(changes[0]), tuple(changes[1])),
        before=forces,
        after=after,
        broken_leaders=(_leader_broke(forces[0], after[0]), _leader_broke(forces[1], after[1])),
        siege_lifted=siege_lifted,
    )
    field_ = state.battlefield.model_copy(update={"siege": None}) if siege_lifted else state.battlefield
    ended = over_reasons(after)
    wave = replace(wave, end=report, phase="next")
    state = replace(state, forces=after, wave=wave, reports=state.reports + (report,), battlefield=field_, counter=state.counter + 1)
    if ended:
        state = replace(state, stage="over", ended=ended)
    return state, report


def _margin_conditions(result: Outcome, strategies: tuple[str, str], rules: MyzRuleset) -> tuple[list[list[str]], list[bool]]:
    """What the margin table does to the loser (confused, routed, its leader
    captured) and which side escapes by its strategy."""
    conditions: list[list[str]] = [[], []]
    routed = [False, False]
    if result.winner is not None:
        loser = 1 - result.winner
        row = rules.margin_row(result.margin)
        if row.loser_confused:
            conditions[loser].append("confused")
        if row.loser_routs:
            routed[loser] = True
            conditions[loser].append("routed")
        if row.loser_leader_captured:
            conditions[loser].append("leader_captured")
    for side in (0, 1):
        strategy = rules.strategy(strategies[side])
        if strategy.escapes == "always" or (strategy.escapes == "win_or_tie" and (result.leader is None or result.leader == side)):
            conditions[side].append("escaped")
    return conditions, routed


def _support_picks(state: MyzState, damaged: dict[int, tuple[str, ...]] | None) -> list[tuple[str, ...]]:
    """The opponent's choice of lost Support dice per side, checked against
    what each side may lose."""
    picks = [tuple((damaged or {}).get(side, ())) for side in (0, 1)]
    for side in (0, 1):
        count, candidates = damaged_support_choice(state, side)
        if not picks_fit(picks[side], count, candidates):
            wrong = [p for p in picks[side] if p not in candidates]
            raise RuleViolation(t("myz.refuse.support_pick", key=(wrong or picks[side])[0], name=state.names[side]))
    return picks


def _ark_project_die(forces: list[Force], result: Outcome, rules: MyzRuleset, dice: Dice) -> tuple[int, int, str | None] | None:
    """A faction defending its Ark that lost the wave rolls for its projects:
    on the loss face one of them, drawn at random, is gone (``forces`` changes)."""
    ark_roll = None
    for side in (0, 1):
        force = forces[side]
        if force.army.defends_ark and result.lost(side) and force.ark_projects:
            face = dice.randint(1, rules.dice.sides)
            gone = None
            if face == rules.ark.project_loss_face:
                gone = force.ark_projects[dice.randint(1, len(force.ark_projects)) - 1]
                forces[side] = replace(force, ark_projects=tuple(p for p in force.ark_projects if p != gone), damaged_projects=tuple(p for p in force.damaged_projects if p != gone))
            ark_roll = (side, face, gone)
    return ark_roll


@dataclass(frozen=True)
class _SideEnd:
    force: Force
    changes: list[tuple[str, str]]
    siege_lifted: bool


def _side_after_wave(state: MyzState, wave: WaveState, side: int, force: Force, damage: tuple[int, int], lost_fighters: int, conditions: list[str], routed: bool, result: Outcome, picks: tuple[str, ...]) -> _SideEnd:
    """One side as the next wave finds it: Support dice lost, fighters and
    Battle Level down, the strategy's bonus, its conditions (a besieged
    side's rout is a surrender, its escape lifts the siege), combat-ready
    again. ``conditions`` gains what the siege turns them into."""
    rules = state.rules
    assert wave.resolution is not None and wave.pools is not None
    strategy = rules.strategy(wave.resolution.final[side])
    banes, gear = damage
    force, lost = lose_support(force, gear, *_support_sources(wave.pools[side].lines), rules, picks, _earlier_reading(state))
    changes = list(lost)
    fighters = max(0, force.fighters - lost_fighters)
    if lost_fighters and force.fighters:
        changes.append(("myz.change.fighters", f"{force.fighters} → {fighters}"))
    elif lost_fighters:
        changes.append(("myz.change.fighters_lost", str(lost_fighters)))
    level = max(0, force.battle_level - banes)
    # ☠ dice are discarded from the combat-ready die last: it stands for alertness, not fighters
    ready_bonus = min(force.ready_bonus, level)
    if banes:
        changes.append(("myz.change.battle_level", f"{force.battle_level} → {level}"))
    bonus = rules.strategy_rules.offensive_win_strategy_dice if result.winner == side and strategy.category == "offensive" else 0
    if bonus:
        changes.append(("myz.change.offensive_bonus", str(bonus)))
    if not force.combat_ready:
        changes.append(("myz.change.combat_ready", ""))
    escaped = "escaped" in conditions
    surrendered = siege_lifted = False
    if besieged(side, state.battlefield):
        shelter = has_shelter(force, rules)
        if routed and rules.siege.rout_is_surrender and not shelter:
            surrendered = True
            conditions.append("surrendered")
        if escaped and not shelter:
            # "it ends the siege and starts a new ordinary battle outside the walls"
            escaped = False
            siege_lifted = True
            conditions.remove("escaped")
            conditions.append("siege_lifted")
            force = replace(force, fortification_dice=0)
    force = replace(
        force,
        fighters=fighters,
        battle_level=level,
        ready_bonus=ready_bonus,
        confused=force.confused or "confused" in conditions,
        routed=force.routed or routed,
        escaped=force.escaped or escaped,
        surrendered=force.surrendered or surrendered,
        leader_captured=force.leader_captured or "leader_captured" in conditions,
        feints=force.feints + (1 if strategy.repeat_margin_bonus is not None else 0),
        last_strategy=strategy.key,
        offensive_bonus=bonus,
    )
    return _SideEnd(become_combat_ready(force, rules), changes, siege_lifted)


def _leader_broke(before: Force, after: Force) -> bool:
    """The leader was broken in this wave (not before it)."""
    leader = after.leader
    return leader is not None and after.broken[leader] and not before.broken[leader]


def _left_after_wave(force: Force, damage: tuple[int, int], lines: Sequence[PoolLine], rules: MyzRuleset, picks: tuple[str, ...], earlier: bool) -> Force:
    """``force`` with the ☠ and gear banes still showing taken out."""
    banes, gear = damage
    force, _ = lose_support(force, gear, *_support_sources(lines), rules, picks, earlier)
    return replace(force, battle_level=max(0, force.battle_level - banes))


def _support_sources(lines: Sequence[PoolLine]) -> tuple[list[str], list[str]]:
    """The pool's sources and its special classes, in pool order."""
    return [line.source for line in lines], [line.detail for line in lines if line.source == "special_class"]


def damaged_support_choice(state: MyzState, side: int) -> tuple[int, tuple[str, ...]]:
    """How many of ``side``'s damaged Support dice the opponent picks in this
    End phase, and from which Ark projects and special classes."""
    wave = wave_of(state, "end")
    assert state.forces is not None and wave.pools is not None
    _, gear = remaining_damage(wave, side)
    return support_choice(state.forces[side], gear, *_support_sources(wave.pools[side].lines), state.rules, _earlier_reading(state))


def _earlier_reading(state: MyzState) -> bool:
    """A step replayed as played before Arsenal was damaged like a fortification."""
    return fixes.ARSENAL_LIKE_FORTIFICATION not in state.mended


def arsenal_destroyed(state: MyzState, event: object) -> bool:
    """An End phase in which the earlier reading destroyed an Ark project for
    a damaged Support die (``fixes.ARSENAL_LIKE_FORTIFICATION``)."""
    if not isinstance(event, EndWave) or state.wave is None or state.wave.phase != "end" or state.forces is None or state.wave.pools is None:
        return False
    for side in (0, 1):
        _, gear = remaining_damage(state.wave, side)
        picks = tuple((event.damaged or {}).get(side, ()))
        _, changes = lose_support(state.forces[side], gear, *_support_sources(state.wave.pools[side].lines), state.rules, picks, True)
        if any(key == "myz.change.project" for key, _ in changes):
            return True
    return False


def over_reasons(forces: tuple[Force, Force]) -> tuple[str, ...]:
    reasons = []
    for force in forces:
        for flag, key in ((force.surrendered, "surrendered"), (force.routed and not force.surrendered, "routed"), (force.escaped, "escaped"), (force.battle_level <= 0, "no_battle_dice")):
            if flag and key not in reasons:
                reasons.append(key)
    return tuple(reasons)


__all__ = ["arsenal_destroyed", "damaged_support_choice", "end_wave", "over_reasons", "remaining_damage"]
