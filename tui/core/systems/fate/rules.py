"""The shape of ``rulesets/fate-this-means-war.toml``: the ladder, the unit
qualities, costs, skills, consequences and every number the This Means
War text gives, in English and German side by side.

Validation catches what a typo in a house-rule copy would break: a skill,
consequence or quality that does not exist, ratings off the ladder, a
ladder with gaps.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tui.core.errors import RuleViolation
from tui.core.dice.ladder import FateDice, FateOutcomes, LadderRuleset, LadderStep
from tui.core.i18n import t
from tui.core.records import Record
from tui.core.files.ruleset_files import RulesetSpec
from tui.core.ruleset_base import Localised, Named, RulesetInfo, by_key, unique_keys

Count = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(ge=1, le=99)]
Rating = Annotated[int, Field(ge=-10, le=20)]
EndCondition = Literal["units", "units_and_leaders"]

WILL_DEFENDS = "will"
"""The skill the text's defence variant names: "maybe the only defense
against Shoot is Will" (a ruleset's own ``shoot_defence_skill`` comes first)."""


class VariantError(RuleViolation):
    """A variant the ruleset cannot play: a defence skill it does not have."""


class Consequence(Named):
    shifts: Positive
    """Shifts of a hit it absorbs."""
    recovery_difficulty: Rating
    """The Will roll an attached leader needs to remove it (Fate Core recovery)."""
    recovery_days: Annotated[int, Field(ge=0, le=3650)] | None = None
    """Days a campaign's unit or leader needs, from the battle it was taken
    in, before it is gone (None: it stays until the GM strikes it)."""


class Quality(Named):
    troops: Localised
    """What such a unit is: Conscripts, Grunts, Elites."""
    cost: Positive
    """Build points from the battle chest."""
    skills: tuple[Rating, ...]
    """One rating per skill the unit has, highest first."""
    aspects: Positive
    consequences: tuple[str, ...]


class ChestPreset(Named):
    points: Positive
    most: Positive
    """The top of the text's range (10–12 is "a good middle ground")."""


class BattleChest(Record):
    fate_point_cost: Positive
    presets: tuple[ChestPreset, ...]


class Zones(Record):
    more_than_players: Count
    """Rule of thumb: zones = players (GM included) + this."""
    hidden_aspect_fate_points: Positive


class ActionEconomy(Record):
    free_move_zones: Literal[1]
    """"Move one zone for free": the app moves a free move to an adjacent
    zone only, so a house ruleset can't set another number."""
    second_action_fate_points: Positive
    attack_ends_turn: bool
    listed_skills_only: bool = False
    """A house rule, off as the text is silent (RULES-NOTES, settled after
    the second audit): on, a unit or leader acts only with the skills on
    its card; off, any other rolls at Mediocre (+0), as in Fate Core."""


class Advantage(Named):
    """A create-an-advantage use the text names (ambush, scouting...)."""

    skill: str | None = None
    """None: the text names no roll (Surrounded needs only more allies than enemies)."""
    aspect: Localised | None = None
    """The situation aspect it puts in play, where the text names one."""
    resist_skill: str | None = None
    """The skill an enemy unit aimed at resists with; None: its best defence
    (``overcome.defend_skills``)."""


class CreateAdvantage(Record):
    uses: tuple[Advantage, ...]
    scouting_difficulty: Rating
    scouting_per_aspect: Count
    surrounded_attack_bonus: Count
    difficulty: Rating
    """The passive opposition offered when the text names none (the GM may change it)."""
    free_invokes: Count
    free_invokes_with_style: Count


class Overcome(Record):
    difficulty_per_hindering_aspect: Count
    ally_defender_bonus: Count
    defend_skills: tuple[str, ...]
    extra_move_zones: Count
    move_difficulty: Rating


class Attack(Record):
    same_zone_skill: str
    adjacent_skill: str
    farthest_zones: Positive
    far_defence_bonus: Count
    """+2 to the defence two zones away."""
    shoot_only: bool = False
    """The variant "only Shoot", as in a dogfight: every attack is Shoot."""
    shoot_defence_skill: str | None = None
    """The variant "only Will defends against Shoot" (medieval); None: as usual."""
    advantage_only_skills: tuple[str, ...]
    """Skills that create advantages but never attack (Provoke)."""


class Invokes(Record):
    bonus: Count
    fate_point_cost: Positive


class Leaders(Record):
    bonus_skill: str
    skill_bonus: Count
    boost_difficulty_per_consequence: Count
    consequences: tuple[str, ...]
    """A leader's consequence slots (Fate Core: mild, moderate, severe)."""


class Initiative(Record):
    skill: str


class Winning(Record):
    ends_when: dict[Literal["en", "de"], EndCondition]
    """The English text ends when the foes lose their units; the German, units and leaders."""
    winning_side_fate_points: Count
    fate_points_per_leader_defeated: Count
    concession_award: bool
    """Conceding earns the Fate Core award (a switch: the text has none)."""
    concession_fate_points: Count
    concession_fate_points_per_consequence: Count


class FateRuleset(LadderRuleset):
    ruleset: RulesetInfo
    dice: FateDice
    outcomes: FateOutcomes
    skills: tuple[Named, ...]
    consequences: tuple[Consequence, ...]
    qualities: tuple[Quality, ...]
    battle_chest: BattleChest
    zones: Zones
    actions: ActionEconomy
    create_advantage: CreateAdvantage
    overcome: Overcome
    attack: Attack
    invokes: Invokes
    leaders: Leaders
    initiative: Initiative
    winning: Winning

    def quality(self, key: str) -> Quality:
        return by_key(self.qualities, key)

    def consequence(self, key: str) -> Consequence:
        return by_key(self.consequences, key)

    def skill(self, key: str) -> Named:
        return by_key(self.skills, key)

    def with_variants(self, *, shoot_only: bool, shoot_defence_skill: str | None) -> "FateRuleset":
        """These rules with the text's attack variants set as given: every
        attack with Shoot (a dogfight), one skill alone defending against
        Shoot (Will, in medieval warfare; None: as usual)."""
        if shoot_defence_skill is not None and shoot_defence_skill not in {s.key for s in self.skills}:
            known = ", ".join(s.key for s in self.skills)
            raise VariantError(t("fate.rule.no_defence_skill", skill=shoot_defence_skill, known=known))
        attack = self.attack.model_copy(update={"shoot_only": shoot_only, "shoot_defence_skill": shoot_defence_skill})
        return self.model_copy(update={"attack": attack})

    # -- what a typo in a house rule would break -----------------------------

    @model_validator(mode="after")
    def _references_hold(self) -> "FateRuleset":
        for table in ("skills", "consequences", "qualities"):
            unique_keys(getattr(self, table), table)
        skills = {s.key for s in self.skills}
        consequences = {c.key for c in self.consequences}
        ladder = {step.rating for step in self.ladder}
        needed: list[tuple[str, str | None]] = []
        unique_keys(self.create_advantage.uses, "create_advantage.uses")
        unique_keys(self.battle_chest.presets, "battle_chest.presets")
        needed += [("overcome.defend_skills", k) for k in self.overcome.defend_skills]
        needed += [("attack.same_zone_skill", self.attack.same_zone_skill), ("attack.adjacent_skill", self.attack.adjacent_skill)]
        needed += [("attack.shoot_defence_skill", self.attack.shoot_defence_skill)]
        needed += [("attack.advantage_only_skills", k) for k in self.attack.advantage_only_skills]
        needed += [(f"create_advantage.uses {use.key}", use.skill) for use in self.create_advantage.uses]
        needed += [(f"create_advantage.uses {use.key} resist_skill", use.resist_skill) for use in self.create_advantage.uses]
        needed += [("leaders.bonus_skill", self.leaders.bonus_skill), ("initiative.skill", self.initiative.skill)]
        for where, key in needed:
            if key is not None and key not in skills:
                raise ValueError(f"{where}: {key!r} is not in [[skills]]")
        for key in self.leaders.consequences:
            if key not in consequences:
                raise ValueError(f"leaders.consequences: {key!r} is not in [[consequences]]")
        for quality in self.qualities:
            for key in quality.consequences:
                if key not in consequences:
                    raise ValueError(f"quality {quality.key}: consequence {key!r} is not in [[consequences]]")
            off = [r for r in quality.skills if r not in ladder]
            if off:
                raise ValueError(f"quality {quality.key}: skill rating {off[0]} is not on the ladder")
            if list(quality.skills) != sorted(quality.skills, reverse=True):
                raise ValueError(f"quality {quality.key}: list the skill ratings highest first")
        return self


__all__ = ["WILL_DEFENDS", "Consequence", "FateRuleset", "LadderStep", "Quality", "VariantError", "SHIPPED", "shipped"]


SHIPPED = RulesetSpec("fate-this-means-war.toml", FateRuleset)
"""Where the ruleset shipped with the app lives (a battle may play with a house copy)."""


def shipped() -> FateRuleset:
    """The This Means War ruleset shipped with the app (read once, validated): a new
    battle's default; a battle plays with its own (``battle.ruleset``)."""
    ruleset = SHIPPED.shipped()
    assert isinstance(ruleset, FateRuleset)
    return ruleset
