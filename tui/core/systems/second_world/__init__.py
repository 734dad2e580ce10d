"""Second World Armed Conflict: a Fate conflict on a zone map whose edges
cost shifts to open, cross and close."""
