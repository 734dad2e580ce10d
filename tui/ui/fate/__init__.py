"""Fate: This Means War in the app: the army builder and the zone board."""

# Its words (tui/core/systems/fate/locales) join the catalogs with its core
# package, before any screen of it asks for them.
import tui.core.systems.fate  # noqa: F401
