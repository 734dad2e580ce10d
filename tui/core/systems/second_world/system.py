"""Second World Armed Conflict in the registry: its ruleset, until the
conflict itself is playable."""

from __future__ import annotations

from tui.core.system import RulesetSpec
from tui.core.systems.second_world.rules import SecondWorldRuleset

RULESET = RulesetSpec("second_world", "second-world-armed-conflict.toml", SecondWorldRuleset)
