"""The shape of ``rulesets/kingmaker-fantasy-battle.toml``: Ultimate
Campaign's armies (sizes, the CR ladder, Hit Dice, tactics, resources,
boons, special abilities, battlefield conditions, aftermath) and what the
Kingmaker text adds (the mat, facing, ranks, commands, the five phases,
morale thresholds and what failing them does).

Validation catches what a typo in a house-rule copy would break: a ladder
out of order, a formation that doesn't cover the size's squares, a tactic
needing a resource that doesn't exist, an ``assumed`` key naming nothing.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from tui.core.records import Record
from tui.core.files.ruleset_files import RulesetSpec
from tui.core.ruleset_base import Localised, Named, RulesetInfo, by_key, check_assumed, unique_keys
from tui.core.systems.kingmaker.rule_rows import (
    Ability, Boon, Bonus, Command, CommanderFate, Condition, Count, DC, Effect, Effects, HitDie, MoraleState,
    Positive, Resource, Size, Tactic, Terrain, Threshold, fraction,
)

PHASES = ("tactics", "movement", "ranged", "melee", "morale")


class D20Attack(Record):
    die: Annotated[int, Field(ge=2, le=100)]
    natural_hit_face: Annotated[int, Field(ge=0, le=100)]
    natural_miss_face: Annotated[int, Field(ge=0, le=100)]
    crit_face: Annotated[int, Field(ge=1, le=100)]
    crit_extra_damage: Annotated[int, Field(ge=0, le=999)]
    minimum_damage: Annotated[int, Field(ge=0, le=999)]
    setback_face: Annotated[int, Field(ge=0, le=100)] = 0
    """A face at or below it: no Offense check in the next phase (0: none)."""
    natural_hit_damage: Annotated[int, Field(ge=0, le=999)] = 1
    """What a natural hit below Defense deals, exactly (Ultimate Campaign's 1,
    also for house copies written before the ruleset named it)."""


class Mat(Record):
    yards_per_square: Positive
    setup_distance: Count


class Armies(Record):
    troops_min: Positive
    troops_max: Positive
    defense_base: Count
    consumption_divisor: Positive
    consumption_min: Count
    tactics_divisor: Positive
    minimum_hp: Count
    max_damage: Positive
    attacks_per_square: Positive
    feet_per_square: Positive
    morale_min: Bonus
    morale_max: Bonus
    disbands_at: Bonus
    cr_ladder: Annotated[tuple[str, ...], Field(min_length=2)]

    @field_validator("cr_ladder")
    @classmethod
    def _rising(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        numbers = [fraction(v) for v in value]
        if any(b <= a for a, b in zip(numbers, numbers[1:])):
            raise ValueError("armies.cr_ladder must rise step by step")
        return value

    @model_validator(mode="after")
    def _ranges(self) -> "Armies":
        if self.troops_min > self.troops_max:
            raise ValueError("armies.troops_min is above troops_max")
        if not self.morale_min <= 0 <= self.morale_max or self.disbands_at >= self.morale_min:
            raise ValueError("armies: morale_min <= 0 <= morale_max, and disbands_at below morale_min")
        return self


class Commanders(Record):
    profession_divisor: Positive
    leadership_feat: Count
    boons_base: Count
    boons_per_ranks: Positive


class Initiative(Record):
    skill: Localised
    die: Annotated[int, Field(ge=2, le=100)]
    ties: Literal["reroll"]


class Turn(Record):
    phases: tuple[Literal["tactics", "movement", "ranged", "melee", "morale"], ...]


class Ambush(Record):
    """UC's ambush, at setup (RULES-NOTES, settled after the first audit)."""

    roller: Literal["best_offense"] = "best_offense"
    """Which ambushing army's Offense checks against each target: the text
    has one ambusher; with several, the best melee Offense (assumed)."""
    turns_without_tactics: Annotated[int, Field(ge=0, le=9)] = 1
    """Turns an ambushed army has no Tactics phase (UC: the first)."""


class Commands(Record):
    hustle: Command
    charge: Command
    about_face: Command
    press: Command
    press_morale: Command
    withdraw: Command


class Movement(Record):
    turn_cost: Count
    turns_per_turn: Count
    diagonal_costs: Annotated[tuple[Positive, ...], Field(min_length=1, max_length=4)]
    ranged_range: Positive
    thrown_range: Positive
    siege_range: Positive


class Melee(Record):
    charge: Bonus
    rank: Bonus
    flanking: Bonus
    rear: Bonus
    free_hack: Bonus
    front_attacks: Count
    other_attacks: Count


class Ranged(Record):
    over_half_range: Bonus
    maximum_range: Bonus
    cover: Bonus
    into_melee: Bonus
    after_moving: Bonus
    moving_mount: Bonus


class Morale(Record):
    switch_tactics_dc: DC
    first_tactic_free: bool
    """The tactic chosen in turn 1's Tactics phase takes no check (Ultimate
    Campaign: the commander selects the battle's tactic; a change costs one)."""
    flanked: Bonus
    rear: Bonus
    rally_dc: DC
    thresholds: Annotated[tuple[Threshold, ...], Field(min_length=1)]
    states: Annotated[tuple[MoraleState, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _ordered(self) -> "Morale":
        unique_keys(self.thresholds, "morale.thresholds")
        unique_keys(self.states, "morale.states")
        percents = [t.percent for t in self.thresholds]
        if percents != sorted(percents, reverse=True) or len(set(percents)) != len(percents):
            raise ValueError("morale.thresholds: list them from the highest percent down")
        margins = [s.fail_by for s in self.states]
        if margins != sorted(margins) or len(set(margins)) != len(margins) or margins[0] != 0:
            raise ValueError("morale.states: fail_by must start at 0 and rise")
        return self

    def state_for(self, failed_by: int) -> MoraleState:
        """What failing a Morale check by ``failed_by`` (1 or more) does."""
        return [s for s in self.states if failed_by >= s.fail_by][-1]


class Aftermath(Record):
    victory_morale: Bonus
    defeat_morale: Bonus
    routed_morale: Bonus
    """An army that routed or fled off the mat, whichever side won (Ultimate Campaign)."""
    heal_to_acr: bool
    daily_recovery: Count
    commander_fate: Annotated[tuple[CommanderFate, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _whole_d100(self) -> "Aftermath":
        limits = [f.up_to for f in self.commander_fate]
        if limits != sorted(limits) or limits[-1] != 100:
            raise ValueError("aftermath.commander_fate: up_to must rise to 100")
        return self


class CampaignNumbers(Record):
    """Between battles (Ultimate Campaign): Consumption each week, what
    unpaid pay and a missing commander cost, healing at rest. Defaults are
    the shipped numbers, for house copies written before campaigns."""

    week_days: Annotated[int, Field(ge=1, le=31)] = 7
    unpaid_morale: Bonus = -2
    no_commander_morale: Bonus = -1
    pay_order: Literal["roster"] = "roster"
    rest_heal_minimum: Annotated[int, Field(ge=0, le=99)] = 1
    full_rest_days: Annotated[int, Field(ge=1, le=3650)] = 30


class Strategy(Record):
    """Ultimate Campaign's Strategy Track, an optional rule: from Defensive
    to Reckless, chosen in the first Melee phase, then one step a phase for
    free or more with a Morale check."""

    enabled: bool
    change_dc: DC
    steps: Annotated[tuple[Effects, ...], Field(min_length=1)]
    start: str = "standard"
    """The step every army stands on before its commander chooses."""

    @model_validator(mode="after")
    def _start_is_a_step(self) -> "Strategy":
        if self.start not in {s.key for s in self.steps}:
            raise ValueError(f"strategy.start: {self.start!r} is not one of its steps")
        return self

    def index(self, key: str) -> int:
        return [s.key for s in self.steps].index(key)


class KingmakerRuleset(Record):
    ruleset: RulesetInfo
    attack: D20Attack
    mat: Mat
    armies: Armies
    sizes: Annotated[tuple[Size, ...], Field(min_length=1)]
    hit_dice: Annotated[tuple[HitDie, ...], Field(min_length=1)]
    commanders: Commanders
    initiative: Initiative
    turn: Turn
    ambush: Ambush = Ambush()
    commands: Commands
    movement: Movement
    melee: Melee
    ranged: Ranged
    morale: Morale
    aftermath: Aftermath
    campaign: CampaignNumbers = CampaignNumbers()
    terrain: Annotated[tuple[Terrain, ...], Field(min_length=1)]
    conditions: tuple[Condition, ...] = ()
    strategy: Strategy
    tactics: Annotated[tuple[Tactic, ...], Field(min_length=1)]
    resources: tuple[Resource, ...] = ()
    boons: tuple[Boon, ...] = ()
    abilities: tuple[Ability, ...] = ()

    # -- lookups ----------------------------------------------------------

    def size(self, key: str) -> Size:
        return by_key(self.sizes, key)

    def hit_die(self, key: str) -> HitDie:
        return next(d for d in self.hit_dice if d.key == key)

    def tactic(self, key: str) -> Tactic:
        return by_key(self.tactics, key)

    def resource(self, key: str) -> Resource:
        return by_key(self.resources, key)

    def boon(self, key: str) -> Boon:
        return by_key(self.boons, key)

    def ability(self, key: str) -> Ability:
        """The ability, or the one it works as (``as = "bleed"``)."""
        found = by_key(self.abilities, key)
        return by_key(self.abilities, found.as_) if found.as_ else found

    def terrain_of(self, key: str) -> Terrain:
        return by_key(self.terrain, key)

    def condition(self, key: str) -> Condition:
        return by_key(self.conditions, key)

    @cached_property
    def ladder(self) -> tuple[Fraction, ...]:
        return tuple(fraction(v) for v in self.armies.cr_ladder)

    # -- what a typo in a house rule would break -----------------------------

    @model_validator(mode="after")
    def _references_hold(self) -> "KingmakerRuleset":
        for table in ("sizes", "tactics", "resources", "boons", "abilities", "terrain", "conditions"):
            unique_keys(getattr(self, table), table)
        unique_keys(self.strategy.steps, "strategy.steps")
        if [d.key for d in self.hit_dice] != list(dict.fromkeys(d.key for d in self.hit_dice)):
            raise ValueError("[hit_dice] names a die more than once")
        if sorted(self.turn.phases) != sorted(PHASES):
            raise ValueError(f"phases must name each of {', '.join(PHASES)} once")
        troops = [s.troops for s in self.sizes]
        if troops != sorted(troops) or len(set(troops)) != len(troops):
            raise ValueError("[[sizes]] must run from the fewest troops up")
        if not any(t.default for t in self.tactics):
            raise ValueError("[[tactics]]: at least one tactic must be default = true")
        needs = {r.key for r in self.resources} | {g for r in self.resources for g in r.grants}
        rows: list[Tactic | Boon] = [*self.tactics, *self.boons]
        for row in rows:
            for key in row.requires:
                if key not in needs:
                    raise ValueError(f"{row.key}: requires {key!r}, which no resource is or grants")
        abilities = {a.key: a for a in self.abilities}
        for ability in self.abilities:
            if ability.as_ is not None:
                target = abilities.get(ability.as_)
                if target is None or target.as_ is not None:
                    raise ValueError(f"abilities {ability.key}: as = {ability.as_!r} names no ability that stands on its own")
        if self.attack.crit_face > self.attack.die or self.attack.natural_hit_face > self.attack.die:
            raise ValueError(f"attack: a face above the d{self.attack.die}")
        return self

    @model_validator(mode="after")
    def _assumed_name_something(self) -> "KingmakerRuleset":
        check_assumed(self, self.ruleset)
        return self


SHIPPED = RulesetSpec("kingmaker-fantasy-battle.toml", KingmakerRuleset)
"""Where the ruleset shipped with the app lives (a battle may play with a house copy)."""


def shipped() -> KingmakerRuleset:
    """The Kingmaker ruleset shipped with the app (read once, validated): a new
    battle's default; a battle plays with its own (``battle.ruleset``)."""
    ruleset = SHIPPED.shipped()
    assert isinstance(ruleset, KingmakerRuleset)
    return ruleset


__all__ = ["PHASES", "D20Attack", "Effect", "KingmakerRuleset", "Named", "SHIPPED", "shipped"]
