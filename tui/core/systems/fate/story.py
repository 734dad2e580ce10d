"""The battle's story in words, for the zone board's log and the Markdown
report: each ``Note`` put into the reader's language."""

from __future__ import annotations

from typing import Any, Callable

from tui.core.history import LoggedBattle
from tui.core.i18n import language, t, tr
from tui.core.markdown import md_text
from tui.core.systems.fate.state import FateState, Note
from tui.core.systems.fate.turns import awards

_TRANSLATED = {"action": "fate.action", "slot": "fate.slot", "how": "fate_ui.how"}
_WORDS = {*_TRANSLATED, "skill", "outcome"}
"""Note parameters that are keys into the ruleset or the messages, not the GM's text."""


def _plain(text: str) -> str:
    return text


def players_on(state: FateState, side: int) -> int:
    """How many players make up ``side`` (the verb agrees: "Anna & Ben
    gewinnen"; the catalog's one/many forms count a number in the text)."""
    return max(1, sum(p.side == side for p in state.players))


def side_name(state: FateState, side: int, escape: Callable[[str], str] = _plain) -> str:
    names = [escape(p.name) for p in state.players if p.side == side]
    return " & ".join(names) if names else t("fate_ui.side", number=side + 1)


def note_text(state: FateState, note: Note, escape: Callable[[str], str] = _plain) -> str:
    """The note in words; ``escape`` is applied to the GM's own text in it
    (names, aspects), e.g. ``md_text`` for the Markdown report."""
    params = {name: escape(value) if isinstance(value, str) and name not in _WORDS else value for name, value in note.params}
    for name, prefix in _TRANSLATED.items():
        if name in params:
            params[name] = t(f"{prefix}.{params[name]}")
    if "side" in params:
        side = params["side"]
        params["side"] = side_name(state, side, escape) if isinstance(side, int) and side >= 0 else ""
    if "skill" in params:
        params["skill"] = _skill_word(state, str(params["skill"]), escape)
    if "outcome" in params:
        params["outcome"] = t(f"fate_ui.outcome.{params['outcome']}", shifts=params.get("shifts", 0))
    if note.key == "fate.note.outcome":
        params.update(_ratings_in_words(state, params))
    if note.key == "fate.note.ended":  # the core's note names no side; the story does
        side = dict(note.params).get("side")
        several = isinstance(side, int) and players_on(state, side) > 1
        return t("fate_ui.note_ended_several" if several else "fate_ui.note_ended", side=params.get("side", ""))
    return t(note.key, **params)


def _skill_word(state: FateState, key: str, escape: Callable[[str], str]) -> str:
    """A skill's name in the reader's language; a key the ruleset lacks (a
    house rule's, renamed since) as it was written."""
    try:
        return state.rules.skill(key).name(language())
    except KeyError:
        return escape(key)


def _ratings_in_words(state: FateState, params: dict[str, Any]) -> dict[str, str]:
    """A roll's result and its opposition on the ladder, and who opposed."""
    lang = language()
    total, opposition = int(params["total"]), int(params["opposition"])
    opposed = f"{opposition:+d} ({state.rules.ladder_name(opposition, lang)}"
    by = params.get("opposed_by", "")
    if by:  # escaped already, with the other parameters
        opposed += f", {by} {_skill_word(state, str(params.get('opposed_skill', '')), _plain)}".rstrip()
    return {"total": f"{total:+d} ({state.rules.ladder_name(total, lang)})", "opposition": opposed + ")"}


def awards_line(state: FateState, escape: Callable[[str], str] = _plain) -> str:
    earned = awards(state)
    return t("fate_ui.awards", awards=", ".join(f"{escape(p.name)} +{n}" for p, n in zip(state.players, earned)))


def markdown_report(battle: LoggedBattle[FateState, Any], language: str) -> str:
    """The whole battle as Markdown: the players, then every note in order."""
    from tui.core.i18n import language as current, set_language

    before = current()
    set_language(language)
    try:
        state = battle.game
        lines = [f"# {md_text(battle.meta.title)}", "", f"*{state.rules.ruleset.title(language)}*", ""]
        for player in state.players:
            cards = [md_text(u.name) for u in player.units] + ["★ " + md_text(leader.name) for leader in player.leaders]
            lines.append(f"- **{md_text(player.name)}** ({t('fate_ui.side', number=player.side + 1)}): " + ", ".join(cards))
        heading = tr(language, "fate_ui.story_whole" if state.stage == "ended" else "fate_ui.story")
        lines += ["", f"## {heading}", ""]
        lines += [f"{n}. {note_text(state, note, md_text)}" for n, note in enumerate(state.notes, 1)]
        if state.stage == "ended":
            lines += ["", awards_line(state, md_text)]
        return "\n".join(lines) + "\n"
    finally:
        set_language(before)
