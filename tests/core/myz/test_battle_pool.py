"""The Battle Pool exchange (battle_pool.apply) and a battle in play (Battle).

Rules text (MYZ Mass Combat, Battle Phase): "When both sides have rolled,
each leader can, in initiative order, settle or push their Battle roll [...]
Keep this up until neither leader can nor wants to push their Battle roll
anymore. The winning faction is the one who rolled the most ☢."
"""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.systems.myz import models as m
from tui.core.history import rng_for
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.battle_pool import BattlePoolState, RollResult, apply, initial_state, summary
from tui.core.dice.year_zero import Pool, YearZeroRules, roll_pool
from tui.core.errors import MassCombatError, PushNotAllowed, RollRecordError, RuleViolation


# -- helpers ------------------------------------------------------------------


def start(pool_a: str = "3b2s", pool_b: str = "3b2s", first: int = 0, rules: YearZeroRules | None = None) -> BattlePoolState:
    setup = m.Setup(sides=(m.SideSetup(name="Ark", pool=pool_a), m.SideSetup(name="Ghouls", pool=pool_b)), first=first)
    return initial_state(setup, rules or YearZeroRules())


def side(base=(), skill=(), gear=()) -> m.RolledSide:
    return m.RolledSide(base=tuple(base), skill=tuple(skill), gear=tuple(gear))


def roll(state: BattlePoolState, a: m.RolledSide, b: m.RolledSide) -> BattlePoolState:
    return apply(state, m.Roll(counter=state.counter, sides=(a, b)))


def push_event(state: BattlePoolState, who: int, face: int = 3, spent=None) -> m.Push:
    """A valid push for ``who``: every rerolled die comes up ``face``."""
    r = state.sides[who].roll
    assert r is not None
    chosen = r.default_spend() if spent is None else tuple(spent)
    rerolled = sum(1 for i, d in r.active() if i not in chosen and r.lock(i) is None)
    return m.Push(counter=state.counter, side=who, spent=chosen, faces=(face,) * rerolled)


def push(state: BattlePoolState, who: int, face: int = 3, spent=None) -> BattlePoolState:
    return apply(state, push_event(state, who, face, spent))


def settle(state: BattlePoolState, who: int) -> BattlePoolState:
    return apply(state, m.Settle(side=who))


# -- rolling and turns --------------------------------------------------------


def test_both_sides_roll_their_pools():
    s = start("3b2s1g", "2b1s")
    assert not s.rolled and s.turn is None
    s = roll(s, side((6, 1, 3), (2, 4), (1,)), side((5, 5), (6,)))
    a, b = s.sides[0].roll, s.sides[1].roll
    assert a is not None and b is not None
    assert [d.face for d in a.dice] == [6, 1, 3, 2, 4, 1]
    assert (a.successes, a.banes, a.gear_banes) == (1, 1, 1)
    assert (b.successes, b.banes, b.gear_banes) == (1, 0, 0)
    assert s.counter == 1
    assert s.rolled and s.in_progress and not s.finished
    assert s.leader() is None


@pytest.mark.parametrize("first", [0, 1])
def test_initiative_decides_who_acts_first(first):
    s = roll(start(first=first), side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3)))
    assert s.turn == first
    with pytest.raises(RuleViolation):
        push(s, 1 - first)
    with pytest.raises(RuleViolation):
        settle(s, 1 - first)
    assert push(s, first).turn == 1 - first
    assert settle(s, first).turn == 1 - first


def test_turn_alternates_between_unsettled_sides():
    s = roll(start(), side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3)))
    assert s.turn == 0
    s = push(s, 0)
    assert s.turn == 1
    s = push(s, 1)
    assert s.turn == 0
    s = settle(s, 0)
    assert s.turn == 1
    s = push(s, 1)
    assert s.is_settled(1)  # its last Strategy die is gone
    assert s.turn == 0  # side 1 pushed: side 0, though it settled, may answer
    s = settle(s, 0)
    assert s.finished and s.turn is None


def test_settling_is_not_final_a_push_gives_the_settled_side_its_choice_again():
    s = roll(start("1b3s", "1b3s"), side((2,), (2, 3, 4)), side((2,), (2, 3, 4)))
    s = settle(s, 0)
    assert s.turn == 1
    s = push(s, 1)
    assert s.turn == 0 and not s.is_settled(0)
    s = push(s, 0)  # the leader who settled pushes after all
    assert s.turn == 1
    s = settle(s, 1)
    assert s.turn == 0
    s = settle(s, 0)  # both declined in a row: the exchange is over
    assert s.finished


def test_a_settled_side_is_skipped_while_nobody_pushes():
    s = roll(start("1b3s", "1b3s"), side((2,), (2, 3, 4)), side((2,), (2, 3, 4)))
    s = settle(s, 0)
    assert s.turn == 1
    with pytest.raises(RuleViolation):
        push(s, 0)
    s = settle(s, 1)
    assert s.finished


def test_a_side_without_strategy_dice_counts_as_settled():
    s = roll(start("3b", "3b2s"), side((2, 3, 4)), side((2, 3, 4), (2, 3)))
    assert s.is_settled(0) and not s.sides[0].settled
    assert s.turn == 1  # although side 0 has the initiative
    with pytest.raises(RuleViolation):
        push(s, 0)
    with pytest.raises(RuleViolation):
        settle(s, 0)
    s = settle(s, 1)
    assert s.finished


def test_a_side_that_spent_its_last_strategy_die_is_settled():
    s = roll(start("2b1s", "2b2s"), side((2, 3), (4,)), side((2, 3), (4, 5)))
    s = push(s, 0)
    assert s.is_settled(0)
    assert s.turn == 1
    s = push(s, 1)
    assert s.turn == 1
    s = push(s, 1)
    assert s.finished


def test_push_and_settle_refused_before_a_roll_and_after_the_end():
    s = start()
    with pytest.raises(RuleViolation):
        apply(s, m.Settle(side=0))
    with pytest.raises(RuleViolation):
        apply(s, m.Push(counter=0, side=0, spent=(3,), faces=(1, 2, 3, 4)))
    s = settle(settle(roll(s, side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3))), 0), 1)
    assert s.finished
    for who in (0, 1):
        with pytest.raises(RuleViolation):
            settle(s, who)
        with pytest.raises(RuleViolation):
            apply(s, m.Push(counter=s.counter, side=who, spent=(4,), faces=(1, 2, 3, 4)))


def test_pools_and_initiative_cannot_change_mid_roll():
    s = roll(start(), side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3)))
    with pytest.raises(RuleViolation):
        apply(s, m.SetPool(side=0, pool="5b"))
    with pytest.raises(RuleViolation):
        apply(s, m.SetPool(side=1, pool="5b"))
    with pytest.raises(RuleViolation):
        apply(s, m.SetFirst(first=1))
    renamed = apply(s, m.Rename(side=1, name="Zone Ghouls"))
    assert renamed.sides[1].name == "Zone Ghouls"
    done = settle(settle(s, 0), 1)
    assert apply(done, m.SetPool(side=0, pool="5b")).sides[0].pool == Pool(5)
    assert apply(done, m.SetFirst(first=1)).first == 1


def test_before_a_roll_pools_and_initiative_may_change():
    s = apply(start(), m.SetPool(side=1, pool="4b1s2g"))
    assert s.sides[1].pool == Pool(4, 1, 2)
    s = apply(s, m.SetFirst(first=1))
    s = roll(s, side((2, 3, 4), (2, 3)), side((2, 3, 4, 5), (2,), (3, 4)))
    assert s.turn == 1


# -- the result ---------------------------------------------------------------


def test_finished_when_both_settle_and_more_successes_win():
    s = roll(start("2b1s", "2b1s"), side((6, 6), (2,)), side((6, 3), (4,)))
    s = settle(s, 0)
    assert not s.finished and s.result() is None
    s = settle(s, 1)
    assert s.finished
    result = s.result()
    assert result == RollResult(
        names=("Ark", "Ghouls"), pools=(Pool(2, 1), Pool(2, 1)), successes=(2, 1),
        banes=(0, 0), gear_banes=(0, 0), pushes=(0, 0),
    )
    assert result.winner == 0
    assert result.margin == 1


def test_the_second_side_can_win():
    s = roll(start("3b1s", "3b1s"), side((1, 1, 2), (3,)), side((6, 6, 6), (6,)))
    s = settle(settle(s, 0), 1)
    result = s.result()
    assert result is not None
    assert result.successes == (0, 4)
    assert result.banes == (2, 0)
    assert result.winner == 1
    assert result.margin == 4


def test_a_tie_has_no_winner():
    s = roll(start("2b1s1g", "2b1s"), side((6, 2), (2,), (1,)), side((3, 2), (6,)))
    s = settle(settle(s, 0), 1)
    result = s.result()
    assert result is not None
    assert result.successes == (1, 1)
    assert result.gear_banes == (1, 0)
    assert result.winner is None
    assert result.margin == 0


def test_result_counts_pushes_and_the_dice_after_them():
    s = roll(start("2b2s", "2b1s"), side((2, 3), (4, 5)), side((6, 1), (2,)))
    s = push(s, 0, face=6)  # 2, 3 and one Strategy die come up 6
    s = push(s, 1, face=1)  # side 1 has no Strategy die left after this
    s = settle(s, 0)
    result = s.result()
    assert result is not None
    assert result.pushes == (1, 1)
    assert result.successes == (3, 1)
    assert result.banes == (0, 1)
    assert result.winner == 0 and result.margin == 2


def test_new_roll_archives_the_result_and_clears_the_table():
    s = roll(start("2b1s", "2b1s"), side((6, 6), (2,)), side((6, 3), (4,)))
    with pytest.raises(RuleViolation):
        apply(s, m.NewRoll())  # not settled yet
    s = settle(settle(s, 0), 1)
    expected = s.result()
    s = apply(s, m.NewRoll())
    assert s.results == (expected,)
    assert not s.rolled
    assert all(x.roll is None and not x.settled for x in s.sides)
    assert s.counter == 1
    with pytest.raises(RuleViolation):
        apply(s, m.NewRoll())  # nothing on the table


def test_rolling_again_after_a_finished_roll_archives_it():
    s = roll(start("2b1s", "2b1s"), side((6, 6), (2,)), side((6, 3), (4,)))
    s = settle(settle(s, 0), 1)
    expected = s.result()
    s = roll(s, side((2, 2), (2,)), side((3, 3), (3,)))
    assert s.results == (expected,)
    assert s.in_progress and s.turn == 0
    assert s.counter == 2


def test_no_roll_while_a_roll_is_in_progress():
    s = roll(start(), side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3)))
    with pytest.raises(RuleViolation):
        roll(s, side((2, 3, 4), (2, 3)), side((2, 3, 4), (2, 3)))


def test_both_pools_empty_is_refused():
    s = start("0b", "0b")
    with pytest.raises(RuleViolation):
        roll(s, side(), side())
    s = apply(apply(start(), m.SetPool(side=0, pool="0b")), m.SetPool(side=1, pool="0b"))
    with pytest.raises(RuleViolation):
        roll(s, side(), side())


def test_an_empty_pool_rolls_no_dice_and_no_successes():
    s = roll(start("0b", "3b1s"), side(), side((6, 2, 3), (6,)))
    empty = s.sides[0].roll
    assert empty is not None
    assert empty.dice == ()
    assert (empty.successes, empty.banes, empty.gear_banes) == (0, 0, 0)
    assert s.is_settled(0)
    assert s.turn == 1
    s = settle(s, 1)
    result = s.result()
    assert result is not None and result.successes == (0, 2) and result.winner == 1


def test_roll_and_push_records_must_fit_the_pools():
    s = start("3b2s", "2b")
    with pytest.raises(RollRecordError):  # two Battle dice stored for three
        roll(s, side((2, 3), (2, 3)), side((2, 3)))
    with pytest.raises(RollRecordError):  # a face not on a d6
        roll(s, side((2, 3, 7), (2, 3)), side((2, 3)))
    with pytest.raises(RollRecordError):
        apply(s, m.Roll(counter=5, sides=(side((2, 3, 4), (2, 3)), side((2, 3)))))
    s = roll(s, side((2, 3, 4), (2, 3)), side((2, 3)))
    good = push_event(s, 0)
    assert len(good.faces) == 4
    apply(s, good)
    with pytest.raises(RollRecordError):
        apply(s, good.model_copy(update={"faces": good.faces[:-1]}))
    with pytest.raises(RollRecordError):
        apply(s, good.model_copy(update={"faces": good.faces + (3,)}))
    with pytest.raises(RollRecordError):
        apply(s, good.model_copy(update={"faces": (3, 3, 3, 7)}))
    with pytest.raises(RollRecordError):
        apply(s, good.model_copy(update={"counter": s.counter + 1}))
    with pytest.raises(PushNotAllowed):
        apply(s, good.model_copy(update={"spent": (0,)}))  # a Battle die cannot pay


def test_rules_variant_two_strategy_dice_per_push():
    rules = YearZeroRules(strategy_dice_per_push=2)
    s = roll(start("2b3s", "2b1s", rules=rules), side((2, 3), (2, 3, 4)), side((2, 3), (4,)))
    assert s.is_settled(1)  # one Strategy die cannot pay for a push
    assert s.turn == 0
    s = push(s, 0)
    assert s.sides[0].roll.strategy_dice_left() == 1  # type: ignore[union-attr]
    assert s.finished


def test_summary_describes_the_table():
    s = roll(start("2b1s", "3b"), side((6, 1), (2,)), side((1, 6, 6)))
    assert summary(s) == {
        "rolls_made": 1,
        "results": 0,
        "sides": [
            {"name": "Ark", "pool": "2b1s", "successes": 1, "banes": 1, "gear_banes": 0, "pushes": 0, "settled": False},
            {"name": "Ghouls", "pool": "3b", "successes": 2, "banes": 1, "gear_banes": 0, "pushes": 0, "settled": True},
        ],
    }


# -- a battle in play: determinism -------------------------------------------


def play(battle: Battle, rounds: int = 3) -> None:
    """A fixed policy: push when it's your turn and you have two Strategy dice, else settle."""
    for _ in range(rounds):
        battle.roll()
        while battle.state.in_progress:
            who = battle.state.turn
            r = battle.state.sides[who].roll
            if r.strategy_dice_left() >= 2 or (who == 1 and r.can_push):
                battle.push()
            else:
                battle.settle()
        battle.new_roll()


def new(seed: int = 7, pools=(Pool(6, 3, 2), Pool(5, 2, 1)), rules=None) -> Battle:
    return Battle.new("Ghoul Strike", ("Ark", "Ghouls"), pools, seed=seed, rules=rules)


def test_same_seed_and_actions_give_the_same_battle():
    a, b = new(seed=1234), new(seed=1234)
    play(a)
    play(b)
    assert a.history.events == b.history.events
    assert a.history.states == b.history.states
    assert len(a.state.results) == 3
    assert any(isinstance(e, m.Push) for e in a.history.events)


def test_different_seeds_give_different_faces():
    pools = (Pool(30, 5, 5), Pool(30, 5, 5))
    a, b = new(seed=1, pools=pools), new(seed=2, pools=pools)
    assert a.roll() != b.roll()


def test_the_stream_depends_on_seed_and_counter():
    battle = new(seed=99)
    event = battle.roll()
    rng = rng_for(99, 0)
    first = roll_pool(Pool(6, 3, 2), rng)
    second = roll_pool(Pool(5, 2, 1), rng)
    for rolled, stored in zip((first, second), event.sides):
        assert [d.face for d in rolled.dice] == [*stored.base, *stored.skill, *stored.gear]
    assert rng_for(99, 0).random() == rng_for(99, 0).random()
    assert rng_for(99, 0).random() != rng_for(99, 1).random()
    assert rng_for(99, 0).random() != rng_for(98, 0).random()


def test_undo_then_redo_gives_back_the_same_state():
    battle = new()
    battle.roll()
    battle.push()
    after = battle.state
    events = battle.history.events
    battle.undo()
    assert battle.state != after
    battle.redo()
    assert battle.state == after
    assert battle.history.events == events


def test_undo_then_the_same_action_gives_the_same_faces():
    battle = new()
    first = battle.roll()
    battle.undo()
    assert battle.roll() == first
    pushed = battle.push()
    battle.undo()
    assert battle.push() == pushed
    assert battle.state.counter == 2


def test_an_action_after_undo_drops_the_redo_future():
    battle = new()
    battle.roll()
    battle.push()
    battle.undo()
    assert battle.can_redo
    battle.settle()
    assert not battle.can_redo


def test_nothing_to_undo_or_redo():
    battle = new()
    assert battle.refusal("undo") and battle.refusal("redo")
    with pytest.raises(MassCombatError):
        battle.undo()
    with pytest.raises(MassCombatError):
        battle.redo()


# -- save and load ------------------------------------------------------------


def reload(battle: Battle, through_json: bool = True) -> Battle:
    meta = battle.to_file()
    if through_json:
        meta = m.BattleFile.model_validate(meta.model_dump(mode="json"))
    return Battle.from_file(meta, rules=battle.rules)


@pytest.mark.parametrize("through_json", [False, True])
def test_from_file_reproduces_the_state(through_json):
    battle = new()
    play(battle, rounds=2)
    battle.roll()
    battle.push()
    loaded = reload(battle, through_json)
    assert loaded.state == battle.state
    assert loaded.history.events == battle.history.events
    assert loaded.seed == battle.seed
    # Play continues identically.
    assert loaded.settle() == battle.settle()
    assert loaded.state == battle.state


def test_from_file_keeps_the_redo_future():
    battle = new()
    battle.roll()
    battle.push()
    battle.settle()
    end = battle.state
    battle.undo()
    battle.undo()
    loaded = reload(battle)
    assert loaded.state == battle.state
    assert loaded.history.cursor == 1
    assert loaded.can_redo
    loaded.redo()
    loaded.redo()
    assert loaded.state == end
    assert not loaded.can_redo


def scripted() -> Battle:
    """A battle whose every face is known (events recorded by hand)."""
    battle = new(pools=(Pool(3, 2, 1), Pool(2, 1, 0)))
    #                       0  1  2     3  4     5
    battle.record(m.Roll(counter=0, sides=(side((2, 1, 6), (3, 4), (5,)), side((3, 4), (2,)))))
    # Side 0 spends die 4 and rerolls dice 0, 3 and 5.
    battle.record(m.Push(counter=1, side=0, spent=(4,), faces=(6, 2, 1)))
    # Side 1 spends its only Strategy die and rerolls both Battle dice.
    battle.record(m.Push(counter=2, side=1, spent=(2,), faces=(6, 3)))
    battle.record(m.Settle(side=0))
    return battle


def test_the_scripted_battle_is_valid():
    battle = scripted()
    s = battle.state
    assert s.finished
    assert [(r.successes, r.banes, r.gear_banes) for r in (x.roll for x in s.sides)] == [(2, 1, 1), (1, 0, 0)]
    assert reload(battle).state == s


def tamper(battle: Battle, change) -> m.BattleFile:
    data = battle.to_file().model_dump(mode="json")
    change(data)
    return m.BattleFile.model_validate(data)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


TAMPERS = {
    "push face not on a d6": (_set(["log", 1, "faces"], [6, 2, 7]), "event 2"),
    "push stores an extra face": (_set(["log", 1, "faces"], [6, 2, 1, 4]), "event 2"),
    "push stores too few faces": (_set(["log", 1, "faces"], [6, 2]), "event 2"),
    # Die 0 now shows a success, so the push could not have rerolled it.
    "roll face makes a rerolled die locked": (_set(["log", 0, "sides", 0, "base"], [6, 1, 6]), "event 2"),
    "push spends a Battle die": (_set(["log", 2, "spent"], [0]), "event 3"),
    "push counter": (_set(["log", 2, "counter"], 7), "event 3"),
    "roll counter": (_set(["log", 0, "counter"], 1), "event 1"),
    "roll face count": (_set(["log", 0, "sides", 1, "base"], [3, 4, 5]), "event 1"),
    "settle out of turn": (_set(["log", 3, "side"], 1), "event 4"),
    "summary disagrees": (_set(["state", "sides", 0, "successes"], 3), None),
    "summary counter": (_set(["state", "rolls_made"], 2), None),
    "summary after an invisible face change": (_set(["log", 2, "faces"], [6, 6]), None),
}


@pytest.mark.parametrize("name", list(TAMPERS))
def test_a_tampered_file_is_refused(name):
    change, where = TAMPERS[name]
    meta = tamper(scripted(), change)
    with pytest.raises(MassCombatError) as info:
        Battle.from_file(meta)
    if where is not None:
        assert str(info.value).startswith(where + ":")


def test_a_log_without_its_state_summary_is_a_cut_short_file():
    meta = tamper(scripted(), _set(["state"], {}))
    with pytest.raises(MassCombatError, match="cut short"):
        Battle.from_file(meta)


def test_a_cursor_beyond_the_log_is_refused_as_a_project_error():
    meta = tamper(scripted(), _set(["cursor"], 9))
    with pytest.raises(MassCombatError):
        Battle.from_file(meta)


# -- refusal() agrees with the actions (hypothesis) ---------------------------

small_pools = st.builds(Pool, st.integers(0, 4), st.integers(0, 4), st.integers(0, 2))
_ACTION_NAMES = [
    # weighted towards the exchange itself: rolls, pushes and settles
    "push", "push", "push", "push", "settle", "settle", "roll", "roll",
    "new_roll", "undo", "redo", "set_first", "set_pool", "rename",
]


@st.composite
def actions(draw):
    name = draw(st.sampled_from(_ACTION_NAMES))
    if name in ("push", "settle"):
        return name, draw(st.sampled_from([None, None, 0, 1]))
    if name in ("set_first", "rename"):
        return name, draw(st.sampled_from([0, 1]))
    if name == "set_pool":
        return name, (draw(st.sampled_from([0, 1])), draw(small_pools))
    return name, None


def call(battle: Battle, name: str, arg) -> None:
    if name == "roll":
        battle.roll()
    elif name in ("push", "settle"):
        getattr(battle, name)(arg)
    elif name == "new_roll":
        battle.new_roll()
    elif name == "undo":
        battle.undo()
    elif name == "redo":
        battle.redo()
    elif name == "set_first":
        battle.set_first(arg)
    elif name == "set_pool":
        battle.set_pool(arg[0], arg[1])
    elif name == "rename":
        battle.rename(arg, f"Side {arg} renamed")


def refusal(battle: Battle, name: str, arg) -> str | None:
    if name in ("push", "settle"):
        return battle.refusal(name, arg)
    if name == "set_pool":
        return battle.refusal(name, arg[0])
    return battle.refusal(name)


def _check_refusals(rules, seed, pools, steps):
    battle = Battle.new("Property", ("A", "B"), pools, seed=seed, rules=rules)
    for name, arg in steps:
        why = refusal(battle, name, arg)
        before_history = battle.history
        try:
            call(battle, name, arg)
        except MassCombatError:
            ok = False
            assert battle.history is before_history  # a refused action changes nothing
        else:
            ok = True
        assert (why is None) == ok, (name, arg, why)
        if why is not None:
            assert isinstance(why, str) and why.strip()
    loaded = Battle.from_file(battle.to_file(), rules=rules)
    assert loaded.state == battle.state
    assert loaded.history.events == battle.history.events


@given(
    st.integers(0, 2**40),
    st.tuples(small_pools, small_pools),
    st.lists(actions(), min_size=4, max_size=40),
)
@settings(max_examples=150, deadline=None)
def test_refusal_is_none_exactly_when_the_action_succeeds(seed, pools, steps):
    _check_refusals(YearZeroRules(), seed, pools, steps)


@given(
    st.integers(0, 2**40),
    st.tuples(small_pools, small_pools),
    st.lists(actions(), min_size=4, max_size=30),
)
@settings(max_examples=60, deadline=None)
def test_refusal_agrees_under_house_rules(seed, pools, steps):
    _check_refusals(YearZeroRules(strategy_dice_per_push=2, max_pushes=1), seed, pools, steps)


@given(st.integers(0, 2**40), st.lists(st.sampled_from(["push", "settle"]), min_size=1, max_size=20))
@settings(max_examples=80, deadline=None)
def test_exchange_always_ends_with_a_consistent_result(seed, choices):
    battle = new(seed=seed % 1000, pools=(Pool(3, 3, 1), Pool(4, 2, 1)))
    battle.roll()
    for choice in choices:
        if not battle.state.in_progress:
            break
        getattr(battle, choice)()
    while battle.state.in_progress:
        battle.settle()
    s = battle.state
    result = s.result()
    assert result is not None
    rolls = [x.roll for x in s.sides]
    assert result.successes == tuple(r.successes for r in rolls)
    assert result.margin == abs(result.successes[0] - result.successes[1])
    if result.winner is None:
        assert result.successes[0] == result.successes[1]
    else:
        assert result.successes[result.winner] > result.successes[1 - result.winner]
    assert s.counter == 1 + sum(result.pushes)


def test_a_push_or_settle_before_the_roll_names_what_there_is_nothing_to_do():
    state = start()
    with pytest.raises(RuleViolation, match="nothing to push"):
        apply(state, m.Push(counter=0, side=0, spent=(3,), faces=()))
    with pytest.raises(RuleViolation, match="nothing to settle"):
        apply(state, m.Settle(side=0))
