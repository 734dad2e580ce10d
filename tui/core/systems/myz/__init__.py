"""Mutant: Year Zero — Mass Combat: a whole battle from muster to the last wave.

``rules`` is the ruleset's shape, ``army`` the muster, ``pool`` where each
Battle Pool die comes from, ``strategy`` the thirteen strategies and their
restrictions, ``wave`` the six phases as events, ``end_phase`` casualties
and retaliation. Nothing here imports the others' callers, so each module
can be read and tested on its own.
"""

from pathlib import Path

from tui.core.i18n import add_catalogs

# The system's own words (locales/) join the catalogs as soon as any of its
# modules is imported, so they are there wherever its code asks for them.
add_catalogs(Path(__file__).resolve().parent / "locales")
