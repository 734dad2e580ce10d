"""Every save written before a rule fix (tests/fixtures/before_fixes/):
what the screens read is for new steps, so every state the battle shows,
at any point of its undo history, holds today's fixes; each saved step
replayed again (a redo) is still decided as it was played."""

from __future__ import annotations

import pytest

from tests.fixtures import BEFORE
from tui.core.files.loading import load_battle

FIXTURES = sorted(BEFORE.glob("*.toml"))


def test_there_are_fixtures():
    assert len(FIXTURES) >= 7


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_state_shown_holds_todays_fixes_and_a_redo_replays_as_played(path):
    battle = load_battle(path)
    today = frozenset(fix.key for fix in type(battle).rule_fixes)
    assert today and battle.rules_notice is not None
    played = [battle.summary(state) for state in battle.history.states]
    while battle.can_undo:
        assert battle.game.mended == today, battle.history.cursor
        battle.undo()
    assert battle.game.mended == today
    while battle.can_redo:
        battle.redo()
        assert battle.game.mended == today
        assert battle.summary(battle.game) == played[battle.history.cursor]  # decided as it was played
