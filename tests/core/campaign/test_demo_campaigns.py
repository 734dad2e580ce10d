"""The bundled demo campaigns: each is what its builder writes, has two
battles fought and carried back, and opens as the GM's own copy with
copies of its battles, which still count as carried back (never twice)."""

from __future__ import annotations

import pytest

from tui.core.campaign.battles import offer
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.roster import CampaignError
from tui.core.files.loading import load_battle
from tui.core.files.places import find_example, open_example

DEMOS = {"kingmaker": "the-stolen-lands", "myz": "the-zone-war", "fate": "the-war-of-brannock", "second_world": "nightjar"}


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_the_bundled_demo_campaign_is_what_its_builder_writes(tmp_path, system):
    import importlib

    builder = importlib.import_module(f"tui.core.systems.{system}.campaign_demo")
    name = DEMOS[system]
    builder.write(tmp_path / f"{name}.toml")
    bundled = find_example(name)
    assert bundled.read_text(encoding="utf-8") == (tmp_path / f"{name}.toml").read_text(encoding="utf-8")
    for battle in sorted((bundled.parent / name).glob("*.toml")):
        assert battle.read_text(encoding="utf-8") == (tmp_path / name / battle.name).read_text(encoding="utf-8"), battle.name
    campaign = load_battle(bundled)
    assert isinstance(campaign, Campaign) and campaign.meta.template
    assert [link.id for link in campaign.state.battles] == ["b1", "b2"]
    assert all(campaign.state.carried_for(link.id) is not None for link in campaign.state.battles)


def test_a_demo_campaign_opens_as_a_copy_with_its_battles(tmp_path):
    copy = open_example(find_example("the-stolen-lands"), tmp_path)
    campaign = load_battle(copy)
    assert isinstance(campaign, Campaign) and not campaign.meta.template
    for link in campaign.state.battles:
        battle = load_battle(tmp_path / link.file)
        assert link.file.startswith("the-stolen-lands-") and not battle.meta.template
        assert battle.meta.campaign.seed == campaign.seed and battle.meta.campaign.file == copy.name
        with pytest.raises(CampaignError, match="carried back as it ended"):
            offer(campaign, copy, link.id)
    again = open_example(find_example("the-stolen-lands"), tmp_path, fresh=True)
    other = load_battle(again)
    assert [link.file for link in other.state.battles] == ["the-stolen-lands-2-b1.toml", "the-stolen-lands-2-b2.toml"]
    assert load_battle(tmp_path / "the-stolen-lands-2-b1.toml").meta.campaign.file == again.name
