"""What a system tells the report with pictures (``GameSystem.pictured``):
where the battle's waves or turns begin and end, each side's strength, its
rolls and its story, and its state as the GM's or the players' copy shows
it. The defaults suit a system without waves, strength or a story: its
report still has the picture of the battle as it stands."""

from __future__ import annotations

from typing import Any

from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.secrets import with_marks
from tui.core.report.measures import Measure, Told


class ReportHooks:
    """The defaults; a system's own subclass says more."""

    def period(self, state: Any) -> int | None:
        """The wave or turn ``state`` is in (None: before the first)."""
        return None

    def period_name(self, number: int) -> str:
        """The wave or turn ``number`` in words, in the current language."""
        return t("report.turn", number=number)

    def strength(self, state: Any, public: bool) -> tuple[Measure, ...]:
        """Each force's strength in ``state``, for the charts; ``public``:
        only what the players see of it."""
        return ()

    def new_roll(self, before: Any, event: Any, after: Any) -> bool:
        """The step from ``before`` to ``after`` made a roll (not a push or
        an invoke on one already on the table)."""
        return False

    def story(self, battle: Any, public: bool) -> tuple[Told, ...]:
        """The battle's whole story in the current language, each line with
        the step that told it; ``public``: as the players may hear it."""
        return ()

    def shown_state(self, state: Any, final: Any, public: bool) -> Any:
        """``state`` as the copy draws it: the GM's with nothing hidden; the
        players' with what is hidden at the end (``final``) hidden too, so
        nothing the GM hides now shows in an earlier picture."""
        return state


class MarkedHooks(ReportHooks):
    """A system whose secrets are the GM's marks (``state.hidden``, a tuple
    of identities; Second World, Kingmaker)."""

    def shown_state(self, state: Any, final: Any, public: bool) -> Any:
        if not public:
            # the GM's copy shows all, what is hidden marked as the GM's screens mark it
            return replace(self.marked(state, t("secret.mark")), hidden=()) if state.hidden else state
        hidden = with_marks(state.hidden, *final.hidden)
        return state if hidden == state.hidden else replace(state, hidden=hidden)

    def marked(self, state: Any, mark: str) -> Any:
        """``state`` with each hidden thing's words ending in ``mark``."""
        return state


NO_PICTURES = ReportHooks()


__all__ = ["NO_PICTURES", "MarkedHooks", "ReportHooks"]
