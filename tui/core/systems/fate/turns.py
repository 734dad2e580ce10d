"""The sequence of play: initiative, turns and activations, the free move,
the action economy, leaders attaching and detaching, and the end.

"Every unit and leader on a side must act before any unit or leader on a
side may act again": a round lasts until every actor has acted; a player
whose actors have all acted is passed over.
"""

from __future__ import annotations


from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.muster import deploy_refusal
from tui.core.systems.fate.forces import carried
from tui.core.systems.fate.state import Activation, Aspect, FateState, Place

ACTION_OF = {"enter": "overcome", "dash": "overcome", "break_pin": "overcome", "attack": "attack", "advantage": "advantage", "reinforce": "reinforce"}
"""A unit's roll → the action it uses (never the same twice in a turn)."""

LEADER_ACTIONS = ("leader_attack", "recover", "rally")


def _battle(state: FateState) -> None:
    if state.stage != "battle":
        raise RuleViolation(t(f"fate.rule.not_in_{state.stage}"))


def acting(state: FateState) -> Activation:
    _battle(state)
    if state.activation is None:
        raise RuleViolation(t("fate.rule.nobody_acting"))
    return state.activation


# -- initiative ------------------------------------------------------------------


def start_battle(state: FateState, event: ev.StartBattle) -> FateState:
    if state.stage != "deploy":
        raise RuleViolation(t(f"fate.rule.not_in_{state.stage}"))
    why = deploy_refusal(state)
    if why:
        raise RuleViolation(why)
    count = len(state.players)
    if len(event.leaders) != count or len(event.faces) != count:
        raise RuleViolation(t("fate.rule.initiative_rolls", count=count))
    skill = state.rules.initiative.skill
    rolls: list[tuple[int, int]] = []
    for index, (leader, faces) in enumerate(zip(event.leaders, event.faces)):
        if len(faces) != state.rules.dice.count:
            raise RuleViolation(t("fate.rule.dice_count", count=state.rules.dice.count))
        will = 0
        if leader is not None:
            if leader not in state.standing_leaders(index):
                raise RuleViolation(t("fate.rule.not_their_leader", key=leader, player=state.players[index].name))
            standing = state.leader(leader)
            assert standing is not None  # one of the player's standing leaders
            will = standing.rating(skill)
        elif state.standing_leaders(index):
            raise RuleViolation(t("fate.rule.pick_leader", player=state.players[index].name))
        rolls.append((will + sum(faces), will))
    # Highest roll first; ties: higher Will, then more units (then the list's order).
    order = tuple(sorted(range(count), key=lambda i: (-rolls[i][0], -rolls[i][1], -len(state.players[i].units), i)))
    # Unit and leader aspects go into play with the cards, so they can be invoked.
    cards = tuple(
        Aspect(id=f"a{state.next_aspect + n}", text=text, on=key, kind="card")
        for n, (key, text) in enumerate((c.key, text) for p in state.players for c in p.cards for text in c.all_aspects)
    )
    # Consequences a card brought from an earlier battle are in play too (no free invokes: those went to whoever inflicted them).
    wounds = tuple(
        Aspect(id=f"a{state.next_aspect + len(cards) + n}", text=text, on=key, kind="consequence", slot=slot)
        for n, (key, slot, text) in enumerate((c.key, slot, text) for p in state.players for c in p.cards for slot, text in carried(c))
    )
    state = replace(state, aspects=state.aspects + cards + wounds, next_aspect=state.next_aspect + len(cards) + len(wounds))
    new = replace(state, stage="battle", order=order, initiative=tuple(rolls), turn=0, round=1, acted=frozenset(), counter=max(state.counter, event.counter) + 1)
    # Who rolled for each player, and how a tie was broken, for the log and the report.
    # The leaders first, then the order: the latest note is the one a
    # status line shows, and three players' leaders would not fit on it.
    names = [state.name(leader) if leader is not None else "—" for leader in event.leaders]
    leaders = ", ".join(f"{names[i]} ({state.players[i].name})" for i in order)
    new = new.with_note("fate.note.initiative_leaders", leaders=leaders, skill=skill)
    rolled = ", ".join(f"{state.players[i].name} {rolls[i][0]:+d}" for i in order)
    new = new.with_note("fate.note.initiative", order=rolled, skill=skill)
    for first, second in zip(order, order[1:]):
        if rolls[first][0] != rolls[second][0]:
            continue
        if rolls[first][1] != rolls[second][1]:
            how = "skill"
        elif len(state.players[first].units) != len(state.players[second].units):
            how = "units"
        else:
            how = "order"
        new = new.with_note(f"fate.note.initiative_tie_{how}", first=state.players[first].name, second=state.players[second].name, skill=skill)
    return skip_to_waiting(new)


# -- turns -------------------------------------------------------------------------


def skip_to_waiting(state: FateState) -> FateState:
    """The turn passes to the next player (in order) who still has an actor
    waiting; when nobody has, a new round begins with the first player."""
    if state.stage != "battle":
        return state
    for step in range(len(state.order)):
        index = (state.turn + step) % len(state.order)
        if state.waiting(state.order[index]):
            return replace(state, turn=index)
    if not any(state.actors(p) for p in state.order):
        return state
    fresh = replace(state, acted=frozenset(), round=state.round + 1, turn=0).with_note("fate.note.round", number=state.round + 1)
    return skip_to_waiting(fresh)


def activate(state: FateState, event: ev.Activate) -> FateState:
    _battle(state)
    if state.activation is not None:
        raise RuleViolation(t("fate.rule.still_acting", actor=state.name(state.activation.actor)))
    player = state.current_player
    if event.actor not in (state.actors(player) if player is not None else ()):
        raise RuleViolation(t("fate.rule.not_an_actor", actor=state.name(event.actor) if (state.unit(event.actor) or state.leader(event.actor)) else event.actor, player=state.players[player or 0].name))
    assert player is not None  # with no player to act, no actor was allowed above
    if event.actor in state.acted:
        raise RuleViolation(t("fate.rule.acted", actor=state.name(event.actor)))
    # A leader who already acted this round (alone, then joined this unit)
    # has no action left to take or give.
    leader = state.leader_of(event.actor) if state.unit(event.actor) else None
    activation = Activation(actor=event.actor, player=player, leader_acted=leader is not None and leader in state.acted)
    return replace(state, activation=activation).with_note("fate.note.activate", actor=state.name(event.actor))


def end_activation(state: FateState) -> FateState:
    act = acting(state)
    if state.contest is not None:
        raise RuleViolation(t("fate.rule.roll_open"))
    acted = {act.actor}
    leader = state.leader_of(act.actor) if state.unit(act.actor) else None
    if leader is not None:
        acted.add(leader)
    acted.update(act.attached)
    # A leader who came along with the unit and left it has had their turn too.
    acted.update(act.detached)
    # A pin lapses when the unit that made it does not spend an action to keep it.
    aspects = tuple(a for a in state.aspects if not (a.kind == "pinned_down" and a.by == act.actor and a.id not in act.kept))
    new = replace(state, activation=None, acted=state.acted | acted, aspects=aspects)
    if len(aspects) != len(state.aspects):
        new = new.with_note("fate.note.pin_lapsed", actor=state.name(act.actor))
    new = replace(new, turn=(new.turn + 1) % len(new.order))
    return skip_to_waiting(check_end(new))


def can_act_again(state: FateState) -> bool:
    """Whether the activation has anything left to do but end."""
    act = state.activation
    return act is not None and not act.over


# -- the action economy -----------------------------------------------------------------


def allowed_actions(state: FateState, act: Activation) -> int:
    return 1 + (1 if act.extra else 0)


def use_action(state: FateState, kind: str, by: str) -> Activation:
    """Check that the actor (or its attached leader, for a leader's action) may take ``kind``."""
    act = acting(state)
    if act.over:
        raise RuleViolation(t("fate.rule.after_attack"))
    if kind in LEADER_ACTIONS and by != act.actor:
        # An attached leader's own action, taken alongside the unit's.
        if state.place(by).attached != act.actor:
            raise RuleViolation(t("fate.rule.not_acting", actor=state.name(by)))
        if act.leader_acted:
            raise RuleViolation(t("fate.rule.leader_used", leader=state.name(by)))
        return replace(act, leader_acted=True)
    if by != act.actor:
        raise RuleViolation(t("fate.rule.not_acting", actor=state.name(by)))
    action = ACTION_OF.get(kind, kind)
    if action in act.actions:
        raise RuleViolation(t("fate.rule.same_action", action=t(f"fate.action.{action}")))
    if len(act.actions) >= allowed_actions(state, act):
        raise RuleViolation(t("fate.rule.no_action_left"))
    return replace(act, actions=act.actions + (action,))


def second_action(state: FateState, event: ev.SecondAction) -> FateState:
    act = acting(state)
    if act.extra is not None:
        raise RuleViolation(t("fate.rule.second_taken"))
    if act.over:
        raise RuleViolation(t("fate.rule.after_attack"))
    if state.unit(act.actor) is None:
        raise RuleViolation(t("fate.rule.second_units_only"))
    leader = state.leader_of(act.actor)
    if event.source == "leader":
        if leader is None:
            raise RuleViolation(t("fate.rule.no_leader", unit=state.name(act.actor)))
        if act.leader_acted:
            raise RuleViolation(t("fate.rule.leader_used", leader=state.name(leader)))
        new = replace(state, activation=replace(act, extra="leader", leader_acted=True))
        return new.with_note("fate.note.leader_gives", leader=state.name(leader), unit=state.name(act.actor))
    if leader is not None:
        raise RuleViolation(t("fate.rule.leaderless_only", unit=state.name(act.actor)))
    cost = state.rules.actions.second_action_fate_points
    new = spend_fate_points(state, act.player, cost)
    return replace(new, activation=replace(act, extra="fate_point")).with_note("fate.note.fate_point_action", unit=state.name(act.actor))


def spend_fate_points(state: FateState, player: int, cost: int) -> FateState:
    if state.fate_points[player] < cost:
        raise RuleViolation(t("fate.rule.no_fate_points", player=state.players[player].name, need=cost))
    return replace(state, fate_points=tuple(fp - cost if i == player else fp for i, fp in enumerate(state.fate_points)))


# -- moving ------------------------------------------------------------------------


def obstacle(state: FateState, zone: str, side: int) -> str | None:
    """Why a zone can't be entered for free: an enemy unit or hindering terrain."""
    if state.enemies_in(zone, side):
        return t("fate.rule.enemy_there", zone=state.board.zone(zone).name)
    if state.hindering(zone):
        return t("fate.rule.terrain_there", zone=state.board.zone(zone).name)
    return None


def pinned(state: FateState, key: str) -> bool:
    return any(a.kind == "pinned_down" for a in state.aspects_on(key))


def move_to(state: FateState, key: str, zone: str) -> FateState:
    """Put a unit (or independent leader) in a zone, turning its hidden aspects face up."""
    places = dict(state.places)
    places[key] = replace(state.place(key), zone=zone)
    new = replace(state, places=places)
    return reveal(new, zone)


def reveal(state: FateState, zone: str) -> FateState:
    hidden = state.aspects_on(zone, hidden=True)
    if not hidden:
        return state
    aspects = tuple(replace(a, hidden=False) if a in hidden else a for a in state.aspects)
    new = replace(state, aspects=aspects)
    for aspect in hidden:
        new = new.with_note("fate.note.revealed", zone=state.board.zone(zone).name, aspect=aspect.text)
    return new


def free_move(state: FateState, event: ev.Move) -> FateState:
    act = acting(state)
    if act.over:
        raise RuleViolation(t("fate.rule.after_attack"))
    if act.moved:
        raise RuleViolation(t("fate.rule.moved"))
    here = state.zone_of(act.actor)
    to = state.board.zone(event.to).key
    if here is None or not state.board.adjacent(here, to):
        raise RuleViolation(t("fate.rule.not_adjacent", zone=state.board.zone(to).name))
    if pinned(state, act.actor):
        raise RuleViolation(t("fate.rule.pinned", actor=state.name(act.actor)))
    why = obstacle(state, to, state.side_of(act.actor))
    if why:
        raise RuleViolation(why)
    new = replace(state, activation=replace(act, moved=True))
    return move_to(new, act.actor, to).with_note("fate.note.moved", actor=state.name(act.actor), zone=state.board.zone(to).name)


# -- leaders ---------------------------------------------------------------------


def attach(state: FateState, event: ev.Attach) -> FateState:
    act = acting(state)
    leader, unit = state.leader(event.leader), state.unit(event.unit)
    if leader is None or unit is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.leader if leader is None else event.unit))
    if event.leader not in (act.actor, state.leader_of(act.actor)) and event.unit != act.actor:
        raise RuleViolation(t("fate.rule.attach_when_acting"))
    if event.leader in act.detached:
        raise RuleViolation(t("fate.rule.attach_and_detach", leader=leader.name))
    if state.owner(event.leader) != state.owner(event.unit) or state.place(event.unit).out:
        raise RuleViolation(t("fate.rule.not_own_unit", leader=leader.name, unit=unit.name))
    if state.place(event.leader).attached is not None:
        raise RuleViolation(t("fate.rule.already_attached", leader=leader.name))
    if state.zone_of(event.leader) != state.zone_of(event.unit):
        raise RuleViolation(t("fate.rule.attach_same_zone", leader=leader.name, unit=unit.name))
    if state.leader_of(event.unit) is not None:
        raise RuleViolation(t("fate.rule.unit_has_leader", unit=unit.name, leader=state.name(state.leader_of(event.unit) or "")))
    places = dict(state.places)
    places[event.leader] = Place(attached=event.unit)
    new_act = replace(act, attached=act.attached + (event.leader,))
    if event.unit == act.actor and event.leader in state.acted:
        new_act = replace(new_act, leader_acted=True)  # joining gives no second action this round
    return replace(state, places=places, activation=new_act).with_note("fate.note.attached", leader=leader.name, unit=unit.name)


def detach(state: FateState, event: ev.Detach) -> FateState:
    act = acting(state)
    leader = state.leader(event.leader)
    if leader is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.leader))
    unit = state.place(event.leader).attached
    if unit is None:
        raise RuleViolation(t("fate.rule.not_attached", leader=leader.name))
    if act.actor not in (event.leader, unit):
        raise RuleViolation(t("fate.rule.attach_when_acting"))
    if event.leader in act.attached:
        raise RuleViolation(t("fate.rule.attach_and_detach", leader=leader.name))
    places = dict(state.places)
    places[event.leader] = Place(zone=state.zone_of(unit))
    new_act = replace(act, detached=act.detached + (event.leader,))
    return replace(state, places=places, activation=new_act).with_note("fate.note.detached", leader=leader.name, unit=state.name(unit))


# -- the end ---------------------------------------------------------------------


def still_fighting(state: FateState, side: int) -> bool:
    """A side is in the battle while a player on it who has not conceded has
    a unit left (the English text) or a unit or leader (the German)."""
    rule = state.rules.winning.ends_when[state.text]
    for index, player in enumerate(state.players):
        if player.side != side or index in state.conceded:
            continue
        if state.active_units(index) or (rule == "units_and_leaders" and state.standing_leaders(index)):
            return True
    return False


def check_end(state: FateState) -> FateState:
    if state.stage != "battle":
        return state
    sides = sorted({p.side for p in state.players})
    fighting = [s for s in sides if still_fighting(state, s)]
    if len(fighting) > 1:
        return state
    winner = fighting[0] if fighting else None
    return replace(state, stage="ended", winner=winner, activation=None, contest=None).with_note("fate.note.ended" if winner is not None else "fate.note.ended_nobody", side=winner if winner is not None else -1)


def concede(state: FateState, event: ev.Concede) -> FateState:
    _battle(state)
    if not 0 <= event.player < len(state.players):
        raise RuleViolation(t("fate.rule.no_player", number=event.player + 1))
    if event.player in state.conceded:
        raise RuleViolation(t("fate.rule.conceded", player=state.players[event.player].name))
    new = replace(state, conceded=state.conceded | {event.player})
    if state.activation is not None and state.activation.player == event.player:
        new = replace(new, activation=None, contest=None)
    new = new.with_note("fate.note.conceded", player=state.players[event.player].name)
    return skip_to_waiting(check_end(new))


def awards(state: FateState) -> tuple[int, ...]:
    """Fate points each player earns: one for the winning side, one per
    enemy leader defeated; a player who conceded, the Fate Core award (one,
    plus one per consequence taken) if the ruleset grants it, and never the
    winners' point: conceding is losing, whatever an ally went on to win."""
    win = state.rules.winning
    earned = []
    for index, player in enumerate(state.players):
        won = state.winner is not None and player.side == state.winner and index not in state.conceded
        points = win.winning_side_fate_points if won else 0
        defeated = sum(1 for key, place in state.places.items() if place.out and place.by == index and state.leader(key) is not None)
        points += win.fate_points_per_leader_defeated * defeated
        if index in state.conceded:
            points += concession_award(state, index)
        earned.append(points)
    return tuple(earned)


def concession_award(state: FateState, player: int) -> int:
    """The fate points ``player`` earns by conceding now (Fate Core: one,
    plus one per consequence their units and leaders took), if the ruleset
    grants them."""
    win = state.rules.winning
    if not win.concession_award:
        return 0
    taken = state.consequences_taken[player] if player < len(state.consequences_taken) else 0
    return win.concession_fate_points + win.concession_fate_points_per_consequence * taken
