"""Fate: This Means War in the app: the army builder and the zone board."""
