"""The muster: each faction as the GM sets it up, and the battlefield.

These records are part of the save file (``[setup]``). During the battle a
faction's changing numbers (Battle Level, fighters, units, conditions) live
in ``forces.Force``; the muster is what the battle started from.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.records import Record, check_name
from tui.core.dice.skill_roll import parse_skill_pool

Count = Annotated[int, Field(ge=0, le=99_999)]
PositionKey = Literal["leader", "assailant", "engineer", "medic"]

def _skill_pool(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(t("error.pool_written"))
    try:
        return parse_skill_pool(value).notation()
    except MassCombatError as exc:
        raise ValueError(str(exc)) from None


class Person(Record):
    """A leader, assailant, engineer or medic: a PC or an NPC."""

    name: str
    position: PositionKey = "assailant"
    pc: bool = True
    skills: dict[str, str] = Field(default_factory=dict)
    """Skill key (see the ruleset's [[skills]]) → the dice rolled, e.g. ``3b2s``:
    the attribute as base dice, the skill level as skill dice, gear as gear dice."""
    armour: Annotated[int, Field(ge=0, le=20)] = 0
    strength: Annotated[int, Field(ge=1, le=20)] = 4
    """Damage at which the PC is broken (their Strength)."""
    damage: Annotated[int, Field(ge=0, le=99)] = 0
    """Damage brought into this battle from an earlier one (a campaign's PC
    carries it until mended); as much as Strength: broken from the start."""

    _check_name = field_validator("name")(check_name)

    @field_validator("skills")
    @classmethod
    def _check_skills(cls, skills: dict[str, str]) -> dict[str, str]:
        return {key: _skill_pool(pool) for key, pool in skills.items()}


class Army(Record):
    """One faction as mustered."""

    people: tuple[Person, ...] = ()
    """Its leader (exactly one, position "leader") and the PCs in other positions."""
    played_by: Literal["players", "gm"] = "players"
    """A GM faction's Remarkable Actions are dice the GM grants."""
    fighters: Count = 0
    battle_level: Annotated[int, Field(ge=0, le=999)] | None = None
    """Typed by the GM; None: from fighters at the ruleset's ratio."""
    combat_ready: bool = True
    """For a faction defending its Ark: alert and combat-ready now (else from wave 2)."""
    units: dict[str, Count] = Field(default_factory=dict)
    """Special units by class key (aerial, armored, ...)."""
    ark: bool = False
    """The faction is an Ark, with its projects (``ark_projects``): those that
    go with it count wherever it fights."""
    defends_ark: bool = False
    """It defends its Ark in this battle: the projects tied to the Ark count too."""
    ark_projects: tuple[str, ...] = ()
    damaged_projects: tuple[str, ...] = ()
    """Projects whose Support die was damaged in an earlier battle and not
    yet repaired (a campaign's Ark carries them): lost until repaired."""
    fortification: str = "none"
    """Its stronghold when besieged (an Ark's projects may give a better one)."""
    terrain: str = "none"
    """Terrain for the Defensive Advantage where it stands."""
    home_territory: bool = False
    scout_unit: bool = False
    defensive_position: bool = False
    flying_only: bool = False
    motorised: bool = False
    forced_march: bool = False

    @model_validator(mode="before")
    @classmethod
    def _defending_an_ark(cls, data: Any) -> Any:
        # Defending its Ark makes a faction an Ark (saves from before the two
        # marks had only this one).
        if isinstance(data, dict) and data.get("defends_ark") and not data.get("ark"):
            data = {**data, "ark": True}
        return data

    @model_validator(mode="after")
    def _one_leader(self) -> "Army":
        leaders = [p for p in self.people if p.position == "leader"]
        if self.people and len(leaders) != 1:
            raise ValueError(t("myz.error.one_leader", count=len(leaders)))
        return self

    @property
    def leader(self) -> Person | None:
        return next((p for p in self.people if p.position == "leader"), None)

    def leader_index(self) -> int | None:
        return next((i for i, p in enumerate(self.people) if p.position == "leader"), None)


class Battlefield(Record):
    environment: str = "ruins"
    night: bool = False
    bad_weather: bool = False
    waterway: bool = False
    """The sector connects to a sea or river (naval units count)."""
    siege: Annotated[int, Field(ge=0, le=1)] | None = None
    """The side holding a strong position, or None for an ordinary battle."""


__all__ = ["Army", "Battlefield", "Person", "check_name"]
