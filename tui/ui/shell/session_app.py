"""What the battle app and the campaign app share, each open on one file:
the settings (F2 applies them and saves them), the glyphs, a revision the
screens redraw on, and the signals a dropped link or a kill sends."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from functools import partial
from pathlib import Path

from textual.reactive import reactive

from tui.core.i18n import set_language, t
from tui.ui.glyphs import ASCII, GLYPH_SETS, Glyphs
from tui.ui.settings import Settings, save_settings
from tui.ui.shell.gated_app import GatedApp
from tui.ui.shell.shadow import ReturnType


class SessionApp(GatedApp[ReturnType]):
    TITLE = "masscombat"
    ENABLE_COMMAND_PALETTE = True

    settings: Settings
    settings_file: Path | None
    _glyph_override: str | None = None
    _theme_override: str | None = None
    _watchdog: threading.Timer | None = None

    revision: reactive[int] = reactive(0, init=False, repaint=False)
    """Bumped after every change to the file or the settings; screens watch
    it and redraw what changed (no repaint of their own: that would repaint
    the whole screen on every key)."""

    @property
    def glyphs(self) -> Glyphs:
        return GLYPH_SETS.get(self._glyph_override or self.settings.glyphs, ASCII)

    def draws_ascii(self) -> bool:
        return self.glyphs.name == "ascii"

    def set_titles(self) -> None:
        """The title bar for the file and how it stands (saved or not)."""
        raise NotImplementedError

    def apply_settings(self, settings: Settings | None) -> None:
        """The settings the GM saved in F2: in effect now, and kept in the settings file."""
        if settings is None or settings == self.settings:
            return
        was_ascii = self.draws_ascii()
        self.settings = settings
        self._glyph_override = self._theme_override = None
        set_language(settings.language)
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        if self.settings_file is not None:
            try:
                save_settings(settings, self.settings_file)
            except OSError as exc:
                self.notify(t("app.settings_not_saved", error=exc.strerror or str(exc)), severity="error")
        self.set_titles()
        self.revision += 1
        self.screen.refresh_bindings()
        if self.draws_ascii() != was_ascii:
            self.redraw_all()

    # -- signals -----------------------------------------------------------------------

    def listen_for_signals(self) -> None:
        """SIGHUP (a dropped SSH link) and SIGTERM go to ``answer_signal``."""
        try:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(signum, partial(self.answer_signal, signum))
        except (NotImplementedError, RuntimeError, AttributeError, ValueError):
            pass  # no signals here (Windows, or not the main thread under tests)

    def answer_signal(self, signum: int) -> None:
        """Save what is open and leave (each app says how it saves)."""
        raise NotImplementedError

    def end_by_signal(self, signum: int) -> None:
        """Leave with the signal's exit code. Textual's shutdown writes to the
        terminal, and after a hangup it can wait for ever on an output thread
        that died with it: all is saved and the lock is free, so past a
        second the process ends."""
        code = 128 + signum
        if not self.is_headless:
            self._watchdog = threading.Timer(1.0, os._exit, (code,))
            self._watchdog.daemon = True
            self._watchdog.start()
        self.exit(return_code=code)

    def disarm(self) -> None:
        """The app has shut down by itself: no need to end the process."""
        if self._watchdog is not None:
            self._watchdog.cancel()


__all__ = ["SessionApp"]
