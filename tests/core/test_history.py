"""The battle log: do, undo, redo and replay (generic History, then a real Battle)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool
from tui.core.errors import MassCombatError, NothingToUndo
from tui.core.history import History


class Refused(MassCombatError):
    pass


def add(state: int, event: int) -> int:
    """A toy rule: events add to the state; zero is not allowed."""
    if event == 0:
        raise Refused("zero is not a move")
    return state + event


def fold(events, initial=100):
    state = initial
    for e in events:
        state = add(state, e)
    return state


def test_start():
    h = History.start(100)
    assert h.state == 100
    assert h.events == () and h.cursor == 0
    assert not h.can_undo and not h.can_redo


def test_do_undo_redo():
    h = History.start(100).do(5, add).do(7, add)
    assert h.state == 112
    assert h.done == (5, 7)
    h = h.undo()
    assert h.state == 105
    assert h.can_redo and h.can_undo
    assert h.events == (5, 7)  # the undone event is kept for redo
    assert h.done == (5,)
    h = h.undo()
    assert h.state == 100
    h = h.redo(add).redo(add)
    assert h.state == 112
    assert not h.can_redo


def test_history_is_immutable():
    h0 = History.start(100)
    h1 = h0.do(5, add)
    h2 = h1.undo()
    assert h0.state == 100 and h0.events == ()
    assert h1.state == 105 and h1.cursor == 1
    assert h2.state == 100


def test_a_refused_event_changes_nothing():
    h = History.start(100).do(5, add)
    with pytest.raises(Refused):
        h.do(0, add)
    assert h.state == 105 and h.events == (5,)


def test_undo_at_start_and_redo_at_end_raise():
    h = History.start(100)
    with pytest.raises(NothingToUndo):
        h.undo()
    with pytest.raises(NothingToUndo):
        h.redo(add)
    h = h.do(1, add)
    with pytest.raises(NothingToUndo):
        h.redo(add)
    h = h.undo()
    with pytest.raises(NothingToUndo):
        h.undo()
    assert issubclass(NothingToUndo, MassCombatError)


def test_a_new_event_after_undo_drops_the_redo_future():
    h = History.start(100).do(1, add).do(2, add).do(3, add)
    h = h.undo().undo()
    assert h.events == (1, 2, 3)
    h = h.do(10, add)
    assert h.events == (1, 10)
    assert h.state == 111
    assert not h.can_redo


def test_replay_with_the_cursor_in_the_middle():
    events = (1, 2, 3, 4)
    h = History.replay(100, events, 2, add)
    assert h.state == 103
    assert h.cursor == 2
    assert h.events == events
    assert h.can_undo and h.can_redo
    assert h.undo().state == 101
    h = h.redo(add)
    assert h.state == 106
    h = h.redo(add)
    assert h.state == 110
    assert not h.can_redo


@pytest.mark.parametrize("cursor", [0, 4])
def test_replay_at_the_ends(cursor):
    h = History.replay(100, (1, 2, 3, 4), cursor, add)
    assert h.state == fold((1, 2, 3, 4)[:cursor])


def test_replay_names_the_event_that_does_not_fit():
    with pytest.raises(Refused) as info:
        History.replay(100, (1, 2, 0, 4), 4, add)
    assert "event 3" in str(info.value)
    assert "zero is not a move" in str(info.value)


def test_replay_checks_events_past_the_cursor_too():
    # A redo must never fail later: the future ends before an event the rules
    # refuse now (a rule mended since), and says how much and why.
    h = History.replay(100, (1, 2, 3, 0, 5), 1, add)
    assert h.events == (1, 2, 3) and h.state == 101 and h.cursor == 1
    assert h.dropped == 2 and "zero is not a move" in h.dropped_why
    assert h.redo(add).redo(add).state == 106 and not h.redo(add).redo(add).can_redo
    # Before the cursor it is the battle itself: refused, naming the event.
    with pytest.raises(Refused) as info:
        History.replay(100, (1, 2, 3, 0), 4, add)
    assert "event 4" in str(info.value)


def test_replay_refuses_a_cursor_outside_the_log():
    with pytest.raises(ValueError):
        History.replay(100, (1, 2), 3, add)
    with pytest.raises(ValueError):
        History.replay(100, (1, 2), -1, add)


moves = st.lists(st.integers(-5, 5), max_size=25)


@given(moves, st.integers(-5, 5))
def test_undo_after_do_is_identity(events, extra):
    h = History.start(100)
    for e in events:
        try:
            h = h.do(e, add)
        except Refused:
            pass
    try:
        after = h.do(extra, add)
    except Refused:
        return
    back = after.undo()
    assert back.state == h.state
    assert back.cursor == h.cursor
    assert back.done == h.done
    assert back.redo(add).state == after.state


@given(moves, st.lists(st.sampled_from(["undo", "redo"]), max_size=25))
def test_replay_matches_any_walk_through_the_log(events, walk):
    events = tuple(e for e in events if e != 0)
    h = History.replay(100, events, len(events), add)
    for step in walk:
        try:
            h = h.undo() if step == "undo" else h.redo(add)
        except NothingToUndo:
            continue
        assert h.state == fold(h.done)
        again = History.replay(100, h.events, h.cursor, add)
        assert again.state == h.state
        assert again.states == h.states


# -- undo∘do on a real battle -------------------------------------------------

battle_actions = st.lists(
    st.sampled_from(["roll", "push", "push", "settle", "new_roll", "undo", "set_first", "set_pool"]),
    min_size=1,
    max_size=30,
)


@given(st.integers(0, 2**40), battle_actions)
@settings(max_examples=100, deadline=None)
def test_undo_after_any_battle_action_restores_the_state(seed, steps):
    battle = Battle.new("Undo", ("Ark", "Ghouls"), (Pool(3, 2, 1), Pool(3, 2, 0)), seed=seed)
    for step in steps:
        before = battle.state
        before_done = battle.history.done
        try:
            if step == "set_pool":
                battle.set_pool(0, Pool(battle.state.counter % 4 + 1, 2))
            elif step == "set_first":
                battle.set_first(1 - battle.state.first)
            else:
                getattr(battle, step)()
        except MassCombatError:
            assert battle.state == before
            continue
        if step == "undo":
            continue
        after = battle.state
        battle.undo()
        assert battle.state == before
        assert battle.history.done == before_done
        battle.redo()
        assert battle.state == after
