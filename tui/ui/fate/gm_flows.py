"""The zone board's keys that act at any time of the battle, around the
dice: leftover build points (a fate point, reinforcements), conceding, and
the GM's hand (fate points, a leader defeated off the dice, an aspect
struck from play). Each flow records one event through ``app.act``."""

from __future__ import annotations

from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.forces import Unit, next_key
from tui.core.systems.fate.reinforce import chest_left, reinforcement_zones
from tui.core.systems.fate.state import FateState
from tui.core.systems.fate.turns import concession_award
from tui.ui.fate import menus
from tui.ui.fate.army_dialogs import UnitDialog
from tui.ui.fate.flows import FieldScreen, choice, record
from tui.ui.fate.roll_flows import ask
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.table_dice import switch_table
from tui.core.systems.fate.story import side_name


async def _pick_player(screen: FieldScreen, title: str, make) -> object:
    state = screen.battle.game
    options = [choice(screen, make(i), p.name, t("fate_ui.fate_points", count=state.fate_points[i])) for i, p in enumerate(state.players)]
    return await ask(screen, ChoiceDialog(title, options))


async def buy(screen: FieldScreen) -> None:
    """Leftover build points: a fate point for any player, or reinforcements
    for the player whose card is acting, as its action (RULES-NOTES)."""
    state = screen.battle.game
    act = state.activation
    cheapest = min(q.cost for q in state.rules.qualities)
    if act is None:
        why: str | None = t("fate_ui.spend.reinforce_no_turn")
    elif chest_left(state, act.player) < cheapest:
        why = t("fate.rule.reinforce_cost", player=state.players[act.player].name, left=chest_left(state, act.player), cost=cheapest, unit=t("fate_ui.spend.a_unit"))
    elif not (zones := reinforcement_zones(state, act.player)):
        why = t("fate_ui.spend.reinforce_no_zone")
    else:
        why = screen.battle.step_refusal(ev.Reinforce(unit=_probe_unit(state), zone=zones[0]))
    player = state.players[act.player].name if act is not None else ""
    options = [
        Choice("fate_point", t("fate_ui.spend.fate_point", cost=state.rules.battle_chest.fate_point_cost), entry="fate_point"),
        Choice("reinforce", t("fate_ui.spend.reinforce", player=player) if player else t("fate_ui.spend.reinforce_anyone"), closed=why, entry="reinforce"),
    ]
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.spend"), options, t("fate_ui.dialog.spend_help"), menu=menus.SPEND))
    if picked == "fate_point":
        event = await _pick_player(screen, t("fate_ui.dialog.buy"), lambda i: ev.BuyFatePoint(player=i))
        if event is not None:
            record(screen, event)
    elif picked == "reinforce" and act is not None:
        await _reinforce(screen, act.player)


def _probe_unit(state: FateState) -> Unit:
    """The cheapest unit the ruleset allows: what a refusal is asked about."""
    quality = min(state.rules.qualities, key=lambda q: q.cost)
    skills = [s.key for s in state.rules.skills]
    return Unit(key=next_key(state.players, "u"), name="—", quality=quality.key, skills=dict(zip(skills, quality.skills)))


async def _reinforce(screen: FieldScreen, player: int) -> None:
    state = screen.battle.game
    unit = await ask(screen, UnitDialog(state.rules, next_key(state.players, "u"), None, chest_left(state, player)))
    if not isinstance(unit, Unit):
        return
    zones = reinforcement_zones(state, player)
    here = screen.cursor_zone()
    options = [Choice(z, state.board.zone(z).name) for z in zones]
    zone = await ask(screen, ChoiceDialog(t("fate_ui.dialog.reinforce_zone", unit=unit.name), options, t("fate_ui.dialog.reinforce_zone_help"), highlight=here if here in zones else None))
    if isinstance(zone, str):
        record(screen, ev.Reinforce(unit=unit, zone=zone))


async def concede(screen: FieldScreen) -> None:
    """Who concedes, then a yes/no naming what it costs and earns: there
    is no taking it back but undo."""
    event = await _pick_player(screen, t("fate_ui.dialog.concede"), lambda i: ev.Concede(player=i))
    if not isinstance(event, ev.Concede):
        return
    state = screen.battle.game
    name = state.players[event.player].name
    award = concession_award(state, event.player)
    sure = await ask(screen, ChoiceDialog(
        t("fate_ui.dialog.concede_sure", player=name),
        [Choice(True, t("fate_ui.concede.yes", player=name)), Choice(False, t("fate_ui.concede.no"))],
        t("fate_ui.concede.help", count=award),
        highlight=False,
    ))
    if sure and record(screen, event, asked=True):
        screen.notify(t("fate_ui.concede.done", player=name, count=award), timeout=12, markup=False)


async def gm_menu(screen: FieldScreen) -> None:
    """The GM's hand outside the dice: fate points, a leader defeated by
    surrender or persuasion ("or whatever": the text's Winning), an aspect
    struck from play."""
    state = screen.battle.game
    beaten = [(p, ld) for p in state.players for ld in p.leaders if not state.place(ld.key).out]
    struck = [a for a in state.aspects if a.kind not in ("card", "consequence")]
    options = [
        Choice("fate_points", t("fate_ui.gm.fate_points"), entry="fate_points"),
        Choice("defeat_leader", t("fate_ui.gm.defeat_leader"), t("fate_ui.gm.defeat_leader_note"),
               None if state.stage == "battle" and beaten else t("fate_ui.gm.no_leader" if state.stage == "battle" else "fate_ui.gm.in_battle"), entry="defeat_leader"),
        Choice("remove_aspect", t("fate_ui.gm.remove_aspect"), t("fate_ui.gm.remove_aspect_note"), None if struck else t("fate_ui.gm.no_aspect"), entry="remove_aspect"),
    ]
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.gm"), options, menu=menus.GM))
    if picked == "fate_points":
        await gm_fate_points(screen)
    elif picked == "defeat_leader":
        await _defeat_leader(screen)
    elif picked == "remove_aspect":
        await _remove_aspect(screen)


async def _defeat_leader(screen: FieldScreen) -> None:
    state = screen.battle.game
    leaders = [Choice(ld.key, ld.name, p.name) for p in state.players for ld in p.leaders if not state.place(ld.key).out]
    leader = await ask(screen, ChoiceDialog(t("fate_ui.dialog.defeat_which"), leaders))
    if leader is None:
        return
    side = state.side_of(leader)
    found = state.leader(leader)
    name = found.name if found is not None else leader
    players = [choice(screen, ev.DefeatLeader(leader=leader, by=i), p.name) for i, p in enumerate(state.players) if p.side != side]
    event = await ask(screen, ChoiceDialog(t("fate_ui.dialog.defeat_by", name=name), players, t("fate_ui.dialog.defeat_by_help")))
    if event is not None:
        record(screen, event)


async def _remove_aspect(screen: FieldScreen) -> None:
    state = screen.battle.game
    options = [choice(screen, ev.RemoveAspect(aspect=a.id), a.text, _aspect_place(screen, a.on)) for a in state.aspects if a.kind not in ("card", "consequence")]
    event = await ask(screen, ChoiceDialog(t("fate_ui.dialog.remove_which"), options))
    if event is not None:
        record(screen, event)


def _aspect_place(screen: FieldScreen, on: str) -> str:
    state = screen.battle.game
    zone = next((z for z in state.board.zones if z.key == on), None)
    return zone.name if zone is not None else state.name(on)


async def gm_fate_points(screen: FieldScreen) -> None:
    state = screen.battle.game
    options = [Choice(i, p.name, t("fate_ui.fate_points", count=state.fate_points[i])) for i, p in enumerate(state.players)]
    player = await ask(screen, ChoiceDialog(t("fate_ui.dialog.gm_fate_points"), options))
    if player is None:
        return
    held = state.fate_points[player]
    # The title and the range say the same: taking away only what the player holds.
    title = t("fate_ui.dialog.gm_change" if held else "fate_ui.dialog.gm_give", player=state.players[player].name)
    change = await ask(screen, NumberDialog(title, 1, -held, 9, t("fate_ui.dialog.gm_change_help", count=held)))
    if change:
        record(screen, ev.FatePoints(player=player, change=change))




async def table_dice(screen: FieldScreen) -> None:
    """Which sides roll their own dice at the table (``shell.table_dice``)."""
    state = screen.battle.game
    await switch_table(screen, [side_name(state, side) for side in (0, 1)])


__all__ = ["buy", "concede", "gm_fate_points", "gm_menu", "table_dice"]
