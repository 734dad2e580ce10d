"""The app's side of keys that arrive in a burst (``shell.keys``): every
dialog and form pushed is announced to the gate, keys that come while one
is on its way are held for it, and a form's own keys act while it has the
focus. A key or step refused says why in one line (``refuse``), and the
line goes once a step is taken. The battle app builds on it; its
``key_gate`` is made there."""

from __future__ import annotations

from typing import Any, Coroutine

from textual import events
from textual.dom import DOMNode
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import ModalScreen
from textual.widgets import Input

from tui.ui.shell.dialogs import Dialog
from tui.ui.shell.escape_pairs import read_escape_pairs_apart
from tui.ui.shell.keys import KeyGate
from tui.ui.shell.shadow import ReturnType, ShadowedApp

QUIT_NOW = ("ctrl+q", "ctrl+c")
"""Keys that quit at once, even past keys held for a dialog."""


class GatedApp(ShadowedApp[ReturnType]):
    key_gate: KeyGate

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        read_escape_pairs_apart()  # Esc + Enter in one burst: two keys, not a lone Enter
        self._refusals: list[Notification] = []

    def refuse(self, why: str, *, severity: SeverityLevel = "error", bell: bool = True) -> None:
        """Say in one line why a key or a step did nothing. The line goes
        once a step is taken: it answered a moment that has passed (the
        other side's phase must not open under a refusal of this one)."""
        notification = Notification(why, "", severity, self.NOTIFICATION_TIMEOUT, markup=False)
        self._refusals.append(notification)
        self.post_message(Notify(notification))
        if bell:
            self.bell()

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
        screen.call_after_refresh(self.key_gate.form_ready)
        return pushed

    def pop_screen(self) -> Any:
        top = self.screen_stack[-1] if self.screen_stack else None
        popped = super().pop_screen()
        if isinstance(top, ModalScreen) and not isinstance(top, Dialog):
            # A form answered inside a flow: what is typed next waits for the flow's next dialog.
            self.key_gate.form_closed()
        return popped

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and event.key.startswith("alt+"):
            # Escape and the key behind it, arriving together over a slow
            # link, read as one Alt key: the app binds no Alt key, so it is
            # taken back apart (Esc closing the dialog, then the key).
            # Both are handled here and now, in their place: posted again, they
            # would come after a key typed behind them ("Esc i Enter": Enter first).
            rest = event.key.removeprefix("alt+")
            await self.on_event(events.Key("escape", "\x1b"))
            await self.on_event(events.Key(rest, rest if len(rest) == 1 else None))
            return
        if isinstance(event, events.Key) and not event.is_forwarded and self.key_gate.holding():
            # Only quitting jumps the queue: a form's own priority keys
            # (Tab, ↑ ↓) wait their turn behind what was typed before them.
            if not (event.key in QUIT_NOW and await self._check_bindings(event.key, priority=True)):
                self.key_gate.hold(event)
            return
        if isinstance(event, events.Key) and not event.is_forwarded and event.key == "enter" and self.in_form() and isinstance(self.focused, Input) and getattr(self.screen, "enter_saves", False):
            # Enter in a form's field saves it, once the field has taken the
            # keys typed before it: what is typed behind it waits for what
            # the form opens next, or for the form again if it refused.
            self._saving_enter = event
            await super().on_event(event)
            self.key_gate.expect_dialog()
            return
        if isinstance(event, events.Key) and not event.is_forwarded and self.in_form() and not isinstance(self.focused, Input):
            # A choice or a box in a form: its keys act now, while it has the
            # focus. Handed on, they would be matched to bindings only once
            # they had bubbled back up, and a Tab or ↑ ↓ typed behind them
            # would have moved the focus away by then ("a ↓ → ↑": → lost).
            if await self._check_bindings(event.key, priority=True) or await self._check_bindings(event.key):
                return
        await super().on_event(event)

    _saving_enter: events.Key | None = None
    """The Enter on its way to save a form: when it bubbles back up to the
    app, its binding (the field's submit) must run, though keys are held."""

    def held_back(self, event: events.Key) -> bool:
        """A key that bubbled back up to the app while keys are held: held
        for the coming dialog, but for the Enter that saves a form."""
        return self.key_gate.holding() and event is not self._saving_enter

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


__all__ = ["QUIT_NOW", "GatedApp"]
