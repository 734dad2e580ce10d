"""Widgets: each draws what it is given and posts messages up."""
