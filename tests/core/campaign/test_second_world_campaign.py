"""Second World's characters carried through a campaign: consequences and
fate points carried back from a conflict, consequences filling their
slots in the next one, and recovery by days at rest."""

from __future__ import annotations

import random

from tests.core.second_world.kit import EDGES, GUARDS, GUNNER, HALE, VASQUEZ
from tui.core.campaign.battles import muster, offer
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Enlist
from tui.core.files.storage import create_session, open_session
from tui.core.maps.zones import Zone
from tui.core.system import find_system
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.campaign import SWForce

RULES = find_system("second_world").campaign
PLUS4, MINUS4 = (1, 1, 1, 1), (-1, -1, -1, -1)


def nightjar() -> Campaign:
    system = find_system("second_world")
    campaign = Campaign.new(RULES.file_model, "second_world", "Nightjar", ("Commandos", "Garrison"), system.shipped_ruleset(), seed=41)
    for character in (HALE, VASQUEZ, GUARDS, GUNNER):
        campaign.record(Enlist[SWForce](forces=(SWForce(key=character.key, side=character.side, character=character.model_copy(update={"side": 0})),)))
    return campaign


def lay_out(battle, at: dict[str, str]) -> None:
    for number, (col, row) in enumerate([(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)], start=1):
        battle.record(ev.PlaceZone(zone=Zone(key=f"z{number}", name=f"Room {number}", col=col, row=row)))
    for edge in EDGES:
        battle.record(edge)
    for key, zone in at.items():
        battle.record(ev.Deploy(key=key, zone=zone))


def test_consequences_and_fate_points_come_back_and_fill_their_slots_next_time(tmp_path):
    campaign = nightjar()
    path = tmp_path / "nightjar.toml"
    step, battle = muster(campaign, path, (0, 1), ("hale", "vasquez", "guards", "gunner"), "Bunker raid", seed=7)
    assert [c.side for c in battle.game.characters] == [0, 0, 1, 1]
    campaign.record(step)
    create_session(tmp_path / step.battle.file, battle).close()
    with open_session(tmp_path / step.battle.file) as session:
        played = session.battle
        lay_out(played, {"hale": "z1", "vasquez": "z2", "guards": "z3", "gunner": "z4"})
        played.record(ev.StartConflict(counter=played.game.counter, order="captain", first_side=1))
        played.record(ev.BeginTurn(key="guards"))
        played.record(ev.ActionRoll(counter=played.game.counter, key="guards", action="attack", skill="shoot", faces=PLUS4, target="vasquez", defence_skill="athletics", defence_faces=MINUS4))
        played.record(ev.Resolve(boost="Rattled", style_boost=True))
        played.record(ev.Absorb(box=1, consequences=(ev.TakenConsequence(slot="mild", aspect="Grazed"), ev.TakenConsequence(slot="severe", aspect="Shot Through"))))
        played.record(ev.Concede(key="vasquez"))
        played.record(ev.Concede(key="hale"))
        assert played.game.stage == "ended"
        earned = played.game.fighter("vasquez").fate_points
    offered = offer(campaign, path, "b1")
    found = {c.path: (c.before, c.after) for c in offered.step.changes}
    assert found["forces.vasquez.character.consequences"] == ((), ("mild:Grazed", "severe:Shot Through"))
    assert found["forces.vasquez.character.fate_points"] == (0, earned)
    assert offered.step.told("en") == "the conflict is over: Garrison hold the field" and offered.step.outcome["de"] != offered.step.outcome["en"]
    campaign.record(offered.step)
    # a day at rest: the mild one is gone, the severe one stays
    changes, _ = RULES.rest(campaign.state, 1, random.Random(1))
    assert {c.path: c.after for c in changes}["forces.vasquez.character.consequences"] == ("severe:Shot Through",)
    _, battle = muster(campaign, path, (0, 1), ("vasquez", "gunner"), "Second raid", seed=8)
    assert battle.game.character("vasquez").consequences == ("mild:Grazed", "severe:Shot Through")
    lay_out(battle, {"vasquez": "z2", "gunner": "z4"})
    battle.record(ev.StartConflict(counter=battle.game.counter, order="captain", first_side=0))
    assert dict(battle.game.fighter("vasquez").consequences) == {"mild": "Grazed", "severe": "Shot Through"}


def test_a_kept_map_keeps_what_the_players_see_and_a_missing_one_is_refused(tmp_path):
    import pytest

    from tui.core.campaign.events import Keep
    from tui.core.campaign.roster import CampaignError

    campaign = nightjar()
    path = tmp_path / "nightjar.toml"
    _, battle = muster(campaign, path, (0, 1), ("hale", "guards"), "Raid", seed=7)
    lay_out(battle, {"hale": "z1", "guards": "z3"})
    battle.record(ev.ZoneAspects(zone="z2", aspects=("Mud", "Hidden Mine"), hidden=(1,)))
    data = RULES.map_of(battle)
    assert [entry["aspects"] for entry in data["zones"]][1] == ["Mud"]  # the hidden mine stays out
    campaign.record(Keep(name="Bunker", data=data))
    _, again = muster(campaign, path, (0, 1), ("hale", "guards"), "Raid again", seed=8, map_name="Bunker")
    assert [e.label for e in again.game.board.edges] == [e.label for e in battle.game.board.edges]
    with pytest.raises(CampaignError, match="no map called Elsewhere"):
        muster(campaign, path, (0, 1), ("hale", "guards"), "Lost", seed=9, map_name="Elsewhere")
