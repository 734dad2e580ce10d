"""The shell every system shares: help, settings, the dialogs, the battle screen base, the start screen."""
