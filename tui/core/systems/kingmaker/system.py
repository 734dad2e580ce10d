"""Kingmaker Fantasy Battle in the registry: Pathfinder armies on a
battle mat, with facing, ranks, commands and morale."""

from __future__ import annotations

from tui.core.systems.kingmaker.game import GAME

SYSTEM = GAME
RULESET = GAME.ruleset

__all__ = ["RULESET", "SYSTEM"]
