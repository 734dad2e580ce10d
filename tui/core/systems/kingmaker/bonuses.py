"""The effects on a unit at a moment of the battle, beyond those its army
always carries (already in its derived Offense and Defense): the tactic
it uses, the battlefield conditions, what holds while it is bloodied, and
what the GM ticks at a roll (a ``gm`` effect: "the enemy is unmounted").

A tick is written ``source:key`` (``tactic:dirty_fighters``,
``boon:merciless``) in the roll's event, so the report can say why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from tui.core.errors import RuleViolation
from tui.core.i18n import t
from tui.core.systems.kingmaker import fixes
from tui.core.systems.kingmaker.rule_rows import Effect
from tui.core.systems.kingmaker.state import KMState


@dataclass(frozen=True)
class Active:
    source: str
    key: str
    effect: Effect

    @property
    def tick(self) -> str:
        return f"{self.source}:{self.key}"


def bloodied(state: KMState, key: str) -> bool:
    full = state.derived[key].hp.total
    first = state.rules.morale.thresholds[0]
    return state.hp(key) * 100 <= full * first.percent


def _candidates(state: KMState, key: str) -> Iterable[Active]:
    unit = state.unit(key)
    for effect in state.rules.tactic(unit.tactic).effects:
        yield Active("tactic", unit.tactic, effect)
    for found in state.derived[key].situational:
        yield Active(found.source, found.key, found.effect)
    for condition in state.conditions:
        for effect in state.rules.condition(condition).effects:
            yield Active("condition", condition, effect)
    track = state.rules.strategy
    if track.enabled:
        step = unit.strategy or track.start
        for effect in track.steps[track.index(step)].effects:
            yield Active("strategy", step, effect)


def tickable(state: KMState, key: str) -> tuple[Active, ...]:
    """The GM's calls a roll of this unit may tick (not a once-a-battle one used)."""
    unit = state.unit(key)
    return tuple(a for a in _candidates(state, key) if a.effect.when == "gm" and a.tick not in unit.used)


def once_a_battle(state: KMState, tick: str) -> bool:
    """Whether ticking ``tick`` spends it for the battle: a tactic or a boon
    the ruleset marks once a battle (a boon since ``fixes.TRIAGE_HEALS``).
    Not a special ability: many of those once-a-battle ones last for the
    rest of the battle once begun (Rage, Challenge), so the GM ticks them
    at each roll they count for."""
    source, _, key = tick.partition(":")
    rules = state.rules
    if source == "tactic":
        return rules.tactic(key).once_per_battle
    if source == "boon" and fixes.TRIAGE_HEALS in state.mended:
        return rules.boon(key).once_per_battle
    return False


def active(state: KMState, key: str, ticks: Iterable[str] = ()) -> tuple[Active, ...]:
    """Every effect on the unit now: always, bloodied when it is, ticked by the GM."""
    ticked = set(ticks)
    offered = {a.tick for a in tickable(state, key)}
    unknown = ticked - offered
    if unknown:
        raise RuleViolation(t("km.rule.bad_tick", tick=sorted(unknown)[0]))
    hurt = bloodied(state, key)
    found = []
    for a in _candidates(state, key):
        if a.effect.when == "always" and a.source in ("tactic", "condition", "strategy"):
            found.append(a)
        elif a.effect.when == "bloodied" and hurt:
            found.append(a)
        elif a.effect.when == "gm" and a.tick in ticked:
            found.append(a)
    return tuple(found)


def total(effects: Iterable[Active], *fields: str) -> int:
    return sum(int(getattr(a.effect, f)) for a in effects for f in fields)


__all__ = ["Active", "active", "bloodied", "once_a_battle", "tickable", "total"]
