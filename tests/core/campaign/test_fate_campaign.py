"""This Means War's cards carried through a campaign: a battle mustered
from the roster (its chest holding the forces exactly), the consequences
taken and the fate points earned carried back, carried consequences in
play next battle, and recovery by the ruleset's days at rest."""

from __future__ import annotations

import random

from tests.core.fate.kit import ANA, GM, HIGH, LOW, ZONES, act, roll
from tui.core.campaign.battles import muster, offer
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Amend, Enlist
from tui.core.campaign.roster import Change
from tui.core.files.storage import create_session, open_session
from tui.core.system import find_system
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.campaign import FateForce

RULES = find_system("fate").campaign


def war_of_brannock() -> Campaign:
    system = find_system("fate")
    campaign = Campaign.new(RULES.file_model, "fate", "War of Brannock", ("Ana", "GM"), system.shipped_ruleset(), seed=31)
    for side, player in enumerate((ANA, GM)):
        for unit in player.units:
            campaign.record(Enlist[FateForce](forces=(FateForce(key=unit.key, side=side, unit=unit),)))
        for leader in player.leaders:
            campaign.record(Enlist[FateForce](forces=(FateForce(key=leader.key, side=side, leader=leader),)))
    campaign.record(Amend(changes=(Change(path="sides.0.fate_points", before=0, after=2),)))
    return campaign


def play(battle) -> None:
    """The GM's Orcs hit the Pikes (a mild consequence, Shaken), then Ana concedes."""
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    battle.record(ev.FinishBattlefield())
    for card, zone in {"u1": "meadow", "u2": "meadow", "u3": "meadow", "u4": "woods"}.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    battle.record(ev.Attach(leader="l2", unit="u3"))
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=(LOW, HIGH)))
    act(battle, "u3")
    roll(battle, "attack", "u3", "fight", faces=(1, 0, 0, 0), target="u1", defender="u1", defence_skill="fight")
    battle.record(ev.Resolve(absorb=("mild",), names=("Shaken",)))
    battle.record(ev.Concede(player=0))


def test_the_muster_fills_each_chest_with_what_the_forces_cost(tmp_path):
    campaign = war_of_brannock()
    _, battle = muster(campaign, tmp_path / "war.toml", (0, 1), ("u1", "u2", "l1", "u3", "u4", "l2"), "Ford of Brannock", seed=7)
    ana, gm = battle.game.players
    assert [u.key for u in ana.units] == ["u1", "u2"] and [leader.key for leader in gm.leaders] == ["l2"]
    assert battle.game.fate_points == (2, 0)
    from tui.core.systems.fate.forces import left

    assert left(ana, battle.game.rules) == 0 and left(gm, battle.game.rules) == 0


def test_consequences_and_fate_points_are_carried_back_and_come_into_the_next_battle(tmp_path):
    campaign = war_of_brannock()
    path = tmp_path / "war.toml"
    step, battle = muster(campaign, path, (0, 1), ("u1", "u2", "l1", "u3", "u4", "l2"), "Ford of Brannock", seed=7)
    campaign.record(step)
    create_session(tmp_path / step.battle.file, battle).close()
    with open_session(tmp_path / step.battle.file) as session:
        play(session.battle)
        assert session.battle.game.stage == "ended"
    offered = offer(campaign, path, "b1")
    found = {c.path: (c.before, c.after) for c in offered.step.changes}
    assert found["forces.u1.unit.consequences"] == ((), ("mild:Shaken",))
    assert found["forces.u1.since"] == ((), ("mild:0",))
    assert offered.step.outcome == {"en": "victory for GM", "de": "Sieg für GM"}
    lines = [RULES.change_line(c, offered.state, "en") for c in offered.step.changes]
    assert "Pikes of Brannock takes Shaken (mild)" in lines
    campaign.record(offered.step)
    # The next battle: the Pikes still carry Shaken, in play as a consequence
    step, battle = muster(campaign, path, (0, 1), ("u1", "l1", "u3", "l2"), "Hill Fort", seed=8)
    assert battle.game.players[0].units[0].consequences == ("mild:Shaken",)
    battle.record(ev.StartBattlefield())
    for zone in ZONES:
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    battle.record(ev.FinishBattlefield())
    battle.record(ev.Deploy(card="u1", zone="meadow"))
    battle.record(ev.Deploy(card="u3", zone="woods"))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    battle.record(ev.Attach(leader="l2", unit="u3"))
    battle.record(ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2"), faces=(LOW, HIGH)))
    wounds = battle.game.consequences_of("u1")
    assert [(a.slot, a.text, a.free) for a in wounds] == [("mild", "Shaken", (0, 0))]
    assert battle.game.free_slots("u1") == ()


def test_a_mild_consequence_is_gone_after_a_day_at_rest_a_moderate_after_a_week():
    campaign = war_of_brannock()
    campaign.record(Amend(changes=(
        Change(path="forces.l1.leader.consequences", before=(), after=("mild:Winded", "moderate:Cut")),
        Change(path="forces.l1.since", before=(), after=("mild:0", "moderate:0")),
    )))
    changes, _ = RULES.rest(campaign.state, 1, random.Random(1))
    assert {c.path: c.after for c in changes}["forces.l1.leader.consequences"] == ("moderate:Cut",)
    changes, _ = RULES.rest(campaign.state, 7, random.Random(1))
    assert {c.path: c.after for c in changes}["forces.l1.leader.consequences"] == ()
