"""Coin Toss in the app: one screen, found through the entry point
``masscombat.screens: coin``."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tui.core.history import LoggedBattle
from tui.core.i18n import t
from tui.ui.registry import SystemUI, lazy_screen
from tui.ui.shell.battle_screen import BattleScreen
from tui.ui.widgets.key_footer import KeyFooter
from masscombat_coin.battle import CoinBattle


class CoinScreen(BattleScreen[CoinBattle]):
    BINDINGS = [
        Binding("f", "flip", "coin.flip", id="coin.flip"),
        Binding("u", "undo", "key.undo", id="coin.undo"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="coin-board")
        yield KeyFooter()

    def _redraw(self, *_: object) -> None:
        game = self.battle.game
        text = Text()
        for index, name in enumerate(game.sides):
            text.append(t("coin.heads", name=name, count=game.heads[index]) + "\n")
        text.append(t("coin.wins", name=game.sides[game.winner]) if game.winner is not None else t("coin.to_flip", name=game.sides[game.turn]))
        self.query_one("#coin-board", Static).update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "flip" and (self.read_only or self.battle.game.winner is not None):
            return None
        return True

    def action_flip(self) -> None:
        self.shell.act(lambda b: b.flip())


def help_page(glyphs: Any, battle: LoggedBattle[Any, Any]) -> list[Any]:
    return [Text(t("coin.help", heads=battle.ruleset.heads_to_win))]


UI = SystemUI(
    key="coin",
    modes={"table": lazy_screen("masscombat_coin.screens", "CoinScreen")},
    bindings=(),
    start_mode=lambda battle: "table",
    help=help_page,
)
