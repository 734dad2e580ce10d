"""The quick roll's prompt: any dice the app knows, its exact odds shown
as it is typed (on the help line), the roll made on Enter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Input, Label, Static

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.dice.quick import QuickDice, QuickRoll, QuickSpec, parse_quick, quick_odds, quick_result, quick_stream, roll_quick
from tui.core.system import quick_dice
from tui.ui.shell.dialogs import AskDialog

if TYPE_CHECKING:
    from tui.ui.app import MassCombatApp


class QuickRollDialog(AskDialog):
    """Answers the ``QuickSpec`` typed; the odds follow every key."""

    def __init__(self, dice: QuickDice, last: str = "") -> None:
        super().__init__(t("quick.title"), last, t("quick.help"), 60)
        self._dice = dice

    def read(self, text: str) -> object:
        return parse_quick(text, self._dice)  # a QuickRollError is a ValueError: the dialog shows it

    def on_mount(self) -> None:
        super().on_mount()
        self._show_odds(self.query_one(Input).value)

    def on_input_changed(self, event: Input.Changed) -> None:
        super().on_input_changed(event)
        self._show_odds(event.value)

    def _show_odds(self, text: str) -> None:
        help_line = self.query_one(".dialog-help", Label)
        try:
            spec: QuickSpec = parse_quick(text, self._dice)
        except MassCombatError:
            help_line.update(Text(t("quick.help")))
            return
        help_line.update(Text(f"{spec.text}: {quick_odds(spec, self._dice)}"))


def open_quick_roll(app: "MassCombatApp") -> None:
    """The prompt over the current screen; Enter rolls with the battle's
    seed and keeps the roll in its log (u takes it back)."""
    if app.read_only:
        app.notify(t("app.read_only_refused"), severity="warning", markup=False)
        return
    dice = quick_dice(app.battle)
    done = [e for e in app.battle.history.done if isinstance(e, QuickRoll)]
    last = done[-1].expression if done else ""

    def rolled(spec: QuickSpec | None) -> None:
        if spec is None:
            return
        faces = roll_quick(spec, dice, quick_stream(app.battle.seed, len(done)))
        app.act(lambda b: b.record(QuickRoll(expression=spec.text, faces=faces)))

    app.push_screen(QuickRollDialog(dice, last), rolled)


class QuickRollLine(Static):
    """The last quick roll's result, kept on screen above the keys until the
    battle's next step (a toast faded before the GM had read it out)."""

    DEFAULT_CSS = """
    QuickRollLine { dock: bottom; margin-bottom: 1; height: 1; padding: 0 1; background: $boost; color: $text; display: none; text-wrap: nowrap; text-overflow: ellipsis; }
    QuickRollLine.-shown { display: block; }
    QuickRollLine:ansi { background: ansi_default; text-style: bold; }
    """

    def show_last(self, app: "MassCombatApp") -> None:
        """The result of the latest step if it was a quick roll; hidden otherwise."""
        done = app.battle.history.done
        last = done[-1] if done else None
        if not isinstance(last, QuickRoll):
            self.remove_class("-shown")
            return
        dice = quick_dice(app.battle)
        try:
            result = quick_result(parse_quick(last.expression, dice), last.faces, dice)
        except MassCombatError:
            result = last.expression  # a house ruleset changed the dice since: the expression still says what was rolled
        self.update(Text(t("quick.done", result=result)))
        self.add_class("-shown")


__all__ = ["QuickRollDialog", "QuickRollLine", "open_quick_roll"]
