"""What a Second World conflict gives the report with pictures: its
rounds, each side's fighters still in play and the stress they carry, its
rolls, its story; the players' copy without what the GM hides (now or
then)."""

from __future__ import annotations

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.report.measures import Measure, Told, told_notes
from tui.core.secrets import with_marks
from tui.core.systems.second_world.public import secrets
from tui.core.systems.second_world.state import SWState, character_item
from tui.core.systems.second_world.story import note_text


def period(state: SWState) -> int | None:
    return state.round if state.stage != "scene" and state.round > 0 else None


def strength(state: SWState, public: bool) -> tuple[Measure, ...]:
    if state.stage == "scene":
        return ()
    standing, stress = t("view.sw.report.chart_standing"), t("view.sw.report.chart_stress")
    counts = [0] * len(state.sides)
    marked = [0] * len(state.sides)
    for character in state.characters:
        if public and character_item(character.key) in state.hidden or character.side >= len(state.sides):
            continue
        fighter = state.fighter(character.key)
        if state.in_play(character.key):
            counts[character.side] += max(0, character.members - fighter.members_out)
        marked[character.side] += sum(len(boxes) for _, boxes in fighter.stress)
    return (
        *(Measure(standing, str(side), name, side, counts[side]) for side, name in enumerate(state.sides)),
        *(Measure(stress, str(side), name, side, marked[side]) for side, name in enumerate(state.sides)),
    )


def new_roll(before: SWState, after: SWState) -> bool:
    return before.pending is None and after.pending is not None


def story(states: tuple[SWState, ...], public: bool) -> tuple[Told, ...]:
    final = states[-1]
    if not public:
        return told_notes(states, lambda note: note_text(final, note))
    return told_notes(states, lambda note: note_text(final, note), leave_out=frozenset(final.hidden), secrets=secrets(final))


def shown_state(state: SWState, final: SWState, public: bool) -> SWState:
    if not public:
        return replace(state, hidden=()) if state.hidden else state
    hidden = with_marks(state.hidden, *final.hidden)
    return state if hidden == state.hidden else replace(state, hidden=hidden)


__all__ = ["new_roll", "period", "shown_state", "story", "strength"]
