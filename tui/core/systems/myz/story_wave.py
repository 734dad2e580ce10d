"""One wave of the story: risks, strategies, actions, the Battle Pools
line by line, the Battle roll and its pushes, the Support phase, and the
End phase's casualties, Retaliation and what changed for the next wave."""

from __future__ import annotations

from tui.core.dice.year_zero import DieKind, YearZeroRoll
from tui.core.markdown import md_text
from tui.core.systems.myz.end_phase import CasualtyReport, EndReport, RetaliationReport
from tui.core.systems.myz.pool import PoolBreakdown, PoolLine, commando_damaged, source_label
from tui.core.systems.myz.state import WaveState
from tui.core.systems.myz.story_before import adjustment_text, check_text, forces_table, person_name, roll_faces
from tui.core.systems.myz.story_trace import WaveTrace
from tui.core.systems.myz.story_writer import BANE, GLYPH, SUCCESS, Writer, faces_text, signed


# -- one wave ------------------------------------------------------------------------


def _risks(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if all(r is None for r in wave.risks):
        return
    w.heading(3, w.t("report.risk.heading"))
    rows = []
    for side in w.game.order:
        people = trace.last.armies[side].people
        risks = wave.risks[side]
        for index, person in enumerate(people):
            value = signed(risks[index]) if risks is not None and index < len(risks) else w.t("report.waiting")
            rows.append([w.names[side], md_text(person.name), w.named("position", person.position), value])
    w.table([w.t("report.col.faction"), w.t("report.col.person"), w.t("report.col.position"), w.t("report.col.risk")], rows, "lllr")


def _strategies(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if wave.phase == "risk":
        return
    w.heading(3, w.t("report.strategy.heading"))
    resolution = wave.resolution
    rows = []
    for side in w.game.order:
        chosen = wave.chosen[side]
        if chosen is None:
            shown, final = w.t("report.waiting"), "-"
        elif resolution is None:
            shown, final = w.t("report.strategy.secret"), "-"
        else:
            shown, final = w.named("strategy", chosen), w.named("strategy", resolution.final[side])
        rows.append([w.names[side], shown, final])
    w.table([w.t("report.col.faction"), w.t("report.col.chosen"), w.t("report.col.played")], rows)
    if resolution is None:
        return
    notes = []
    if resolution.stalemate:
        notes.append(w.t("report.strategy.stalemate", strategy=w.named("strategy", resolution.final[0])))
    for side in (0, 1):
        if not resolution.parley_by[side]:
            continue
        notes.append(w.t("report.strategy.parley", name=w.names[side]))
    if any(resolution.parley_by):
        if resolution.outcome == "parley":
            notes.append(w.t("report.strategy.parley_pending"))
        elif resolution.outcome == "truce":
            notes.append(w.t("report.strategy.parley_accepted"))
        for side in (0, 1):
            if resolution.parley_declined[side]:
                notes.append(w.t("report.strategy.parley_declined", name=w.names[side], strategy=w.named("strategy", resolution.final[side])))
    if resolution.outcome == "null":
        retreating = ", ".join(w.names[side] for side in (0, 1) if resolution.null_retreating[side])
        key = "report.strategy.null_siege_lifted" if trace.wave.siege_lifted else "report.strategy.null_battle"
        notes.append(w.t(key, names=retreating))
    w.bullets(notes)


def _actions(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if wave.phase in ("risk", "strategy", "truce") or (wave.phase in ("end", "next") and wave.pools is None):
        return
    w.heading(3, w.t("report.action.heading"))
    items = []
    for side in w.game.order:
        record = wave.actions[side]
        name = w.names[side]
        if record is None:
            items.append(f"{name}: {w.t('report.waiting')}")
            continue
        people = trace.last.armies[side].people
        effect = record.effect
        if record.action == "remarkable" and record.result is not None:
            risk = wave.risk(side, record.result.check.person) if record.result.check.person is not None else 0
            text = w.t("report.action.remarkable", check=check_text(record.result, people, risk, w), dice=effect.strategy_dice)
        elif record.action == "commando" and record.result is not None:
            risk = wave.risk(side, record.result.check.person) if record.result.check.person is not None else 0
            text = w.t("report.action.commando", check=check_text(record.result, people, risk, w), strategy=effect.removes_strategy, support=effect.destroys_support)
        elif record.action == "grant":
            text = w.t("report.action.grant", dice=effect.strategy_dice)
        else:
            text = w.t("report.action.none")
        items.append(f"{name}: {text}")
    w.bullets(items)


def source_name(line: PoolLine, w: Writer) -> str:
    return source_label(line, w.rules, w.lang)


_ZERO_COLUMN = {"battle_level": 0, "combat_ready": 0, "ambush": 2, "special_class": 2, "ark_project": 2, "fortification": 2, "commando_support": 2}
"""Where a source that gives no dice at all shows its 0 (Strategy dice unless named here)."""


def _dice_cell(count: int) -> str:
    return str(count) if count else ""


def _pools(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if wave.pools is None:
        return
    w.heading(3, w.t("report.pool.heading"))
    headers = [w.t("report.col.source"), f"{GLYPH[DieKind.BASE]} {w.t('die.base')}", f"{GLYPH[DieKind.SKILL]} {w.t('die.skill')}", f"{GLYPH[DieKind.GEAR]} {w.t('die.gear')}"]
    for side in w.game.order:
        breakdown: PoolBreakdown = wave.pools[side]
        w.para(w.t("report.pool.side", name=w.names[side], pool=breakdown.pool.notation()))
        rows = []
        for line in breakdown.lines:
            counts = [_dice_cell(line.base), _dice_cell(line.skill), _dice_cell(line.gear)]
            if not any(counts):
                counts[_ZERO_COLUMN.get(line.source, 1)] = "0"
            rows.append([source_name(line, w), *counts])
        pool = breakdown.pool
        rows.append([f"**{w.t('report.pool.total')}**", f"**{pool.base}**", f"**{pool.skill}**", f"**{pool.gear}**"])
        w.table(headers, rows, "lrrr")


def _battle(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if wave.pools is None:
        return
    result = wave.battle
    w.heading(3, w.t("report.battle.heading"))
    if result is None:
        roller = trace.last.roller
        if not roller.rolled:
            w.para(w.t("report.battle.not_yet"))
            return
        w.para(w.t("report.battle.in_progress"))
        rolls = [roller.sides[side].roll for side in (0, 1)]
    else:
        source = trace.rolled or trace.last
        rolls = [source.roller.sides[side].roll for side in (0, 1)]
    rows = []
    for side in w.game.order:
        roll = rolls[side]
        if result is not None:
            values = [result.pools[side].notation(), result.successes[side], result.banes[side], result.gear_banes[side], result.pushes[side]]
        elif roll is not None:
            values = [roll.pool.notation(), roll.successes, roll.banes, roll.gear_banes, roll.pushes]
        else:
            continue
        rows.append([w.names[side], *values])
    w.table([w.t("report.col.faction"), w.t("report.col.pool"), SUCCESS, BANE, f"{GLYPH[DieKind.GEAR]} {w.t('report.col.damaged')}", w.t("report.col.pushes")], rows, "llrrrr")
    dice = []
    for side in w.game.order:
        shown = rolls[side]
        if isinstance(shown, YearZeroRoll):
            dice.append(f"{w.names[side]}: {roll_faces(shown, w)}")
    if dice and trace.typed:
        dice.append(w.t("report.battle.typed"))
    w.bullets(dice)
    if result is not None:
        extra = [w.t("report.battle.commando_damaged", name=w.names[side], count=commando_damaged(wave.pools[side])) for side in w.game.order if commando_damaged(wave.pools[side])]
        w.bullets(extra)


def _support(trace: WaveTrace, w: Writer) -> None:
    wave = trace.wave
    if wave.battle is None:
        return
    w.heading(3, w.t("report.support.heading"))
    items = []
    for side in w.game.order:
        record = wave.support[side]
        name = w.names[side]
        if record is None:
            items.append(f"{name}: {w.t('report.waiting')}")
            continue
        if record.skipped:
            items.append(f"{name}: {w.t(record.skipped)}")
            continue
        people = trace.last.armies[side].people
        parts = []
        for result, key in ((record.repair, "repair"), (record.mend, "mend"), (record.rally, "rally")):
            if result is None:
                continue
            risk = wave.risk(side, result.check.person) if result.check.person is not None else 0
            check = check_text(result, people, risk, w)
            if key == "repair":
                parts.append(w.t("report.support.repair", check=check, count=record.repaired))
            elif key == "mend":
                parts.append(w.t("report.support.mend", check=check, count=record.mended))
            elif record.rallied:
                parts.append(w.t("report.support.rallied", check=check))
            else:
                parts.append(w.t("report.support.not_rallied", check=check))
        items.append(f"{name}: " + ("; ".join(parts) if parts else w.t("report.support.nothing")))
    w.bullets(items)


def _casualty_rows(report: CasualtyReport, w: Writer) -> list[list[object]]:
    rows: list[list[object]] = []
    total = 0
    for step in report.steps:
        label = w.t(step.key)
        detail = step.detail
        if step.key == "myz.casualty.banes" and detail:
            detail = f"{detail} {BANE}"
        elif step.key == "myz.casualty.gear_banes" and detail:
            detail = f"{detail} {GLYPH[DieKind.GEAR]}"
        elif step.key == "myz.casualty.margin":
            detail = w.named("margin", detail)
        elif detail:
            detail = w.named("strategy", detail)
        if detail:
            label = f"{label} ({detail})"
        change = step.total - total
        total = step.total
        dice = faces_text(step.dice) if step.dice else "-"
        rows.append([label, dice, signed(change), step.total])
    return rows


def _retaliation_rows(reports: tuple[RetaliationReport, ...], side: int, end: EndReport, wave: WaveState, w: Writer) -> list[list[object]]:
    people = end.after[side].army.people
    rows: list[list[object]] = []
    for report in reports:
        person = people[report.person]
        total = end.after[side].damage[report.person] if report.person < len(end.after[side].damage) else report.damage
        damage = f"{report.damage} ({total}/{person.strength})"
        broken = w.t("report.retaliation.broken") if report.broken else "-"
        if report.helped is not None:
            helped = w.t("report.retaliation.helped", name=person_name(people, report.helped, w))
            rows.append([w.names[side], md_text(person.name), helped, "-", "-", "-", "-", damage, broken])
            continue
        factors = [w.t("report.retaliation.base", dice=w.rules.retaliation.base_dice)]
        risk = wave.risk(side, report.person)
        if risk:
            factors.append(w.t("report.check.risk", risk=signed(risk)))
        factors += [w.named("retaliation", key) for key in report.factors]
        armour = str(report.armour)
        if report.armour_faces:
            armour = w.t("report.retaliation.armour_rolled", armour=report.armour, faces=faces_text(report.armour_faces), stopped=report.stopped)
        if report.reduction:
            armour += " " + w.t("report.retaliation.shelter", count=report.reduction)
        rows.append([w.names[side], md_text(person.name), "; ".join(factors), report.dice, faces_text(report.faces) or "-", report.successes, armour, damage, broken])
    return rows


def _change_text(key: str, detail: str, w: Writer) -> str:
    if key in ("myz.change.project", "myz.change.project_damaged"):
        detail = w.named("project", detail)
    elif key == "myz.change.unit":
        detail = w.named("class", detail)
    return w.t(key, detail=detail)


def _end(trace: WaveTrace, lost: list[int], w: Writer) -> None:
    wave = trace.wave
    end = wave.end
    if end is None:
        if wave.phase == "end" and wave.battle is not None:
            w.heading(3, w.t("report.end.heading"))
            w.para(w.t("report.end.not_yet"))
        return
    w.heading(3, w.t("report.end.heading"))
    out = end.outcome
    a, b = out.successes
    if out.leader is None:
        w.para(w.t("report.end.tie", count=a))
    elif out.winner is None:
        w.para(w.t("report.end.cannot_win", name=w.names[out.leader], strategy=w.named("strategy", end.strategies[out.leader]), a=out.successes[out.leader], b=out.successes[1 - out.leader]))
    else:
        w.para(w.t("report.end.winner", name=w.names[out.winner], a=out.successes[out.winner], b=out.successes[1 - out.winner], margin=out.raw_margin))
    steps = [w.t("report.end.raw_margin", margin=out.raw_margin)] + [f"{w.t(key)}: {value}" for key, value in out.margin_steps]
    if out.margin_steps:
        w.bullets(steps)
    row = next((r for r in w.rules.margins if r.key == out.row), None)
    text = row.text(w.lang) if row is not None else ""
    w.para(w.t("report.end.result", margin=out.margin, row=w.named("margin", out.row), text=text))

    w.heading(4, w.t("report.casualties.heading"))
    for side in w.game.order:
        report = end.casualties[side]
        before, after = end.before[side].fighters, end.after[side].fighters
        w.para(w.t("report.casualties.side", name=w.names[side], banes=report.banes, gear=report.gear_banes))
        rows = _casualty_rows(report, w)
        if rows:
            w.table([w.t("report.col.step"), w.t("report.col.dice"), w.t("report.col.change"), w.t("report.col.running")], rows, "llrr")
        if before:
            w.para(w.t("report.casualties.total_fighters", name=w.names[side], count=report.total, before=before, after=after))
        else:
            w.para(w.t("report.casualties.total", name=w.names[side], count=report.total))

    retaliation = [row for side in w.game.order for row in _retaliation_rows(end.retaliation[side], side, end, wave, w)]
    w.heading(4, w.t("report.retaliation.heading"))
    if retaliation:
        w.table(
            [w.t("report.col.faction"), w.t("report.col.person"), w.t("report.col.factors"), w.t("report.col.dice_count"), w.t("report.col.faces"), SUCCESS, w.t("report.col.armour"), w.t("report.col.damage"), w.t("report.col.broken")],
            retaliation,
            "lllrlrlll",
        )
    else:
        w.para(w.t("report.retaliation.nobody"))

    w.heading(4, w.t("report.next.heading"))
    items = []
    for side in w.game.order:
        conditions = [w.t(f"myz.condition.{key}") for key in end.conditions[side]]
        if conditions:
            items.append(w.t("report.next.conditions", name=w.names[side], conditions=", ".join(conditions)))
        if end.broken_leaders[side]:
            items.append(_successor(trace, side, end, w))
        changes = [_change_text(key, detail, w) for key, detail in end.changes[side]]
        items.append(w.t("report.next.changes", name=w.names[side], changes="; ".join(changes) or w.t("report.none")))
    if end.ark_roll is not None:
        side, face, gone = end.ark_roll
        if gone is None:
            items.append(w.t("report.next.ark_roll_safe", name=w.names[side], face=face))
        else:
            items.append(w.t("report.next.ark_roll_lost", name=w.names[side], face=face, project=w.named("project", gone)))
    if end.siege_lifted:
        items.append(w.t("report.next.siege_lifted"))
    w.bullets(items)
    for side in (0, 1):
        lost[side] += end.casualties[side].total
    w.para(w.t("report.next.running_total", a=w.names[0], lost_a=lost[0], b=w.names[1], lost_b=lost[1]))


def _successor(trace: WaveTrace, side: int, end: EndReport, w: Writer) -> str:
    people = trace.last.armies[side].people
    leader = end.before[side].leader
    broken = w.t("report.next.leader_broken", name=person_name(people, leader, w))
    result = trace.wave.successors[side]
    if result is None:
        return broken if trace.last.stage == "over" else broken + " " + w.t("report.next.successor_pending")
    person = result.check.person
    risk = trace.wave.risk(side, person) if person is not None else 0
    who = person_name(people, person, w) if person is not None else w.t("report.next.npc_officer")
    outcome = w.t("report.next.successor_holds") if result.successes else w.t("report.next.successor_fails")
    penalty = w.t("report.check.broken_leader", value=signed(w.rules.retaliation.broken_leader_modifier))
    check = check_text(result, people, risk, w, extra=(penalty,))
    return broken + " " + w.t("report.next.successor", name=who, check=check, outcome=outcome)


def wave_section(trace: WaveTrace, lost: list[int], w: Writer) -> None:
    wave = trace.wave
    w.heading(2, w.t("report.wave.heading", number=trace.number))
    if trace.start.forces is not None:
        w.para(w.t("report.wave.forces"))
        forces_table(trace.start.forces, w)
    w.bullets(adjustment_text(event, w) for event in trace.opening)
    if not trace.started:
        w.para(w.t("report.wave.not_started"))
        return
    _risks(trace, w)
    _strategies(trace, w)
    if wave.phase == "truce":
        w.para(w.t("report.wave.truce"))
    _actions(trace, w)
    _pools(trace, w)
    _battle(trace, w)
    _support(trace, w)
    _end(trace, lost, w)
    w.bullets(adjustment_text(event, w) for event in trace.adjustments)
    if wave.end is None and wave.phase not in ("truce", "end") and not wave.siege_lifted:
        w.para(w.t("report.wave.in_progress", phase=w.t(f"myz.phase.{wave.phase}")))
