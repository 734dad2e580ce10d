"""The dialogs once a roll is on the table: invoking aspects on either
side's roll, and resolving it: the Fate Core outcome options where they
apply, and for a hit the defender's consequences or being taken out.
"""

from __future__ import annotations

from itertools import combinations

from tui.core.i18n import t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.contest import may_invoke
from tui.core.systems.fate.outcomes import AT_COST, cheapest_absorb, defended_with_style
from tui.core.systems.fate.battle import FateBattle
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.fate.roll_flows import act, ask, fate_ask
from tui.ui.shell.table_dice import table_faces
from tui.ui.fate import menus
from tui.ui.fate import text as ft

FieldScreen = ZoneMapScreen[FateBattle]
"""The zone board as the flows see it (they never import the screen)."""



async def invoke(screen: FieldScreen) -> None:
    state = screen.battle.game
    contest = state.contest
    if contest is None:
        return
    rolls = [Choice("action", state.name(contest.active.who), ft.ladder(state, contest.active.total))]
    if contest.defence is not None:
        rolls.append(Choice("defence", state.name(contest.defence.who), ft.ladder(state, contest.defence.total)))
    which = rolls[0].value if len(rolls) == 1 else await ask(screen, ChoiceDialog(t("fate_ui.dialog.invoke_for"), rolls))
    if which is None:
        return
    roller = contest.active if which == "action" or contest.defence is None else contest.defence
    side = state.players[roller.player].side
    # Aspects close to the roll first: on the roller, its leader, the other
    # side's card, their zones, and any with a free invoke for this side.
    other = contest.defence if which == "action" else contest.active
    own = {roller.who, state.leader_of(roller.who) if state.unit(roller.who) else None, state.place(roller.who).attached}
    near = {state.zone_of(roller.who), contest.target}
    if other is not None:
        near |= {other.who, state.zone_of(other.who)}
    ranked: list[tuple[bool, int, Choice]] = []
    for aspect in state.aspects:
        if aspect.hidden:
            continue
        why = may_invoke(state, contest, "action" if which == "action" else "defence", aspect)
        where = state.name(aspect.on)
        free = aspect.free[side]
        notes = [where] if where != aspect.text else []
        notes += [t("fate_ui.card.free", count=free)] if free else []
        notes += [t("fate_ui.boost")] if aspect.kind == "boost" else []
        rank = 0 if free or aspect.kind == "boost" else 1 if aspect.on in own else 2 if aspect.on in near else 3
        ranked.append((why is not None, rank, Choice(aspect.id, aspect.text, " · ".join(notes), why)))
    options = [c for *_, c in sorted(ranked, key=lambda o: o[:2])]
    aspect_id = await ask(screen, ChoiceDialog(t("fate_ui.dialog.invoke", actor=state.name(roller.who)), options, t("fate_ui.dialog.invoke_help")))
    if aspect_id is None:
        return
    chosen = state.aspect(aspect_id)
    if chosen is None:
        return
    aspect = chosen
    free_ok = aspect.kind == "boost" or aspect.free[side] > 0
    # Free invokes stack on one roll; a fate point buys one invoke per aspect.
    unpaid = None if aspect.kind == "boost" or state.fate_points[roller.player] >= state.rules.invokes.fate_point_cost else t("fate_ui.invoke.cannot_pay")
    if aspect.id in roller.paid:
        unpaid = t("fate_ui.invoke.paid_already")
    bonus = state.rules.invokes.bonus
    no_free = None if free_ok else t("fate.rule.no_free_invoke", aspect=aspect.text)
    ways = [
        Choice((False, True), t("fate_ui.invoke.bonus_free", bonus=bonus), closed=no_free, entry="bonus_free"),
        Choice((False, False), t("fate_ui.invoke.bonus_paid", bonus=bonus), closed=unpaid, entry="bonus_paid"),
        Choice((True, True), t("fate_ui.invoke.reroll_free"), closed=no_free, entry="reroll_free"),
        Choice((True, False), t("fate_ui.invoke.reroll_paid"), closed=unpaid, entry="reroll_paid"),
    ]
    if aspect.kind == "boost":  # a boost is free, once: no fate point to offer
        ways = [way for way in ways if isinstance(way.value, tuple) and way.value[1]]
    how = await ask(screen, ChoiceDialog(t("fate_ui.dialog.invoke_how", aspect=aspect.text), ways, menu=menus.INVOKE))
    if how is None:
        return
    reroll, free = how
    faces = None
    if reroll:
        typed = await table_faces(screen, [fate_ask(state, roller.who, roller.skill, t("fate_ui.table_reroll", aspect=aspect.text))])
        if typed is None:
            return
        faces = typed[0]
    act(screen, lambda b: b.invoke(which, aspect_id, reroll=reroll, free=free, typed=faces))


async def resolve(screen: FieldScreen) -> None:
    state = screen.battle.game
    contest = state.contest
    if contest is None:
        return
    style = state.rules.outcomes.success_with_style_shifts
    defended = defended_with_style(state, contest)  # the defender's boost
    if contest.action in ("attack", "leader_attack") and contest.shifts >= 1:
        boost = False
        if contest.shifts >= style:
            choices = [Choice(False, t("fate_ui.style.all", shifts=contest.shifts), entry="all_shifts"), Choice(True, t("fate_ui.style.boost", shifts=contest.shifts - 1, aspect=contest.aspect), entry="boost")]
            boost = await ask(screen, ChoiceDialog(t("fate_ui.dialog.attack_style"), choices, t("fate_ui.dialog.attack_style_help"), menu=menus.ATTACK_STYLE))
            if boost is None:
                return
        await _take_hit(screen, contest.target, contest.shifts - 1 if boost else contest.shifts, boost)
        return
    if contest.action in AT_COST and contest.shifts < 0:
        choices = [Choice(False, t("fate_ui.cost.fail"), entry="fail"), Choice(True, t(f"fate_ui.cost.{'advantage' if contest.action == 'advantage' else 'overcome'}"), entry="at_cost")]
        at_cost = await ask(screen, ChoiceDialog(t("fate_ui.dialog.failed", actor=state.name(contest.by)), choices, t("fate_ui.dialog.failed_help"), menu=menus.FAILED))
        if at_cost is None:
            return
        act(screen, lambda b: b.record(ev.Resolve(at_cost=at_cost, defence_boost=defended)))
        return
    if contest.action == "dash" and len(contest.path) > 1 and contest.shifts >= state.rules.outcomes.success_with_style_shifts:
        far = await ask(screen, ChoiceDialog(t("fate_ui.dialog.dash_style"), [Choice(2, t("fate_ui.dash.two"), entry="two_zones"), Choice(1, t("fate_ui.dash.boost"), entry="boost")], menu=menus.DASH_STYLE))
        if far is None:
            return
        act(screen, lambda b: b.record(ev.Resolve(distance=far)))
        return
    act(screen, lambda b: b.record(ev.Resolve(defence_boost=defended)))


async def _take_hit(screen: FieldScreen, target: str, shifts: int, boost: bool = False) -> None:
    """The defender chooses: the cheapest consequences first, any other
    combination that soaks the hit, or being taken out."""
    state = screen.battle.game
    slots = state.free_slots(target)
    proposed = cheapest_absorb(state, target, shifts)
    combos = []
    for size in range(1, len(slots) + 1):
        for combo in sorted(set(combinations(slots, size))):
            soaked = sum(state.rules.consequence(s).shifts for s in combo)
            if soaked >= shifts:
                combos.append((combo, soaked))
    combos.sort(key=lambda c: (c[0] != proposed, c[1], len(c[0])))
    options = [
        Choice(combo, " + ".join(t(f"fate.slot.{s}") for s in combo), t("fate_ui.hit.soaks", soaked=soaked) + (" · " + t("fate_ui.hit.proposed") if combo == proposed else ""), entry="consequences")
        for combo, soaked in combos
    ]
    options.append(Choice("out", t("fate_ui.hit.taken_out"), entry="taken_out"))
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.hit", actor=state.name(target), shifts=shifts), options, t("fate_ui.dialog.hit_help", actor=state.name(target)), menu=menus.HIT))
    if picked is None:
        return
    if picked == "out":
        act(screen, lambda b: b.record(ev.Resolve(taken_out=True, boost=boost)))
        return
    names = []
    for slot in picked:
        name = await ask(screen, TextDialog(t("fate_ui.dialog.consequence", slot=t(f"fate.slot.{slot}"), actor=state.name(target)), t(f"fate_ui.default_consequence.{slot}"), t("fate_ui.dialog.consequence_help")))
        if not name:
            return
        names.append(name)
    act(screen, lambda b: b.record(ev.Resolve(absorb=tuple(picked), names=tuple(names), boost=boost)))
