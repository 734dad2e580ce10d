"""The muster's preview: each faction's first Battle Pool as the armies
stand now, before any Reconnaissance and with a neutral strategy.

The army builder shows it beside the form so the GM sees, while setting a
faction up, where every die of its Battle Pool will come from. It is a
preview, not the wave: the strategy is an assumption (Attack, or Defense for
a besieged defender, who may not attack) and nobody has won a surprise yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.core.systems.myz.before_battle import environment_rating, muster_forces, recon_factors, recon_modifier
from tui.core.systems.myz.forces import Force, besieged, unit_counts
from tui.core.systems.myz.pool import PoolBreakdown, PoolLine, WaveSetting, battle_pools, defensive_advantage
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState


@dataclass(frozen=True)
class MusterPreview:
    forces: tuple[Force, Force]
    strategies: tuple[str, str]
    """The strategy each pool assumes (a strategy key)."""
    pools: tuple[PoolBreakdown, PoolBreakdown]
    defending: tuple[tuple[PoolLine, ...], tuple[PoolLine, ...]]
    """What a defensive strategy would add (the terrain's Defensive
    Advantage), for a side whose preview does not defend already."""
    units: tuple[dict[str, int], dict[str, int]]
    """Special units by class, with those the Ark's projects grant."""
    recon: tuple[tuple[str, ...], tuple[str, ...]]
    """The Reconnaissance factor keys that apply to each leader."""
    recon_modifier: tuple[int, int]
    rating: int
    """The environment rating after night and bad weather."""


def preview_strategy(rules: MyzRuleset, besieged_side: bool) -> str:
    """A neutral strategy: Attack (no modifier); a besieged defender may not
    attack, so the plainest defensive strategy it is allowed instead."""
    strategies = rules.strategies
    if besieged_side:
        allowed = [s for s in strategies if s.allowed_for_besieged and s.category == "defensive" and not s.parley and not s.rally]
        if allowed:
            return min(allowed, key=lambda s: (s.own_casualty_multiplier, abs(s.strategy_dice))).key
    plain = [s for s in strategies if s.category == "offensive" and s.strategy_dice == 0 and s.superiority_bonus is None]
    if plain:
        return plain[0].key
    offensive = [s for s in strategies if s.category == "offensive"]
    return (offensive or list(strategies))[0].key


def muster_preview(state: MyzState) -> MusterPreview:
    rules, field_ = state.rules, state.battlefield
    forces = muster_forces(state)
    strategies = (preview_strategy(rules, besieged(0, field_)), preview_strategy(rules, besieged(1, field_)))
    pools = battle_pools(forces, field_, rules, WaveSetting(wave=1, strategies=strategies))
    defending = []
    for side in (0, 1):
        lines: tuple[PoolLine, ...] = ()
        if rules.strategy(strategies[side]).category != "defensive":
            terrain, _ = defensive_advantage(forces, side, field_, rules)
            if terrain:
                lines = (PoolLine("defensive_advantage", skill=terrain, detail=forces[side].army.terrain),)
        defending.append(lines)
    recon = (recon_factors(forces[0], state), recon_factors(forces[1], state))
    return MusterPreview(
        forces=forces,
        strategies=strategies,
        pools=pools,
        defending=(defending[0], defending[1]),
        units=(unit_counts(forces[0], 0, field_, rules), unit_counts(forces[1], 1, field_, rules)),
        recon=recon,
        recon_modifier=(recon_modifier(recon[0], state), recon_modifier(recon[1], state)),
        rating=environment_rating(state),
    )


__all__ = ["MusterPreview", "muster_preview", "preview_strategy"]
