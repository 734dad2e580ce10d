"""``apply(state, event)``: the one door every change to a This Means War
battle goes through. It returns a new state or raises a ``RuleViolation``
saying why the rules refuse, and changes nothing then."""

from __future__ import annotations


from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate import muster, turns
from tui.core.systems.fate.contest import invoke, roll
from tui.core.systems.fate.outcomes import no_roll, resolve, take_out
from tui.core.systems.fate.reinforce import chest_left, reinforce
from tui.core.systems.fate.state import FateState


def _gm(state: FateState, event: ev.BuyFatePoint | ev.FatePoints | ev.DefeatLeader | ev.RemoveAspect) -> FateState:
    """Fate points bought or given, leaders defeated off the dice, aspects struck."""
    if isinstance(event, ev.RemoveAspect):
        aspect = state.aspect(event.aspect)
        if aspect is None:
            raise RuleViolation(t("fate.rule.no_aspect", aspect=event.aspect))
        return replace(state, aspects=tuple(a for a in state.aspects if a.id != event.aspect)).with_note("fate.note.aspect_removed", aspect=aspect.text)
    player = event.by if isinstance(event, ev.DefeatLeader) else event.player
    if not 0 <= player < len(state.players):
        raise RuleViolation(t("fate.rule.no_player", number=player + 1))
    if isinstance(event, ev.BuyFatePoint):
        if state.stage not in ("battle",):
            raise RuleViolation(t("fate.rule.buy_in_battle"))
        cost = state.rules.battle_chest.fate_point_cost
        remaining = chest_left(state, event.player)
        if remaining < cost:
            raise RuleViolation(t("fate.rule.chest_empty", player=state.players[event.player].name, left=remaining, cost=cost))
        fate_points = tuple(fp + 1 if i == event.player else fp for i, fp in enumerate(state.fate_points))
        bought = tuple(b + 1 if i == event.player else b for i, b in enumerate(state.bought))
        return replace(state, fate_points=fate_points, bought=bought).with_note("fate.note.bought", player=state.players[event.player].name)
    if isinstance(event, ev.FatePoints):
        now = state.fate_points[event.player] + event.change
        if now < 0:
            raise RuleViolation(t("fate.rule.no_fate_points", player=state.players[event.player].name, need=-event.change))
        fate_points = tuple(now if i == event.player else fp for i, fp in enumerate(state.fate_points))
        return replace(state, fate_points=fate_points).with_note("fate.note.fate_points", player=state.players[event.player].name, change=event.change)
    # DefeatLeader
    if state.stage != "battle":
        raise RuleViolation(t(f"fate.rule.not_in_{state.stage}"))
    leader = state.leader(event.leader)
    if leader is None or state.place(event.leader).out:
        raise RuleViolation(t("fate.rule.no_leader_target", key=event.leader))
    if state.players[event.by].side == state.side_of(event.leader):
        raise RuleViolation(t("fate.rule.not_an_enemy", target=leader.name))
    return turns.skip_to_waiting(turns.check_end(take_out(state, event.leader, event.by)))


def apply(state: FateState, event: ev.FateEvent) -> FateState:
    if state.stage == "ended" and not isinstance(event, (ev.FatePoints, ev.RemoveAspect)):
        raise RuleViolation(t("fate.rule.not_in_ended"))
    match event:
        case ev.SetPlayer() | ev.AddPlayer() | ev.RemovePlayer() | ev.SetText() | ev.SetVariants():
            return muster.muster(state, event)
        case ev.StartBattlefield():
            return muster.start_battlefield(state)
        case ev.PlaceZone():
            return muster.place_zone(state, event)
        case ev.ZoneAspect():
            return muster.zone_aspect(state, event)
        case ev.FinishBattlefield():
            return muster.finish_battlefield(state)
        case ev.Deploy():
            return muster.deploy(state, event)
        case ev.Attach() if state.stage == "deploy":
            return muster.deploy_attach(state, event)
        case ev.Attach():
            return turns.attach(state, event)
        case ev.Detach():
            return turns.detach(state, event)
        case ev.StartBattle():
            return turns.start_battle(state, event)
        case ev.Activate():
            return turns.activate(state, event)
        case ev.Move():
            return turns.free_move(state, event)
        case ev.SecondAction():
            return turns.second_action(state, event)
        case ev.Roll():
            return roll(state, event)
        case ev.Invoke():
            return invoke(state, event)
        case ev.Resolve():
            return resolve(state, event)
        case ev.Advantage():
            return no_roll(state, event)
        case ev.EndActivation():
            return turns.end_activation(state)
        case ev.Concede():
            return turns.concede(state, event)
        case ev.Reinforce():
            return reinforce(state, event)
        case ev.BuyFatePoint() | ev.FatePoints() | ev.DefeatLeader() | ev.RemoveAspect():
            return _gm(state, event)
    raise RuleViolation(t("fate.rule.unknown_event"))
