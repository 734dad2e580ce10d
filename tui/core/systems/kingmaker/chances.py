"""Exact chances shown before every roll: an attack's chance to hit and
the distribution of the damage its attacks deal together, and a Morale
check's chance to pass (or, at a threshold, to hold, retreat, flee or rout).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tui.core.dice.d20 import AttackRules
from tui.core.systems.kingmaker.combat import Setup, damage
from tui.core.systems.kingmaker.morale import Purpose, failing, morale_bonus, never_fails
from tui.core.systems.kingmaker.rules import KingmakerRuleset
from tui.core.systems.kingmaker.state import KMState


@dataclass(frozen=True)
class AttackChances:
    hit: Fraction
    """One attack's chance to deal damage."""
    damage: dict[int, Fraction]
    """Total damage of all the attacks, value → chance."""

    @property
    def expected(self) -> Fraction:
        return sum((Fraction(v) * p for v, p in self.damage.items()), Fraction(0))


def one_attack(setup: Setup, rules: KingmakerRuleset) -> dict[int, Fraction]:
    attack = AttackRules.from_ruleset(rules)
    die = rules.attack.die
    found: dict[int, Fraction] = {}
    for face in range(1, die + 1):
        dealt, _ = damage(face, setup, attack)
        found[dealt] = found.get(dealt, Fraction(0)) + Fraction(1, die)
    return found


def attack_chances(setup: Setup, rules: KingmakerRuleset, count: int) -> AttackChances:
    single = one_attack(setup, rules)
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for have, p in total.items():
            for add, q in single.items():
                nxt[have + add] = nxt.get(have + add, Fraction(0)) + p * q
        total = nxt
    hit = sum((p for v, p in single.items() if v > 0), Fraction(0))
    return AttackChances(hit, dict(sorted(total.items())))


def check_chance(state: KMState, key: str, dc: int, purpose: Purpose = "check") -> Fraction:
    """The chance a Morale check of d20 + the unit's bonus meets ``dc``."""
    if never_fails(state, key, purpose):
        return Fraction(1)
    die = state.rules.attack.die
    bonus = morale_bonus(state, key, purpose)
    passing = sum(1 for face in range(1, die + 1) if face + bonus >= dc)
    return Fraction(passing, die)


def withdraw_chance(state: KMState, key: str) -> Fraction:
    """The chance a Withdraw beats every enemy in contact (each rolls d20 +
    its own Morale; the withdrawing unit must roll higher than each, a tie
    going to the higher modifier, and to a roll again, an even chance, when
    the modifiers are equal), if none of them lets it go."""
    if "withdraws_freely" in state.derived[key].grants:
        return Fraction(1)
    die = state.rules.attack.die
    own = morale_bonus(state, key, "withdraw")
    theirs = [morale_bonus(state, k, "withdraw") for k in state.enemies_in_contact(key)]
    found = Fraction(0)
    for face in range(1, die + 1):
        beats = Fraction(1)
        for bonus in theirs:
            tie = Fraction(sum(1 for other in range(1, die + 1) if other + bonus == face + own), die)
            wins = Fraction(sum(1 for other in range(1, die + 1) if other + bonus < face + own), die)
            beats *= wins + (tie if own > bonus else tie / 2 if own == bonus else 0)
        found += beats / die
    return found


def threshold_chances(state: KMState, key: str, dc: int) -> dict[str, Fraction]:
    """At a threshold: ``ready`` (holds) and each morale state's chance."""
    if never_fails(state, key, "rout"):
        return {"ready": Fraction(1)}
    die = state.rules.attack.die
    bonus = morale_bonus(state, key, "rout")
    found: dict[str, Fraction] = {}
    for face in range(1, die + 1):
        result = face + bonus
        outcome = "ready" if result >= dc else failing(state, key, dc, result).key
        found[outcome] = found.get(outcome, Fraction(0)) + Fraction(1, die)
    return found


__all__ = ["AttackChances", "attack_chances", "check_chance", "one_attack", "threshold_chances", "withdraw_chance"]
