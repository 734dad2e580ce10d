"""The battle's state between events: immutable records, built by ``engine``.

A battle goes muster → reconnaissance → initiative → waves → over. A wave
goes through its six phases; each phase keeps what each side did in it, so
the screens can show the step to take next and the summary can show what
happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Sequence

from tui.core.systems.myz.battle_pool import BattlePoolState, RollResult
from tui.core.systems.myz import fixes
from tui.core.systems.myz.army import Army, Battlefield
from tui.core.systems.myz.checks import CheckResult
from tui.core.systems.myz.end_phase import EndReport
from tui.core.systems.myz.forces import Force
from tui.core.systems.myz.pool import ActionEffect, PoolBreakdown
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.strategy import Resolution

Stage = Literal["muster", "reconnaissance", "ambush", "initiative", "wave", "over"]
Phase = Literal["risk", "strategy", "action", "battle", "support", "end", "next", "truce"]
PHASES: tuple[Phase, ...] = ("risk", "strategy", "action", "battle", "support", "end")


@dataclass(frozen=True)
class ReconResult:
    skipped: bool
    checks: tuple[CheckResult, CheckResult] | None = None
    modifiers: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """The factor keys that applied to each leader."""
    winner: int | None = None
    margin: int = 0
    rating: int = 0
    """The environment rating after night and weather."""
    ambush: bool | None = None
    """None: not offered; True/False: the winner's choice."""

    @property
    def ambush_offered(self) -> bool:
        return self.winner is not None and self.margin >= self.rating


@dataclass(frozen=True)
class ActionRecord:
    side: int
    action: str
    result: CheckResult | None
    effect: ActionEffect
    grant: int = 0


@dataclass(frozen=True)
class SupportRecord:
    side: int
    skipped: str | None = None
    """Why the side had no Support phase (a catalog key), or None."""
    repair: CheckResult | None = None
    mend: CheckResult | None = None
    rally: CheckResult | None = None
    repaired: int = 0
    mended: int = 0
    rallied: bool | None = None


@dataclass(frozen=True)
class WaveState:
    number: int
    phase: Phase = "risk"
    risks: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    chosen: tuple[str | None, str | None] = (None, None)
    resolution: Resolution | None = None
    actions: tuple[ActionRecord | None, ActionRecord | None] = (None, None)
    pools: tuple[PoolBreakdown, PoolBreakdown] | None = None
    battle: RollResult | None = None
    support: tuple[SupportRecord | None, SupportRecord | None] = (None, None)
    end: EndReport | None = None
    successors: tuple[CheckResult | None, CheckResult | None] = (None, None)
    siege_lifted: bool = False
    """A Null Battle in which the besieged fell back: the siege is over and
    the battle goes on outside the walls, with no End phase this wave."""

    def risk(self, side: int, person: int) -> int:
        risks = self.risks[side]
        return risks[person] if risks is not None and person < len(risks) else 0


@dataclass(frozen=True)
class MyzState:
    rules: MyzRuleset = field(compare=False)
    names: tuple[str, str]
    armies: tuple[Army, Army]
    battlefield: Battlefield
    roller: BattlePoolState
    stage: Stage = "muster"
    recon: ReconResult | None = None
    first: int = 0
    initiative_faces: tuple[int, ...] = ()
    """Both leaders' initiative dice, a pair per roll (empty: the GM set the order)."""
    forces: tuple[Force, Force] | None = None
    wave: WaveState | None = None
    reports: tuple[EndReport, ...] = ()
    counter: int = 0
    """Steps that rolled dice so far: the next one's random stream."""
    ended: tuple[str, ...] = ()
    """Why the battle is over (catalog keys under ``myz.over.``)."""
    ambusher: int | None = None
    mended: frozenset[str] = fixes.ALL
    """The rule fixes in effect (``fixes``): all of them, but while a save's
    steps played before a fix replay."""

    @property
    def order(self) -> tuple[int, int]:
        """Sides in initiative order."""
        return (self.first, 1 - self.first)

    @property
    def surprise(self) -> int | None:
        return self.recon.winner if self.recon is not None and not self.recon.skipped else None

    @property
    def in_battle_phase(self) -> bool:
        return self.stage == "wave" and self.wave is not None and self.wave.phase == "battle"

    @property
    def free_rolls(self) -> bool:
        """The roller is the GM's scratch pad before the battle and after it."""
        return self.stage in ("muster", "over")


@dataclass(frozen=True)
class QuietWave:
    """A wave that ended without an End phase: a truce, a Null Battle, or a
    Null Battle that lifted a siege (``reason``: a ``summary.quiet.`` key)."""

    wave: int
    reason: Literal["truce", "null_battle", "siege_lifted"]


def wave_endings(states: "Sequence[MyzState]") -> tuple[EndReport | QuietWave, ...]:
    """How each finished wave ended, in order: its End phase's report, or
    why it had none. ``states``: the battle's history up to now."""
    last: dict[int, WaveState] = {}
    for state in states:
        if state.wave is not None:
            last[state.wave.number] = state.wave
    endings: list[EndReport | QuietWave] = []
    for number in sorted(last):
        wave = last[number]
        if wave.end is not None:
            endings.append(wave.end)
        elif wave.phase == "truce":
            endings.append(QuietWave(number, "truce"))
        elif wave.siege_lifted:
            endings.append(QuietWave(number, "siege_lifted"))
        elif wave.resolution is not None and wave.resolution.outcome == "null":
            endings.append(QuietWave(number, "null_battle"))
    return tuple(endings)


__all__ = ["ActionRecord", "MyzState", "PHASES", "QuietWave", "ReconResult", "SupportRecord", "WaveState", "wave_endings"]
