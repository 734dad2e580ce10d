"""The dice tray: a Battle Pool drawn as dice, before and after the roll."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.core.dice.year_zero import KINDS, DieKind, Lock, Pool, YearZeroRoll
from tui.core.i18n import t
from tui.ui.glyphs import UNICODE, Glyphs

CELL = 3  # " 6 "
GAP = 1


class DiceTray(Widget):
    """One row per kind of die, each die a coloured cell showing its face.

    Before the roll the cells are blank (the pool being built); after it,
    a success, bane or damaged Support die shows its icon, and Strategy dice
    spent on pushes trail the row struck through.
    """

    COMPONENT_CLASSES = {
        "dice-tray--base",
        "dice-tray--skill",
        "dice-tray--gear",
        "dice-tray--success",
        "dice-tray--bane",
        "dice-tray--spent",
        "dice-tray--label",
    }

    DEFAULT_CSS = """
    DiceTray {
        height: auto;
        min-height: 3;
        & > .dice-tray--base { background: #c99700; color: #1a1a1a; }
        & > .dice-tray--skill { background: #2e7d32; color: #f0f0f0; }
        & > .dice-tray--gear { background: #4a4a4a; color: #f0f0f0; }
        & > .dice-tray--success { text-style: bold; color: #ffffff; }
        & > .dice-tray--bane { text-style: bold; color: #ff5555; }
        & > .dice-tray--spent { color: $text-muted; text-style: strike; }
        & > .dice-tray--label { color: $text-muted; }
        &:ansi {
            & > .dice-tray--base { background: ansi_yellow; color: ansi_black; }
            & > .dice-tray--skill { background: ansi_green; color: ansi_black; }
            & > .dice-tray--gear { background: ansi_bright_black; color: ansi_white; }
            & > .dice-tray--success { color: ansi_bright_white; text-style: bold; }
            & > .dice-tray--bane { color: ansi_red; text-style: bold; }
            & > .dice-tray--spent { color: ansi_bright_black; text-style: strike; }
            & > .dice-tray--label { color: ansi_default; }
        }
    }
    """

    pool: reactive[Pool] = reactive(Pool, layout=True)
    """The pool being built (shown as blank dice while nothing is rolled)."""
    roll: reactive[YearZeroRoll | None] = reactive(None, layout=True)
    """The roll on the table, if any; it takes precedence over ``pool``."""
    glyphs: reactive[Glyphs] = reactive(UNICODE, layout=True)
    """Unicode icons or the ASCII fallback."""

    def _style(self, name: str):
        return self.get_component_rich_style(f"dice-tray--{name}", partial=True)

    def rows(self) -> list[tuple[DieKind, list[tuple[str, str | None]]]]:
        """Per kind: (text, emphasis) for each die; emphasis in success/bane/spent."""
        rows: list[tuple[DieKind, list[tuple[str, str | None]]]] = []
        if self.roll is None:
            for kind in KINDS:
                if self.pool.count(kind):
                    rows.append((kind, [(self.glyphs.unrolled, None)] * self.pool.count(kind)))
            return rows
        spent = {i for i, _ in self.roll.spent()}
        for kind in KINDS:
            cells: list[tuple[str, str | None]] = []
            trailing: list[tuple[str, str | None]] = []
            for index, die in enumerate(self.roll.dice):
                if die.kind is not kind:
                    continue
                if index in spent:
                    lock = self.roll.rules.lock(kind, die.face)
                    trailing.append((self.glyphs.lock(lock, die.face), "spent"))
                    continue
                lock = self.roll.lock(index)
                emphasis = "success" if lock is Lock.SUCCESS else ("bane" if lock else None)
                cells.append((self.glyphs.lock(lock, die.face), emphasis))
            if cells or trailing:
                rows.append((kind, cells + trailing))
        return rows

    def render(self) -> Text:
        width = max(self.size.width, CELL + 3)
        per_line = max(1, (width - 3) // (CELL + GAP))
        text = Text(no_wrap=True, overflow="crop")
        rows = self.rows()
        if not rows:
            text.append(t("roller.no_dice"), self._style("label"))
            return text
        for number, (kind, cells) in enumerate(rows):
            for start in range(0, len(cells), per_line):
                if number or start:
                    text.append("\n")
                label = f"{self.glyphs.kind[kind]} " if start == 0 else "  "
                text.append(label + " ", self._style("label"))
                for face, emphasis in cells[start : start + per_line]:
                    if emphasis == "spent":
                        text.append(f"({face})", self._style("spent"))
                    else:
                        style = self._style(kind.value)
                        if emphasis:
                            style = style + self._style(emphasis)
                        text.append(f" {face} ", style)
                    text.append(" " * GAP)
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        per_line = max(1, (max(width, CELL + 3) - 3) // (CELL + GAP))
        rows = self.rows()
        return max(1, sum(-(-len(cells) // per_line) for _, cells in rows))


def stage_line(roll: YearZeroRoll, stage: int, glyphs: Glyphs) -> Text:
    """One line of a roll's history: every face at that stage, icons for locks."""
    text = Text(no_wrap=True, overflow="ellipsis")
    label = t("roller.stage_roll") if stage == 0 else t("roller.stage_push", number=stage)
    text.append(label.ljust(8) + " ", "dim")
    faces = roll.stage(stage)
    parts = []
    for kind in KINDS:
        if not faces[kind]:
            continue
        shown = " ".join(glyphs.lock(roll.rules.lock(kind, f), f) for f in faces[kind])
        parts.append(f"{glyphs.kind[kind]} {shown}")
    text.append(" │ ".join(parts) if glyphs.name == "unicode" else " | ".join(parts))
    return text
