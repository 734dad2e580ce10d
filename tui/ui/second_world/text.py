"""Words and pictures for the Second World map: the board's view model
from the conflict's state (cards with their aspects and situations, who
stands where, the edges in the text's notation), the status line and the
card under the cursor. Names and aspects are user text: they go into
``Text`` as they are, never through markup."""

from __future__ import annotations

from rich.text import Text

from tui.core.i18n import language, t
from tui.core.systems.second_world.state import SWState
from tui.core.systems.second_world.public import aspect_item, character_item, roll_lines, situation_item, stage_line, zone_cards
from tui.core.systems.second_world.state import made_item
from tui.core.systems.second_world.story import condition, note_text
from tui.ui.widgets.zone_board import BoardView, EdgeView
from tui.ui.widgets.zone_board_layout import card_view


def board_view(state: SWState, marked: dict[str, str] | None = None) -> BoardView:
    """The GM's map: everything, what the players can't see marked as hidden."""
    marked = marked or {}
    cells = {zone.key: zone.cell for zone in state.board.zones}
    cards = {}
    for key, card in zone_cards(state, public=False):
        cards[cells[key]] = card_view(key, card, marked.get(key, ""))
    edges = tuple(EdgeView(cells[e.a], cells[e.b], e.left_text, e.closed, e.label) for e in state.board.edges)
    open_cells = state.board.open_cells() if state.stage == "scene" else ()
    return BoardView(cards, open_cells, state.sides, edges)


def card_text(state: SWState, zone: str) -> Text:
    """The card under the cursor: its aspects and situations, its edges, who stands there."""
    text = Text()
    text.append(state.board.zone(zone).name, style="bold")
    info = state.zone_info(zone)
    for situation in info.situations:
        text.append("\n  " + state.rules.situation(situation).name(language()) + " ▲" + _hidden(state, situation_item(zone, situation)), style="italic")
    for slot, aspect in zip(info.slots, info.aspects):
        text.append("\n  " + aspect + _hidden(state, aspect_item(zone, slot)), style="italic")
    for made in (a for a in state.aspects if a.on == zone):
        text.append("\n  " + made.text + _free(made.free) + _hidden(state, made_item(made.id)), style="italic")
    for edge in state.board.edges_of(zone):
        other = state.board.zone(edge.other(zone)).name
        shut = t("board.describe.edge_closed" if edge.closed else "board.describe.edge_open")
        label = edge.label or t("board.describe.edge")
        key = "sw_ui.card.edge_worn" if edge.left_text != edge.notation else "sw_ui.card.edge"
        text.append("\n" + t(key, label=label, costs=edge.left_text, notation=edge.notation, state=shut, zone=other))
    for character in state.characters:
        if state.zone_of(character.key) == zone:
            text.append("\n" + character.name + _hidden(state, character_item(character.key)), style="bold")
            if state.stage != "scene":
                text.append(" · " + condition(state, character.key))
            for made in (a for a in state.aspects if a.on == character.key):
                text.append("\n  " + made.text + _free(made.free) + _hidden(state, made_item(made.id)), style="italic")
    return text


def roll_text(state: SWState) -> Text:
    """The roll on the table (with what the move's shifts are), or the hit waiting to be absorbed."""
    lines = roll_lines(state)
    if not lines:
        return Text("")
    if state.pending is None:
        return Text(lines[0] + " · " + t("sw_ui.roll.absorb_key"), style="bold")
    text = Text(lines[0], style="bold")
    for line in lines[1:]:
        text.append("\n" + line)
    text.append("\n" + t("sw_ui.roll.keys"), style="italic")
    return text


def _hidden(state: SWState, item: str) -> str:
    """The GM's mark on what the players' view leaves out."""
    return " " + t("secret.mark") if item in state.hidden else ""


def _free(count: int) -> str:
    return " " + t("sw_ui.card.free", count=count) if count else ""


def story(state: SWState, count: int = 8) -> Text:
    text = Text(t("sw_ui.story") + "\n", style="bold")
    for note in reversed(state.notes.latest(count)):
        text.append("· " + note_text(state, note) + "\n")
    return text


__all__ = ["board_view", "card_text", "roll_text", "stage_line", "story"]
