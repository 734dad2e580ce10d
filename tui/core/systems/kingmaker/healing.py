"""Healing in battle (Ultimate Campaign): the healing potions resource,
"at any point during a battle (but no more than twice per battle) ... the
army doesn't attempt an Offense check that phase, but heals a number of hit
points equal to twice its ACR", each use +3 Consumption that week; the
Alchemy ability heals the same way once a battle at no cost; a commander
with Triage adds its healing (half the ACR) to the potions'.

Done in the army's side's step of the Ranged or Melee phase, before it
attacks; the phase's attacks are then over for it."""

from __future__ import annotations

import math

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.combat import half_acr, heal
from tui.core.systems.kingmaker.standing import own_unit
from tui.core.systems.kingmaker.state import KMState

POTIONS = "healing_potions"


def uses_left(state: KMState, key: str, source: str) -> int:
    """How many more times the army may heal from ``source`` this battle."""
    army = state.army(key)
    spent = state.unit(key).used.count(f"heal:{source}")
    if source == POTIONS:
        most = state.rules.resource(POTIONS).uses_per_battle if POTIONS in army.resources else 0
    else:
        most = 1 if any(pick.key == source for pick in army.abilities) else 0
    return max(0, most - spent)


def heal_refusal(state: KMState, key: str, source: str) -> str | None:
    """Why the army can't heal from ``source`` now (None: it can)."""
    name = state.army(key).name
    if state.phase not in ("ranged", "melee"):
        return t("km.rule.heal_phase", name=name)
    try:
        own_unit(state, key, state.phase)
    except RuleViolation as exc:
        return str(exc)
    if not uses_left(state, key, source):
        return t(f"km.rule.heal_none_{source}", name=name)
    unit = state.unit(key)
    # shots count for the whole turn, blows for the phase: only this phase's attack counts
    attacked = unit.shots if state.phase == "ranged" else bool(unit.blows)
    if attacked or unit.drank_phase == state.phase_count:
        return t("km.rule.heal_after_attacking", name=name)
    return None


def healing(state: KMState, key: str, source: str) -> int:
    """What it heals: twice its ACR (at least 1), and half its ACR more with Triage."""
    amount = max(1, math.floor(state.rules.resource(POTIONS).heal_acr * state.derived[key].acr))
    if any(state.rules.boon(b).heal_acr_half for b in state.army(key).commander.boons):
        amount += half_acr(state, key)
    return amount


def drink(state: KMState, event: ev.Heal) -> KMState:
    why = heal_refusal(state, event.key, event.source)
    if why is not None:
        raise RuleViolation(why)
    unit = state.unit(event.key)
    marked = state.with_unit(event.key, replace(unit, used=unit.used + (f"heal:{event.source}",), drank_phase=state.phase_count))
    cost = state.rules.resource(POTIONS).use_consumption if event.source == POTIONS else 0
    return heal(marked, event.key, healing(state, event.key, event.source), f"km.note.heal_{event.source}", consumption=cost)


__all__ = ["POTIONS", "drink", "heal_refusal", "healing", "uses_left"]
