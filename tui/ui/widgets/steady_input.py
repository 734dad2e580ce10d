"""A text line whose cursor does not blink, and whose editing keys keep
their place in a burst of typing.

A blinking cursor repaints its line twice a second for as long as the
dialog is open: about 1.5 KB a second down an SSH link to a terminal
nobody is typing into. The cursor stays shown, steadily.

Textual runs a widget's key bindings once the key has bubbled up to the
app, and by then the line has already taken the printable keys that came
behind it. Keys that arrive together (a slow SSH link delivers a GM's
typing in bursts) came out of order: ctrl+u then "Night" left the line
empty, backspace then "s" deleted the "s". The line's own editing keys
run here instead, in the order they came.
"""

from __future__ import annotations

from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import Input

from tui.core.i18n import t


def _editing_keys() -> dict[str, str]:
    """Input's own keys (not those it inherits: up and down stay the form's) → their actions."""
    found: dict[str, str] = {}
    for binding in Input.BINDINGS:
        if isinstance(binding, Binding):
            for key in binding.key.split(","):
                found[key.strip()] = binding.action
    return found


class SteadyInput(Input):
    cursor_blink = reactive(False, init=False)
    _told_full: str | None = None
    """The text the line last said it was full at."""

    _EDITING = _editing_keys()

    def editing_action(self, key: str, aliases: list[str] | None = None) -> str | None:
        """The line's own action for ``key`` (ctrl+u, backspace, home...), if it has one."""
        return next((self._EDITING[k] for k in (aliases or [key]) if k in self._EDITING), None)

    def edit(self, key: str) -> bool:
        """Run the line's editing action for ``key`` now; False if it has none
        (enter is the dialog's to answer, so it is not run here)."""
        action = self.editing_action(key)
        if action is None or key == "enter":
            return False
        _, name, parameters = parse(action)
        getattr(self, f"action_{name}")(*parameters)
        return True

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls each class's _on_key along the MRO until one prevents
        # the default: Input's own runs next for the keys left alone here.
        # Enter is left alone too: it answers, and what follows it belongs
        # to whatever the answer opens (held by the app, not typed here).
        action = self.editing_action(event.key, event.aliases)
        if action is None or event.key == "enter":
            return
        event.stop()
        event.prevent_default()
        await self.run_action(action)

    def restricted(self) -> None:
        # Textual drops a character the line can't take without a word; a
        # name typed past the longest one allowed must not be cut silently.
        if not (self.max_length and len(self.value) >= self.max_length):
            return
        self.app.bell()
        if self._told_full == self.value:
            return  # said once for this text: more keys held down don't say it again
        self._told_full = self.value
        why = t("dialog.too_long", count=self.max_length)
        refuse_text = getattr(self.screen, "refuse_text", None)
        if callable(refuse_text):
            refuse_text(self.value, why)
        else:
            self.notify(why, severity="warning", markup=False)


__all__ = ["SteadyInput"]
