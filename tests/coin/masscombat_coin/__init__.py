"""Coin Toss: a made-up rule system of its own package (see README.md)."""

from pathlib import Path

from tui.core.i18n import add_catalogs

# Its words in English and German join the app's catalogs on import.
add_catalogs(Path(__file__).resolve().parent / "locales")
