"""The zone map of a Second World conflict: zone cards with their aspects
and situations, the edges between them in the text's notation, who stands
where. The map is on the left (on top in a narrow terminal); beside it,
the stage, the card under the cursor and the story so far. Every change is
one event, saved at once and undoable.

| Key | Action |
| :- | :- |
| ↑ ↓ ← → | move over the zone cards |
| enter | on a free slot: lay a zone card; on a card: rename, aspects, situations, edge, place a character, remove |
| j | an edge to a touching zone: one of the text's examples, costs typed as ``open/traverse/close``, open or close it, take it away (mid-conflict too: the GM's ruling) |
| t / k | the zone's aspects / its situational aspects (Cluttered, Claustrophobic), in the scene or mid-conflict |
| p | place a character in the zone |
| n | start the conflict: "Head on a Swivel" or "Captain Takes Point", and who ambushed |
| b | begin a turn: the next in order, or anyone of the side in turn |
| m / w | the free move / wear an edge's cost down instead |
| g | the move action: roll Athletics |
| a / o / c | attack (target and skill with the chance to hit) / overcome / create an advantage |
| r | resolve the roll on the table: spend a move's shifts step by step, a boost, absorb a hit |
| i | invoke an aspect on the roll on the table |
| h | hide the zone's aspects, situations or characters from the players' view, or show them again; or write an aspect hidden from the start |
| D | dice at the table: a side's players roll their own dice and type the faces |
| d / s | full defence / cast a spell (or go on casting) |
| x / e | concede / end the turn |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from typing import Any, Coroutine

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tui.core.i18n import t
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.state import SWState
from tui.core.systems.second_world import events as ev
from tui.ui.second_world import action_flows as actions
from tui.ui.second_world import map_flows as flows
from tui.ui.second_world import turn_flows as turns
from tui.ui.second_world import text as swt
from tui.ui.second_world.secret_flows import hide_in_zone
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.table_dice import switch_table, table_binding
from tui.ui.widgets.show import show
from tui.ui.widgets.zone_board import ZoneBoard

_SCENE_ONLY = {"deploy", "start"}
_MAP_RULINGS = {"edge", "aspects", "situations"}
"""The GM rules on the map mid-conflict too: a wall blown open, smoke that clutters a zone."""
_ON_A_CARD = {"edge", "aspects", "situations", "deploy"}
_ANY_TIME = {"table_dice"}
_CONFLICT_ONLY = {"begin", "free_move", "erode", "move", "attack", "overcome", "advantage", "resolve", "invoke", "full_defence", "cast", "concede", "end_turn"}


class MapBoard(ZoneBoard, inherit_bindings=False):
    """The zone board without its own enter: the screen takes it. A flow
    started from the board's Selected message would start only after keys
    typed behind the enter (a burst over SSH) had reached the board."""

    BINDINGS = [binding for binding in ZoneBoard.BINDINGS if isinstance(binding, Binding) and binding.key != "enter"]


class SecondWorldMapScreen(ZoneMapScreen[SecondWorldBattle]):
    """The zone map (see the module docstring for its keys)."""

    BINDINGS = [
        # The scene's keys are named on the status line, not in the footer:
        # at 80 columns the footer is the conflict's.
        Binding("enter", "select_card", "board.key.select", id="sw.select"),
        Binding("j", "edge", "sw_ui.key.edge", show=False, id="sw.edge"),
        Binding("t", "aspects", "sw_ui.key.aspects", show=False, id="sw.aspects"),
        Binding("k", "situations", "sw_ui.key.situations", show=False, id="sw.situations"),
        Binding("p", "deploy", "sw_ui.key.deploy", show=False, id="sw.deploy"),
        Binding("n", "start", "sw_ui.key.start", show=False, id="sw.start"),
        Binding("b", "begin", "sw_ui.key.begin", id="sw.begin"),
        Binding("m", "free_move", "sw_ui.key.free_move", id="sw.free_move"),
        Binding("w", "erode", "sw_ui.key.erode", show=False, id="sw.erode"),
        Binding("g", "move", "sw_ui.key.move", id="sw.move"),
        Binding("a", "attack", "sw_ui.key.attack", id="sw.attack"),
        Binding("o", "overcome", "sw_ui.key.overcome", show=False, id="sw.overcome"),
        Binding("c", "advantage", "sw_ui.key.advantage", show=False, id="sw.advantage"),
        Binding("r", "resolve", "sw_ui.key.resolve", id="sw.resolve"),
        Binding("i", "invoke", "sw_ui.key.invoke", id="sw.invoke"),
        Binding("d", "full_defence", "sw_ui.key.full_defence", show=False, id="sw.full_defence"),
        Binding("s", "cast", "sw_ui.key.cast", show=False, id="sw.cast"),
        Binding("x", "concede", "sw_ui.key.concede", show=False, id="sw.concede"),
        Binding("e", "end_turn", "sw_ui.key.end_turn", id="sw.end_turn"),
        Binding("h", "hide", "secret.key.hide", show=False, id="sw.hide"),
        table_binding("sw"),
        Binding("u,ctrl+z", "undo", "key.undo", id="sw.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="sw.redo"),
    ]

    BOARD = MapBoard
    PANEL = ("roll", "card", "story")

    @property
    def state(self) -> SWState:
        return self.battle.game

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        state = self.state
        board = self.query_one(ZoneBoard)
        board.ascii_glyphs = self.shell.glyphs.name == "ascii"
        board.view = swt.board_view(state)
        if board.cursor is None or board.cursor not in board.view.cells():
            cells = list(board.view.cards) or list(board.view.open_cells)
            board.cursor = cells[0] if cells else None
        show(self.query_one("#status", Static), Text(swt.stage_line(state)))
        show(self.query_one("#roll", Static), swt.roll_text(state))
        self._show_card()
        show(self.query_one("#story", Static), swt.story(state))
        self.refresh_bindings()

    def _show_card(self) -> None:
        key = self.cursor_zone()
        show(self.query_one("#card", Static), swt.card_text(self.state, key) if key else Text(""))

    def _cursor_moved(self) -> None:
        self._show_card()
        self.refresh_bindings()

    def on_zone_board_selected(self, message: ZoneBoard.Selected) -> None:
        self._run(flows.on_enter(self, message.cell, message.key))  # a second click

    def action_select_card(self) -> None:
        board = self.query_one(ZoneBoard)
        if board.cursor is not None and board.cursor in board.view.cells():
            self._run(flows.on_enter(self, board.cursor, board.key_at(board.cursor)))

    # -- keys ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.battle.can_undo and not self.read_only else None
        if action == "redo":
            return True if self.battle.can_redo and not self.read_only else None
        if action in _CONFLICT_ONLY:
            return self._conflict_action(action)
        if action in _ANY_TIME:
            return None if self.read_only or self.state.stage == "ended" else True
        if action == "hide":
            zone = self.cursor_zone()
            return True if not self.read_only and zone is not None else None
        if action not in _SCENE_ONLY | _MAP_RULINGS:
            return True
        if self.read_only or self.state.stage == "ended" or (action in _SCENE_ONLY and self.state.stage != "scene"):
            return None
        if action in _ON_A_CARD and self.cursor_zone() is None:
            return None
        if action == "edge" and not self.state.board.neighbours(self.cursor_zone() or ""):
            return None
        if action == "deploy" and not self.state.characters:
            return None
        if action == "start" and self.battle.step_refusal(self._start_probe()) is not None:
            return None
        return True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Every key greyed out here says why in one line when pressed."""
        if self.read_only and action in _CONFLICT_ONLY | _SCENE_ONLY | _MAP_RULINGS | _ANY_TIME | {"hide", "undo", "redo"}:
            return t("app.read_only_refused")
        if action in _ANY_TIME and self.state.stage == "ended":
            return t("sw.rule.conflict_over")
        if action == "hide":
            return t("secret.refuse.zone")
        if action in ("undo", "redo"):
            return super().binding_refusal(action, parameters)
        if action in _CONFLICT_ONLY:
            return self._conflict_refusal(action)
        if action in _SCENE_ONLY | _MAP_RULINGS:
            return self._scene_refusal(action)
        return super().binding_refusal(action, parameters)

    def _scene_refusal(self, action: str) -> str | None:
        stage = self.state.stage
        if stage == "ended":
            return t("sw.rule.conflict_over")
        if action in _SCENE_ONLY and stage != "scene":
            return t("sw.rule.started_already")
        if action in _ON_A_CARD and self.cursor_zone() is None:
            return t("sw_ui.why.no_zone")
        if action == "edge":
            return t("sw_ui.why.no_neighbour")
        if action == "deploy":
            return t("sw_ui.why.no_characters")
        if action == "start":
            return self.battle.step_refusal(self._start_probe())
        return None

    def _conflict_refusal(self, action: str) -> str | None:
        state = self.state
        if state.stage != "conflict":
            return t("sw.rule.not_in_conflict" if state.stage == "scene" else "sw.rule.conflict_over")
        actor, pending = state.turn.actor, state.pending
        if action == "begin":
            return t("sw.rule.turn_under_way", name=state.character(actor).name) if actor is not None else t("sw_ui.why.nobody_to_begin")
        if action in ("invoke", "resolve"):
            return t("sw.rule.no_roll")
        if pending is not None or state.hit is not None:
            return t("sw.rule.roll_on_table")
        if actor is None:
            return t("sw.rule.no_turn")
        name = state.character(actor).name
        if action in ("free_move", "erode"):
            heavy = state.rules.weapon(state.character(actor).weapon).heavy
            return t("sw.rule.heavy_no_free_move", name=name) if heavy else t("sw.rule.free_move_used", name=name)
        if action == "full_defence":
            return self.battle.step_refusal(ev.FullDefence(key=actor))
        if action == "cast":
            return self.battle.step_refusal(ev.Casting(key=actor))
        return t("sw.rule.acted_already", name=name)

    def _conflict_action(self, action: str) -> bool | None:
        state = self.state
        if self.read_only or state.stage != "conflict":
            return None
        actor, pending = state.turn.actor, state.pending
        if action == "begin":
            return True if actor is None and any(state.may_begin(c.key) for c in state.characters) else None
        if action == "concede":
            return True if pending is None and state.hit is None else None
        if action == "invoke":
            return True if pending is not None else None
        if action == "resolve":
            return True if pending is not None or state.hit is not None else None
        if actor is None or pending is not None or state.hit is not None:
            return None
        if action == "end_turn":
            return True
        if action in ("free_move", "erode"):
            return True if not state.turn.free_move and not state.rules.weapon(state.character(actor).weapon).heavy else None
        if action == "full_defence":
            return None if self.battle.step_refusal(ev.FullDefence(key=actor)) else True
        if action == "cast":
            return None if self.battle.step_refusal(ev.Casting(key=actor)) else True
        return True if not state.turn.acted else None  # move, attack, overcome, advantage

    def _start_probe(self) -> Any:
        return ev.StartConflict(counter=self.state.counter, order="captain", first_side=min((c.side for c in self.state.characters), default=0))

    def _run(self, flow: Coroutine[Any, Any, None]) -> None:
        # One flow at a time: a repeated key can't start a step twice.
        self.shell.run_flow(self, flow, "sw-flow")

    def action_table_dice(self) -> None:
        self._run(switch_table(self, list(self.state.sides)))

    def action_hide(self) -> None:
        zone = self.cursor_zone()
        if zone is not None:
            self._run(hide_in_zone(self, zone))

    def action_edge(self) -> None:
        zone = self.cursor_zone()
        if zone is not None:
            self._run(flows.edge(self, zone))

    def action_aspects(self) -> None:
        zone = self.cursor_zone()
        if zone is not None:
            self._run(flows.aspects(self, zone))

    def action_situations(self) -> None:
        zone = self.cursor_zone()
        if zone is not None:
            self._run(flows.situations(self, zone))

    def action_deploy(self) -> None:
        zone = self.cursor_zone()
        if zone is not None:
            self._run(flows.deploy(self, zone))

    def action_start(self) -> None:
        self._run(flows.start(self))

    def action_begin(self) -> None:
        self._run(turns.begin_turn(self, self.cursor_zone()))

    def action_free_move(self) -> None:
        self._run(turns.free_move(self))

    def action_erode(self) -> None:
        self._run(turns.erode(self))

    def action_move(self) -> None:
        self._run(turns.move_action(self))

    def action_attack(self) -> None:
        self._run(actions.attack(self))

    def action_overcome(self) -> None:
        self._run(actions.overcome(self))

    def action_advantage(self) -> None:
        self._run(actions.advantage(self))

    def action_resolve(self) -> None:
        self._run(actions.resolve(self))

    def action_invoke(self) -> None:
        self._run(turns.invoke(self))

    def action_full_defence(self) -> None:
        actor = self.state.turn.actor
        if actor is not None:
            flows.record(self, ev.FullDefence(key=actor))

    def action_cast(self) -> None:
        actor = self.state.turn.actor
        if actor is not None:
            flows.record(self, ev.Casting(key=actor))

    def action_concede(self) -> None:
        self._run(turns.concede(self))

    def action_end_turn(self) -> None:
        flows.record(self, ev.EndTurn())


__all__ = ["SecondWorldMapScreen"]
