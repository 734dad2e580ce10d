"""``masscombat roll`` and ``masscombat odds``: dice written as the app's
quick roll reads them (``5b2s1g``, ``4dF+2 vs 3``, ``d20+6 vs 17``), read
by whichever installed system brings those dice; each kind of dice prints
its own roll and its own table of chances."""

from __future__ import annotations

import argparse
import re

from tui.cli.output import emit_printout, seeded, where
from tui.core.dice.quick import DiceFamily, DiceOptions, QuickRollError, QuickSpec, parse_quick
from tui.core.i18n import t
from tui.core.system import quick_dice

_OPTIONS = {"push": "--push", "cap": "--cap", "pushes": "--pushes", "vs_pool": "--vs", "vs_pushes": "--vs-pushes"}


def _expression(args: argparse.Namespace) -> str:
    return " ".join(args.dice)


def _read(args: argparse.Namespace, taken: str) -> tuple[QuickSpec, DiceOptions]:
    """The dice and the options the command was given; ``--vs`` is the
    opposing pool where the dice take one, else the ``vs`` of the dice."""
    dice = quick_dice()
    if not dice.families:
        raise QuickRollError(t("cli.no_dice"))
    text = _expression(args)
    pool_against: str | None = None
    try:
        spec = parse_quick(text, dice)
    except QuickRollError:
        # "5b2s vs 3b1s": a pool against a pool, where the dice take one
        found = re.fullmatch(r"(.+?)\s*\bvs\b\s*(.+)", text.strip(), re.IGNORECASE)
        if found is None:
            raise
        spec = parse_quick(found[1], dice)
        if "vs_pool" not in getattr(spec.family, taken):
            raise
        pool_against = found[2]
    versus = getattr(args, "vs", None)
    takes: frozenset[str] = getattr(spec.family, taken)
    if pool_against is not None and versus is not None:
        raise QuickRollError(t("cli.not_for", option="--vs", expression=text))
    if versus is not None and "vs_pool" in takes:
        pool_against = versus
    elif versus is not None:
        spec = parse_quick(f"{text} vs {versus}", dice)
    options = DiceOptions(
        push=getattr(args, "push", 0) or 0, cap=getattr(args, "cap", None), pushes=getattr(args, "pushes", 0) or 0,
        vs_pool=pool_against, vs_pushes=getattr(args, "vs_pushes", 0) or 0,
    )
    _refuse_stray(spec, options, takes)
    return spec, options


def _refuse_stray(spec: QuickSpec, options: DiceOptions, takes: frozenset[str]) -> None:
    """An option these dice don't take is an error, not silently ignored."""
    given = {"push": options.push, "cap": options.cap, "pushes": options.pushes, "vs_pool": options.vs_pool, "vs_pushes": options.vs_pushes}
    for name, value in given.items():
        if value not in (None, 0) and name not in takes:
            raise QuickRollError(t("cli.not_for", option=_OPTIONS[name], expression=spec.text))



def roll(args: argparse.Namespace) -> int:
    with where(f"roll {_expression(args)}"):
        spec, options = _read(args, "roll_options")
        family: DiceFamily = spec.family
        seed, rng = seeded(args)
        printout = family.printed_roll(spec, rng, seed, options)
    return emit_printout(args, printout)


def odds(args: argparse.Namespace) -> int:
    with where(f"odds {_expression(args)}"):
        spec, options = _read(args, "odds_options")
        printout = spec.family.printed_odds(spec, options)
    return emit_printout(args, printout)


__all__ = ["odds", "roll"]
