"""What the GM keeps from the players: the hidden marks of systems whose
text has no secret of its own (Second World, Kingmaker), and the one
filter every such projection passes through.

A mark is an event (``Hide``), so undo takes it back and the save keeps
it. It names an identity, never a text (``character:<key>``,
``aspect_slot:<zone>:<n>``, ``army:<key>``): renaming, editing or removing
the thing keeps it hidden (issue 30: marks that matched the current text
let a renamed army's old lines back into the players' story). The system
refuses a mark on something it does not have; a mark outlives the thing,
and its key is never given to another (``unused_key``).

Each line of the story carries the identities it tells of (``mentioned``
finds them when the line is written, from the names things bear then), so
the players' story leaves out every line about a hidden identity.
``redact`` is the belt to those braces: every line of the view that still
names a hidden thing by its present name (a roll, a side's list) is
dropped, so a secret cannot slip out through words nobody thought to check.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated, Collection, Iterable, Literal

from pydantic import Field

from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.notes import Notes
from tui.core.panel import LOG_TAIL, Card, Mat, Panel, SidePanel, ZoneMap
from tui.core.records import Record


class Hide(Record):
    """The GM hides something from the players' view, or shows it again."""

    kind: Literal["hide"] = "hide"
    item: Annotated[str, Field(min_length=1, max_length=200)]
    hidden: bool = True


def toggle(hidden: tuple[str, ...], item: str) -> Hide:
    """The mark that hides ``item`` from the players, or shows it again if hidden."""
    return Hide(item=item, hidden=item not in hidden)


def with_marks(hidden: tuple[str, ...], *items: str) -> tuple[str, ...]:
    """``hidden`` with each of ``items`` marked too (one marked already stays where it is)."""
    return (*hidden, *dict.fromkeys(item for item in items if item not in hidden))


def marked(hidden: tuple[str, ...], event: Hide, what: str) -> tuple[str, ...]:
    """The marks after ``event``; ``what`` names the item for the refusal."""
    if event.hidden:
        if event.item in hidden:
            raise RuleViolation(t("secret.rule.already_hidden", what=what))
        return (*hidden, event.item)
    if event.item not in hidden:
        raise RuleViolation(t("secret.rule.not_hidden", what=what))
    return tuple(item for item in hidden if item != event.item)


@lru_cache(maxsize=4096)
def _word(name: str) -> re.Pattern[str]:
    # Whole words only: a unit called "Ash" must not hide "Ashford".
    return re.compile("(?<!\\w)" + re.escape(name) + "(?!\\w)", re.IGNORECASE)


def mentioned(params: Iterable[tuple[str, object]], named: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The identities among ``named`` (identity, its name now) whose name a
    line's values hold as a whole word: what the line tells of."""
    texts = [value.casefold() for _, value in params if isinstance(value, str) and value]
    if not texts:
        return frozenset()
    found = set()
    for identity, name in named:
        folded = name.strip().casefold()
        # the cheap test first: most names are in no line
        if folded and any(folded in text for text in texts) and any(_word(folded).search(text) for text in texts):
            found.add(identity)
    return frozenset(found)


def unused_key(prefix: str, kind: str, keys: Collection[str], hidden: Iterable[str], notes: Notes) -> str:
    """``<prefix>1``, ``<prefix>2`` ...: the first key no ``kind`` has had in
    this battle. A removed thing's key is never given to a new one: the
    mark and the story lines on the old identity would become the new's."""
    taken = set(keys)
    for identity in (*hidden, *(i for note in notes for i in note.about)):
        found, _, rest = identity.partition(":")
        if found == kind:
            taken.add(rest)
    number = 1
    while f"{prefix}{number}" in taken:
        number += 1
    return f"{prefix}{number}"


def _pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    words = sorted({w.strip() for w in words if w.strip()}, key=len, reverse=True)
    if not words:
        return None
    # Whole words only: a unit called "Ash" must not hide "Ashford".
    return re.compile("(?<!\\w)(?:" + "|".join(re.escape(w) for w in words) + ")(?!\\w)", re.IGNORECASE)


def redact_lines(lines: Iterable[str], secrets: Iterable[str]) -> tuple[str, ...]:
    """``lines`` without any that names one of ``secrets`` (a whole word)."""
    pattern = _pattern(secrets)
    return tuple(lines) if pattern is None else tuple(line for line in lines if not pattern.search(line))


def redact(panel: Panel, secrets: Iterable[str]) -> Panel:
    """``panel`` without any line that names one of ``secrets``, its story
    cut to the last ``LOG_TAIL`` lines after that (give it more: a hidden
    step must not push a line the players saw out of their window)."""
    pattern = _pattern(secrets)
    if pattern is None:
        return panel.model_copy(update={"log": panel.log[-LOG_TAIL:]})

    def keep(lines: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(line for line in lines if not pattern.search(line))

    def clean(name: str) -> bool:
        return not pattern.search(name)

    sides = tuple(SidePanel(name=s.name, lines=keep(s.lines)) for s in panel.sides)
    rolls = tuple(r for r in panel.rolls if clean(r.title) and clean(r.odds) and len(keep(r.lines)) == len(r.lines))
    board = panel.board
    if isinstance(board, ZoneMap):
        cards = tuple(
            Card(col=c.col, row=c.row, title=c.title, aspects=keep(c.aspects), hidden=c.hidden, occupants=tuple(o for o in c.occupants if clean(o.label) and clean(o.detail)))
            for c in board.cards
        )
        board = ZoneMap(cards=cards, edges=board.edges)
    elif isinstance(board, Mat):
        board = Mat(lines=board.lines, legend=keep(board.legend))
    log = keep(panel.log)[-LOG_TAIL:]
    return Panel(system_name=panel.system_name, headline=pattern.sub(t("secret.someone"), panel.headline), status=keep(panel.status), sides=sides, board=board, rolls=rolls, log=log)


__all__ = ["Hide", "marked", "mentioned", "redact", "redact_lines", "toggle", "unused_key", "with_marks"]
