"""Choosing a battle's ruleset at the muster: an edited copy of the ruleset
file (a house rule) or the bundled one again.

The battle is replayed from its first step under the chosen ruleset, so
what the muster recorded is checked against the new numbers; a step they
refuse, a file that is broken or a ruleset of another system leaves the
battle as it was, with one line saying why. Only before a die is rolled:
after that, other numbers would rewrite what already happened at the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.core.errors import RulesetError
from tui.core.history import LoggedBattle, RulesetRef
from tui.core.i18n import t
from tui.core.system import find_system


def house_file(battle: LoggedBattle[Any, Any]) -> str:
    """The house ruleset file ``battle`` plays with ("": the bundled one)."""
    ref: RulesetRef | None = getattr(battle.meta, "ruleset", None)
    return ref.file if ref is not None else ""


def ruleset_refusal(battle: LoggedBattle[Any, Any]) -> str | None:
    """Why ``battle``'s ruleset can't be changed now (None: it can)."""
    if not battle.ruleset_open:
        return t("house.too_late")
    return None


def replay_under(battle: LoggedBattle[Any, Any], path: Path | None) -> LoggedBattle[Any, Any]:
    """``battle`` replayed under the ruleset in ``path`` (None: the bundled
    one), recording which; ``MassCombatError`` (one line) if it can't be."""
    why = ruleset_refusal(battle)
    if why is not None:
        raise RulesetError(why)
    system = find_system(battle.system)
    try:
        model, path = system.ruleset_and_file(path)
        ref = system.ruleset_ref(model, path)
    except OSError as exc:
        raise RulesetError(t("house.unreadable", file=str(path), reason=exc.strerror or exc)) from None
    meta = battle.to_file()
    try:
        # replayed once to learn the state it ends in: the file's [state]
        # the load checks is the old ruleset's
        history = system.battle.replayed(meta, system.battle.initial_state(meta, model))
        meta = meta.model_copy(update={"state": system.battle.summary(history.state), "ruleset": ref})
        return system.load(meta, model)
    except ValueError as exc:  # the rules' refusals (MassCombatError) among them
        raise RulesetError(t("house.refused", file=str(path), why=exc)) from None


__all__ = ["house_file", "replay_under", "ruleset_refusal"]
