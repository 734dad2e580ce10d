"""Mutant factions in a campaign ("military campaigns in the Zone"): each
faction's fighters, PCs (their positions, skills and damage), special
units and its Ark's projects carried from battle to battle. Between
battles the engineer and the medic do at rest what they do in the Support
phase: each pair of ☢ repairs one damaged project, or mends one broken PC."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from pydantic import field_validator

from tui.core.campaign.campaign import CampaignState
from tui.core.campaign.events import BattleLink
from tui.core.campaign.roster import CampaignError, CampaignForce, Change, number, words
from tui.core.campaign.rules import CampaignRules, in_languages
from tui.core.dice.skill_roll import SkillPool, parse_skill_pool, roll_skill
from tui.core.dice.year_zero import YearZeroRules
from tui.core.i18n import t, tr
from tui.core.records import check_name, check_names
from tui.core.systems.myz.after_battle import ending_lines
from tui.core.systems.myz.army import Army, Person
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.forces import muster_force
from tui.core.systems.myz.rules import MyzRuleset


class MyzForce(CampaignForce):
    """A faction: its muster (people, fighters, units, Ark) and who of its
    people the enemy holds."""

    name: str
    army: Army = Army()
    captured: tuple[str, ...] = ()
    """People the enemy holds (a captured leader): left out of the next muster."""

    _check_name = field_validator("name")(check_name)
    _check_captured = field_validator("captured")(check_names)


class MutantCampaign(CampaignRules):
    force_model = MyzForce
    status_words = "myz.campaign.status"

    # -- the roster ----------------------------------------------------------------

    def force_line(self, force: Any, state: CampaignState, language: str) -> str:
        rules: MyzRuleset = state.rules
        army = force.army
        people = []
        for person in army.people:
            word = person.name
            if person.name in force.captured:
                word = t("myz.campaign.captured_person", name=person.name)
            elif person.damage >= person.strength:
                word = t("myz.campaign.broken_person", name=person.name)
            elif person.damage:
                word = t("myz.campaign.hurt_person", name=person.name, damage=person.damage, strength=person.strength)
            people.append(word)
        units = ", ".join(f"{rules.special_class(k).name(language)} {n}" for k, n in army.units.items() if n) or t("myz.campaign.none")
        projects = ", ".join(
            rules.ark_project(p).name(language) + (t("myz.campaign.damaged") if p in army.damaged_projects else "") for p in army.ark_projects
        ) if army.ark else ""
        line = t("myz.campaign.force_line", name=force.name, fighters=t("myz.campaign.fighters", count=army.fighters), people=", ".join(people) or t("myz.campaign.none"), units=units)
        return line + (t("myz.campaign.projects", projects=projects or t("myz.campaign.none")) if army.ark else "") + _status(force)

    def change_line(self, change: Change, state: CampaignState, language: str) -> str:
        rules: MyzRuleset = state.rules
        parts = change.path.split(".")
        try:
            force = state.roster.force(parts[1])
        except CampaignError:
            return t("campaign.change.other", name=parts[1], field=".".join(parts[2:]), before=change.before, after=change.after)
        field = ".".join(parts[2:])
        name = force.name
        if field == "army.fighters":
            return t("myz.campaign.change.fighters", name=name, before=change.before, after=change.after, lost=number(change.before) - number(change.after))
        if field == "army.battle_level":
            return t("myz.campaign.change.battle_level", name=name, before=change.before, after=change.after)
        if field.startswith("army.units."):
            return t("myz.campaign.change.units", name=name, unit=rules.special_class(parts[-1]).name(language), before=change.before, after=change.after)
        if field.startswith("army.people.") and field.endswith(".damage"):
            person = force.army.people[int(parts[4])]
            after = number(change.after)
            key = "broken" if after >= person.strength else ("mended" if number(change.before) >= person.strength else "healed") if after == 0 else "damage"
            return t(f"myz.campaign.change.{key}", name=person.name, before=change.before, after=change.after, strength=person.strength)
        if field == "army.ark_projects":
            gone = [p for p in words(change.before) if p not in words(change.after)]
            return t("myz.campaign.change.projects_lost", name=name, projects=", ".join(rules.ark_project(p).name(language) for p in gone))
        if field == "army.damaged_projects":
            return t("myz.campaign.change.projects_damaged", name=name, projects=", ".join(rules.ark_project(p).name(language) for p in words(change.after)) or t("myz.campaign.none"))
        if field == "captured":
            return t("myz.campaign.change.captured", name=name, people=", ".join(words(change.after)) or t("myz.campaign.none"))
        if field == "status":
            return t("myz.campaign.change.status", name=name, status=t(f"myz.campaign.status.{change.after}"))
        return t("campaign.change.other", name=name, field=field, before=change.before, after=change.after)

    def bounds(self, path: str, state: CampaignState) -> tuple[int, int] | None:
        for ending, limits in ((".army.fighters", (0, 99_999)), (".damage", (0, 99)), (".army.battle_level", (0, 999))):
            if path.endswith(ending):
                return limits
        return (0, 99_999) if ".army.units." in path else None

    # -- battles ---------------------------------------------------------------------

    def muster(self, state: CampaignState, link: BattleLink, seed: int | None, ruleset: Any) -> Battle:
        if len(link.sides) != 2:
            raise CampaignError(t("myz.campaign.two_sides"))
        factions = []
        for side in link.sides:
            mine = [state.roster.force(key) for key in link.forces if state.roster.force(key).side == side]
            if len(mine) != 1:
                raise CampaignError(t("myz.campaign.one_faction", side=state.roster.sides[side].name))
            factions.append(mine[0])
        armies = tuple(_free(force) for force in factions)
        return Battle.new(link.title, (factions[0].name, factions[1].name), seed=seed, rules=YearZeroRules.from_ruleset(ruleset), armies=(armies[0], armies[1]), ruleset=ruleset)

    def aftermath(self, state: CampaignState, link: BattleLink, battle: Any) -> tuple[tuple[Change, ...], dict[str, str]]:
        game = battle.game
        if game.stage != "over" or game.forces is None:
            raise CampaignError(t("myz.campaign.not_over"))
        rules: MyzRuleset = game.rules
        changes: list[Change] = []
        for side, campaign_side in enumerate(link.sides):
            force = next(state.roster.force(k) for k in link.forces if state.roster.force(k).side == campaign_side)
            changes += _faction_changes(force, game.armies[side], game.forces[side], rules)
        return tuple(changes), in_languages(lambda lang: "; ".join(ending_lines(game, game.names, partial(tr, lang))))

    def forces_of(self, battle: Any) -> tuple[MyzForce, ...]:
        game = battle.game
        return tuple(MyzForce(key=_slug(name, side), side=side, name=name, army=army) for side, (name, army) in enumerate(zip(game.names, game.armies)))

    # -- between battles ---------------------------------------------------------------

    def rest(self, state: CampaignState, days: int, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """Each faction's engineer repairs (each pair of ☢: one damaged
        project) and its medic mends (each pair: one broken PC, the most
        hurt first); the others heal by resting, as the ruleset says."""
        rules: MyzRuleset = state.rules
        yz = YearZeroRules.from_ruleset(rules)
        changes: list[Change] = []
        faces: list[int] = []
        for force in state.roster.forces:
            army = force.army
            base = f"forces.{force.key}.army"
            repair = _roll(force, "engineer", rules.support.engineer_skills, rules, yz, rng, faces) if army.damaged_projects else 0
            mend = _roll(force, "medic", rules.support.medic_skills, rules, yz, rng, faces) if any(_broken(p) for p in army.people) else 0
            fixed = army.damaged_projects[: repair // rules.support.successes_per_repair]
            if fixed:
                changes.append(Change(path=f"{base}.damaged_projects", before=army.damaged_projects, after=tuple(p for p in army.damaged_projects if p not in fixed)))
            broken = sorted((i for i, p in enumerate(army.people) if _broken(p)), key=lambda i: -army.people[i].damage)
            mended = set(broken[: mend // rules.support.successes_per_mend])
            for index, person in enumerate(army.people):
                healed = index in mended or (not _broken(person) and rules.campaign.rest_heals_unbroken)
                if healed and person.damage:
                    changes.append(Change(path=f"{base}.people.{index}.damage", before=person.damage, after=0))
        return tuple(changes), tuple(faces)


def _slug(name: str, side: int) -> str:
    """A roster key from a faction's name (``Zone-Ghouls`` → ``zone-ghouls``)."""
    word = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in name.lower()).strip("-")
    word = "-".join(part for part in word.split("-") if part)[:16]
    return word if word and word[0].isalnum() else f"faction{side + 1}"


def _broken(person: Person) -> bool:
    return person.damage >= person.strength


def _status(force: MyzForce) -> str:
    return "" if force.status == "ready" else t("myz.campaign.status_after", status=t(f"myz.campaign.status.{force.status}"))


def _free(force: MyzForce) -> Army:
    """The faction as it musters: its captured people stay behind; if its
    leader is among them the first one left leads (the next in command)."""
    people = tuple(p for p in force.army.people if p.name not in force.captured)
    if people and not any(p.position == "leader" for p in people):
        people = (people[0].model_copy(update={"position": "leader"}),) + people[1:]
    return force.army.model_copy(update={"people": people})


def _roll(force: MyzForce, position: str, skills: tuple[str, ...], rules: MyzRuleset, yz: YearZeroRules, rng: random.Random, faces: list[int]) -> int:
    """The ☢ of the faction's first able engineer (or medic), with its best
    skill for the job and a die more for each other who helps."""
    able = [p for p in force.army.people if p.position == position and not _broken(p) and p.name not in force.captured]
    if not able:
        return 0
    roller, helpers = able[0], able[1:]
    pools = [parse_skill_pool(roller.skills[key]) for key in skills if key in roller.skills] or [SkillPool()]
    pool = max(pools, key=lambda p: p.base + p.skill + p.gear)
    helped = min(len(helpers), rules.skill_rolls.max_helpers) * rules.skill_rolls.help_dice_per_helper
    pool = SkillPool(base=pool.base, skill=pool.skill + helped, gear=pool.gear)
    rolled = roll_skill(pool, rng, yz, max_pushes=0)
    faces.extend(rolled.faces.flat())
    return int(rolled.successes)


def _faction_changes(force: MyzForce, mustered: Army, end: Any, rules: MyzRuleset) -> list[Change]:
    """What one faction's battle did: fighters and units lost, its PCs'
    damage, projects destroyed or damaged, a leader taken."""
    army = force.army
    base = f"forces.{force.key}"
    changes: list[Change] = []
    fighters = max(0, army.fighters - max(0, mustered.fighters - end.fighters))
    if fighters != army.fighters:
        changes.append(Change(path=f"{base}.army.fighters", before=army.fighters, after=fighters))
    if army.battle_level is not None:
        start = muster_force(mustered, force.name, rules)
        lost = max(0, (start.battle_level - start.ready_bonus) - (end.battle_level - end.ready_bonus))
        level = max(0, army.battle_level - lost)
        if level != army.battle_level:
            changes.append(Change(path=f"{base}.army.battle_level", before=army.battle_level, after=level))
    for key, count in army.units.items():
        lost = max(0, mustered.units.get(key, 0) - end.units.get(key, 0))
        if lost:
            changes.append(Change(path=f"{base}.army.units.{key}", before=count, after=max(0, count - lost)))
    for index, person in enumerate(army.people):
        at = next((j for j, p in enumerate(mustered.people) if p.name == person.name), None)
        if at is not None and at < len(end.damage) and end.damage[at] != person.damage:
            changes.append(Change(path=f"{base}.army.people.{index}.damage", before=person.damage, after=min(99, end.damage[at])))
    gone = tuple(p for p in mustered.ark_projects if p not in end.ark_projects)
    projects = tuple(p for p in army.ark_projects if p not in gone)
    if projects != army.ark_projects:
        changes.append(Change(path=f"{base}.army.ark_projects", before=army.ark_projects, after=projects))
    damaged = tuple(p for p in end.damaged_projects if p in projects)
    if damaged != army.damaged_projects:
        changes.append(Change(path=f"{base}.army.damaged_projects", before=army.damaged_projects, after=damaged))
    if end.leader_captured and end.leader is not None and end.leader < len(mustered.people):
        taken = mustered.people[end.leader].name
        if taken not in force.captured:
            changes.append(Change(path=f"{base}.captured", before=force.captured, after=force.captured + (taken,)))
    level = army.battle_level if army.battle_level is not None else fighters // rules.battle_level.fighters_per_level
    if fighters == 0 and level == 0 and force.status != "defeated":
        changes.append(Change(path=f"{base}.status", before=force.status, after="defeated"))
    return changes


CAMPAIGN = MutantCampaign()

__all__ = ["CAMPAIGN", "MutantCampaign", "MyzForce"]
