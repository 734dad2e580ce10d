"""A small Kingmaker campaign for the campaign tests: Ostmark's knights and
Rivenhold's warband, as in the Kingmaker kit, enlisted in a campaign."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.core.kingmaker.kit import KNIGHTS, WARBAND, begin_turn, close_in, counter
from tui.core.campaign.battles import muster
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Enlist
from tui.core.files.storage import create_session
from tui.core.system import find_system
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.campaign import KMForce


def stolen_lands(treasury: tuple[int, int] = (0, 0)) -> Campaign:
    from tui.core.campaign.events import Amend
    from tui.core.campaign.roster import Change

    system = find_system("kingmaker")
    campaign = Campaign.new(system.campaign.file_model, "kingmaker", "Stolen Lands", ("Ostmark", "Rivenhold"), system.shipped_ruleset(), seed=11)
    campaign.record(Enlist[KMForce](forces=(KMForce(key="knights", side=0, army=KNIGHTS),)))
    campaign.record(Enlist[KMForce](forces=(KMForce(key="warband", side=1, army=WARBAND.model_copy(update={"side": 0})),)))
    changes = tuple(Change(path=f"sides.{i}.treasury", before=0, after=bp) for i, bp in enumerate(treasury) if bp)
    if changes:
        campaign.record(Amend(changes=changes))
    return campaign


def fight(battle: Any, knights_fall: bool = True) -> None:
    """The duel of the Kingmaker combat tests, mustered from the campaign:
    the warband beats the knights (15 damage on 11 hp) and the aftermath
    rolls 55 for Ser Ilsa (captured)."""
    battle.record(ev.SetMat(width=24, height=16))
    battle.record(ev.SetupRoll(counter=counter(battle), rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    battle.record(ev.Place(key="knights", x=10, y=3, facing="s"))
    battle.record(ev.Place(key="warband", x=10, y=9, facing="n"))
    begin_turn(battle)
    close_in(battle, ("knights", 3), ("warband", 2))
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(12,)))
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="melee", faces=(20, 20, 20)))
    battle.record(ev.EndStep())
    battle.record(ev.Aftermath(counter=counter(battle), fates=(("knights", 55),)))


def mustered(campaign: Campaign, folder: Path) -> tuple[Path, Any]:
    """The campaign saved in ``folder`` with its first battle mustered and saved beside it."""
    path = folder / "stolen-lands.toml"
    step, battle = muster(campaign, path, (0, 1), ("knights", "warband"), "Ashwater Ford", seed=5)
    campaign.record(step)
    create_session(folder / step.battle.file, battle).close()
    return path, battle
