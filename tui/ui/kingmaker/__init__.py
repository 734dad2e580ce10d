"""Kingmaker Fantasy Battle in the app: the army builder and the battle mat."""

# Its words (tui/core/systems/kingmaker/locales) join the catalogs with its core
# package, before any screen of it asks for them.
import tui.core.systems.kingmaker  # noqa: F401
