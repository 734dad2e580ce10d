"""What can happen to a campaign: its sides named, a force enlisted, the
roster amended (the GM's edit, rest, upkeep), a battle mustered from it,
and a battle's aftermath carried back. Every one is an event of the
campaign's log, undone and redone like a battle's."""

from __future__ import annotations

from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import Field, field_validator

from tui.core.campaign.roster import CampaignForce, Change, ForceKey, SideIndex
from tui.core.records import Record, check_name, check_names

F = TypeVar("F", bound=CampaignForce)
BattleId = Annotated[str, Field(pattern=r"^b[0-9]{1,4}$")]
Changes = Annotated[tuple[Change, ...], Field(max_length=2000)]
Rolls = Annotated[tuple[Annotated[int, Field(ge=1, le=100)], ...], Field(max_length=400)]


class SetSides(Record):
    """The sides' names (a new side is added at the end)."""

    kind: Literal["sides"] = "sides"
    names: Annotated[tuple[str, ...], Field(min_length=1, max_length=8)]

    _check = field_validator("names")(check_names)


class Enlist(Record, Generic[F]):
    """New forces on the sides' rosters, in one step."""

    kind: Literal["enlist"] = "enlist"
    forces: Annotated[tuple[F, ...], Field(min_length=1, max_length=200)]


class Amend(Record):
    """Changes to the roster, and what made them: the GM's edit, days at
    rest, a week's upkeep (with the dice rolled for it, for the record)."""

    kind: Literal["amend"] = "amend"
    what: Literal["edit", "rest", "week", "recover"] = "edit"
    changes: Changes
    days: Annotated[int, Field(ge=0, le=3650)] = 0
    """Days the step lets pass (rest: the days; a week: 7)."""
    rolls: Rolls = ()


class BattleLink(Record):
    """A battle mustered from the campaign: its file beside the campaign,
    and which forces went (each by the key it has in the battle)."""

    id: BattleId
    file: Annotated[str, Field(pattern=r"^[^/\\]{1,120}\.toml$")]
    title: str
    sides: Annotated[tuple[SideIndex, ...], Field(min_length=1, max_length=8)]
    """The campaign's side of each of the battle's sides, in its order."""
    forces: Annotated[tuple[ForceKey, ...], Field(max_length=200)]
    map: str = ""
    """The kept map the battle was laid out on ("": none)."""

    _check_title = field_validator("title")(check_name)


class Keep(Record):
    """A map kept for the battles to come (Second World's zones and edges),
    under a name; one of the same name is replaced."""

    kind: Literal["keep"] = "keep"
    name: str
    data: dict[str, Any]

    _check_name = field_validator("name")(check_name)


class Muster(Record):
    kind: Literal["muster"] = "muster"
    battle: BattleLink


class CarryBack(Record):
    """What a finished battle did to the forces that went, as the GM saw
    and confirmed it. A battle carried back again (reopened and finished
    anew) writes only what its new end changes against its last one, so
    what has happened since (a rest that healed, the GM's edits) stands."""

    kind: Literal["carry_back"] = "carry_back"
    battle: BattleId
    fingerprint: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    """The SHA-256 of the battle's log as it ended: the same end is never carried twice."""
    changes: Changes
    """What is written, from the roster as it stood when the step was made."""
    ended: Changes = ()
    """What the battle did, from the roster as it was mustered (its end
    against its start); a battle carried back again is compared with it."""
    outcome: Annotated[dict[Literal["en", "de"], Annotated[str, Field(max_length=300)]], Field(max_length=2)] = Field(default_factory=dict)
    """How the battle ended, in each language (the story's own words)."""

    def told(self, language: str) -> str:
        return told(self.outcome, language)


def told(outcome: dict[str, str] | Any, language: str) -> str:
    """An outcome in ``language``, else in English, else in whatever it has."""
    return str(outcome.get(language) or outcome.get("en") or next(iter(outcome.values()), ""))


__all__ = ["told", "Amend", "Keep", "BattleId", "BattleLink", "CarryBack", "Enlist", "Muster", "SetSides"]
