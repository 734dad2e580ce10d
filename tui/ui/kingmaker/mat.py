"""The battle mat of a Kingmaker battle: the squares with their terrain and
every unit's block (its letter, an arrow on its front rank, its side's
colour), and beside it the square under the cursor, the armies with their
hp and standing, and the story so far. Every change is one event, saved at
once and undoable.

| Key | Action |
| :- | :- |
| ↑ ↓ ← → | move over the mat |
| enter | what can be done here now (place, terrain, a unit's actions) |
| n | next: roll for setup or initiative, choose who goes first, end the side's phase, the aftermath |
| tab | to the next unit of the side acting |
| m / t / c | the mat's size / terrain from this square / battlefield conditions (before the battle) |
| p | place a unit here (setup) |
| g / r | switch the unit's tactic / rally a fleeing unit (Tactics) |
| o | a command: Hustle, Charge, About Face, Withdraw (Movement) |
| w / 7 / 9 / a / d | step forward / along the left or right forward diagonal / turn left / turn right |
| f / x | shoot (Ranged; siege engines in the Tactics phase) / fight (Melee), with the chance to hit and the damage |
| l | heal with healing potions or Alchemy instead of attacking (Ranged or Melee) |
| k / v | the unit's Morale check at a threshold / Press |
| y | the unit's step on the Strategy Track (only when a house rule turns it on) |
| h | hide the unit here from the players' view (an ambush, a reserve), or show it again |
| D | dice at the table: a side's players roll their own d20s and type the faces (attacks, Morale checks) |
| ] / [ | the panel beside the mat a page down / up (at 80x24 a unit's sheet and the story run past it) |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from typing import Any, Callable, Coroutine

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, Static

from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.movement import leaves_mat, moving_away
from tui.ui.kingmaker import mat_flows as flows
from tui.ui.kingmaker import mat_text as words
from tui.ui.kingmaker import turn_flows as turns
from tui.ui.kingmaker.common import ask, record, toggle
from tui.ui.kingmaker.mat_view import CELL, LABEL, WIDE_CELL, MatView
from tui.ui.kingmaker.unit_keys import UNIT_ACTIONS, unit_may, why_unit_cannot
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.table_dice import switch_table, table_binding
from tui.ui.shell.menus import menu
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.show import show
from tui.ui.kingmaker.hosts import MatHost

PANEL = 26
"""The panel's least width; the mat takes the rest, scrolling when it must."""
WIDE_PANEL = 40
"""The panel's width from which the squares get a column of space between them."""
SQUARE_MENU = menu("km.square", "next", "place", "terrain", "tactic", "rally", "order", "forward", "diag_left", "diag_right", "turn_left", "turn_right", "shoot", "melee", "heal", "strategy", "morale", "press")
STEPS: dict[str, ev.Step] = {"forward": "forward", "diag_left": "left", "diag_right": "right", "turn_left": "turn_left", "turn_right": "turn_right"}


class KingmakerMatScreen(MatHost):
    """The battle mat (see the module docstring for its keys)."""

    BINDINGS = [
        Binding("enter", "actions", "km_ui.key.actions", id="km.actions"),
        Binding("n", "next", "km_ui.key.next", id="km.next"),
        Binding("tab", "next_unit", "km_ui.key.next_unit", show=False, id="km.next_unit"),
        Binding("m", "mat_size", "km_ui.key.mat_size", show=False, id="km.mat_size"),
        Binding("t", "terrain", "km_ui.key.terrain", show=False, id="km.terrain"),
        Binding("c", "conditions", "km_ui.key.conditions", show=False, id="km.conditions"),
        Binding("p", "place", "km_ui.key.place", show=False, id="km.place"),
        Binding("g", "tactic", "km_ui.key.tactic", show=False, id="km.tactic"),
        Binding("r", "rally", "km_ui.key.rally", show=False, id="km.rally"),
        Binding("o", "order", "km_ui.key.order", show=False, id="km.order"),
        Binding("w", "step('forward')", "km_ui.key.forward", show=False, id="km.forward"),
        # 7 and 9 as on a numeric keypad: q quits everywhere, so it can't be a step here
        Binding("7", "step('diag_left')", "km_ui.key.diag_left", show=False, id="km.diag_left"),
        Binding("9", "step('diag_right')", "km_ui.key.diag_right", show=False, id="km.diag_right"),
        Binding("a", "step('turn_left')", "km_ui.key.turn_left", show=False, id="km.turn_left"),
        Binding("d", "step('turn_right')", "km_ui.key.turn_right", show=False, id="km.turn_right"),
        Binding("f", "shoot", "km_ui.key.shoot", id="km.shoot"),
        Binding("x", "melee", "km_ui.key.melee", id="km.melee"),
        Binding("l", "heal", "km_ui.key.heal", show=False, id="km.heal"),
        Binding("h", "hide", "secret.key.hide", show=False, id="km.hide"),
        Binding("y", "strategy", "km_ui.key.strategy", show=False, id="km.strategy"),
        Binding("k", "morale", "km_ui.key.morale", show=False, id="km.morale"),
        Binding("v", "press", "km_ui.key.press", show=False, id="km.press"),
        table_binding("km"),
        Binding("right_square_bracket", "panel(1)", "km_ui.key.panel_down", show=False, id="km.panel_down"),
        Binding("left_square_bracket", "panel(-1)", "km_ui.key.panel_up", show=False, id="km.panel_up"),
        Binding("u,ctrl+z", "undo", "key.undo", id="km.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="km.redo"),
    ]

    DEFAULT_CSS = """
    KingmakerMatScreen {
        & #status { height: auto; max-height: 2; padding: 0 1; background: $boost; }
        & #field { height: 1fr; }
        & MatView { width: 1fr; height: 1fr; }
        & #panel { width: 1fr; min-width: 26; height: 1fr; border-left: solid $accent; padding: 0 1; }
        & #last { margin-bottom: 1; text-style: bold; }
        & #square { margin-bottom: 1; }
        & #legend { margin-bottom: 1; text-wrap: nowrap; text-overflow: ellipsis; }
        &:ansi #status { background: ansi_default; text-style: reverse; }
        &:ansi #panel { border-left: solid ansi_cyan; }
    }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status", markup=False)
        with Horizontal(id="field"):
            yield MatView(id="mat")
            with VerticalScroll(id="panel"):
                # At 80x24 the newest line and every army come first: the
                # square's sheet and the older story follow (] pages down).
                yield Static("", id="last", markup=False)
                yield Static("", id="legend", markup=False)
                yield Static("", id="square", markup=False)
                yield Static("", id="story", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        mat = self.query_one(MatView)
        mat.focus()
        first = next((b for b in self.state.blocks().values()), None)
        if first is not None:
            mat.cursor = (first.x, first.y)

    @property
    def cursor(self) -> tuple[int, int]:
        return self.query_one(MatView).cursor

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        mat = self.query_one(MatView)
        wide = LABEL + WIDE_CELL * self.state.width + 1
        mat.cell = WIDE_CELL if self.size.width - wide >= WIDE_PANEL else CELL
        needed = LABEL + mat.cell * self.state.width + 1
        mat.styles.width = max(12, min(needed, self.size.width - PANEL - 1))

    # -- drawing -------------------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        state = self.state
        glyphs = self.shell.glyphs.name
        mat = self.query_one(MatView)
        mat.picture = words.picture(state, glyphs)
        self._fit()
        show(self.query_one("#status", Static), words.status(state))
        self._panel()
        self.refresh_bindings()

    def _panel(self) -> None:
        state = self.state
        # The newest line first: what the last roll did is always in view, at 80x24 too.
        show(self.query_one("#last", Static), words.story(state, 1))
        show(self.query_one("#legend", Static), words.legend(state, self.shell.glyphs.name))
        show(self.query_one("#square", Static), words.square_lines(state, self.cursor))
        show(self.query_one("#story", Static), words.story(state, 10, skip=1))
        self.query_one("#panel", VerticalScroll).scroll_home(animate=False)

    def action_panel(self, pages: int) -> None:
        panel = self.query_one("#panel", VerticalScroll)
        if pages > 0:
            panel.scroll_page_down(animate=False)
        else:
            panel.scroll_page_up(animate=False)

    def on_mat_view_cursor_moved(self, _: MatView.CursorMoved) -> None:
        self._panel()
        self.refresh_bindings()

    # -- what applies ----------------------------------------------------------------------

    def unit_here(self) -> str | None:
        return words.unit_at(self.state, self.cursor)

    def own_unit(self) -> str | None:
        """The unit under the cursor if its side acts now in the battle."""
        state = self.state
        key = self.unit_here()
        if key is None or state.stage != "battle" or state.first is None or state.army(key).side != state.side_acting:
            return None
        return key

    def _applies(self, action: str) -> bool:
        state = self.state
        if action in ("mat_size",):
            return state.stage == "muster"
        if action in ("terrain", "conditions"):
            return state.stage in ("muster", "setup")
        if action == "place":
            return state.stage == "setup" and state.first is not None and words.unit_at(state, self.cursor) is None
        if action == "next":
            return flows.next_refusal(self) is None
        if action == "next_unit":
            return bool(self._units_in_turn())
        key = self.own_unit()
        if key is None:
            return False
        return unit_may(state, key, action)

    def why_not(self, action: str) -> str:
        state = self.state
        if state.stage != "battle":
            return t("km.rule.not_in_battle")
        if state.first is None:
            return t("km.rule.initiative_first")
        key = self.unit_here()
        side = state.sides[state.side_acting or 0]
        if key is None:
            return t("km_ui.why.no_unit", side=side)
        return why_unit_cannot(state, key, action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.battle.can_undo and not self.read_only else None
        if action == "redo":
            return True if self.battle.can_redo and not self.read_only else None
        if action == "actions":
            return None if self.read_only else True
        if action in UNIT_ACTIONS:
            # In the battle a unit's keys stay live: pressed where they don't
            # apply, they say why (a greyed key would say nothing).
            return True if not self.read_only and self.state.stage == "battle" else None
        if action == "next":
            # Kept live: pressed while the battle waits for something else (a Morale
            # check owed, a unit still to place), it says what.
            return None if self.read_only else True
        if action == "hide":
            return True if not self.read_only and self.unit_here() is not None else None
        if action == "table_dice":
            return None if self.read_only or self.state.stage == "over" else True
        if action in ("next_unit", "mat_size", "terrain", "conditions", "place"):
            return True if not self.read_only and self._applies(action) else None
        return True

    # -- keys ------------------------------------------------------------------------------

    def _run(self, flow: Coroutine[Any, Any, None]) -> None:
        self.shell.run_flow(self, flow, "km-mat")

    def action_table_dice(self) -> None:
        self._run(switch_table(self, list(self.state.sides)))

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Every key greyed out on the mat says why in one line when pressed."""
        state = self.state
        if self.read_only:
            return t("app.read_only_refused")
        if action == "hide":
            return t("secret.refuse.no_unit")
        if action == "table_dice":
            return t("km.rule.battle_over")
        if action in ("undo", "redo"):
            return super().binding_refusal(action, parameters)
        if action in UNIT_ACTIONS:
            return self.why_not(action)
        if action == "mat_size":
            return t("km_ui.why.mat_fixed")
        if action in ("terrain", "conditions"):
            return t("km_ui.why.battle_begun")
        if action == "place":
            if state.stage != "setup":
                return t("km_ui.why.not_setup")
            return t("km.rule.initiative_first") if state.first is None else t("km_ui.why.square_taken")
        if action == "next_unit":
            return t("km_ui.why.no_units")
        return super().binding_refusal(action, parameters)

    def action_hide(self) -> None:
        key = self.unit_here()
        if key is not None:
            record(self, toggle(self.state, key))

    def _for_unit(self, make: Callable[[str], Coroutine[Any, Any, None]], action: str) -> None:
        key = self.own_unit()
        if key is None or not self._applies(action):
            self.shell.refuse(self.why_not(action), severity="information", bell=False)
            return
        self._run(make(key))

    def action_next(self) -> None:
        refusal = flows.next_refusal(self)
        if refusal is not None:
            self.shell.refuse(refusal, severity="information", bell=False)
            return
        self._run(flows.next_step(self))

    def _units_in_turn(self) -> list[tuple[int, int]]:
        state = self.state
        side = state.side_acting if state.stage in ("battle", "setup") else None
        found = []
        for army in state.on_field(side):
            block = state.unit(army.key).block
            if block is not None:
                found.append((block.x, block.y))
        return found

    def action_next_unit(self) -> None:
        squares = self._units_in_turn()
        if not squares:
            return
        here = words.unit_at(self.state, self.cursor)
        keys = [words.unit_at(self.state, sq) for sq in squares]
        at = keys.index(here) + 1 if here in keys else 0
        self.query_one(MatView).cursor = squares[at % len(squares)]

    def action_mat_size(self) -> None:
        self._run(flows.mat_size(self))

    def action_terrain(self) -> None:
        self._run(flows.terrain(self))

    def action_conditions(self) -> None:
        self._run(flows.conditions(self))

    def action_place(self) -> None:
        self._run(flows.place(self))

    def action_tactic(self) -> None:
        self._for_unit(lambda key: turns.tactic(self, key), "tactic")

    def action_rally(self) -> None:
        self._for_unit(lambda key: turns.rally(self, key), "rally")

    def action_order(self) -> None:
        self._for_unit(lambda key: turns.order(self, key), "order")

    def action_shoot(self) -> None:
        self._for_unit(lambda key: turns.attack(self, key, "siege" if self.state.phase == "tactics" else "ranged"), "shoot")

    def action_melee(self) -> None:
        self._for_unit(lambda key: turns.attack(self, key, "melee"), "melee")

    def action_heal(self) -> None:
        self._for_unit(lambda key: turns.heal(self, key), "heal")

    def action_strategy(self) -> None:
        self._for_unit(lambda key: turns.strategy(self, key), "strategy")

    def action_morale(self) -> None:
        self._for_unit(lambda key: turns.morale(self, key), "morale")

    def action_press(self) -> None:
        self._for_unit(lambda key: turns.press(self, key), "press")

    def action_step(self, name: str) -> None:
        key = self.own_unit()
        if key is None or not self._applies("step"):
            self.shell.refuse(self.why_not("step"), severity="information", bell=False)
            return
        step = STEPS[name]
        if moving_away(self.state, key) and leaves_mat(self.state, key, step):
            self._run(turns.step_off(self, key, step))
            return
        offset = self._offset_in_block(key)
        if self.shell.act(lambda b: _step(b, key, step)):
            block = self.state.unit(key).block
            if block is not None:
                # The cursor stays on the unit: on the same square of its block.
                self.query_one(MatView).cursor = (block.x + min(offset[0], block.width - 1), block.y + min(offset[1], block.height - 1))

    def action_undo(self) -> None:
        self._follow(lambda: super(KingmakerMatScreen, self).action_undo(), self.battle.history.done[-1:] if self.battle.can_undo else ())

    def action_redo(self) -> None:
        events = self.battle.history.events
        cursor = self.battle.history.cursor
        self._follow(lambda: super(KingmakerMatScreen, self).action_redo(), events[cursor:cursor + 1] if self.battle.can_redo else ())

    def _follow(self, change: Callable[[], None], steps: Any) -> None:
        """Undo or redo a unit's step and the cursor goes with the unit (it
        stayed on the square the unit had left: issue 29)."""
        moved = next((e.key for e in steps if isinstance(e, (ev.Move, ev.Press, ev.Place))), None)
        change()
        block = self.state.unit(moved).block if moved is not None and moved in dict(self.state.units) else None
        if block is not None:
            self.query_one(MatView).cursor = (block.x, block.y)

    def _offset_in_block(self, key: str) -> tuple[int, int]:
        block = self.state.unit(key).block
        assert block is not None
        return self.cursor[0] - block.x, self.cursor[1] - block.y

    def action_actions(self) -> None:
        self._run(self._actions())

    async def _actions(self) -> None:
        """What can be done at the cursor now, each entry greyed out with why not."""
        offered = [name for name in SQUARE_MENU.entries if self._applies("step" if name in STEPS else name)]
        if not offered:
            self.shell.refuse(t("km_ui.dialog.nothing_here"), severity="information", bell=False)
            return
        # Each entry answers to the key that does it on the mat (remapped keys too).
        keys = {ab.binding.id: key for key, ab in self.active_bindings.items() if ab.binding.id}
        options = [Choice(name, t(f"km_ui.square.{name}"), entry=name, key=keys.get(f"km.{name}", "")) for name in offered]
        key = self.unit_here()
        title = t("km_ui.dialog.actions", x=self.cursor[0], y=self.cursor[1]) if key is None else t("km_ui.dialog.unit_actions", name=self.state.army(key).name)
        picked = await ask(self, ChoiceDialog(title, options, menu=SQUARE_MENU))
        flows_by_name: dict[str, Callable[[], Coroutine[Any, Any, None]]] = {
            "next": lambda: flows.next_step(self), "place": lambda: flows.place(self), "terrain": lambda: flows.terrain(self),
        }
        if picked in flows_by_name:
            await flows_by_name[picked]()
        elif picked in STEPS:
            self.action_step(picked)
        elif picked is not None and (unit := self.own_unit()) is not None:
            unit_flows: dict[str, Callable[[str], Coroutine[Any, Any, None]]] = {
                "tactic": lambda k: turns.tactic(self, k), "rally": lambda k: turns.rally(self, k), "order": lambda k: turns.order(self, k),
                "shoot": lambda k: turns.attack(self, k, "siege" if self.state.phase == "tactics" else "ranged"), "melee": lambda k: turns.attack(self, k, "melee"),
                "morale": lambda k: turns.morale(self, k), "press": lambda k: turns.press(self, k), "heal": lambda k: turns.heal(self, k),
                "strategy": lambda k: turns.strategy(self, k),
            }
            await unit_flows[picked](unit)


def _step(battle: Any, key: str, step: ev.Step) -> None:
    assert isinstance(battle, KingmakerBattle)
    battle.move(key, step)


__all__ = ["KingmakerMatScreen"]
