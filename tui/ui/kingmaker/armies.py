"""The army builder of a Kingmaker battle: every army, side by side, and
the sheet of the one under the cursor with every number the rules derive
and where it comes from. Armies are built and changed before the battle
(in setup, until they are placed on the mat).

| Key | Action |
| :- | :- |
| ↑ ↓ | move over the armies |
| a | add an army: name, side, troops, CR, head count, Hit Die, mounts |
| A | add an army hidden from the players' view from the start (an ambush, a reserve) |
| enter | the army's menu: basics, resources, tactics, abilities, commander, boons, numbers, Morale |
| d | remove the army under the cursor |
| s | the sides' names |
| h | hide the army under the cursor from the players' view (an ambush, a reserve), or show it again |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from typing import Any, Coroutine

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.forces import Army
from tui.ui.kingmaker import army_flows as flows
from tui.ui.kingmaker.army_sheet import army_line, sheet_text, side_heading, status_text
from tui.ui.kingmaker.common import record, toggle
from tui.ui.shell.house_rules import ACTION as RULESET_ACTION, ruleset_check
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.show import show
from tui.ui.kingmaker.hosts import ArmiesHost

_EDITING = {"add", "add_hidden", "edit", "remove", "sides"}


class ArmyBuilderList(OptionList, inherit_bindings=False):
    """The armies under their sides' names; enter is the screen's (a flow
    started from the list's own message would start after keys typed behind it)."""

    BINDINGS = [b for b in OptionList.BINDINGS if isinstance(b, Binding) and b.key != "enter"]


class KingmakerArmiesScreen(ArmiesHost):
    """The army builder (see the module docstring for its keys)."""

    BACK_MODE = "mat"

    BINDINGS = [
        Binding("a", "add", "km_army.key.add", id="km.armies_add"),
        Binding("A", "add_hidden", "km_army.key.add_hidden", show=False, id="km.armies_add_hidden"),
        Binding("enter", "edit", "km_army.key.edit", id="km.armies_edit"),
        Binding("d", "remove", "km_army.key.remove", id="km.armies_remove"),
        Binding("s", "sides", "km_army.key.sides", id="km.armies_sides"),
        Binding("h", "hide", "secret.key.hide", show=False, id="km.armies_hide"),
        Binding("u,ctrl+z", "undo", "key.undo", id="km.armies_undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="km.armies_redo"),
    ]

    DEFAULT_CSS = """
    KingmakerArmiesScreen {
        & #status { height: auto; padding: 0 1; background: $boost; }
        & #armies { width: 3fr; max-width: 40; height: 1fr; border: none; }
        & #sheet-box { width: 5fr; height: 1fr; border-left: solid $accent; padding: 0 1; }
        &:ansi #status { background: ansi_default; text-style: reverse; }
        &:ansi #sheet-box { border-left: solid ansi_cyan; }
    }
    """

    _wanted: str | None = None
    """The army to put the cursor on at the next redraw (one just added)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status", markup=False)
        with Horizontal():
            yield ArmyBuilderList(id="armies")
            with VerticalScroll(id="sheet-box"):
                yield Static("", id="sheet", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(ArmyBuilderList).focus()

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        state = self.state
        armies = self.query_one(ArmyBuilderList)
        wanted = self._wanted or self.selected_key()
        self._wanted = None
        before = armies.highlighted
        armies.clear_options()
        options: list[Option] = []
        for side in range(len(state.sides)):
            options.append(Option(side_heading(state, side), disabled=True))
            options += [Option(army_line(state, army), id=army.key) for army in state.armies if army.side == side]
        armies.add_options(options)
        keys = [option.id for option in options]
        if wanted is not None and wanted in keys:
            armies.highlighted = keys.index(wanted)
        elif state.armies:
            near = min(before or 0, len(options) - 1)
            armies.highlighted = next((i for i in [*range(near, len(options)), *range(near, -1, -1)] if options[i].id is not None), None)
        show(self.query_one("#status", Static), status_text(state))
        self._show_sheet()
        self.refresh_bindings()

    def selected_key(self) -> str | None:
        option = self.query_one(ArmyBuilderList).highlighted_option
        return option.id if option is not None and not option.disabled else None

    def selected_army(self) -> Army | None:
        key = self.selected_key()
        return next((a for a in self.state.armies if a.key == key), None)

    def side_here(self) -> int:
        """The side of the army under the cursor (new armies join it)."""
        army = self.selected_army()
        return army.side if army is not None else 0

    def show_army(self, key: str) -> None:
        """Put the cursor on ``key`` (an army just made)."""
        self._wanted = key
        self._redraw()

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self._show_sheet()
        self.refresh_bindings()

    def _show_sheet(self) -> None:
        army = self.selected_army()
        if army is None:
            content = Text(t("km_army.empty") if not self.state.armies else t("km_army.pick"))
        else:
            content = sheet_text(self.state, army.key, *self._fixed(army))
        show(self.query_one("#sheet", Static), content)

    def _fixed(self, army: Army) -> tuple[str | None, str | None]:
        """Why the army can't be changed, and why it can't be removed, now
        (shown on its sheet, as the keys are greyed out), or None."""
        if self.read_only:
            return None, None
        return self.battle.step_refusal(ev.SetArmy(army=army)), self.battle.step_refusal(ev.RemoveArmy(key=army.key))

    # -- keys ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == RULESET_ACTION:
            return ruleset_check(self.shell)
        if action == "undo":
            return True if self.battle.can_undo and not self.read_only else None
        if action == "redo":
            return True if self.battle.can_redo and not self.read_only else None
        if action == "hide":
            return True if not self.read_only and self.selected_army() is not None else None
        if action not in _EDITING:
            return True
        state = self.state
        if self.read_only or state.stage not in ("muster", "setup"):
            return None
        if action == "sides":
            return True if state.stage == "muster" else None
        if action in ("edit", "remove"):
            army = self.selected_army()
            if army is None:
                return None
            event: Any = ev.SetArmy(army=army) if action == "edit" else ev.RemoveArmy(key=army.key)
            return None if self.battle.step_refusal(event) else True
        return True

    def _run(self, flow: Coroutine[Any, Any, None]) -> None:
        self.shell.run_flow(self, flow, "km-armies")

    def action_add(self) -> None:
        self._run(flows.basics(self))

    def action_add_hidden(self) -> None:
        self._run(flows.basics(self, hidden=True))

    def action_edit(self) -> None:
        army = self.selected_army()
        if army is not None:
            self._run(flows.army_menu(self, army))

    def action_remove(self) -> None:
        army = self.selected_army()
        if army is not None:
            record(self, ev.RemoveArmy(key=army.key))

    def action_sides(self) -> None:
        self._run(flows.sides(self))

    def action_hide(self) -> None:
        army = self.selected_army()
        if army is not None:
            record(self, toggle(self.state, army.key))

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "hide":
            return t("app.read_only_refused") if self.read_only else t("secret.refuse.no_army")
        if action in _EDITING:
            state = self.state
            if self.read_only:
                return t("app.read_only_refused")
            if state.stage not in ("muster", "setup"):
                return t("app.muster_closed")
            if action == "sides" and state.stage != "muster":
                return t("km_army.refuse.sides_at_muster")
            if action in ("edit", "remove"):
                army = self.selected_army()
                if army is None:
                    return t("app.none_selected")
                return self.battle.step_refusal(ev.SetArmy(army=army) if action == "edit" else ev.RemoveArmy(key=army.key))
            return None
        return super().binding_refusal(action, parameters)


__all__ = ["ArmyBuilderList", "KingmakerArmiesScreen"]
