"""What every main screen of a battle shares: the battle it shows, a
selected side, redrawing after each change (``app.revision``), and undo,
redo and side switching."""

from __future__ import annotations

from textual.reactive import reactive
from textual.screen import Screen

from tui.core.systems.myz.battle import Battle


class BattleScreen(Screen):
    selected: reactive[int] = reactive(0, init=False)
    """The side the side-specific keys act on."""

    def on_mount(self) -> None:
        self.watch(self.app, "revision", self._redraw, init=False)
        self._redraw()

    def watch_selected(self) -> None:
        self._redraw()

    @property
    def battle(self) -> Battle:
        return self.app.session.battle  # type: ignore[attr-defined]

    def _redraw(self, *_: object) -> None:
        raise NotImplementedError

    def action_switch_side(self) -> None:
        self.selected = 1 - self.selected

    def action_undo(self) -> None:
        self.app.act(lambda b: b.undo())  # type: ignore[attr-defined]

    def action_redo(self) -> None:
        self.app.act(lambda b: b.redo())  # type: ignore[attr-defined]


__all__ = ["BattleScreen"]
