"""The story's Markdown: headings, lists and pipe tables, a name escaped
in a cell, the dice glyphs always set apart by spaces (so ``--ascii`` never
turns them into emphasis), and the words in the language asked for."""

from __future__ import annotations

import re
from typing import Callable, Iterable, Sequence

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import catalog, tr
from tui.core.markdown import md_text
from tui.core.ruleset_base import Named
from tui.core.systems.myz.state import MyzState


SUCCESS, BANE = "☢", "☠"
GLYPH = {DieKind.BASE: "✘", DieKind.SKILL: "◎", DieKind.GEAR: "⚙"}
NEGATIVE = "-◎"


# -- Markdown -------------------------------------------------------------------


def cell(text: object) -> str:
    """Text for a table cell: a ``|`` cannot end the cell (user text comes
    already escaped by ``md_text``, its ``|`` as ``\\|``)."""
    return re.sub(r"(?<!\\)\|", r"\\|", str(text))


def signed(value: int) -> str:
    return f"{value:+d}"


def faces_text(faces: Iterable[int]) -> str:
    return " ".join(str(face) for face in faces)


class Writer:
    """The report's lines, with the language and ruleset at hand."""

    def __init__(self, game: MyzState, language: str):
        catalog(language)  # refuse an unknown language before writing anything
        self.lang = language
        self.rules = game.rules
        self.game = game
        self.names = tuple(md_text(name) for name in game.names)
        self.lines: list[str] = []

    # words

    def t(self, key: str, /, **params: object) -> str:
        return tr(self.lang, key, **params)

    def yes_no(self, value: bool) -> str:
        return self.t("report.yes") if value else self.t("report.no")

    def named(self, table: str, key: str | None) -> str:
        """A ruleset row's name in the language, or the key itself when a house rule lacks it."""
        if not key:
            return ""
        finders: dict[str, Callable[[str], Named]] = {
            "strategy": self.rules.strategy,
            "class": self.rules.special_class,
            "project": self.rules.ark_project,
            "terrain": self.rules.terrain_advantage,
            "fortification": self.rules.fortification,
            "environment": self.rules.environment_type,
            "skill": self.rules.skill,
            "margin": lambda k: next(row for row in self.rules.margins if row.key == k),
            "position": self.rules.position,
            "recon": lambda k: next(row for row in self.rules.reconnaissance.factors if row.key == k),
            "retaliation": lambda k: next(row for row in self.rules.retaliation.factors if row.key == k),
        }
        lookup = finders[table]
        try:
            return md_text(lookup(key).name(self.lang))
        except (KeyError, StopIteration):
            return md_text(key)

    # blocks

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def heading(self, level: int, text: str) -> None:
        self.add("#" * level + " " + text, "")

    def para(self, text: str) -> None:
        self.add(text, "")

    def bullets(self, items: Iterable[str]) -> None:
        items = list(items)
        if items:
            self.add(*(f"- {item}" for item in items), "")

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> None:
        """A pipe table; ``align`` gives each column ``l`` or ``r`` (left by default)."""
        rows = [list(row) for row in rows]
        if not rows:
            return
        marks = ["---:" if (align[i:i + 1] == "r") else "---" for i in range(len(headers))]
        self.add("| " + " | ".join(cell(h) for h in headers) + " |")
        self.add("| " + " | ".join(marks) + " |")
        for row in rows:
            self.add("| " + " | ".join(cell(value) for value in row) + " |")
        self.add("")

    def text(self) -> str:
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n"
