"""The End phase: margin of victory, casualties, Retaliation, the Ark
project roll, and what the next wave starts from.

Every die is drawn from ``dice`` (a random stream when the GM rolls, the
stored faces on replay) in a fixed order: each side's casualty dice, then
each PC's Retaliation (and armour) dice, then the Ark project roll.

Casualties (the text leaves the order open; RULES-NOTES: keep it, mark it
assumed, show it): 2D6 per ☠ and 1D6 per gear bane still showing, plus the
margin row's dice and the enemy's strategy bonus dice, minus the own
strategy's reduction dice; then the adjustments in the ruleset's
``casualties.order`` (doubled for Total Attack/Defense, halved by the
enemy's Fighting Retreat, nothing at all against a Full Retreat); never
below 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tui.core.frozen import replace
from tui.core.systems.myz.army import Battlefield
from tui.core.systems.myz.forces import Force, besieged, has_shelter, unit_counts
from tui.core.systems.myz.rules import MyzRuleset

if TYPE_CHECKING:
    from tui.core.systems.myz.state import WaveState


class Dice(Protocol):
    def randint(self, low: int, high: int) -> int: ...


@dataclass(frozen=True)
class Outcome:
    """Who won the Battle roll and by how much, strategy effects included."""

    successes: tuple[int, int]
    leader: int | None
    """The side with more ☢ (None on a tie)."""
    winner: int | None
    """The wave's winner: the leader unless its strategy cannot win."""
    raw_margin: int
    margin_steps: tuple[tuple[str, int], ...]
    """(catalog key, margin after the step), after the raw margin."""
    margin: int
    row: str

    def lost(self, side: int) -> bool:
        return self.winner is not None and self.winner != side


@dataclass(frozen=True)
class CasualtyStep:
    key: str
    dice: tuple[int, ...] = ()
    total: int = 0
    """The running total after this step."""
    detail: str = ""


@dataclass(frozen=True)
class CasualtyReport:
    side: int
    steps: tuple[CasualtyStep, ...]
    total: int
    banes: int
    gear_banes: int


@dataclass(frozen=True)
class RetaliationReport:
    side: int
    person: int
    factors: tuple[str, ...]
    dice: int
    faces: tuple[int, ...]
    successes: int
    armour: int
    """The Armor Rating."""
    reduction: int
    damage: int
    helped: int | None = None
    """Only helped this person: takes the same damage, rolls nothing."""
    broken: bool = False
    armour_faces: tuple[int, ...] | None = None
    """The armour dice rolled (None: the rating was subtracted flat)."""
    stopped: int = 0
    """Damage the armour stopped."""


@dataclass(frozen=True)
class EndReport:
    wave: int
    strategies: tuple[str, str]
    outcome: Outcome
    casualties: tuple[CasualtyReport, CasualtyReport]
    retaliation: tuple[tuple[RetaliationReport, ...], tuple[RetaliationReport, ...]]
    ark_roll: tuple[int, int, str | None] | None
    """(side, face, project destroyed or None)."""
    conditions: tuple[tuple[str, ...], tuple[str, ...]]
    """Conditions each side gained (catalog keys under ``myz.condition.``)."""
    changes: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    """What changes next wave: (catalog key, detail)."""
    before: tuple[Force, Force]
    after: tuple[Force, Force]
    broken_leaders: tuple[bool, bool] = (False, False)
    siege_lifted: bool = False


def outcome(successes: tuple[int, int], strategies: tuple[str, str], forces: tuple[Force, Force], rules: MyzRuleset) -> Outcome:
    a, b = successes
    leader = None if a == b else (0 if a > b else 1)
    winner = leader
    raw = abs(a - b)
    steps: list[tuple[str, int]] = []
    margin = raw
    if leader is not None:
        strategy = rules.strategy(strategies[leader])
        if strategy.cannot_win:
            winner, margin = None, 0
            steps.append(("myz.margin.cannot_win", margin))
        else:
            if strategy.margin_multiplier != 1:
                if strategy.repeat_margin_bonus is not None and forces[leader].feints > 0:
                    margin += strategy.repeat_margin_bonus
                    steps.append(("myz.margin.repeat_bonus", margin))
                else:
                    margin *= strategy.margin_multiplier
                    steps.append(("myz.margin.multiplied", margin))
            if strategy.margin_divisor != 1:
                margin //= strategy.margin_divisor
                steps.append(("myz.margin.divided", margin))
    return Outcome(successes, leader, winner, raw, tuple(steps), margin, rules.margin_row(margin).key)


def _d6s(dice: Dice, count: int, sides: int) -> tuple[int, ...]:
    return tuple(dice.randint(1, sides) for _ in range(count))


def casualties(side: int, result: Outcome, strategies: tuple[str, str], banes: int, gear_banes: int, rules: MyzRuleset, dice: Dice) -> CasualtyReport:
    table = rules.casualties
    own = rules.strategy(strategies[side])
    enemy = rules.strategy(strategies[1 - side])
    row = rules.margin_row(result.margin)
    steps: list[CasualtyStep] = []
    total = 0

    def add(key: str, count: int, sign: int = 1, detail: str = "") -> None:
        nonlocal total
        if count <= 0:
            return
        faces = _d6s(dice, count, table.die_sides)
        total += sign * sum(faces)
        steps.append(CasualtyStep(key, faces, total, detail))

    add("myz.casualty.banes", banes * table.dice_per_bane, detail=str(banes))
    add("myz.casualty.gear_banes", gear_banes * table.dice_per_gear_bane, detail=str(gear_banes))
    if result.winner is None:
        add("myz.casualty.margin", row.loser_casualty_dice, detail=row.key)
    elif result.winner == side:
        add("myz.casualty.margin", row.winner_casualty_dice, detail=row.key)
    else:
        add("myz.casualty.margin", row.loser_casualty_dice, detail=row.key)
    enemy_won = result.winner == 1 - side
    tie = result.leader is None
    if enemy.win_enemy_casualty_dice and enemy_won:
        add("myz.casualty.enemy_strategy", enemy.win_enemy_casualty_dice, detail=enemy.key)
    if enemy.win_or_tie_enemy_casualty_dice and (enemy_won or tie):
        add("myz.casualty.enemy_strategy", enemy.win_or_tie_enemy_casualty_dice, detail=enemy.key)
    if own.own_casualty_dice < 0:
        add("myz.casualty.own_strategy", -own.own_casualty_dice, sign=-1, detail=own.key)
    elif own.own_casualty_dice > 0:
        add("myz.casualty.own_strategy", own.own_casualty_dice, detail=own.key)
    for adjustment in table.order:  # the text gives no order: the ruleset's (assumed)
        if adjustment == "multiply" and own.own_casualty_multiplier != 1:
            total *= own.own_casualty_multiplier
            steps.append(CasualtyStep("myz.casualty.multiplied", (), total, own.key))
        elif adjustment == "divide" and enemy.enemy_casualty_divisor != 1:
            total = max(0, total) // enemy.enemy_casualty_divisor
            steps.append(CasualtyStep("myz.casualty.divided", (), total, enemy.key))
        elif adjustment == "none" and enemy.enemy_no_casualties:
            total = 0
            steps.append(CasualtyStep("myz.casualty.none", (), total, enemy.key))
    if total < 0:
        total = 0
        steps.append(CasualtyStep("myz.casualty.floor", (), total))
    return CasualtyReport(side, tuple(steps), total, banes, gear_banes)


def retaliation_factors(side: int, person: int, result: Outcome, routed: bool, commando_people: frozenset[int], enemy: Force, enemy_side: int, field_: Battlefield, rules: MyzRuleset) -> tuple[str, ...]:
    keys = []
    for factor in rules.retaliation.factors:
        applies = {
            "commando": person in commando_people,
            "lost": result.lost(side),
            "routed": routed,
            "enemy_artillery": unit_counts(enemy, enemy_side, field_, rules).get("artillery", 0) > 0,
        }.get(factor.key, False)
        if applies:
            keys.append(factor.key)
    return tuple(keys)


def retaliate(
    side: int, force: Force, enemy: Force, wave: "WaveState", result: Outcome, routed: bool, field_: Battlefield, rules: MyzRuleset, dice: Dice, armour: str = "rolled"
) -> tuple[tuple[RetaliationReport, ...], Force]:
    """Each PC who took part rolls (6 + Risk + factors) Battle dice; helpers
    share the helped PC's damage. A PC who is hit rolls one die per point of
    armour, each ☢ stopping one damage (``armour="flat"``: the rating is
    subtracted)."""
    people = force.army.people
    acted, helped_by, commando = _participation(side, wave)
    table = rules.retaliation
    reports: dict[int, RetaliationReport] = {}
    sides = rules.dice.sides
    for index, person in enumerate(people):
        # The leader commands the battle: helping someone is not "only helping".
        only_helped = index in helped_by and index not in acted and index != force.leader
        if not person.pc or not force.person_active(index) or only_helped:
            continue
        factors = retaliation_factors(side, index, result, routed, commando, enemy, 1 - side, field_, rules)
        extra = sum(f.dice for f in table.factors if f.key in factors)
        count = max(0, table.base_dice + wave.risk(side, index) + extra)
        faces = _d6s(dice, count, sides)
        hits = sum(1 for f in faces if f == rules.dice.success_face)
        armour_faces: tuple[int, ...] | None = None
        if armour == "flat":
            stopped = person.armour
        else:
            armour_faces = _d6s(dice, person.armour, sides) if hits else ()
            stopped = sum(1 for f in armour_faces if f == rules.dice.success_face)
        # Shelter's whole row begins "If the Ark is besieged": no siege, no −1
        sheltered = index == force.leader and besieged(side, field_) and has_shelter(force, rules)
        reduction = table.shelter_leader_damage_reduction if sheltered else 0
        damage = max(0, hits * table.damage_per_success - stopped - reduction)
        reports[index] = RetaliationReport(side, index, factors, count, faces, hits, person.armour, reduction, damage, armour_faces=armour_faces, stopped=stopped)
    for helper, target in helped_by.items():
        if helper in reports or not people[helper].pc or not force.person_active(helper):
            continue
        source = reports.get(target)
        damage = source.damage if source is not None else 0
        reports[helper] = RetaliationReport(side, helper, (), 0, (), 0, 0, 0, damage, helped=target)
    damages, broken = list(force.damage), list(force.broken)
    ordered = []
    for index in sorted(reports):
        report = reports[index]
        damages[index] += report.damage
        now_broken = not broken[index] and damages[index] >= people[index].strength
        broken[index] = broken[index] or now_broken
        ordered.append(replace(report, broken=now_broken))
    return tuple(ordered), replace(force, damage=tuple(damages), broken=tuple(broken))


def _participation(side: int, wave: "WaveState") -> tuple[set[int], dict[int, int], frozenset[int]]:
    """Who rolled a check this wave, who only helped (and whom), who was in a commando."""
    acted: set[int] = set()
    helped_by: dict[int, int] = {}
    commando: set[int] = set()
    results = []
    action = wave.actions[side]
    if action is not None and action.result is not None:
        results.append(action.result)
        if action.effect.commando:
            check = action.result.check
            commando.update(i for i in [check.person, *check.helpers] if i is not None)
    support = wave.support[side]
    if support is not None:
        results += [r for r in (support.repair, support.mend, support.rally) if r is not None]
    for result in results:
        if result.check.person is not None:
            acted.add(result.check.person)
            for helper in result.check.helpers:
                helped_by.setdefault(helper, result.check.person)
    return acted, helped_by, frozenset(commando)


__all__ = ["CasualtyReport", "CasualtyStep", "Dice", "EndReport", "Outcome", "RetaliationReport", "casualties", "outcome", "retaliate"]
