"""Battles and rulesets on disk: TOML read and written atomically, an open
battle's session with its lock and journal, backups, where battles live,
the saved battles listed, and ruleset files read through the registry."""
