"""The chances the GM reads before a Fate roll (RULES-NOTES, Fate, settled
after the second audit): the line a target, a defence or a difficulty
shows, worked out by the core from the roll that would be made."""

from __future__ import annotations

from typing import Any

from tui.core.i18n import t
from tui.core.systems.fate.chances import roll_chances
from tui.core.systems.fate.state import FateState
from tui.ui.shell.odds import fudge_odds_note


def odds_line(state: FateState, action: str, by: str, skill: str, **fields: Any) -> str:
    """"Before the dice: fail 10% · tie 20% · ... · +2: 85%"; "" when the
    rules would refuse the roll (its refusal is shown instead)."""
    chances = roll_chances(state, action, by, skill, **fields)
    return t("fate_ui.odds_before", odds=fudge_odds_note(chances, state.rules.invokes.bonus)) if chances else ""


__all__ = ["odds_line"]
