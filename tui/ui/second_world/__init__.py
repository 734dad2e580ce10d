"""Second World Armed Conflict in the app: the cast and the zone map with its edges."""

# Its words (tui/core/systems/second_world/locales) join the catalogs with its core
# package, before any screen of it asks for them.
import tui.core.systems.second_world  # noqa: F401
