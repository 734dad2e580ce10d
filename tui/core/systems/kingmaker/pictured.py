"""What a Kingmaker battle gives the report with pictures: its turns, each
army's hp, its d20 rolls, its story; the players' copy without the armies
the GM hides (now or then)."""

from __future__ import annotations

from typing import Any

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.report.hooks import MarkedHooks
from tui.core.report.measures import Measure, Told, told_notes
from tui.core.systems.kingmaker.public import hidden_armies
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.story import note_text


class KingmakerPictured(MarkedHooks):
    def period(self, state: KMState) -> int | None:
        return state.turn if state.stage in ("battle", "over") and state.turn > 0 else None

    def period_name(self, number: int) -> str:
        return t("view.km.report.period", number=number)

    def strength(self, state: KMState, public: bool) -> tuple[Measure, ...]:
        if state.stage == "muster":
            return ()
        hidden = hidden_armies(state) if public else frozenset()
        chart = t("view.km.report.chart_hp")
        return tuple(Measure(chart, army.key, army.name, army.side, state.hp(army.key)) for army in state.armies if army.key not in hidden)

    def new_roll(self, before: KMState, event: Any, after: KMState) -> bool:
        return after.last_roll is not None and after.last_roll is not before.last_roll

    def story(self, battle: Any, public: bool) -> tuple[Told, ...]:
        states: tuple[KMState, ...] = battle.history.states
        final = states[-1]
        if not public:
            return told_notes(states, lambda note: note_text(final, note))
        hidden = hidden_armies(final)
        names = [name for a in final.armies if a.key in hidden for name in (a.name, a.commander.name) if name]
        return told_notes(states, lambda note: note_text(final, note), leave_out=frozenset(final.hidden), secrets=names)


    def marked(self, state: KMState, mark: str) -> KMState:
        hidden = hidden_armies(state)
        armies = tuple(a.model_copy(update={"name": f"{a.name} {mark}"}) if a.key in hidden else a for a in state.armies)
        return replace(state, armies=armies)


PICTURED = KingmakerPictured()

__all__ = ["PICTURED"]
