"""Properties of the campaign's bookkeeping: a carried-back aftermath
undone leaves the campaign as it was, whatever the GM changed before it;
a battle carried back again (finished anew) writes only what its new end
changes against its last one, so carrying back A then B equals B alone,
and what the GM changed between stands where A and B agree; and any list
of changes made and then set back, last first, gives the roster back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.campaign.kit import stolen_lands
from tui.core.campaign.battles import fingerprint
from tui.core.campaign.campaign import Campaign, rebased
from tui.core.campaign.events import Amend, BattleLink, CarryBack, Muster
from tui.core.campaign.roster import Change, value_at, with_changes
from tui.core.system import find_system

PLACES = ("forces.knights.army.wounds", "forces.warband.army.wounds", "forces.knights.army.morale", "forces.warband.army.morale", "sides.0.treasury", "sides.1.treasury")
LIMITS = {"wounds": (0, 10), "morale": (-4, 4), "treasury": (0, 500)}


def _bounds(path: str) -> tuple[int, int]:
    return LIMITS[path.rsplit(".", 1)[-1]]


edits = st.lists(st.tuples(st.sampled_from(PLACES), st.integers(0, 1_000)), max_size=8)


def _changes(campaign: Campaign, picks: list[tuple[str, int]]) -> tuple[Change, ...]:
    """Each pick as a change of that value, within its bounds, from what it is after the picks before it."""
    roster = campaign.state.roster
    made = []
    for path, seed in picks:
        low, high = _bounds(path)
        before = value_at(roster, path)
        change = Change(path=path, before=before, after=low + seed % (high - low + 1))
        roster = with_changes(roster, (change,))
        made.append(change)
    return tuple(made)


def _mustered(campaign: Campaign) -> None:
    campaign.record(Muster(battle=BattleLink(id="b1", file="b1.toml", title="Ford", sides=(0, 1), forces=("knights", "warband"))))


@settings(max_examples=40, deadline=None)
@given(before=edits, aftermath=edits)
def test_an_aftermath_carried_back_and_undone_leaves_the_campaign_as_it_was(before, aftermath):
    campaign = stolen_lands()
    _mustered(campaign)
    changes = _changes(campaign, before)
    if changes:
        campaign.record(Amend(changes=changes))
    state = campaign.state
    campaign.record(CarryBack(battle="b1", fingerprint="a" * 64, changes=_changes(campaign, aftermath), outcome={"en": "x"}))
    campaign.undo()
    assert campaign.state == state


@settings(max_examples=60, deadline=None)
@given(first=edits, second=edits, between=edits)
def test_a_battle_carried_back_again_writes_only_what_its_new_end_changes(first, second, between):
    campaign = stolen_lands()
    _mustered(campaign)
    start = campaign.state.roster
    ended_a = _changes(campaign, first)
    ended_b = _changes(campaign, second)
    campaign.record(CarryBack(battle="b1", fingerprint="a" * 64, changes=rebased(start, start, (), ended_a), ended=ended_a, outcome={"en": "first"}))
    assert campaign.state.roster == with_changes(start, ended_a)
    after_a = campaign.state
    edits = _changes(campaign, between)
    if edits:
        campaign.record(Amend(changes=edits))
    edited = campaign.state.roster
    rules = find_system("kingmaker").campaign
    again = rebased(edited, start, ended_a, ended_b, lambda path: rules.bounds(path, campaign.state))
    campaign.record(CarryBack(battle="b1", fingerprint="b" * 64, changes=again, ended=ended_b, outcome={"en": "second"}))
    roster = campaign.state.roster
    a = {c.path: c.after for c in ended_a}
    b = {c.path: c.after for c in ended_b}
    for path in PLACES:
        begun = value_at(start, path)
        if a.get(path, begun) == b.get(path, begun):
            assert value_at(roster, path) == value_at(edited, path), path  # the GM's edit (or A's value) stands
        elif not edits:
            assert value_at(roster, path) == b.get(path, begun), path  # A then B: B
    assert campaign.state.carried_for("b1").told("de") == "second"
    campaign.undo()
    if edits:
        campaign.undo()
    assert campaign.state == after_a


@settings(max_examples=60, deadline=None)
@given(picks=edits)
def test_changes_set_back_last_first_give_the_roster_back(picks):
    campaign = stolen_lands()
    changes = _changes(campaign, picks)
    changed = with_changes(campaign.state.roster, changes)
    back = with_changes(changed, tuple(c.undone() for c in reversed(changes)))
    assert back == campaign.state.roster


def test_the_same_end_of_a_battle_prints_the_same(tmp_path):
    from tests.core.campaign.kit import fight, mustered

    first, second = stolen_lands(), stolen_lands()
    _, a = mustered(first, tmp_path / "a")
    _, b = mustered(second, tmp_path / "b")
    fight(a)
    fight(b)
    assert fingerprint(a) == fingerprint(b)
    a.undo()
    assert fingerprint(a) != fingerprint(b)
