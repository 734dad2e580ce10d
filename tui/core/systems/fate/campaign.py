"""This Means War's units and leaders in a campaign: each player's cards
with the consequences they carry (and the campaign day each was taken),
and the fate points a player brings to the next battle. A consequence
goes once its recovery time has passed at rest (Fate Core's scene,
session and scenario, as days in the ruleset)."""

from __future__ import annotations

import random
from typing import Any, Literal, cast

from pydantic import field_validator, model_validator

from tui.core.campaign.campaign import OUT_OF_SERVICE, CampaignState
from tui.core.campaign.consequences import check_days, days_after_battle, recovery
from tui.core.campaign.events import BattleLink
from tui.core.campaign.roster import CampaignError, CampaignForce, Change, words
from tui.core.campaign.rules import CampaignRules, in_languages
from tui.core.i18n import language, t, tr
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Leader, Player, Unit, carried, spent
from tui.core.systems.fate.rules import FateRuleset
from tui.core.systems.fate.turns import awards


class FateForce(CampaignForce):
    """A unit or a leader of a player, with the campaign day on which each
    consequence it carries was taken (``slot:day``)."""

    unit: Unit | None = None
    leader: Leader | None = None
    since: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _one_card(self) -> "FateForce":
        card = self.unit or self.leader
        if (self.unit is None) == (self.leader is None) or card is None:
            raise ValueError(t("fate.campaign.one_card", key=self.key))
        if card.key != self.key:
            raise ValueError(t("fate.campaign.key_mismatch", key=self.key, card=card.key))
        return self

    _check_since = field_validator("since")(check_days)

    @property
    def card(self) -> Unit | Leader:
        card = self.unit or self.leader
        assert card is not None  # the validator holds one
        return card

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def card_field(self) -> str:
        return "unit" if self.unit is not None else "leader"



class FateCampaign(CampaignRules):
    force_model = FateForce
    status_words = "fate.campaign.status"
    side_fate_points = True

    def force_line(self, force: Any, state: CampaignState, language: str) -> str:
        rules: FateRuleset = state.rules
        card = force.card
        what = rules.quality(card.quality).name(language) if force.unit is not None else t("fate.campaign.leader_pc" if card.pc else "fate.campaign.leader_npc")
        wounds = ", ".join(f"{rules.consequence(slot).name(language)}: {text}" for slot, text in carried(card)) or t("fate.campaign.none")
        line = t("fate.campaign.force_line", name=card.name, what=what, consequences=wounds)
        return line if force.status == "ready" else f"{line}; {t(f'fate.campaign.status.{force.status}')}"

    def change_line(self, change: Change, state: CampaignState, language: str) -> str:
        parts = change.path.split(".")
        if parts[0] == "sides":
            return t("fate.campaign.change.fate_points", side=state.roster.sides[int(parts[1])].name, before=change.before, after=change.after)
        try:
            force = state.roster.force(parts[1])
        except CampaignError:
            return t("campaign.change.other", name=parts[1], field=".".join(parts[2:]), before=change.before, after=change.after)
        field = parts[-1]
        if field == "consequences":
            before = set(words(change.before))
            after = set(words(change.after))
            gained = [_named(state, e, language) for e in words(change.after) if e not in before]
            healed = [_named(state, e, language) for e in words(change.before) if e not in after]
            lines = []
            if gained:
                lines.append(t("fate.campaign.change.gained", name=force.name, consequences=", ".join(gained)))
            if healed:
                lines.append(t("fate.campaign.change.healed", name=force.name, consequences=", ".join(healed)))
            return "; ".join(lines) or t("fate.campaign.change.same", name=force.name)
        if field == "since":
            return t("fate.campaign.change.since", name=force.name)
        if field == "status":
            return t("fate.campaign.change.status", name=force.name, status=t(f"fate.campaign.status.{change.after}"))
        return t("campaign.change.other", name=force.name, field=".".join(parts[2:]), before=change.before, after=change.after)

    def bounds(self, path: str, state: CampaignState) -> tuple[int, int] | None:
        return (0, 99) if path.endswith(".fate_points") else None

    def hidden_change(self, change: Change) -> bool:
        return change.path.endswith(".since")

    # -- battles ---------------------------------------------------------------------

    def muster(self, state: CampaignState, link: BattleLink, seed: int | None, ruleset: Any) -> FateBattle:
        if len(link.sides) != 2:
            raise CampaignError(t("fate.campaign.two_sides"))
        rules: FateRuleset = ruleset
        players = []
        for index, side in enumerate(link.sides):
            mine = [state.roster.force(key) for key in link.forces if state.roster.force(key).side == side]
            player = Player(
                name=state.roster.sides[side].name, side=cast(Literal[0, 1], index),
                units=tuple(f.unit for f in mine if f.unit is not None), leaders=tuple(f.leader for f in mine if f.leader is not None),
                fate_points=state.roster.sides[side].fate_points,
            )
            # the chest holds what the campaign's forces cost, so they fit it exactly
            players.append(player.model_copy(update={"chest": spent(player, rules)}))
        text = cast(Literal["en", "de"], language())
        return FateBattle.new(link.title, tuple(players), seed=seed, text=text, ruleset=rules)

    def aftermath(self, state: CampaignState, link: BattleLink, battle: Any) -> tuple[tuple[Change, ...], dict[str, str]]:
        game = battle.game
        if game.stage != "ended":
            raise CampaignError(t("fate.campaign.not_over"))
        changes: list[Change] = []
        for key in link.forces:
            force = state.roster.force(key)
            card = game.unit(key) or game.leader(key)
            if card is None:
                continue  # taken out of the muster: it did not fight
            base = f"forces.{key}.{force.card_field}"
            now = tuple(f"{a.slot}:{a.text}" for a in game.consequences_of(key))
            if now != force.card.consequences:
                changes.append(Change(path=f"{base}.consequences", before=force.card.consequences, after=now))
                since = days_after_battle(force.card.consequences, force.since, now, state.day)
                if since != force.since:
                    changes.append(Change(path=f"forces.{key}.since", before=force.since, after=since))
            if game.place(key).out:
                status = "lost" if force.unit is not None else "taken_out"
                if status != force.status:
                    changes.append(Change(path=f"forces.{key}.status", before=force.status, after=status))
        earned = awards(game)
        for index, side in enumerate(link.sides):
            before = state.roster.sides[side].fate_points
            after = min(99, game.fate_points[index] + earned[index])
            if after != before:
                changes.append(Change(path=f"sides.{side}.fate_points", before=before, after=after))
        winners = [p.name for p in game.players if game.winner is not None and p.side == game.winner]
        if winners:
            outcome = in_languages(lambda lang: tr(lang, "fate.campaign.outcome", names=", ".join(winners)))
        else:
            outcome = in_languages(lambda lang: tr(lang, "fate.campaign.outcome_none"))
        return tuple(changes), outcome

    def forces_of(self, battle: Any) -> tuple[FateForce, ...]:
        found: list[FateForce] = []
        for player in battle.game.players:
            found += [FateForce(key=u.key, side=player.side, unit=u) for u in player.units]
            found += [FateForce(key=leader.key, side=player.side, leader=leader) for leader in player.leaders]
        return tuple(found)

    def rekey(self, force: Any, key: str) -> FateForce:
        card = force.card.model_copy(update={"key": key})
        return FateForce(key=key, side=force.side, status=force.status, since=force.since, **{force.card_field: card})

    def rest(self, state: CampaignState, days: int, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """Each consequence whose recovery time has passed by the rest's end is gone."""
        rules: FateRuleset = state.rules
        end = state.day + days
        changes: list[Change] = []
        for force in state.roster.forces:
            if force.status in OUT_OF_SERVICE:
                continue
            card = force.card
            changes += recovery(f"forces.{force.key}", force.card_field, card.consequences, force.since, end, lambda slot: rules.consequence(slot).recovery_days)
        return tuple(changes), ()


def _named(state: CampaignState, entry: str, language: str) -> str:
    """A carried consequence as the GM reads it: its aspect and how severe."""
    slot, _, text = entry.partition(":")
    return t("fate.campaign.consequence", aspect=text, severity=state.rules.consequence(slot).name(language))


CAMPAIGN = FateCampaign()

__all__ = ["CAMPAIGN", "FateCampaign", "FateForce"]
