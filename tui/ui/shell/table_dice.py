"""Dice rolled at the table: the sides whose players roll their own dice
(the battle file's ``table``) type the faces of each of their rolls; an
empty line lets the app roll that one, and the other sides' dice are the
app's as ever. Esc on one side's faces keeps those already typed for the
same roll, so trying again asks only for the rest (as the Mutant roller's
``t`` does)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from textual.binding import Binding
from textual.content import Content

from tui.core.dice.typed import parse_plain_faces
from tui.core.dice.typed_fate import parse_fate_faces
from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.ui.shell.dialogs import AskDialog, Choice, ChoiceDialog
from tui.ui.shell.menus import menu

TABLE = menu("table", "side_0", "side_1")
"""Who rolls at the table: one entry per side, each a toggle."""

APP_ROLLS = object()
"""The answer of an empty line: the app rolls this one."""

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Ask:
    side: int
    who: str
    """Whose dice, as the dialog's title names them ("Pikes of Brannock (Fight)")."""
    parse: Callable[[str], Faces]
    example: str


def ask_label(name: str, *details: str) -> str:
    """Whose roll, for the dialog's title: ``Black Orcs (Shoot, initiative)``."""
    shown = [detail for detail in details if detail]
    return f"{name} ({', '.join(shown)})" if shown else name


def fate_dice_ask(side: int, who: str, count: int) -> Ask:
    """``count`` Fate dice (``+ - 0 +``), as Fate and Second World roll them."""
    return Ask(side, who, lambda text: parse_fate_faces(text, count), " ".join(("+", "-", "0", "+", "0", "-")[:count]))


def die_ask(side: int, who: str, count: int, sides: int) -> Ask:
    """``count`` dice of ``sides`` sides (``17 4``), as Kingmaker's d20s."""
    return Ask(side, who, lambda text: parse_plain_faces(text, count, sides), " ".join(("17", "4", "12", "9", "20")[:min(count, 5)]))


class TableDiceDialog(AskDialog):
    """One roll's faces as they fell; an empty line: the app rolls them."""

    def __init__(self, ask: Ask, kept: str = "") -> None:
        title = Content.assemble(t("table.title") + " ", Content(ask.who))
        help_text = t("table.help", example=ask.example) + (" " + kept if kept else "")
        super().__init__(title, "", help_text, 40)
        self._parse = ask.parse

    def read(self, text: str) -> object:
        if not text.strip():
            return APP_ROLLS
        try:
            return self._parse(text)
        except MassCombatError as exc:
            raise ValueError(str(exc)) from None


def at_table(screen: Any) -> tuple[int, ...]:
    return tuple(screen.battle.meta.table)


async def table_faces(screen: Any, asks: Sequence[Ask | None]) -> list[Faces | None] | None:
    """The faces typed for each of a roll's dice sets (None: the app rolls
    it, as for every side not at the table), or None when the GM pressed
    Esc: the roll is not made, and what was typed is kept for the next try."""
    table = at_table(screen)
    wanted = [ask if ask is not None and ask.side in table else None for ask in asks]
    if not any(wanted):
        return [None] * len(asks)
    belongs = (screen.battle.history.cursor, tuple(a.who if a else "" for a in wanted))
    kept_for = getattr(screen, "_table_kept", None)
    chosen: list[object] = list(kept_for[1]) if kept_for is not None and kept_for[0] == belongs else [None] * len(asks)
    for index, ask in enumerate(wanted):
        if ask is None or chosen[index] is not None:
            continue
        kept = " ".join(t("table.kept", who=a.who) for i, a in enumerate(wanted) if a is not None and isinstance(chosen[i], tuple))
        answer = await screen.app.push_screen_wait(TableDiceDialog(ask, kept))
        if answer is None:
            screen._table_kept = (belongs, tuple(chosen))
            for i, a in enumerate(wanted):
                if a is not None and isinstance(chosen[i], tuple):
                    screen.notify(t("table.kept_said", who=a.who), markup=False)
            return None
        chosen[index] = answer
    screen._table_kept = None
    return [c if isinstance(c, tuple) else None for c in chosen]


def table_binding(system: str) -> Binding:
    """The key that picks the sides rolling at the table, on a system's
    screen: D (for dice) in every system (d is Second World's full defence)."""
    return Binding("D", "table_dice", "key.table_dice", show=False, id=f"{system}.table_dice")


async def switch_table(screen: Any, sides: Sequence[str]) -> None:
    """The GM switches a side between the table and the app; the battle
    file keeps it (not a step: undo leaves it, as it leaves a rename)."""
    before = set(at_table(screen))
    chosen = await choose_table_sides(screen, sides)
    if chosen is None:
        return
    app = screen.app
    app.battle.meta = app.battle.meta.model_copy(update={"table": chosen})
    app.save()
    for side in sorted(set(chosen) ^ before):
        screen.notify(t("table.changed_table" if side in chosen else "table.changed_app", side=sides[side]), markup=False)
    screen.refresh_bindings()


async def choose_table_sides(screen: Any, sides: Sequence[str]) -> tuple[int, ...] | None:
    """The GM picks a side to roll at the table or in the app (a toggle);
    the sides that roll at the table afterwards, None on Esc."""
    table = set(at_table(screen))
    options = [
        Choice(index, t("table.side", side=name), t("table.now_table" if index in table else "table.now_app"), entry=f"side_{index}")
        for index, name in enumerate(sides[:2])
    ]
    picked = await screen.app.push_screen_wait(ChoiceDialog(t("table.dialog"), options, t("table.dialog_help"), menu=TABLE))
    if picked is None:
        return None
    table ^= {picked}
    return tuple(sorted(table))


__all__ = ["APP_ROLLS", "Ask", "TABLE", "TableDiceDialog", "ask_label", "at_table", "choose_table_sides", "die_ask", "fate_dice_ask", "switch_table", "table_binding", "table_faces"]
