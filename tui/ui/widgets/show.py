"""``show(widget, content)``: a ``Static`` given new content only when it
differs from what it shows.

Screens redraw from the battle after every change, and most of what they
draw stays the same. ``Static.update`` repaints the widget (and lays the
screen out again) whatever it is given; on a slow link every repainted
cell is bytes. Comparing first keeps a key's output to what changed.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from rich.console import Group
from rich.text import Text
from textual.content import Content
from textual.widgets import Static

_SHOWN: "WeakKeyDictionary[Static, tuple[Any, ...]]" = WeakKeyDictionary()


def _key(content: Any) -> tuple[Any, ...]:
    """What makes two contents draw alike, or the content itself when
    that can't be told (then it always counts as new)."""
    if isinstance(content, str):
        return ("s", content)
    if isinstance(content, Text):
        spans = tuple((span.start, span.end, str(span.style)) for span in content.spans)
        return ("t", content.plain, spans, str(content.style), content.justify, content.overflow, content.no_wrap, content.end)
    if isinstance(content, Content):  # its == compares the words only, not their styles
        return ("c", content.plain, tuple((span.start, span.end, str(span.style)) for span in content.spans))
    if isinstance(content, Group):
        return ("g", tuple(_key(part) for part in content.renderables))
    return ("o", id(content))


def show(widget: Static, content: Any) -> bool:
    """Give ``widget`` ``content`` unless it shows that already; True if it changed."""
    key = _key(content)
    if _SHOWN.get(widget) == key and key[0] != "o":
        return False
    _SHOWN[widget] = key
    widget.update(content, layout=_needs_layout(widget, content))
    return True


def _needs_layout(widget: Static, content: Any) -> bool:
    """Whether new content can change the widget's size. A layout pass is
    a frame of its own after the repaint, and redraws the scroll bars of
    every container around: skipped when the widget is as tall as before."""
    styles = widget.styles
    if not widget.is_mounted or widget.size.width <= 0 or styles.width is None or styles.width.is_auto:
        return True
    if styles.height is None or not styles.height.is_auto:
        return False  # fixed height (and width): nothing the text says moves anything
    widget.update(content, layout=False)  # the new content, measured at the width it has
    return widget.get_content_height(widget.container_size, widget.app.size, widget.size.width) != widget.size.height


__all__ = ["show"]
