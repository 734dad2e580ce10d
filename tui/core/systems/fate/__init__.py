"""Fate: This Means War, the mass-battle hack for Fate Core (English and
German). ``rules`` is the ruleset's shape."""
