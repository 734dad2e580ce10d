"""The shape of ``rulesets/myz-mass-combat.toml``: every table and number of
the Mass Combat text as data. The code reads these; none is hard-coded.

Validation catches what a typo in a house-rule copy would break: keys that
refer to a class, skill or strategy that does not exist, tables with gaps,
and numbers out of range.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from tui.core.records import Record
from tui.core.files.ruleset_files import RulesetSpec
from tui.core.ruleset_base import Localised, Named, PushRule, RulesetInfo, YearZeroDice
from tui.core.ruleset_base import by_key as _by_key
from tui.core.ruleset_base import unique_keys as _unique

Count = Annotated[int, Field(ge=0, le=99)]
Modifier = Annotated[int, Field(ge=-99, le=99)]
Category = Literal["offensive", "defensive", "retreat", "harass"]
Relevance = Literal["always", "not_siege", "siege", "waterway"]


class SkillRolls(Record):
    max_pushes: Count
    help_dice_per_helper: Count
    max_helpers: Count
    mutation_points_per_success: Annotated[int, Field(ge=1, le=99)]


class BattleLevel(Record):
    fighters_per_level: Annotated[int, Field(ge=1, le=100_000)]
    combat_ready_bonus: Count


class RiskGuidance(Named):
    least: Modifier | None = None
    most: Modifier | None = None


class Risk(Record):
    least: Modifier
    most: Modifier
    guidance: tuple[RiskGuidance, ...] = ()


class ReconFactor(Named):
    modifier: Modifier


class Reconnaissance(Record):
    skill: str
    factors: tuple[ReconFactor, ...]
    surprise_strategy_dice: Count
    surprise_waves: Count
    ambush_support_dice: Count
    ambusher_no_defensive_waves: Count


class EnvironmentType(Named):
    rating: Count


class Environment(Record):
    night_divisor: Annotated[int, Field(ge=1, le=99)]
    bad_weather_modifier: Modifier
    types: tuple[EnvironmentType, ...]


class SpecialClass(Named):
    relevant: Relevance = "always"
    examples: Localised


class SpecialClasses(Record):
    min_units: Annotated[int, Field(ge=1, le=99)]
    support_dice_per_class: Count
    superiority_ratio: Annotated[int, Field(ge=1, le=99)]
    superiority_strategy_dice: Count
    classes: tuple[SpecialClass, ...]


class GrantedUnits(Record):
    special_class: str
    per_battle_level: Annotated[int, Field(ge=1, le=99)]
    only_besieged: bool = False


SupportSource = Literal["fortification", "ambush", "ark_project", "special_unit"]


class ArkProject(Named):
    effect: Localised
    only_at_ark: bool = False
    """It counts only when the faction defends its Ark (Arsenal "at the Ark",
    the Ark's Defenses, a besieged Ark's Explosives Lab and Shelter); the
    others go with the faction anywhere."""
    support_dice: Count = 0
    fortification: str | None = None
    granted_units: GrantedUnits | None = None
    scout: bool = False
    upgrades_fortification: str | None = None
    """This fortification instead, when ``with_project`` is completed too."""
    with_project: str | None = None
    shelter: bool = False
    """Full Retreat allowed when besieged, a rout is no surrender, and the
    leader takes ``shelter_leader_damage_reduction`` less Retaliation."""


class TerrainAdvantage(Named):
    strategy_dice: Count


class Fortification(Named):
    support_dice: Count


class Circumstances(Record):
    least: Modifier
    most: Modifier


class SuperiorityBonus(Record):
    classes: tuple[str, ...]
    dice: Count
    each: bool = True
    """True: ``dice`` per superiority held; False: ``dice`` once if any is held."""


class Strategy(Named):
    category: Category
    strategy_dice: Modifier
    summary: Localised
    superiority_bonus: SuperiorityBonus | None = None
    confused_strategy_dice: Modifier | None = None
    """Replaces ``strategy_dice`` for a CONFUSED force (Full Retreat)."""
    # who may choose it
    only_when_confused: bool = False
    allowed_when_confused: bool = False
    allowed_for_besieged: bool = False
    besieged_needs_shelter: bool = False
    first_wave_only: bool = False
    needs_defensive_advantage: bool = False
    not_when_surprised: bool = False
    # what it does
    halves_enemy_defensive_advantage: bool = False
    own_casualty_multiplier: Annotated[int, Field(ge=0, le=9)] = 1
    own_casualty_dice: Modifier = 0
    win_enemy_casualty_dice: Count = 0
    win_or_tie_enemy_casualty_dice: Count = 0
    enemy_casualty_divisor: Annotated[int, Field(ge=1, le=9)] = 1
    enemy_no_casualties: bool = False
    margin_multiplier: Annotated[int, Field(ge=1, le=9)] = 1
    margin_divisor: Annotated[int, Field(ge=1, le=9)] = 1
    repeat_margin_bonus: Count | None = None
    """Later uses add this to the margin instead of multiplying it."""
    repeat_next_wave_strategy_dice: Modifier = 0
    """Extra Strategy dice when the previous wave used this strategy too."""
    skips_support: bool = False
    win_enemy_skips_support: bool = False
    cannot_win: bool = False
    escapes: Literal["never", "win_or_tie", "always"] = "never"
    rally: bool = False
    parley: bool = False


class StrategyRules(Record):
    stalemate_becomes: str
    parley_declined_becomes: str
    parley_declined_strategy_dice: Modifier
    offensive_win_strategy_dice: Count
    rally_skills: tuple[str, ...]


class MarginRow(Named):
    least: Count
    winner_casualty_dice: Count
    loser_casualty_dice: Count
    loser_confused: bool = False
    loser_routs: bool = False
    loser_leader_captured: bool = False
    text: Localised


class Casualties(Record):
    die_sides: Annotated[int, Field(ge=2, le=100)]
    dice_per_bane: Count
    dice_per_gear_bane: Count
    order: tuple[Literal["multiply", "divide", "none"], ...]
    """The strategy adjustments, in the order they apply after the dice are summed."""

    @model_validator(mode="after")
    def _each_once(self) -> "Casualties":
        if sorted(self.order) != ["divide", "multiply", "none"]:
            raise ValueError("casualties.order names each of multiply, divide and none once")
        return self


class RetaliationFactor(Named):
    dice: Count


class Retaliation(Record):
    base_dice: Count
    factors: tuple[RetaliationFactor, ...]
    damage_per_success: Count
    armour: Literal["rolled", "flat"]
    shelter_leader_damage_reduction: Count
    broken_leader_modifier: Modifier
    broken_leader_skills: tuple[str, ...]


class RemarkableAction(Record):
    skills: tuple[str, ...]
    strategy_dice_per_success: Count
    max_strategy_dice: Count
    npc_default_strategy_dice: Count


class Commando(Record):
    strategy_dice_removed_per_success: Count
    successes_per_support_die: Annotated[int, Field(ge=1, le=99)]


class CampaignNumbers(Record):
    """Between battles, when a campaign carries the factions on: the
    Support phase's repairs and mending done at rest. The text has no rule
    for the time between battles; these are assumed (defaults: the shipped
    numbers, for house copies written before campaigns)."""

    rest_heals_unbroken: bool = True
    """A PC who is not broken heals all damage over a rest."""


class Support(Record):
    engineer_skills: tuple[str, ...]
    medic_skills: tuple[str, ...]
    successes_per_repair: Annotated[int, Field(ge=1, le=99)]
    successes_per_mend: Annotated[int, Field(ge=1, le=99)]
    damaged_support_groups: tuple[tuple[SupportSource, ...], ...] = (("fortification", "ambush", "ark_project"), ("special_unit",))
    """Where damaged Support dice fall, group by group: a group's dice all go
    before the next is touched, and within a group the opponent picks."""

    @model_validator(mode="before")
    @classmethod
    def _earlier_order(cls, data: Any) -> Any:
        # House copies written before the groups held one flat order: its
        # reading is now the earlier one (``fixes.ARSENAL_LIKE_FORTIFICATION``).
        if isinstance(data, dict) and "damaged_support_order" in data:
            data = {k: v for k, v in data.items() if k != "damaged_support_order"}
        return data


class ArkDefence(Record):
    project_loss_face: Annotated[int, Field(ge=1, le=100)]


class Siege(Record):
    rout_is_surrender: bool


class Initiative(Record):
    die_sides: Annotated[int, Field(ge=2, le=100)]


class Position(Named):
    pass


class MyzRuleset(Record):
    ruleset: RulesetInfo
    dice: YearZeroDice
    push: PushRule
    skill_rolls: SkillRolls
    skills: tuple[Named, ...]
    positions: tuple[Position, ...]
    battle_level: BattleLevel
    risk: Risk
    reconnaissance: Reconnaissance
    environment: Environment
    special_classes: SpecialClasses
    ark_projects: tuple[ArkProject, ...]
    circumstances: Circumstances
    terrain: tuple[TerrainAdvantage, ...]
    fortifications: tuple[Fortification, ...]
    strategies: tuple[Strategy, ...]
    strategy_rules: StrategyRules
    margins: tuple[MarginRow, ...]
    casualties: Casualties
    retaliation: Retaliation
    remarkable_action: RemarkableAction
    commando: Commando
    support: Support
    campaign: CampaignNumbers = CampaignNumbers()
    ark: ArkDefence
    siege: Siege
    initiative: Initiative

    # -- lookups ---------------------------------------------------------------

    def strategy(self, key: str) -> Strategy:
        return _by_key(self.strategies, key)

    def position(self, key: str) -> Position:
        return _by_key(self.positions, key)

    def special_class(self, key: str) -> SpecialClass:
        return _by_key(self.special_classes.classes, key)

    def ark_project(self, key: str) -> ArkProject:
        return _by_key(self.ark_projects, key)

    def fortification(self, key: str) -> Fortification:
        return _by_key(self.fortifications, key)

    def terrain_advantage(self, key: str) -> TerrainAdvantage:
        return _by_key(self.terrain, key)

    def environment_type(self, key: str) -> EnvironmentType:
        return _by_key(self.environment.types, key)

    def skill(self, key: str) -> Named:
        return _by_key(self.skills, key)

    def margin_row(self, margin: int) -> MarginRow:
        """The row of the margin-of-victory table for a margin (its last row is open-ended)."""
        rows = [row for row in self.margins if row.least <= margin]
        return rows[-1] if rows else self.margins[0]

    # -- what a typo in a house rule would break -----------------------------

    @model_validator(mode="after")
    def _references_hold(self) -> "MyzRuleset":
        for table in ("skills", "positions", "ark_projects", "terrain", "fortifications", "strategies", "margins"):
            _unique(getattr(self, table), table)
        _unique(self.special_classes.classes, "special_classes.classes")
        _unique(self.environment.types, "environment.types")
        _unique(self.reconnaissance.factors, "reconnaissance.factors")
        _unique(self.retaliation.factors, "retaliation.factors")
        classes = {c.key for c in self.special_classes.classes}
        skills = {s.key for s in self.skills}
        strategies = {s.key for s in self.strategies}
        projects = {p.key for p in self.ark_projects}
        forts = {f.key for f in self.fortifications}
        needed_skills = [("reconnaissance.skill", self.reconnaissance.skill)]
        needed_skills += [("strategy_rules.rally_skills", k) for k in self.strategy_rules.rally_skills]
        needed_skills += [("retaliation.broken_leader_skills", k) for k in self.retaliation.broken_leader_skills]
        needed_skills += [("remarkable_action.skills", k) for k in self.remarkable_action.skills]
        needed_skills += [("support.engineer_skills", k) for k in self.support.engineer_skills]
        needed_skills += [("support.medic_skills", k) for k in self.support.medic_skills]
        for where, key in needed_skills:
            if key not in skills:
                raise ValueError(f"{where}: {key!r} is not in [[skills]]")
        for where, key in (
            ("strategy_rules.stalemate_becomes", self.strategy_rules.stalemate_becomes),
            ("strategy_rules.parley_declined_becomes", self.strategy_rules.parley_declined_becomes),
        ):
            if key not in strategies:
                raise ValueError(f"{where}: {key!r} is not in [[strategies]]")
        for strategy in self.strategies:
            bonus = strategy.superiority_bonus
            for key in bonus.classes if bonus else ():
                if key not in classes:
                    raise ValueError(f"strategy {strategy.key}: superiority class {key!r} is not in special_classes.classes")
        for project in self.ark_projects:
            for fort in (project.fortification, project.upgrades_fortification):
                if fort is not None and fort not in forts:
                    raise ValueError(f"ark project {project.key}: fortification {fort!r} is not in [[fortifications]]")
            if project.with_project is not None and project.with_project not in projects:
                raise ValueError(f"ark project {project.key}: with_project {project.with_project!r} is not in [[ark_projects]]")
            if project.granted_units is not None and project.granted_units.special_class not in classes:
                raise ValueError(f"ark project {project.key}: class {project.granted_units.special_class!r} is not in special_classes.classes")
        if [row.least for row in self.margins] != list(range(len(self.margins))):
            raise ValueError("[[margins]] must start at least = 0 and go up by one per row")
        if "none" not in forts or "none" not in {t.key for t in self.terrain}:
            raise ValueError("[[fortifications]] and [[terrain]] each need a row with key = \"none\"")
        if self.risk.least > self.risk.most or self.circumstances.least > self.circumstances.most:
            raise ValueError("risk and circumstances: least must not be above most")
        if self.ark.project_loss_face > self.dice.sides:
            raise ValueError("ark.project_loss_face must be a face of the Support die")
        return self


SHIPPED = RulesetSpec("myz-mass-combat.toml", MyzRuleset)
"""Where the ruleset shipped with the app lives (a battle may play with a house copy)."""


def shipped() -> MyzRuleset:
    """The Mass Combat ruleset shipped with the app (read once, validated): a new
    battle's default; a battle plays with its own (``battle.ruleset``)."""
    ruleset = SHIPPED.shipped()
    assert isinstance(ruleset, MyzRuleset)
    return ruleset
