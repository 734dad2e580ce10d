"""Properties of the campaign's bookkeeping: a carried-back aftermath
undone leaves the campaign as it was, whatever the GM changed before it;
a battle carried back again replaces its earlier aftermath (undoing that
step gives the first one back); and any list of changes made and then
set back, last first, gives the roster it started from."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.campaign.kit import stolen_lands
from tui.core.campaign.battles import fingerprint
from tui.core.campaign.campaign import Campaign, undo_aftermath
from tui.core.campaign.events import Amend, BattleLink, CarryBack, Muster
from tui.core.campaign.roster import Change, value_at, with_changes

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


@settings(max_examples=40, deadline=None)
@given(first=edits, second=edits)
def test_a_battle_carried_back_again_replaces_its_earlier_aftermath(first, second):
    campaign = stolen_lands()
    _mustered(campaign)
    start = campaign.state.roster
    one = _changes(campaign, first)
    campaign.record(CarryBack(battle="b1", fingerprint="a" * 64, changes=one, outcome={"en": "first"}))
    after_one = campaign.state
    base = undo_aftermath(campaign.state.roster, one)
    assert base == start
    shadow = Campaign(campaign.meta, campaign.history)
    shadow.history = shadow.history.start(campaign.state.__class__(rules=campaign.state.rules, roster=base))
    two = _changes(shadow, second)
    campaign.record(CarryBack(battle="b1", fingerprint="b" * 64, changes=two, outcome={"en": "second"}))
    assert campaign.state.roster == with_changes(start, two)
    assert campaign.state.carried_for("b1").told("de") == "second"
    campaign.undo()
    assert campaign.state == after_one


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
