"""Words and pictures for the Fate zone board: the board's view model from
the battle's state, the status line, the roll on the table, the story so
far. Every name and aspect is user text: it goes into ``Text`` as is,
never through markup."""

from __future__ import annotations

from rich.text import Text

from tui.core.fate_dice import fate_outcome
from tui.core.i18n import language, t
from tui.core.systems.fate.state import Contest, FateState, RollSide
from tui.core.systems.fate.story import awards_line, note_text, side_name
from tui.ui.widgets.zone_board import BoardView, Occupant, ZoneCardView

FACE = {-1: "−", 0: "0", 1: "+"}


def skill_name(state: FateState, skill: str) -> str:
    try:
        return state.rules.skill(skill).name(language())
    except KeyError:
        return skill


def ladder(state: FateState, value: int) -> str:
    return state.rules.rated(value, language())


# -- the board -------------------------------------------------------------------


def _occupants(state: FateState, zone: str) -> tuple[Occupant, ...]:
    acting = state.activation.actor if state.activation else None
    result: list[Occupant] = []
    for key in state.units_in(zone):
        unit = state.unit(key)
        leader = state.leader_of(key)
        details = []
        if leader:
            details.append("+" + state.name(leader))
        used = len(state.consequences_of(key))
        if used:
            details.append(t("fate_ui.board.consequences", count=used))
        mark = "active" if key == acting else "done" if key in state.acted else ""
        result.append(Occupant(unit.name if unit else key, state.side_of(key), " ".join(details), mark))
    for key in state.leaders_in(zone):
        if state.place(key).attached is None:
            mark = "active" if key == acting else "done" if key in state.acted else ""
            result.append(Occupant("★ " + state.name(key), state.side_of(key), t("fate_ui.board.alone"), mark))
    for key, place in state.places.items():
        if place.out and place.zone == zone:
            result.append(Occupant(state.name(key), state.side_of(key), t("fate_ui.board.out"), "out"))
    return tuple(result)


def board_view(state: FateState, marked: dict[str, str] | None = None) -> BoardView:
    marked = marked or {}
    cards = {}
    for zone in state.board.zones:
        aspects = tuple(
            a.text + (" ▲" if a.hinders else "") + (f" ({a.free[0] + a.free[1]}×)" if sum(a.free) else "")
            for a in state.aspects_on(zone.key)
            if a.kind != "card"
        )
        hidden = len(state.aspects_on(zone.key, hidden=True))
        cards[(zone.col, zone.row)] = ZoneCardView(zone.key, zone.name, aspects, hidden, _occupants(state, zone.key), marked.get(zone.key, ""))
    open_cells = state.board.open_cells() if state.stage == "battlefield" else ()
    return BoardView(cards, open_cells, (side_name(state, 0), side_name(state, 1)))


# -- the status ------------------------------------------------------------------


def stage_line(state: FateState) -> str:
    if state.stage == "muster":
        return t("fate_ui.stage.muster")
    if state.stage == "battlefield":
        from tui.core.systems.fate.forces import zones_rule_of_thumb

        placer = state.players[state.placer or 0].name
        return t("fate_ui.stage.battlefield", player=placer, zones=len(state.board.zones), thumb=zones_rule_of_thumb(state.players, state.rules))
    if state.stage == "deploy":
        from tui.core.systems.fate.muster import undeployed

        return t("fate_ui.stage.deploy", count=len(undeployed(state)))
    if state.stage == "ended":
        if state.winner is None:
            return t("fate_ui.stage.ended_nobody")
        return t("fate_ui.stage.ended", side=side_name(state, state.winner))
    player = state.current_player
    name = state.players[player].name if player is not None else "?"
    return t("fate_ui.stage.battle", round=state.round, player=name)


def fate_points_line(state: FateState) -> Text:
    text = Text()
    for index, player in enumerate(state.players):
        if index:
            text.append("  ")
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
    if activation.over:
        text.append("  " + t("fate_ui.turn_over"), style="italic")
    return text


def _roll_side(state: FateState, side: RollSide, spent: dict[str, str]) -> Text:
    text = Text()
    text.append(state.name(side.who), style="bold")
    text.append(f" {skill_name(state, side.skill)} {side.rating:+d}  [")
    text.append(" ".join(FACE[f] for f in side.faces))
    text.append("]")
    for label, value in side.bonuses:
        text.append(f"  {_bonus_label(state, label, spent)} {value:+d}")
    rerolled = [a for a in side.invoked if f"invoke:{a}" not in dict(side.bonuses)]
    for aspect_id in rerolled:
        text.append("  " + t("fate_ui.rerolled", aspect=_aspect_words(state, aspect_id, spent)))
    text.append(f"  = {ladder(state, side.total)}", style="bold")
    return text


def _aspect_words(state: FateState, aspect_id: str, spent: dict[str, str]) -> str:
    aspect = state.aspect(aspect_id)
    return aspect.text if aspect else spent.get(aspect_id, t("fate_ui.bonus.invoke"))


def _bonus_label(state: FateState, label: str, spent: dict[str, str]) -> str:
    kind, _, key = label.partition(":")
    if kind == "invoke":
        return _aspect_words(state, key, spent)
    if kind == "leader":
        return state.name(key)
    return t(f"fate_ui.bonus.{kind}")


def contest_lines(state: FateState, contest: Contest) -> list[Text]:
    title = Text(t(f"fate.action.{contest.action}"), style="bold underline")
    if contest.target:
        title.append("  → " + _target_name(state, contest.target))
    spent = dict(contest.spent)
    lines = [title, _roll_side(state, contest.active, spent)]
    if contest.defence is not None:
        lines.append(Text(t("fate_ui.against")) + _roll_side(state, contest.defence, spent))
    else:
        lines.append(Text(t("fate_ui.against_difficulty", difficulty=ladder(state, contest.difficulty))))
    result = fate_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)
    lines.append(Text(t(f"fate_ui.outcome.{result.value}", shifts=contest.shifts), style="bold"))
    return lines


def roll_summary(state: FateState, contest: Contest) -> str:
    """The roll on the table in one line, for the status bar: its outcome is
    always in sight, however short the panel is."""
    result = fate_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)
    return t(
        "fate_ui.roll_summary",
        actor=state.name(contest.by),
        action=t(f"fate.action.{contest.action}"),
        total=ladder(state, contest.active.total),
        against=ladder(state, contest.opposition),
        outcome=t(f"fate_ui.outcome.{result.value}", shifts=contest.shifts),
    )


def _target_name(state: FateState, key: str) -> str:
    aspect = state.aspect(key)
    if aspect is not None:
        return aspect.text
    return state.name(key)


__all__ = ["activation_line", "awards_line", "board_view", "contest_lines", "roll_summary", "fate_points_line", "ladder", "note_text", "side_name", "skill_name", "stage_line"]
