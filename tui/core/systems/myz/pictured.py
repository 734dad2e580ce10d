"""What a Mass Combat battle gives the report with pictures: its waves,
each faction's fighters, its Battle rolls, its story as the players hear it
(the text's one secret, a strategy chosen, is told once both are revealed,
in the GM's copy too: the GM's copy has the whole written report)."""

from __future__ import annotations

from typing import Any

from tui.core.i18n import language, t
from tui.core.report.hooks import ReportHooks
from tui.core.report.measures import Measure, Told
from tui.core.systems.myz import models as m
from tui.core.systems.myz.public import log_line
from tui.core.systems.myz.state import MyzState


class MassCombatPictured(ReportHooks):
    def period(self, state: MyzState) -> int | None:
        return state.wave.number if state.wave is not None and state.stage in ("wave", "over") else None

    def period_name(self, number: int) -> str:
        return t("view.myz.report.period", number=number)

    def strength(self, state: MyzState, public: bool) -> tuple[Measure, ...]:
        if state.forces is None:
            return ()
        chart = t("view.myz.report.chart_fighters")
        return tuple(Measure(chart, str(side), state.names[side], side, force.fighters) for side, force in enumerate(state.forces))

    def new_roll(self, before: MyzState, event: Any, after: MyzState) -> bool:
        return isinstance(event, m.Roll)

    def story(self, battle: Any, public: bool) -> tuple[Told, ...]:
        history = battle.history
        lang = language()
        lines: list[Told] = []
        for index, event in enumerate(history.done):
            line = log_line(history.states[index], event, history.states[index + 1], lang)
            if line and not (lines and lines[-1][1] == line):
                lines.append((index + 1, line))  # each person mustered said "The Ark mustered" again: once
        return tuple(lines)


PICTURED = MassCombatPictured()

__all__ = ["PICTURED"]
