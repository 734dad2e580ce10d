"""Fate: This Means War, the mass-battle hack for Fate Core (English and
German). ``rules`` is the ruleset's shape."""

from pathlib import Path

from tui.core.i18n import add_catalogs

# The system's own words (locales/) join the catalogs as soon as any of its
# modules is imported, so they are there wherever its code asks for them.
add_catalogs(Path(__file__).resolve().parent / "locales")
