"""The app's side of keys that arrive in a burst (``shell.keys``): every
dialog and form pushed is announced to the gate, keys that come while one
is on its way are held for it, and a form's own keys act while it has the
focus. A key or step refused says why in one line (``refuse``), and the
line goes once a step is taken. The battle app builds on it; its
``key_gate`` is made there."""

from __future__ import annotations

from typing import Any, Coroutine, Sequence

from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import ModalScreen, Screen

from tui.core.i18n import t
from tui.core.records import printable
from tui.ui.shell.dialogs import Dialog
from tui.ui.shell.escape_pairs import read_escape_pairs_apart
from tui.ui.shell.keys import KeyGate
from tui.ui.shell.shadow import ReturnType, ShadowedApp
from tui.ui.widgets.ascii_only import AsciiOnly

ASCII_ONLY = AsciiOnly()

QUIT_NOW = ("ctrl+q", "ctrl+c")
"""Keys that quit at once, even past keys held for a dialog."""


class GatedApp(ShadowedApp[ReturnType]):
    key_gate: KeyGate

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        read_escape_pairs_apart()  # Esc + Enter in one burst: two keys, not a lone Enter
        self.key_gate = KeyGate(self)
        self._refusals: list[Notification] = []

    def draws_ascii(self) -> bool:
        """``--ascii`` (or the setting) is on: every cell is drawn in ASCII."""
        return False

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False) -> None:
        """Every notice as plain text: a file name or a message quoting a
        file may hold anything (markup is never parsed, escapes never pass)."""
        super().notify(printable(message, lines=True), title=printable(title), severity=severity, timeout=timeout, markup=False)

    def action_command_palette(self) -> None:
        # Textual's own, with its prompt in the app's language.
        if self.use_command_palette and not self.screen.id == "--command-palette":
            self.push_screen(CommandPalette(placeholder=t("palette.search"), id="--command-palette"))

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [*filters, ASCII_ONLY] if self.draws_ascii() else filters

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if shown.isascii() or not self.draws_ascii():
            return shown
        # ⏎ ↑ ↓ drawn in ASCII would be < ^ v: the key's own name reads better.
        modifiers, key = binding.parse_key()
        return "+".join([*modifiers, key])

    def redraw_all(self) -> None:
        """Draw every widget of every screen again (the glyphs changed)."""
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()

    def refuse(self, why: str, *, severity: SeverityLevel = "error", bell: bool = True) -> None:
        """Say in one line why a key or a step did nothing. The line goes
        once a step is taken: it answered a moment that has passed (the
        other side's phase must not open under a refusal of this one)."""
        if bell:
            self.bell()
        # The same refusal again (a refused key repeated in a burst) is shown
        # once, its time starting again: a stack of toasts taller than the
        # screen left pieces of itself behind when it went.
        for same in [n for n in self._refusals if n.message == why and n.severity == severity]:
            if same not in self._notifications and not same.has_expired:
                return  # still on its way to the screen
            if same in self._notifications:
                self._unnotify(same)
            self._refusals.remove(same)
        notification = Notification(why, "", severity, self.NOTIFICATION_TIMEOUT, markup=False)
        self._refusals.append(notification)
        self.post_message(Notify(notification))

    def _forget_refusals(self) -> None:
        # Textual has no public way to take back one toast; _unnotify is its own.
        for notification in self._refusals:
            if notification in self._notifications:
                self._unnotify(notification)
        self._refusals.clear()

    def run_flow(self, node: DOMNode, flow: Coroutine[Any, Any, None], group: str = "flow") -> None:
        """Run a flow of dialogs; keys that come before its dialog is up wait for it."""
        self.key_gate.run_flow(node, flow, group)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, Dialog):
            self.key_gate.expect_dialog()
            return super().push_screen(screen, *args, **kwargs)
        if not isinstance(screen, ModalScreen):
            return super().push_screen(screen, *args, **kwargs)
        # A form (a person, a card, the settings): keys typed behind the key
        # that opened it wait until it is up and focused, then go to it.
        self.key_gate.expect_dialog()
        pushed = super().push_screen(screen, *args, **kwargs)
        screen.call_after_refresh(self.key_gate.arrived)
        return pushed

    def pop_screen(self) -> Any:
        top = self.screen_stack[-1] if self.screen_stack else None
        popped = super().pop_screen()
        if isinstance(top, ModalScreen) and not isinstance(top, Dialog):
            # A form answered inside a flow: what is typed next waits for the flow's next dialog.
            self.key_gate.form_closed()
        return popped

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        if event.key.startswith("alt+"):
            # Escape and the key behind it, arriving together over a slow
            # link, read as one Alt key: the app binds no Alt key, so it is
            # taken back apart (Esc closing the dialog, then the key), each
            # in its place in the line of keys.
            rest = event.key.removeprefix("alt+")
            await self.on_event(events.Key("escape", "\x1b"))
            await self.on_event(events.Key(rest, rest if len(rest) == 1 else None))
            return
        if self.key_gate.holding() and event.key in QUIT_NOW and await self._check_bindings(event.key, priority=True):
            return  # only quitting jumps the line of keys
        if self.key_gate.take(event):
            await self.handle_key_now(event)

    async def handle_key_now(self, event: events.Key) -> None:
        """Hand a key to the app as Textual does, then wait for it to settle
        before the next (``KeyGate``)."""
        await super().on_event(event)
        self.key_gate.dispatched()

    def in_form(self) -> bool:
        """A form is up: a modal screen with more than one field."""
        if not self.screen_stack:
            return False  # shutting down: a key that arrives now goes nowhere
        screen = self.screen
        return isinstance(screen, ModalScreen) and len(screen.focus_chain) > 1

    def action_form_step(self, direction: int) -> None:
        if direction > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()


_draw_now = Screen._compositor_refresh


def _draw_unless_keys_wait(screen: Screen[Any]) -> None:
    """A frame is drawn only once no key typed ahead waits: each would be
    drawn over by the next at once (a burst of twenty keys sent twenty
    frames over a slow link, and drawing was most of a key's time). The
    layout is kept current all along; the frame owed is drawn when the
    last key has settled (``KeyGate``)."""
    app = screen.app
    if isinstance(app, GatedApp) and app.key_gate.frames_wait():
        app.key_gate.owe_frame()
        return
    if app.is_headless and screen is app.screen and not app.is_inline:
        # No terminal (Pilot tests, the screenshots): Textual would draw
        # the frame and throw it away (``App._display``). What reads the
        # screen (``render_strips``, ``export_screenshot``) draws it itself.
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
        app._update_mouse_over(screen)
        return
    _draw_now(screen)


# Textual has no hook between laying out a screen and drawing it.
Screen._compositor_refresh = _draw_unless_keys_wait  # type: ignore[method-assign, assignment]  # no hook: see above


__all__ = ["QUIT_NOW", "GatedApp"]
