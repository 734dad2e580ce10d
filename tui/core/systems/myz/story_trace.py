"""The waves of a Mass Combat battle recovered from its log, for the
story: each wave's last state, and the one that holds its Battle roll
(the roller still shows those dice), with the End phase's report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from tui.core.systems.myz.events import Adjust, NextWave
from tui.core.systems.myz.models import Push, Roll
from tui.core.systems.myz.state import MyzState, WaveState

if TYPE_CHECKING:
    from tui.core.systems.myz.battle import Battle


# -- the waves, recovered from the log --------------------------------------------


@dataclass
class WaveTrace:
    """One wave as the log shows it."""

    number: int
    start: MyzState
    """The first state of the wave (its forces are the wave's starting forces)."""
    last: MyzState
    """The last state before the next wave replaced it."""
    rolled: MyzState | None = None
    """The first state holding the Battle roll's result (the roller still shows the dice)."""
    opening: list[Any] = field(default_factory=list)
    """The GM's changes before the wave's first step (``NextWave`` Battle Levels, ``Adjust``)."""
    adjustments: list[Any] = field(default_factory=list)
    """The GM's ``Adjust`` steps later in the wave."""
    typed: bool = False
    """The Battle roll (or a push) was made with real dice and typed in."""

    @property
    def wave(self) -> WaveState:
        assert self.last.wave is not None
        return self.last.wave

    @property
    def started(self) -> bool:
        return _started(self.wave)


def _started(wave: WaveState) -> bool:
    return wave.phase != "risk" or any(r is not None for r in wave.risks)


def wave_traces(battle: "Battle") -> tuple[list[Any], list[WaveTrace]]:
    """(adjustments before the first wave, each wave in order)."""
    states: Sequence[MyzState] = battle.history.states
    events = battle.history.done
    before: list[Any] = []
    traces: dict[int, WaveTrace] = {}
    for index, state in enumerate(states):
        event = events[index - 1] if index > 0 else None
        wave = state.wave
        if wave is None:
            if isinstance(event, Adjust):
                before.append(event)
            continue
        trace = traces.get(wave.number)
        if trace is None:
            trace = traces[wave.number] = WaveTrace(wave.number, state, state)
        trace.last = state
        if trace.rolled is None and wave.battle is not None:
            trace.rolled = state
        if isinstance(event, (Roll, Push)) and event.typed:
            trace.typed = True
        if isinstance(event, NextWave) and event.battle_levels:
            trace.opening.append(event)
        elif isinstance(event, Adjust):
            (trace.adjustments if _started(wave) else trace.opening).append(event)
    ordered = [traces[n] for n in sorted(traces)]
    final = battle.history.state
    # A NextWave that ends the battle (no Battle dice left) still opens a
    # wave; with nothing in it, it is not a wave of the battle.
    if ordered and final.stage == "over" and not ordered[-1].started and not ordered[-1].opening:
        ordered.pop()
    return before, ordered
