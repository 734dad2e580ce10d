"""How dice and their results are drawn: Unicode icons or plain ASCII.

Some terminals (and some SSH clients' fonts) can't draw ☢ ☠ ⚙; the ASCII
set keeps every face distinguishable with characters any terminal has.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.core.dice.year_zero import DieKind, Lock


@dataclass(frozen=True)
class Glyphs:
    name: str
    success: str
    bane: str
    gear_bane: str
    kind: dict[DieKind, str]
    unrolled: str
    turn: str
    rule: str

    def lock(self, lock: Lock | None, face: int) -> str:
        if lock is Lock.SUCCESS:
            return self.success
        if lock is Lock.BANE:
            return self.bane
        if lock is Lock.GEAR_BANE:
            return self.gear_bane
        return str(face)


UNICODE = Glyphs(
    name="unicode",
    success="☢",
    bane="☠",
    gear_bane="☠",  # a bane on a Support die: the memo prints it ☠☠
    kind={DieKind.BASE: "✘", DieKind.SKILL: "◎", DieKind.GEAR: "⚙"},
    unrolled="·",
    turn="▶",
    rule="─",
)

ASCII = Glyphs(
    name="ascii",
    success="*",
    bane="X",
    gear_bane="X",
    kind={DieKind.BASE: "B", DieKind.SKILL: "S", DieKind.GEAR: "G"},
    unrolled=".",
    turn=">",
    rule="-",
)

GLYPH_SETS = {g.name: g for g in (UNICODE, ASCII)}


def letters_shown() -> bool:
    """Pools are typed as 5b2s1g (Battle, Strategy, Support), letters of the
    English words: shown in English, while German shows the dice's symbols
    alone (the letters there would name nothing)."""
    from tui.core.i18n import language

    return language() == "en"


def pool_shown(base: int, skill: int, gear: int, g: Glyphs, notation: str) -> str:
    """A pool for reading: ``notation`` (5b2s1g) in English, the symbols
    with their counts (✘5 ◎2 ⚙1) in German."""
    if letters_shown():
        return notation
    parts = [f"{g.kind[kind]}{count}" for kind, count in ((DieKind.BASE, base), (DieKind.SKILL, skill), (DieKind.GEAR, gear)) if count]
    return " ".join(parts) or "0"
