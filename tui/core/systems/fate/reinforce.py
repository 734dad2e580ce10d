"""Reinforcements bought with leftover build points (RULES-NOTES, Fate,
settled after the second audit; assumed where the text is silent).

The battle chest's points left after the muster may be spent during the
battle on fate points or on a new unit: on the player's turn, as the
acting card's action; the unit, paid at its quality's cost, comes on in a
zone where the side has a unit (with none left, any zone free of
enemies) and acts from the next round."""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.forces import check_keys, check_unit, left, unit_cost
from tui.core.systems.fate.state import FateState, Place
from tui.core.systems.fate.turns import acting, use_action


def chest_left(state: FateState, player: int) -> int:
    """Build points the player still has to spend: the muster's leftovers,
    less the fate points bought with them (units brought on are in the muster)."""
    return left(state.players[player], state.rules) - state.rules.battle_chest.fate_point_cost * state.bought[player]


def reinforcement_zones(state: FateState, player: int) -> tuple[str, ...]:
    """Where a new unit of ``player``'s may come on: a zone where the side
    has a unit; with none left, any zone free of enemies."""
    side = state.players[player].side
    held = tuple(z.key for z in state.board.zones if state.allies_in(z.key, side))
    return held or tuple(z.key for z in state.board.zones if not state.enemies_in(z.key, side))


def reinforce(state: FateState, event: ev.Reinforce) -> FateState:
    act = acting(state)
    player = act.player
    name = state.players[player].name
    new_act = use_action(state, "reinforce", act.actor)
    check_unit(event.unit, state.rules)  # a ForcesError is a RuleViolation
    cost = unit_cost(event.unit, state.rules)
    if chest_left(state, player) < cost:
        raise RuleViolation(t("fate.rule.reinforce_cost", player=name, left=chest_left(state, player), cost=cost, unit=event.unit.name))
    if event.zone not in reinforcement_zones(state, player):
        raise RuleViolation(t("fate.rule.reinforce_zone", zone=state.board.zone(event.zone).name if event.zone in {z.key for z in state.board.zones} else event.zone))
    players = list(state.players)
    players[player] = players[player].model_copy(update={"units": (*players[player].units, event.unit)})
    check_keys(tuple(players))
    places = {**state.places, event.unit.key: Place(zone=event.zone)}
    # It comes on having acted: it joins the turns from the next round.
    done = replace(state, players=tuple(players), places=places, activation=new_act, acted=state.acted | {event.unit.key})
    return done.with_note("fate.note.reinforced", player=name, unit=event.unit.name, zone=state.board.zone(event.zone).name, cost=cost)


__all__ = ["chest_left", "reinforce", "reinforcement_zones"]
