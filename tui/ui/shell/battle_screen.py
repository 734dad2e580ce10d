"""What every main screen of a battle shares, whatever its system: the
battle it shows (typed by the system's screen), redrawing after each change
(``app.revision``), undo and redo, the selected side, and the app reached
through a typed accessor rather than ``getattr``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from textual.actions import parse
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import Screen

from tui.core.history import LoggedBattle
from tui.core.i18n import t
from tui.core.system import system_of
from tui.ui.shell.endings import undo_hides_again, undo_seen_dialog
from tui.ui.shell.quick_roll import QuickRollLine

if TYPE_CHECKING:
    from tui.ui.app import MassCombatApp

B = TypeVar("B", bound=LoggedBattle[Any, Any])


def shell(node: DOMNode) -> "MassCombatApp":
    """The running masscombat app, typed (every screen runs inside one)."""
    return cast("MassCombatApp", node.app)


class BattleScreen(Screen[None], Generic[B]):
    selected: reactive[int] = reactive(0, init=False, repaint=False)
    """The side the side-specific keys act on."""

    def on_mount(self) -> None:
        self.watch(self.app, "revision", self._redraw, init=False)
        self._redraw()
        line = QuickRollLine()
        self.mount(line)
        self.watch(self.app, "revision", lambda *_: line.show_last(self.shell), init=True)

    def watch_selected(self) -> None:
        self._redraw()

    @property
    def shell(self) -> "MassCombatApp":
        return shell(self)

    @property
    def battle(self) -> B:
        return cast(B, self.shell.battle)

    @property
    def read_only(self) -> bool:
        return self.shell.read_only

    def _redraw(self, *_: object) -> None:
        raise NotImplementedError

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a key this screen greys out does nothing now, said in one line
        when it is pressed anyway (None: it says nothing). Undo and redo say
        so here for every screen; a screen adds its own keys."""
        if action in ("undo", "redo"):
            return t(f"error.nothing_to_{action}")
        return None

    def explain_key(self, key: str) -> None:
        """A greyed-out key pressed anyway: say why instead of nothing. The
        app asks once the key has come back to it unused and no dialog is
        on its way (keys a burst typed ahead for one are the key gate's)."""
        for binding in self._bindings.key_to_bindings.get(key, ()):
            target, name, parameters = parse(binding.action)
            if target or self.check_action(name, parameters) is not None:
                continue
            why = self.binding_refusal(name, parameters)
            if why:
                self.shell.refuse(why, severity="warning", bell=False)
                return

    def action_switch_side(self) -> None:
        self.selected = 1 - self.selected

    def action_undo(self) -> None:
        if undo_hides_again(system_of(self.battle), self.battle):
            self.shell.run_flow(self, self._undo_asked(), "undo")
            return
        self.shell.act(lambda b: b.undo())

    async def _undo_asked(self) -> None:
        if await self.app.push_screen_wait(undo_seen_dialog()) == "yes":
            self.shell.act(lambda b: b.undo())

    def action_redo(self) -> None:
        self.shell.act(lambda b: b.redo())


__all__ = ["BattleScreen", "shell"]
