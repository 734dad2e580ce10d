"""Choosing battle strategies: who may choose what, and what happens when
the two secret choices meet.

"Choice Restrictions: A leader of an ambushing force can't choose a
defensive strategy. A leader of a CONFUSED force can only choose Rally or
Full Retreat." Planned Defense "can only be chosen during the first Wave of
battle and only by a force who benefits from a Defensive Advantage and who
isn't surprised." In sieges "the defending leader can choose only the
following strategies: Defense, Total Defense, Fighting Retreat, Parley or
Raid" (Full Retreat too with the Shelter project).
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.core.systems.myz.army import Battlefield
from tui.core.systems.myz.forces import Force, besieged, has_shelter
from tui.core.systems.myz.pool import has_defensive_advantage
from tui.core.systems.myz.rules import MyzRuleset, Strategy


@dataclass(frozen=True)
class Restriction:
    """Why a strategy is closed to a side (``reason`` is a catalog key)."""

    strategy: str
    reason: str


def refusal(strategy: Strategy, forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset, wave: int, ambusher: int | None, surprise: int | None) -> str | None:
    """The catalog key of the first rule that closes ``strategy`` to ``side``, or None."""
    force = forces[side]
    if force.confused:
        if not strategy.allowed_when_confused:
            return "myz.refuse.confused"
    elif strategy.only_when_confused:
        return "myz.refuse.only_confused"
    if besieged(side, field_):
        open_ = (
            strategy.allowed_for_besieged
            or (strategy.besieged_needs_shelter and has_shelter(force, rules))
            or (strategy.only_when_confused and force.confused)
        )
        if not open_:
            return "myz.refuse.besieged"
    if ambusher == side and strategy.category == "defensive" and wave <= rules.reconnaissance.ambusher_no_defensive_waves:
        return "myz.refuse.ambusher"
    if strategy.first_wave_only and wave > 1:
        return "myz.refuse.first_wave"
    if strategy.needs_defensive_advantage and not has_defensive_advantage(forces, side, field_, rules):
        return "myz.refuse.no_advantage"
    if strategy.not_when_surprised and surprise is not None and surprise != side:
        return "myz.refuse.surprised"
    return None


def choices(forces: tuple[Force, Force], side: int, field_: Battlefield, rules: MyzRuleset, wave: int, ambusher: int | None, surprise: int | None) -> list[tuple[Strategy, str | None]]:
    """Every strategy with the reason it is closed (None: open), in the ruleset's order."""
    return [(s, refusal(s, forces, side, field_, rules, wave, ambusher, surprise)) for s in rules.strategies]


@dataclass(frozen=True)
class Resolution:
    """What the two chosen strategies became.

    ``outcome``: "battle" (fight the wave), "parley" (waiting for the
    answer), "truce" (a Parley accepted: the wave stops) or "null" (a Null
    Battle: the retreating forces fall back and the battle ends).
    """

    chosen: tuple[str, str]
    final: tuple[str, str]
    outcome: str
    stalemate: bool = False
    parley_by: tuple[bool, bool] = (False, False)
    parley_declined: tuple[bool, bool] = (False, False)
    null_retreating: tuple[bool, bool] = (False, False)


def resolve(chosen: tuple[str, str], rules: MyzRuleset, parley_accepted: bool | None = None) -> Resolution:
    """Null Battle, then Parley, then Stalemate, in that order.

    A retreat met by a retreat or a defence is a Null Battle whatever the
    defence was; a Parley is answered before the Stalemate is looked at, and
    a Parley (declined or not) never makes a Stalemate ("apart from Parley").
    """
    a, b = (rules.strategy(key) for key in chosen)
    categories = (a.category, b.category)
    if "retreat" in categories and all(c in ("retreat", "defensive") for c in categories):
        return Resolution(chosen, chosen, "null", null_retreating=(a.category == "retreat", b.category == "retreat"))
    parley = (a.parley, b.parley)
    if any(parley):
        if all(parley):
            # Both offer to talk: nobody has to be asked.
            return Resolution(chosen, chosen, "truce", parley_by=parley)
        if parley_accepted is None:
            return Resolution(chosen, chosen, "parley", parley_by=parley)
        if parley_accepted:
            return Resolution(chosen, chosen, "truce", parley_by=parley)
        becomes = rules.strategy_rules.parley_declined_becomes
        first, second = (becomes if p else key for p, key in zip(parley, chosen))
        return Resolution(chosen, (first, second), "battle", parley_by=parley, parley_declined=parley)
    if categories == ("defensive", "defensive"):
        becomes = rules.strategy_rules.stalemate_becomes
        return Resolution(chosen, (becomes, becomes), "battle", stalemate=True)
    return Resolution(chosen, chosen, "battle")


def parley_answerer(resolution: Resolution) -> int | None:
    """The side that must accept or decline (the one that did not offer)."""
    if resolution.outcome != "parley":
        return None
    return 1 if resolution.parley_by[0] else 0


def strategy_name(key: str, rules: MyzRuleset, language: str) -> str:
    return rules.strategy(key).name(language)


__all__ = ["Resolution", "choices", "parley_answerer", "refusal", "resolve", "strategy_name"]
