"""An army as the GM builds it: troops, resources, tactics, abilities and a
commander, as a record saved in the battle.

Only what the GM chose is stored. What the rules derive from it (size,
ACR, hp, Offense, Defense, Consumption and the rest) is worked out by
``derive.derive`` from the ruleset every time, so a house rule changes it
everywhere at once.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from tui.core.errors import RuleViolation
from tui.core.records import Record, check_name

Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,15}$")]
"""An army's id in events and the save (``a1``); never shown alone."""
RowKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
CR = Annotated[str, Field(pattern=r"^[0-9]{1,2}(/[0-9])?$")]
SideIndex = Annotated[int, Field(ge=0, le=7)]
Small = Annotated[int, Field(ge=-20, le=20)]
Ranks = Annotated[int, Field(ge=0, le=40)]
MAX_ROWS = 24


class ArmyError(RuleViolation):
    """An army the ruleset can't field (a CR off the ladder, too few troops,
    a boon its commander lacks the Leadership for)."""


class AbilityPick(Record):
    """A special ability the army has; ``value`` for those that take one
    (a spell level, a bravery bonus)."""

    key: RowKey
    value: Annotated[int, Field(ge=0, le=99)] | None = None


class Commander(Record):
    name: str = ""
    charisma: Small = 0
    """The Charisma modifier."""
    profession: Ranks = 0
    """Ranks in Profession (soldier)."""
    level: Annotated[int, Field(ge=0, le=40)] = 0
    """Character level, or HD for a monster."""
    leadership_feat: bool = False
    boons: Annotated[tuple[RowKey, ...], Field(max_length=MAX_ROWS)] = ()
    bonus_tactics: Annotated[tuple[RowKey, ...], Field(max_length=MAX_ROWS)] = ()
    """The tactic each Bonus Tactic boon brings, in order."""
    kind: Literal["npc", "pc"] = "npc"

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return check_name(value) if value else value


class Army(Record):
    key: Key
    name: str
    side: SideIndex = 0
    creature: str = ""
    """What the troops are (``humans (fighter 3)``): shown, never read."""
    cr: CR
    """One creature's CR, on the ruleset's ladder (``2``, ``1/3``)."""
    troops: Annotated[int, Field(ge=1, le=99_999)]
    hit_die: RowKey = "d10"
    mount_cr: CR | None = None
    """Cavalry: the mount's CR (the army has the mounts resource)."""
    resources: Annotated[tuple[RowKey, ...], Field(max_length=MAX_ROWS)] = ()
    siege_engines: Annotated[int, Field(ge=0, le=20)] = 0
    tactics: Annotated[tuple[RowKey, ...], Field(max_length=MAX_ROWS)] = ()
    """Tactics it has learned (the default ones are known without listing)."""
    abilities: Annotated[tuple[AbilityPick, ...], Field(max_length=MAX_ROWS)] = ()
    morale: Small = 0
    """Its own record, from the battles it has won and lost."""
    commander: Commander = Commander()
    speed: Annotated[int, Field(ge=0, le=20)] | None = None
    """Squares a turn; None: the creature's base speed in feet / the ruleset's feet per square."""
    base_speed: Annotated[int, Field(ge=0, le=200)] = 30
    max_damage: Annotated[int, Field(ge=1, le=99)] | None = None
    attacks: Annotated[int, Field(ge=1, le=99)] | None = None
    ranged_range: Annotated[int, Field(ge=1, le=40)] | None = None
    thrown: bool = False
    """Its ranged attacks are thrown (javelins, axes): it may throw in a turn
    it moved into melee, but only as far as ``movement.thrown_range``."""
    offense_bonus: Small = 0
    """The GM's own adjustment, as Ultimate Campaign's sample armies carry."""
    defense_bonus: Small = 0
    wounds: Annotated[int, Field(ge=0, le=9_999)] = 0
    """Hit points it has lost before this battle and not yet healed (a
    campaign's army carries them from its last fight)."""

    _name = field_validator("name")(check_name)

    @field_validator("creature")
    @classmethod
    def _creature(cls, value: str) -> str:
        return check_name(value) if value else value

    @property
    def mounted(self) -> bool:
        return self.mount_cr is not None


__all__ = ["AbilityPick", "Army", "ArmyError", "Commander", "Key", "RowKey", "SideIndex"]
