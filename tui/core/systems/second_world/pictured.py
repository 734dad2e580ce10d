"""What a Second World conflict gives the report with pictures: its
rounds, each side's fighters still in play and the stress they carry, its
rolls, its story; the players' copy without what the GM hides (now or
then)."""

from __future__ import annotations

from typing import Any

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.report.hooks import MarkedHooks
from tui.core.report.measures import Measure, Told, told_notes
from tui.core.systems.second_world.public import secrets
from tui.core.systems.second_world.state import SWState, aspect_item, character_item, made_item
from tui.core.systems.second_world.story import note_text


class SecondWorldPictured(MarkedHooks):
    def period(self, state: SWState) -> int | None:
        return state.round if state.stage != "scene" and state.round > 0 else None

    def period_name(self, number: int) -> str:
        return t("view.sw.report.period", number=number)

    def strength(self, state: SWState, public: bool) -> tuple[Measure, ...]:
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

    def new_roll(self, before: SWState, event: Any, after: SWState) -> bool:
        return before.pending is None and after.pending is not None

    def story(self, battle: Any, public: bool) -> tuple[Told, ...]:
        states: tuple[SWState, ...] = battle.history.states
        final = states[-1]
        if not public:
            return told_notes(states, lambda note: note_text(final, note))
        return told_notes(states, lambda note: note_text(final, note), leave_out=frozenset(final.hidden), secrets=secrets(final))


    def marked(self, state: SWState, mark: str) -> SWState:
        hidden = set(state.hidden)
        characters = tuple(c.model_copy(update={"name": f"{c.name} {mark}"}) if character_item(c.key) in hidden else c for c in state.characters)
        zones = tuple(
            (zone, replace(info, aspects=tuple(f"{text} {mark}" if aspect_item(zone, slot) in hidden else text for text, slot in zip(info.aspects, info.slots))))
            for zone, info in state.zones
        )
        aspects = tuple(replace(a, text=f"{a.text} {mark}") if made_item(a.id) in hidden else a for a in state.aspects)
        return replace(state, characters=characters, zones=zones, aspects=aspects)


PICTURED = SecondWorldPictured()

__all__ = ["PICTURED"]
