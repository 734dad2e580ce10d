"""The dialogs behind the cast's keys: a character built or changed step by
step (name, side, PC, NPC or a group of nameless NPCs of a quality, head
count, weapon class, skills, aspects, fate points), the sides' names.

A sheet the ruleset can't play is refused on the step that breaks it, in
one line under the field (a skill it doesn't know, a rating off the
ladder, a nameless group whose skills aren't its quality's).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from tui.core.i18n import language, t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.forces import MAX_ASPECTS, MAX_MEMBERS, Character, SheetError, SkillRating, check_sheet
from tui.core.systems.second_world.rules import SecondWorldRuleset, shipped
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog, TextDialog, validation_message
from tui.ui.shell.menus import data_menu
from tui.ui.second_world.map_flows import LIST_LENGTH, aspects_problem, ask, parts_of, record
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.ui.shell.house_rules import MusterScreen


CastScreen = MusterScreen[SecondWorldBattle]
"""The cast as the flows see it (they never import the screen)."""


KIND_MENU = data_menu("sw.kind", lambda: ("pc", "npc", *(q.key for q in shipped().nameless)))
WEAPON_MENU = data_menu("sw.weapon", lambda: tuple(w.key for w in shipped().weapons))

_PAIR = re.compile(r"^\s*(.+?)\s*([+-]?\d+)\s*$")


def skills_text(character: Character, rules: SecondWorldRuleset) -> str:
    lang = language()
    ordered = sorted(character.skills, key=lambda s: -s.rating)
    return ", ".join(f"{rules.skill(s.skill).name(lang)} {s.rating:+d}" for s in ordered)


def parse_skills(text: str, rules: SecondWorldRuleset) -> tuple[SkillRating, ...]:
    """``Shoot +2, Athletics 1`` (names in either language, or keys) → ratings;
    ``ValueError`` with one line saying what can't be read."""
    names = {}
    for skill in rules.skills:
        for word in (skill.key, skill.name("en"), skill.name("de")):
            names[word.casefold()] = skill.key
    found: list[SkillRating] = []
    for part in (p for p in text.split(",") if p.strip()):
        match = _PAIR.match(part)
        key = names.get(match[1].casefold()) if match else None
        if match is None or key is None:
            raise ValueError(t("sw_ui.cast.skill_unread", part=part.strip()[:30]))
        found.append(SkillRating(skill=key, rating=int(match[2])))
    return tuple(found)


def _problem(make: Any) -> str | None:
    """What is wrong with the sheet ``make()`` builds (one line), or None."""
    try:
        make()
    except ValidationError as exc:
        return validation_message(exc)
    except (SheetError, ValueError) as exc:
        return str(exc)
    return None


async def character(screen: CastScreen, old: Character | None = None, *, hidden: bool = False) -> None:
    """A character built step by step, or ``old`` changed; ``hidden``: a new
    one the players' view never shows until the GM does (one step: no instant)."""
    state = screen.battle.game
    rules = state.rules
    lang = language()
    key = old.key if old else state.next_character_key()
    name = await ask(screen, TextDialog(t("sw_ui.cast.name"), old.name if old else "", t("sw_ui.cast.name_help")))
    if not name:
        return
    sides = [Choice(i, side) for i, side in enumerate(state.sides)]
    side = await ask(screen, ChoiceDialog(t("sw_ui.cast.side", name=name), sides, highlight=old.side if old else None))
    if side is None:
        return
    kinds = [Choice("pc", t("sw_ui.cast.pc"), entry="pc"), Choice("npc", t("sw_ui.cast.npc"), entry="npc")]
    kinds += [Choice(q.key, t("sw_ui.cast.nameless", quality=q.name(lang)), ", ".join(f"{r:+d}" for r in q.skills), entry=q.key) for q in rules.nameless]
    current = (old.nameless or old.role) if old else None
    kind = await ask(screen, ChoiceDialog(t("sw_ui.cast.kind", name=name), kinds, highlight=current, menu=KIND_MENU))
    if kind is None:
        return
    nameless = kind if kind not in ("pc", "npc") else None
    role = "pc" if kind == "pc" else "npc"
    members = 1
    if nameless is not None:
        members = await ask(screen, NumberDialog(t("sw_ui.cast.members", name=name), old.members if old else 3, 1, MAX_MEMBERS))
        if members is None:
            return
    weapons = [Choice(w.key, w.name(lang), t("sw_ui.cast.reach", zones=w.range) + (" · " + t("sw_ui.help.heavy") if w.heavy else ""), entry=w.key) for w in rules.weapons]
    weapon = await ask(screen, ChoiceDialog(t("sw_ui.cast.weapon", name=name), weapons, highlight=old.weapon if old else None, menu=WEAPON_MENU))
    if weapon is None:
        return

    def sheet(skills: tuple[SkillRating, ...] = (), aspects: tuple[str, ...] = (), fate_points: int = 0) -> Character:
        return Character(key=key, name=name, side=side, role=role, skills=skills, aspects=aspects, weapon=weapon,
                         fate_points=fate_points, nameless=nameless, members=members, captain=old.captain if old else False)

    wanted = next((q for q in rules.nameless if q.key == nameless), None)
    hint = t("sw_ui.cast.skills_quality", ratings=", ".join(f"{r:+d}" for r in wanted.skills)) if wanted else t("sw_ui.cast.skills_help")
    skills_typed = await ask(screen, TextDialog(
        t("sw_ui.cast.skills", name=name), skills_text(old, rules) if old else "", hint,
        check=lambda text: _problem(lambda: check_sheet(sheet(parse_skills(text, rules)), rules)), max_length=LIST_LENGTH,
    ))
    if skills_typed is None:
        return
    skills = parse_skills(skills_typed, rules)
    most_aspects = wanted.aspects if wanted else MAX_ASPECTS
    aspects_typed = await ask(screen, TextDialog(
        t("sw_ui.cast.aspects", name=name), "; ".join(old.aspects) if old else "", t("sw_ui.cast.aspects_help_nameless" if wanted else "sw_ui.cast.aspects_help", most=most_aspects),
        check=lambda text: aspects_problem(text, most_aspects) or _problem(lambda: check_sheet(sheet(skills, parts_of(text)), rules)), max_length=LIST_LENGTH,
    ))
    if aspects_typed is None:
        return
    aspects = parts_of(aspects_typed)
    fate_points = 0
    if nameless is None:
        default = old.fate_points if old else (rules.characters.refresh if role == "pc" else 0)
        fate_points = await ask(screen, NumberDialog(t("sw_ui.cast.fate_points", name=name), default, 0, 99))
        if fate_points is None:
            return
    record(screen, ev.SetCharacter(character=sheet(skills, aspects, fate_points), hidden=True if hidden else None))


async def sides(screen: CastScreen) -> None:
    state = screen.battle.game

    def check(text: str) -> str | None:
        names = list(parts_of(text))
        if not 2 <= len(names) <= 8:
            return t("sw_ui.cast.sides_count")
        return _problem(lambda: ev.SetSides(names=tuple(names))) or screen.battle.step_refusal(ev.SetSides(names=tuple(names)))

    text = await ask(screen, TextDialog(t("sw_ui.cast.sides"), "; ".join(state.sides), t("sw_ui.cast.sides_help"), check=check, max_length=LIST_LENGTH))
    if text is None:
        return
    names = parts_of(text)
    if names != state.sides:
        record(screen, ev.SetSides(names=names))


__all__ = ["character", "parse_skills", "sides", "skills_text"]
