"""A battle of an example campaign fought in code: how the demo builders
play their scripted battles through the campaign."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from tui.core.campaign.battles import campaign_rules, fingerprint, muster
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import CarryBack
from tui.core.history import LoggedBattle
from tui.core.system import find_system


def fought(campaign: Campaign, path: Path, sides: tuple[int, ...], forces: tuple[str, ...], title: str, seed: int, play: Callable[[Any], None], map_name: str = "") -> tuple[str, LoggedBattle[Any, Any]]:
    """A battle of an example campaign (saved beside ``path`` when the
    example is written): mustered from the roster, played to its end by
    ``play``, its aftermath carried back as offered. Its file's name and the battle."""
    step, battle = muster(campaign, path, sides, forces, title, seed=seed, map_name=map_name)
    campaign.record(step)
    play(battle)
    changes, outcome = campaign_rules(find_system(campaign.system)).aftermath(campaign.state, step.battle, battle)
    campaign.record(CarryBack(battle=step.battle.id, fingerprint=fingerprint(battle), changes=changes, outcome=outcome))
    return step.battle.file, battle


__all__ = ["fought"]
