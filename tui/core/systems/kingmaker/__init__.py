"""Kingmaker Fantasy Battle: so far only the d20 attack its ruleset gives
the command line; the battle itself comes with its own issue."""
