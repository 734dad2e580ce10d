"""The shape of ``rulesets/second-world-armed-conflict.toml``: Fate Core's
skills, ladder, stress and consequences, and what the Second World text
adds: weapon classes with their reach, the situational zone aspects, the
free move and the move action, the example edges, the two turn orders.

Validation catches what a typo in a house-rule copy would break: a skill,
track or consequence that does not exist, edge costs that don't read as
``open/traverse/close``, an ``assumed`` key that names nothing.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from tui.core.maps.edges import parse_costs
from tui.core.dice.ladder import FateDice, FateOutcomes, LadderRuleset, Rating
from tui.core.records import Record
from tui.core.files.ruleset_files import RulesetSpec
from tui.core.ruleset_base import Named, RulesetInfo, by_key, check_assumed, unique_keys

Count = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(ge=1, le=99)]
Reach = Annotated[int, Field(ge=0, le=9)]
"""Zones: 0 is the attacker's own zone."""

FOUR_ACTIONS = ("overcome", "create_advantage", "attack", "defend")


class Characters(Record):
    skill_cap: Rating
    refresh: Count


class StressStep(Record):
    at_least: Rating
    boxes: Count


class StressTrack(Named):
    skill: str
    """The skill whose rating adds boxes (Physique, Will)."""
    boxes: Count
    more: tuple[StressStep, ...] = ()

    def boxes_for(self, rating: int) -> int:
        """Boxes on this track for a character with ``rating`` in its skill."""
        found = self.boxes
        for step in self.more:
            if rating >= step.at_least:
                found = max(found, step.boxes)
        return found


class Consequence(Named):
    shifts: Positive
    recovery_days: Annotated[int, Field(ge=0, le=3650)] | None = None
    """Days a campaign's character needs, from the conflict it was taken
    in, before it is gone (None: it stays until the GM strikes it)."""


class ExtraConsequence(Record):
    """One more consequence slot, for one track's hits, at a skill rating."""

    consequence: str
    track: str
    skill: str
    at_least: Rating


class Nameless(Named):
    """A quality of Fate Core's nameless NPCs."""

    skills: tuple[Rating, ...]
    """Their skill ratings, highest first."""
    stress_boxes: Count
    aspects: Positive


class Mobs(Record):
    teamwork_bonus: Count


class WeaponClass(Named):
    skill: str
    range: Reach
    heavy: bool = False
    """Heavy Ranged: its bearer takes no free move."""


class Zones(Record):
    withdrawn_at: Positive


class Situational(Named):
    """A zone aspect that changes how one fights from the zone."""

    ranged: bool
    """Whether ranged attacks can be made out of the zone at all."""
    max_range: Reach | None = None
    """The farthest a ranged attack from the zone reaches; None: the weapon's reach."""


class FreeMove(Record):
    zones: Literal[1]
    """"That character can move one zone": the app moves a free move to an
    adjacent zone only, so a house ruleset can't set another number."""
    erode: Positive
    shoot_penalty: Count
    shoot_skill: str


class MoveAction(Record):
    skill: str
    difficulty: Rating
    max_zones: Positive
    shifts_per_zone: Positive


class EdgePreset(Named):
    costs: str
    closed: bool

    @field_validator("costs")
    @classmethod
    def _reads_as_notation(cls, value: str) -> str:
        parse_costs(value)
        return value

    @model_validator(mode="after")
    def _closed_only_if_closable(self) -> "EdgePreset":
        open_cost, _, close_cost = parse_costs(self.costs)
        if self.closed and open_cost is None and close_cost is None:
            raise ValueError(f"edge preset {self.key}: {self.costs} is always open, so it cannot start closed")
        return self


class Initiative(Record):
    swivel_skill: str
    tie_breakers: tuple[str, ...]
    ambush_surprise_round: bool


class AttackSkill(Named):
    """An attack: the skill rolled, the skills that defend, the track hit."""

    skill: str
    defend: tuple[str, ...]
    track: str
    range: Reach | None = None
    """Zones it reaches; None with ``weapon``: the weapon's class decides."""
    weapon: bool = False

    @model_validator(mode="after")
    def _one_reach(self) -> "AttackSkill":
        if (self.range is None) != self.weapon:
            raise ValueError(f"attacks {self.key}: give either a range or weapon = true")
        return self


class Outcome(Record):
    tie_boost: bool
    style_boost: bool
    defence_style_boost: bool
    full_defence_bonus: Count


class CreateAdvantage(Record):
    free_invokes: Count
    free_invokes_with_style: Count


class Invokes(Record):
    bonus: Count
    fate_point_cost: Positive
    gm_pool_per_pc: Count = 1
    """The GM's fate points for the NPCs, per PC in the scene (Fate Core)."""
    hostile: bool = True
    """An opponent's own aspects may be invoked against them (Fate Core's
    hostile invoke; the point goes to them when the scene ends)."""


class Concession(Record):
    fate_points: Count
    per_consequence: Count


class SecondWorldRuleset(LadderRuleset):
    ruleset: RulesetInfo
    dice: FateDice
    outcomes: FateOutcomes
    skills: tuple[Named, ...]
    characters: Characters
    stress: tuple[StressTrack, ...]
    consequences: tuple[Consequence, ...]
    extra_consequences: tuple[ExtraConsequence, ...] = ()
    nameless: tuple[Nameless, ...]
    mobs: Mobs
    weapons: tuple[WeaponClass, ...]
    zones: Zones
    situational: tuple[Situational, ...]
    free_move: FreeMove
    move: MoveAction
    edge_presets: tuple[EdgePreset, ...]
    initiative: Initiative
    actions: tuple[Named, ...]
    attacks: tuple[AttackSkill, ...]
    outcome: Outcome
    create_advantage: CreateAdvantage
    invokes: Invokes
    concession: Concession

    def skill(self, key: str) -> Named:
        return by_key(self.skills, key)

    def weapon(self, key: str) -> WeaponClass:
        return by_key(self.weapons, key)

    def track(self, key: str) -> StressTrack:
        return by_key(self.stress, key)

    def consequence(self, key: str) -> Consequence:
        return by_key(self.consequences, key)

    def preset(self, key: str) -> EdgePreset:
        return by_key(self.edge_presets, key)

    def situation(self, key: str) -> Situational:
        return by_key(self.situational, key)

    def attack(self, skill: str) -> AttackSkill | None:
        """The attack made with ``skill``, or None if the skill attacks no one."""
        return next((a for a in self.attacks if a.skill == skill), None)

    # -- what a typo in a house rule would break -----------------------------

    @model_validator(mode="after")
    def _references_hold(self) -> "SecondWorldRuleset":
        tables = ("skills", "stress", "consequences", "nameless", "weapons", "situational", "edge_presets", "actions", "attacks")
        for table in tables:
            unique_keys(getattr(self, table), table)
        skills = {s.key for s in self.skills}
        tracks = {s.key for s in self.stress}
        needed = [(f"stress {s.key}", s.skill) for s in self.stress]
        needed += [(f"weapons {w.key}", w.skill) for w in self.weapons]
        needed += [("free_move.shoot_skill", self.free_move.shoot_skill), ("move.skill", self.move.skill)]
        needed += [("initiative.swivel_skill", self.initiative.swivel_skill)]
        needed += [("initiative.tie_breakers", k) for k in self.initiative.tie_breakers]
        needed += [("extra_consequences", e.skill) for e in self.extra_consequences]
        needed += [(f"attacks {a.key}", a.skill) for a in self.attacks]
        needed += [(f"attacks {a.key} defend", k) for a in self.attacks for k in a.defend]
        for where, key in needed:
            if key not in skills:
                raise ValueError(f"{where}: {key!r} is not in [[skills]]")
        for attack in self.attacks:
            if attack.track not in tracks:
                raise ValueError(f"attacks {attack.key}: track {attack.track!r} is not in [[stress]]")
        for extra in self.extra_consequences:
            if extra.track not in tracks:
                raise ValueError(f"extra_consequences: track {extra.track!r} is not in [[stress]]")
            if extra.consequence not in {c.key for c in self.consequences}:
                raise ValueError(f"extra_consequences: {extra.consequence!r} is not in [[consequences]]")
        if tuple(sorted(a.key for a in self.actions)) != tuple(sorted(FOUR_ACTIONS)):
            raise ValueError(f"[[actions]] must name Fate Core's four actions: {', '.join(FOUR_ACTIONS)}")
        for quality in self.nameless:
            if list(quality.skills) != sorted(quality.skills, reverse=True):
                raise ValueError(f"nameless {quality.key}: list the skill ratings highest first")
            off = [r for r in quality.skills if not self.on_ladder(r)]
            if off:
                raise ValueError(f"nameless {quality.key}: skill rating {off[0]} is not on the ladder")
        for situation in self.situational:
            if not situation.ranged and situation.max_range is not None:
                raise ValueError(f"situational {situation.key}: no ranged attacks, so no max_range")
        return self

    @model_validator(mode="after")
    def _assumed_name_something(self) -> "SecondWorldRuleset":
        check_assumed(self, self.ruleset)
        return self


SHIPPED = RulesetSpec("second-world-armed-conflict.toml", SecondWorldRuleset)
"""Where the ruleset shipped with the app lives (a battle may play with a house copy)."""


def shipped() -> SecondWorldRuleset:
    """The Second World ruleset shipped with the app (read once, validated): a new
    battle's default; a battle plays with its own (``battle.ruleset``)."""
    ruleset = SHIPPED.shipped()
    assert isinstance(ruleset, SecondWorldRuleset)
    return ruleset


__all__ = ["FOUR_ACTIONS", "AttackSkill", "EdgePreset", "SecondWorldRuleset", "StressTrack", "WeaponClass", "SHIPPED", "shipped"]
