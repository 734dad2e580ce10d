"""Bundled example campaigns: the campaign's file in ``saves/examples``
with its battles in a folder of the same name beside it (so the start
screen lists the campaign, not its battles), each a template; and the
GM's working copy of one, battles and all, in the saves folder."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Mapping

from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Muster
from tui.core.history import CampaignRef, LoggedBattle


def fought(campaign: Campaign, path: Path, sides: tuple[int, ...], forces: tuple[str, ...], title: str, seed: int, play: Callable[[Any], None], map_name: str = "") -> tuple[str, LoggedBattle[Any, Any]]:
    """A battle of an example campaign (saved beside ``path`` when the
    example is written): mustered from the roster, played to its end by
    ``play``, its aftermath carried back as offered. Its file's name and the battle."""
    from tui.core.campaign.battles import campaign_rules, fingerprint, muster
    from tui.core.campaign.events import CarryBack
    from tui.core.system import find_system

    step, battle = muster(campaign, path, sides, forces, title, seed=seed, map_name=map_name)
    campaign.record(step)
    play(battle)
    changes, outcome = campaign_rules(find_system(campaign.system)).aftermath(campaign.state, step.battle, battle)
    campaign.record(CarryBack(battle=step.battle.id, fingerprint=fingerprint(battle), changes=changes, outcome=outcome))
    return step.battle.file, battle


def write_campaign_example(campaign: Campaign, battles: Mapping[str, LoggedBattle[Any, Any]], path: Path, header: str) -> None:
    """``campaign`` as a template at ``path``, its battles (by the file its
    log names) as templates in ``path``'s folder of the same name."""
    from tui.core.files.saving import write_example

    folder = path.parent / path.stem
    folder.mkdir(parents=True, exist_ok=True)
    for name, battle in battles.items():
        write_example(battle, folder / name, f"# A battle of the example campaign {path.name}: open the campaign to play on.\n")
    write_example(campaign, path, header)


def copy_campaign(example: Path, campaign: Campaign, target: Path) -> None:
    """The GM's copy of an example campaign at ``target`` (not yet there):
    a fresh seed, and each of its battles copied beside it under a name of
    the copy's own, naming the copy as their campaign."""
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    seed = random.SystemRandom().randrange(2**63)
    renamed: dict[str, str] = {}
    events = []
    for event in campaign.history.events:
        if isinstance(event, Muster):
            name = f"{target.stem}-{event.battle.id}.toml"
            number = 1
            while (target.parent / name).exists():
                number += 1
                name = f"{target.stem}-{event.battle.id}-{number}.toml"
            renamed[event.battle.file] = name
            event = Muster(battle=event.battle.model_copy(update={"file": name}))
        events.append(event)
    meta = campaign.meta.model_copy(update={"template": False, "seed": seed, "log": tuple(events), "cursor": campaign.history.cursor})
    copy = Campaign.from_file(meta, campaign.ruleset)
    for old, new in renamed.items():
        source = example.parent / example.stem / old
        if not source.is_file():
            continue  # a battle the example leaves out: the campaign says it is missing when it is asked for
        battle = load_battle(source)
        ref = battle.meta.campaign
        link = CampaignRef(file=target.name, seed=seed, battle=ref.battle) if ref is not None else None
        battle.meta = battle.meta.model_copy(update={"template": False, "seed": random.SystemRandom().randrange(2**63), "campaign": link})
        save_battle(battle, target.parent / new)
    save_battle(copy, target)


__all__ = ["copy_campaign", "fought", "write_campaign_example"]
