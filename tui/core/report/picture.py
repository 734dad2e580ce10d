"""A moment of the battle as a picture: the panel a system fills for the
players' view (``Panel``) drawn in SVG, with its board (zone cards and
the edges between them, or the square mat), each side's forces and the
turn.

The players' copy of a report draws the very panel the players' view
showed (redacted by identity); the GM's copy draws the same panel with
nothing hidden. Drawing from the panel, not from a terminal screenshot,
keeps the core free of the terminal and the picture as sharp as a PNG
needs.
"""

from __future__ import annotations

import re

from tui.core.i18n import t
from tui.core.panel import Card, Mat, Panel, ZoneMap
from tui.core.report.svg import CHAR, Canvas, clip, side_class, text, wrap

PAD = 16
SIZE = 13
LINE = 18
CARD_W = 200
CARD_GAP = 44
"""Room between zone cards for an edge's costs."""
CARD_COLS = int((CARD_W - 16) / (SIZE * CHAR))
WIDE = 820
"""The picture's least width: the sides' columns fill it."""


def _card_lines(card: Card) -> list[tuple[str, str, bool]]:
    """A zone card's lines: (text, class, bold)."""
    lines = [(line, "muted", False) for aspect in card.aspects for line in wrap(aspect, CARD_COLS)]
    if card.hidden:
        lines.append((t("report.face_down", count=card.hidden), "muted", False))
    for occupant in card.occupants:
        mark = {"out": "✘ ", "done": "✓ ", "active": "▶ "}.get(occupant.state, "● ")
        words = mark + occupant.label + (f" {occupant.detail}" if occupant.detail else "")
        cls = "muted" if occupant.state == "out" else side_class(occupant.side)
        lines.extend((line, cls, occupant.state == "active") for line in wrap(words, CARD_COLS))
    return lines


def _zones(canvas: Canvas, board: ZoneMap, top: float) -> float:
    """The zone cards on their grid with the edges between them; the y below."""
    if not board.cards:
        return top
    cols = max(c.col for c in board.cards) + 1
    rows = max(c.row for c in board.cards) + 1
    heights = [0.0] * rows
    for card in board.cards:
        heights[card.row] = max(heights[card.row], 30 + LINE * len(_card_lines(card)) + 6)
    row_top = [top]
    for height in heights:
        row_top.append(row_top[-1] + height + CARD_GAP)
    canvas.width = max(canvas.width, PAD * 2 + cols * CARD_W + (cols - 1) * CARD_GAP)

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        col, row = cell
        row = min(row, rows - 1)
        return PAD + col * (CARD_W + CARD_GAP) + CARD_W / 2, row_top[row] + heights[row] / 2

    # Edges first: the cards are drawn over their ends.
    for edge in board.edges:
        (x1, y1), (x2, y2) = centre(edge.a), centre(edge.b)
        cls = "closed-line" if edge.closed else "muted-line"
        dash = ' stroke-dasharray="6 4"' if edge.closed else ""
        canvas.add(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="mc-{cls}" stroke-width="2"{dash}/>')
    for card in board.cards:
        x = PAD + card.col * (CARD_W + CARD_GAP)
        y = row_top[card.row]
        canvas.box(x, y, CARD_W, heights[card.row])
        canvas.write(x + 8, y + 20, clip(card.title, CARD_COLS), bold=True)
        for n, (line, cls, bold) in enumerate(_card_lines(card)):
            canvas.write(x + 8, y + 20 + LINE * (n + 1), line, size=SIZE - 1, cls=cls, bold=bold)
    # An edge's costs on a label of its own, over the line between the cards.
    for edge in board.edges:
        if not edge.costs and not edge.closed:
            continue
        (x1, y1), (x2, y2) = centre(edge.a), centre(edge.b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        label = clip(edge.costs, 12) if edge.costs else "✘"
        w = len(label) * (SIZE - 2) * CHAR + 10
        canvas.box(mx - w / 2, my - 10, w, 18, cls="bg", line="closed" if edge.closed else "rule", radius=9)
        canvas.write(mx, my + 3.5, label, size=SIZE - 2, cls="closed" if edge.closed else "ink", anchor="middle")
    bottom = row_top[-1] - CARD_GAP + 8
    for line in board.key:
        bottom += LINE
        canvas.write(PAD, bottom - 4, clip(line, 110), size=SIZE - 1, cls="muted")
    return bottom


def _letters(panel: Panel) -> dict[str, int]:
    """A mat's army letters and their sides, from the sides' lines
    (``A Restov Lancers · …``)."""
    found: dict[str, int] = {}
    for side, listed in enumerate(panel.sides):
        for line in listed.lines:
            if len(line) > 1 and line[0].isalpha() and line[1] == " ":
                found[line[0]] = side
    return found


def _mat_line(line: str, letters: dict[str, int]) -> str:
    """One line of the mat as tspans: each army's letter in its side's colour."""
    if not letters:
        return text(line)
    pattern = re.compile("([" + re.escape("".join(letters)) + "])")
    parts = []
    for piece in pattern.split(line):
        if len(piece) == 1 and piece in letters:
            parts.append(f'<tspan class="mc-{side_class(letters[piece])}" font-weight="bold">{text(piece)}</tspan>')
        elif piece:
            parts.append(text(piece))
    return "".join(parts)


def _mat(canvas: Canvas, panel: Panel, board: Mat, top: float) -> float:
    letters = _letters(panel)
    size = SIZE - 1
    step = size * 1.25
    columns = max((len(line) for line in board.lines), default=0)
    w = columns * size * CHAR + 20
    h = step * len(board.lines) + 16
    canvas.box(PAD, top, w, h)
    for n, line in enumerate(board.lines):
        y = top + 8 + step * (n + 1) - 3
        canvas.add(f'<text x="{PAD + 10}" y="{y:.1f}" font-size="{size}" class="mc-ink" xml:space="preserve">{_mat_line(line, letters)}</text>')
    x = PAD + w + 20
    legend_cols = 34
    canvas.width = max(canvas.width, x + legend_cols * size * CHAR + PAD)
    y = top + 16
    for line in board.legend:
        cls = side_class(letters[line[0]]) if line and line[0] in letters else "ink"
        canvas.write(x, y, clip(line, legend_cols), size=size, cls=cls)
        y += LINE
    if board.key:
        y += 6
        for line in board.key:
            canvas.write(x, y, clip(line, legend_cols), size=size, cls="muted")
            y += LINE
    return top + max(h, y - top) + 8


def panel_svg(panel: Panel, prefix: str, moment: str, *, standalone: bool = False, titled: bool = True) -> str:
    """The battle at one moment: ``moment`` says which (the end of wave 2),
    as its title unless ``titled`` is False (a page's heading says it);
    ids start with ``prefix``."""
    canvas = Canvas(prefix=prefix, label=f"{moment}: {panel.headline}", width=WIDE)
    y: float = PAD + 2
    if titled:
        y += 12
        canvas.write(PAD, y, clip(moment, 90), size=SIZE + 3, bold=True)
        y += LINE + 2
    else:
        y += 12
    for line in wrap(panel.headline, 96):
        canvas.write(PAD, y, line, cls="muted")
        y += LINE
    y += 6
    board = panel.board
    if isinstance(board, ZoneMap) and board.cards:
        y = _zones(canvas, board, y) + 10
    elif isinstance(board, Mat) and board.lines:
        y = _mat(canvas, panel, board, y) + 10
    sides = panel.sides
    if sides:
        columns = len(sides) if len(sides) <= 3 else 2
        col_w = (max(canvas.width, WIDE) - 2 * PAD - (columns - 1) * 20) / columns
        chars = int(col_w / ((SIZE - 1) * CHAR))
        bottom = y
        for start in range(0, len(sides), columns):
            row_y = bottom
            for n, side in enumerate(sides[start : start + columns]):
                index = start + n
                x = PAD + n * (col_w + 20)
                sy = row_y + 14
                canvas.add(f'<rect x="{x:.1f}" y="{row_y:.1f}" width="{col_w:.1f}" height="3" class="mc-{side_class(index)}"/>')
                sy += 8
                canvas.write(x, sy, clip(side.name, chars), size=SIZE + 1, cls=side_class(index), bold=True)
                for line in side.lines:
                    for piece in wrap(line, chars):
                        sy += LINE - 1
                        canvas.write(x, sy, piece, size=SIZE - 1)
                bottom = max(bottom, sy + 12)
        y = bottom
    for line in panel.status:
        for piece in wrap(line, 110):
            y += LINE - 2
            canvas.write(PAD, y, piece, size=SIZE - 1, cls="muted")
    canvas.width = max(canvas.width, WIDE)
    canvas.height = y + PAD
    return canvas.svg(standalone=standalone)


__all__ = ["panel_svg"]
