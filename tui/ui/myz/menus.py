"""The Mass Combat screens' action menus (see ``shell.menus``)."""

from __future__ import annotations

from tui.core.systems.myz.rules import shipped
from tui.ui.shell.menus import data_menu, menu

CHECK = menu("myz.check", "roll", "type", "mutation")
"""A skill check: rolled in the app, its successes typed from the table, or
(Action and Support phases) a mutation used instead, paid in mutation points."""
RECONNAISSANCE = menu("myz.reconnaissance", "roll", "skip")
AMBUSH = menu("myz.ambush", "take", "surprise_only")
INITIATIVE = menu("myz.initiative", "roll", "bonus", "first")
STRATEGY = data_menu("myz.strategy", lambda: tuple(s.key for s in shipped().strategies))
PARLEY = menu("myz.parley", "accept", "decline")
ACTION = menu("myz.action", "grant", "remarkable", "commando", "none")
SUPPORT = menu("myz.support", "done", "repair", "mend", "rally")
TRUCE = menu("myz.truce", "next", "end")
GM = menu("myz.gm", "battle_level", "fighters", "confused", "unit", "position")
"""The GM's final say over a force (g)."""

__all__ = ["ACTION", "AMBUSH", "CHECK", "GM", "INITIATIVE", "PARLEY", "RECONNAISSANCE", "STRATEGY", "SUPPORT", "TRUCE"]
