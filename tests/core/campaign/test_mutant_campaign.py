"""Mutant factions carried through a campaign: a battle mustered from the
roster (the captured stay behind), the fighters, PCs' damage and a
captured leader carried back, and the engineer and medic at rest."""

from __future__ import annotations

import random

from tests.core.myz.kit import end_wave, fight, support_none, to_battle
from tui.core.campaign.battles import offer
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Amend, Enlist
from tui.core.campaign.roster import Change
from tui.core.files.storage import create_session, open_session
from tui.core.system import find_system
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.campaign import MyzForce
from tui.core.campaign.battles import muster

RULES = find_system("myz").campaign
ARK = Army(fighters=140, people=(
    Person(name="Marlotte", position="leader", skills={"command": "4b3s"}),
    Person(name="Angus", position="engineer", skills={"jury_rig": "3b2s"}),
    Person(name="Kim", position="medic", skills={"heal": "3b2s"}),
), units={"artillery": 2}, ark=True, ark_projects=("arsenal", "hunting_party"))
GHOULS = Army(fighters=140, people=(Person(name="Ilona", position="leader", pc=False),))


def zone_war() -> Campaign:
    system = find_system("myz")
    campaign = Campaign.new(RULES.file_model, "myz", "Zone War", ("The Ark", "Zone-Ghouls"), system.shipped_ruleset(), seed=21)
    campaign.record(Enlist[MyzForce](forces=(MyzForce(key="ark", side=0, name="The Ark", army=ARK),)))
    campaign.record(Enlist[MyzForce](forces=(MyzForce(key="ghouls", side=1, name="Zone-Ghouls", army=GHOULS),)))
    return campaign


def test_a_mustered_battle_holds_both_factions_and_leaves_the_captured_behind(tmp_path):
    campaign = zone_war()
    campaign.record(Amend(changes=(Change(path="forces.ark.captured", before=(), after=("Marlotte",)),)))
    step, battle = muster(campaign, tmp_path / "zone-war.toml", (0, 1), ("ark", "ghouls"), "Raid on the Ark", seed=3)
    assert battle.game.names == ("The Ark", "Zone-Ghouls")
    people = battle.game.armies[0].people
    assert [p.name for p in people] == ["Angus", "Kim"] and people[0].position == "leader"  # the next in command leads
    assert battle.game.armies[1].fighters == 140


def test_an_overwhelming_victory_carries_back_the_losses_and_the_captured_leader(tmp_path):
    campaign = zone_war()
    path = tmp_path / "zone-war.toml"
    step, battle = muster(campaign, path, (0, 1), ("ark", "ghouls"), "Raid on the Ark", seed=3)
    campaign.record(step)
    create_session(tmp_path / step.battle.file, battle).close()
    with open_session(tmp_path / step.battle.file) as session:
        played = session.battle
        played.record(ev.Reconnaissance(skip=True))
        played.record(ev.Initiative(first=0))
        to_battle(played, "attack", "attack")
        fight(played, {"successes": 4}, {"banes": 1})
        support_none(played)
        end_wave(played)
        assert played.game.stage == "over"
        lost = [140 - f.fighters for f in played.game.forces]
    offered = offer(campaign, path, "b1")
    found = {c.path: (c.before, c.after) for c in offered.step.changes}
    assert found["forces.ghouls.army.fighters"] == (140, 140 - lost[1])
    assert found["forces.ghouls.captured"] == ((), ("Ilona",))
    if lost[0]:
        assert found["forces.ark.army.fighters"] == (140, 140 - lost[0])
    assert "routed" in offered.step.told("en") and "routed" not in offered.step.told("de")
    lines = [RULES.change_line(c, offered.state, "en") for c in offered.step.changes]
    assert "Zone-Ghouls: held by the enemy: Ilona" in lines
    campaign.record(offered.step)
    assert campaign.state.roster.force("ghouls").captured == ("Ilona",)


def test_at_rest_the_medic_mends_the_broken_and_the_engineer_repairs():
    campaign = zone_war()
    campaign.record(Amend(changes=(
        Change(path="forces.ark.army.people.0.damage", before=0, after=5),   # Marlotte broken (Strength 4)
        Change(path="forces.ark.army.people.1.damage", before=0, after=2),   # Angus hurt
        Change(path="forces.ark.army.damaged_projects", before=(), after=("arsenal",)),
    )))
    outcomes = set()
    for seed in range(40):
        changes, faces = RULES.rest(campaign.state, 1, random.Random(seed))
        found = {c.path: c.after for c in changes}
        assert found["forces.ark.army.people.1.damage"] == 0  # not broken: rest heals it
        assert faces  # the medic and the engineer rolled
        outcomes.add(("forces.ark.army.people.0.damage" in found, "forces.ark.army.damaged_projects" in found))
    assert outcomes == {(True, True), (True, False), (False, True), (False, False)}
