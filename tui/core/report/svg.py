"""The little of SVG the report's pictures need: text made safe, a
monospace measure, the palette both pages and PNGs colour them with.

A picture's elements carry classes (``mc-ink``, ``mc-side0``), never
colours: the page colours them for a light or a dark reader
(``prefers-color-scheme``); a picture on its own (for a PNG) carries the
light palette in its own ``<style>``. Every id in a picture starts with
the picture's own prefix, so pictures inline in one page never share one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from tui.core.records import printable

FONT = "'DejaVu Sans Mono', 'Cascadia Mono', Menlo, Consolas, 'Liberation Mono', monospace"
"""Local fonts only: the page opens offline, and a web font would be a link."""
CHAR = 0.6
"""A monospace character's width in ems (DejaVu Sans Mono: 1233/2048)."""
SIDES = 6
"""Side colours before they repeat."""

LIGHT = {
    "bg": "#ffffff",
    "ink": "#1d232b",
    "muted": "#5d6975",
    "rule": "#c9d1d9",
    "card": "#f4f6f8",
    "closed": "#b3261e",
    "side0": "#1f5fbf",
    "side1": "#c2410c",
    "side2": "#15803d",
    "side3": "#7e22ce",
    "side4": "#a16207",
    "side5": "#0e7490",
}
DARK = {
    "bg": "#161b22",
    "ink": "#e6edf3",
    "muted": "#9aa7b4",
    "rule": "#3b4550",
    "card": "#1f262e",
    "closed": "#f87171",
    "side0": "#6ea8fe",
    "side1": "#fb923c",
    "side2": "#4ade80",
    "side3": "#c084fc",
    "side4": "#facc15",
    "side5": "#22d3ee",
}


def palette_css(colours: dict[str, str], scope: str = "") -> str:
    """The classes pictures use, coloured: ``mc-<name>`` fills (text,
    areas), ``mc-<name>-line`` strokes."""
    rules = []
    for name, colour in colours.items():
        rules.append(f"{scope}.mc-{name}{{fill:{colour}}}")
        rules.append(f"{scope}.mc-{name}-line{{stroke:{colour};fill:none}}")
    return "".join(rules)


def text(value: str) -> str:
    """User text as SVG or HTML character data: shown as written, never as
    markup, and nothing that would steer a terminal (``cat`` of the file)."""
    return escape(printable(value), {'"': "&quot;"})


def width(value: str, size: float) -> float:
    """How wide ``value`` draws at ``size`` pixels in the monospace font."""
    return len(value) * size * CHAR


def clip(value: str, columns: int) -> str:
    """``value`` cut to ``columns`` characters, with an ellipsis if cut."""
    return value if len(value) <= columns else value[: max(0, columns - 1)] + "…"


def wrap(value: str, columns: int) -> list[str]:
    """``value`` broken at spaces into lines of at most ``columns``
    characters (a word longer than a line is cut)."""
    lines: list[str] = []
    line = ""
    for word in value.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= columns:
            line += " " + word
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [clip(line, columns) for line in lines]


def side_class(side: int) -> str:
    return f"side{side % SIDES}"


@dataclass
class Canvas:
    """An SVG picture being drawn: elements in order, the size it needs."""

    prefix: str
    """Starts every id in the picture."""
    label: str
    """What the picture shows, for readers that cannot see it."""
    width: float = 0
    height: float = 0
    parts: list[str] = field(default_factory=list)

    def add(self, element: str) -> None:
        self.parts.append(element)

    def write(self, x: float, y: float, value: str, *, size: float = 13, cls: str = "ink", bold: bool = False, anchor: str = "start") -> None:
        weight = ' font-weight="bold"' if bold else ""
        where = f' text-anchor="{anchor}"' if anchor != "start" else ""
        self.add(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" class="mc-{cls}"{weight}{where} xml:space="preserve">{text(value)}</text>')

    def box(self, x: float, y: float, w: float, h: float, *, cls: str = "card", line: str = "rule", radius: float = 4, dashed: bool = False) -> None:
        dash = ' stroke-dasharray="5 3"' if dashed else ""
        self.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius:g}" class="mc-{cls}"/>')
        self.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius:g}" class="mc-{line}-line"{dash}/>')

    def svg(self, *, standalone: bool = False, least: bool = True) -> str:
        """The picture; ``standalone``: with its own light palette and
        background (a file or a PNG), else for a page that colours it;
        ``least``: inline, with its least width (not a roll's small bar)."""
        w, h = round(self.width), round(self.height)
        # The namespace only on its own: inline in HTML an svg needs none, and
        # the page then holds no address at all. Inline, a picture fills the
        # page's width but is never drawn below three quarters of its size: on
        # a phone it scrolls sideways rather than shrink to unreadable text.
        space = ' xmlns="http://www.w3.org/2000/svg"' if standalone else f' style="min-width:{round(w * 0.75)}px"' if least else ""
        head = f'<svg{space} id="{self.prefix}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{self.prefix}-title" font-family="{text(FONT)}">'
        title = f'<title id="{self.prefix}-title">{text(self.label)}</title>'
        style = f"<style>{palette_css(LIGHT)}</style>" if standalone else ""
        ground = f'<rect width="{w}" height="{h}" class="mc-bg"/>'
        return head + title + style + ground + "".join(self.parts) + "</svg>"


__all__ = ["CHAR", "DARK", "FONT", "LIGHT", "SIDES", "Canvas", "clip", "palette_css", "side_class", "text", "width", "wrap"]
