"""A Kingmaker battle in words: each ``Note`` put into the reader's
language, an army's line, the Markdown report, and what every player may
see of the battle."""

from __future__ import annotations

import string
from typing import Callable, Collection

from tui.core.i18n import language, t
from tui.core.markdown import md_text
from tui.core.notes import Note
from tui.core.systems.kingmaker.explain import explain
from tui.core.systems.kingmaker.state import KMState

LETTERS = string.ascii_uppercase + string.digits
ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
SOLID_ARROWS = {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}
"""The facings as the GM's mat draws them (the players' view; ``--ascii`` turns them back)."""
_WORDS = {"tactic", "threshold", "step", "facing", "changes", "standing"}
"""Note parameters that are keys into the ruleset, not the GM's text."""


def _plain(text: str) -> str:
    return text


def note_text(state: KMState, note: Note, escape: Callable[[str], str] = _plain) -> str:
    """The note in words; ``escape`` is applied to the GM's own text in it
    (army and side names), e.g. ``md_text`` for the Markdown report."""
    params = {name: escape(value) if isinstance(value, str) and name not in _WORDS else value for name, value in note.params}
    lang = language()
    for name in ("side", "chooser"):
        # Sides are kept by number, so a side renamed later reads by its new name.
        index = params.get(name)
        if isinstance(index, int) and 0 <= index < len(state.sides):
            params[name] = escape(state.sides[index])
    if "tactic" in params:
        params["tactic"] = state.rules.tactic(str(params["tactic"])).name(lang)
    rolled, total = params.pop("rolled", None), params.get("total")
    if isinstance(rolled, int) and isinstance(total, int):
        # The die beside its total, so a GM can see what was added: "12 (9+3)".
        params["total"] = f"{total} ({rolled}{total - rolled:+d})"
    if "changes" in params:
        parts = [t(f"km.change.{part}") for part in str(params["changes"]).split(",") if part]
        params["changes"] = ", ".join(parts) if parts else t("km.change.nothing")
    if "facing" in params:
        params["facing"] = t(f"km.facing.{params['facing']}")
    if "step" in params:
        step = next((s for s in state.rules.strategy.steps if s.key == params["step"]), None)
        params["step"] = step.name(lang) if step is not None else params["step"]
    if "threshold" in params:
        threshold = next((th for th in state.rules.morale.thresholds if th.key == params["threshold"]), None)
        params["threshold"] = threshold.name(lang) if threshold is not None else params["threshold"]
    if "standing" in params:
        standing = next((s for s in state.rules.morale.states if s.key == params["standing"]), None)
        params["standing"] = standing.name(lang) if standing is not None else params["standing"]
    return t(note.key, **params)


def letter(state: KMState, key: str) -> str:
    """The army's mark on the mat: A, B, C ... in muster order."""
    index = [a.key for a in state.armies].index(key)
    return LETTERS[index % len(LETTERS)]


def mat_lines(state: KMState, leave_out: Collection[str] = (), letters: dict[str, str] | None = None, arrows: dict[str, str] = ARROWS) -> list[str]:
    """The mat as text: terrain glyphs, and each unit's squares as its
    letter (``letters``, else its muster order's) with its facing (``arrows``:
    ``^ > v <`` for the report, where a hill is ``^`` too only in ASCII) on
    the front rank; not the armies in ``leave_out``."""
    rows = [[".", " "] * state.width for _ in range(state.height)]
    for (x, y), key in state.terrain:
        rows[y][2 * x] = state.rules.terrain_of(key).glyph
    for army in state.on_field():
        if army.key in leave_out:
            continue
        block = state.unit(army.key).block
        assert block is not None
        mark = letters[army.key] if letters is not None else letter(state, army.key)
        for x, y in block.squares:
            rows[y][2 * x] = mark
            rows[y][2 * x + 1] = arrows[block.facing] if (x, y) in block.front_squares else " "
    header = "   " + "".join(f"{x:<2}" if x % 5 == 0 else "  " for x in range(state.width))
    return [header.rstrip()] + [f"{y:>2} " + "".join(row).rstrip() for y, row in enumerate(rows)]


def standing_text(state: KMState, key: str) -> str:
    """hp, and how the army stands, in words: ``18/27 hp (-4 due) · Fleeing · Cautious Combat``."""
    return " · ".join(standing_parts(state, key))


def standing_parts(state: KMState, key: str, *, tactic: bool = True) -> list[str]:
    """hp first, then what else there is to say: the damage due at the phase's
    end, a standing other than ready, the tactic (unless ``tactic`` is False)."""
    unit = state.unit(key)
    words = [t("km.report.hp", hp=state.hp(key), full=state.derived[key].hp.total)]
    if unit.pending:
        # damage dealt this phase lands at its end: the GM sees it coming
        words.append(t("km.report.pending", pending=unit.pending))
    if unit.standing in ("retreat", "flee", "rout"):
        words.append(next(s.name(language()) for s in state.rules.morale.states if s.key == unit.standing))
    elif unit.standing != "ready":
        words.append(t(f"km.report.{unit.standing}"))
    if tactic and unit.tactic != "standard":
        words.append(state.rules.tactic(unit.tactic).name(language()))
    return words


def army_line(state: KMState, key: str, escape: Callable[[str], str] = _plain) -> str:
    """An army in one line: its size, ACR, Offense, Defense and where they come from."""
    found = state.derived[key]
    army = found.army
    lang = language()
    what = f" ({escape(army.creature)})" if army.creature else ""
    return t(
        "km.report.army", name=escape(army.name), what=what, size=found.size.name(lang), troops=army.troops, acr=found.acr_text,
        hp=found.hp.total, offense=f"{found.offense.total:+d}", defense=found.defense.total,
        why_offense=explain(found.offense, found, state.rules, lang), why_defense=explain(found.defense, found, state.rules, lang),
    )


def markdown_report(state: KMState, title: str, lang: str) -> str:
    """The whole battle as Markdown: the sides and their armies, the mat,
    then every note in order, and how each army stands at the end."""
    from tui.core.i18n import language as current, set_language

    before = current()
    set_language(lang)
    try:
        rules = state.rules
        lines = [f"# {md_text(title)}", "", f"## {t('km.report.sides')}", ""]
        for index, side in enumerate(state.sides):
            lines += [f"### {md_text(side)}", ""]
            for army in (a for a in state.armies if a.side == index):
                lines.append(f"- {army_line(state, army.key, md_text)}")
                if army.commander.name:
                    lines.append(f"  - {t('km.report.commander', name=md_text(army.commander.name), morale=state.derived[army.key].morale.total)}")
                if state.stage in ("battle", "over"):
                    lines.append(f"  - {md_text(standing_text(state, army.key))}")
            lines.append("")
        lines += [f"## {t('km.report.mat')}", "", t("km.report.mat_size", width=state.width, height=state.height, yards=rules.mat.yards_per_square)]
        if state.conditions:
            lines += ["", t("km.report.conditions", conditions=", ".join(rules.condition(c).name(lang) for c in state.conditions))]
        if state.stage != "muster":
            legend = ", ".join(f"{letter(state, a.key)} {md_text(a.name)}" for a in state.armies)
            lines += ["", "```", *mat_lines(state), "```", "", legend]
        lines += ["", f"## {t('km.report.story')}", ""]
        lines += [f"{number}. {note_text(state, note, md_text)}" for number, note in enumerate(state.notes, start=1)]
        return "\n".join(lines) + "\n"
    finally:
        set_language(before)


__all__ = ["army_line", "letter", "markdown_report", "mat_lines", "note_text", "standing_parts", "standing_text"]
