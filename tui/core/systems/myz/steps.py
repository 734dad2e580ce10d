"""What the GM does next: the one step the battle is waiting for.

The wave screen leads the GM through the battle with this; it is pure so
tests can walk a battle the same way the screen does.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.core.dice.skill_roll import SkillPool
from tui.core.systems.myz.after_battle import successor_needed
from tui.core.systems.myz.checks import check_pool
from tui.core.systems.myz.before_battle import recon_factors, recon_modifier, start_forces
from tui.core.systems.myz.engine import turn
from tui.core.systems.myz.events import SkillCheck
from tui.core.systems.myz.state import MyzState


@dataclass(frozen=True)
class Step:
    """``kind`` names the step (a catalog key under ``wave.step.``); ``side`` who takes it."""

    kind: str
    side: int | None = None


def next_step(state: MyzState) -> Step:
    if state.stage == "muster":
        return Step("reconnaissance")
    if state.stage == "ambush":
        return Step("ambush", state.recon.winner if state.recon else None)
    if state.stage == "initiative":
        return Step("initiative")
    if state.stage == "over" or state.wave is None:
        return Step("over")
    wave = state.wave
    if wave.phase == "strategy" and wave.resolution is not None and wave.resolution.outcome == "parley":
        return Step("parley", 1 if wave.resolution.parley_by[0] else 0)
    if wave.phase in ("risk", "strategy", "action", "support"):
        side = turn(state)
        if wave.phase == "strategy":
            # Chosen in secret: either side may go first; offer them in initiative order.
            side = next((s for s in state.order if wave.chosen[s] is None), side)
        return Step(wave.phase, side)
    if wave.phase == "battle":
        return Step("battle", state.roller.turn)
    if wave.phase == "end":
        return Step("end")
    if wave.phase == "truce":
        return Step("truce")
    if wave.siege_lifted:
        return Step("siege_lifted")
    side = successor_needed(state)
    if side is not None:
        return Step("successor", side)
    return Step("next_wave")


def recon_pool(state: MyzState, side: int) -> tuple[SkillPool, tuple[str, ...]]:
    """The dice a leader rolls for Reconnaissance, and the factors behind the modifier."""
    forces = state.forces if state.forces is not None else start_forces(state)
    force = forces[side]
    factors = recon_factors(force, state)
    check = SkillCheck(person=force.leader, skill=state.rules.reconnaissance.skill)
    return check_pool(force.army.people, check, 0, state.rules, recon_modifier(factors, state)), factors


__all__ = ["Step", "next_step", "recon_pool"]
