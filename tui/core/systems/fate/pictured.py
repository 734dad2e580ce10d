"""What a This Means War battle gives the report with pictures: its
rounds, each player's units still in the fight and the consequences they
took, its contests, its story. The players see the story whole (a face-down
aspect is never named in it), and the board as their view shows it."""

from __future__ import annotations

from typing import Any

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.report.hooks import ReportHooks
from tui.core.report.measures import Measure, Told, told_notes
from tui.core.systems.fate.state import FateState
from tui.core.systems.fate.story import note_text


class FatePictured(ReportHooks):
    def period(self, state: FateState) -> int | None:
        return state.round if state.stage in ("battle", "ended") else None

    def period_name(self, number: int) -> str:
        return t("view.fate.report.period", number=number)

    def strength(self, state: FateState, public: bool) -> tuple[Measure, ...]:
        if state.stage in ("muster", "battlefield"):
            return ()
        units, hurt = t("view.fate.report.chart_units"), t("view.fate.report.chart_consequences")
        found = []
        for index, player in enumerate(state.players):
            # a player who conceded has left the field with every unit
            standing = 0 if index in state.conceded else sum(1 for unit in player.units if not (place := state.places.get(unit.key)) or not place.out)
            found.append(Measure(units, str(index), player.name, player.side, standing))
        for index, player in enumerate(state.players):
            taken = state.consequences_taken[index] if index < len(state.consequences_taken) else 0
            found.append(Measure(hurt, str(index), player.name, player.side, taken))
        return tuple(found)

    def new_roll(self, before: FateState, event: Any, after: FateState) -> bool:
        return before.contest is None and after.contest is not None

    def story(self, battle: Any, public: bool) -> tuple[Told, ...]:
        states: tuple[FateState, ...] = battle.history.states
        final = states[-1]
        return told_notes(states, lambda note: note_text(final, note))


    def shown_state(self, state: FateState, final: FateState, public: bool) -> FateState:
        if public or not any(a.hidden for a in state.aspects):
            return state
        # the GM's copy turns the face-down aspects up, marked as the GM's board marks them
        mark = t("secret.mark")
        return replace(state, aspects=tuple(replace(a, text=f"{a.text} {mark}", hidden=False) if a.hidden else a for a in state.aspects))


PICTURED = FatePictured()

__all__ = ["PICTURED"]
