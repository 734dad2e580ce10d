"""Two questions before a step that can't be taken back from the table.

A choice that ends the battle, or a wave before its End phase, asks
first, "No" highlighted: a ↓ miscounted in a menu must not end an
evening's battle with no question (issue 29: a Fighting Retreat taken for
a closed strategy ended the battle as a Null Battle at once). A choice:
a step that follows a pick among several open rows of a menu; the rules
ending the battle at the step they leave no choice about ask nothing.

The step is tried on a copy of the battle first (a battle's history is
immutable, so the copy shares it safely) and the system says what the
step would end (``GameSystem.ending``). A step that rolls dice is never
asked about: the question would give the dice away before they are shown.

An undo that would hide again what the players have seen (issue 29:
undoing past the strategies' reveal hid them again with no word) asks
too: their view takes it back, their memory does not.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Callable, Literal

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.menus import menu

if TYPE_CHECKING:
    from tui.core.history import LoggedBattle
    from tui.core.system import GameSystem

ENDING = menu("ending", "no", "yes")
"""Asked before a step that ends the battle or a wave early."""

UNDO_SEEN = menu("undo_seen", "no", "yes")
"""Asked before an undo that hides again what the players have seen."""

Ending = Literal["battle", "wave", "retreat"]


def ending_of(system: "GameSystem", battle: "LoggedBattle[Any, Any]", change: Callable[[Any], object]) -> Ending | None:
    """What ``change`` would end, tried on a copy; None when it ends
    nothing, rolls dice, is refused (the real attempt says why), or is no
    new step (an undo, a redo: going back over the log asks nothing)."""
    trial = copy.copy(battle)
    try:
        change(trial)
    except MassCombatError:
        return None
    if trial.history.cursor <= battle.history.cursor or trial.history.events == battle.history.events:
        return None
    before, after = battle.game, trial.game
    if getattr(after, "counter", 0) != getattr(before, "counter", 0):
        return None
    return system.ending(before, after)


def ending_dialog(ending: Ending, wave: int | None) -> ChoiceDialog:
    choices = [Choice("no", t("app.ending.no")), Choice("yes", t(f"app.ending.yes_{ending}"))]
    title = t("app.ending.wave", wave=wave or "") if ending == "wave" else t(f"app.ending.{ending}")
    return ChoiceDialog(title, choices, t("app.ending.help"), highlight="no", menu=ENDING)


def undo_hides_again(system: "GameSystem", battle: "LoggedBattle[Any, Any]") -> bool:
    """Undoing the last step would hide from the players' view something
    they have seen (a revealed strategy, an aspect turned face up, what
    the GM showed): tried on a copy."""
    if not battle.can_undo:
        return False
    trial = copy.copy(battle)
    trial.undo()
    return bool(system.secrets(trial.game) - system.secrets(battle.game))


def undo_seen_dialog() -> ChoiceDialog:
    choices = [Choice("no", t("app.undo_seen.no")), Choice("yes", t("app.undo_seen.yes"))]
    return ChoiceDialog(t("app.undo_seen.title"), choices, t("app.undo_seen.help"), highlight="no", menu=UNDO_SEEN)


__all__ = ["ENDING", "Ending", "UNDO_SEEN", "ending_dialog", "ending_of", "undo_hides_again", "undo_seen_dialog"]
