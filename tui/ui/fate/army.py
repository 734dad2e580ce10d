"""The army builder for Fate: This Means War. On the left the players with
their battle chests; on the right the selected player's cards, units and
leaders. Every change is one muster event (saved at once, undoable); the
battle chest refuses overspending with one line saying why. Once the
battlefield is being laid out the muster is read-only.

| Key | Action |
| :- | :- |
| tab, → / shift+tab, ← | next / previous player |
| ↑ ↓ PgUp PgDn Home End | move between cards |
| a | add a unit (quality, name, skills, aspects) |
| l | add a leader (PC or NPC, Will and other skills, aspects) |
| enter | edit the card under the cursor |
| delete, x | remove the card under the cursor |
| + / - | buy / sell a fate point (3 build points) |
| c | the battle chest's size |
| n | rename the player |
| s | move the player to the other side |
| p / P | add / remove a player |
| t | follow the English or German text where they differ |
| v | the text's variants: every attack Shoot, only Will defends against Shoot |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.errors import ForcesError
from tui.core.i18n import language, t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Leader, Player, Unit, check_player, left, next_key, spent, unit_cost, zones_rule_of_thumb
from tui.core.systems.fate.rules import FateRuleset
from tui.ui.widgets.show import show
from tui.ui.widgets.form import LIST_PANEL_CSS
from tui.ui.shell.house_rules import ACTION as RULESET_ACTION, MusterScreen, ruleset_check
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.fate.army_dialogs import LeaderDialog, UnitDialog, chest_dialog, leader_card, name_error, player_lines, unit_card
from tui.ui.fate.variants import VariantsDialog, variants_text

# Actions that change the muster: greyed out once it is over or the file is read-only.
_EDIT_ACTIONS = {
    "add_unit", "add_leader", "edit", "remove_card", "fate_point", "chest", "rename_player",
    "add_player", "remove_player", "side", "text", "variants",
}
# Actions whose state depends on the card under the cursor.
_CARD_ACTIONS = (("edit", ()), ("remove_card", ()))
CHEST_MOST = next((rule.le for rule in Player.model_fields["chest"].metadata if hasattr(rule, "le")), 999)
"""The largest battle chest a player record takes."""


class CardList(OptionList):
    """The selected player's cards. Enter is the screen's key (it greys out
    when there is nothing to edit); a mouse click still selects."""

    DEFAULT_CSS = "CardList { height: 1fr;" + LIST_PANEL_CSS + "}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return False
        return super().check_action(action, parameters)

    @property
    def current(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None else None


class FateArmyScreen(MusterScreen[FateBattle]):
    """The Fate army builder (see the module docstring for its keys)."""

    BACK_MODE = "field"

    BINDINGS = [
        Binding("a", "add_unit", "fate_army.key.add_unit", id="fate_army.add_unit"),
        Binding("l", "add_leader", "fate_army.key.add_leader", id="fate_army.add_leader"),
        Binding("enter", "edit", "fate_army.key.edit", id="fate_army.edit"),
        Binding("delete,x", "remove_card", "fate_army.key.remove_card", show=False, id="fate_army.remove_card"),
        Binding("plus,equals_sign", "fate_point(1)", "fate_army.key.buy_fate_point", id="fate_army.buy_fate_point"),
        Binding("minus", "fate_point(-1)", "fate_army.key.sell_fate_point", show=False, id="fate_army.sell_fate_point"),
        Binding("c", "chest", "fate_army.key.chest", id="fate_army.chest"),
        Binding("tab,right", "switch_player(1)", "fate_army.key.next_player", id="fate_army.next_player"),
        Binding("shift+tab,left", "switch_player(-1)", "fate_army.key.previous_player", show=False, id="fate_army.previous_player"),
        Binding("n", "rename_player", "fate_army.key.rename_player", show=False, id="fate_army.rename_player"),
        Binding("s", "side", "fate_army.key.side", show=False, id="fate_army.side"),
        Binding("p", "add_player", "fate_army.key.add_player", show=False, id="fate_army.add_player"),
        Binding("P", "remove_player", "fate_army.key.remove_player", show=False, id="fate_army.remove_player"),
        Binding("t", "text", "fate_army.key.text", show=False, id="fate_army.text"),
        Binding("v", "variants", "fate_army.key.variants", show=False, id="fate_army.variants"),
        Binding("u,ctrl+z", "undo", "key.undo", id="fate_army.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="fate_army.redo"),
    ]

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    DEFAULT_CSS = """
    FateArmyScreen {
        layout: vertical;
        & > #fate-army-status { height: 1; padding: 0 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
        & > #fate-army-status.-locked { color: $text-warning; text-style: bold; }
        & > #fate-army-main { height: 1fr; }
        & #fate-army-left { width: 30; border: round $panel-lighten-2; border-title-color: $text; padding: 0 1; }
        &.-wide #fate-army-left { width: 40; }
        & #fate-army-players { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
        & #fate-army-notes { height: auto; color: $text-muted; }
        &:ansi #fate-army-left { border: round ansi_bright_black; }
        &:ansi > #fate-army-status.-locked { color: ansi_yellow; }
    }
    """

    _binding_state: tuple = ()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="fate-army-status", markup=False)
        with Horizontal(id="fate-army-main"):
            with Vertical(id="fate-army-left"):
                yield Static(id="fate-army-players", markup=False)
                yield Static(id="fate-army-notes", markup=False)
            yield CardList(id="fate-army-cards", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(CardList).focus()

    # -- reading -------------------------------------------------------------

    @property
    def rules(self) -> FateRuleset:
        return self.battle.game.rules

    @property
    def player(self) -> Player:
        players = self.battle.game.players
        return players[min(self.selected, len(players) - 1)]

    @property
    def editable(self) -> bool:
        return not self.read_only and self.battle.game.stage == "muster"

    def _cursor(self) -> str | None:
        lists = self.query(CardList)
        return lists.first().current if lists else None

    def _card(self) -> Unit | Leader | None:
        current = self._cursor()
        if current is None or not current.startswith("card:"):
            return None
        key = current.removeprefix("card:")
        cards: tuple[Unit | Leader, ...] = (*self.player.units, *self.player.leaders)
        return next((c for c in cards if c.key == key), None)

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object, focus: str | None = None) -> None:
        game, lang, rules = self.battle.game, language(), self.rules
        if self.selected >= len(game.players):
            self.selected = len(game.players) - 1
            return
        self.sub_title = t("fate_army.title")
        player = self.player
        status = self.query_one("#fate-army-status", Static)
        if self.read_only:
            status.update(Content(t("fate_army.status.file_read_only")))
        elif game.stage != "muster":
            status.update(Content(t("fate_army.status.started")))
        else:
            status.update(Text(t("fate_army.status.budget", player=player.name, spent=spent(player, rules), chest=player.chest, left=left(player, rules), fate=player.fate_points)))
        status.set_class(not self.editable, "-locked")
        self.query_one("#fate-army-left").border_title = t("fate_army.players")
        lines = [player_lines(p, rules, i == self.selected) for i, p in enumerate(game.players)]
        show(self.query_one("#fate-army-players", Static), Text("\n").join(lines))
        zones = t("fate_army.zones", more=rules.zones.more_than_players, zones=zones_rule_of_thumb(game.players, rules))
        text = t("fate_army.text", text=t(f"fate_army.text_{game.text}"))
        show(self.query_one("#fate-army-notes", Static), Text(f"{zones}\n{text}\n{variants_text(rules)}"))
        self._show_cards(player, rules, lang, focus)
        self._sync_bindings(force=True)

    def _show_cards(self, player: Player, rules: FateRuleset, lang: str, focus: str | None) -> None:
        cards = self.query_one(CardList)
        keep = focus or cards.current
        index = cards.highlighted
        options = [Option(Content(t("fate_army.card.units", count=len(player.units))), id="head:units", disabled=True)]
        options += [Option(unit_card(u, rules, lang), id=f"card:{u.key}") for u in player.units]
        options.append(Option(Content(t("fate_army.card.add_unit")), id="add:unit"))
        options.append(Option(Content(t("fate_army.card.leaders", count=len(player.leaders))), id="head:leaders", disabled=True))
        options += [Option(leader_card(ldr, rules, lang), id=f"card:{ldr.key}") for ldr in player.leaders]
        options.append(Option(Content(t("fate_army.card.add_leader")), id="add:leader"))
        cards.border_title = Content(player.name)
        cards.border_subtitle = t("fate_army.side", number=player.side + 1)
        cards.set_options(options)
        ids = [o.id for o in options]
        if keep in ids:
            cards.highlighted = ids.index(keep)
        else:
            wanted = min(index if index is not None else 1, len(options) - 1)
            cards.highlighted = next((i for i in range(wanted, len(options)) if not options[i].disabled), 1)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.check_action("edit", ()):
            self.action_edit()

    def _sync_bindings(self, force: bool = False) -> None:
        """Redraw the footer when a key greys out or comes back (not on every cursor move)."""
        state = tuple(self.check_action(action, parameters) for action, parameters in _CARD_ACTIONS)
        if force or state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    # -- what applies now ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == RULESET_ACTION:
            return ruleset_check(self.shell)
        if action in _EDIT_ACTIONS and not self.editable:
            return None
        game = self.battle.game
        if action == "edit":
            current = self._cursor()
            return True if self._card() is not None or (current or "").startswith("add:") else None
        if action == "remove_card":
            return True if self._card() is not None else None
        if action == "fate_point" and parameters and int(str(parameters[0])) < 0:
            return True if self.player.fate_points > 0 else None
        if action == "remove_player":
            return True if len(game.players) > 2 else None
        if action == "switch_player":
            return True if len(game.players) > 1 else None
        if action in ("undo", "redo"):
            if self.read_only or game.stage != "muster":
                return None
            return True if (self.battle.can_undo if action == "undo" else self.battle.can_redo) else None
        return True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a greyed-out key does nothing, said when it is pressed anyway."""
        if action in ("undo", "redo") and (self.read_only or self.battle.game.stage != "muster"):
            # the muster's own undo: the battle's steps are undone in the battle
            return t("app.read_only_refused") if self.read_only else t("app.muster_closed")
        if action in _EDIT_ACTIONS and not self.editable:
            return t("app.read_only_refused") if self.read_only else t("app.muster_closed")
        if action in ("edit", "remove_card"):
            return t("app.none_selected")
        if action == "fate_point":
            return t("fate_army.refuse.no_fate_point", player=self.player.name)
        if action == "remove_player":
            return t("fate.rule.two_players")
        if action == "switch_player":
            return t("fate_army.refuse.one_player")
        return super().binding_refusal(action, parameters)

    # -- changing the muster ---------------------------------------------------

    def _commit(self, event, focus: str | None = None) -> bool:
        """Record one muster event; an overspent chest is refused here, changing nothing."""
        if isinstance(event, (ev.SetPlayer, ev.AddPlayer)):
            try:
                check_player(event.player, self.rules)
            except ForcesError as exc:
                self.notify(str(exc), severity="error", markup=False)
                self.app.bell()
                return False
        if not self.shell.act(lambda battle: battle.record(event)):
            return False
        if focus is not None:
            self._redraw(focus=focus)
        return True

    def _set_player(self, focus: str | None = None, **update: object) -> bool:
        player = self.player.model_copy(update=update)
        if player == self.player:
            return False
        return self._commit(ev.SetPlayer(index=self.selected, player=player), focus)

    def action_switch_player(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.battle.game.players)

    def action_edit(self) -> None:
        current, card = self._cursor(), self._card()
        if current == "add:unit":
            self.action_add_unit()
        elif current == "add:leader":
            self.action_add_leader()
        elif isinstance(card, Unit):
            self._edit_unit(card)
        elif isinstance(card, Leader):
            self._edit_leader(card)

    def _edit_unit(self, unit: Unit | None) -> None:
        index = self.selected
        key = unit.key if unit else next_key(self.battle.game.players, "u")
        budget = left(self.player, self.rules) + (unit_cost(unit, self.rules) if unit else 0)

        def done(result: Unit | None) -> None:
            if result is None or self.selected != index:
                return
            units = self.player.units
            units = tuple(result if u.key == result.key else u for u in units) if unit else (*units, result)
            self._set_player(focus=f"card:{result.key}", units=units)

        self.app.push_screen(UnitDialog(self.rules, key, unit, budget), done)

    def _edit_leader(self, leader: Leader | None) -> None:
        index = self.selected
        key = leader.key if leader else next_key(self.battle.game.players, "l")

        def done(result: Leader | None) -> None:
            if result is None or self.selected != index:
                return
            leaders = self.player.leaders
            leaders = tuple(result if x.key == result.key else x for x in leaders) if leader else (*leaders, result)
            self._set_player(focus=f"card:{result.key}", leaders=leaders)

        self.app.push_screen(LeaderDialog(self.rules, key, leader), done)

    def action_add_unit(self) -> None:
        self._edit_unit(None)

    def action_add_leader(self) -> None:
        self._edit_leader(None)

    def action_remove_card(self) -> None:
        card, player = self._card(), self.player
        if card is None:
            return
        if isinstance(card, Unit):
            done = self._set_player(units=tuple(u for u in player.units if u.key != card.key))
        else:
            done = self._set_player(leaders=tuple(x for x in player.leaders if x.key != card.key))
        if done:
            self.notify(t("fate_army.card.removed", name=card.name), markup=False)

    def action_fate_point(self, step: int) -> None:
        self._set_player(fate_points=max(0, self.player.fate_points + step))

    def action_chest(self) -> None:
        player = self.player
        title = t("fate_army.dialog.chest_title", player=player.name)

        def typed(value: int | None) -> None:
            if value is not None:
                self._set_player(chest=value)

        def chosen(value: object) -> None:
            if value == "other":
                self.app.push_screen(NumberDialog(title, player.chest, 0, CHEST_MOST, t("fate_army.dialog.chest_help")), typed)
            elif isinstance(value, tuple):
                least, most = value
                start = player.chest if least <= player.chest <= most else least
                self.app.push_screen(NumberDialog(title, start, least, most, t("fate_army.dialog.chest_help")), typed)
            elif isinstance(value, int):
                typed(value)

        self.app.push_screen(chest_dialog(title, self.rules, player.chest), chosen)

    def action_rename_player(self) -> None:
        def done(name: str | None) -> None:
            if name is not None:
                self._set_player(name=name)

        self.app.push_screen(TextDialog(t("fate_army.dialog.player_name"), self.player.name, t("fate_army.dialog.player_help"), name_error), done)

    def action_side(self) -> None:
        self._set_player(side=1 - self.player.side)

    def action_add_player(self) -> None:
        players = self.battle.game.players
        chest = self.player.chest

        def named(name: str | None) -> None:
            if name is None:
                return
            fewer = min((0, 1), key=lambda side: sum(p.side == side for p in players))
            sides = [Choice(side, t("fate_army.side", number=side + 1)) for side in (0, 1)]

            def sided(side: object) -> None:
                if side == 0 or side == 1:
                    player = Player(name=name, side=side, chest=chest)
                    if self._commit(ev.AddPlayer(player=player)):
                        self.selected = len(self.battle.game.players) - 1

            self.app.push_screen(ChoiceDialog(t("fate_army.dialog.side_title", player=name), sides, highlight=fewer), sided)

        self.app.push_screen(TextDialog(t("fate_army.dialog.new_player"), "", t("fate_army.dialog.player_help"), name_error), named)

    def action_remove_player(self) -> None:
        self._commit(ev.RemovePlayer(index=self.selected))

    def action_text(self) -> None:
        text = "de" if self.battle.game.text == "en" else "en"
        if self._commit(ev.SetText(text=text)):
            self.notify(t("fate_army.text_changed", text=t(f"fate_army.text_{text}")), markup=False)

    def action_variants(self) -> None:
        def done(chosen: tuple[bool, str | None] | None) -> None:
            if chosen is not None and self._commit(ev.SetVariants(shoot_only=chosen[0], shoot_defence_skill=chosen[1])):
                self.notify(variants_text(self.rules), markup=False)

        self.app.push_screen(VariantsDialog(self.rules), done)


__all__ = ["CardList", "FateArmyScreen"]
