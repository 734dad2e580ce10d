"""R in an army builder: play this battle with a house ruleset (an edited
copy of the ruleset file) or the bundled one again, chosen at the muster.

Like the battle's name, the choice is kept in its file, not in its log:
undo leaves it. The core replays the muster under the new numbers and
refuses, in the dialog, a file that is broken, of another system or that
the muster so far doesn't fit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual.binding import Binding

from tui.core.errors import MassCombatError
from tui.core.history import LoggedBattle
from tui.core.house_rules import house_file, replay_under, ruleset_refusal
from tui.core.i18n import t
from tui.ui.shell.battle_screen import BattleScreen
from tui.ui.shell.dialogs import AskDialog

if TYPE_CHECKING:
    from tui.ui.app import MassCombatApp

ACTION = "house_ruleset"
B = TypeVar("B", bound=LoggedBattle[Any, Any])


class RulesetDialog(AskDialog):
    """The path of a ruleset file; the answer is the battle replayed under it."""

    def __init__(self, battle: LoggedBattle[Any, Any]) -> None:
        super().__init__(t("house.title"), house_file(battle), t("house.help"), 4096)
        self._battle = battle

    def read(self, text: str) -> object:
        path = Path(text.strip()).expanduser() if text.strip() else None
        try:
            return replay_under(self._battle, path)
        except MassCombatError as exc:
            raise ValueError(str(exc)) from None


def ruleset_key_refusal(app: "MassCombatApp") -> str | None:
    """Why R does nothing now: read-only, or a die has been rolled."""
    return t("app.read_only_refused") if app.read_only else ruleset_refusal(app.battle)


def ruleset_check(app: "MassCombatApp") -> bool | None:
    """The key's state: open, or greyed (None) when it says why not."""
    return None if ruleset_key_refusal(app) else True


def open_ruleset_choice(app: "MassCombatApp") -> None:
    why = ruleset_key_refusal(app)
    if why is not None:
        app.notify(why, severity="warning", markup=False)
        return

    def chosen(battle: object) -> None:
        if not isinstance(battle, LoggedBattle):
            return
        app.session.battle = battle
        app.save()
        app.revision += 1
        app.screen.refresh_bindings()
        ref = battle.meta.ruleset
        if ref.file:
            app.notify(t("house.now_house", file=ref.file, digest=ref.sha256[:12]), timeout=15, markup=False)
        else:
            app.notify(t("house.now_bundled", id=ref.id), timeout=15, markup=False)

    app.push_screen(RulesetDialog(app.battle), chosen)


class MusterScreen(BattleScreen[B]):
    """An army builder: ``R`` chooses the battle's ruleset while nothing has
    been rolled (a subclass's check_action answers ``ruleset_check`` for
    it), and Esc goes back to the battle (``BACK_MODE``)."""

    BACK_MODE: ClassVar[str] = ""

    BINDINGS = [
        Binding("escape", "back_to_battle", "key.back_to_battle", id="muster.back"),
        Binding("R", ACTION, "house.key", show=False, id="muster.ruleset"),
    ]

    def action_house_ruleset(self) -> None:
        open_ruleset_choice(self.shell)

    def action_back_to_battle(self) -> None:
        self.shell.action_mode(self.BACK_MODE)

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == ACTION:
            return ruleset_key_refusal(self.shell)
        return super().binding_refusal(action, parameters)


__all__ = ["ACTION", "MusterScreen", "RulesetDialog", "open_ruleset_choice", "ruleset_check"]
