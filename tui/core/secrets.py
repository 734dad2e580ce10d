"""What the GM keeps from the players: the hidden marks of systems whose
text has no secret of its own (Second World, Kingmaker), and the one
filter every such projection passes through.

A mark is an event (``Hide``), so undo takes it back and the save keeps
it. What it names is the system's business (``character:<key>``,
``aspect:<zone>:<text>``, ``army:<key>``); the system refuses a mark on
something it does not have.

``redact`` is the belt to the braces: a system leaves hidden things out
of its public view, and then every line that still names one (a story
note, a roll, a side's list) is dropped, so a secret cannot slip out
through words nobody thought to check.
"""

from __future__ import annotations

import re
from typing import Annotated, Iterable, Literal

from pydantic import Field

from tui.core.errors import RuleViolation
from tui.core.i18n import t
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


def marked(hidden: tuple[str, ...], event: Hide, what: str) -> tuple[str, ...]:
    """The marks after ``event``; ``what`` names the item for the refusal."""
    if event.hidden:
        if event.item in hidden:
            raise RuleViolation(t("secret.rule.already_hidden", what=what))
        return (*hidden, event.item)
    if event.item not in hidden:
        raise RuleViolation(t("secret.rule.not_hidden", what=what))
    return tuple(item for item in hidden if item != event.item)


def _pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    words = sorted({w.strip() for w in words if w.strip()}, key=len, reverse=True)
    if not words:
        return None
    # Whole words only: a unit called "Ash" must not hide "Ashford".
    return re.compile("(?<!\\w)(?:" + "|".join(re.escape(w) for w in words) + ")(?!\\w)", re.IGNORECASE)


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


__all__ = ["Hide", "marked", "redact", "toggle"]
