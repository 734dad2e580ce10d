"""The dialogs behind the map's keys during the conflict: whose turn it
is, the free move or wearing an edge down instead, the move action planned
step by step against its shifts, invokes on the roll on the table, full
defence, casting, concession, ending the turn.

Each flow asks what it needs (escape abandons it and changes nothing) and
records its events through ``app.act``. The rules decide: what they refuse
is shown greyed out with why.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tui.core.dice.odds import percent
from tui.core.maps.edges import Edge
from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.chances import move_chances, shifts_worth_showing
from tui.core.systems.second_world.moving import shifts_of, walk
from tui.core.systems.second_world.rolls import hostile_aspects, invokable, payer
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.menus import menu
from tui.ui.second_world.map_flows import ask, choice, record, sw_ask
from tui.ui.shell.table_dice import table_faces
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.ui.shell.zone_screen import ZoneMapScreen


MapScreen = ZoneMapScreen[SecondWorldBattle]
"""The map as the flows see it (they never import the screen)."""


STEP_MENU = menu("sw.step", "cross", "open", "close", "done")
COST_MENU = menu("sw.cost", "open", "traverse", "close")
INVOKE_MENU = menu("sw.invoke", "bonus", "reroll")



async def begin_turn(screen: MapScreen, zone: str | None = None) -> None:
    """Who acts now: in "Head on a Swivel" the next in order (no question);
    in "Captain Takes Point" anyone of the side in turn (first those in the zone under the cursor)."""
    state = screen.battle.game
    if state.order_kind == "swivel":
        up = state.next_up()
        if up is not None:
            record(screen, ev.BeginTurn(key=up))
        return
    cast = sorted(state.characters, key=lambda c: (state.zone_of(c.key) != zone, not state.may_begin(c.key)))
    options = [choice(screen, ev.BeginTurn(key=c.key), c.name, state.sides[c.side]) for c in cast]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.begin"), options, t("sw_ui.dialog.begin_help")))
    if picked is not None:
        record(screen, picked)


async def free_move(screen: MapScreen) -> None:
    state = screen.battle.game
    actor = state.turn.actor
    here = state.zone_of(actor) if actor else None
    if actor is None or here is None:
        return
    options = []
    for other in state.board.neighbours(here):
        edge = state.board.edge(here, other)
        options.append(choice(screen, ev.FreeMove(key=actor, to=other), state.board.zone(other).name, edge.left_text if edge else ""))
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.free_move", name=state.character(actor).name), options, t("sw_ui.dialog.free_move_help")))
    if picked is not None:
        record(screen, picked)


async def erode(screen: MapScreen) -> None:
    """The free move spent wearing down one cost of an edge of the actor's zone."""
    state = screen.battle.game
    actor = state.turn.actor
    here = state.zone_of(actor) if actor else None
    if actor is None or here is None:
        return
    edges = state.board.edges_of(here)
    if not edges:
        shell(screen).refuse(t("sw_ui.no_edge_here"), severity="warning", bell=False)
        return
    options = [Choice(e, f"{e.label or t('board.describe.edge')} {e.left_text}", state.board.zone(e.other(here)).name) for e in edges]
    edge = edges[0] if len(edges) == 1 else await ask(screen, ChoiceDialog(t("sw_ui.dialog.erode_which"), options))
    if not isinstance(edge, Edge):
        return
    costs = [choice(screen, ev.Erode(key=actor, a=edge.a, b=edge.b, cost=cost), t(f"edge.cost.{cost}"), entry=cost) for cost in ("open", "traverse", "close")]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.erode_cost"), costs, t("sw_ui.dialog.erode_help"), menu=COST_MENU))
    if picked is not None:
        record(screen, picked)


async def move_action(screen: MapScreen) -> None:
    """Roll Athletics against 0; the shifts are spent by ``plan_move`` (r)."""
    state = screen.battle.game
    actor = state.turn.actor
    if actor is None:
        return
    odds = move_chances(state, actor)
    most = shifts_worth_showing(state)
    detail = " · ".join(f"{n}+: {percent(odds.get(n, Fraction(0)))}" for n in range(1, most + 1))
    options = [Choice("roll", t("sw_ui.move.roll"), detail)]
    if await ask(screen, ChoiceDialog(t("sw_ui.dialog.move", name=state.character(actor).name), options, t("sw_ui.dialog.move_help"))) != "roll":
        return
    typed = await table_faces(screen, [sw_ask(state, actor, state.rules.move.skill)])
    if typed is not None:
        faces = typed[0]
        shell(screen).act(lambda b: b.move_roll(actor, faces))


async def plan_move(screen: MapScreen) -> None:
    """The rolled move action's steps, one at a time, each shown with what
    is left after it, until the GM stops (or nothing is left to spend)."""
    steps: list[ev.MoveStep] = []
    while True:
        state = screen.battle.game
        now = walk(state, tuple(steps))
        if now.shifts == 0:
            break
        options = []
        for other in now.board.neighbours(now.here):
            edge = now.board.edge(now.here, other)
            name = now.board.zone(other).name
            for do in ("cross", "open", "close"):
                if do != "cross" and edge is None:
                    continue
                step = ev.MoveStep(do=do, to=other)
                why = _step_refusal(state, (*steps, step))
                note = (edge.left_text if edge else "") if do == "cross" else ""
                if do == "cross" and why is None:
                    note = _short_of(state, (*steps, step), other, note)
                options.append(Choice(step, t(f"sw_ui.step.{do}", zone=name), note, why, entry=do))
        options.append(Choice("done", t("sw_ui.step.done")))
        title = t("sw_ui.dialog.plan", zone=now.board.zone(now.here).name, shifts=now.shifts, zones=now.zones)
        picked = await ask(screen, ChoiceDialog(title, options, t("sw_ui.dialog.plan_help"), menu=STEP_MENU))
        if picked is None:
            return
        if picked == "done":
            break
        steps.append(picked)
    record(screen, ev.MoveResolve(steps=tuple(steps)))


def _short_of(state: Any, steps: tuple[ev.MoveStep, ...], zone: str, note: str) -> str:
    """A crossing the shifts left can't pay in full only wears the edge
    down: the option says so (the playthrough took "Into No Man's Land"
    with 4 shifts for a crossing of 5 and stayed where it was)."""
    after = walk(state, steps)
    if after.here == zone:
        return note
    edge = after.board.edge(after.here, zone)
    return " · ".join(filter(None, [note, t("sw_ui.step.wears", left=edge.left_text if edge else "")]))


def _step_refusal(state: Any, steps: tuple[ev.MoveStep, ...]) -> str | None:
    try:
        walk(state, steps)
    except MassCombatError as exc:
        return str(exc)
    return None


async def invoke(screen: MapScreen) -> None:
    """An aspect invoked on the roll on the table, by the roller or the defender."""
    state = screen.battle.game
    pending = state.pending
    if pending is None:
        return
    rollers = [pending.actor.key] + ([pending.defence.key] if pending.defence else [])
    who = rollers[0]
    if len(rollers) > 1:
        picked_who = await ask(screen, ChoiceDialog(t("sw_ui.dialog.invoke_who"), [Choice(k, state.character(k).name) for k in rollers]))
        if not isinstance(picked_who, str):
            return
        who = picked_who
    side = pending.side_of(who)
    assert side is not None
    fighter = state.fighter(who)
    hostile = {text: other for other, text in hostile_aspects(state, who, pending)}
    options = []
    for text in invokable(state, who, pending):
        held = next((a for a in state.aspects if a.text == text and a.free > 0 and a.holder == state.character(who).side), None)
        probe = ev.Invoke(counter=state.counter, aspect=text, by=who if who != pending.actor.key else None, free=held is not None)
        if held:
            note = t("sw_ui.invoke.free")
        elif payer(state, who) == "gm":
            note = t("sw_ui.invoke.paid_gm", points=state.gm_pool)
        else:
            note = t("sw_ui.invoke.paid", points=fighter.fate_points)
        if text in hostile and not held:
            note += " · " + t("sw_ui.invoke.hostile", name=state.character(hostile[text]).name)
        options.append(choice(screen, probe, text, note))
    if not options:
        shell(screen).refuse(t("sw_ui.invoke.none"), severity="warning", bell=False)
        return
    aspect = await ask(screen, ChoiceDialog(t("sw_ui.dialog.invoke", name=state.character(who).name, total=side.total), options))
    if aspect is None:
        return
    how = await ask(screen, ChoiceDialog(t("sw_ui.dialog.invoke_how", aspect=aspect.aspect), [
        Choice("bonus", t("sw_ui.invoke.bonus", bonus=state.rules.invokes.bonus)),
        Choice("reroll", t("sw_ui.invoke.reroll")),
    ], menu=INVOKE_MENU))
    if how is None:
        return
    faces = None
    if how == "reroll":
        typed = await table_faces(screen, [sw_ask(state, who, side.skill, t("sw_ui.table_reroll", aspect=aspect.aspect))])
        if typed is None:
            return
        faces = typed[0]
    shell(screen).act(lambda b: b.invoke(aspect.aspect, reroll=how == "reroll", by=aspect.by, free=aspect.free, typed=faces))


async def concede(screen: MapScreen) -> None:
    state = screen.battle.game
    options = [choice(screen, ev.Concede(key=c.key), c.name, state.sides[c.side]) for c in state.characters]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.concede"), options, t("sw_ui.dialog.concede_help")))
    if picked is not None:
        record(screen, picked)


def shifts_line(screen: MapScreen) -> str:
    state = screen.battle.game
    return t("sw_ui.move.shifts", shifts=shifts_of(state)) if state.pending is not None and state.pending.action == "move" else ""


__all__ = ["begin_turn", "concede", "erode", "free_move", "invoke", "move_action", "plan_move", "shifts_line"]
