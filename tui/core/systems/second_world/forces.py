"""Who fights in a Second World conflict: characters on sides.

A character is a PC or a named NPC, built as in Fate Core (skills on the
ladder, aspects, a weapon of a class the ruleset lists, fate points), or a
group of nameless NPCs of one quality fighting as a mob (Fate Core): one
sheet, a head count, the quality's skill ratings and stress boxes for each.
What the rules derive from a sheet (stress boxes per track, consequence
slots, a mob's teamwork bonus) is computed here from the ruleset, never
stored, so a house rule changes it everywhere at once.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from tui.core.errors import RuleViolation
from tui.core.i18n import language, t
from tui.core.campaign.consequences import check_carried, split
from tui.core.records import Record, check_name
from tui.core.systems.second_world.rules import SecondWorldRuleset

Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,15}$")]
"""A character's id in events and the save (``c1``); never shown alone."""
SkillKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
Rating = Annotated[int, Field(ge=-10, le=20)]
SideIndex = Annotated[int, Field(ge=0, le=7)]
MAX_ASPECTS = 7
MAX_MEMBERS = 30


class SheetError(RuleViolation):
    """A character sheet the ruleset can't play (an unknown skill or weapon,
    a rating off the ladder, a mob's skills not its quality's)."""


class SkillRating(Record):
    skill: SkillKey
    rating: Rating


class Character(Record):
    key: Key
    name: str
    side: SideIndex
    role: Literal["pc", "npc"] = "npc"
    skills: tuple[SkillRating, ...] = ()
    """Skills not listed are Mediocre (+0)."""
    aspects: tuple[str, ...] = ()
    weapon: SkillKey = "melee"
    """A weapon class of the ruleset (``light_firearm``)."""
    fate_points: Annotated[int, Field(ge=0, le=99)] = 0
    captain: bool = False
    """Coordinates the side's turn ("Captain Takes Point")."""
    nameless: SkillKey | None = None
    """A group of nameless NPCs of this quality (``fair``); None: one named character."""
    members: Annotated[int, Field(ge=1, le=MAX_MEMBERS)] = 1
    consequences: tuple[str, ...] = ()
    """Consequences brought from an earlier conflict, each ``slot:aspect``
    (a campaign's character keeps them until they recover)."""

    _name = field_validator("name")(check_name)
    _carried = field_validator("consequences")(check_carried)

    @field_validator("aspects")
    @classmethod
    def _aspects(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if len(value) > MAX_ASPECTS:
            raise ValueError(t("sw.sheet.too_many_aspects", most=MAX_ASPECTS))
        return tuple(check_name(v) for v in value)

    @model_validator(mode="after")
    def _shape(self) -> "Character":
        skills = [s.skill for s in self.skills]
        if len(set(skills)) != len(skills):
            raise ValueError(t("sw.sheet.skill_twice"))
        if self.nameless is None and self.members != 1:
            raise ValueError(t("sw.sheet.members_named"))
        if self.nameless is not None and self.role == "pc":
            raise ValueError(t("sw.sheet.pc_nameless"))
        return self

    def rating(self, skill: str) -> int:
        for entry in self.skills:
            if entry.skill == skill:
                return entry.rating
        return 0

    @property
    def is_group(self) -> bool:
        return self.nameless is not None


def check_sheet(character: Character, rules: SecondWorldRuleset) -> Character:
    """``character`` if the ruleset can play it; ``SheetError`` (one line) otherwise."""
    known = {s.key for s in rules.skills}
    for entry in character.skills:
        if entry.skill not in known:
            raise SheetError(t("sw.sheet.unknown_skill", skill=entry.skill, name=character.name))
        if not rules.on_ladder(entry.rating):
            raise SheetError(t("sw.sheet.off_ladder", rating=entry.rating, skill=rules.skill(entry.skill).name(language()), name=character.name))
    if character.weapon not in {w.key for w in rules.weapons}:
        raise SheetError(t("sw.sheet.unknown_weapon", weapon=character.weapon, known=", ".join(w.key for w in rules.weapons)))
    if character.nameless is not None:
        quality = next((q for q in rules.nameless if q.key == character.nameless), None)
        if quality is None:
            raise SheetError(t("sw.sheet.unknown_quality", quality=character.nameless, known=", ".join(q.key for q in rules.nameless)))
        ratings = sorted((s.rating for s in character.skills), reverse=True)
        if ratings != list(quality.skills):
            wanted = ", ".join(f"{r:+d}" for r in quality.skills)
            raise SheetError(t("sw.sheet.quality_skills", name=character.name, quality=quality.name(language()), wanted=wanted))
        if len(character.aspects) > quality.aspects:
            raise SheetError(t("sw.sheet.quality_aspects", name=character.name, most=quality.aspects))
    elif character.role == "pc":
        top = max((s.rating for s in character.skills), default=0)
        if top > rules.characters.skill_cap:
            raise SheetError(t("sw.sheet.over_cap", name=character.name, rating=top, most=rules.characters.skill_cap))
    slots = {slot for track in rules.stress for slot in consequence_slots(character, track.key, rules)}
    taken = [slot for slot, _ in split(character.consequences)]
    for slot in taken:
        if slot not in slots or taken.count(slot) > 1:
            raise SheetError(t("sw.sheet.carried_slot", name=character.name, slot=slot, slots=", ".join(sorted(slots)) or "—"))
    return character


def stress_boxes(character: Character, track: str, rules: SecondWorldRuleset) -> int:
    """Boxes on one stress track: the quality's for a nameless NPC (each
    member has its own), Fate Core's by Physique or Will otherwise."""
    if character.nameless is not None:
        return next(q.stress_boxes for q in rules.nameless if q.key == character.nameless)
    spec = rules.track(track)
    return spec.boxes_for(character.rating(spec.skill))


def consequence_slots(character: Character, track: str, rules: SecondWorldRuleset) -> tuple[str, ...]:
    """The consequence slots a hit on ``track`` may fill (``mild``,
    ``moderate``, ``severe``, ``mild2`` for an extra one). Nameless NPCs
    take none: a hit past their stress takes a member out."""
    if character.nameless is not None:
        return ()
    slots = [c.key for c in rules.consequences]
    for number, extra in enumerate(rules.extra_consequences, start=2):
        if extra.track == track and character.rating(extra.skill) >= extra.at_least:
            slots.append(f"{extra.consequence}{number}")
    return tuple(slots)


def slot_shifts(slot: str, rules: SecondWorldRuleset) -> int:
    """Shifts a consequence slot absorbs (``mild2`` as ``mild``)."""
    return rules.consequence(slot.rstrip("0123456789")).shifts


def teamwork(members_left: int, rules: SecondWorldRuleset) -> int:
    """A mob's bonus: ``teamwork_bonus`` for each member past the first."""
    return max(0, members_left - 1) * rules.mobs.teamwork_bonus


__all__ = ["Character", "Key", "SheetError", "SkillRating", "check_sheet", "consequence_slots", "slot_shifts", "stress_boxes", "teamwork"]
