"""Second World Armed Conflict in the app: the cast and the zone map with its edges."""
