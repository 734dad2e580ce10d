"""The dialogs behind the map's keys while the scene is set: laying zone
cards, joining two with an edge (one of the text's examples, or costs
typed in its notation), writing aspects and situations on a zone, placing
characters, and starting the conflict with one of the two turn orders.

Each flow asks what it needs (escape abandons it and changes nothing) and
records exactly one event. The rules decide: a flow offers what the core
allows and shows, greyed out, why the rest is not.
"""

from __future__ import annotations

from typing import Any

from tui.core.maps.zones import Zone
from tui.core.maps.edges import EdgeNotationError, parse_costs
from tui.core.errors import BoardError
from tui.core.i18n import language, t
from tui.core.records import MAX_NAME, text_problem
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.rules import shipped
from tui.ui.shell.battle_screen import BattleScreen, shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog, TextDialog
from tui.ui.shell.menus import data_menu, menu
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.table_dice import Ask, ask_label, fate_dice_ask, table_faces
from tui.core.systems.second_world.state import SWState


MapScreen = ZoneMapScreen[SecondWorldBattle]
"""The map as the flows see it (they never import the screen)."""


ZONE_MENU = menu("sw.zone", "rename", "aspects", "situations", "edge", "deploy", "remove")
EDGE_MENU = data_menu("sw.edge", lambda: (*(p.key for p in shipped().edge_presets), "typed", "toggle", "remove"))
SITUATION_MENU = data_menu("sw.situation", lambda: tuple(s.key for s in shipped().situational))
ORDER_MENU = menu("sw.order", "swivel", "captain")
STATE_MENU = menu("sw.edge_state", "open", "closed")


async def ask(screen: BattleScreen[Any], dialog: Any) -> Any:
    """Show a dialog and wait for the GM's answer (None: escape)."""
    return await screen.app.push_screen_wait(dialog)


def record(screen: BattleScreen[Any], event: Any) -> bool:
    return shell(screen).act(lambda b: b.record(event))


def choice(screen: BattleScreen[Any], event: Any, label: str, note: str = "", entry: str = "") -> Choice:
    """An option that records ``event``, greyed out with the rule that refuses it."""
    return Choice(event, label, note, screen.battle.step_refusal(event), entry=entry)


# -- zones -----------------------------------------------------------------------------


async def on_enter(screen: MapScreen, cell: tuple[int, int], key: str | None) -> None:
    if screen.battle.game.stage != "scene":
        return
    if key is None:
        await place_zone(screen, cell)
    else:
        await zone_menu(screen, key)


async def place_zone(screen: MapScreen, cell: tuple[int, int]) -> None:
    name = await ask(screen, TextDialog(t("sw_ui.dialog.zone_name"), "", t("sw_ui.dialog.zone_name_help")))
    if name:
        record(screen, ev.PlaceZone(zone=Zone(key=screen.battle.game.board.next_key(), name=name, col=cell[0], row=cell[1])))


async def zone_menu(screen: MapScreen, zone: str) -> None:
    state = screen.battle.game
    name = state.board.zone(zone).name
    options = [
        Choice("rename", t("sw_ui.zone.rename")),
        Choice("aspects", t("sw_ui.zone.aspects"), ", ".join(state.zone_info(zone).aspects)),
        Choice("situations", t("sw_ui.zone.situations")),
        Choice("edge", t("sw_ui.zone.edge"), closed=None if state.board.neighbours(zone) else t("sw_ui.zone.no_neighbour")),
        Choice("deploy", t("sw_ui.zone.deploy"), closed=None if state.characters else t("sw_ui.zone.no_characters")),
        choice(screen, ev.RemoveZone(key=zone), t("sw_ui.zone.remove"), entry="remove"),
    ]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.zone_menu", zone=name), options, menu=ZONE_MENU))
    if picked is None:
        return
    if isinstance(picked, ev.RemoveZone):
        record(screen, picked)
    elif picked == "rename":
        new = await ask(screen, TextDialog(t("sw_ui.dialog.zone_rename", zone=name), name, t("sw_ui.dialog.zone_name_help")))
        if new and new != name:
            record(screen, ev.RenameZone(key=zone, name=new))
    elif picked == "aspects":
        await aspects(screen, zone)
    elif picked == "situations":
        await situations(screen, zone)
    elif picked == "edge":
        await edge(screen, zone)
    elif picked == "deploy":
        await deploy(screen, zone)


MOST_ASPECTS = 7
LIST_LENGTH = MOST_ASPECTS * (MAX_NAME + 2)
"""The longest line of aspects (or skills, or sides) separated by semicolons."""


def parts_of(text: str) -> tuple[str, ...]:
    """The items of a line separated by semicolons."""
    return tuple(part.strip() for part in text.split(";") if part.strip())


def aspects_problem(text: str, most: int = MOST_ASPECTS) -> str | None:
    """What is wrong with a line of aspects (too many, one not plain text), or None."""
    parts = parts_of(text)
    if len(parts) > most:
        return t("sw_ui.dialog.aspects_too_many", most=most)
    for number, part in enumerate(parts, start=1):
        problem = text_problem(part, MAX_NAME)
        if problem == "long":
            return t("sw_ui.dialog.aspect_long", number=number, most=MAX_NAME)
        if problem is not None:
            return t(f"error.name_{problem}", most=MAX_NAME)
    return None


async def aspects(screen: MapScreen, zone: str) -> None:
    """The zone's aspects, typed on one line, separated by semicolons."""
    state = screen.battle.game
    current = "; ".join(state.zone_info(zone).aspects)
    text = await ask(screen, TextDialog(t("sw_ui.dialog.aspects", zone=state.board.zone(zone).name), current, t("sw_ui.dialog.aspects_help"), check=aspects_problem, max_length=LIST_LENGTH))
    if text is None:
        return
    parts = parts_of(text)
    if parts != state.zone_info(zone).aspects:
        record(screen, ev.ZoneAspects(zone=zone, aspects=parts))


async def situations(screen: MapScreen, zone: str) -> None:
    state = screen.battle.game
    on = state.zone_info(zone).situations
    lang = language()
    options = [
        Choice(ev.Situation(zone=zone, situation=s.key, on=s.key not in on), s.name(lang), t("sw_ui.situation.on" if s.key in on else "sw_ui.situation.off"),
               detail=t(f"sw_ui.situation.detail_{'none' if not s.ranged else 'reach'}", most=s.max_range or 0), entry=s.key)
        for s in state.rules.situational
    ]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.situations", zone=state.board.zone(zone).name), options, t("sw_ui.dialog.situations_help"), menu=SITUATION_MENU))
    if picked is not None:
        record(screen, picked)


# -- edges -------------------------------------------------------------------------------


async def edge(screen: MapScreen, zone: str) -> None:
    """Join the zone to a touching one: a preset, typed costs, or (for an
    edge already there) open or close it by the GM's ruling, or take it away."""
    state = screen.battle.game
    board = state.board
    neighbours = board.neighbours(zone)
    if not neighbours:
        return
    options = []
    for other in neighbours:
        there = board.edge(zone, other)
        note = f"{there.label} {there.left_text}".strip() if there is not None else t("sw_ui.edge.none")
        options.append(Choice(other, board.zone(other).name, note))
    picked = options[0].value if len(options) == 1 else await ask(screen, ChoiceDialog(t("sw_ui.dialog.edge_to", zone=board.zone(zone).name), options))
    if isinstance(picked, str):
        await edge_between(screen, zone, picked)


async def edge_between(screen: MapScreen, zone: str, other: str) -> None:
    state = screen.battle.game
    lang = language()
    there = state.board.edge(zone, other)
    options = [Choice(p, p.name(lang), p.costs + (" · " + t("sw_ui.edge.starts_closed") if p.closed else ""), entry=p.key) for p in state.rules.edge_presets]
    options.append(Choice("typed", t("sw_ui.edge.typed")))
    if there is not None:
        label = t("sw_ui.edge.close" if not there.closed else "sw_ui.edge.open")
        try:
            changed = there.opened() if there.closed else there.shut()
            options.append(choice(screen, ev.SetEdge(a=there.a, b=there.b, **changed.model_dump(exclude={"a", "b"})), label, t("sw_ui.edge.ruling"), entry="toggle"))
        except BoardError as exc:
            options.append(Choice("toggle", label, t("sw_ui.edge.ruling"), str(exc)))
        options.append(choice(screen, ev.RemoveEdge(a=zone, b=other), t("sw_ui.edge.remove"), entry="remove"))
    title = t("sw_ui.dialog.edge_kind", a=state.board.zone(zone).name, b=state.board.zone(other).name)
    picked = await ask(screen, ChoiceDialog(title, options, t("sw_ui.dialog.edge_kind_help"), menu=EDGE_MENU))
    if picked is None:
        return
    if isinstance(picked, (ev.SetEdge, ev.RemoveEdge)):
        record(screen, picked)
        return
    if picked != "typed":
        open_cost, traverse, close_cost = parse_costs(picked.costs)
        record(screen, ev.SetEdge(a=zone, b=other, open_cost=open_cost, traverse=traverse, close_cost=close_cost, closed=picked.closed, label=picked.name(lang)))
        return
    await typed_edge(screen, zone, other, there.notation if there is not None else "")


async def typed_edge(screen: MapScreen, zone: str, other: str, current: str) -> None:
    def check(text: str) -> str | None:
        try:
            parse_costs(text)
        except EdgeNotationError as exc:
            return str(exc)
        return None

    costs = await ask(screen, TextDialog(t("sw_ui.dialog.edge_costs"), current, t("sw_ui.dialog.edge_costs_help"), check=check))
    if costs is None:
        return
    open_cost, traverse, close_cost = parse_costs(costs)
    closed = False
    if open_cost is not None or close_cost is not None:
        states = [Choice(False, t("sw_ui.edge.state_open"), entry="open"), Choice(True, t("sw_ui.edge.state_closed"), entry="closed")]
        picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.edge_state"), states, menu=STATE_MENU))
        if picked is None:
            return
        closed = bool(picked)
    label = await ask(screen, TextDialog(t("sw_ui.dialog.edge_label"), "", t("sw_ui.dialog.edge_label_help"), check=lambda _: None))
    if label is None:
        return
    record(screen, ev.SetEdge(a=zone, b=other, open_cost=open_cost, traverse=traverse, close_cost=close_cost, closed=closed, label=label.strip()))


# -- the cast and the start ---------------------------------------------------------------


async def deploy(screen: MapScreen, zone: str) -> None:
    state = screen.battle.game
    # Characters not placed yet first.
    cast = sorted(state.characters, key=lambda c: state.zone_of(c.key) is not None)
    options = []
    for character in cast:
        where = state.zone_of(character.key)
        note = state.sides[character.side] + (" · " + state.board.zone(where).name if where else "")
        options.append(choice(screen, ev.Deploy(key=character.key, zone=zone), character.name, note))
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.deploy", zone=state.board.zone(zone).name), options, t("sw_ui.dialog.deploy_help")))
    if picked is not None:
        record(screen, picked)


async def start(screen: MapScreen) -> None:
    state = screen.battle.game
    orders = [Choice("swivel", t("sw.order.swivel"), detail=t("sw_ui.order.swivel_detail")), Choice("captain", t("sw.order.captain"), detail=t("sw_ui.order.captain_detail"))]
    order = await ask(screen, ChoiceDialog(t("sw_ui.dialog.order"), orders, menu=ORDER_MENU))
    if order is None:
        return
    fighting = sorted({c.side for c in state.characters})
    ambushes = [Choice(-1, t("sw_ui.ambush.none"))] + [Choice(side, t("sw_ui.ambush.side", side=state.sides[side])) for side in fighting]
    ambush = await ask(screen, ChoiceDialog(t("sw_ui.dialog.ambush"), ambushes, t("sw_ui.dialog.ambush_help")))
    if ambush is None:
        return
    typed: dict[int, tuple[int, ...]] = {}
    if order == "swivel":  # everyone rolls Notice
        notice = state.rules.initiative.swivel_skill
        faces = await table_faces(screen, [sw_ask(state, c.key, notice, t("sw_ui.table_initiative")) for c in state.characters])
        if faces is None:
            return
        typed = {index: rolled for index, rolled in enumerate(faces) if rolled is not None}
    shell(screen).act(lambda b: b.start_conflict(order, ambush=None if ambush < 0 else ambush, typed=typed))


def sw_ask(state: SWState, key: str, skill: str | None, words: str = "") -> Ask:
    """The faces of one character's roll typed at the table (``shell.table_dice``)."""
    character = state.character(key)
    label = ask_label(character.name, state.rules.skill(skill).name(language()) if skill else "", words)
    return fate_dice_ask(character.side, label, state.rules.dice.count)


__all__ = ["aspects", "deploy", "edge", "on_enter", "place_zone", "situations", "start", "sw_ask", "zone_menu"]
