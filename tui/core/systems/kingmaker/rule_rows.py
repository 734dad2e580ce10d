"""The rows of ``rulesets/kingmaker-fantasy-battle.toml``: army sizes, Hit
Dice, tactics, resources, boons, special abilities, terrain, conditions and
the morale states, each a small strict record."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from tui.core.records import Record
from tui.core.ruleset_base import Localised, Named

Bonus = Annotated[int, Field(ge=-99, le=99)]
Count = Annotated[int, Field(ge=0, le=999)]
Positive = Annotated[int, Field(ge=1, le=99_999)]
Percent = Annotated[int, Field(ge=1, le=100)]
DC = Annotated[int, Field(ge=0, le=99)]

GRANTS = (
    "ranged", "mounted", "flight", "mindless", "no_rout", "undead", "spellcasting", "amphibious",
    "incorporeal", "swarm", "fear_immune", "withdraws_freely",
)
"""What an ability or resource lets an army do (or be), by name."""
Grant = Literal[
    "ranged", "mounted", "flight", "mindless", "no_rout", "undead", "spellcasting", "amphibious",
    "incorporeal", "swarm", "fear_immune", "withdraws_freely",
]


def fraction(text: str) -> Fraction:
    """``"1/8"``, ``"7/2"``, ``"3"`` as an exact number; ValueError otherwise."""
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text!r} is not a number such as 3 or 1/8") from None
    if value <= 0:
        raise ValueError(f"{text!r} must be above 0")
    return value


def _fraction_text(value: str) -> str:
    fraction(value)
    return value


class Effect(Record):
    """Bonuses (negative: penalties) an army has while something applies.

    ``when`` says when: always, while the army is bloodied, or when the GM
    rules that its condition holds (against the unmounted, one phase of the
    battle). ``leadership``: a boon's stronger step for a commander with that
    much Leadership. ``per_value``: times the number typed with the ability.
    """

    offense: Bonus = 0
    melee_offense: Bonus = 0
    ranged_offense: Bonus = 0
    defense: Bonus = 0
    ranged_defense: Bonus = 0
    damage: Bonus = 0
    melee_damage: Bonus = 0
    ranged_damage: Bonus = 0
    morale: Bonus = 0
    rout: Bonus = 0
    """On Morale checks against fear and routs (the thresholds)."""
    withdraw: Bonus = 0
    """On Morale checks to withdraw, or to stop an enemy withdrawing."""
    switch_tactics: Bonus = 0
    when: Literal["always", "bloodied", "gm"] = "always"
    leadership: Count = 0
    per_value: bool = False

    def scaled(self, value: int) -> "Effect":
        if not self.per_value:
            return self
        numbers = {name: getattr(self, name) * value for name in EFFECT_NUMBERS}
        return self.model_copy(update=numbers)


EFFECT_NUMBERS = tuple(name for name in Effect.model_fields if name not in ("when", "leadership", "per_value"))


class Effects(Named):
    """A row whose effects are data (a tactic, boon, ability, condition)."""

    effects: tuple[Effect, ...] = ()
    summary: Localised | None = None


class Size(Named):
    troops: Positive
    """The head count that makes an army of this size (Ultimate Campaign)."""
    acr_steps: Bonus
    """Steps up or down the CR ladder from one creature's CR."""
    formations: Annotated[tuple[str, ...], Field(min_length=1, max_length=4)]
    """Frontage x depth in unit squares; the first is the default."""
    resource_multiplier: str
    target_modifier: Bonus
    """On ranged attacks against an army of this size (Kingmaker)."""
    defeat: tuple[Bonus, Bonus, Bonus]
    """Economy, Loyalty and Stability the kingdom loses when it is defeated."""

    _multiplier = field_validator("resource_multiplier")(_fraction_text)

    @field_validator("formations")
    @classmethod
    def _shapes(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for text in value:
            formation(text)
        return value

    @model_validator(mode="after")
    def _same_squares(self) -> "Size":
        counts = {w * d for w, d in map(formation, self.formations)}
        if len(counts) != 1:
            raise ValueError(f"sizes {self.key}: every formation must cover the same number of squares")
        return self

    @property
    def squares(self) -> int:
        width, depth = formation(self.formations[0])
        return width * depth

    @property
    def multiplier(self) -> Fraction:
        return fraction(self.resource_multiplier)


def formation(text: str) -> tuple[int, int]:
    """``"2x3"`` → (frontage 2, depth 3)."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"formation {text!r} must read frontage x depth, such as 2x2")
    width, depth = int(parts[0]), int(parts[1])
    if not (1 <= width <= 5 and 1 <= depth <= 5):
        raise ValueError(f"formation {text!r}: frontage and depth run 1 to 5")
    return width, depth


class HitDie(Record):
    key: Annotated[str, Field(pattern=r"^d[0-9]+$")]
    average: str

    _average = field_validator("average")(_fraction_text)

    @property
    def mean(self) -> Fraction:
        return fraction(self.average)


class Tactic(Effects):
    default: bool = False
    """Known by every army, not counted among those it learns."""
    requires: tuple[str, ...] = ()
    """Resources or grants the army needs to use it (``mounts``, ``ranged``)."""
    once_per_battle: bool = False


class Resource(Effects):
    group: str | None = None
    cost: Count
    """BP for a Medium army."""
    consumption: Count
    scales: bool
    cost_is_mount_acr: bool = False
    per_engine: bool = False
    uses_per_battle: Count = 0
    heal_acr: Count = 0
    use_consumption: Count = 0
    grants: tuple[Grant, ...] = ()


class Boon(Effects):
    leadership: Count
    """The Leadership a commander needs to take it."""
    requires: tuple[str, ...] = ()
    once_per_battle: bool = False
    bonus_tactic: bool = False
    reroll_morale: bool = False
    heal_acr_half: bool = False


class Ability(Effects):
    source: Localised | None = None
    """The class and level that brings it (``Rogue 2``)."""
    as_: str | None = Field(default=None, alias="as")
    grants: tuple[Grant, ...] = ()
    once_per_battle: bool = False
    value: Localised | None = None
    """What the number typed with it means (a spell level, a bravery bonus)."""

    @model_validator(mode="after")
    def _per_value_needs_value(self) -> "Ability":
        if any(e.per_value for e in self.effects) and self.value is None:
            raise ValueError(f"abilities {self.key}: an effect per_value needs the ability's value")
        return self


class Terrain(Named):
    glyph: Annotated[str, Field(min_length=1, max_length=1, pattern=r"^[!-~]$")]
    """One printable ASCII character, for the mat in ASCII mode."""
    move_cost: Positive
    cover: bool
    passable: bool
    defense: Bonus


class Condition(Effects):
    halve_damage: bool = False
    damage_per_phase: Count = 0


class Threshold(Named):
    percent: Percent
    dc: DC


class MoraleState(Record):
    key: Literal["retreat", "flee", "rout"]
    name: Localised
    fail_by: Count
    moves_away: bool
    can_attack: bool
    can_shoot: bool
    lasts: Count
    """Turns it lasts; 0: until the unit rallies or leaves the mat."""
    leaves_field: bool


class CommanderFate(Record):
    up_to: Percent
    key: Literal["killed", "captured", "escaped"]
    name: Localised


class Command(Record):
    name: Localised
    phase: Literal["movement", "morale"]
    dc: DC
    extra_squares: Count = 0
    melee_offense: Bonus = 0
    offense: Bonus = 0
    """To melee and ranged Offense for the rest of the turn (Hustle's cost)."""
    defense: Bonus = 0
    per_margin: Count = 0
    """One more square for every this much the DC is beaten by."""
    opposed: bool = False
    ends_move: bool = False


__all__ = [
    "EFFECT_NUMBERS", "GRANTS", "Ability", "Boon", "Command", "CommanderFate", "Condition", "Effect", "Effects",
    "HitDie", "MoraleState", "Resource", "Size", "Tactic", "Terrain", "Threshold", "formation", "fraction",
]
