"""Between the campaign and its battles: mustering a battle file from the
roster, and offering what a finished battle did, to carry it back.

A battle mustered from a campaign lives beside the campaign's file and
names it in its header (``BattleFile.campaign``); the campaign's log names
the battle's file (``BattleLink``). Carrying back reads the battle's file
as it is on disk, so whatever was played in it, reopened or not, is what
the campaign is offered."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui.core.campaign.campaign import Campaign, CampaignState, at_muster, rebased
from tui.core.campaign.events import BattleLink, CarryBack, Keep, Muster
from tui.core.campaign.roster import CampaignError, CarriedAlready
from tui.core.errors import MassCombatError
from tui.core.campaign.rules import CampaignRules
from tui.core.history import CampaignRef, LoggedBattle
from tui.core.i18n import t
from tui.core.system import GameSystem, find_system


def campaign_rules(system: GameSystem) -> CampaignRules:
    rules = system.campaign
    if rules is None:
        raise CampaignError(t("campaign.error.no_campaigns", system=system.key))
    return rules


def new_campaign(system: GameSystem, title: str, sides: tuple[str, ...], seed: int | None = None) -> Campaign:
    """A new campaign of ``system`` with these sides and no forces yet,
    keeping its books with the system's shipped ruleset."""
    rules = campaign_rules(system)
    model, path = system.ruleset_and_file(None)
    campaign = Campaign.new(rules.file_model, system.key, title, sides, model, seed=seed)
    campaign.meta = campaign.meta.model_copy(update={"ruleset": system.ruleset_ref(model, path)})
    return campaign


def fingerprint(battle: LoggedBattle[Any, Any]) -> str:
    """The SHA-256 of the steps in effect: the same end of a battle, the same print."""
    digest = hashlib.sha256()
    for event in battle.history.done:
        digest.update(event.model_dump_json().encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def battle_file_name(campaign_path: Path, state: CampaignState) -> str:
    """``<campaign>-b3.toml`` beside the campaign, or with a number more if that is taken."""
    battle = state.next_battle_id()
    taken = {link.file for link in state.battles}
    for extra in range(1000):
        name = f"{campaign_path.stem}-{battle}{'-' + str(extra) if extra else ''}.toml"
        if name not in taken and not (campaign_path.parent / name).exists():
            return name
    raise CampaignError(t("campaign.error.file_twice", file=name))


def muster(campaign: Campaign, campaign_path: Path, sides: tuple[int, ...], forces: tuple[str, ...], title: str, seed: int | None = None, map_name: str = "") -> tuple[Muster, LoggedBattle[Any, Any]]:
    """The ``Muster`` step and the new battle it names (not yet recorded or
    saved: the caller records the step once the battle's file is written).
    Refused in one line if the forces don't fit the sides."""
    system = find_system(campaign.system)
    rules = campaign_rules(system)
    state = campaign.state
    for side in sides:
        if not any(state.roster.force(key).side == side for key in forces):
            raise CampaignError(t("campaign.error.no_forces"))
    link = BattleLink(id=state.next_battle_id(), file=battle_file_name(campaign_path, state), title=title, sides=sides, forces=forces, map=map_name)
    step = Muster(battle=link)
    Campaign.apply_event(state, step)  # refused here, before a battle file is made
    house = Path(campaign.meta.ruleset.file) if campaign.meta.ruleset is not None and campaign.meta.ruleset.file else None
    model, path = system.ruleset_and_file(house)
    battle = rules.muster(state, link, seed, model)
    battle.meta = battle.meta.model_copy(update={
        "ruleset": system.ruleset_ref(model, path),
        "campaign": CampaignRef(file=campaign_path.name, seed=campaign.seed, battle=link.id, forces=link.forces),
    })
    return step, battle


@dataclass(frozen=True)
class Offer:
    """A finished battle's aftermath, for the GM to see before it is written."""

    step: CarryBack
    link: BattleLink
    state: CampaignState
    """The campaign as the changes find it."""
    again: bool
    """The battle was carried back before, and ended otherwise since."""


def offer(campaign: Campaign, campaign_path: Path, battle_id: str) -> Offer:
    """What battle ``battle_id``'s file, as it stands, did to the forces;
    ``CampaignError`` (one line) if it has not ended, is another battle,
    or has been carried back as it ends now."""
    from tui.core.files.loading import load_battle

    state = campaign.state
    link = state.link(battle_id)
    path = campaign_path.parent / link.file
    battle = load_battle(path)
    ref = battle.meta.campaign
    if isinstance(battle, Campaign) or ref is None or ref.seed != campaign.seed or ref.battle != link.id:
        raise CampaignError(t("campaign.error.battle_other", file=link.file, battle=link.id))
    system = find_system(campaign.system)
    if not system.over(battle.game):
        raise CampaignError(t("campaign.error.not_over", battle=link.id, file=link.file))
    print_ = fingerprint(battle)
    earlier = state.carried_for(link.id)
    if earlier is not None and earlier.fingerprint == print_:
        raise CarriedAlready(t("campaign.error.carried_already", battle=link.id))
    rules = campaign_rules(system)
    start = at_muster(campaign.history, link.id)
    ended, outcome = rules.aftermath(start, link, battle)
    changes = rebased(state.roster, start.roster, earlier.ended if earlier is not None else (), ended, lambda path: rules.bounds(path, state))
    return Offer(CarryBack(battle=link.id, fingerprint=print_, changes=changes, ended=ended, outcome=outcome), link, state, earlier is not None)


def keep_map(campaign: Campaign, campaign_path: Path, battle_id: str, name: str) -> Keep:
    """The step that keeps the map of the campaign's battle ``battle_id`` under ``name``."""
    from tui.core.files.loading import load_battle

    link = campaign.state.link(battle_id)
    battle = load_battle(campaign_path.parent / link.file)
    return Keep(name=name, data=campaign_rules(find_system(campaign.system)).map_of(battle))


def battles_beside(campaign: Campaign, campaign_path: Path) -> list[tuple[Path, str]]:
    """The battles of the campaign's system in its folder (their file and
    title, from the header only), newest first: where forces can be enlisted from."""
    from tui.core.files.shelf import recent_battles

    from tui.core.files.tomlfile import read_toml

    found = []
    for item in recent_battles(campaign_path.parent):
        if item.problem is not None or item.system != campaign.system or item.kind != "battle":
            continue
        try:
            _, data = read_toml(item.path)
        except MassCombatError:
            continue
        if "campaign" in data:
            continue  # a campaign's battle: its forces are on that campaign's roster
        found.append((item.path, item.title))
    return found


__all__ = ["Offer", "battles_beside", "keep_map", "new_campaign", "battle_file_name", "campaign_rules", "fingerprint", "muster", "offer"]
