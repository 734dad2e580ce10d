"""Campaign apps for the Pilot tests: the Kingmaker campaign of the core
kit with its first battle fought (or not), and a Fate one."""

from __future__ import annotations

from pathlib import Path

from tests.core.campaign.kit import fight, mustered, stolen_lands
from tests.core.fate.kit import ANA, GM
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Enlist
from tui.core.files.storage import create_session, open_session
from tui.core.system import find_system
from tui.core.systems.fate.campaign import FateForce
from tui.ui.campaign.app import CampaignApp
from tui.ui.settings import Settings


def km_campaign(folder: Path, *, fought: bool = True, treasury: tuple[int, int] = (10, 0), **settings) -> CampaignApp:
    """Stolen Lands saved in ``folder`` with battle b1 mustered (fought to its end with ``fought``)."""
    campaign = stolen_lands(treasury)
    path, _ = mustered(campaign, folder)
    if fought:
        with open_session(folder / "stolen-lands-b1.toml") as battle:
            fight(battle.battle)
    return open_app(path, campaign, **settings)


def ford_beside(folder: Path) -> Path:
    """A battle of its own beside the campaign (not one of its battles):
    the Kingmaker kit's four armies, to enlist from."""
    from tests.core.kingmaker.kit import muster

    battle = muster()
    path = folder / "ford.toml"
    create_session(path, battle).close()
    return path


def fate_campaign(folder: Path, **settings) -> CampaignApp:
    system = find_system("fate")
    campaign = Campaign.new(system.campaign.file_model, "fate", "War of Brannock", ("Ana", "GM"), system.shipped_ruleset(), seed=31)
    forces = [FateForce(key=c.key, side=side, **{"unit" if c.key.startswith("u") else "leader": c}) for side, p in enumerate((ANA, GM)) for c in p.cards]
    campaign.record(Enlist[FateForce](forces=tuple(forces)))
    return open_app(folder / "war.toml", campaign, **settings)


def open_app(path: Path, campaign: Campaign, **settings) -> CampaignApp:
    if not path.exists():
        create_session(path, campaign).close()
    else:
        with open_session(path) as session:
            session.battle = campaign
            session.save(whole=True)
    return CampaignApp(open_session(path), Settings(**settings))
