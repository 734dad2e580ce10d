"""Words and pictures for the Fate zone board: the board's view model from
the battle's state, the status line, the roll on the table, the story so
far. Every name and aspect is user text: it goes into ``Text`` as is,
never through markup. The words themselves come from the core
(``systems.fate.public``), which the players' view reads too."""

from __future__ import annotations

from rich.text import Text

from tui.core.i18n import t
from tui.core.systems.fate.public import FACE, contest_parts, ladder, roll_summary, skill_name, stage_line, zone_cards
from tui.core.systems.fate.state import Contest, FateState
from tui.core.systems.fate.story import awards_line, note_text, side_name
from tui.ui.widgets.zone_board import BoardView
from tui.ui.widgets.zone_board_layout import card_view


# -- the board -------------------------------------------------------------------


def board_view(state: FateState, marked: dict[str, str] | None = None) -> BoardView:
    marked = marked or {}
    cards = {}
    for key, card in zone_cards(state, gm=True):
        cards[(card.col, card.row)] = card_view(key, card, marked.get(key, ""))
    open_cells = state.board.open_cells() if state.stage == "battlefield" else ()
    return BoardView(cards, open_cells, (side_name(state, 0), side_name(state, 1)))


# -- the status ------------------------------------------------------------------


def fate_points_line(state: FateState, marks: str = "◆◇") -> Text:
    """Each player's fate points, after the mark their side's units carry
    on the board (the legend of ``marks``)."""
    text = Text()
    for index, player in enumerate(state.players):
        if index:
            text.append("  ")
        text.append(marks[player.side % 2] + " ")
        text.append(player.name, style="bold")
        text.append(" " + t("fate_ui.fate_points", count=state.fate_points[index]))
        if index in state.conceded:
            text.append(" " + t("fate_ui.conceded"), style="italic")
    return text


def activation_line(state: FateState) -> Text:
    activation = state.activation
    if activation is None:
        if state.stage == "battle" and state.current_player is not None:
            waiting = [state.name(k) for k in state.waiting(state.current_player)]
            return Text(t("fate_ui.waiting", names=", ".join(waiting)))
        return Text("")
    text = Text()
    text.append("▶ " + state.name(activation.actor), style="bold")
    leader = state.leader_of(activation.actor) if state.unit(activation.actor) else None
    if leader:
        text.append(" + " + state.name(leader))
    allowed = 1 + (1 if activation.extra else 0)
    done = ", ".join(t(f"fate.action.{a}") for a in activation.actions) or "—"
    text.append("  " + t("fate_ui.activation", moved=t("fate_ui.yes") if activation.moved else t("fate_ui.no"), used=len(activation.actions), allowed=allowed, done=done))
    if leader:
        text.append("  " + (t("fate_ui.leader_done") if activation.leader_acted else t("fate_ui.leader_free")))
    if activation.over and state.contest is None:  # the roll on the table is resolved (r) first
        text.append("  " + t("fate_ui.turn_over"), style="italic")
    return text


def contest_lines(state: FateState, contest: Contest) -> list[Text]:
    lines = []
    for parts in contest_parts(state, contest):
        text = Text()
        for words, style in parts:
            text.append(words, style=style)
        lines.append(text)
    return lines


__all__ = ["FACE", "activation_line", "awards_line", "board_view", "contest_lines", "roll_summary", "fate_points_line", "ladder", "note_text", "side_name", "skill_name", "stage_line"]
