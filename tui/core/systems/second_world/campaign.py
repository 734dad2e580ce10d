"""Second World's characters in a campaign: each side's PCs, NPCs and
nameless groups with the consequences they carry (and the day each was
taken), their fate points, and the members a group has lost. Stress
clears when a conflict ends (Fate Core); consequences go once their
recovery time has passed at rest."""

from __future__ import annotations

import random
from typing import Any

from pydantic import field_validator, model_validator

from tui.core.campaign.campaign import OUT_OF_SERVICE, CampaignState
from tui.core.campaign.consequences import check_days, days_after_battle, recovery, split
from tui.core.campaign.events import BattleLink
from tui.core.campaign.roster import CampaignError, CampaignForce, Change, words
from tui.core.campaign.rules import CampaignRules, in_languages
from tui.core.i18n import t, tr
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.maps.zones import Zone
from tui.core.systems.second_world.forces import MAX_MEMBERS, Character
from tui.core.systems.second_world.state import aspect_item
from tui.core.systems.second_world.rules import SecondWorldRuleset


class SWForce(CampaignForce):
    """A character (or a nameless group) and the campaign day on which each
    consequence it carries was taken (``slot:day``)."""

    character: Character
    since: tuple[str, ...] = ()

    _check_since = field_validator("since")(check_days)

    @model_validator(mode="after")
    def _same_key(self) -> "SWForce":
        if self.character.key != self.key:
            raise ValueError(t("sw.campaign.key_mismatch", key=self.key, character=self.character.key))
        return self

    @property
    def name(self) -> str:
        return self.character.name


class SecondWorldCampaign(CampaignRules):
    force_model = SWForce
    maps = True
    status_words = "sw.campaign.status"

    def force_line(self, force: Any, state: CampaignState, language: str) -> str:
        rules: SecondWorldRuleset = state.rules
        who = force.character
        what = t(f"sw.campaign.role.{who.role}") if who.nameless is None else t("sw.campaign.group", count=who.members)
        wounds = ", ".join(f"{rules.consequence(slot.rstrip('0123456789')).name(language)}: {text}" for slot, text in split(who.consequences)) or t("sw.campaign.none")
        line = t("sw.campaign.force_line", name=who.name, what=what, fate_points=t("sw.campaign.fate_points", count=who.fate_points), consequences=wounds)
        return line if force.status == "ready" else f"{line}; {t(f'sw.campaign.status.{force.status}')}"

    def change_line(self, change: Change, state: CampaignState, language: str) -> str:
        parts = change.path.split(".")
        try:
            force = state.roster.force(parts[1])
        except (CampaignError, IndexError):
            return t("campaign.change.other", name=parts[1] if len(parts) > 1 else change.path, field=".".join(parts[2:]), before=change.before, after=change.after)
        field = ".".join(parts[2:])
        name = force.name
        if field == "character.consequences":
            before, after = words(change.before), words(change.after)
            lines = []
            gained = [_named(state, e, language) for e in after if e not in before]
            healed = [_named(state, e, language) for e in before if e not in after]
            if gained:
                lines.append(t("sw.campaign.change.gained", name=name, consequences=", ".join(gained)))
            if healed:
                lines.append(t("sw.campaign.change.healed", name=name, consequences=", ".join(healed)))
            return "; ".join(lines) or t("sw.campaign.change.same", name=name)
        if field == "character.fate_points":
            return t("sw.campaign.change.fate_points", name=name, before=change.before, after=change.after)
        if field == "character.members":
            return t("sw.campaign.change.members", name=name, before=change.before, after=change.after)
        if field == "since":
            return t("sw.campaign.change.since", name=name)
        if field == "status":
            return t("sw.campaign.change.status", name=name, status=t(f"sw.campaign.status.{change.after}"))
        return t("campaign.change.other", name=name, field=field, before=change.before, after=change.after)

    def bounds(self, path: str, state: CampaignState) -> tuple[int, int] | None:
        if path.endswith(".fate_points"):
            return 0, 99
        return (1, MAX_MEMBERS) if path.endswith(".members") else None

    def hidden_change(self, change: Change) -> bool:
        return change.path.endswith(".since")

    def muster(self, state: CampaignState, link: BattleLink, seed: int | None, ruleset: Any) -> SecondWorldBattle:
        if len(link.sides) < 2:
            raise CampaignError(t("campaign.error.battle_sides"))
        battle = SecondWorldBattle.new(link.title, seed=seed, ruleset=ruleset)
        battle.record(ev.SetSides(names=tuple(state.roster.sides[side].name for side in link.sides)))
        if link.map:
            _lay(battle, state.kept_map(link.map))
        for key in link.forces:
            force = state.roster.force(key)
            battle.record(ev.SetCharacter(character=force.character.model_copy(update={"side": link.sides.index(force.side)})))
        return battle

    def map_of(self, battle: Any) -> dict[str, Any]:
        """The zones with their aspects and situations, and the edges as the
        battle left them (worn, open or closed). What the GM hid stays out."""
        game = battle.game
        zones = []
        for zone in game.board.zones:
            info = game.zone_info(zone.key)
            shown = tuple(text for text, slot in zip(info.aspects, info.slots or range(len(info.aspects))) if aspect_item(zone.key, slot) not in game.hidden)
            zones.append({"zone": zone.model_dump(mode="json"), "aspects": list(shown), "situations": list(info.situations)})
        edges = [edge.model_dump(mode="json", exclude_none=True) for edge in game.board.edges]
        return {"zones": zones, "edges": edges}

    def aftermath(self, state: CampaignState, link: BattleLink, battle: Any) -> tuple[tuple[Change, ...], dict[str, str]]:
        game = battle.game
        if game.stage != "ended":
            raise CampaignError(t("sw.campaign.not_over"))
        changes: list[Change] = []
        for key in link.forces:
            force = state.roster.force(key)
            try:
                fighter = game.fighter(key)
            except ValueError:
                continue  # taken out of the cast: it did not fight
            who = force.character
            base = f"forces.{key}"
            now = tuple(f"{slot}:{text}" for slot, text in fighter.consequences)
            if now != who.consequences:
                changes.append(Change(path=f"{base}.character.consequences", before=who.consequences, after=now))
                since = days_after_battle(who.consequences, force.since, now, state.day)
                if since != force.since:
                    changes.append(Change(path=f"{base}.since", before=force.since, after=since))
            if fighter.fate_points != who.fate_points:
                changes.append(Change(path=f"{base}.character.fate_points", before=who.fate_points, after=min(99, fighter.fate_points)))
            if who.nameless is not None and fighter.members_out:
                left = max(0, who.members - fighter.members_out)
                if left:
                    changes.append(Change(path=f"{base}.character.members", before=who.members, after=left))
                elif force.status != "lost":
                    changes.append(Change(path=f"{base}.status", before=force.status, after="lost"))
            elif fighter.out and force.status != "taken_out":
                changes.append(Change(path=f"{base}.status", before=force.status, after="taken_out"))
        ended = next((n for n in reversed(list(game.notes.latest(20))) if n.key in ("sw.note.ended", "sw.note.ended_apart")), None)
        outcome = in_languages(lambda lang: tr(lang, ended.key, **dict(ended.params))) if ended is not None else {}
        return tuple(changes), outcome

    def forces_of(self, battle: Any) -> tuple[SWForce, ...]:
        return tuple(SWForce(key=c.key, side=c.side, character=c.model_copy(update={"side": 0})) for c in battle.game.characters)

    def rekey(self, force: Any, key: str) -> SWForce:
        return SWForce(key=key, side=force.side, status=force.status, since=force.since, character=force.character.model_copy(update={"key": key}))

    def rest(self, state: CampaignState, days: int, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        rules: SecondWorldRuleset = state.rules
        changes: list[Change] = []
        for force in state.roster.forces:
            if force.status in OUT_OF_SERVICE:
                continue
            who = force.character
            days_for = lambda slot: rules.consequence(slot.rstrip("0123456789")).recovery_days  # noqa: E731  # mild2 recovers as mild
            changes += recovery(f"forces.{force.key}", "character", who.consequences, force.since, state.day + days, days_for)
        return tuple(changes), ()


def _lay(battle: SecondWorldBattle, data: dict[str, Any]) -> None:
    """A kept map laid out in a new battle: its zones as placed, their
    aspects and situations, its edges; one clear line if it does not fit."""
    try:
        for entry in data.get("zones", ()):
            zone = Zone.model_validate(entry["zone"])
            battle.record(ev.PlaceZone(zone=zone))
            if entry.get("aspects"):
                battle.record(ev.ZoneAspects(zone=zone.key, aspects=tuple(entry["aspects"])))
            for situation in entry.get("situations", ()):
                battle.record(ev.Situation(zone=zone.key, situation=situation))
        for edge in data.get("edges", ()):
            battle.record(ev.SetEdge.model_validate(edge))
    except (ValueError, KeyError, TypeError) as exc:
        raise CampaignError(t("sw.campaign.map_broken", error=str(exc).splitlines()[0])) from None


def _named(state: CampaignState, entry: str, language: str) -> str:
    """A carried consequence as the GM reads it: its aspect and how severe."""
    slot, _, text = entry.partition(":")
    return t("sw.campaign.consequence", aspect=text, severity=state.rules.consequence(slot.rstrip("0123456789")).name(language))


CAMPAIGN = SecondWorldCampaign()

__all__ = ["CAMPAIGN", "SWForce", "SecondWorldCampaign"]
