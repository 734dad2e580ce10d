"""A Second World conflict in words: each ``Note`` put into the reader's
language, the Markdown report, and what every player may see of it."""

from __future__ import annotations

from typing import Callable

from tui.core.i18n import language, t
from tui.core.markdown import md_text
from tui.core.notes import Note
from tui.core.systems.second_world.forces import consequence_slots, stress_boxes
from tui.core.systems.second_world.state import SWState

_TRANSLATED = {"order": "sw.order", "action": "sw.action", "outcome": "sw.outcome"}
_WORDS = {*_TRANSLATED, "situation"}
"""Note parameters that are keys into the ruleset or the messages, not the GM's text."""


def _plain(text: str) -> str:
    return text


def note_text(state: SWState, note: Note, escape: Callable[[str], str] = _plain) -> str:
    """The note in words; ``escape`` is applied to the GM's own text in it
    (names, aspects), e.g. ``md_text`` for the Markdown report."""
    params = {name: escape(value) if isinstance(value, str) and name not in _WORDS else value for name, value in note.params}
    for name, prefix in _TRANSLATED.items():
        if name in params:
            params[name] = t(f"{prefix}.{params[name]}")
    if "situation" in params:
        params["situation"] = state.rules.situation(str(params["situation"])).name(language())
    return t(note.key, **params)


def where(state: SWState, key: str) -> str:
    zone = state.zone_of(key)
    return state.board.zone(zone).name if zone is not None else t("sw.report.nowhere")


def condition(state: SWState, key: str) -> str:
    """Stress, consequences and whether the character is still in it, in words."""
    character, fighter = state.character(key), state.fighter(key)
    parts = []
    for track in state.rules.stress:
        boxes = stress_boxes(character, track.key, state.rules)
        checked = fighter.checked(track.key)
        marks = "".join("☒" if n in checked else "☐" for n in range(1, boxes + 1))
        parts.append(f"{track.name(language())} {marks or '–'}")
    if character.is_group:
        parts.append(t("sw.report.members", left=character.members - fighter.members_out, of=character.members))
    for slot, aspect in fighter.consequences:
        parts.append(f"{state.rules.consequence(slot.rstrip('0123456789')).name(language())}: {aspect}")
    if not character.is_group:
        points = fighter.fate_points if state.stage != "scene" else character.fate_points
        parts.append(t("sw.report.fate_points", points=points))
    if fighter.out:
        parts.append(t("sw.report.out"))
    elif fighter.conceded:
        parts.append(t("sw.report.conceded"))
    elif state.stage == "conflict" and state.withdrawn(key):
        parts.append(t("sw.report.withdrawn"))
    return " · ".join(parts)


def markdown_report(state: SWState, title: str, lang: str) -> str:
    """The whole conflict as Markdown: the sides and their characters, the
    map with its edges, then every note in order."""
    from tui.core.i18n import language as current, set_language

    before = current()
    set_language(lang)
    try:
        rules = state.rules
        lines = [f"# {md_text(title)}", "", f"## {t('sw.report.sides')}", ""]
        for index, side in enumerate(state.sides):
            lines.append(f"### {md_text(side)}")
            lines.append("")
            for character in (c for c in state.characters if c.side == index):
                weapon = rules.weapon(character.weapon).name(lang)
                skills = ", ".join(f"{rules.skill(s.skill).name(lang)} {s.rating:+d}" for s in sorted(character.skills, key=lambda s: -s.rating))
                lines.append(f"- **{md_text(character.name)}** ({weapon}; {skills or '–'}) · {md_text(where(state, character.key))} · {md_text(condition(state, character.key))}")
                if character.aspects:
                    lines.append(f"  - {t('sw.report.aspects')}: {', '.join(md_text(a) for a in character.aspects)}")
                slots = consequence_slots(character, "physical", rules)
                if slots and state.stage == "scene":
                    names = [rules.consequence(slot.rstrip("0123456789")).name(lang) for slot in slots]
                    lines.append(f"  - {t('sw.report.slots')}: {', '.join(names)}")
            lines.append("")
        lines += [f"## {t('sw.report.map')}", ""]
        for zone in state.board.zones:
            info = state.zone_info(zone.key)
            extra = [md_text(a) for a in info.aspects] + [rules.situation(s).name(lang) for s in info.situations]
            lines.append(f"- **{md_text(zone.name)}**" + (f": {', '.join(extra)}" if extra else ""))
        for edge in state.board.edges:
            a, b = state.board.zone(edge.a).name, state.board.zone(edge.b).name
            shut = t("board.describe.edge_closed" if edge.closed else "board.describe.edge_open")
            label = md_text(edge.label) or t("board.describe.edge")
            lines.append(f"- {label} `{edge.left_text}` ({shut}): {md_text(a)} – {md_text(b)}")
        lines += ["", f"## {t('sw.report.story')}", ""]
        lines += [f"{number}. {note_text(state, note, md_text)}" for number, note in enumerate(state.notes, start=1)]
        return "\n".join(lines) + "\n"
    finally:
        set_language(before)


__all__ = ["condition", "markdown_report", "note_text", "where"]
