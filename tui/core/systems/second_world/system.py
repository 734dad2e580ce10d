"""Second World Armed Conflict in the registry: a Fate conflict on a zone
map whose edges cost shifts to open, cross and close."""

from __future__ import annotations

from tui.core.systems.second_world.game import GAME

SYSTEM = GAME
RULESET = GAME.ruleset

__all__ = ["RULESET", "SYSTEM"]
