"""``apply(state, event)``: the one door every change to a Second World
conflict goes through. It returns a new state or raises a
``RuleViolation`` saying why the rules refuse, and changes nothing then."""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world import combat, moving, rolls, scene, turns
from tui.core.systems.second_world.state import SWState


def casting(state: SWState, event: ev.Casting) -> SWState:
    """Casting is the turn's action, noted on the character turn by turn
    (the text gives no spell rules); ``stop`` ends it without an action."""
    turns.in_turn_of(state, event.key)
    fighter = state.fighter(event.key)
    name = state.character(event.key).name
    if event.stop:
        if not fighter.casting:
            raise RuleViolation(t("sw.rule.not_casting", name=name))
        return state.with_fighter(event.key, replace(fighter, casting=0)).with_note("sw.note.casting_stopped", name=name)
    if state.turn.acted:
        raise RuleViolation(t("sw.rule.acted_already", name=name))
    cast = state.with_fighter(event.key, replace(fighter, casting=fighter.casting + 1))
    return replace(cast, turn=replace(state.turn, acted=True)).with_note("sw.note.casting", name=name, turns=fighter.casting + 1)


def apply(state: SWState, event: ev.SecondWorldEvent) -> SWState:
    if isinstance(event, ev.Hide):  # the GM may hide or show things even once it is over
        from tui.core.systems.second_world.public import hide

        return hide(state, event)
    if state.stage == "ended":
        raise RuleViolation(t("sw.rule.conflict_over"))
    match event:
        case ev.SetSides():
            return scene.set_sides(state, event)
        case ev.SetCharacter():
            return scene.set_character(state, event)
        case ev.RemoveCharacter():
            return scene.remove_character(state, event)
        case ev.PlaceZone():
            return scene.place_zone(state, event)
        case ev.RemoveZone():
            return scene.remove_zone(state, event)
        case ev.RenameZone():
            return scene.rename_zone(state, event)
        case ev.ZoneAspects():
            return scene.zone_aspects(state, event)
        case ev.Situation():
            return scene.situation(state, event)
        case ev.SetEdge():
            return scene.set_edge(state, event)
        case ev.RemoveEdge():
            return scene.remove_edge(state, event)
        case ev.Deploy():
            return scene.deploy(state, event)
        case ev.StartConflict():
            return turns.start_conflict(state, event)
        case ev.BeginTurn():
            return turns.begin_turn(state, event)
        case ev.EndTurn():
            return turns.end_turn(state)
        case ev.FreeMove():
            return moving.free_move(state, event)
        case ev.Erode():
            return moving.erode(state, event)
        case ev.MoveRoll():
            return moving.move_roll(state, event)
        case ev.MoveResolve():
            return moving.move_resolve(state, event)
        case ev.Invoke():
            return rolls.invoke(state, event)
        case ev.Casting():
            return casting(state, event)
        case ev.ActionRoll():
            return combat.action_roll(state, event)
        case ev.Resolve():
            return combat.resolve(state, event)
        case ev.Absorb():
            return combat.absorb(state, event)
        case ev.TakeOut():
            return combat.take_out(state)
        case ev.FullDefence():
            return combat.full_defence(state, event)
        case ev.Concede():
            return combat.concede(state, event)
    raise RuleViolation(t("sw.rule.unknown_event"))


__all__ = ["apply"]
