"""The cast of a Second World conflict: everyone on every side, and the
sheet of the one under the cursor with every derived number (stress boxes
by Physique and Will, consequence slots, a mob's teamwork, the weapon's
reach). The cast is built before the conflict starts.

| Key | Action |
| :- | :- |
| ↑ ↓ | move over the cast |
| a | add a character: name, side, PC, NPC or a nameless group, weapon, skills, aspects, fate points |
| A | add a character hidden from the players' view from the start (an ambush) |
| enter | change the character under the cursor, step by step |
| d | remove the character under the cursor |
| s | the sides' names |
| h | hide the character under the cursor from the players' view, or show them again |
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

from tui.core.i18n import language, t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.campaign.consequences import split
from tui.core.systems.second_world.forces import Character, consequence_slots, stress_boxes, teamwork
from tui.core.systems.second_world.state import SWState
from tui.ui.second_world import cast_flows as flows
from tui.ui.second_world.map_flows import record
from tui.ui.second_world.secret_flows import hide_character
from tui.core.systems.second_world.public import character_item
from tui.ui.shell.house_rules import ACTION as RULESET_ACTION, MusterScreen, ruleset_check
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.show import show

_SCENE_ONLY = {"add", "add_hidden", "edit", "remove", "sides"}


class CastList(OptionList, inherit_bindings=False):
    """The cast, one line each; enter is the screen's (a flow started from
    the list's own message would start after keys typed behind it)."""

    BINDINGS = [b for b in OptionList.BINDINGS if isinstance(b, Binding) and b.key != "enter"]


class SecondWorldCastScreen(MusterScreen[SecondWorldBattle]):
    """The cast (see the module docstring for its keys)."""

    BACK_MODE = "map"

    BINDINGS = [
        Binding("a", "add", "sw_ui.key.cast_add", id="sw.cast_add"),
        Binding("A", "add_hidden", "sw_ui.key.cast_add_hidden", show=False, id="sw.cast_add_hidden"),
        Binding("enter", "edit", "sw_ui.key.cast_edit", id="sw.cast_edit"),
        Binding("d", "remove", "sw_ui.key.cast_remove", id="sw.cast_remove"),
        Binding("s", "sides", "sw_ui.key.sides", id="sw.sides"),
        Binding("h", "hide", "secret.key.hide", show=False, id="sw.cast_hide"),
        Binding("u,ctrl+z", "undo", "key.undo", id="sw.cast_undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="sw.cast_redo"),
    ]

    DEFAULT_CSS = """
    SecondWorldCastScreen {
        & #status { height: auto; padding: 0 1; background: $boost; }
        & #cast { width: 1fr; height: 1fr; border: none; }
        & #sheet-box { width: 1fr; height: 1fr; border-left: solid $accent; padding: 0 1; }
        &:ansi #status { background: ansi_default; text-style: reverse; }
        &:ansi #sheet-box { border-left: solid ansi_cyan; }
    }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status", markup=False)
        with Horizontal():
            yield CastList(id="cast")
            with VerticalScroll(id="sheet-box"):
                yield Static("", id="sheet", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(CastList).focus()

    @property
    def state(self) -> SWState:
        return self.battle.game

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        state = self.state
        cast = self.query_one(CastList)
        highlighted = cast.highlighted
        cast.clear_options()
        cast.add_options([Option(self._line(c), id=c.key) for c in state.characters])
        if state.characters:
            cast.highlighted = min(highlighted or 0, len(state.characters) - 1)
        sides = " · ".join(f"{name}: {sum(1 for c in state.characters if c.side == i)}" for i, name in enumerate(state.sides))
        show(self.query_one("#status", Static), Text(t("sw_ui.cast.status", sides=sides)))
        self._show_sheet()
        self.refresh_bindings()

    def _line(self, character: Character) -> Text:
        state = self.state
        kind = t("sw_ui.cast.pc") if character.role == "pc" else t("sw_ui.cast.npc")
        if character.nameless:
            quality = next(q for q in state.rules.nameless if q.key == character.nameless)
            kind = t("sw_ui.cast.group", quality=quality.name(language()), members=character.members)
        line = Text(character.name, style="bold")
        line.append(f"  {state.sides[character.side]} · {kind}")
        if character_item(character.key) in state.hidden:
            line.append("  " + t("secret.mark"), style="italic")
        return line

    def selected_character(self) -> Character | None:
        index = self.query_one(CastList).highlighted
        characters = self.state.characters
        return characters[index] if index is not None and 0 <= index < len(characters) else None

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self._show_sheet()
        self.refresh_bindings()

    def _show_sheet(self) -> None:
        character = self.selected_character()
        show(self.query_one("#sheet", Static), sheet_text(self.state, character) if character else Text(t("sw_ui.cast.empty")))

    # -- keys ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == RULESET_ACTION:
            return ruleset_check(self.shell)
        if action == "undo":
            return True if self.battle.can_undo and not self.read_only else None
        if action == "redo":
            return True if self.battle.can_redo and not self.read_only else None
        if action == "hide":
            return True if not self.read_only and self.selected_character() is not None else None
        if action not in _SCENE_ONLY:
            return True
        if self.read_only or self.state.stage != "scene":
            return None
        if action in ("edit", "remove") and self.selected_character() is None:
            return None
        return True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "hide":
            return t("app.read_only_refused") if self.read_only else t("secret.refuse.nobody")
        if action in _SCENE_ONLY:
            if self.read_only:
                return t("app.read_only_refused")
            if self.state.stage != "scene":
                return t("app.muster_closed")
            if action in ("edit", "remove") and self.selected_character() is None:
                return t("app.none_selected")
            return None
        return super().binding_refusal(action, parameters)

    def _run(self, flow: Coroutine[Any, Any, None]) -> None:
        self.shell.run_flow(self, flow, "sw-cast")

    def action_add(self) -> None:
        self._run(flows.character(self))

    def action_add_hidden(self) -> None:
        self._run(flows.character(self, hidden=True))

    def action_edit(self) -> None:
        character = self.selected_character()
        if character is not None:
            self._run(flows.character(self, character))

    def action_remove(self) -> None:
        character = self.selected_character()
        if character is not None:
            record(self, ev.RemoveCharacter(key=character.key))

    def action_sides(self) -> None:
        self._run(flows.sides(self))

    def action_hide(self) -> None:
        character = self.selected_character()
        if character is not None:
            hide_character(self, character.key)


def sheet_text(state: SWState, character: Character) -> Text:
    """A character's sheet with every number the rules derive from it."""
    rules = state.rules
    lang = language()
    text = Text(character.name, style="bold")
    weapon = rules.weapon(character.weapon)
    text.append("\n" + t("sw_ui.cast.sheet_weapon", weapon=weapon.name(lang), zones=weapon.range) + (" · " + t("sw_ui.help.heavy") if weapon.heavy else ""))
    for skill in sorted(character.skills, key=lambda s: -s.rating):
        text.append(f"\n  {rules.skill(skill.skill).name(lang)} {rules.rated(skill.rating, lang)}")
    # in the conflict the sheet reads as it stands now (members down, fate points spent)
    fighting = state.stage != "scene" and character.key in dict(state.fighters)
    fighter = state.fighter(character.key) if fighting else None
    if character.is_group and fighter is not None:
        left = character.members - fighter.members_out
        text.append("\n" + t("sw_ui.cast.sheet_teamwork_now", bonus=teamwork(left, rules), left=left, members=character.members))
    elif character.is_group:
        text.append("\n" + t("sw_ui.cast.sheet_teamwork", bonus=teamwork(character.members, rules), members=character.members))
    for track in rules.stress:
        boxes = stress_boxes(character, track.key, rules)
        slots = consequence_slots(character, track.key, rules)
        names = ", ".join(rules.consequence(s.rstrip("0123456789")).name(lang) for s in slots) or "–"
        text.append("\n" + t("sw_ui.cast.sheet_track", track=track.name(lang), boxes=boxes, consequences=names))
    for aspect in character.aspects:
        text.append("\n  " + aspect, style="italic")
    if character.consequences and fighter is None:
        # brought from an earlier conflict: they fill their slots when it starts
        taken = "; ".join(f"{rules.consequence(slot.rstrip('0123456789')).name(lang)}: {aspect}" for slot, aspect in split(character.consequences))
        text.append("\n" + t("sw_ui.cast.sheet_carried", consequences=taken), style="bold")
    if fighter is not None:
        # what the conflict has put on them: boosts, advantages, consequences
        for made in (a for a in state.aspects if a.on == character.key):
            held = t("sw_ui.cast.sheet_in_play_held", side=state.sides[made.holder]) if made.holder is not None and made.free else ""
            text.append("\n  " + t("sw_ui.cast.sheet_in_play", aspect=made.text, kind=t(f"sw_ui.cast.kind_{made.kind}")) + held, style="italic")
    if not character.is_group and fighter is not None:
        text.append("\n" + t("sw_ui.cast.sheet_fate_points_now", points=fighter.fate_points, began=character.fate_points))
    elif not character.is_group:
        text.append("\n" + t("sw_ui.cast.sheet_fate_points", points=character.fate_points))
    where = state.zone_of(character.key)
    text.append("\n" + (t("sw_ui.cast.sheet_where", zone=state.board.zone(where).name) if where else t("sw_ui.cast.sheet_nowhere")))
    return text


__all__ = ["SecondWorldCastScreen", "sheet_text"]
