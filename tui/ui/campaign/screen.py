"""The campaign's one screen: each side's forces as they stand, the
campaign's battles and whether their aftermath has come back, and the keys
for what a GM does between battles."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast


from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.campaign.campaign import OUT_OF_SERVICE
from tui.core.i18n import t
from tui.core.records import printable
from tui.ui.campaign.choice import CampaignExit
from tui.ui.campaign import flows
from tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from tui.ui.campaign.app import CampaignApp


class CampaignScreen(Screen[None]):
    """The roster above, the battles below; ``tab`` moves between them."""

    BINDINGS = [
        Binding("m", "muster", "campaign_ui.key.muster", id="campaign.muster"),
        Binding("p", "play", "campaign_ui.key.play", id="campaign.play"),
        Binding("c", "carry", "campaign_ui.key.carry", id="campaign.carry"),
        Binding("r", "rest", "campaign_ui.key.rest", id="campaign.rest"),
        Binding("w", "week", "campaign_ui.key.week", id="campaign.week"),
        Binding("e", "enlist", "campaign_ui.key.enlist", id="campaign.enlist"),
        Binding("k", "keep_map", "campaign_ui.key.keep_map", show=False, id="campaign.keep_map"),
        Binding("x", "dismiss_force", "campaign_ui.key.dismiss", show=False, id="campaign.dismiss"),
        Binding("dollar_sign", "purse", "campaign_ui.key.purse", show=False, id="campaign.purse"),
        Binding("s", "sides", "campaign_ui.key.sides", show=False, id="campaign.sides"),
        Binding("u,ctrl+z", "undo", "key.undo", id="campaign.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="campaign.redo"),
    ]

    DEFAULT_CSS = """
    CampaignScreen {
        & #roster { height: 1fr; border: round $primary-darken-2; padding: 0 1; }
        & #roster:focus-within { border: round $accent; }
        & #battles { height: auto; max-height: 7; border: round $primary-darken-2; padding: 0 1; }
        & #battles:focus-within { border: round $accent; }
        & OptionList, & OptionList:focus { border: none; padding: 0; background: transparent; }
        & #last-step { height: 1; padding: 0 1; color: $text-muted; }
        &:ansi #roster, &:ansi #battles { border: round ansi_blue; }
        &:ansi #roster:focus-within, &:ansi #battles:focus-within { border: round ansi_cyan; }
        &:ansi #last-step { color: ansi_default; }
    }
    """

    @property
    def shell(self) -> "CampaignApp":
        return cast("CampaignApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        roster = OptionList(id="roster-list")
        battles = OptionList(id="battle-list")
        with Vertical(id="roster") as box:
            box.border_title = t("campaign_ui.roster")
            yield roster
        with Vertical(id="battles") as box:
            box.border_title = t("campaign_ui.battles")
            yield battles
        yield Static("", id="last-step", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "revision", self._redraw, init=False)
        self.query_one("#roster-list", OptionList).focus()
        self._redraw()
        finished = self.shell.finished
        if finished is not None:
            # back from that battle: it is the one highlighted, where p and c act
            self.shell.finished = None
            self.query_one("#battle-list", OptionList).focus()
            self._highlight_battle(finished)
            self._offer_finished(finished)

    def _offer_finished(self, battle: str) -> None:
        """Back from a battle that has ended and not been carried back (as
        it ends now): its aftermath is offered at once."""
        from tui.core.campaign.battles import offer
        from tui.core.campaign.roster import CarriedAlready
        from tui.core.errors import MassCombatError

        try:
            offer(self.shell.campaign, self.shell.session.path, battle)
        except CarriedAlready:
            return  # carried back as it ends: nothing new
        except MassCombatError as exc:
            self.shell.notify(str(exc), severity="warning", timeout=8)  # why nothing is offered (not over yet)
            return
        self._highlight_battle(battle)
        self.shell.run_flow(self, flows.carry_flow(self, battle))

    # -- drawing -----------------------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        app = self.shell
        state = app.campaign.state
        lang = app.settings.language
        roster = self.query_one("#roster-list", OptionList)
        was = roster.highlighted_option.id if roster.highlighted_option is not None else None
        options: list[Option] = []
        for index, side in enumerate(state.roster.sides):
            heading = Text(printable(side.name), style="bold underline")
            if app.rules.treasury:
                heading.append("  " + t("campaign_ui.treasury", amount=side.treasury), style="bold")
            if app.rules.side_fate_points:
                heading.append("  " + t("campaign_ui.fate_points", amount=side.fate_points), style="bold")
            options.append(Option(heading, disabled=True))
            forces = state.roster.of_side(index)
            for force in forces:
                line = Text(printable(app.rules.force_line(force, state, lang)))
                if force.status != "ready":
                    line.stylize("dim")
                options.append(Option(line, id=f"force:{force.key}"))
            if not forces:
                options.append(Option(Text(t("campaign_ui.no_forces"), style="dim italic"), disabled=True))
        roster.set_options(options)
        self._highlight(roster, was)
        battles = self.query_one("#battle-list", OptionList)
        was = battles.highlighted_option.id if battles.highlighted_option is not None else None
        rows: list[Option] = []
        for link in state.battles:
            carried = state.carried_for(link.id)
            told = t("campaign_ui.battle_carried", outcome=printable(carried.told(lang))) if carried is not None else t("campaign_ui.battle_waiting")
            rows.append(Option(Text(f"{link.id}  {printable(link.title)}  · {told}"), id=f"battle:{link.id}"))
        if not rows:
            rows.append(Option(Text(t("campaign_ui.no_battles"), style="dim italic"), disabled=True))
        battles.set_options(rows)
        self._highlight(battles, was or (rows[-1].id if rows[-1].id else None))
        self.query_one("#roster").border_title = t("campaign_ui.roster")
        self.query_one("#battles").border_title = t("campaign_ui.battles")
        self.query_one("#last-step", Static).update(Text(self._last_step()))
        self.refresh_bindings()

    @staticmethod
    def _highlight(options: OptionList, wanted: str | None) -> None:
        ids = [o.id for o in options.options]
        if wanted is not None and wanted in ids:
            options.highlighted = ids.index(wanted)
            return
        open_ = [i for i, o in enumerate(options.options) if not o.disabled]
        options.highlighted = open_[0] if open_ else None

    def _highlight_battle(self, battle: str) -> None:
        self._highlight(self.query_one("#battle-list", OptionList), f"battle:{battle}")

    def _last_step(self) -> str:
        history = self.shell.campaign.history
        if not history.done:
            return t("campaign_ui.no_steps")
        event = history.done[-1]
        kind = getattr(event, "what", None) or getattr(event, "kind", "")
        return t("campaign_ui.last_step", step=t(f"campaign_ui.step.{kind}"), count=history.cursor)

    # -- what is highlighted ---------------------------------------------------------------------

    def _picked(self, prefix: str, widget: str) -> str | None:
        option = self.query_one(widget, OptionList).highlighted_option
        if option is None or not option.id or not option.id.startswith(prefix):
            return None
        return option.id.removeprefix(prefix)

    @property
    def force(self) -> str | None:
        return self._picked("force:", "#roster-list")

    @property
    def battle(self) -> str | None:
        return self._picked("battle:", "#battle-list")

    # -- keys ----------------------------------------------------------------------------------------

    def binding_refusal(self, action: str) -> str | None:
        """Why a key does nothing now (None: it does something)."""
        app = self.shell
        campaign = app.campaign
        if app.read_only and action not in ("play",):
            return t("app.read_only_refused")
        if action == "undo" and not campaign.can_undo:
            return t("error.nothing_to_undo")
        if action == "redo" and not campaign.can_redo:
            return t("error.nothing_to_redo")
        if action in ("play", "carry") and self.battle is None:
            return t("campaign_ui.why.no_battle")
        if action == "week" and not app.rules.week:
            return t("campaign.error.no_week")
        if action == "purse" and not (app.rules.treasury or app.rules.side_fate_points):
            return t("campaign_ui.why.no_purse")
        if action == "keep_map" and not app.rules.maps:
            return t("campaign.error.no_maps")
        if action == "keep_map" and self.battle is None:
            return t("campaign_ui.why.no_battle")
        if action == "dismiss_force" and self.force is None:
            return t("campaign_ui.why.no_force")
        if action == "muster" and len({f.side for f in campaign.state.roster.forces if f.status not in OUT_OF_SERVICE}) < 2:
            return t("campaign_ui.muster.two_sides")
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        rules = self.shell.rules
        if (action == "week" and not rules.week) or (action == "keep_map" and not rules.maps) or (action == "purse" and not (rules.treasury or rules.side_fate_points)):
            return False  # not this system's: out of the footer (pressed anyway, it says why)
        if action in {b.action for b in self.BINDINGS if isinstance(b, Binding)}:
            return None if self.binding_refusal(action) else True
        return True

    def explain_key(self, key: str) -> None:
        """A greyed-out key pressed anyway says why, in one line."""
        for binding in self._bindings.key_to_bindings.get(key, ()):
            _, name, _ = parse(binding.action)
            why = self.binding_refusal(name)
            if why:
                self.shell.refuse(why, severity="warning", bell=False)
                return

    def on_descendant_focus(self, _: events.DescendantFocus) -> None:
        self.refresh_bindings()

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "battle-list" and self.battle is not None:
            self.action_play()

    def action_muster(self) -> None:
        self.shell.run_flow(self, flows.muster_flow(self))

    def action_play(self) -> None:
        battle = self.battle
        if battle is None:
            return
        link = self.shell.campaign.state.link(battle)
        self.shell.exit(CampaignExit(self.shell.session.path.parent / link.file, link.id))

    def action_carry(self) -> None:
        if self.battle is not None:
            self.shell.run_flow(self, flows.carry_flow(self, self.battle))

    def action_keep_map(self) -> None:
        if self.battle is not None:
            self.shell.run_flow(self, flows.keep_map_flow(self, self.battle))

    def action_rest(self) -> None:
        self.shell.run_flow(self, flows.rest_flow(self))

    def action_week(self) -> None:
        self.shell.run_flow(self, flows.week_flow(self))

    def action_enlist(self) -> None:
        self.shell.run_flow(self, flows.enlist_flow(self))

    def action_dismiss_force(self) -> None:
        if self.force is not None:
            flows.dismiss(self.shell, self.force)

    def action_purse(self) -> None:
        self.shell.run_flow(self, flows.purse_flow(self))

    def action_sides(self) -> None:
        self.shell.run_flow(self, flows.sides_flow(self))

    def action_undo(self) -> None:
        self.shell.act(lambda c: c.undo())

    def action_redo(self) -> None:
        self.shell.act(lambda c: c.redo())


def help_page(app: "CampaignApp") -> list[RenderableType]:
    """The campaign's page of help, after its keys."""
    parts: list[RenderableType] = [Text(t("campaign_ui.help.what"))]
    if app.rules.week:
        parts.append(Text(t("campaign_ui.help.week")))
    if app.rules.maps:
        parts.append(Text(t("campaign_ui.help.maps")))
    parts.append(Text(t("campaign_ui.help.rest")))
    return parts


__all__ = ["CampaignScreen", "help_page"]
