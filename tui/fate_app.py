"""The app on a Fate: This Means War battle: the army builder and the zone
board as its modes, with the shared keys, autosave, palette and settings of
``MassCombatApp``."""

from __future__ import annotations

from textual.binding import Binding

from tui.app import MassCombatApp
from tui.screens.fate_army import FateArmyScreen
from tui.screens.fate_field import FateFieldScreen


class FateApp(MassCombatApp):
    MODES = {"field": FateFieldScreen, "army": FateArmyScreen}
    DEFAULT_MODE = "field"

    BINDINGS = [
        Binding("f1,question_mark", "help", "key.help", id="app.help"),
        Binding("f2,o", "settings", "key.settings", show=False, id="app.settings"),
        Binding("f3", "mode('field')", "fate_ui.key.to_field", show=False, id="app.field"),
        Binding("f4", "mode('army')", "key.to_army", show=False, id="app.army"),
        Binding("q", "quit", "key.quit", id="app.quit"),
        Binding("ctrl+q,ctrl+c", "quit", "key.quit", show=False, priority=True, id="app.quit_now"),
    ]


def fate_start_mode(battle) -> str:
    """A battle still mustering opens on the army builder, else on the board."""
    return "army" if battle.game.stage == "muster" else "field"


__all__ = ["FateApp", "fate_start_mode"]
