"""Second World Armed Conflict: a Fate conflict on a zone map whose edges
cost shifts to open, cross and close."""

from pathlib import Path

from tui.core.i18n import add_catalogs

# The system's own words (locales/) join the catalogs as soon as any of its
# modules is imported, so they are there wherever its code asks for them.
add_catalogs(Path(__file__).resolve().parent / "locales")
