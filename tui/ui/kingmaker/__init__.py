"""Kingmaker Fantasy Battle in the app: the army builder and the battle mat."""
