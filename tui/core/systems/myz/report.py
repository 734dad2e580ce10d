"""The battle report: a Markdown account of a Mass Combat battle, wave by wave.

``markdown_report(battle, language)`` reads only what the battle already
knows: its muster, its log's states and the End phase reports. A wave's
pools, actions and Support phase live in its ``WaveState``, which the next
wave replaces, so the report walks ``battle.history.states`` and keeps each
wave's last state (and the first one that holds its Battle roll, while the
roller still shows those dice).

Everything is plain Markdown: ``#`` headings, ``-`` lists and pipe tables.
User-entered names are written as typed; in a table cell a ``|`` (and a
``\\``) is escaped so the name cannot split the row. The dice glyphs
(☢ ☠ ✘ ◎ ⚙) are always surrounded by spaces or cell borders, so the CLI's
``--ascii`` translation (``* X B S #``) never turns them into emphasis or
a heading.

Pure: no textual, no rich, no printing; the words come from the catalogs
(``report.*`` plus the battle's own ``myz.*`` keys) in the language asked for.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from tui.core.dice.year_zero import KINDS, DieKind, YearZeroRoll
from tui.core.markdown import md_text
from tui.core.i18n import catalog, tr
from tui.core.ruleset_base import Named
from tui.core.dice.skill_roll import SkillFaces
from tui.core.systems.myz.after_battle import ending_lines
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.checks import CheckResult
from tui.core.systems.myz.end_phase import CasualtyReport, EndReport, RetaliationReport
from tui.core.systems.myz.engine import environment_rating
from tui.core.systems.myz.events import Adjust, Initiative, NextWave
from tui.core.systems.myz.models import Push, Roll
from tui.core.systems.myz.forces import Force, base_battle_level
from tui.core.systems.myz.pool import PoolBreakdown, PoolLine, commando_damaged, source_label
from tui.core.systems.myz.state import MyzState, WaveState

if TYPE_CHECKING:
    from tui.core.systems.myz.battle import Battle

SUCCESS, BANE = "☢", "☠"
GLYPH = {DieKind.BASE: "✘", DieKind.SKILL: "◎", DieKind.GEAR: "⚙"}
NEGATIVE = "-◎"


# -- the waves, recovered from the log --------------------------------------------


@dataclass
class WaveTrace:
    """One wave as the log shows it."""

    number: int
    start: MyzState
    """The first state of the wave (its forces are the wave's starting forces)."""
    last: MyzState
    """The last state before the next wave replaced it."""
    rolled: MyzState | None = None
    """The first state holding the Battle roll's result (the roller still shows the dice)."""
    opening: list[Any] = field(default_factory=list)
    """The GM's changes before the wave's first step (``NextWave`` Battle Levels, ``Adjust``)."""
    adjustments: list[Any] = field(default_factory=list)
    """The GM's ``Adjust`` steps later in the wave."""
    typed: bool = False
    """The Battle roll (or a push) was made with real dice and typed in."""

    @property
    def wave(self) -> WaveState:
        assert self.last.wave is not None
        return self.last.wave

    @property
    def started(self) -> bool:
        return _started(self.wave)


def _started(wave: WaveState) -> bool:
    return wave.phase != "risk" or any(r is not None for r in wave.risks)


def wave_traces(battle: "Battle") -> tuple[list[Any], list[WaveTrace]]:
    """(adjustments before the first wave, each wave in order)."""
    states: Sequence[MyzState] = battle.history.states
    events = battle.history.done
    before: list[Any] = []
    traces: dict[int, WaveTrace] = {}
    for index, state in enumerate(states):
        event = events[index - 1] if index > 0 else None
        wave = state.wave
        if wave is None:
            if isinstance(event, Adjust):
                before.append(event)
            continue
        trace = traces.get(wave.number)
        if trace is None:
            trace = traces[wave.number] = WaveTrace(wave.number, state, state)
        trace.last = state
        if trace.rolled is None and wave.battle is not None:
            trace.rolled = state
        if isinstance(event, (Roll, Push)) and event.typed:
            trace.typed = True
        if isinstance(event, NextWave) and event.battle_levels:
            trace.opening.append(event)
        elif isinstance(event, Adjust):
            (trace.adjustments if _started(wave) else trace.opening).append(event)
    ordered = [traces[n] for n in sorted(traces)]
    final = battle.history.state
    # A NextWave that ends the battle (no Battle dice left) still opens a
    # wave; with nothing in it, it is not a wave of the battle.
    if ordered and final.stage == "over" and not ordered[-1].started and not ordered[-1].opening:
        ordered.pop()
    return before, ordered


# -- Markdown -------------------------------------------------------------------


def cell(text: object) -> str:
    """Text for a table cell: a ``|`` cannot end the cell (user text comes
    already escaped by ``md_text``, its ``|`` as ``\\|``)."""
    return re.sub(r"(?<!\\)\|", r"\\|", str(text))


def signed(value: int) -> str:
    return f"{value:+d}"


def faces_text(faces: Iterable[int]) -> str:
    return " ".join(str(face) for face in faces)


class _Writer:
    """The report's lines, with the language and ruleset at hand."""

    def __init__(self, game: MyzState, language: str):
        catalog(language)  # refuse an unknown language before writing anything
        self.lang = language
        self.rules = game.rules
        self.game = game
        self.names = tuple(md_text(name) for name in game.names)
        self.lines: list[str] = []

    # words

    def t(self, key: str, /, **params: object) -> str:
        return tr(self.lang, key, **params)

    def yes_no(self, value: bool) -> str:
        return self.t("report.yes") if value else self.t("report.no")

    def named(self, table: str, key: str | None) -> str:
        """A ruleset row's name in the language, or the key itself when a house rule lacks it."""
        if not key:
            return ""
        finders: dict[str, Callable[[str], Named]] = {
            "strategy": self.rules.strategy,
            "class": self.rules.special_class,
            "project": self.rules.ark_project,
            "terrain": self.rules.terrain_advantage,
            "fortification": self.rules.fortification,
            "environment": self.rules.environment_type,
            "skill": self.rules.skill,
            "margin": lambda k: next(row for row in self.rules.margins if row.key == k),
            "position": self.rules.position,
            "recon": lambda k: next(row for row in self.rules.reconnaissance.factors if row.key == k),
            "retaliation": lambda k: next(row for row in self.rules.retaliation.factors if row.key == k),
        }
        lookup = finders[table]
        try:
            return md_text(lookup(key).name(self.lang))
        except (KeyError, StopIteration):
            return md_text(key)

    # blocks

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def heading(self, level: int, text: str) -> None:
        self.add("#" * level + " " + text, "")

    def para(self, text: str) -> None:
        self.add(text, "")

    def bullets(self, items: Iterable[str]) -> None:
        items = list(items)
        if items:
            self.add(*(f"- {item}" for item in items), "")

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> None:
        """A pipe table; ``align`` gives each column ``l`` or ``r`` (left by default)."""
        rows = [list(row) for row in rows]
        if not rows:
            return
        marks = ["---:" if (align[i:i + 1] == "r") else "---" for i in range(len(headers))]
        self.add("| " + " | ".join(cell(h) for h in headers) + " |")
        self.add("| " + " | ".join(marks) + " |")
        for row in rows:
            self.add("| " + " | ".join(cell(value) for value in row) + " |")
        self.add("")

    def text(self) -> str:
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n"


# -- the pieces of a report -------------------------------------------------------------


def _person_name(people: tuple[Person, ...], index: int | None, w: _Writer) -> str:
    if index is None or index >= len(people):
        return w.t("report.nobody")
    return md_text(people[index].name)


def _check(result: CheckResult, people: tuple[Person, ...], risk: int, w: _Writer, skill_key: str | None = None, extra: Sequence[str] = ()) -> str:
    """"Dora rolls SNEAK with 4b4s (Risk +1), dice ✘ 2 5 1 1 ◎ 6 6 5 5 → 2 ☢".

    ``skill_key`` names the skill when the check leaves it to the step (the
    Reconnaissance); ``extra`` lists modifiers the step adds to the pool."""
    check = result.check
    person = _person_name(people, check.person, w)
    skill = w.named("skill", check.skill or skill_key) or w.t("report.check.no_skill")
    notes = []
    if risk:
        notes.append(w.t("report.check.risk", risk=signed(risk)))
    if check.helpers:
        notes.append(w.t("report.check.helpers", names=", ".join(_person_name(people, h, w) for h in check.helpers)))
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


def _roll_faces(roll: YearZeroRoll, w: _Writer) -> str:
    stages = []
    for number, stage in enumerate(roll.stages()):
        dice = " ".join(f"{GLYPH[kind]} {faces_text(stage[kind])}" for kind in KINDS if stage[kind]) or "-"
        label = w.t("report.battle.first_roll") if number == 0 else w.t("report.battle.push", number=number)
        stages.append(f"{label}: {dice}")
    return "; ".join(stages)


def _units(units: Mapping[str, int], w: _Writer) -> str:
    listed = [f"{w.named('class', key)} {count}" for key, count in units.items() if count]
    return ", ".join(listed) or w.t("report.none")


def _conditions(force: Force, w: _Writer) -> str:
    words = [w.t(f"myz.condition.{key}") for key in ("confused", "routed", "escaped", "surrendered", "leader_captured") if getattr(force, key)]
    if not force.combat_ready:
        words.append(w.t("report.not_combat_ready"))
    return ", ".join(words) or "-"


def _forces_table(forces: tuple[Force, Force], w: _Writer, lost: Sequence[int] | None = None) -> None:
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


def _title(battle: "Battle", w: _Writer) -> None:
    w.heading(1, md_text(battle.meta.title))
    ruleset = w.rules.ruleset.title(w.lang)
    w.para(w.t("report.subtitle", ruleset=ruleset, a=w.names[0], b=w.names[1]))


def _battlefield(start: MyzState, w: _Writer) -> None:
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


def _muster(start: MyzState, w: _Writer) -> None:
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
        projects = ", ".join(w.named("project", key) for key in army.ark_projects) or w.t("report.none")
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


def _reconnaissance(game: MyzState, w: _Writer) -> None:
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
        rows.append([w.names[side], _person_name(people, result.check.person, w), "; ".join(factors) or "-", _check(result, people, 0, w, w.rules.reconnaissance.skill)])
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


def _initiative(battle: "Battle", game: MyzState, w: _Writer) -> None:
    w.heading(2, w.t("report.initiative.heading"))
    if game.stage in ("muster", "reconnaissance", "ambush", "initiative"):
        w.para(w.t("report.initiative.not_yet"))
        return
    event = next((e for e in battle.history.done if isinstance(e, Initiative)), None)
    first = w.names[game.first]
    if event is not None and event.faces:
        pairs = [f"{a}:{b}" for a, b in zip(event.faces[::2], event.faces[1::2])]
        w.para(w.t("report.initiative.rolled", name=first, a=w.names[0], b=w.names[1], dice=", ".join(pairs)))
    else:
        w.para(w.t("report.initiative.set", name=first))


def _adjustment(event: Any, w: _Writer) -> str:
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


# -- one wave ------------------------------------------------------------------------


def _risks(trace: WaveTrace, w: _Writer) -> None:
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


def _strategies(trace: WaveTrace, w: _Writer) -> None:
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


def _actions(trace: WaveTrace, w: _Writer) -> None:
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
            text = w.t("report.action.remarkable", check=_check(record.result, people, risk, w), dice=effect.strategy_dice)
        elif record.action == "commando" and record.result is not None:
            risk = wave.risk(side, record.result.check.person) if record.result.check.person is not None else 0
            text = w.t("report.action.commando", check=_check(record.result, people, risk, w), strategy=effect.removes_strategy, support=effect.destroys_support)
        elif record.action == "grant":
            text = w.t("report.action.grant", dice=effect.strategy_dice)
        else:
            text = w.t("report.action.none")
        items.append(f"{name}: {text}")
    w.bullets(items)


def source_name(line: PoolLine, w: _Writer) -> str:
    return source_label(line, w.rules, w.lang)


_ZERO_COLUMN = {"battle_level": 0, "combat_ready": 0, "ambush": 2, "special_class": 2, "ark_project": 2, "fortification": 2, "commando_support": 2}
"""Where a source that gives no dice at all shows its 0 (Strategy dice unless named here)."""


def _dice_cell(count: int) -> str:
    return str(count) if count else ""


def _pools(trace: WaveTrace, w: _Writer) -> None:
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


def _battle(trace: WaveTrace, w: _Writer) -> None:
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
            dice.append(f"{w.names[side]}: {_roll_faces(shown, w)}")
    if dice and trace.typed:
        dice.append(w.t("report.battle.typed"))
    w.bullets(dice)
    if result is not None:
        extra = [w.t("report.battle.commando_damaged", name=w.names[side], count=commando_damaged(wave.pools[side])) for side in w.game.order if commando_damaged(wave.pools[side])]
        w.bullets(extra)


def _support(trace: WaveTrace, w: _Writer) -> None:
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
            check = _check(result, people, risk, w)
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


def _casualty_rows(report: CasualtyReport, w: _Writer) -> list[list[object]]:
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


def _retaliation_rows(reports: tuple[RetaliationReport, ...], side: int, end: EndReport, wave: WaveState, w: _Writer) -> list[list[object]]:
    people = end.after[side].army.people
    rows: list[list[object]] = []
    for report in reports:
        person = people[report.person]
        total = end.after[side].damage[report.person] if report.person < len(end.after[side].damage) else report.damage
        damage = f"{report.damage} ({total}/{person.strength})"
        broken = w.t("report.retaliation.broken") if report.broken else "-"
        if report.helped is not None:
            helped = w.t("report.retaliation.helped", name=_person_name(people, report.helped, w))
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


def _change_text(key: str, detail: str, w: _Writer) -> str:
    if key == "myz.change.project":
        detail = w.named("project", detail)
    elif key == "myz.change.unit":
        detail = w.named("class", detail)
    return w.t(key, detail=detail)


def _end(trace: WaveTrace, lost: list[int], w: _Writer) -> None:
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


def _successor(trace: WaveTrace, side: int, end: EndReport, w: _Writer) -> str:
    people = trace.last.armies[side].people
    leader = end.before[side].leader
    broken = w.t("report.next.leader_broken", name=_person_name(people, leader, w))
    result = trace.wave.successors[side]
    if result is None:
        return broken if trace.last.stage == "over" else broken + " " + w.t("report.next.successor_pending")
    person = result.check.person
    risk = trace.wave.risk(side, person) if person is not None else 0
    who = _person_name(people, person, w) if person is not None else w.t("report.next.npc_officer")
    outcome = w.t("report.next.successor_holds") if result.successes else w.t("report.next.successor_fails")
    penalty = w.t("report.check.broken_leader", value=signed(w.rules.retaliation.broken_leader_modifier))
    check = _check(result, people, risk, w, extra=(penalty,))
    return broken + " " + w.t("report.next.successor", name=who, check=check, outcome=outcome)


def _wave(trace: WaveTrace, lost: list[int], w: _Writer) -> None:
    wave = trace.wave
    w.heading(2, w.t("report.wave.heading", number=trace.number))
    if trace.start.forces is not None:
        w.para(w.t("report.wave.forces"))
        _forces_table(trace.start.forces, w)
    w.bullets(_adjustment(event, w) for event in trace.opening)
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
    w.bullets(_adjustment(event, w) for event in trace.adjustments)
    if wave.end is None and wave.phase not in ("truce", "end") and not wave.siege_lifted:
        w.para(w.t("report.wave.in_progress", phase=w.t(f"myz.phase.{wave.phase}")))


def _losses(traces: list[WaveTrace], w: _Writer) -> None:
    reports = [trace.wave.end for trace in traces if trace.wave.end is not None]
    if not reports:
        return
    w.heading(2, w.t("report.losses.heading"))
    rows: list[list[object]] = []
    totals = [0, 0]
    for report in reports:
        for side in (0, 1):
            totals[side] += report.casualties[side].total
        rows.append([report.wave, report.casualties[0].total, report.casualties[1].total])
    rows.append([f"**{w.t('report.pool.total')}**", f"**{totals[0]}**", f"**{totals[1]}**"])
    w.table([w.t("report.col.wave"), w.names[0], w.names[1]], rows, "rrr")


def _ending(game: MyzState, lost: list[int], w: _Writer) -> None:
    if game.stage == "over":
        w.heading(2, w.t("report.over.heading"))
        reasons = ending_lines(game, w.names, w.t) or [w.t("report.over.unknown")]
        w.bullets(reasons)
    else:
        w.heading(2, w.t("report.ongoing.heading"))
        if game.stage == "wave" and game.wave is not None and game.wave.phase == "next":
            w.para(w.t("report.ongoing.wave_over", number=game.wave.number))
        elif game.stage == "wave" and game.wave is not None and game.wave.phase == "truce":
            w.para(w.t("report.ongoing.truce", number=game.wave.number))
        elif game.stage == "wave" and game.wave is not None:
            w.para(w.t("report.ongoing.wave", number=game.wave.number, phase=w.t(f"myz.phase.{game.wave.phase}")))
        else:
            w.para(w.t(f"report.ongoing.{game.stage}"))
    if game.forces is not None:
        w.para(w.t("report.over.forces") if game.stage == "over" else w.t("report.ongoing.forces"))
        _forces_table(game.forces, w, lost)


def markdown_report(battle: "Battle", language: str) -> str:
    """The whole battle as Markdown, in ``language`` ("en" or "de")."""
    game = battle.game
    w = _Writer(game, language)
    before, traces = wave_traces(battle)
    states = battle.history.states
    # The battlefield as fought at first (a siege lifted later changes the current one).
    start = next((s for s in states if s.forces is not None), game)
    _title(battle, w)
    _battlefield(start, w)
    _muster(start, w)
    _reconnaissance(game, w)
    _initiative(battle, game, w)
    if before:
        w.heading(3, w.t("report.adjust.heading"))
        w.bullets(_adjustment(event, w) for event in before)
    lost = [0, 0]
    for trace in traces:
        _wave(trace, lost, w)
    _losses(traces, w)
    _ending(game, lost, w)
    return w.text()


__all__ = ["cell", "markdown_report", "wave_traces", "WaveTrace"]
