"""The dialogs behind the zone board's keys, before the first roll and
around a turn: laying out zone cards, hidden aspects, deployment,
initiative, activating, moving, leaders (fate points, reinforcements,
conceding and the GM's hand are in ``gm_flows``).

Each flow asks what it needs (escape abandons it and changes nothing) and
records exactly one event through ``app.act``. The rules decide: a flow
offers what the core allows and shows, greyed out, why the rest is not.
"""

from __future__ import annotations


from rich.text import Text

from tui.core.maps.zones import Zone
from tui.core.i18n import language, t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.muster import deploy_refusal, empty_player_refusal, undeployed
from tui.core.systems.fate.state import FateState
from tui.core.systems.fate.battle import FateBattle
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.fate import text as ft
from tui.ui.fate.outcome_flows import resolve
from tui.ui.fate.roll_flows import ask, fate_ask, overcome
from tui.ui.shell.table_dice import ask_label, fate_dice_ask, table_faces

FieldScreen = ZoneMapScreen[FateBattle]
"""The zone board as the flows see it (they never import the screen)."""



def record(screen: FieldScreen, event, *, asked: bool = False) -> bool:
    """Record ``event``; ``asked``: the flow has asked the GM already
    whether to end the battle with it (the app would ask again)."""
    return shell(screen).act(lambda b: b.record(event), asked=asked)


def refusal(screen: FieldScreen, event) -> str | None:
    return screen.battle.step_refusal(event)


def choice(screen: FieldScreen, event, label: str, note: str = "", detail: str = "") -> Choice:
    """An option that records ``event``, greyed out with the rule that refuses it."""
    return Choice(event, label, note, refusal(screen, event), detail)


# -- what the board shows beside the cards ---------------------------------------


def marks(screen: FieldScreen) -> dict[str, str]:
    state = screen.battle.game
    result: dict[str, str] = {}
    if state.activation is not None:
        here = state.zone_of(state.activation.actor)
        if here is not None:
            for key in state.board.neighbours(here):
                result[key] = "reach"
    if state.contest is not None:
        target = state.contest.target
        zone = state.zone_of(target) if (state.unit(target) or state.leader(target)) else None
        if zone:
            result[zone] = "target"
    return result


def card_text(state: FateState, zone: str) -> Text:
    text = Text()
    text.append(state.board.zone(zone).name, style="bold")
    for aspect in state.aspects_on(zone):
        text.append("\n  " + aspect.text, style="italic")
        if aspect.hinders:
            text.append(" " + t("fate_ui.card.hinders"))
        if sum(aspect.free):
            text.append(" " + t("fate_ui.card.free", count=sum(aspect.free)))
    hidden = len(state.aspects_on(zone, hidden=True))
    if hidden:
        text.append("\n  " + t("board.hidden", count=hidden))
    for key in state.units_in(zone) + tuple(k for k in state.leaders_in(zone) if state.place(k).attached is None):
        text.append("\n" + card_line(state, key))
        leader = state.leader_of(key) if state.unit(key) else None
        if leader is not None and not state.place(key).out:
            text.append("\n  " + card_line(state, leader))
    return text


def card_line(state: FateState, key: str) -> str:
    """One unit or leader: quality, skills as rolled (with the leader's +1), consequences."""
    lang = language()
    unit = state.unit(key)
    card = unit or state.leader(key)
    skills_of = card.skills if card is not None else {}
    parts = []
    for skill in sorted(skills_of, key=lambda s: -skills_of[s]):
        parts.append(f"{ft.skill_name(state, skill)} {state.total(key, skill):+d}")
    head = state.name(key)
    if unit:
        head += f" ({state.rules.quality(unit.quality).name(lang)}, {state.players[state.owner(key)].name})"
    else:
        head = "★ " + head + f" ({state.players[state.owner(key)].name})"
    line = head + ": " + ", ".join(parts)
    consequences = state.consequences_of(key)
    if consequences:
        line += " · " + "; ".join(f"{t(f'fate.slot.{c.slot}')}: {c.text}" for c in consequences)
    free = state.free_slots(key)
    if unit and not free and not consequences:
        line += " · " + t("fate_ui.card.no_consequences")
    # What else is written on the card in play: advantages, boosts, a pin.
    for aspect in state.aspects_on(key):
        if aspect.kind in ("card", "consequence"):
            continue
        line += " · " + aspect.text
        if aspect.kind == "boost":
            line += " " + t("fate_ui.card.boost")
        elif sum(aspect.free):
            line += " " + t("fate_ui.card.free", count=sum(aspect.free))
    return line


# -- before the battle -----------------------------------------------------------


async def next_stage(screen: FieldScreen) -> None:
    state = screen.battle.game
    if state.stage == "muster":
        why = empty_player_refusal(state)
        if why:  # fixable only in the army builder, before the battlefield
            shell(screen).refuse(why)
            return
        record(screen, ev.StartBattlefield())
    elif state.stage == "battlefield":
        record(screen, ev.FinishBattlefield())
    elif state.stage == "deploy":
        why = deploy_refusal(state)
        if why:  # say so before asking who rolls for the initiative
            shell(screen).refuse(why)
            return
        leaders: list[str | None] = []
        for index, player in enumerate(state.players):
            standing = state.standing_leaders(index)
            if not standing:
                leaders.append(None)
                continue
            will = {k: _initiative_rating(state, k) for k in standing}
            options = [Choice(k, state.name(k), ft.ladder(state, will[k])) for k in sorted(standing, key=lambda k: -will[k])]
            picked = options[0].value if len(options) == 1 else await ask(screen, ChoiceDialog(t("fate_ui.dialog.initiative_leader", player=player.name), options, t("fate_ui.dialog.initiative_help")))
            if not isinstance(picked, str):
                return
            leaders.append(picked)
        skill = state.rules.initiative.skill
        asks = [
            fate_ask(state, leader, skill, t("fate_ui.table_initiative")) if leader else fate_dice_ask(player.side, ask_label(player.name, t("fate_ui.table_initiative")), state.rules.dice.count)
            for leader, player in zip(leaders, state.players)
        ]
        typed = await table_faces(screen, asks)
        if typed is None:
            return
        faces = {player: rolled for player, rolled in enumerate(typed) if rolled is not None}
        shell(screen).act(lambda b: b.start_battle(tuple(leaders), faces))


def _initiative_rating(state: FateState, key: str) -> int:
    leader = state.leader(key)
    return leader.rating(state.rules.initiative.skill) if leader is not None else 0


async def on_enter(screen: FieldScreen, cell, key: str | None) -> None:
    state = screen.battle.game
    if state.stage == "battlefield" and key is None:
        await place_zone(screen, cell)
    elif state.stage == "deploy" and key is not None:
        await deploy(screen, key)
    elif state.stage == "battle":
        if state.contest is not None:
            await resolve(screen)
        elif state.activation is None:
            await activate(screen, key)
        elif key is not None:
            await act_on_zone(screen, key)


async def place_zone(screen: FieldScreen, cell) -> None:
    state = screen.battle.game
    placer = state.players[state.placer or 0].name
    name = await ask(screen, TextDialog(t("fate_ui.dialog.zone_name", player=placer), "", t("fate_ui.dialog.zone_name_help")))
    if name:
        record(screen, ev.PlaceZone(player=state.placer or 0, zone=Zone(key=state.board.next_key(), name=name, col=cell[0], row=cell[1])))


async def zone_aspect(screen: FieldScreen, hidden: bool) -> None:
    state = screen.battle.game
    zone = screen.cursor_zone()
    if zone is None:
        return
    player = None
    if hidden:
        cost = state.rules.zones.hidden_aspect_fate_points
        options = [
            Choice(i, p.name, t("fate_ui.fate_points", count=state.fate_points[i]), None if state.fate_points[i] >= cost else t("fate.rule.no_fate_points", player=p.name, need=cost))
            for i, p in enumerate(state.players)
        ]
        player = await ask(screen, ChoiceDialog(t("fate_ui.dialog.hidden_who"), options, t("fate_ui.dialog.hidden_help")))
        if player is None:
            return
    text = await ask(screen, TextDialog(t("fate_ui.dialog.aspect_text", zone=state.board.zone(zone).name), "", t("fate_ui.dialog.aspect_help")))
    if not text:
        return
    hinders = await ask(screen, ChoiceDialog(t("fate_ui.dialog.hinders", aspect=text), [Choice(False, t("fate_ui.no")), Choice(True, t("fate_ui.dialog.hinders_yes"))]))
    if hinders is None:
        return
    record(screen, ev.ZoneAspect(zone=zone, text=text, hinders=hinders, player=player))


async def deploy(screen: FieldScreen, zone: str) -> None:
    state = screen.battle.game
    waiting = set(undeployed(state))
    options: list[Choice] = []
    for player in state.players:
        # A leader joins a unit standing here; one still waiting is offered
        # greyed out (joined now, the leader would leave the board until the
        # unit is placed); units elsewhere have their own card.
        joinable = [u for u in player.units if u.key in waiting or state.zone_of(u.key) == zone]
        for unit in player.units:
            options.append(choice(screen, ev.Deploy(card=unit.key, zone=zone), unit.name, _where(state, unit.key, player.name, waiting)))
        for ld in player.leaders:
            options.append(choice(screen, ev.Deploy(card=ld.key, zone=zone), "★ " + ld.name + " " + t("fate_ui.dialog.alone"), _where(state, ld.key, player.name, waiting)))
            for unit in joinable:
                event = ev.Attach(leader=ld.key, unit=unit.key)
                joined = state.place(ld.key).attached == unit.key
                why = t("fate_ui.dialog.joined") if joined else t("fate_ui.dialog.place_first", unit=unit.name) if unit.key in waiting else refusal(screen, event)
                options.append(Choice(event, "★ " + ld.name + " → " + unit.name, player.name, why))
    options.sort(key=lambda c: (c.closed is not None, not any(k in waiting for k in _keys(c.value))))
    event = await ask(screen, ChoiceDialog(t("fate_ui.dialog.deploy", zone=state.board.zone(zone).name), options, t("fate_ui.dialog.deploy_help")))
    if event is not None:
        record(screen, event)


def _where(state, key: str, player: str, waiting: set[str]) -> str:
    """The player, and where a card already placed stands."""
    if key in waiting:
        return player
    zone = state.zone_of(key)
    where = state.board.zone(zone).name if zone else ""
    unit = state.place(key).attached
    if unit is not None:
        return player + " · " + t("fate_ui.dialog.placed_with", unit=state.name(unit), zone=where)
    return player + " · " + t("fate_ui.dialog.placed", zone=where)


def _keys(event) -> tuple[str, ...]:
    return tuple(getattr(event, name) for name in ("card", "leader") if hasattr(event, name))


# -- a turn ------------------------------------------------------------------------


async def activate(screen: FieldScreen, zone: str | None = None) -> None:
    state = screen.battle.game
    player = state.current_player
    if player is None:
        return
    waiting = state.waiting(player)
    here = [k for k in waiting if zone is not None and state.zone_of(k) == zone]
    keys = here if here else list(waiting)
    if len(here) == 1:  # the GM points at the one unit to act
        record(screen, ev.Activate(actor=here[0]))
        return
    # Anyone else is asked for, even when only one is left: "v Enter" then
    # always activates the first in the list, never moves a unit by a
    # stray Enter on the board.
    options = [choice(screen, ev.Activate(actor=k), state.name(k), state.board.zone(state.zone_of(k) or "").name if state.zone_of(k) else "") for k in keys]
    event = await ask(screen, ChoiceDialog(t("fate_ui.dialog.activate", player=state.players[player].name), options, t("fate_ui.dialog.activate_help")))
    if event is not None:
        record(screen, event)


async def free_move(screen: FieldScreen) -> None:
    zone = screen.cursor_zone()
    if zone is not None:
        record(screen, ev.Move(to=zone))


async def act_on_zone(screen: FieldScreen, zone: str) -> None:
    """Enter on a card while a unit acts: move there if it can, else overcome."""
    state = screen.battle.game
    activation = state.activation
    if activation is None:
        return
    if state.zone_of(activation.actor) != zone and refusal(screen, ev.Move(to=zone)) is None:
        record(screen, ev.Move(to=zone))
        return
    await overcome(screen)


def end_turn(screen: FieldScreen) -> None:
    record(screen, ev.EndActivation())
