"""``apply(state, event)`` for every kind of step, and ``initial_state``."""

from __future__ import annotations

from typing import Any, Callable

from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle_pool import BattlePoolState, PoolSide
from tui.core.dice.year_zero import Pool, YearZeroRules
from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.myz import after_battle as ab
from tui.core.systems.myz import before_battle as bb
from tui.core.systems.myz import engine as en
from tui.core.systems.myz.army import Army, Battlefield
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState

_HANDLERS: dict[type[Any], Callable[[MyzState, Any], MyzState]] = {**bb.HANDLERS, **en.HANDLERS, **ab.HANDLERS}
"""Each kind of step → the rules that take it (the muster and what comes
before the first wave in ``before_battle``, the wave in ``engine``, what
follows the Battle roll in ``after_battle``)."""


def apply(state: MyzState, event: m.Event) -> MyzState:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise RuleViolation(t("myz.error.unknown_step", kind=getattr(event, "kind", type(event).__name__)))
    return handler(state, event)


def initial_state(names: tuple[str, str], pools: tuple[Pool, Pool], first: int, armies: tuple[Army, Army], battlefield: Battlefield, rules: MyzRuleset, yz: YearZeroRules) -> MyzState:
    roller = BattlePoolState(sides=(PoolSide(names[0], pools[0]), PoolSide(names[1], pools[1])), first=first, rules=yz)
    return MyzState(rules=rules, names=names, armies=armies, battlefield=battlefield, roller=roller, first=first)


__all__ = ["apply", "initial_state"]
