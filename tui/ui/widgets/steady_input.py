"""A text line whose cursor does not blink.

A blinking cursor repaints its line twice a second for as long as the
dialog is open: about 1.5 KB a second down an SSH link to a terminal
nobody is typing into. The cursor stays shown, steadily.
"""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Input


class SteadyInput(Input):
    cursor_blink = reactive(False, init=False)


__all__ = ["SteadyInput"]
