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
from tui.core.history import LoggedBattle


def write_campaign_example(campaign: Campaign, battles: Mapping[str, LoggedBattle[Any, Any]], path: Path, header: str) -> None:
    """``campaign`` as a template at ``path``, its battles (by the file its
    log names) as templates in ``path``'s folder of the same name."""
    from tui.core.files.saving import write_example

    folder = path.parent / path.stem
    folder.mkdir(parents=True, exist_ok=True)
    for name, battle in battles.items():
        write_example(battle, folder / name, f"# A battle of the example campaign {path.name}: open the campaign to play on.\n")
    write_example(campaign, path, header)


def writer(build: Callable[[Path], tuple[Campaign, dict[str, LoggedBattle[Any, Any]]]], header: str) -> Callable[[Path], None]:
    """A demo module's ``write``: the campaign ``build`` makes, with its battles, as a template at the path given."""

    def write(path: Path) -> None:
        campaign, battles = build(path)
        write_campaign_example(campaign, battles, path, header)

    return write


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
        link = ref.model_copy(update={"file": target.name, "seed": seed}) if ref is not None else None
        battle.meta = battle.meta.model_copy(update={"template": False, "seed": random.SystemRandom().randrange(2**63), "campaign": link})
        save_battle(battle, target.parent / new)
    save_battle(copy, target)


__all__ = ["copy_campaign", "write_campaign_example", "writer"]
