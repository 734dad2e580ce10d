"""Dialogs only Year Zero needs: a whole Battle Pool typed at once, and a
skill roll's dice with the choice to push it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from tui.core.dice.year_zero import DieKind, Pool, parse_pool
from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.dice.typed import parse_faces, pool_counts
from tui.ui.shell.dialogs import DIALOG_CSS, AskDialog, Dialog


class PoolDialog(AskDialog):
    """Type a whole pool at once: ``5b2s1g``."""

    def __init__(self, side_name: str, pool: Pool, max_dice: int) -> None:
        title = Content.assemble(t("dialog.pool_title") + " ", Content(side_name))
        super().__init__(title, pool.notation() if pool.total else "", t("dialog.pool_help"))
        self._max_dice = max_dice

    def read(self, text: str) -> object:
        try:
            return parse_pool(text, self._max_dice)
        except MassCombatError as exc:
            raise ValueError(str(exc)) from None


def _example(counts: dict[DieKind, int], sides: int) -> str:
    """Faces for these very counts, to show how they are typed: 3 5 1 / 6 2."""
    cycle = [3, 5, 1, sides, 2, 4]
    groups, n = [], 0
    for kind in (DieKind.BASE, DieKind.SKILL, DieKind.GEAR):
        if counts.get(kind, 0):
            groups.append(" ".join(str(cycle[(n + i) % len(cycle)]) for i in range(counts[kind])))
            n += counts[kind]
    return " / ".join(groups)


APP_ROLLS = "app"
"""A FacesDialog's answer for "the app rolls these dice"."""


class FacesDialog(AskDialog):
    """The faces real dice showed, typed in: checked against how many dice
    of each kind were rolled before the dialog closes."""

    def __init__(self, title: str | Content, counts: dict[DieKind, int], sides: int, *, app_rolls: str = "", kept: str = "") -> None:
        """``app_rolls``: whose dice the app rolls on an empty line (a
        Battle roll: each side types its dice or lets the app roll them);
        ``kept``: what is kept for the other side already."""
        help_text = t("dialog.faces_help", pool=pool_counts(counts), example=_example(counts, sides))
        if app_rolls:
            help_text += " " + t("dialog.faces_app", name=app_rolls)
        if kept:
            help_text += " " + kept
        super().__init__(title, "", help_text)
        self._counts = counts
        self._sides = sides
        self._app_rolls = bool(app_rolls)

    def read(self, text: str) -> object:
        if self._app_rolls and not text.strip():
            return APP_ROLLS
        return parse_faces(text, self._counts, self._sides)  # its errors are ValueErrors, shown as typed


class RollDialog(Dialog):
    """A skill roll's dice: enter accepts, p pushes (once), escape abandons."""

    BINDINGS = [
        Binding("enter", "accept", "key.accept", id="dialog.accept"),
        Binding("p", "push", "key.push", id="dialog.push"),
        Binding("escape", "cancel", "key.cancel", id="dialog.cancel"),
    ]
    DEFAULT_CSS = "RollDialog {" + DIALOG_CSS + "}"

    def __init__(self, title: str, lines: list[Text], can_push: bool) -> None:
        super().__init__()
        self._title = title
        self._lines = lines
        self._can_push = can_push

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self._title)
            for line in self._lines:
                yield Static(line)
            keys = t("wave.dialog.roll_keys_push") if self._can_push else t("wave.dialog.roll_keys")
            yield Label(Content(keys), classes="dialog-help")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "push":
            return self._can_push
        return True

    def action_accept(self) -> None:
        self.answer("accept")

    def action_push(self) -> None:
        if self._can_push:
            self.answer("push")


__all__ = ["APP_ROLLS", "FacesDialog", "PoolDialog", "RollDialog"]
