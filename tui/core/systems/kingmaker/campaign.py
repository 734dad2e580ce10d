"""Kingmaker's armies in a campaign (Ultimate Campaign's "Mass Combat"
around the Kingmaker battles): each kingdom's armies with their wounds,
Morale and commanders carried from battle to battle; healing at rest;
each week's Consumption paid from the kingdom's Treasury."""

from __future__ import annotations

import math
import random
from typing import Any, Literal

from pydantic import model_validator

from tui.core.campaign.campaign import OUT_OF_SERVICE, CampaignState
from tui.core.campaign.events import BattleLink
from tui.core.campaign.roster import CampaignError, CampaignForce, Change, number
from tui.core.campaign.rules import CampaignRules, in_languages
from tui.core.i18n import t, tr
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.derive import derive
from tui.core.systems.kingmaker.forces import Army, Commander
from tui.core.systems.kingmaker.rules import KingmakerRuleset
from tui.core.systems.kingmaker.turns import aftermath_morale

Fate = Literal["", "killed", "captured", "escaped"]


class KMForce(CampaignForce):
    """An army of a kingdom: its sheet (with the wounds it carries) and
    what became of its commander."""

    army: Army
    commander_fate: Fate = ""
    """What became of its commander when the army was last destroyed ("": with it)."""

    @model_validator(mode="after")
    def _same_key(self) -> "KMForce":
        if self.army.key != self.key:
            raise ValueError(t("km.campaign.key_mismatch", key=self.key, army=self.army.key))
        return self

    @property
    def name(self) -> str:
        return self.army.name

    @property
    def commanded(self) -> bool:
        """It has a commander with it: named, and not killed or captured."""
        return bool(self.army.commander.name) and self.commander_fate not in ("killed", "captured")


def _in_service(force: KMForce) -> bool:
    return force.status not in OUT_OF_SERVICE


class KingmakerCampaign(CampaignRules):
    force_model = KMForce
    status_words = "km.campaign.status"
    treasury = True
    week = True

    # -- the roster ----------------------------------------------------------------

    def force_line(self, force: Any, state: CampaignState, language: str) -> str:
        found = derive(force.army, state.rules)
        hp = 0 if force.status == "defeated" else found.hp.total - force.army.wounds
        commander = force.army.commander.name or t("km.campaign.no_commander")
        if force.commander_fate:
            commander = t("km.campaign.commander_fate", name=commander, fate=_fate_name(state.rules, force.commander_fate, language))
        line = t(
            "km.campaign.force_line", name=force.army.name, size=found.size.name(language), acr=found.acr_text, hp=hp, most=found.hp.total,
            morale=f"{force.army.morale:+d}", consumption=found.consumption.total, commander=commander,
        )
        return line if force.status == "ready" else f"{line}; {t(f'km.campaign.status.{force.status}')}"

    def force_data(self, force: Any, state: CampaignState) -> dict[str, Any]:
        found = derive(force.army, state.rules)
        return {**force.model_dump(mode="json"), "acr": found.acr_text, "hp": found.hp.total - force.army.wounds, "hp_most": found.hp.total, "consumption": found.consumption.total}

    def change_line(self, change: Change, state: CampaignState, language: str) -> str:
        parts = change.path.split(".")
        if parts[0] == "sides":
            side = state.roster.sides[int(parts[1])].name
            return t("km.campaign.change.treasury", side=side, before=change.before, after=change.after)
        name = _name_of(state, parts[1])
        field = ".".join(parts[2:])
        if field == "army.wounds":
            most = _hp_most(state, parts[1])
            return t("km.campaign.change.hp", name=name, before=most - number(change.before), after=most - number(change.after))
        if field == "army.morale":
            return t("km.campaign.change.morale", name=name, before=f"{number(change.before):+d}", after=f"{number(change.after):+d}")
        if field == "status":
            return t("km.campaign.change.status", name=name, status=t(f"km.campaign.status.{change.after}"))
        if field == "commander_fate":
            fate = _fate_name(state.rules, str(change.after), language) if change.after else t("km.campaign.fate_back")
            return t("km.campaign.change.commander", name=name, fate=fate)
        return t("campaign.change.other", name=name, field=field, before=change.before, after=change.after)

    def bounds(self, path: str, state: CampaignState) -> tuple[int, int] | None:
        rules: KingmakerRuleset = state.rules
        if path.endswith(".army.wounds"):
            return 0, _hp_most(state, path.split(".")[1])
        if path.endswith(".army.morale"):
            return rules.armies.morale_min, rules.armies.morale_max
        if path.endswith(".treasury"):
            return 0, 999_999
        return None

    def shown(self, path: str, value: int, state: CampaignState) -> int:
        """Wounds as the hp they leave."""
        return _hp_most(state, path.split(".")[1]) - value if path.endswith(".army.wounds") else value

    def stored(self, path: str, shown: int, state: CampaignState) -> int:
        return _hp_most(state, path.split(".")[1]) - shown if path.endswith(".army.wounds") else shown

    # -- battles ---------------------------------------------------------------------

    def muster(self, state: CampaignState, link: BattleLink, seed: int | None, ruleset: Any) -> KingmakerBattle:
        battle = KingmakerBattle.new(link.title, seed=seed, ruleset=ruleset)
        sides = state.roster.sides
        battle.record(ev.SetSides(names=tuple(sides[side].name for side in link.sides)))
        for key in link.forces:
            force = state.roster.force(key)
            army = force.army.model_copy(update={"side": link.sides.index(force.side)})
            if not force.commanded and army.commander.name:
                # its commander is dead or held: an unexceptional one leads (Ultimate Campaign)
                army = army.model_copy(update={"commander": Commander()})
            battle.record(ev.SetArmy(army=army))
        return battle

    def aftermath(self, state: CampaignState, link: BattleLink, battle: Any) -> tuple[tuple[Change, ...], dict[str, str]]:
        game = battle.game
        if game.stage != "over" or not game.aftermath_done:
            raise CampaignError(t("km.campaign.not_over"))
        rules: KingmakerRuleset = game.rules
        fates = {key: roll for event in battle.history.done if isinstance(event, ev.Aftermath) for key, roll in event.fates}
        changes: list[Change] = []
        for key in link.forces:
            force = state.roster.force(key)
            try:
                army = game.army(key)
            except ValueError:
                continue  # taken out of the battle's muster: it did not fight
            unit = game.unit(key)
            base = f"forces.{key}"
            most = game.derived[key].hp.total
            # damage still due when the battle ended (a free hack at an army that ran off the mat) counts
            hp = max(0, game.hp(key) - unit.pending)
            if unit.standing == "defeated" or hp == 0:
                changes.append(Change(path=f"{base}.status", before=force.status, after="defeated"))
                if key in fates:
                    fate = next(f for f in rules.aftermath.commander_fate if fates[key] <= f.up_to).key
                    if fate in ("killed", "captured", "escaped"):
                        changes.append(Change(path=f"{base}.commander_fate", before=force.commander_fate, after=fate))
                if force.army.wounds != most:
                    changes.append(Change(path=f"{base}.army.wounds", before=force.army.wounds, after=most, absolute=True))
                continue
            if unit.pending and rules.aftermath.heal_to_acr:
                hp = max(hp, math.floor(game.derived[key].acr))  # the aftermath's healing to ACR, after it
            wounds = most - hp
            if wounds != force.army.wounds:
                changes.append(Change(path=f"{base}.army.wounds", before=force.army.wounds, after=wounds))
            if army.morale != force.army.morale:
                changes.append(Change(path=f"{base}.army.morale", before=force.army.morale, after=army.morale))
            gone = _deserts(battle, key)
            status = "disbanded" if gone else "routed" if unit.standing in ("rout", "fled") else "ready"
            if status != force.status:
                changes.append(Change(path=f"{base}.status", before=force.status, after=status))
        winner = game.winner
        if winner is not None and winner < len(game.sides):
            outcome = in_languages(lambda lang: tr(lang, "km.campaign.outcome", side=game.sides[winner]))
        else:
            outcome = in_languages(lambda lang: tr(lang, "km.campaign.outcome_none"))
        return tuple(changes), outcome

    def forces_of(self, battle: Any) -> tuple[KMForce, ...]:
        return tuple(KMForce(key=a.key, side=a.side, army=a) for a in battle.game.armies)

    def rekey(self, force: Any, key: str) -> KMForce:
        return KMForce(key=key, side=force.side, status=force.status, army=force.army.model_copy(update={"key": key}), commander_fate=force.commander_fate)

    # -- between battles ---------------------------------------------------------------

    def rest(self, state: CampaignState, days: int, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """Each day at rest an army heals its ACR (at least the ruleset's
        minimum); a month at rest heals it whole (Ultimate Campaign)."""
        rules: KingmakerRuleset = state.rules
        numbers = rules.campaign
        changes = []
        for force in state.roster.forces:
            if not _in_service(force) or not force.army.wounds:
                continue
            found = derive(force.army, rules)
            a_day = max(numbers.rest_heal_minimum, math.floor(found.acr * rules.aftermath.daily_recovery))
            wounds = 0 if days >= numbers.full_rest_days else max(0, force.army.wounds - a_day * days)
            changes.append(Change(path=f"forces.{force.key}.army.wounds", before=force.army.wounds, after=wounds))
        return tuple(changes), ()

    def upkeep(self, state: CampaignState, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """A week: each kingdom pays its armies' Consumption from its
        Treasury, in roster order while it lasts; an army left unpaid loses
        Morale, and so does one without a commander (Ultimate Campaign)."""
        rules: KingmakerRuleset = state.rules
        numbers = rules.campaign
        changes = []
        for index, side in enumerate(state.roster.sides):
            treasury = side.treasury
            for force in state.roster.of_side(index):
                if not _in_service(force):
                    continue
                cost = derive(force.army, rules).consumption.total
                change = 0
                if cost <= treasury:
                    treasury -= cost
                else:
                    change += numbers.unpaid_morale
                if not force.commanded:
                    change += numbers.no_commander_morale
                morale = max(rules.armies.morale_min, min(rules.armies.morale_max, force.army.morale + change))
                if morale != force.army.morale:
                    changes.append(Change(path=f"forces.{force.key}.army.morale", before=force.army.morale, after=morale))
            if treasury != side.treasury:
                changes.append(Change(path=f"sides.{index}.treasury", before=side.treasury, after=treasury))
        return tuple(changes), ()

    def week_days(self, state: CampaignState) -> int:
        return int(state.rules.campaign.week_days)

    def week_lines(self, state: CampaignState) -> list[str]:
        """Each kingdom's armies' Consumption this week against its Treasury."""
        rules: KingmakerRuleset = state.rules
        return [
            t("km.campaign.week_bill", side=side.name, cost=sum(derive(f.army, rules).consumption.total for f in state.roster.of_side(i) if _in_service(f)), treasury=side.treasury)
            for i, side in enumerate(state.roster.sides)
        ]


def _deserts(battle: Any, key: str) -> bool:
    """The battle's aftermath took the army's Morale to the point where it
    disbands (Ultimate Campaign: -5 or lower). Its record is held at the
    lowest Morale, so the Morale before and the change made tell."""
    done = battle.history.done
    at = next((n for n, event in enumerate(done) if isinstance(event, ev.Aftermath)), None)
    if at is None:
        return False
    before, after = battle.history.states[at], battle.history.states[at + 1]
    change = aftermath_morale(after.rules, after.unit(key).standing, before.army(key).side == after.winner)
    return bool(before.army(key).morale + change <= after.rules.armies.disbands_at)


def _name_of(state: CampaignState, key: str) -> str:
    try:
        return str(state.roster.force(key).army.name)
    except CampaignError:
        return key


def _hp_most(state: CampaignState, key: str) -> int:
    try:
        return int(derive(state.roster.force(key).army, state.rules).hp.total)
    except (CampaignError, ValueError):
        return 0


def _fate_name(rules: KingmakerRuleset, key: str, language: str) -> str:
    found = next((f for f in rules.aftermath.commander_fate if f.key == key), None)
    return found.name(language) if found is not None else key


CAMPAIGN = KingmakerCampaign()

__all__ = ["CAMPAIGN", "KMForce", "KingmakerCampaign"]
