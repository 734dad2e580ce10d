"""Mutant: Year Zero — Mass Combat in the app: its modes, screens, flows and widgets."""
