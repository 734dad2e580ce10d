"""The zone board: the battlefield laid out card by card, the deployment,
and the battle itself, turn by turn. The board is on the left (on top in a
narrow terminal); beside it, whose turn it is, the roll on the table and
the story so far. Every change is one event, saved at once and undoable.

| Key | Action |
| :- | :- |
| ↑ ↓ ← → | move over the zone cards |
| enter | what fits the card: place a zone card, deploy, activate, move, resolve |
| n | the next stage: lay out the battlefield, deploy, roll initiative |
| h / t | a hidden aspect (a player's fate point) / the GM's terrain, on the card |
| v | activate a unit or an independent leader |
| m / o | the free move to the card / overcome (enter, move farther, break a pin) |
| a / c | attack / create an advantage |
| l | the attached leader: give the action, remove a consequence, boost, attack a leader, attach, detach |
| 2 | a second action (the leader's, or a fate point) |
| i / r | invoke an aspect on the roll / resolve the roll |
| e | end the turn |
| $ / f | buy a fate point with leftover build points / the GM gives or takes fate points |
| x | concede |
| D | dice at the table: a side's players roll their own dice and type the faces |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from typing import Any, Coroutine

from rich.console import Group
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tui.core.i18n import t
from tui.core.systems.fate.battle import FateBattle
from tui.core.errors import RuleViolation
from tui.core.systems.fate.state import FateState
from tui.core.systems.fate.turns import use_action
from tui.ui.widgets.show import show
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.table_dice import table_binding
from tui.ui.widgets.zone_board import ZoneBoard
from tui.ui.fate import flows as flows
from tui.ui.fate import gm_flows as gm_flows
from tui.ui.fate import outcome_flows as outcome_flows
from tui.ui.fate import roll_flows as roll_flows
from tui.ui.fate import text as ft

# action → the stages it belongs to (greyed out elsewhere)
_STAGES = {
    "next_stage": ("muster", "battlefield", "deploy"),
    "hidden_aspect": ("battlefield", "deploy"),
    "terrain": ("battlefield", "deploy"),
    "activate": ("battle",),
    "move": ("battle",),
    "overcome": ("battle",),
    "attack": ("battle",),
    "advantage": ("battle",),
    "leader": ("battle",),
    "second_action": ("battle",),
    "invoke": ("battle",),
    "resolve": ("battle",),
    "end_turn": ("battle",),
    "buy": ("battle",),
    "concede": ("battle",),
    "gm_fate_points": ("battlefield", "deploy", "battle", "ended"),
    "table_dice": ("muster", "battlefield", "deploy", "battle"),
}
_NEEDS_ACTOR = {"move", "overcome", "attack", "advantage", "leader", "second_action", "end_turn"}
_ACTION_KINDS = {"overcome": "enter", "attack": "attack", "advantage": "advantage"}
"""Keys that take one of the actor's actions, and the kind the rules count."""


class FateFieldScreen(ZoneMapScreen[FateBattle]):
    """The zone board (see the module docstring for its keys)."""

    BINDINGS = [
        Binding("n", "next_stage", "fate_ui.key.next_stage", id="fate.next_stage"),
        Binding("h", "hidden_aspect", "fate_ui.key.hidden_aspect", show=False, id="fate.hidden_aspect"),
        Binding("t", "terrain", "fate_ui.key.terrain", show=False, id="fate.terrain"),
        Binding("v", "activate", "fate_ui.key.activate", id="fate.activate"),
        Binding("m", "move", "fate_ui.key.move", id="fate.move"),
        Binding("o", "overcome", "fate_ui.key.overcome", id="fate.overcome"),
        Binding("a", "attack", "fate_ui.key.attack", id="fate.attack"),
        Binding("c", "advantage", "fate_ui.key.advantage", id="fate.advantage"),
        Binding("l", "leader", "fate_ui.key.leader", id="fate.leader"),
        Binding("2", "second_action", "fate_ui.key.second_action", show=False, id="fate.second_action"),
        Binding("i", "invoke", "fate_ui.key.invoke", id="fate.invoke"),
        Binding("r", "resolve", "fate_ui.key.resolve", id="fate.resolve"),
        Binding("e", "end_turn", "fate_ui.key.end_turn", id="fate.end_turn"),
        Binding("dollar_sign", "buy", "fate_ui.key.buy", show=False, id="fate.buy"),
        Binding("f", "gm_fate_points", "fate_ui.key.gm_fate_points", show=False, id="fate.gm_fate_points"),
        Binding("x", "concede", "fate_ui.key.concede", show=False, id="fate.concede"),
        table_binding("fate"),
        Binding("u,ctrl+z", "undo", "key.undo", id="fate.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="fate.redo"),
    ]

    # The roll on the table comes first: at 80×24 the panel is short.
    PANEL = ("roll", "turn", "card", "story")
    _shown_contest: object = None

    @property
    def state(self) -> FateState:
        return self.battle.game

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        state = self.state
        board = self.query_one(ZoneBoard)
        board.ascii_glyphs = self.shell.glyphs.name == "ascii"
        board.view = ft.board_view(state, flows.marks(self))
        if board.cursor is None or (board.cursor not in board.view.cards and board.cursor not in board.view.open_cells):
            cells = list(board.view.cards) or list(board.view.open_cells)
            board.cursor = cells[0] if cells else None
        # The second line: the roll on the table and its outcome, else what
        # just happened. Always in sight, however short the panel is.
        status = Text(ft.stage_line(state), no_wrap=True, overflow="ellipsis")
        if state.contest is not None:
            summary = ft.roll_summary(state, state.contest)
            if len(summary) > self.size.width - 2:
                summary = ft.roll_summary(state, state.contest, short=True)
            status.append("\n" + summary, style="bold")
        elif len(state.notes) and state.stage != "ended":  # once over, the first line says it all
            status.append("\n" + ft.note_text(state, state.notes.latest(1)[0]), style="dim")
        show(self.query_one("#status", Static), status)
        if state.contest is not None and state.contest is not self._shown_contest:
            self.query_one("#panel").scroll_home(animate=False)  # a new roll: the panel shows it from the top
        self._shown_contest = state.contest
        turn = [ft.fate_points_line(state, board.glyphs().sides), ft.activation_line(state)]
        if state.stage == "ended":
            turn.append(Text(ft.awards_line(state), style="bold"))
        show(self.query_one("#turn", Static), Group(*turn))
        roll = ft.contest_lines(state, state.contest) if state.contest else []
        show(self.query_one("#roll", Static), Group(*roll) if roll else Text(""))
        self._show_card()
        notes = state.notes.latest(8)
        story = Text(t("fate_ui.story") + "\n", style="bold")
        for note in reversed(notes):
            story.append("· " + ft.note_text(state, note) + "\n")
        show(self.query_one("#story", Static), story)
        self.refresh_bindings()

    def on_resize(self) -> None:
        super().on_resize()
        self._redraw()  # the status line's roll is worded for the width

    def _show_card(self) -> None:
        key = self.cursor_zone()
        show(self.query_one("#card", Static), flows.card_text(self.state, key) if key else Text(""))

    def _cursor_moved(self) -> None:
        self._show_card()
        self.refresh_bindings()

    def on_zone_board_selected(self, message: ZoneBoard.Selected) -> None:
        self._run(flows.on_enter(self, message.cell, message.key))

    def cursor_cell(self):
        return self.query_one(ZoneBoard).cursor

    # -- keys ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.battle.can_undo else None
        if action == "redo":
            return True if self.battle.can_redo else None
        if action not in _STAGES:
            return True
        return None if self.binding_refusal(action, parameters) else True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a key of the board does nothing now: greyed out, and said in
        one line when pressed anyway."""
        stages = _STAGES.get(action)
        if stages is None:
            return super().binding_refusal(action, parameters)
        state = self.state
        if self.read_only:
            return t("app.read_only_refused")
        if state.stage not in stages:
            if "battle" in stages and len(stages) == 1:
                return t("fate_ui.refuse.battle_only")
            return t("fate_ui.refuse.setup_only") if state.stage in ("battle", "ended") else t("fate_ui.refuse.not_now")
        activation = state.activation
        if action in _NEEDS_ACTOR and activation is None:
            return t("fate_ui.refuse.activate_first")
        if action in ("invoke", "resolve") and state.contest is None:
            return t("fate.rule.no_roll")
        if action == "activate" and activation is not None:
            return t("fate_ui.refuse.end_turn_first", actor=state.name(activation.actor))
        if action in _ACTION_KINDS and activation is not None and state.contest is None:
            # Never the same action twice, nothing after an attack: refused
            # on the key, before any dialog (issue 16, item 9).
            try:
                use_action(state, _ACTION_KINDS[action], activation.actor)
            except RuleViolation as exc:
                return str(exc)
        if action in _ACTION_KINDS and state.contest is not None:
            return t("fate.rule.roll_open")
        return None

    def _run(self, flow: Coroutine[Any, Any, None]) -> None:
        # One flow at a time: a repeated key can't start a step twice.
        self.shell.run_flow(self, flow, "fate-flow")

    def action_next_stage(self) -> None:
        self._run(flows.next_stage(self))

    def action_hidden_aspect(self) -> None:
        self._run(flows.zone_aspect(self, hidden=True))

    def action_terrain(self) -> None:
        self._run(flows.zone_aspect(self, hidden=False))

    def action_activate(self) -> None:
        self._run(flows.activate(self, self.cursor_zone()))

    def action_move(self) -> None:
        self._run(flows.free_move(self))

    def action_overcome(self) -> None:
        self._run(roll_flows.overcome(self))

    def action_attack(self) -> None:
        self._run(roll_flows.attack(self))

    def action_advantage(self) -> None:
        self._run(roll_flows.advantage(self))

    def action_leader(self) -> None:
        self._run(roll_flows.leader(self))

    def action_second_action(self) -> None:
        self._run(roll_flows.second_action(self))

    def action_invoke(self) -> None:
        self._run(outcome_flows.invoke(self))

    def action_resolve(self) -> None:
        self._run(outcome_flows.resolve(self))

    def action_end_turn(self) -> None:
        flows.end_turn(self)

    def action_buy(self) -> None:
        self._run(gm_flows.buy(self))

    def action_gm_fate_points(self) -> None:
        self._run(gm_flows.gm_menu(self))

    def action_concede(self) -> None:
        self._run(gm_flows.concede(self))

    def action_table_dice(self) -> None:
        self._run(gm_flows.table_dice(self))


__all__ = ["FateFieldScreen"]
