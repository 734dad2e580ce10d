"""The chances a GM reads before a Fate roll, in one line: each outcome
with no invoke, then the chance to succeed with each invoke on offer."""

from __future__ import annotations

from tui.core.dice.fudge import FateOutcome
from tui.core.dice.odds import FudgeChances, percent
from tui.core.i18n import t


def fudge_odds_note(chances: tuple[FudgeChances, ...], bonus: int = 2) -> str:
    """"fail 10% · tie 20% · success 50% · with style 20% · invoking +2: succeeds 85%"."""
    if not chances:
        return ""
    first = chances[0].outcomes
    line = t(
        "quick.odds.fudge",
        fail=percent(first[FateOutcome.FAIL]),
        tie=percent(first[FateOutcome.TIE]),
        success=percent(first[FateOutcome.SUCCESS]),
        success_with_style=percent(first[FateOutcome.STYLE]),
    )
    # "+2: 58%" alone said nothing (the playthrough): what an invoke would make of the roll
    more = [t("quick.odds.invoking", bonus=c.invokes * bonus, chance=percent(c.outcomes[FateOutcome.SUCCESS] + c.outcomes[FateOutcome.STYLE])) for c in chances[1:]]
    return " · ".join([line, *more])


__all__ = ["fudge_odds_note"]
