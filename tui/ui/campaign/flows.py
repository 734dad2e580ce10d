"""The campaign's flows of dialogs: mustering a battle, carrying a
battle's aftermath back (seen, and edited, before it is written), rest,
a week's upkeep, enlisting the forces of a battle, a side's Treasury or
fate points, and the sides' names. Each ends in one campaign step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from tui.core.campaign.battles import battles_beside, keep_map, muster, offer
from tui.core.campaign.campaign import OUT_OF_SERVICE, Campaign, CampaignState
from tui.core.campaign.events import Amend, SetSides
from tui.core.campaign.roster import Change, number
from tui.core.errors import MassCombatError
from tui.core.files.storage import create_session
from tui.core.i18n import t
from tui.core.records import printable
from tui.ui.campaign.choice import CampaignExit
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog, TextDialog
from tui.ui.shell.menus import menu

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.ui.campaign.app import CampaignApp

PICK_MENU = menu("campaign.pick", "go", "force")
CHANGES_MENU = menu("campaign.changes", "write", "change")
ENLIST_MENU = menu("campaign.enlist", "go", "force")
SIDES_MENU = menu("campaign.sides", "side", "add")
ENLIST_FILE_MENU = menu("campaign.enlist_file", "file")
PURSE_MENU = menu("campaign.purse", "side")
MAP_MENU = menu("campaign.map", "none", "map")


def app_of(screen: "Screen[Any]") -> "CampaignApp":
    return cast("CampaignApp", screen.app)


async def ask(screen: "Screen[Any]", dialog: Any) -> Any:
    return await screen.app.push_screen_wait(dialog)


def mark(app: "CampaignApp", on: bool) -> str:
    """A ticked or an empty box before an option (✓, or x in ASCII)."""
    return ("x" if app.draws_ascii() else "✓") if on else " "


# -- muster ---------------------------------------------------------------------------------


async def muster_flow(screen: "Screen[Any]") -> None:
    app = app_of(screen)
    campaign = app.campaign
    state = campaign.state
    ready = [f for f in state.roster.forces if f.status not in OUT_OF_SERVICE]
    picked = {f.key for f in ready}
    ordered = sorted(state.roster.forces, key=lambda f: f.side)
    last: object = None
    while True:
        sides = sorted({state.roster.force(k).side for k in picked})
        names = ", ".join(printable(state.roster.sides[s].name) for s in sides)
        go_closed = t("campaign_ui.muster.two_sides") if len(sides) < 2 else None
        options = [Choice("go", t("campaign_ui.muster.go", count=len(picked), sides=names or "—"), closed=go_closed, entry="go")]
        for force in ordered:
            side = printable(state.roster.sides[force.side].name)
            label = f"{mark(app, force.key in picked)} {printable(app.rules.force_name(force))}"
            closed = t("campaign_ui.muster.out", status=app.rules.status_name(force.status)) if force.status in OUT_OF_SERVICE else None
            note = side if force.status == "ready" or closed else f"{side} · {app.rules.status_name(force.status)}"
            options.append(Choice(force.key, label, note, closed, entry="force"))
        answer = await ask(screen, ChoiceDialog(t("campaign_ui.muster.title"), options, t("campaign_ui.muster.help"), highlight=last, menu=PICK_MENU))
        if answer is None:
            return
        if answer != "go":
            picked ^= {answer}
            last = answer
            continue
        break
    map_name = ""
    if app.rules.maps and state.kept:
        options = [Choice("", t("campaign_ui.muster.no_map"), entry="none")]
        options += [Choice(name, printable(name), t("campaign_ui.muster.map_zones", count=len(data.get("zones", ()))), entry="map") for name, data in state.kept]
        picked_map = await ask(screen, ChoiceDialog(t("campaign_ui.muster.map"), options, menu=MAP_MENU))
        if picked_map is None:
            return
        map_name = picked_map
    title = await ask(screen, TextDialog(t("campaign_ui.muster.name"), f"{campaign.meta.title} {len(state.battles) + 1}"[:60]))
    if title is None:
        return
    forces = tuple(f.key for f in state.roster.forces if f.key in picked)
    try:
        step, battle = muster(campaign, app.session.path, tuple(sides), forces, title.strip(), map_name=map_name)
        create_session(app.session.path.parent / step.battle.file, battle).close()
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    if app.act(lambda c: c.record(step)):
        app.exit(CampaignExit(app.session.path.parent / step.battle.file, step.battle.id))


async def keep_map_flow(screen: "Screen[Any]", battle: str) -> None:
    """Keep the map of one of the campaign's battles, under a name, for the battles to come."""
    app = app_of(screen)
    link = app.campaign.state.link(battle)
    name = await ask(screen, TextDialog(t("campaign_ui.keep.name"), link.title, t("campaign_ui.keep.help")))
    if name is None:
        return
    try:
        step = keep_map(app.campaign, app.session.path, battle, name.strip())
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    if app.act(lambda c: c.record(step)):
        app.notify(t("campaign_ui.keep.done", name=name.strip()))


# -- a battle's aftermath ----------------------------------------------------------------------


async def carry_flow(screen: "Screen[Any]", battle: str) -> None:
    app = app_of(screen)
    try:
        offered = offer(app.campaign, app.session.path, battle)
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    link = offered.link
    title = t("campaign_ui.carry.again" if offered.again else "campaign_ui.carry.title", title=printable(link.title), outcome=printable(offered.step.told(app.settings.language)))
    changes = await confirm_changes(screen, title, offered.step.changes, offered.state, t("campaign_ui.carry.help"))
    if changes is None:
        return
    step = offered.step.model_copy(update={"changes": changes})
    if app.act(lambda c: c.record(step)):
        app.notify(t("campaign_ui.carry.done", title=link.title, count=sum(not app.rules.hidden_change(c) for c in changes)))


async def confirm_changes(screen: "Screen[Any]", title: str, offered: tuple[Change, ...], state: CampaignState, help_text: str) -> tuple[Change, ...] | None:
    """The GM sees each change and may leave one out or change a number
    (within its range, as the GM reads it: hp, not wounds) before anything
    is written. The changes to write, or None (Esc). Bookkeeping that goes
    with a change (the day a consequence was taken) follows it unasked."""
    app = app_of(screen)
    rules = app.rules
    changes = list(offered)
    kept = [True] * len(changes)
    shown = [i for i, c in enumerate(changes) if not rules.hidden_change(c)]
    last: object = None
    while True:
        count = sum(kept[i] for i in shown)
        label = t("campaign_ui.changes.write", count=count) if count else t("campaign_ui.changes.write_none")
        options = [Choice("write", label, entry="write")]
        for index in shown:
            line = printable(rules.change_line(changes[index], state, app.settings.language))
            options.append(Choice(index, f"{mark(app, kept[index])} {line}", entry="change"))
        if not shown:
            options.append(Choice("none", t("campaign_ui.changes.none"), closed=t("campaign_ui.changes.none_why"), entry="change"))
        answer = await ask(screen, ChoiceDialog(title, options, help_text, highlight=last, menu=CHANGES_MENU))
        if answer is None:
            return None
        if answer == "write":
            return tuple(c for c, on in zip(changes, _with_companions(kept, shown)) if on)
        index = last = int(answer)
        change = changes[index]
        if not _numeric(change):
            kept[index] = not kept[index]
            continue
        path = change.path
        least, most = rules.bounds(path, state) or (-99_999, 999_999)
        ends = sorted((rules.shown(path, least, state), rules.shown(path, most, state)))
        current = rules.shown(path, number(change.after), state) if kept[index] else None
        value = await ask(screen, NumberDialog(printable(rules.change_line(change, state, app.settings.language)), current, ends[0], ends[1], t("campaign_ui.changes.edit_help"), allow_empty=True))
        if value is None:
            continue
        if not isinstance(value, int):
            kept[index] = False
            continue
        changes[index] = change.model_copy(update={"after": rules.stored(path, value, state)})
        kept[index] = True


def _with_companions(kept: list[bool], shown: list[int]) -> list[bool]:
    """Each hidden change kept as the shown change before it is."""
    result = list(kept)
    lead = True
    for index in range(len(result)):
        if index in shown:
            lead = result[index]
        else:
            result[index] = lead
    return result


def _numeric(change: Change) -> bool:
    return isinstance(change.after, int) and not isinstance(change.after, bool)


# -- time between battles --------------------------------------------------------------------------


async def rest_flow(screen: "Screen[Any]") -> None:
    app = app_of(screen)
    days = await ask(screen, NumberDialog(t("campaign_ui.rest.title"), 7, 1, 3650, t("campaign_ui.rest.help")))
    if not isinstance(days, int):
        return
    campaign = app.campaign
    try:
        offered, rolls = app.rules.rest(campaign.state, days, campaign.step_rng())
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    changes = await confirm_changes(screen, t("campaign_ui.rest.changes", days=days), offered, campaign.state, t("campaign_ui.rest.changes_help"))
    if changes is not None:
        app.act(lambda c: c.record(Amend(what="rest", changes=changes, days=days, rolls=rolls)))


async def week_flow(screen: "Screen[Any]") -> None:
    app = app_of(screen)
    campaign = app.campaign
    try:
        offered, rolls = app.rules.upkeep(campaign.state, campaign.step_rng())
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    lines = app.rules.week_lines(campaign.state)
    help_text = "\n".join([*(printable(line) for line in lines), t("campaign_ui.rest.changes_help")])
    changes = await confirm_changes(screen, t("campaign_ui.week.title"), offered, campaign.state, help_text)
    if changes is not None:
        days = app.rules.week_days(campaign.state)
        app.act(lambda c: c.record(Amend(what="week", changes=changes, days=days, rolls=rolls)))


# -- the roster ----------------------------------------------------------------------------------


async def enlist_flow(screen: "Screen[Any]") -> None:
    """The forces of a battle beside the campaign (of its system), each to
    the campaign's side of the same number: nothing built twice."""
    app = app_of(screen)
    found = battles_beside(app.campaign, app.session.path)
    if not found:
        app.refuse(t("campaign_ui.enlist.none", folder=str(app.session.path.parent)), severity="warning")
        return
    options = [Choice(path, printable(path.name), printable(title), entry="file") for path, title in found]
    path = await ask(screen, ChoiceDialog(t("campaign_ui.enlist.file"), options, menu=ENLIST_FILE_MENU))
    if path is None:
        return
    try:
        offered = app.rules.forces_from(app.campaign.state, path)
    except MassCombatError as exc:
        app.refuse(str(exc))
        return
    roster = app.campaign.state.roster
    there = {(f.side, app.rules.force_name(f)) for f in roster.forces}
    picked = {f.key for f in offered if (f.side, app.rules.force_name(f)) not in there}
    last: object = None
    while True:
        options = [Choice("go", t("campaign_ui.enlist.go", count=len(picked)), entry="go")]
        for force in offered:
            note = t("campaign_ui.enlist.side", side=force.side + 1)
            if (force.side, app.rules.force_name(force)) in there:
                note += " · " + t("campaign_ui.enlist.there")
            options.append(Choice(force.key, f"{mark(app, force.key in picked)} {printable(app.rules.force_name(force))}", note, entry="force"))
        answer = await ask(screen, ChoiceDialog(t("campaign_ui.enlist.title", file=printable(path.name)), options, highlight=last, menu=ENLIST_MENU))
        if answer is None:
            return
        if answer == "go":
            break
        picked ^= {answer}
        last = answer
    state = app.campaign.state
    chosen = [f for f in offered if f.key in picked]
    sides = [s.name for s in state.roster.sides]
    while len(sides) <= max((f.side for f in chosen), default=0):
        sides.append(t("campaign.cli.default_side", number=len(sides) + 1))

    def enlist(campaign: Campaign) -> None:
        if len(sides) > len(campaign.state.roster.sides):
            campaign.record(SetSides(names=tuple(sides)))
        if chosen:
            campaign.record(app.rules.enlist(tuple(chosen)))

    app.act(enlist)


async def purse_flow(screen: "Screen[Any]") -> None:
    """A side's Treasury (Build Points) or its fate points, as the system keeps."""
    app = app_of(screen)
    state = app.campaign.state
    field = "treasury" if app.rules.treasury else "fate_points"
    options = [Choice(i, printable(side.name), t(f"campaign_ui.purse.{field}", amount=getattr(side, field)), entry="side") for i, side in enumerate(state.roster.sides)]
    side = await ask(screen, ChoiceDialog(t(f"campaign_ui.purse.title_{field}"), options, menu=PURSE_MENU))
    if side is None:
        return
    before = getattr(state.roster.sides[side], field)
    most = 999_999 if field == "treasury" else 99
    value = await ask(screen, NumberDialog(t(f"campaign_ui.purse.ask_{field}", side=printable(state.roster.sides[side].name)), before, 0, most))
    if isinstance(value, int) and value != before:
        app.act(lambda c: c.record(Amend(changes=(Change(path=f"sides.{side}.{field}", before=before, after=value),))))


async def sides_flow(screen: "Screen[Any]") -> None:
    app = app_of(screen)
    names = [s.name for s in app.campaign.state.roster.sides]
    options = [Choice(i, printable(name), entry="side") for i, name in enumerate(names)]
    options.append(Choice("add", t("campaign_ui.sides.add"), closed=t("campaign_ui.sides.full") if len(names) >= 8 else None, entry="add"))
    answer = await ask(screen, ChoiceDialog(t("campaign_ui.sides.title"), options, menu=SIDES_MENU))
    if answer is None:
        return
    current = "" if answer == "add" else names[answer]
    name = await ask(screen, TextDialog(t("campaign_ui.sides.name"), current))
    if name is None or name.strip() == current:
        return
    if answer == "add":
        names.append(name.strip())
    else:
        names[answer] = name.strip()
    app.act(lambda c: c.record(SetSides(names=tuple(names))))


def dismiss(app: "CampaignApp", key: str) -> None:
    """Take a force off the roster's active list, or bring it back; one
    a battle ended (destroyed, lost) stays as the battle left it."""
    force = app.campaign.state.roster.force(key)
    if force.status in OUT_OF_SERVICE and force.status != "dismissed":
        app.refuse(t("campaign_ui.why.gone", name=app.rules.force_name(force), status=app.rules.status_name(force.status)))
        return
    # a ready force is dismissed; any other that can still fight is recalled
    # (routed: the kingdom's Loyalty check succeeded; taken out: it is back)
    after = "dismissed" if force.status == "ready" else "ready"
    app.act(lambda c: c.record(Amend(changes=(Change(path=f"forces.{key}.status", before=force.status, after=after),))))


__all__ = ["keep_map_flow", "carry_flow", "confirm_changes", "dismiss", "enlist_flow", "muster_flow", "purse_flow", "rest_flow", "sides_flow", "week_flow"]
