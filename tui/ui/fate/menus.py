"""The zone board's action menus (see ``shell.menus``)."""

from __future__ import annotations

from tui.core.systems.fate.rules import shipped
from tui.ui.shell.menus import data_menu, menu

OVERCOME = menu("fate.overcome", "break_pin", "enter", "dash")
ADVANTAGE = data_menu("fate.advantage", lambda: (*(u.key for u in shipped().create_advantage.uses), "other", "maintain"))
"""The text's create-an-advantage uses, something else, and keeping a pin up."""
LEADER = menu("fate.leader", "give", "recover", "rally", "leader_attack", "detach", "attach")
SECOND_ACTION = menu("fate.second_action", "leader", "fate_point")
INVOKE = menu("fate.invoke", "bonus_free", "bonus_paid", "reroll_free", "reroll_paid")
ATTACK_STYLE = menu("fate.attack_style", "all_shifts", "boost")
FAILED = menu("fate.failed", "fail", "at_cost")
DASH_STYLE = menu("fate.dash_style", "two_zones", "boost")
HIT = menu("fate.hit", "consequences", "taken_out")
ENTER_OPPOSITION = menu("fate.enter_opposition", "defender", "terrain")
SPEND = menu("fate.spend", "fate_point", "reinforce")
GM = menu("fate.gm", "fate_points", "defeat_leader", "remove_aspect")
"""Entering a zone that has both enemies and hindering terrain: who opposes."""

__all__ = ["ADVANTAGE", "ATTACK_STYLE", "DASH_STYLE", "ENTER_OPPOSITION", "FAILED", "GM", "HIT", "INVOKE", "LEADER", "OVERCOME", "SECOND_ACTION"]
