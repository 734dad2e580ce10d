"""A quick roll: any dice expression the app knows, typed anywhere, with
its exact odds as it is typed, rolled with the battle's seed and kept in
the battle's log (so undo takes it back).

Expressions (case and spaces don't matter):

- a Battle Pool or skill roll, ``5b2s1g`` (Year Zero dice);
- Fate dice, ``4dF``, ``4dF+2``, ``dF-1 vs 3`` (the ruleset's dice count
  when the number is left out);
- a d20, ``d20``, ``d20+6 vs 17``;
- plain dice, whatever the system: ``2d6``, ``3d8+2``, ``d6 vs 4``.

The dice numbers come from the rulesets, handed in as ``QuickDice``: this
module knows no system.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from tui.core.dice.year_zero import Pool
from tui.core.errors import MassCombatError
from tui.core.history import QuickRoll
from tui.core.i18n import t
from tui.core.printout import Printout


class QuickRollError(MassCombatError):
    """A quick roll's expression the app cannot read."""


@dataclass(frozen=True)
class QuickDice:
    """The dice a quick roll knows: each installed system brings its own
    with its ruleset's numbers (``system.quick_dice``)."""

    families: tuple["DiceFamily", ...]


@dataclass(frozen=True)
class QuickSpec:
    family: "DiceFamily"
    """The kind of dice the expression names: it reads the odds, rolls and reads the faces."""
    text: str
    """The expression, tidied (``4dF+2 vs 3``)."""
    pool: Pool | None = None
    count: int = 0
    modifier: int = 0
    versus: int | None = None
    sides: int = 0

    @property
    def kind(self) -> str:
        return self.family.key


def signed_or_nothing(value: int) -> str:
    return f"{value:+d}" if value else ""


def versus_text(versus: int | None) -> str:
    return f" vs {versus}" if versus is not None else ""


class DiceFamily:
    """One kind of dice a quick roll knows, named by its dice (``yz``,
    ``dF``, ``d20``) and holding its ruleset's numbers: how its expression
    reads, its exact odds, a roll of it and what the faces came to."""

    key = ""

    def parse(self, squeezed: str) -> QuickSpec | None:
        """The spec if ``squeezed`` (lower case, no spaces) names these dice, else None."""
        raise NotImplementedError

    def odds(self, spec: QuickSpec) -> str:
        raise NotImplementedError

    def roll(self, spec: QuickSpec, rng: random.Random) -> tuple[int, ...]:
        raise NotImplementedError

    def result(self, spec: QuickSpec, faces: tuple[int, ...]) -> str:
        raise NotImplementedError

    # -- on the command line (``masscombat roll`` / ``odds``) ---------------------

    roll_options: frozenset[str] = frozenset()
    """The options of ``masscombat roll`` these dice take (``push``, ``cap``)."""
    odds_options: frozenset[str] = frozenset()
    """The options of ``masscombat odds`` these dice take (``pushes``, ``vs_pool``, ``vs_pushes``, ``cap``)."""

    def printed_roll(self, spec: QuickSpec, rng: random.Random, seed: int, options: DiceOptions) -> Printout:
        """``masscombat roll``: the roll, every face and the seed."""
        faces = self.roll(spec, rng)
        return Printout(t("cli.quick_roll", result=self.result(spec, faces), seed=seed), {"expression": spec.text, "faces": list(faces), "seed": seed})

    def printed_odds(self, spec: QuickSpec, options: DiceOptions) -> Printout:
        """``masscombat odds``: the exact chances."""
        chances = self.odds(spec)
        return Printout(f"{spec.text}: {chances}", {"expression": spec.text, "odds": chances})


@dataclass(frozen=True)
class DiceOptions:
    """The options ``masscombat roll`` and ``odds`` were given (each family
    says which it takes)."""

    push: int = 0
    cap: int | None = None
    pushes: int = 0
    vs_pool: str | None = None
    vs_pushes: int = 0


def parse_quick(text: str, dice: QuickDice) -> QuickSpec:
    """The expression read, or a ``QuickRollError`` saying what it should look like."""
    squeezed = re.sub(r"\s+", "", text.lower())
    if not squeezed:
        raise QuickRollError(t("quick.error.empty"))
    for family in dice.families:
        spec = family.parse(squeezed)
        if spec is not None:
            return spec
    raise QuickRollError(t("quick.error.unknown", text=text.strip()))


def quick_odds(spec: QuickSpec, dice: QuickDice) -> str:
    """The exact chances, in one line."""
    return spec.family.odds(spec)


def roll_quick(spec: QuickSpec, dice: QuickDice, rng: random.Random) -> tuple[int, ...]:
    """Every face rolled, in the order ``quick_result`` reads them."""
    return spec.family.roll(spec, rng)


def quick_result(spec: QuickSpec, faces: tuple[int, ...], dice: QuickDice) -> str:
    """What the dice came to, in one line."""
    return spec.family.result(spec, faces)


def quick_rolls_section(events: Any, dice: QuickDice, escape: Any = str) -> str:
    """The battle's quick rolls as a Markdown section for its report ("" if none)."""
    lines = []
    for event in events:
        if isinstance(event, QuickRoll):
            try:
                lines.append("- " + escape(quick_result(parse_quick(event.expression, dice), event.faces, dice)))
            except (MassCombatError, IndexError, KeyError):  # a log edited by hand: show what it says
                lines.append("- " + escape(f"{event.expression}: {event.faces}"))
    if not lines:
        return ""
    return "\n## " + t("quick.report_heading") + "\n\n" + "\n".join(lines) + "\n"


def quick_stream(seed: int, number: int) -> random.Random:
    """The dice of the battle's ``number``-th quick roll: fixed by its seed,
    so an undo and the same roll again show the same dice."""
    return random.Random(f"masscombat:{seed}:quick:{number}")


__all__ = ["DiceFamily", "DiceOptions", "QuickDice", "QuickRoll", "QuickRollError", "QuickSpec", "parse_quick", "quick_odds", "quick_result", "quick_rolls_section", "quick_stream", "roll_quick", "signed_or_nothing", "versus_text"]
