"""Mutant: Year Zero — Mass Combat in the app: its modes, screens, flows and widgets."""

# Its words (tui/core/systems/myz/locales) join the catalogs with its core
# package, before any screen of it asks for them.
import tui.core.systems.myz  # noqa: F401
