"""The footer, speaking the GM's language.

Binding descriptions are catalog keys (``key.roll``), so the footer, the
help screen and the command palette all show them translated and a
language switch needs no new bindings.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui.core.i18n import t


class KeyFooter(Footer):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = t(widget.description)
            yield widget
