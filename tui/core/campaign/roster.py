"""The roster: each side's forces as the campaign knows them, and the one
kind of change made to it.

Every change to a roster, whoever computes it (the GM's edit, a battle's
aftermath, a week of upkeep), is a list of ``Change``: one value at one
place, with what it was before. Applying checks the before, so a log that
no longer fits its roster is refused with the place named; undoing a
battle's aftermath, or replacing it with a newer one, sets the befores back.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import Field, field_validator, model_validator

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.records import Record, check_name

ForceKey = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]
SideIndex = Annotated[int, Field(ge=0, le=7)]
Value = bool | int | str | tuple[str, ...]
"""What one change sets: a number, a switch, a word or a list of words."""


class CampaignError(MassCombatError):
    """A campaign step its roster does not allow (one line, the place named)."""


class CarriedAlready(CampaignError):
    """A battle's end has been carried back already, as it ends now."""


class CampaignSide(Record):
    """One side of the campaign: a kingdom, a faction, a player."""

    name: str
    treasury: Annotated[int, Field(ge=0, le=999_999)] = 0
    """Build Points in the side's Treasury (the systems that keep one)."""
    fate_points: Annotated[int, Field(ge=0, le=99)] = 0
    """Fate points the side carries into its next battle (the systems whose sides hold them)."""

    _check_name = field_validator("name")(check_name)


class CampaignForce(Record):
    """What every system's force shares: its key in the roster, its side,
    and whether it can still be mustered (``status``, in the system's words:
    ``ready``, ``routed``, ``defeated`` ...)."""

    key: ForceKey
    side: SideIndex = 0
    status: Annotated[str, Field(pattern=r"^[a-z_]{1,20}$")] = "ready"


F = TypeVar("F", bound=CampaignForce)


class Roster(Record, Generic[F]):
    sides: Annotated[tuple[CampaignSide, ...], Field(min_length=1, max_length=8)]
    forces: Annotated[tuple[F, ...], Field(max_length=200)] = ()

    @model_validator(mode="after")
    def _sound(self) -> "Roster[F]":
        keys = [force.key for force in self.forces]
        if len(set(keys)) != len(keys):
            raise ValueError(t("campaign.error.key_twice", key=next(k for k in keys if keys.count(k) > 1)))
        for force in self.forces:
            if force.side >= len(self.sides):
                raise ValueError(t("campaign.error.no_side", key=force.key, side=force.side + 1))
        return self

    def force(self, key: str) -> F:
        for force in self.forces:
            if force.key == key:
                return force
        raise CampaignError(t("campaign.error.no_force", key=key))

    def of_side(self, side: int) -> tuple[F, ...]:
        return tuple(force for force in self.forces if force.side == side)


class Change(Record):
    """One value of the roster set: ``path`` is dotted, from the roster
    (``forces.guard.wounds``, ``sides.0.treasury``); a part of it names a
    force or a row by its ``key``, or an item of a list by its index."""

    path: Annotated[str, Field(pattern=r"^[a-z0-9_.-]{1,120}$")]
    before: Value
    after: Value
    absolute: Literal[True] | None = None
    """A battle's end set this value whatever it was (a destroyed army's hp
    is none): carried back again, it is not moved by a difference."""

    def undone(self) -> "Change":
        return Change(path=self.path, before=self.after, after=self.before, absolute=self.absolute)


def number(value: Value) -> int:
    """A change's value read as the number it is (a switch counts 0 or 1)."""
    if isinstance(value, (bool, int)):
        return int(value)
    raise CampaignError(t("campaign.error.not_a_number", value=_shown(value)))


def words(value: Value) -> tuple[str, ...]:
    """A change's value read as the list of words it is."""
    if isinstance(value, tuple):
        return value
    raise CampaignError(t("campaign.error.not_words", value=_shown(value)))


def value_at(roster: Roster[Any], path: str) -> Value:
    """The value at ``path``; ``CampaignError`` if there is none."""
    data: Any = roster.model_dump(mode="json")
    for part in path.split("."):
        data = _step(data, part, path)
    return _value(data)


def with_changes(roster: Roster[F], changes: tuple[Change, ...], *, check: bool = True) -> Roster[F]:
    """``roster`` with each change made in turn. With ``check``, the value
    at each place must be the change's ``before``; the roster is validated
    again afterwards (a change that breaks a rule of its model is refused)."""
    if not changes:
        return roster
    data: Any = roster.model_dump(mode="json")
    for change in changes:
        *parents, last = change.path.split(".")
        holder = data
        for part in parents:
            holder = _step(holder, part, change.path)
        now = _value(_step(holder, last, change.path))
        if check and now != change.before:
            raise CampaignError(t("campaign.error.before", path=change.path, now=_shown(now), before=_shown(change.before)))
        _put(holder, last, list(change.after) if isinstance(change.after, tuple) else change.after, change.path)
    try:
        return type(roster).model_validate(data)
    except ValueError as exc:
        raise CampaignError(t("campaign.error.invalid", error=_first_line(exc))) from None


def _step(data: Any, part: str, path: str) -> Any:
    if isinstance(data, dict):
        if part in data:
            return data[part]
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict) and item.get("key") == part:
                return item
        if part.isdigit() and int(part) < len(data):
            return data[int(part)]
    raise CampaignError(t("campaign.error.no_path", path=path))


def _put(holder: Any, part: str, value: Any, path: str) -> None:
    if isinstance(holder, dict) and part in holder:
        holder[part] = value
        return
    if isinstance(holder, list):
        if part.isdigit() and int(part) < len(holder):
            holder[int(part)] = value
            return
    raise CampaignError(t("campaign.error.no_path", path=path))


def _value(data: Any) -> Value:
    if isinstance(data, list) and all(isinstance(item, str) for item in data):
        return tuple(data)
    if isinstance(data, (bool, int, str)):
        return data
    raise CampaignError(t("campaign.error.not_a_value"))


def _shown(value: Value) -> str:
    return ", ".join(value) if isinstance(value, tuple) else str(value).lower() if isinstance(value, bool) else str(value)


def _first_line(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg', '')}" if where else str(first.get("msg", ""))
    return str(exc).splitlines()[0]


__all__ = ["CarriedAlready", "CampaignError", "CampaignForce", "CampaignSide", "Change", "ForceKey", "Roster", "SideIndex", "Value", "number", "value_at", "with_changes", "words"]
