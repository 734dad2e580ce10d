"""Keys that arrive in a burst, as a slow SSH link delivers them, are
neither lost nor taken twice.

A key that starts a flow (a step, a menu) opens its first dialog a moment
later; keys that come in that moment would land on the screen underneath
and take the step again, or be typed into nothing. The gate holds them
from the moment a flow starts (or a dialog of it is answered) until the
next dialog is up, then hands them to it one by one (``Dialog.take_key``);
when the flow ends with no dialog open, the rest go back to the app as
ordinary keys, in the order they came.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Coroutine

from textual import events

if TYPE_CHECKING:
    from textual.app import App

    from tui.ui.shell.dialogs import Dialog


class KeyGate:
    def __init__(self, app: "App[Any]", closing: Callable[[], bool] = lambda: False) -> None:
        self._app = app
        self._closing = closing
        """True once the app is on its way out: keys still queued start nothing."""
        self._held: deque[events.Key] = deque()
        self._flows = 0
        self._waiting = False
        """A flow is running and no dialog of it is up to take keys."""
        self._queued: list[tuple[Any, Coroutine[Any, Any, None], str]] = []

    # -- what the app asks --------------------------------------------------------

    def holding(self) -> bool:
        """Keys are to be held: a dialog is on its way, or earlier keys still wait."""
        return self._waiting or bool(self._held)

    def hold(self, event: events.Key) -> None:
        self._held.append(event)

    @property
    def running(self) -> bool:
        """A flow of dialogs is under way."""
        return bool(self._flows)

    def expect_dialog(self) -> None:
        """A dialog was pushed: hold keys until it is up."""
        self._waiting = True

    def run_flow(self, node: Any, flow: Coroutine[Any, Any, None], group: str, *, queue: bool = False) -> None:
        """Run a flow of dialogs as a worker. A second flow while one runs is
        refused, or with ``queue`` started as soon as the first one ends."""
        if self._closing():
            flow.close()  # never run: closed, so nothing warns of an unawaited coroutine
            return
        if self._flows:
            if queue:
                self._queued.append((node, flow, group))
            else:
                flow.close()
            return
        self._flows += 1
        self._waiting = True

        async def guarded() -> None:
            try:
                await flow
            finally:
                self._flows -= 1
                self._waiting = False
                if self._queued:
                    self._app.call_later(self.run_flow, *self._queued.pop(0))
                else:
                    self._app.call_later(self._release)

        node.run_worker(guarded, group=group)

    # -- what dialogs tell it ----------------------------------------------------------

    def dialog_answered(self) -> None:
        if self._flows:
            self._waiting = True

    def dialog_closed(self) -> None:
        """A dialog is gone; with no flow waiting for the next, held keys go back to the app."""
        if not self._flows:
            # A dialog pushed on its own never waits past its own life.
            self._waiting = False
        self._app.call_later(self._release)

    def dialog_ready(self, dialog: "Dialog") -> None:
        self._waiting = False
        while self._held and not self._waiting and not dialog.answered and self._app.screen is dialog:
            event = self._held.popleft()
            dialog.take_key(event.key, event.character)
        if not self._waiting and self._app.screen is not dialog:
            self._release()

    def form_ready(self) -> None:
        """A form is up (on its own, or as a step of a flow: a new unit's
        card): what was held goes to it as typed."""
        self._waiting = False
        self._release()

    def form_closed(self) -> None:
        """A form is gone: inside a flow, keys wait for its next dialog (the
        flow's end releases them); on its own, they go back to the app."""
        if self._flows:
            self._waiting = True
        else:
            self._waiting = False
            self._app.call_later(self._release)

    def _release(self) -> None:
        """No flow waits for a dialog: what is held goes to the app as typed."""
        if self._waiting:
            return
        held, self._held = list(self._held), deque()
        for event in held:
            self._app.post_message(events.Key(event.key, event.character))


__all__ = ["KeyGate"]
