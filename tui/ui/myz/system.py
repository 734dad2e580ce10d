"""Mass Combat in the app: its four modes, the keys that switch to them,
where a battle opens, and its page of help (the dice and the push)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding

from tui.core.dice.year_zero import DieKind
from tui.core.history import LoggedBattle
from tui.core.i18n import t
from tui.ui.registry import SystemUI, lazy_screen


def start_mode(battle: LoggedBattle[Any, Any]) -> str:
    """A roller session (no armies, schema 1) opens on the roller, a battle on the wave screen."""
    game = battle.game
    if game.stage == "muster" and not any(army.people for army in game.armies):
        return "roller"
    return "wave"


def help_page(glyphs: Any, battle: LoggedBattle[Any, Any]) -> list[RenderableType]:
    legend = Text()
    legend.append(t("help.legend_title") + "\n", "bold")
    kinds = glyphs.kind
    for symbol, key in (
        (kinds[DieKind.BASE], "help.legend_base"),
        (kinds[DieKind.SKILL], "help.legend_skill"),
        (kinds[DieKind.GEAR], "help.legend_gear"),
        (glyphs.success, "help.legend_success"),
        (glyphs.bane, "help.legend_bane"),
        (kinds[DieKind.GEAR] + glyphs.gear_bane, "help.legend_gear_bane"),
    ):
        legend.append(f" {symbol}  ", "bold")
        legend.append(t(key) + "\n")
    return [legend, Text(t("help.rules"))]


UI = SystemUI(
    key="myz",
    modes={
        "wave": lazy_screen("tui.ui.myz.wave", "WaveScreen"),
        "army": lazy_screen("tui.ui.myz.army", "ArmyScreen"),
        "roller": lazy_screen("tui.ui.myz.roller", "RollerScreen"),
        "summary": lazy_screen("tui.ui.myz.summary", "SummaryScreen"),
    },
    bindings=(
        Binding("f3", "mode('wave')", "key.to_wave", show=False, id="app.wave"),
        Binding("f4", "mode('army')", "key.to_army", show=False, id="app.army"),
        Binding("f5", "mode('roller')", "key.to_roller", show=False, id="app.roller"),
        Binding("f6", "mode('summary')", "key.to_summary", show=False, id="app.summary"),
    ),
    start_mode=start_mode,
    help=help_page,
)
