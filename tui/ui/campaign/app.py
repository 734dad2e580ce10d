"""The campaign app: one campaign file open, every change saved at once.

It answers what the GM does next outside the campaign (``CampaignExit``):
play one of its battles, or quit. The shell (``launch``) opens that battle
in the battle app and comes back here when it closes, offering its
aftermath if it has ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tui.core.campaign.battles import campaign_rules
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.rules import CampaignRules
from tui.core.errors import MassCombatError
from tui.core.files.storage import Session
from tui.core.i18n import set_language, t
from tui.core.records import printable
from tui.core.system import GameSystem, find_system
from tui.ui.campaign.choice import CampaignExit
from tui.ui.campaign.screen import CampaignScreen, help_page
from tui.ui.settings import Settings
from tui.ui.shell.gated_app import QUIT_NOW
from tui.ui.shell.session_app import SessionApp
from tui.ui.shell.help import HelpScreen, palette_commands
from tui.ui.shell.saving import rename_dialog
from tui.ui.shell.settings_screen import SettingsScreen


class CampaignApp(SessionApp[CampaignExit]):
    """A campaign open on its file."""

    CSS_PATH = "../app.tcss"

    BINDINGS = [
        Binding("f1,question_mark", "help", "key.help", id="campaign.help"),
        Binding("f2", "settings", "key.settings", show=False, id="campaign.settings"),
        Binding("ctrl+r", "rename_campaign", "campaign_ui.key.rename", show=False, id="campaign.rename"),
        Binding("q", "quit_campaign", "key.quit", id="campaign.quit"),
        Binding(",".join(QUIT_NOW), "quit_campaign", "key.quit", show=False, priority=True, id="campaign.quit_now"),
    ]

    def __init__(self, session: Session, settings: Settings, settings_file: Path | None = None, *, glyphs: str | None = None, theme: str | None = None, finished: str | None = None, notices: Iterable[str] = ()) -> None:
        super().__init__()
        assert isinstance(session.battle, Campaign)
        self.session = session
        self.settings = settings
        self.settings_file = settings_file
        self.system: GameSystem = find_system(session.battle.system)
        self.rules: CampaignRules = campaign_rules(self.system)
        self._glyph_override = glyphs
        self._theme_override = theme
        self.finished = finished
        """The battle the GM has just come back from (its id), to offer its aftermath."""
        self._notices = [n for n in notices if n]
        set_language(settings.language)

    @property
    def campaign(self) -> Campaign:
        battle = self.session.battle
        assert isinstance(battle, Campaign)
        return battle

    @property
    def read_only(self) -> bool:
        return self.session.read_only

    def on_mount(self) -> None:
        theme = self._theme_override or self.settings.theme
        if theme in self.available_themes:
            self.theme = theme
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        self.set_titles()
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", timeout=10)
        for notice in [*self._notices, *self.session.take_notices()]:
            self.notify(notice, severity="warning", timeout=10)
        self.push_screen(CampaignScreen())
        self.listen_for_signals()

    def answer_signal(self, signum: int) -> None:
        """A dropped SSH link or a kill: every step is on disk already; the
        lock goes with the session, and the exit code says which signal."""
        self.close_session()
        self.end_by_signal(signum)

    def set_titles(self) -> None:
        state = self.campaign.state
        self.title = printable(self.campaign.meta.title)
        self.sub_title = t("campaign_ui.subtitle", system=self.system.name(self.settings.language), day=state.day)
        if self.read_only:
            self.title += f" ({t('app.read_only')})"
        elif self.session.unsaved is not None:
            self.title += f" ({t('app.not_saved')})"

    # -- changing the campaign -------------------------------------------------

    def act(self, change: Callable[[Campaign], object]) -> bool:
        """One change to the campaign, saved at once; refused in one line."""
        if self.read_only:
            self.refuse(t("app.read_only_refused"), severity="warning")
            return False
        try:
            change(self.campaign)
        except MassCombatError as exc:
            self.refuse(str(exc))
            return False
        self._forget_refusals()
        self.save()
        self.revision += 1
        return True

    def save(self) -> bool:
        before = self.session.unsaved
        try:
            self.session.save()
        except MassCombatError as exc:
            if str(exc) != before:
                self.notify(t("app.save_failed", error=str(exc)), severity="error", timeout=20)
                self.bell()
            self.set_titles()
            return False
        for notice in self.session.take_notices():
            self.notify(notice, severity="warning", timeout=20)
        self.set_titles()
        return True

    def close_session(self) -> str | None:
        """Save and let go of the campaign; what went wrong, or None."""
        try:
            self.session.close()
        except MassCombatError as exc:
            return str(exc)
        return None

    async def _on_key(self, event: events.Key) -> None:
        # after the bindings have had the key: a greyed-out one says why
        if isinstance(self.screen, CampaignScreen):
            self.screen.explain_key(event.key)

    # -- global actions --------------------------------------------------------------

    def action_quit_campaign(self) -> None:
        self.exit(None)

    def action_rename_campaign(self) -> None:
        """The campaign's name, kept in its file (not a step: undo leaves it)."""
        if self.read_only:
            self.refuse(t("app.read_only_refused"), severity="warning")
            return
        self.push_screen(rename_dialog(self.campaign.meta.title, t("campaign_ui.rename_title"), t("campaign_ui.rename_help")), self._renamed)

    def _renamed(self, title: str | None) -> None:
        if title is None or title.strip() == self.campaign.meta.title:
            return
        self.campaign.meta = self.campaign.meta.model_copy(update={"title": title.strip()})
        try:
            self.session.save(whole=True)
        except MassCombatError as exc:
            self.notify(t("app.save_failed", error=str(exc)), severity="error", timeout=20)
        self.set_titles()

    def action_settings(self) -> None:
        if isinstance(self.screen, SettingsScreen):
            return
        self.push_screen(SettingsScreen(self.settings, sorted(self.available_themes)), self.apply_settings)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.screen, help_page(self)))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from palette_commands(screen)


__all__ = ["CampaignApp", "CampaignExit"]
