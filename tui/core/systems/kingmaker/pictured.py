"""What a Kingmaker battle gives the report with pictures: its turns, each
army's hp, its d20 rolls, its story; the players' copy without the armies
the GM hides (now or then)."""

from __future__ import annotations


from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.report.measures import Measure, Told, told_notes
from tui.core.secrets import with_marks
from tui.core.systems.kingmaker.public import hidden_armies
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.story import note_text


def period(state: KMState) -> int | None:
    return state.turn if state.stage in ("battle", "over") and state.turn > 0 else None


def strength(state: KMState, public: bool) -> tuple[Measure, ...]:
    if state.stage == "muster":
        return ()
    hidden = hidden_armies(state) if public else frozenset()
    chart = t("view.km.report.chart_hp")
    return tuple(Measure(chart, army.key, army.name, army.side, state.hp(army.key)) for army in state.armies if army.key not in hidden)


def new_roll(before: KMState, after: KMState) -> bool:
    return after.last_roll is not None and after.last_roll is not before.last_roll


def story(states: tuple[KMState, ...], public: bool) -> tuple[Told, ...]:
    final = states[-1]
    if not public:
        return told_notes(states, lambda note: note_text(final, note))
    hidden = hidden_armies(final)
    names = [name for a in final.armies if a.key in hidden for name in (a.name, a.commander.name) if name]
    return told_notes(states, lambda note: note_text(final, note), leave_out=frozenset(final.hidden), secrets=names)


def shown_state(state: KMState, final: KMState, public: bool) -> KMState:
    if not public:
        return replace(state, hidden=()) if state.hidden else state
    hidden = with_marks(state.hidden, *final.hidden)
    return state if hidden == state.hidden else replace(state, hidden=hidden)


__all__ = ["new_roll", "period", "shown_state", "story", "strength"]
