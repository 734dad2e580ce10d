"""``apply(state, event)``: the one door every change to a Kingmaker battle
goes through. It returns a new state or raises a ``RuleViolation`` saying
why the rules refuse, and changes nothing then."""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.kingmaker import ambush, combat, healing, morale, movement, muster, turns
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.state import KMState


def apply(state: KMState, event: ev.KingmakerEvent) -> KMState:
    if isinstance(event, ev.Hide):  # the GM may hide or show an army even once it is over
        from tui.core.systems.kingmaker.public import hide

        return hide(state, event)
    if state.stage == "over" and not isinstance(event, ev.Aftermath):
        raise RuleViolation(t("km.rule.battle_over"))
    match event:
        case ev.SetSides():
            return muster.set_sides(state, event)
        case ev.SetArmy():
            return muster.set_army(state, event)
        case ev.RemoveArmy():
            return muster.remove_army(state, event)
        case ev.SetMat():
            return muster.set_mat(state, event)
        case ev.PaintTerrain():
            return muster.paint(state, event)
        case ev.SetConditions():
            return muster.set_conditions(state, event)
        case ev.SetupRoll():
            return turns.setup_roll(state, event)
        case ev.Ambush():
            return ambush.ambush(state, event)
        case ev.FirstSide():
            return turns.first_side(state, event)
        case ev.Place():
            return turns.place(state, event)
        case ev.Initiative():
            return turns.initiative(state, event)
        case ev.EndStep():
            return turns.end_step(state, event)
        case ev.SwitchTactic():
            return morale.switch_tactic(state, event)
        case ev.SetStrategy():
            return morale.set_strategy(state, event)
        case ev.Rally():
            return morale.rally(state, event)
        case ev.Order():
            return movement.order(state, event)
        case ev.Move():
            return movement.move(state, event)
        case ev.Press():
            return movement.press(state, event)
        case ev.Attack():
            return combat.attack(state, event)
        case ev.Heal():
            return healing.drink(state, event)
        case ev.MoraleCheck():
            return morale.morale_check(state, event)
        case ev.Aftermath():
            return turns.aftermath(state, event)
    raise RuleViolation(t("km.rule.unknown_event"))


__all__ = ["apply"]
