"""The army builder's fields: the rows it shows for a faction and what each
key does to them, as plain functions of the battle's state.

A row's id names its field: ``fighters``, ``unit:artillery``,
``project:arsenal``, ``person:2``, ``environment``... ``step`` and
``toggle`` return the ``Change`` an edit makes (or None when the key does
not apply to the row), so the screen can grey keys out with the same
functions it edits with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.text import Text

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import language, t
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.forces import base_battle_level, class_counts_here, fortification_key
from tui.core.systems.myz.preview import MusterPreview
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState
from tui.ui.glyphs import Glyphs
from tui.ui.widgets.form import FormRow

ARMY_TOGGLES = ("ark", "defends_ark", "combat_ready", "home_territory", "scout_unit", "defensive_position", "flying_only", "motorised", "forced_march")
FIELD_TOGGLES = ("night", "bad_weather", "waterway")
MARCH = ("home_territory", "scout_unit", "defensive_position", "flying_only", "motorised", "forced_march")
MOST = {"fighters": 99_999, "battle_level": 999, "unit": 99_999}


@dataclass(frozen=True)
class Change:
    """New values for the selected faction's army or for the battlefield."""

    target: Literal["army", "field"]
    values: dict


def kind(row_id: str | None) -> str | None:
    """What enter does on a row: toggle, choice, number, name, person, add_person."""
    if row_id is None or row_id.startswith("h:"):
        return None
    head = row_id.split(":")[0]
    if row_id in ARMY_TOGGLES or row_id in FIELD_TOGGLES or head == "project" or row_id == "played_by":
        return "toggle"
    if row_id in ("fortification", "terrain", "environment", "siege"):
        return "choice"
    if row_id in ("fighters", "battle_level") or head == "unit":
        return "number"
    if head == "person":
        return "person"
    return row_id if row_id in ("name", "add_person") else None


def person_index(row_id: str | None) -> int | None:
    if row_id and row_id.startswith("person:"):
        return int(row_id.split(":")[1])
    return None


def position_skills(rules: MyzRuleset, position: str) -> tuple[str, ...]:
    """The skills a position rolls in a mass combat, as the ruleset lists them."""
    keys = {
        "leader": (rules.reconnaissance.skill, *rules.strategy_rules.rally_skills, *rules.retaliation.broken_leader_skills),
        "assailant": rules.remarkable_action.skills,
        "engineer": rules.support.engineer_skills,
        "medic": rules.support.medic_skills,
    }.get(position, ())
    return tuple(dict.fromkeys(keys))


def changed_army(army: Army, values: dict) -> Army:
    """Raises ``ValidationError`` when the result breaks a rule of the muster."""
    return Army.model_validate({**army.model_dump(), **values})


def changed_field(field_: Battlefield, values: dict) -> Battlefield:
    return Battlefield.model_validate({**field_.model_dump(), **values})


# -- choices ------------------------------------------------------------------


def choices(game: MyzState, row_id: str) -> list[tuple[object, str]]:
    """(value, label) for a choice row, in the ruleset's order."""
    rules, lang = game.rules, language()
    if row_id == "fortification":
        return [(f.key, f.name(lang)) for f in rules.fortifications]
    if row_id == "terrain":
        return [(f.key, f.name(lang)) for f in rules.terrain]
    if row_id == "environment":
        return [(e.key, f"{e.name(lang)} ({e.rating})") for e in rules.environment.types]
    if row_id == "siege":
        return [(None, t("army.value.siege_none"))] + [(side, t("army.value.siege_side", name=game.names[side])) for side in (0, 1)]
    return []


def current_choice(game: MyzState, side: int, row_id: str) -> object:
    if row_id in ("fortification", "terrain"):
        return getattr(game.armies[side], row_id)
    return getattr(game.battlefield, row_id)


def chosen(row_id: str, value: object) -> Change:
    return Change("field" if row_id in ("environment", "siege") else "army", {row_id: value})


# -- edits --------------------------------------------------------------------


def toggle(game: MyzState, side: int, row_id: str | None) -> Change | None:
    army = game.armies[side]
    if row_id == "ark" and army.ark:
        return Change("army", {"ark": False, "defends_ark": False})  # no Ark, none to defend
    if row_id in ARMY_TOGGLES:
        return Change("army", {row_id: not getattr(army, row_id)})
    if row_id in FIELD_TOGGLES:
        return Change("field", {row_id: not getattr(game.battlefield, row_id)})
    if row_id == "played_by":
        return Change("army", {"played_by": "gm" if army.played_by == "players" else "players"})
    if row_id and row_id.startswith("project:"):
        key = row_id.split(":")[1]
        on = set(army.ark_projects) ^ {key}
        return Change("army", {"ark_projects": tuple(p.key for p in game.rules.ark_projects if p.key in on)})
    return None


def step(game: MyzState, side: int, row_id: str | None, delta: int) -> Change | None:
    """What + (delta 1) or - (-1) does to a row; None when it does nothing."""
    if row_id is None:
        return None
    army, rules = game.armies[side], game.rules
    if row_id in ARMY_TOGGLES or row_id in FIELD_TOGGLES or row_id.startswith("project:"):
        target = game.battlefield if row_id in FIELD_TOGGLES else army
        on = row_id.split(":")[1] in army.ark_projects if row_id.startswith("project:") else getattr(target, row_id)
        return toggle(game, side, row_id) if on != (delta > 0) else None
    if row_id == "played_by":
        return toggle(game, side, row_id)
    if row_id == "fighters":
        value = army.fighters + delta
        return Change("army", {"fighters": value}) if 0 <= value <= MOST["fighters"] else None
    if row_id == "battle_level":
        value = base_battle_level(army, rules) + delta
        return Change("army", {"battle_level": value}) if 0 <= value <= MOST["battle_level"] else None
    if row_id.startswith("unit:"):
        key = row_id.split(":")[1]
        value = army.units.get(key, 0) + delta
        if not 0 <= value <= MOST["unit"]:
            return None
        units = {c.key: (value if c.key == key else army.units.get(c.key, 0)) for c in rules.special_classes.classes}
        return Change("army", {"units": {k: v for k, v in units.items() if v}})
    if kind(row_id) == "choice":
        values = [value for value, _ in choices(game, row_id)]
        current = current_choice(game, side, row_id)
        index = values.index(current) + delta if current in values else 0
        return chosen(row_id, values[index]) if 0 <= index < len(values) else None
    return None


def number_spec(game: MyzState, side: int, row_id: str) -> tuple[str, int, int]:
    """(current text, least, most) for a number row's dialog."""
    army = game.armies[side]
    if row_id == "fighters":
        return str(army.fighters), 0, MOST["fighters"]
    if row_id == "battle_level":
        return ("" if army.battle_level is None else str(army.battle_level)), 0, MOST["battle_level"]
    return str(army.units.get(row_id.split(":")[1], 0)), 0, MOST["unit"]


def typed_number(game: MyzState, side: int, row_id: str, value: int | None) -> Change:
    if row_id.startswith("unit:"):
        key = row_id.split(":")[1]
        units = {**game.armies[side].units, key: value or 0}
        return Change("army", {"units": {c.key: units[c.key] for c in game.rules.special_classes.classes if units.get(c.key)}})
    return Change("army", {row_id: value})


def with_person(army: Army, index: int | None, person: Person) -> tuple[Person, ...]:
    """The people with ``person`` added (index None) or replacing one; a new
    leader takes over from the old one, who becomes an assailant."""
    people = list(army.people)
    if index is None:
        people.append(person)
        index = len(people) - 1
    else:
        people[index] = person
    if person.position == "leader":
        people = [p.model_copy(update={"position": "assailant"}) if i != index and p.position == "leader" else p for i, p in enumerate(people)]
    return tuple(people)


def without_person(army: Army, index: int) -> tuple[Person, ...]:
    return tuple(p for i, p in enumerate(army.people) if i != index)


# -- rows ---------------------------------------------------------------------


def _box(on: bool) -> Text:
    return Text(t("army.value.yes") if on else t("army.value.no"))


def _row(row_id: str, value: Text | str, note: str = "", label: str | None = None) -> FormRow:
    text = value if isinstance(value, Text) else Text(value)
    return FormRow(row_id, label if label is not None else t(f"army.field.{row_id}"), text, note)


def _heading(key: str) -> FormRow:
    return FormRow(f"h:{key}", t(f"army.section.{key}"), heading=True)


def person_value(person: Person, rules: MyzRuleset) -> Text:
    lang = language()
    parts: list = [Text(person.name), (" · " + t("army.value.pc" if person.pc else "army.value.npc"), "dim")]
    skills = []
    for key, pool in person.skills.items():
        try:
            name = rules.skill(key).name(lang)
        except KeyError:
            name = key
        skills.append(f"{name} {pool}")
    if skills:
        parts.append(" · " + ", ".join(skills))
    defaults = {name: Person.model_fields[name].default for name in ("armour", "strength")}
    if (person.armour, person.strength) != (defaults["armour"], defaults["strength"]):
        parts.append((" · " + t("army.value.body", armour=person.armour, strength=person.strength), "dim"))
    return Text.assemble(*parts)


def faction_rows(game: MyzState, side: int, glyphs: Glyphs, preview: MusterPreview | None = None) -> list[FormRow]:
    """The rows for one faction; ``preview`` adds what the Ark's projects grant."""
    rules, army, field_, lang = game.rules, game.armies[side], game.battlefield, language()
    units = preview.units[side] if preview else None
    rating = preview.rating if preview else None
    assumed = set(rules.ruleset.assumed)
    ratio = rules.battle_level.fighters_per_level
    auto = army.fighters // ratio
    if army.battle_level is None:
        level_note = t("army.note.level_auto", ratio=ratio)
    else:
        level_note = t("army.note.level_typed", level=auto)
    if "battle_level.fighters_per_level" in assumed and army.battle_level is None:
        level_note += " · " + t("army.note.assumed")
    rows = [
        _heading("faction"),
        _row("name", Text(game.names[side])),
        _row("played_by", t(f"army.value.{army.played_by}")),
        _row("fighters", str(army.fighters)),
        _row("battle_level", str(base_battle_level(army, rules)), level_note),
        _row("ark", _box(army.ark), "" if army.ark else t("army.note.ark_lists_projects")),
    ]
    if army.ark:
        rows.append(_row("defends_ark", _box(army.defends_ark)))
    if army.defends_ark:
        bonus = rules.battle_level.combat_ready_bonus
        rows.append(_row("combat_ready", _box(army.combat_ready), t("army.note.combat_ready", bonus=bonus)))
    rows.append(_heading("people"))
    for index, person in enumerate(army.people):
        position = rules.position(person.position).name(lang)
        rows.append(_row(f"person:{index}", person_value(person, rules), label=position))
    rows.append(_row("add_person", Text(t("army.value.add_person")), label=""))
    if army.ark:
        rows.append(_heading("ark"))
        for project in rules.ark_projects:
            note = t("army.note.at_ark_only") if project.only_at_ark and not army.defends_ark else ""
            rows.append(_row(f"project:{project.key}", _box(project.key in army.ark_projects), note, label=project.name(lang)))
    rows.append(_heading("units"))
    for special in rules.special_classes.classes:
        count = army.units.get(special.key, 0)
        notes = []
        granted = (units or {}).get(special.key, count) - count
        if granted > 0:
            notes.append(t("army.note.granted", count=granted))
        if special.relevant != "always":
            notes.append(t(f"army.note.relevant_{special.relevant}"))
            if not class_counts_here(special.key, side, field_, rules):
                notes.append(t("army.note.not_here"))
        rows.append(_row(f"unit:{special.key}", str(count), " · ".join(notes), label=special.name(lang)))
    rows.append(_heading("march"))
    fortification = rules.fortification(army.fortification) if army.fortification in {f.key for f in rules.fortifications} else None
    terrain = rules.terrain_advantage(army.terrain) if army.terrain in {f.key for f in rules.terrain} else None
    gear, skill = glyphs.kind[DieKind.GEAR], glyphs.kind[DieKind.SKILL]
    fort_note = gear * fortification.support_dice if fortification else ""
    if preview is not None and fortification is not None:
        built = fortification_key(preview.forces[side], rules)
        if built != army.fortification:
            best = rules.fortification(built)
            fort_note = t("army.note.projects_build", name=best.name(lang), dice=gear * best.support_dice)
    rows.append(_row("fortification", fortification.name(lang) if fortification else army.fortification, fort_note))
    rows.append(_row("terrain", terrain.name(lang) if terrain else army.terrain, skill * terrain.strategy_dice if terrain else ""))
    for key in MARCH:
        rows.append(_row(key, _box(getattr(army, key))))
    rows.append(_heading("battlefield"))
    try:
        environment = rules.environment_type(field_.environment)
        name, base = environment.name(lang), environment.rating
    except KeyError:
        name, base = field_.environment, 0
    shown = base if rating is None else rating
    env_note = t("army.note.rating", rating=shown) if shown == base else t("army.note.rating_changed", base=base, rating=shown)
    rows.append(_row("environment", name, env_note))
    for key in FIELD_TOGGLES:
        rows.append(_row(key, _box(getattr(field_, key))))
    siege = t("army.value.siege_none") if field_.siege is None else t("army.value.siege_side", name=game.names[field_.siege])
    rows.append(_row("siege", Text(siege)))
    return rows


def row_hint(game: MyzState, side: int, row_id: str | None) -> str:
    """One line about the field under the cursor: what it does in the rules."""
    if row_id is None:
        return ""
    rules, lang = game.rules, language()
    head, _, key = row_id.partition(":")
    if head == "project":
        return rules.ark_project(key).effect(lang)
    if head == "unit":
        classes = rules.special_classes
        return t("army.hint.unit", examples=rules.special_class(key).examples(lang), least=classes.min_units, ratio=classes.superiority_ratio)
    if head == "person":
        return t("army.hint.person")
    factors = {f.key: f for f in rules.reconnaissance.factors}
    recon_key = {"home_territory": "home", "scout_unit": "scout", "defensive_position": "defensive_position", "flying_only": "flying_only", "motorised": "motorised", "forced_march": "forced_march"}.get(row_id)
    if recon_key in factors:
        factor = factors[recon_key]
        return t("army.hint.recon", modifier=f"{factor.modifier:+d}", factor=factor.name(lang))
    return t(f"army.hint.{row_id}")


__all__ = [
    "Change",
    "changed_army",
    "changed_field",
    "choices",
    "chosen",
    "current_choice",
    "faction_rows",
    "kind",
    "number_spec",
    "person_index",
    "position_skills",
    "row_hint",
    "step",
    "toggle",
    "typed_number",
    "with_person",
    "without_person",
]
