"""A campaign's state, its rules of bookkeeping, its file and its handle.

The handle is a ``LoggedBattle``: the campaign's file has a battle's
header (system, title, seed, log, cursor, ``[state]``) with
``kind = "campaign"``, so everything that keeps a battle safe on disk (the
journal, the lock, backups, conflict copies, ``check``) keeps a campaign
the same way."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar, Union

from pydantic import Field

from tui.core.campaign.events import Amend, BattleLink, CarryBack, Enlist, Keep, Muster, SetSides, told
from tui.core.campaign.roster import CampaignError, CarriedAlready, CampaignForce, CampaignSide, Change, Roster, value_at, with_changes
from tui.core.frozen import replace
from tui.core.history import BattleFile, History, LoggedBattle, QuickRoll, new_seed
from tui.core.i18n import t

F = TypeVar("F", bound=CampaignForce)

MOST_KEPT = 40
"""Maps a campaign keeps at most."""

OUT_OF_SERVICE = frozenset({"defeated", "disbanded", "dismissed", "lost"})
"""Statuses of a force that can no longer be mustered (a routed army may be)."""


@dataclass(frozen=True)
class Carried:
    """A battle's aftermath as it was carried back."""

    battle: str
    fingerprint: str
    ended: tuple[Change, ...]
    """What the battle did, from the roster it was mustered from."""
    outcome: dict[str, str]

    def told(self, language: str) -> str:
        return told(self.outcome, language)


@dataclass(frozen=True)
class CampaignState:
    rules: Any
    """The system's ruleset the campaign keeps its books with."""
    roster: Roster[Any]
    battles: tuple[BattleLink, ...] = ()
    carried: tuple[Carried, ...] = ()
    day: int = 0
    """Days passed since the campaign began (rest and upkeep count them)."""
    roster_system: str = ""
    """The system whose forces the roster holds."""
    kept: tuple[tuple[str, dict[str, Any]], ...] = ()
    """Maps kept for the battles to come, by name."""

    def kept_map(self, name: str) -> dict[str, Any]:
        for kept, data in self.kept:
            if kept == name:
                return data
        raise CampaignError(t("campaign.error.no_map", name=name))

    def link(self, battle: str) -> BattleLink:
        for link in self.battles:
            if link.id == battle:
                return link
        raise CampaignError(t("campaign.error.no_battle", battle=battle))

    def carried_for(self, battle: str) -> Carried | None:
        return next((c for c in self.carried if c.battle == battle), None)

    def next_battle_id(self) -> str:
        return f"b{len(self.battles) + 1}"


def apply(state: CampaignState, event: Any) -> CampaignState:
    """The campaign after ``event``; ``CampaignError`` if it does not fit."""
    roster = state.roster
    if isinstance(event, SetSides):
        if len(event.names) < len(roster.sides):
            raise CampaignError(t("campaign.error.sides_fewer", count=len(roster.sides)))
        sides = tuple(old.model_copy(update={"name": name}) for old, name in zip(roster.sides, event.names))
        sides += tuple(CampaignSide(name=name) for name in event.names[len(sides):])
        return replace(state, roster=roster.model_copy(update={"sides": sides}))
    if isinstance(event, Enlist):
        keys = [f.key for f in roster.forces]
        for force in event.forces:
            if force.key in keys:
                raise CampaignError(t("campaign.error.key_twice", key=force.key))
            if force.side >= len(roster.sides):
                raise CampaignError(t("campaign.error.no_side", key=force.key, side=force.side + 1))
            keys.append(force.key)
        return replace(state, roster=roster.model_copy(update={"forces": roster.forces + event.forces}))
    if isinstance(event, Amend):
        return replace(state, roster=with_changes(roster, event.changes), day=state.day + event.days)
    if isinstance(event, Keep):
        kept = tuple(pair for pair in state.kept if pair[0] != event.name)
        if len(kept) >= MOST_KEPT:
            raise CampaignError(t("campaign.error.maps_full", most=MOST_KEPT))
        return replace(state, kept=kept + ((event.name, dict(event.data)),))
    if isinstance(event, Muster):
        return _muster(state, event.battle)
    if isinstance(event, CarryBack):
        return _carry_back(state, event)
    raise CampaignError(t("campaign.error.unknown_step", kind=getattr(event, "kind", type(event).__name__)))


def _muster(state: CampaignState, link: BattleLink) -> CampaignState:
    if link.id != state.next_battle_id():
        raise CampaignError(t("campaign.error.battle_id", battle=link.id, expected=state.next_battle_id()))
    if link.map:
        state.kept_map(link.map)
    if any(other.file == link.file for other in state.battles):
        raise CampaignError(t("campaign.error.file_twice", file=link.file))
    if len(set(link.sides)) != len(link.sides) or any(side >= len(state.roster.sides) for side in link.sides):
        raise CampaignError(t("campaign.error.battle_sides"))
    for key in link.forces:
        force = state.roster.force(key)
        if force.side not in link.sides:
            raise CampaignError(t("campaign.error.force_side", key=key))
        if force.status in OUT_OF_SERVICE:
            raise CampaignError(t("campaign.error.out_of_service", key=key, status=force.status))
    return replace(state, battles=state.battles + (link,))


def _carry_back(state: CampaignState, event: CarryBack) -> CampaignState:
    state.link(event.battle)
    before = state.carried_for(event.battle)
    if before is not None and before.fingerprint == event.fingerprint:
        raise CarriedAlready(t("campaign.error.carried_already", battle=event.battle))
    roster = with_changes(state.roster, event.changes)
    carried = Carried(event.battle, event.fingerprint, event.ended or event.changes, {str(k): v for k, v in event.outcome.items()})
    return replace(state, roster=roster, carried=tuple(c for c in state.carried if c.battle != event.battle) + (carried,))


def at_muster(campaign_history: Any, battle: str) -> CampaignState:
    """The campaign as it stood right after battle ``battle`` was mustered
    (the roster its forces came from)."""
    for number, event in enumerate(campaign_history.done):
        if isinstance(event, Muster) and event.battle.id == battle:
            state: CampaignState = campaign_history.states[number + 1]
            return state
    raise CampaignError(t("campaign.error.no_battle", battle=battle))


def rebased(current: Roster[Any], start: Roster[Any], was: tuple[Change, ...], now: tuple[Change, ...], bounds: Any = None) -> tuple[Change, ...]:
    """What a battle's end ``now`` (changes from the roster it started
    from, ``start``) adds to its earlier end ``was`` (none: the start),
    made on the roster as it stands (``current``): a number moves by the
    difference, a list gains and loses what the ends differ in, anything
    else takes the new value. ``bounds(path)`` keeps a number in its range."""
    old = {c.path: c.after for c in was}
    new = {c.path: c.after for c in now}
    absolute = {c.path for c in now if c.absolute}
    changes: list[Change] = []
    for path in [*new, *(p for p in old if p not in new)]:
        try:
            begun, value = value_at(start, path), value_at(current, path)
        except CampaignError:
            continue  # a force the roster no longer has (or never had)
        then, later = old.get(path, begun), new.get(path, begun)
        if then == later:
            continue
        if path in absolute:
            after: Any = later
        elif isinstance(value, int) and not isinstance(value, bool) and isinstance(then, int) and isinstance(later, int):
            after = value + (later - then)
            limits = bounds(path) if bounds is not None else None
            if limits is not None:
                after = max(limits[0], min(limits[1], after))
        elif isinstance(value, tuple) and isinstance(then, tuple) and isinstance(later, tuple):
            after = tuple(x for x in value if x not in then or x in later) + tuple(x for x in later if x not in then and x not in value)
        else:
            after = later
        if after != value:
            changes.append(Change(path=path, before=value, after=after))
    return tuple(changes)


def campaign_events(force: type[F]) -> Any:
    return Annotated[Union[SetSides, Enlist[force], Amend, Keep, Muster, CarryBack, QuickRoll], Field(discriminator="kind")]  # type: ignore[valid-type]  # a union built for each system's force model


class CampaignFile(BattleFile, Generic[F]):
    """A campaign's file: a battle's header with ``kind = "campaign"``, the
    roster it began with as its ``setup``, and its log of campaign steps."""

    kind: Literal["campaign"] = "campaign"
    title: str = "Campaign"
    setup: Roster[F]
    log: tuple[Any, ...] = ()


def campaign_file_model(force: type[F]) -> type[CampaignFile[F]]:
    """The campaign file model for one system's forces (made once per model)."""
    made = _MODELS.get(force)
    if made is None:
        events = campaign_events(force)
        made = type(f"CampaignFile_{force.__name__}", (CampaignFile[force],), {"__annotations__": {"log": tuple[events, ...]}, "log": ()})  # type: ignore[valid-type]  # the parametrised model, made at run time
        _MODELS[force] = made
    return made


_MODELS: dict[type[Any], type[Any]] = {}


class Campaign(LoggedBattle[CampaignState, Any]):
    """An open campaign: its file's header, its log, undo and redo."""

    _apply = staticmethod(apply)

    def __init__(self, meta: CampaignFile[Any], history: History[CampaignState, Any]):
        self.meta = meta
        self.history = history

    @classmethod
    def new(cls, file_model: type[CampaignFile[Any]], system: str, title: str, sides: tuple[str, ...], ruleset: Any, seed: int | None = None) -> "Campaign":
        roster = file_model.model_fields["setup"].annotation.model_validate({"sides": [{"name": name} for name in sides]})  # type: ignore[union-attr]  # the setup's annotation is the roster model
        meta = file_model(system=system, title=title, seed=new_seed() if seed is None else seed, setup=roster)
        return cls(meta, History.start(CampaignState(rules=ruleset, roster=roster, roster_system=system)))

    @classmethod
    def initial_state(cls, meta: Any, ruleset: Any = None) -> CampaignState:
        if ruleset is None:
            from tui.core.system import find_system

            ruleset = find_system(meta.system).shipped_ruleset()
        return CampaignState(rules=ruleset, roster=meta.setup, roster_system=str(meta.system))

    @classmethod
    def summary(cls, state: CampaignState) -> dict[str, Any]:
        roster = state.roster
        return {
            "sides": [side.name for side in roster.sides],
            "forces": len(roster.forces),
            "battles": len(state.battles),
            "carried_back": len(state.carried),
            "maps": [name for name, _ in state.kept],
            "day": state.day,
        }

    @classmethod
    def from_file(cls, meta: Any, ruleset: Any = None) -> "Campaign":
        campaign = cls(meta, History.start(cls.initial_state(meta, ruleset)))
        campaign.history = cls.replayed(meta, campaign.history.state)
        campaign.check_summary()
        return campaign

    @property
    def ruleset(self) -> Any:
        return self.history.state.rules

    def step_rng(self) -> random.Random:
        """The dice for the next step (rest, upkeep): the same step taken
        again, undone and made anew, rolls the same dice."""
        return random.Random(f"masscombat:{self.seed}:campaign:{self.history.cursor}")

    @property
    def state(self) -> CampaignState:
        return self.history.state


__all__ = ["Campaign", "CampaignFile", "CampaignState", "Carried", "OUT_OF_SERVICE", "apply", "at_muster", "campaign_file_model", "rebased"]
