"""The Textual app: a system-neutral shell (app, launch, settings, help,
the one set of dialogs), shared widgets, and one package per system."""
