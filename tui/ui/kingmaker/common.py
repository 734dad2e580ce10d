"""What every Kingmaker screen and flow shares: waiting for a dialog's
answer, recording an event through the app (saved at once, undoable), and
an option that records an event, greyed out with the rule that refuses it;
a hidden mark that keeps an army from the players' view, or shows it again."""

from __future__ import annotations

from typing import Any

from tui.core.i18n import t
from tui.core import secrets
from tui.core.secrets import Hide
from tui.core.systems.kingmaker.public import army_item
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.rule_rows import Terrain
from tui.ui.shell.battle_screen import BattleScreen, shell
from tui.ui.shell.dialogs import Choice


async def ask(screen: BattleScreen[Any], dialog: Any) -> Any:
    """Show a dialog and wait for the GM's answer (None: escape)."""
    return await screen.app.push_screen_wait(dialog)


def record(screen: BattleScreen[Any], event: Any) -> bool:
    """Record one event; a refusal shows as one line and changes nothing."""
    return shell(screen).act(lambda b: b.record(event))


def choice(screen: BattleScreen[Any], event: Any, label: str, note: str = "", entry: str = "") -> Choice:
    """An option that records ``event``, greyed out with the rule that refuses it."""
    return Choice(event, label, note, screen.battle.step_refusal(event), entry=entry)


def terrain_words(row: Terrain) -> str:
    """What a terrain costs to enter (or that only some armies may) and the Defense it gives."""
    if not row.passable:
        return t("km_ui.help.terrain_impassable", defense=row.defense)
    return t("km_ui.help.terrain", cost=row.move_cost, defense=row.defense)


__all__ = ["ask", "choice", "record", "terrain_words"]


def toggle(state: KMState, key: str) -> Hide:
    """Hide the army from the players' view, or show it again."""
    return secrets.toggle(state.hidden, army_item(key))
