"""Keys that arrive in a burst, as a slow SSH link delivers them, act as
they would typed one by one: one key at a time.

Textual hands a key to the focused widget, lets it bubble up and matches
it to bindings on the way; whatever it starts (a dialog pushed, a flow's
worker, a form mounting and taking the focus) happens over the next few
turns of the message loops. A key that comes in the meantime would land on
the screen underneath, in a field not yet focused, or in a dialog already
answered. So the gate takes the next key from the terminal only once the
app has settled after the last one:

- every message queued for the app and for the screens' widgets has been
  handled (rounds of ``call_later`` through every one of them, until a
  round finds nothing left: how Textual's own Pilot waits for a screen);
- no dialog or form is on its way (a push is announced with
  ``expect_dialog`` and its arrival with ``arrived``);
- no flow of dialogs is between two of its dialogs (``run_flow``: the
  only way a key may start work that runs on after it; nothing in the UI
  calls ``run_worker`` itself, a test keeps it so), and no other worker
  (Textual's own, the command palette's search) is under way.

Keys that come while the app is busy wait in order and are then handed to
the app exactly as the terminal gave them; so a burst does what the same
keys typed slowly do, whatever dialog, form or list they are meant for.
"""

from __future__ import annotations

from collections import deque
from time import monotonic
from typing import TYPE_CHECKING, Any, Callable, Coroutine

from textual import events
from textual.message_pump import MessagePump
from textual.worker import Worker, WorkerState, get_current_worker

if TYPE_CHECKING:
    from tui.ui.shell.gated_app import GatedApp

MAX_ROUNDS = 60
"""Rounds after a key before the gate stops waiting for the app to settle
(something that posts messages for ever, an animation, must not hold the
keys back for good)."""

STUCK_AFTER = 5.0
"""Seconds a dialog may be announced without coming before a new key lets
the held ones go (a flow that fails without saying so must not freeze the
keyboard)."""


def _busy(pump: MessagePump) -> bool:
    """Messages or callbacks still waiting in this widget, screen or app.
    (Textual's queues are its own; Pilot reads them the same way.) A pump
    about to handle a callback may already have taken the message behind
    it off the queue, to see whether the two combine: that one waits too."""
    if not pump._message_queue.empty() or pump._pending_message is not None or pump._next_callbacks:
        return True
    return bool(getattr(pump, "_callbacks", None))  # a screen's after-refresh callbacks


class KeyGate:
    def __init__(self, app: "GatedApp[Any]", closing: Callable[[], bool] = lambda: False) -> None:
        self._app = app
        self._closing = closing
        """True once the app is on its way out: keys still queued start nothing."""
        self._held: deque[events.Key] = deque()
        self._busy = False
        """A key is on its way through the app; the next one waits."""
        self._settling = False
        """A round of ``call_later`` is under way."""
        self._flows = 0
        self._waiting = False
        """A dialog or form is on its way, or a flow is between two of its dialogs."""
        self._waiting_since = 0.0
        self._queued: list[tuple[Any, Coroutine[Any, Any, None], str]] = []
        self._flow_workers: set[Worker[Any]] = set()
        self._owed = False
        """A frame was left undrawn while keys waited (``gated_app``)."""
        self.chose = False
        """The last dialog answered was a pick among several open choices
        (since the flow began): a step that ends the battle then asks first."""

    # -- the app's side ---------------------------------------------------------

    def holding(self) -> bool:
        """A key from the terminal now would wait."""
        return self._busy or self._waiting or bool(self._held)

    def take(self, event: events.Key) -> bool:
        """A key from the terminal: True if the app is to handle it now (the
        gate then waits for it to settle, ``dispatched``); False: it waits."""
        if self._waiting and self._held and monotonic() - self._waiting_since > STUCK_AFTER:
            self._set_waiting(False)
            self._kick()
        if self.holding():
            self._held.append(event)
            return False
        self._busy = True
        return True

    def frames_wait(self) -> bool:
        """Keys typed ahead still wait: a frame drawn now would be drawn over at once."""
        return bool(self._held)

    def owe_frame(self) -> None:
        self._owed = True

    def dispatched(self) -> None:
        """The app has handed the key on: wait for what it sets off."""
        self._kick()

    @property
    def running(self) -> bool:
        """A flow of dialogs is under way."""
        return bool(self._flows)

    def expect_dialog(self) -> None:
        """A dialog or form was pushed: keys wait until it is up."""
        self._set_waiting(True)

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
        self._set_waiting(True)
        self.chose = False

        async def guarded() -> None:
            me = get_current_worker()
            self._flow_workers.add(me)
            try:
                await flow
            finally:
                self._flow_workers.discard(me)
                self._flows -= 1
                # A flow queued behind this one starts on the next turn of the
                # loop: keys wait for it, not slip in between the two.
                self._set_waiting(bool(self._queued))
                if self._queued:
                    self._app.call_later(self.run_flow, *self._queued.pop(0))
                self._app.call_later(self._kick)

        node.run_worker(guarded, group=group)

    # -- what dialogs and forms tell it -------------------------------------------

    def dialog_answered(self) -> None:
        if self._flows:
            self._set_waiting(True)  # the flow goes on to its next dialog, or ends

    def dialog_closed(self) -> None:
        if not self._flows:
            self._set_waiting(False)  # a dialog pushed on its own never waits past its own life
        self._kick()

    def arrived(self) -> None:
        """The dialog or form pushed is up and focused: keys may go to it."""
        self._set_waiting(False)
        self._kick()

    def form_closed(self) -> None:
        """A form is gone: inside a flow, keys wait for its next dialog."""
        self._set_waiting(bool(self._flows))
        self._kick()

    # -- waiting for the app to settle ----------------------------------------------

    def _set_waiting(self, waiting: bool) -> None:
        if waiting and not self._waiting:
            self._waiting_since = monotonic()
        self._waiting = waiting

    def _kick(self) -> None:
        if self._waiting or self._settling:
            return  # what is on its way (or the round under way) kicks again
        if self._busy:
            self._round(0)
        else:
            self._next()

    def _pumps(self) -> list[MessagePump]:
        app = self._app
        pumps: list[MessagePump] = [app]
        for screen in app.screen_stack:
            pumps.extend(screen.walk_children(with_self=True))
        return pumps

    def _other_work(self) -> bool:
        """A worker other than a flow's is under way (Textual's own: the
        command palette searching for what was typed)."""
        return any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) and w not in self._flow_workers for w in self._app.workers)

    def _round(self, count: int) -> None:
        """Let every queue handle what it has now, then look again."""
        self._settling = True
        pumps = self._pumps()
        top = self._app.screen_stack[-1] if self._app.screen_stack else None
        left = 0

        def one_done() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                self._round_done(top, count)

        # Textual reads a new callback's parameters with inspect.signature
        # (a twentieth of a key's time, once per widget per round) unless told.
        one_done._param_count = 0  # type: ignore[attr-defined]  # textual._callback.count_parameters' cache
        for pump in pumps:
            if pump.call_later(one_done):
                left += 1
        if left == 0:
            self._round_done(top, count)

    def _round_done(self, top: object, count: int) -> None:
        self._settling = False
        if self._waiting:
            return
        stack = self._app.screen_stack
        settled = bool(stack) and stack[-1] is top and not self._other_work() and not any(_busy(pump) for pump in self._pumps())
        if not settled and stack and count < MAX_ROUNDS:
            self._round(count + 1)
            return
        self._busy = False
        self._next()

    def _next(self) -> None:
        """The app has settled: the next key that waits goes to it."""
        if not self._held and self._owed and self._app.screen_stack:
            self._owed = False
            self._app.screen.refresh()  # the frame left undrawn while keys waited
        if self._busy or self._waiting or not self._held:
            return
        if self._closing() or not self._app.screen_stack:
            self._held.clear()  # the app is closing: nothing typed ahead starts anything
            return
        self._busy = True
        event = self._held.popleft()
        self._app.call_later(self._hand_on, event)

    async def _hand_on(self, event: events.Key) -> None:
        # A fresh event: the one held was never handed on, but Textual marks what it forwards.
        await self._app.handle_key_now(events.Key(event.key, event.character))


__all__ = ["KeyGate"]
