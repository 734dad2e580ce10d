"""This Means War in the app: the army builder and the zone board as its
modes, where a battle opens, and its page of help (the Fate dice)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding

from tui.core.history import LoggedBattle
from tui.core.i18n import language, t
from tui.ui.registry import SystemUI, lazy_screen


def start_mode(battle: LoggedBattle[Any, Any]) -> str:
    """A battle still mustering opens on the army builder, else on the board."""
    return "army" if battle.game.stage == "muster" else "field"


def help_page(glyphs: Any, battle: LoggedBattle[Any, Any]) -> list[RenderableType]:
    rules = battle.ruleset
    lang = language()
    dice = Text()
    dice.append(t("fate_ui.help.legend_title") + "\n", "bold")
    dice.append(t("fate_ui.help.dice") + "\n")
    dice.append("  " + " · ".join(rules.rated(step.rating, lang) for step in rules.ladder) + "\n")
    dice.append(t("fate_ui.help.outcomes", style=rules.outcomes.success_with_style_shifts))
    return [dice, Text(t("fate_ui.help.rules"))]


UI = SystemUI(
    key="fate",
    modes={"field": lazy_screen("tui.ui.fate.field", "FateFieldScreen"), "army": lazy_screen("tui.ui.fate.army", "FateArmyScreen")},
    bindings=(
        Binding("f3", "mode('field')", "fate_ui.key.to_field", show=False, id="app.field"),
        Binding("f4", "mode('army')", "key.to_army", show=False, id="app.army"),
        # No roller of its own here: F5 (the Battle Pool roller in Mutant) is the quick roll.
        Binding("f5", "quick_roll", "quick.key", show=False, id="app.quick_roll_f5"),
    ),
    start_mode=start_mode,
    help=help_page,
)
