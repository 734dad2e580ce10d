"""The shape of ``rulesets/kingmaker-fantasy-battle.toml``: for now the d20
attack that ``masscombat roll d20`` and ``odds d20`` use."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tui.core.records import Record
from tui.core.ruleset_base import RulesetInfo


class D20Attack(Record):
    die: Annotated[int, Field(ge=2, le=100)]
    natural_hit_face: Annotated[int, Field(ge=0, le=100)]
    natural_miss_face: Annotated[int, Field(ge=0, le=100)]
    crit_face: Annotated[int, Field(ge=1, le=100)]
    crit_extra_damage: Annotated[int, Field(ge=0, le=999)]
    minimum_damage: Annotated[int, Field(ge=0, le=999)]


class KingmakerRuleset(Record):
    ruleset: RulesetInfo
    attack: D20Attack


def bundled() -> KingmakerRuleset:
    from tui.core.rulesets import bundled_ruleset

    ruleset = bundled_ruleset("kingmaker")
    assert isinstance(ruleset, KingmakerRuleset)
    return ruleset


__all__ = ["D20Attack", "KingmakerRuleset", "bundled"]
