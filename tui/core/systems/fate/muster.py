"""Before the first roll: the muster (the text's variants chosen with it),
the battlefield's zone cards laid in turn, hidden zone aspects bought for
fate points, and deployment."""

from __future__ import annotations


from tui.core.frozen import replace
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.forces import Player, check_keys, check_player, left
from tui.core.systems.fate.state import Aspect, FateState, Notes, Place

VARIANT_NOTES = ("fate.note.variant_shoot_only", "fate.note.variant_defence", "fate.note.variants_off")


def _stage(state: FateState, *stages: str) -> None:
    if state.stage not in stages:
        raise RuleViolation(t(f"fate.rule.not_in_{state.stage}"))


def _player(state: FateState, index: int) -> None:
    if not 0 <= index < len(state.players):
        raise RuleViolation(t("fate.rule.no_player", number=index + 1))


def set_players(state: FateState, players: tuple[Player, ...]) -> FateState:
    for player in players:
        check_player(player, state.rules)
    check_keys(players)
    return replace(state, players=players, fate_points=tuple(p.fate_points for p in players), bought=tuple(0 for _ in players))


def muster(state: FateState, event: ev.SetPlayer | ev.AddPlayer | ev.RemovePlayer | ev.SetText | ev.SetVariants) -> FateState:
    _stage(state, "muster")
    players = list(state.players)
    if isinstance(event, ev.SetPlayer):
        _player(state, event.index)
        players[event.index] = event.player
    elif isinstance(event, ev.AddPlayer):
        players.append(event.player)
    elif isinstance(event, ev.RemovePlayer):
        _player(state, event.index)
        if len(players) <= 2:
            raise RuleViolation(t("fate.rule.two_players"))
        players.pop(event.index)
    elif isinstance(event, ev.SetText):
        return replace(state, text=event.text)
    elif isinstance(event, ev.SetVariants):
        return set_variants(state, event)
    return set_players(state, tuple(players))


def set_variants(state: FateState, event: ev.SetVariants) -> FateState:
    """The battle's rules become the ruleset with the variants as chosen. The
    story says once which are on: the latest choice replaces earlier ones."""
    rules = state.rules.with_variants(shoot_only=event.shoot_only, shoot_defence_skill=event.shoot_defence_skill)
    new = replace(state, rules=rules, notes=Notes(n for n in state.notes if n.key not in VARIANT_NOTES))
    if event.shoot_only:  # skills as keys: the story names them in the reader's language
        new = new.with_note("fate.note.variant_shoot_only", skill=rules.attack.adjacent_skill)
    if event.shoot_defence_skill is not None:
        new = new.with_note("fate.note.variant_defence", skill=event.shoot_defence_skill)
    if not event.shoot_only and event.shoot_defence_skill is None:
        new = new.with_note("fate.note.variants_off")
    return new


def first_placer(state: FateState) -> int:
    """"starting with whoever has the most fate points left in their battle
    chest": fate points bought, then build points left, then the list's order."""
    return max(range(len(state.players)), key=lambda i: (state.fate_points[i], left(state.players[i], state.rules), -i))


def start_battlefield(state: FateState) -> FateState:
    _stage(state, "muster")
    if len({p.side for p in state.players}) < 2:
        raise RuleViolation(t("fate.rule.two_sides"))
    if not any(p.units for p in state.players):
        raise RuleViolation(t("fate.rule.no_units"))
    placer = first_placer(state)
    return replace(state, stage="battlefield", placer=placer).with_note("fate.note.battlefield", player=state.players[placer].name)


def place_zone(state: FateState, event: ev.PlaceZone) -> FateState:
    _stage(state, "battlefield")
    _player(state, event.player)
    if event.player != state.placer:
        raise RuleViolation(t("fate.rule.not_your_card", player=state.players[event.player].name, placer=state.players[state.placer or 0].name))
    board = state.board.place(event.zone)
    placer = (event.player + 1) % len(state.players)
    return replace(state, board=board, placer=placer).with_note("fate.note.zone_placed", player=state.players[event.player].name, zone=event.zone.name)


def zone_aspect(state: FateState, event: ev.ZoneAspect) -> FateState:
    _stage(state, "battlefield", "deploy")
    zone = state.board.zone(event.zone)
    fate_points = state.fate_points
    if event.player is not None:
        _player(state, event.player)
        if state.aspects_on(zone.key, hidden=None):
            raise RuleViolation(t("fate.rule.card_not_empty", zone=zone.name))
        cost = state.rules.zones.hidden_aspect_fate_points
        if fate_points[event.player] < cost:
            raise RuleViolation(t("fate.rule.no_fate_points", player=state.players[event.player].name, need=cost))
        fate_points = tuple(fp - cost if i == event.player else fp for i, fp in enumerate(fate_points))
    aspect = Aspect(
        id=f"a{state.next_aspect}", text=event.text, on=zone.key, kind="zone",
        hidden=event.player is not None, hinders=event.hinders, player=event.player,
    )
    new = replace(state, aspects=state.aspects + (aspect,), next_aspect=state.next_aspect + 1, fate_points=fate_points)
    if event.player is None:
        return new.with_note("fate.note.terrain", zone=zone.name, aspect=event.text)
    return new.with_note("fate.note.hidden_bought", player=state.players[event.player].name, zone=zone.name)


def finish_battlefield(state: FateState) -> FateState:
    _stage(state, "battlefield")
    if not state.board.zones:
        raise RuleViolation(t("fate.rule.no_zones"))
    return replace(state, stage="deploy", placer=None).with_note("fate.note.deploy")


def deploy(state: FateState, event: ev.Deploy) -> FateState:
    _stage(state, "deploy")
    zone = state.board.zone(event.zone)
    if state.unit(event.card) is None and state.leader(event.card) is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.card))
    places = dict(state.places)
    places[event.card] = Place(zone=zone.key)
    return replace(state, places=places)


def deploy_attach(state: FateState, event: ev.Attach) -> FateState:
    """Before the battle a leader may join any unit of their player's."""
    if state.leader(event.leader) is None or state.unit(event.unit) is None:
        raise RuleViolation(t("fate.rule.no_card", key=event.leader if state.leader(event.leader) is None else event.unit))
    if state.owner(event.leader) != state.owner(event.unit):
        raise RuleViolation(t("fate.rule.not_own_unit", leader=state.name(event.leader), unit=state.name(event.unit)))
    taken = state.leader_of(event.unit)
    if taken is not None and taken != event.leader:
        raise RuleViolation(t("fate.rule.unit_has_leader", unit=state.name(event.unit), leader=state.name(taken)))
    places = dict(state.places)
    places[event.leader] = Place(attached=event.unit)
    return replace(state, places=places)


def empty_player_refusal(state: FateState) -> str | None:
    """A player with nothing to fight with: they could never act or roll
    for the order of play. The board asks this before leaving the muster,
    where the GM can still give them a card; the battle's start refuses it.
    (Leaving the muster does not, so a battle saved with one still loads.)"""
    for player in state.players:
        if not player.units and not player.leaders:
            return t("fate.rule.empty_player", player=player.name)
    return None


def deploy_refusal(state: FateState) -> str | None:
    """Why the battle can't start yet: a player with nothing to fight with,
    else the first card still without a place."""
    empty = empty_player_refusal(state)
    if empty is not None:
        return empty
    missing = undeployed(state)
    return t("fate.rule.undeployed", card=state.name(missing[0]), count=len(missing)) if missing else None


def undeployed(state: FateState) -> tuple[str, ...]:
    """Cards with no place yet: every unit needs a zone, every leader a zone or a unit."""
    missing = []
    for player in state.players:
        for card in player.cards:
            place = state.place(card.key)
            if place.zone is None and place.attached is None:
                missing.append(card.key)
    return tuple(missing)
