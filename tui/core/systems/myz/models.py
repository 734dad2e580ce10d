"""The battle as it is saved: setup, the event log, and where undo stands.

These pydantic models are the save file's schema. Events are records of
what happened, dice faces included, so a battle can be audited and replayed
exactly without re-rolling anything.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from tui.core import history
from tui.core.dice.quick import QuickRoll
from tui.core.dice.year_zero import Pool, parse_pool
from tui.core.systems.myz import events as myz_events
from tui.core.records import Record, check_name
from tui.core.systems.myz.army import Army, Battlefield
from tui.core.errors import MassCombatError
from tui.core.i18n import t

SCHEMA_VERSION = history.SCHEMA_VERSION

SideIndex = Annotated[int, Field(ge=0, le=1)]
Face = Annotated[int, Field(ge=1, le=100)]



def _pool(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(t("error.pool_written"))
    try:
        return parse_pool(value).notation()
    except MassCombatError as exc:
        raise ValueError(str(exc)) from None


_name = check_name


class SideSetup(Record):
    name: str
    pool: str = "0b"

    _check_name = field_validator("name")(_name)
    _check_pool = field_validator("pool", mode="before")(_pool)

    @property
    def pool_value(self) -> Pool:
        return parse_pool(self.pool)


class Setup(Record):
    """The battle before its first event."""

    sides: tuple[SideSetup, SideSetup]
    first: SideIndex = 0
    """The side that acts first when leaders push or settle (initiative)."""
    armies: tuple[Army, Army] = (Army(), Army())
    """The factions as mustered (schema 2; a schema-1 file has empty ones)."""
    battlefield: Battlefield = Battlefield()


# -- events -----------------------------------------------------------------


class Rename(Record):
    kind: Literal["rename"] = "rename"
    side: SideIndex
    name: str

    _check_name = field_validator("name")(_name)


class SetPool(Record):
    kind: Literal["set_pool"] = "set_pool"
    side: SideIndex
    pool: str

    _check_pool = field_validator("pool", mode="before")(_pool)


class SetFirst(Record):
    kind: Literal["set_first"] = "set_first"
    first: SideIndex


class RolledSide(Record):
    """The faces one side's pool showed on the first roll, by kind."""

    base: tuple[Face, ...] = ()
    skill: tuple[Face, ...] = ()
    gear: tuple[Face, ...] = ()


class Roll(Record):
    """Both sides roll their Battle Pools."""

    kind: Literal["roll"] = "roll"
    counter: Annotated[int, Field(ge=0)]
    sides: tuple[RolledSide, RolledSide]
    typed: bool = False
    """The faces were rolled at the table and typed in."""
    table: tuple[bool, bool] | None = None
    """Which side's faces were typed, when only one was (the other rolled in the app)."""


class Push(Record):
    """A leader spends Strategy dice and rerolls what can be rerolled."""

    kind: Literal["push"] = "push"
    counter: Annotated[int, Field(ge=0)]
    side: SideIndex
    spent: tuple[Annotated[int, Field(ge=0)], ...]
    """Indexes (pool order) of the Strategy dice removed to pay."""
    faces: tuple[Face, ...]
    """New faces of the rerolled dice, in pool order."""
    typed: bool = False
    """The faces were rolled at the table and typed in."""


class Settle(Record):
    kind: Literal["settle"] = "settle"
    side: SideIndex


class NewRoll(Record):
    """Put the settled roll into the results and clear the table."""

    kind: Literal["new_roll"] = "new_roll"


Event = Annotated[
    Union[
        Rename,
        SetPool,
        SetFirst,
        Roll,
        Push,
        Settle,
        NewRoll,
        myz_events.SetArmy,
        myz_events.SetBattlefield,
        myz_events.Reconnaissance,
        myz_events.Ambush,
        myz_events.Initiative,
        myz_events.SetRisk,
        myz_events.ChooseStrategy,
        myz_events.AnswerParley,
        myz_events.Action,
        myz_events.SetCircumstances,
        myz_events.Support,
        myz_events.EndWave,
        myz_events.NextInCommand,
        myz_events.NextWave,
        myz_events.EndBattle,
        myz_events.Adjust,
        QuickRoll,
    ],
    Field(discriminator="kind"),
]


class BattleFile(history.BattleFile):
    """A Mass Combat save file: TOML with this shape (see saves/examples/)."""

    system: Literal["myz"] = "myz"
    setup: Setup
    log: tuple[Event, ...] = ()
