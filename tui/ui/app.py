"""The App, the same for every system: the system's modes and keys come
from the registries (``tui.core.system``, ``tui.ui.registry``) as data; the
app adds the global keys, the command palette, autosave after every event,
keys held while a dialog opens (``shell.gated_app``), and saving on hangup,
terminate and ctrl+c."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any, Callable, Iterable

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding, BindingsMap
from textual.screen import Screen
from textual.timer import Timer

from tui.core.errors import MassCombatError
from tui.core.history import LoggedBattle
from tui.core.projection import ProjectionWriter
from tui.core.i18n import set_language, t
from tui.core.records import printable
from tui.core.files.storage import Session
from tui.core.system import GameSystem, system_of
from tui.ui.registry import SystemUI, system_ui
from tui.ui.settings import Settings
from tui.ui.shell.battle_screen import BattleScreen
from tui.ui.shell.quick_roll import open_quick_roll
from tui.ui.shell.report_pages import report_action
from tui.ui.shell.dialogs import Dialog
from tui.ui.shell.endings import Ending, ending_dialog, ending_of
from tui.ui.shell.help import HelpScreen, palette_commands
from tui.ui.shell.gated_app import QUIT_NOW
from tui.ui.shell.session_app import SessionApp
from tui.ui.shell.keys import KeyGate
from tui.ui.shell.saving import SaveAsDialog, proposal, quit_dialog, rename_dialog
from tui.ui.shell.settings_screen import SettingsScreen

ANSI_THEMES = ("ansi-dark", "ansi-light")
FOLD_PAUSE = 1.5
"""Seconds without a change after which a long journal is folded into the file."""
PUBLIC_FILE_CHECK = 2.0
"""Seconds between looks for the players' file (a stat; nothing is drawn)."""


class MassCombatApp(SessionApp[None]):
    """A battle open on one save file; every change is saved at once."""

    CSS_PATH = "app.tcss"

    BINDINGS = [
        Binding("f1,question_mark", "help", "key.help", id="app.help"),
        Binding("f2", "settings", "key.settings", show=False, id="app.settings"),
        Binding("ctrl+s", "save_as", "key.save_as", show=False, id="app.save_as"),
        Binding("ctrl+r", "rename_battle", "key.rename_battle", show=False, id="app.rename_battle"),
        Binding("ctrl+d", "quick_roll", "quick.key", show=False, id="app.quick_roll"),
        Binding("ctrl+e", "write_report", "key.write_report", show=False, id="app.write_report"),
        Binding("q", "quit", "key.quit", id="app.quit"),
        Binding(",".join(QUIT_NOW), "quit", "key.quit", show=False, priority=True, id="app.quit_now"),
        # In a form, Tab moves on before the keys behind it are handed out:
        # run as a field's binding it would come after them, and a burst
        # like "Ilona<Tab>3b1s" would type everything into the name.
        Binding("tab", "form_step(1)", "key.form_next", show=False, priority=True, id="app.form_next"),
        Binding("shift+tab", "form_step(-1)", "key.form_previous", show=False, priority=True, id="app.form_previous"),
    ]

    def __init__(self, session: Session, settings: Settings, settings_file: Path | None = None, *, glyphs: str | None = None, theme: str | None = None, notices: Iterable[str] = ()) -> None:
        self.system: GameSystem = system_of(session.battle)
        self.system_ui: SystemUI = system_ui(self.system.key)
        # Read by App.__init__: the system's main screens, and where this battle opens.
        self.MODES = dict(self.system_ui.modes)  # type: ignore[misc]  # the modes are the system's, per app
        self.DEFAULT_MODE = self.system_ui.start_mode(session.battle)  # type: ignore[misc]  # likewise
        super().__init__()
        self._bindings = BindingsMap.merge([self._bindings, BindingsMap(self.system_ui.bindings)])
        self.key_gate = KeyGate(self, closing=lambda: self._session_closed)
        self.session = session
        self.settings = settings
        self.settings_file = settings_file
        self._glyph_override = glyphs
        self._theme_override = theme
        self._notices = [n for n in notices if n]
        self._session_closed = False
        self._publish_due = False
        """A change waits to be written to the players' view (``publish_after_frame``)."""
        self._asking_to_quit = False
        self.exit_problem: str | None = None
        """Why the battle could not be saved as the app closed, for the shell to print."""
        self.rescued: Path | None | bool = None
        """Where a signal's rescue copy went (False: nowhere); None: not tried."""
        self._fold_timer: Timer | None = None
        self.quit_unsaved = False
        """The GM chose to quit without saving: the file holds the battle as last saved."""
        set_language(settings.language)
        self.projection = ProjectionWriter(session.path)
        """The players' view beside the save (``masscombat view``), rewritten on every change."""

    # -- state the screens read ----------------------------------------------

    @property
    def battle(self) -> LoggedBattle[Any, Any]:
        return self.session.battle

    @property
    def read_only(self) -> bool:
        return self.session.read_only

    # -- lifecycle -----------------------------------------------------------

    def on_mount(self) -> None:
        theme = self._theme_override or self.settings.theme
        if theme in self.available_themes:
            self.theme = theme
        if self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        self.set_titles()
        self.app_resume_signal.subscribe(self, self.forget_terminal)
        self.listen_for_signals()
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", timeout=10, markup=False)
        # What opening the file found (a journal set aside, undone steps that can't be redone).
        for notice in [*self._notices, *self.session.take_notices()]:
            self.notify(notice, severity="warning", timeout=10, markup=False)
        self.publish_after_frame()
        self.set_interval(PUBLIC_FILE_CHECK, self.keep_public_file)

    def on_ready(self) -> None:
        # What the first frame needed (the battle and its undo states, the
        # modules, the widgets) lives as long as the app: the collector need
        # not walk it again on every pass (at 5,000 events a full pass took
        # ~66 ms, in the middle of a key press). Not under tests (headless),
        # where one process runs hundreds of apps and would keep them all.
        if not self.is_headless:
            gc.freeze()

    def answer_signal(self, signum: int) -> None:
        # A dropped SSH connection (SIGHUP) or a kill (SIGTERM): the battle is
        # already saved after every event; close() saves once more and frees
        # the lock. Nobody is there to ask, so a battle that can't be saved
        # goes to a rescue copy now, for the shell to report.
        self.close_session()
        if self.exit_problem is not None and self.rescued is None:
            self.rescued = self.session.rescue() or False
        self.end_by_signal(signum)

    def close_session(self, *, save: bool = True) -> None:
        """Save (unless told not to) and let go of the battle; never raises:
        a save that fails here is kept in ``exit_problem``."""
        if self._session_closed:
            return
        self._session_closed = True
        try:
            self.session.close(save=save)
        except MassCombatError as exc:
            self.exit_problem = str(exc)
        self.publish(open=False)

    def keep_public_file(self) -> None:
        """Write the players' file again at once if it went (a player's
        view would otherwise wait for the GM's next change), or if a write
        asked for after a frame has not come (its screen went first)."""
        if not self.read_only and not self._session_closed and (self._publish_due or self.projection.gone()):
            self.publish()

    def publish_after_frame(self) -> None:
        """Rewrite the players' view once the GM's screen shows the change:
        the frame goes out first (the write took a key a fifth of its time),
        and changes made before the frame are written once."""
        if self._publish_due:
            return
        self._publish_due = True
        self.call_after_refresh(self._publish_if_due)

    def _publish_if_due(self) -> None:
        if self._publish_due and not self._session_closed:
            self.publish()

    def publish(self, *, open: bool = True) -> None:
        """Rewrite the players' view (not from a read-only window: another
        holds the battle and writes it). A failure is said once; the save
        never waits on it."""
        self._publish_due = False
        if self.read_only:
            return
        warning = self.projection.write(self.battle, open=open, save=self.session.path)
        if warning is not None and open:
            self.notify(warning, severity="warning", timeout=20, markup=False)

    def set_titles(self) -> None:
        title = printable(self.battle.meta.title)
        self.title = f"masscombat — {title}"
        if self.read_only:
            self.title += f" ({t('app.read_only')})"
        elif self.session.unsaved is not None:
            self.title += f" ({t('app.not_saved')})"

    # -- changing the battle ---------------------------------------------------

    def act(self, change: Callable[[Any], object], *, asked: bool = False) -> bool:
        """Apply one change to the battle, save it, and redraw; say why if
        refused. A change picked from a menu that would end the battle (or
        a wave early) asks first and is made once the GM says yes (False now)."""
        if self.read_only:
            self.notify(t("app.read_only_refused"), severity="warning", markup=False)
            return False
        chose, self.key_gate.chose = self.key_gate.chose, False
        ending = None if asked or not chose else ending_of(self.system, self.battle, change)
        if ending is not None:
            self.key_gate.run_flow(self, self._ask_before_ending(change, ending), "ending", queue=True)
            return False
        try:
            change(self.battle)
        except MassCombatError as exc:
            self.refuse(str(exc))
            return False
        self._forget_refusals()
        self.save()
        self.revision += 1
        if self.session.fold_due:
            self._fold_when_idle()
        return True

    async def _ask_before_ending(self, change: Callable[[Any], object], ending: Ending) -> None:
        wave = getattr(getattr(self.battle.game, "wave", None), "number", None)
        if await self.push_screen_wait(ending_dialog(ending, wave)) == "yes":
            self.act(change, asked=True)

    def _fold_when_idle(self) -> None:
        # Each key's change is a journal line; now and then the whole file is
        # rewritten, which takes a long battle a good part of a second. Done
        # once the GM has paused, not in the middle of a key.
        if self._fold_timer is not None:
            self._fold_timer.stop()
        self._fold_timer = self.set_timer(FOLD_PAUSE, self._fold)

    def _fold(self) -> None:
        self._fold_timer = None
        if not self.session.fold_due:
            return
        try:
            self.session.save(whole=True)
        except MassCombatError:
            pass  # the journal holds every step; the next change or the close tries again
        for notice in self.session.take_notices():
            self.notify(notice, severity="warning", timeout=20, markup=False)
        self.set_titles()

    def save(self) -> bool:
        """Save now; on failure say so once per new reason (the battle stays
        in memory, the next change and quitting try again). False if not saved."""
        before = self.session.unsaved
        saved = True
        try:
            self.session.save()
        except MassCombatError as exc:
            saved = False
            if str(exc) != before:
                self.notify(t("app.save_failed", error=str(exc)), severity="error", timeout=20, markup=False)
                self.bell()
        for notice in self.session.take_notices():
            self.notify(notice, severity="warning", timeout=20, markup=False)
        self.set_titles()
        self.publish_after_frame()
        return saved

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls every class's handler along the MRO; App's own (the
        # bindings) runs after this one.
        if isinstance(self.screen, BattleScreen):
            self.screen.explain_key(event.key)

    # -- global actions --------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "form_step":
            return self.in_form()
        if action == "mode":
            return True if parameters and parameters[0] in self.MODES and parameters[0] != self.current_mode else None
        return True

    def action_mode(self, mode: str) -> None:
        if mode in self.MODES and self.current_mode != mode:
            self.switch_mode(mode)

    def action_quick_roll(self) -> None:
        open_quick_roll(self)

    def action_write_report(self) -> None:
        report_action(self)

    async def action_quit(self) -> None:
        if self._asking_to_quit:
            return  # the question is on screen; it has its own way out
        if not self.read_only and not self.session.closed and not self.save():
            self._asking_to_quit = True
            if isinstance(self.screen, Dialog) and self.key_gate.running:
                self.screen.action_cancel()  # ctrl+q over another flow's dialog: that flow ends first
            self.key_gate.run_flow(self, self._quit_unsaved(), "quit", queue=True)
            return
        self.close_session()
        self.exit()

    async def _quit_unsaved(self) -> None:
        """Ask until the battle is saved, saved elsewhere, or let go of. A
        flow, so keys typed ahead (Down Enter a path Enter) reach each dialog."""
        try:
            while self.session.unsaved is not None:
                choice = await self.push_screen_wait(quit_dialog(self.session.unsaved))
                if choice is None:
                    return
                if choice == "retry":
                    self.save()
                elif choice == "save_elsewhere":
                    await self.push_screen_wait(SaveAsDialog(proposal(self.session.path), self._save_as))
                elif choice == "quit_anyway":
                    self.quit_unsaved = True
                    self.close_session(save=False)
                    self.exit()
                    return
            self.close_session()
            self.exit()
        finally:
            self._asking_to_quit = False

    def action_rename_battle(self) -> None:
        """The battle's name, kept in its file (not an event: undo leaves it)."""
        if self.read_only:
            self.notify(t("app.read_only_refused"), severity="warning", markup=False)
            return
        self.push_screen(rename_dialog(self.battle.meta.title), self._renamed)

    def _renamed(self, title: str | None) -> None:
        if title is None or title.strip() == self.battle.meta.title:
            return
        self.battle.meta = self.battle.meta.model_copy(update={"title": title.strip()})
        self.save()
        self.set_titles()

    def action_save_as(self) -> None:
        self.push_screen(SaveAsDialog(proposal(self.session.path), self._save_as))

    def _save_as(self, path: Path) -> str | None:
        """Go on in ``path``; what went wrong, or None."""
        try:
            self.session.save_as(path)
        except MassCombatError as exc:
            return str(exc)
        self.notify(t("app.saved_as", path=str(self.session.path)), timeout=10, markup=False)
        for notice in self.session.take_notices():
            self.notify(notice, severity="warning", timeout=20, markup=False)
        self.set_titles()
        self.revision += 1
        self.screen.refresh_bindings()
        return None

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.screen))

    def action_settings(self) -> None:
        if isinstance(self.screen, SettingsScreen):
            return
        themes = sorted(self.available_themes)
        self.push_screen(SettingsScreen(self.settings, themes), self.apply_settings)

    # -- command palette: every action that fits the current screen ------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from palette_commands(screen)
        yield SystemCommand(t("palette.screenshot"), t("palette.screenshot_help"), lambda: self.set_timer(0.1, self.deliver_screenshot))


__all__ = ["ANSI_THEMES", "MassCombatApp"]
