"""Words and pictures for the Second World map: the board's view model
from the conflict's state (cards with their aspects and situations, who
stands where, the edges in the text's notation), the status line and the
card under the cursor. Names and aspects are user text: they go into
``Text`` as they are, never through markup."""

from __future__ import annotations

from rich.text import Text

from tui.core.i18n import language, t
from tui.core.systems.second_world.state import SWState
from tui.core.systems.second_world.story import condition, note_text
from tui.ui.widgets.zone_board import BoardView, EdgeView, Occupant, ZoneCardView


def _occupants(state: SWState, zone: str) -> tuple[Occupant, ...]:
    found = []
    for character in state.characters:
        if state.zone_of(character.key) != zone:
            continue
        fighter = state.fighter(character.key)
        mark = "active" if state.turn.actor == character.key else "out" if fighter.out or fighter.conceded else ""
        left = character.members - fighter.members_out
        detail = f"×{left}" if character.is_group and left > 0 else ""
        found.append(Occupant(character.name, character.side, detail, mark))
    return tuple(found)


def board_view(state: SWState, marked: dict[str, str] | None = None) -> BoardView:
    marked = marked or {}
    lang = language()
    cards = {}
    cells = {zone.key: zone.cell for zone in state.board.zones}
    for zone in state.board.zones:
        info = state.zone_info(zone.key)
        lines = tuple(state.rules.situation(s).name(lang) + " ▲" for s in info.situations) + info.aspects
        lines += tuple(a.text + (f" ({a.free}×)" if a.free else "") for a in state.aspects if a.on == zone.key)
        cards[zone.cell] = ZoneCardView(zone.key, zone.name, lines, 0, _occupants(state, zone.key), marked.get(zone.key, ""))
    edges = tuple(EdgeView(cells[e.a], cells[e.b], e.left_text, e.closed, e.label) for e in state.board.edges)
    open_cells = state.board.open_cells() if state.stage == "scene" else ()
    return BoardView(cards, open_cells, state.sides, edges)


def stage_line(state: SWState) -> str:
    if state.stage == "scene":
        return t("sw_ui.stage.scene", zones=len(state.board.zones), edges=len(state.board.edges), characters=len(state.characters))
    if state.stage == "ended":
        return t("sw_ui.stage.ended")
    who = state.character(state.turn.actor).name if state.turn.actor else t("sw_ui.nobody")
    return t("sw_ui.stage.conflict", round=state.round, order=t(f"sw.order.{state.order_kind}"), who=who)


def card_text(state: SWState, zone: str) -> Text:
    """The card under the cursor: its aspects and situations, its edges, who stands there."""
    text = Text()
    text.append(state.board.zone(zone).name, style="bold")
    info = state.zone_info(zone)
    for situation in info.situations:
        text.append("\n  " + state.rules.situation(situation).name(language()) + " ▲", style="italic")
    for aspect in info.aspects:
        text.append("\n  " + aspect, style="italic")
    for made in (a for a in state.aspects if a.on == zone):
        text.append("\n  " + made.text + _free(made.free), style="italic")
    for edge in state.board.edges_of(zone):
        other = state.board.zone(edge.other(zone)).name
        shut = t("board.describe.edge_closed" if edge.closed else "board.describe.edge_open")
        label = edge.label or t("board.describe.edge")
        key = "sw_ui.card.edge_worn" if edge.left_text != edge.notation else "sw_ui.card.edge"
        text.append("\n" + t(key, label=label, costs=edge.left_text, notation=edge.notation, state=shut, zone=other))
    for character in state.characters:
        if state.zone_of(character.key) == zone:
            text.append("\n" + character.name, style="bold")
            if state.stage != "scene":
                text.append(" · " + condition(state, character.key))
            for made in (a for a in state.aspects if a.on == character.key):
                text.append("\n  " + made.text + _free(made.free), style="italic")
    return text


def roll_text(state: SWState) -> Text:
    """The roll on the table (with what the move's shifts are), or the hit waiting to be absorbed."""
    pending = state.pending
    if pending is None:
        if state.hit is not None:
            return Text(t("sw_ui.roll.hit", name=state.character(state.hit.target).name, shifts=state.hit.shifts) + " · " + t("sw_ui.roll.absorb_key"), style="bold")
        return Text("")
    actor = pending.actor
    faces = " ".join({-1: "−", 0: "0", 1: "+"}[f] for f in actor.faces)
    text = Text(t("sw_ui.roll.line", name=state.character(actor.key).name, action=t(f"sw.action.{pending.action}"), faces=faces, total=actor.total), style="bold")
    if pending.defence is not None:
        text.append("\n" + t("sw_ui.roll.defence", name=state.character(pending.defence.key).name, total=pending.defence.total))
    else:
        text.append("\n" + t("sw_ui.roll.against", difficulty=pending.opposition, shifts=max(0, pending.shifts) if pending.action == "move" else pending.shifts))
    if actor.invoked:
        text.append("\n" + t("sw_ui.roll.invoked", aspects=", ".join(actor.invoked)))
    text.append("\n" + t("sw_ui.roll.keys"), style="italic")
    return text


def _free(count: int) -> str:
    return " " + t("sw_ui.card.free", count=count) if count else ""


def story(state: SWState, count: int = 8) -> Text:
    text = Text(t("sw_ui.story") + "\n", style="bold")
    for note in reversed(state.notes.latest(count)):
        text.append("· " + note_text(state, note) + "\n")
    return text


__all__ = ["board_view", "card_text", "roll_text", "stage_line", "story"]
