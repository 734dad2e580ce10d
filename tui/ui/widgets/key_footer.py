"""The footer, speaking the GM's language, redrawn only when what it
shows changes.

Binding descriptions are catalog keys (``key.roll``), so the footer, the
help screen and the command palette all show them translated and a
language switch needs no new bindings.

Textual's own footer rebuilds every key widget whenever a screen's
bindings are refreshed, which our screens do after every change: with
thirty keys that is most of a key press's work, and each rebuild leaves
the old widgets bound to the footer. Here the keys shown are compared
first: the same keys with others greyed out only flip those widgets;
other keys rebuild the row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui.core.i18n import t

if TYPE_CHECKING:
    from textual.screen import Screen

Shown = tuple[tuple[str, str, str, str, str], ...]
"""Per key shown: key, key display, description, action, tooltip."""


def _width(key: tuple[str, str, str, str, str]) -> int:
    """Columns a key takes in the footer: a blank, the key, a blank, what it does, a blank."""
    return cell_len(key[1]) + cell_len(key[2]) + 3


class KeyFooter(Footer):
    _shown: Shown | None = None
    _enabled: tuple[bool, ...] = ()

    def _keys(self) -> tuple[Shown, tuple[bool, ...]]:
        shown: list[tuple[str, str, str, str, str]] = []
        enabled: list[bool] = []
        seen: set[str] = set()
        for _node, binding, on, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            shown.append((binding.key, self.app.get_key_display(binding), t(binding.description), binding.action, tooltip or ""))
            enabled.append(on)
        palette_key: list[tuple[str, str, str, str, str]] = []
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                _node, binding, on, tooltip = palette
                palette_key.append((binding.key, self.app.get_key_display(binding), t("palette.footer"), binding.action, t("palette.tooltip")))
                enabled_palette = on
        # Whole keys only: one cut to "f1 Hilf" or "a Atta" helps nobody;
        # those left out are in the help (f1) and the palette.
        # the palette's key: its bar, key, blank, words; the last key may lose its closing blank
        room = self.app.size.width - sum(_width(key) - 1 for key in palette_key) + 1
        kept = 0
        for key in shown:
            room -= _width(key)
            if room < 0:
                break
            kept += 1
        shown, enabled = shown[:kept], enabled[:kept]
        if palette_key:
            shown += palette_key
            enabled.append(enabled_palette)
        return tuple(shown), tuple(enabled)

    def on_resize(self) -> None:
        if self._bindings_ready and self._keys()[0] != self._shown:
            self.call_after_refresh(self.recompose)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        shown, enabled = self._keys()
        self._shown, self._enabled = shown, enabled
        self.styles.grid_size_columns = len(shown)
        for number, ((key, display, description, action, tooltip), on) in enumerate(zip(shown, enabled)):
            palette = number == len(shown) - 1 and action == "command_palette"
            widget = FooterKey(key, display, description, action, disabled=not on, tooltip=tooltip, classes="-command-palette" if palette else "")
            if not palette:  # as Textual binds it, once (a binding would outlive the widget)
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: "Screen[object]") -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        shown, enabled = self._keys()
        if shown != self._shown:
            self.call_after_refresh(self.recompose)  # other keys: a new row
            return
        if enabled != self._enabled:
            # The same keys, others greyed out: flipped in place, in this
            # frame. A FooterKey greys itself by its "-disabled" class and
            # refuses a click by ``_disabled`` (not Widget.disabled).
            flipped = []
            for widget, on, was in zip(self.query(FooterKey), enabled, self._enabled):
                if on != was:
                    widget._disabled = not on
                    widget.set_class(not on, "-disabled", update=False)
                    flipped.append(widget)
            self._enabled = enabled
            self.app.stylesheet.update_nodes(flipped)  # those keys only (they have no children)
