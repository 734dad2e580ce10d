"""The story before the first wave: the title, the battlefield, the
muster, the Reconnaissance and the initiative; and the pieces a wave's
account shares with them (a check, a roll's faces, the forces' table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from tui.core.dice.skill_roll import SkillFaces
from tui.core.dice.year_zero import KINDS, DieKind, YearZeroRoll
from tui.core.markdown import md_text
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.checks import CheckResult
from tui.core.systems.myz.before_battle import environment_rating
from tui.core.systems.myz.events import Initiative, NextWave
from tui.core.systems.myz.forces import Force, base_battle_level
from tui.core.systems.myz.state import MyzState
from tui.core.systems.myz.story_writer import GLYPH, NEGATIVE, Writer, faces_text, signed

if TYPE_CHECKING:
    from tui.core.systems.myz.battle import Battle


# -- the pieces of a report -------------------------------------------------------------


def person_name(people: tuple[Person, ...], index: int | None, w: Writer) -> str:
    if index is None or index >= len(people):
        return w.t("report.nobody")
    return md_text(people[index].name)


def check_text(result: CheckResult, people: tuple[Person, ...], risk: int, w: Writer, skill_key: str | None = None, extra: Sequence[str] = ()) -> str:
    """"Dora rolls SNEAK with 4b4s (Risk +1), dice ✘ 2 5 1 1 ◎ 6 6 5 5 → 2 ☢".

    ``skill_key`` names the skill when the check leaves it to the step (the
    Reconnaissance); ``extra`` lists modifiers the step adds to the pool."""
    check = result.check
    person = person_name(people, check.person, w)
    skill = w.named("skill", check.skill or skill_key) or w.t("report.check.no_skill")
    notes = []
    if risk:
        notes.append(w.t("report.check.risk", risk=signed(risk)))
    if check.helpers:
        notes.append(w.t("report.check.helpers", names=", ".join(person_name(people, h, w) for h in check.helpers)))
    if check.modifier:
        notes.append(w.t("report.check.modifier", value=signed(check.modifier)))
    notes.extend(extra)
    pool = result.pool.notation() if result.pool is not None else "?"
    text = w.t("report.check.rolls", person=person, skill=skill, pool=pool)
    if notes:
        text += " (" + "; ".join(notes) + ")"
    roll = result.roll
    if roll is not None:
        stages = [_skill_faces(stage) for stage in roll.stages]
        text += ", " + w.t("report.check.dice", faces=stages[0])
        for number, stage in enumerate(stages[1:], start=1):
            text += ", " + w.t("report.check.pushed", number=number, faces=stage)
    elif check.mutation_points and check.typed == 0:
        text += ", " + w.t("report.check.mutation_instead", points=check.mutation_points)
    else:
        text += ", " + w.t("report.check.typed")
        if check.mutation_points:
            text += ", " + w.t("report.check.mutation", points=check.mutation_points)
    return text + " → " + w.t("report.successes", count=result.successes)


def _skill_faces(stage: SkillFaces) -> str:
    parts = []
    for glyph, faces in ((GLYPH[DieKind.BASE], stage.base), (GLYPH[DieKind.SKILL], stage.skill), (GLYPH[DieKind.GEAR], stage.gear), (NEGATIVE, stage.negative)):
        if faces:
            parts.append(f"{glyph} {faces_text(faces)}")
    return " ".join(parts) or "-"


def roll_faces(roll: YearZeroRoll, w: Writer) -> str:
    stages = []
    for number, stage in enumerate(roll.stages()):
        dice = " ".join(f"{GLYPH[kind]} {faces_text(stage[kind])}" for kind in KINDS if stage[kind]) or "-"
        label = w.t("report.battle.first_roll") if number == 0 else w.t("report.battle.push", number=number)
        stages.append(f"{label}: {dice}")
    return "; ".join(stages)


def _units(units: Mapping[str, int], w: Writer) -> str:
    listed = [f"{w.named('class', key)} {count}" for key, count in units.items() if count]
    return ", ".join(listed) or w.t("report.none")


def _conditions(force: Force, w: Writer) -> str:
    words = [w.t(f"myz.condition.{key}") for key in ("confused", "routed", "escaped", "surrendered", "leader_captured") if getattr(force, key)]
    if not force.combat_ready:
        words.append(w.t("report.not_combat_ready"))
    return ", ".join(words) or "-"


def forces_table(forces: tuple[Force, Force], w: Writer, lost: Sequence[int] | None = None) -> None:
    headers = [w.t("report.col.faction"), w.t("report.col.battle_level"), w.t("report.col.fighters"), w.t("report.col.units"), w.t("report.col.conditions")]
    if lost is not None:
        headers.insert(3, w.t("report.col.fighters_lost"))
    rows = []
    for side in w.game.order:
        force = forces[side]
        # A muster without a head count (Battle Level typed in) keeps none: "-", not 0.
        fighters = force.fighters if force.fighters or force.army.fighters else "-"
        row = [w.names[side], force.battle_level, fighters, _units(force.units, w), _conditions(force, w)]
        if lost is not None:
            row.insert(3, lost[side])
        rows.append(row)
    w.table(headers, rows, "lrrll" if lost is None else "lrrrll")


def title_section(battle: "Battle", w: Writer) -> None:
    w.heading(1, md_text(battle.meta.title))
    ruleset = w.rules.ruleset.title(w.lang)
    w.para(w.t("report.subtitle", ruleset=ruleset, a=w.names[0], b=w.names[1]))


def battlefield_section(start: MyzState, w: Writer) -> None:
    field_ = start.battlefield
    w.heading(2, w.t("report.battlefield.heading"))
    try:
        base = w.rules.environment_type(field_.environment).rating
    except KeyError:
        base = 0
    rating = environment_rating(start) if base else 0
    items = [w.t("report.battlefield.environment", environment=w.named("environment", field_.environment), rating=base)]
    if rating != base:
        items[-1] += " " + w.t("report.battlefield.rating_now", rating=rating)
    items.append(w.t("report.battlefield.night", value=w.yes_no(field_.night)))
    items.append(w.t("report.battlefield.weather", value=w.yes_no(field_.bad_weather)))
    if field_.waterway:
        items.append(w.t("report.battlefield.waterway"))
    if field_.siege is None:
        items.append(w.t("report.battlefield.no_siege"))
    else:
        items.append(w.t("report.battlefield.siege", name=w.names[field_.siege]))
    w.bullets(items)


def muster_section(start: MyzState, w: Writer) -> None:
    w.heading(2, w.t("report.muster.heading"))
    forces = start.forces
    for side in (0, 1):
        army: Army = start.armies[side]
        w.heading(3, w.names[side])
        leader = army.leader
        level = forces[side].battle_level if forces is not None else base_battle_level(army, w.rules)
        items = [
            w.t("report.muster.played_by_gm") if army.played_by == "gm" else w.t("report.muster.played_by_players"),
            w.t("report.muster.leader", name=md_text(leader.name) if leader is not None else w.t("report.nobody")),
            w.t("report.muster.battle_level", level=level),
        ]
        if army.fighters:
            items.append(w.t("report.muster.fighters", count=army.fighters))
        if army.defends_ark:
            items.append(w.t("report.muster.defends_ark", ready=w.yes_no(army.combat_ready)))
        items.append(w.t("report.muster.units", units=_units(army.units, w)))
        projects = (", ".join(w.named("project", key) for key in army.ark_projects) if army.ark else "") or w.t("report.none")
        items.append(w.t("report.muster.projects", projects=projects))
        if army.fortification != "none":
            items.append(w.t("report.muster.fortification", name=w.named("fortification", army.fortification)))
        if army.terrain != "none":
            items.append(w.t("report.muster.terrain", name=w.named("terrain", army.terrain)))
        if forces is not None and forces[side].fortification_dice:
            items.append(w.t("report.muster.fortification_dice", count=forces[side].fortification_dice))
        w.bullets(items)
        if army.people:
            rows = []
            for person in army.people:
                skills = ", ".join(f"{w.named('skill', key)} {pool}" for key, pool in person.skills.items()) or "-"
                rows.append([md_text(person.name), w.named("position", person.position), w.t("report.pc") if person.pc else w.t("report.npc"), skills, person.armour, person.strength])
            w.table([w.t("report.col.person"), w.t("report.col.position"), w.t("report.col.pc"), w.t("report.col.skills"), w.t("report.col.armour"), w.t("report.col.strength")], rows, "lllllrr")


def reconnaissance_section(game: MyzState, w: Writer) -> None:
    recon = game.recon
    w.heading(2, w.t("report.recon.heading"))
    if recon is None:
        w.para(w.t("report.recon.not_yet"))
        return
    if recon.skipped:
        w.para(w.t("report.recon.skipped"))
        return
    assert recon.checks is not None
    rows = []
    for side in (0, 1):
        factors = []
        for key in recon.modifiers[side]:
            modifier = next((f.modifier for f in w.rules.reconnaissance.factors if f.key == key), 0)
            factors.append(f"{w.named('recon', key)} ({signed(modifier)})")
        result = recon.checks[side]
        people = game.armies[side].people
        rows.append([w.names[side], person_name(people, result.check.person, w), "; ".join(factors) or "-", check_text(result, people, 0, w, w.rules.reconnaissance.skill)])
    w.table([w.t("report.col.faction"), w.t("report.col.leader"), w.t("report.col.factors"), w.t("report.col.roll")], rows)
    if recon.winner is None:
        w.para(w.t("report.recon.tie", rating=recon.rating))
        return
    w.para(w.t("report.recon.winner", name=w.names[recon.winner], margin=recon.margin, rating=recon.rating))
    if recon.ambush_offered:
        if recon.ambush is None:
            w.para(w.t("report.recon.ambush_pending", name=w.names[recon.winner]))
        elif recon.ambush:
            w.para(w.t("report.recon.ambush_taken", name=w.names[recon.winner], enemy=w.names[1 - recon.winner]))
        else:
            w.para(w.t("report.recon.ambush_declined", name=w.names[recon.winner]))
    else:
        w.para(w.t("report.recon.no_ambush"))


def initiative_section(battle: "Battle", game: MyzState, w: Writer) -> None:
    w.heading(2, w.t("report.initiative.heading"))
    if game.stage in ("muster", "reconnaissance", "ambush", "initiative"):
        w.para(w.t("report.initiative.not_yet"))
        return
    event = next((e for e in battle.history.done if isinstance(e, Initiative)), None)
    first = w.names[game.first]
    if event is not None and event.faces:
        pairs = [f"{a}:{b}" for a, b in zip(event.faces[::2], event.faces[1::2])]
        line = w.t("report.initiative.rolled", name=first, a=w.names[0], b=w.names[1], dice=", ".join(pairs))
        if any(event.bonuses):
            line += " " + w.t("report.initiative.bonuses", a=f"{event.bonuses[0]:+d}", b=f"{event.bonuses[1]:+d}")
        w.para(line)
    else:
        w.para(w.t("report.initiative.set", name=first))


def adjustment_text(event: Any, w: Writer) -> str:
    if isinstance(event, NextWave):
        return "; ".join(w.t("report.adjust.next_wave", name=w.names[side], level=level) for side, level in sorted(event.battle_levels.items()))
    parts = []
    if event.battle_level is not None:
        parts.append(w.t("report.adjust.battle_level", level=event.battle_level))
    if event.fighters is not None:
        parts.append(w.t("report.adjust.fighters", count=event.fighters))
    if event.units is not None:
        parts.append(w.t("report.adjust.units", units=_units(event.units, w)))
    if event.confused is not None:
        parts.append(w.t("myz.condition.confused") if event.confused else w.t("report.adjust.not_confused"))
    people = w.game.armies[event.side].people
    for index, position in sorted((event.positions or {}).items()):
        name = md_text(people[index].name) if index < len(people) else str(index + 1)
        parts.append(w.t("report.adjust.position", name=name, position=w.named("position", position)))
    return w.t("report.adjust.line", name=w.names[event.side], changes=", ".join(parts) or "-")
