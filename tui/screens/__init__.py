"""Screens: the main modes and their dialogs."""
