"""What the army builder's dialogs share: a number dialog whose check can
refuse with a rule's one line, an army rebuilt with changes and the rule
that would refuse it, CRs and keys read and made."""

from __future__ import annotations

from typing import Any, Callable

from pydantic import ValidationError

from tui.core.i18n import t
from tui.core.records import check_name
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.forces import Army
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import BLANK, AskDialog, validation_message
from tui.ui.kingmaker.hosts import ArmiesHost



MOUNTS = "mounts"
ENGINES = "siege_engines"
"""The two resources the core reads by key: mounts come with a mount's CR,
siege engines with how many."""
MOST_SIDES = 8
SIDES_LENGTH = MOST_SIDES * 62


class ArmyBuilderNumber(AskDialog):
    """A whole number that the rules check further (``check``: one line, or
    None); with ``allow_empty`` an emptied field answers ``BLANK``."""

    def __init__(self, title: str, value: int | None, help_text: str, check: Callable[[int], str | None], *, allow_empty: bool = False) -> None:
        super().__init__(title, "" if value is None else str(value), help_text, 6)
        self._check = check
        self._allow_empty = allow_empty

    def read(self, text: str) -> object:
        text = text.strip()
        if not text and self._allow_empty:
            return BLANK
        try:
            value = int(text)
        except ValueError:
            raise ValueError(t("km_army.ask.number_bad", text=text or "∅")) from None
        problem = self._check(value)
        if problem:
            raise ValueError(problem)
        return value


# -- small helpers ------------------------------------------------------------------


def mark(screen: ArmiesHost) -> str:
    """What a chosen row shows: a tick, or [x] where the terminal draws ASCII only."""
    return "✓" if shell(screen).glyphs.name == "unicode" else "[x]"


def rebuilt(army: Army, **changes: Any) -> Army:
    """``army`` with ``changes``, validated as a new record (model_copy would not check)."""
    return Army.model_validate({**army.model_dump(), **changes})


def with_commander(army: Army, **changes: Any) -> Army:
    return rebuilt(army, commander={**army.commander.model_dump(), **changes})


def problem(make: Callable[[], object]) -> str | None:
    """What is wrong with what ``make()`` builds (one line), or None."""
    try:
        make()
    except ValidationError as exc:
        return validation_message(exc)
    except ValueError as exc:  # ArmyError and the core's refusals are ValueErrors
        return str(exc)
    return None


def refusal(screen: ArmiesHost, make: Callable[[], Army]) -> str | None:
    """Why the rules won't record the army ``make()`` builds, or None."""
    try:
        army = make()
    except ValidationError as exc:
        return validation_message(exc)
    except ValueError as exc:
        return str(exc)
    return screen.battle.step_refusal(ev.SetArmy(army=army))


def in_range(least: int, most: int) -> Callable[[int], str | None]:
    return lambda value: None if least <= value <= most else t("km_army.ask.out_of_range", value=value, least=least, most=most)


def range_help(least: int, most: int, more: str = "") -> str:
    return t("km_army.ask.range", least=least, most=most) + (" " + more if more else "")


def name_problem(text: str) -> str | None:
    return problem(lambda: check_name(text.strip()))


def optional_name_problem(text: str) -> str | None:
    return name_problem(text) if text.strip() else None


def has_resource(army: Army, key: str) -> bool:
    if key == MOUNTS:
        return army.mounted or key in army.resources
    if key == ENGINES:
        return army.siege_engines > 0 or key in army.resources
    return key in army.resources


__all__ = ["ENGINES", "MOST_SIDES", "MOUNTS", "SIDES_LENGTH", "ArmyBuilderNumber", "has_resource", "in_range", "mark", "problem", "range_help", "rebuilt", "refusal", "with_commander"]
