"""A side's strength over the battle as a line chart, in plain SVG.

No charting library: a chart of ten points is some dozens of elements,
and one drawn here is the same bytes on every machine (its snapshot is a
test). Each line takes its side's colour; a side's second and third
force take a dash and a marker of their own, so the chart reads in black
and white too.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, floor, log10

from tui.core.report.svg import Canvas, clip, side_class, width

PLOT_W = 560
PLOT_H = 200
LEFT = 56
TOP = 34
SIZE = 12
DASHES = ("", "6 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "diamond", "triangle")


@dataclass(frozen=True)
class Series:
    """One line: a force or a side, with a value at each point of the
    chart (None where it is not there, or not shown)."""

    name: str
    side: int
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class Chart:
    title: str
    points: tuple[str, ...]
    """What each point is (the start, the end of each wave, the end)."""
    series: tuple[Series, ...]


def nice_top(value: float, *, whole: bool = False) -> tuple[float, float]:
    """The axis' top and its step: a round number at or above ``value``;
    ``whole``: counts, so no step under one (no 0.2 of a unit)."""
    if value <= 0:
        return 1.0, 1.0
    magnitude = 10 ** floor(log10(value))
    for step in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10):
        size = step * magnitude
        if whole and (size < 1 or size != int(size)):
            continue
        if value / size <= 5:
            return ceil(value / size) * size, size
    return value, value  # (unreachable: 10 × magnitude always fits)


def _number(value: float) -> str:
    return f"{value:g}"


def _marker(kind: str, x: float, y: float, cls: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" class="mc-{cls}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 4.5:.1f}L{x + 4.5:.1f} {y:.1f}L{x:.1f} {y + 4.5:.1f}L{x - 4.5:.1f} {y:.1f}Z" class="mc-{cls}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - 4.5:.1f}L{x + 4.5:.1f} {y + 3.5:.1f}L{x - 4.5:.1f} {y + 3.5:.1f}Z" class="mc-{cls}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.8" class="mc-{cls}"/>'


def _styles(series: tuple[Series, ...]) -> list[tuple[str, str]]:
    """Each line's dash (the n-th line of a side takes the n-th) and marker
    (one of its own, so lines that lie on each other still show both)."""
    seen: dict[int, int] = {}
    styles = []
    for index, line in enumerate(series):
        n = seen.get(line.side, 0)
        seen[line.side] = n + 1
        styles.append((DASHES[n % len(DASHES)], MARKERS[index % len(MARKERS)]))
    return styles


def chart_svg(chart: Chart, prefix: str, *, standalone: bool = False) -> str:
    """``chart`` drawn as an SVG picture whose ids start with ``prefix``."""
    canvas = Canvas(prefix=prefix, label=chart.title)
    values = [v for s in chart.series for v in s.values if v is not None]
    top, step = nice_top(max(values, default=0), whole=all(float(v).is_integer() for v in values))
    count = max(1, len(chart.points))
    gap = PLOT_W / max(1, count - 1) if count > 1 else 0

    def x_at(index: int) -> float:
        return LEFT + (index * gap if count > 1 else PLOT_W / 2)

    def y_at(value: float) -> float:
        return TOP + PLOT_H - value / top * PLOT_H

    canvas.write(LEFT, 20, chart.title, size=14, bold=True)
    ticks = int(round(top / step))
    for n in range(ticks + 1):
        y = y_at(n * step)
        canvas.add(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + PLOT_W}" y2="{y:.1f}" class="mc-rule-line"/>')
        canvas.write(LEFT - 8, y + 4, _number(n * step), size=SIZE - 1, cls="muted", anchor="end")
    # Labels that would overlap are thinned out, first and last kept.
    # A point's name is written where there is room for it: the last one
    # (the end) always, one too near the name before it not.
    shown: list[int] = []
    for index in range(count - 1, -1, -1):
        name = clip(chart.points[index], 18)
        if name and all(abs(x_at(index) - x_at(other)) >= (width(name, SIZE - 1) + width(clip(chart.points[other], 18), SIZE - 1)) / 2 + 8 for other in shown):
            shown.append(index)
    for index, point in enumerate(chart.points):
        x = x_at(index)
        canvas.add(f'<line x1="{x:.1f}" y1="{TOP + PLOT_H}" x2="{x:.1f}" y2="{TOP + PLOT_H + 4}" class="mc-muted-line"/>')
        if index in shown:
            anchor = "start" if index == 0 and count > 1 else "end" if index == count - 1 and count > 1 else "middle"
            canvas.write(x - 4 if anchor == "start" else x + 4 if anchor == "end" else x, TOP + PLOT_H + 18, clip(point, 18), size=SIZE - 1, cls="muted", anchor=anchor)
    for line, (dash, marker) in zip(chart.series, _styles(chart.series)):
        cls = side_class(line.side)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        run: list[str] = []
        runs: list[list[str]] = [run]
        for index, value in enumerate(line.values[:count]):
            if value is None:
                run = []
                runs.append(run)
                continue
            run.append(f"{x_at(index):.1f},{y_at(value):.1f}")
        for points in runs:
            if len(points) > 1:
                canvas.add(f'<polyline points="{" ".join(points)}" class="mc-{cls}-line" stroke-width="2.5"{dashes}/>')
        for index, value in enumerate(line.values[:count]):
            if value is not None:
                canvas.add(_marker(marker, x_at(index), y_at(value), cls))
    # The legend: a sample of each line and its name, in rows as wide as the plot.
    x, y = LEFT, TOP + PLOT_H + 44
    for line, (dash, marker) in zip(chart.series, _styles(chart.series)):
        name = clip(line.name, 34)
        need = 34 + width(name, SIZE) + 18
        if x + need > LEFT + PLOT_W + 20 and x > LEFT:
            x, y = LEFT, y + 20
        cls = side_class(line.side)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        canvas.add(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x + 26:.1f}" y2="{y - 4:.1f}" class="mc-{cls}-line" stroke-width="2.5"{dashes}/>')
        canvas.add(_marker(marker, x + 13, y - 4, cls))
        canvas.write(x + 34, y, name, size=SIZE)
        x += need
    canvas.width = LEFT + PLOT_W + 24
    canvas.height = y + 12
    return canvas.svg(standalone=standalone)


__all__ = ["Chart", "Series", "chart_svg", "nice_top"]
