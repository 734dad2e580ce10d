"""Kingmaker Fantasy Battle in the registry: its ruleset only, for now."""

from __future__ import annotations

from tui.core.system import RulesetSpec
from tui.core.systems.kingmaker.rules import KingmakerRuleset

RULESET = RulesetSpec("kingmaker", "kingmaker-fantasy-battle.toml", KingmakerRuleset)
