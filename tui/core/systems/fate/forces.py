"""What each player brings to a This Means War battle: a battle chest spent
on units and fate points, and the leaders (PCs and NPCs) who lead them.

These records are the muster as saved (``[[setup.players]]`` and the
``set_player`` events). ``check_player`` holds them to the ruleset: skill
ratings exactly as the unit's quality gives them, no more aspects than the
quality allows, and never more build points than the chest holds.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from tui.core.errors import ForcesError
from tui.core.i18n import language, t
from tui.core.systems.fate.rules import FateRuleset
from tui.core.campaign.consequences import check_carried, split
from tui.core.records import Record, check_name

Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,15}$")]
SideIndex = Literal[0, 1]
Rating = Annotated[int, Field(ge=-2, le=8)]


def _aspects(value: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(a) for a in value)


def carried(card: "Unit | Leader") -> tuple[tuple[str, str], ...]:
    """The consequences a card brings from an earlier battle: (slot, aspect)."""
    return split(card.consequences)


class Unit(Record):
    """A unit card: its name is its first aspect (its high concept)."""

    key: Key
    name: str
    quality: str
    skills: dict[str, Rating] = Field(default_factory=dict)
    """Skill key → rating: exactly the ratings its quality gives, one skill each."""
    aspects: tuple[str, ...] = ()
    """The aspects after the name (a Fair unit has one more, a Good two)."""
    consequences: tuple[str, ...] = ()
    """Consequences brought from an earlier battle, each ``slot:aspect``
    (a campaign's unit keeps them until it recovers)."""

    _check_name = field_validator("name")(check_name)
    _check_aspects = field_validator("aspects")(_aspects)
    _check_carried = field_validator("consequences")(check_carried)

    @property
    def all_aspects(self) -> tuple[str, ...]:
        return (self.name, *self.aspects)


class Leader(Record):
    """A PC or a supporting or main NPC: a Fate Core character in brief."""

    key: Key
    name: str
    pc: bool = True
    skills: dict[str, Rating] = Field(default_factory=dict)
    aspects: tuple[str, ...] = ()
    consequences: tuple[str, ...] = ()
    """Consequences brought from an earlier battle, each ``slot:aspect``."""

    _check_name = field_validator("name")(check_name)
    _check_aspects = field_validator("aspects")(_aspects)
    _check_carried = field_validator("consequences")(check_carried)

    def rating(self, skill: str) -> int:
        return self.skills.get(skill, 0)

    @property
    def all_aspects(self) -> tuple[str, ...]:
        return (self.name, *self.aspects)


class Player(Record):
    """One player (the GM counts as one) and the side they fight on."""

    name: str
    side: SideIndex = 0
    chest: Annotated[int, Field(ge=0, le=999)] = 10
    """Build points in the battle chest."""
    fate_points: Annotated[int, Field(ge=0, le=99)] = 0
    """Fate points bought with build points before the battle."""
    units: tuple[Unit, ...] = ()
    leaders: tuple[Leader, ...] = ()

    _check_name = field_validator("name")(check_name)

    @property
    def cards(self) -> tuple[Unit | Leader, ...]:
        """Units, then leaders (typed as either: a plain tuple of both would widen to ``Record``)."""
        return (*self.units, *self.leaders)


def unit_cost(unit: Unit, rules: FateRuleset) -> int:
    return rules.quality(unit.quality).cost


def spent(player: Player, rules: FateRuleset) -> int:
    """Build points the muster takes from the chest."""
    return sum(unit_cost(u, rules) for u in player.units) + player.fate_points * rules.battle_chest.fate_point_cost


def left(player: Player, rules: FateRuleset) -> int:
    return player.chest - spent(player, rules)


def check_unit(unit: Unit, rules: FateRuleset) -> None:
    """Refuse a unit its quality does not allow (one line naming the unit)."""
    try:
        quality = rules.quality(unit.quality)
    except KeyError:
        known = ", ".join(q.key for q in rules.qualities)
        raise ForcesError(t("fate.forces.no_quality", unit=unit.name, quality=unit.quality, known=known)) from None
    for skill in unit.skills:
        try:
            rules.skill(skill)
        except KeyError:
            raise ForcesError(t("fate.forces.no_skill", unit=unit.name, skill=skill)) from None
    if sorted(unit.skills.values(), reverse=True) != list(quality.skills):
        lang = language()
        wanted = ", ".join(rules.rated(r, lang) for r in quality.skills)
        raise ForcesError(t("fate.forces.skill_ratings", unit=unit.name, quality=quality.name(lang), wanted=wanted))
    if len(unit.all_aspects) > quality.aspects:
        raise ForcesError(t("fate.forces.too_many_aspects", unit=unit.name, quality=quality.name(language()), most=quality.aspects))
    _check_slots(unit, quality.consequences)


def check_leader(leader: Leader, rules: FateRuleset) -> None:
    for skill in leader.skills:
        try:
            rules.skill(skill)
        except KeyError:
            raise ForcesError(t("fate.forces.no_skill", unit=leader.name, skill=skill)) from None
    _check_slots(leader, rules.leaders.consequences)


def _check_slots(card: Unit | Leader, slots: tuple[str, ...]) -> None:
    """Carried consequences fill the card's own slots, each at most once."""
    taken = [slot for slot, _ in carried(card)]
    for slot in taken:
        if slot not in slots or taken.count(slot) > 1:
            raise ForcesError(t("fate.forces.carried_slot", unit=card.name, slot=slot, slots=", ".join(slots) or "—"))


def check_player(player: Player, rules: FateRuleset) -> None:
    """A muster the ruleset allows, or one line saying what is off."""
    for unit in player.units:
        check_unit(unit, rules)
    for leader in player.leaders:
        check_leader(leader, rules)
    over = -left(player, rules)
    if over > 0:
        raise ForcesError(t("fate.forces.overspent", player=player.name, chest=player.chest, spent=spent(player, rules), over=over))


def check_keys(players: tuple[Player, ...]) -> None:
    """Unit and leader keys name one card in the whole battle."""
    seen: set[str] = set()
    for player in players:
        for card in player.cards:
            if card.key in seen:
                raise ForcesError(t("fate.forces.key_twice", key=card.key))
            seen.add(card.key)


def next_key(players: tuple[Player, ...], prefix: str) -> str:
    used = {card.key for p in players for card in p.cards}
    number = 1
    while f"{prefix}{number}" in used:
        number += 1
    return f"{prefix}{number}"


def missing_aspects(unit: Unit, rules: FateRuleset) -> int:
    """How many aspects the quality still offers (a reminder, never an error)."""
    return max(0, rules.quality(unit.quality).aspects - len(unit.all_aspects))


def zones_rule_of_thumb(players: tuple[Player, ...], rules: FateRuleset) -> int:
    """"One more than the number of players … includes the GM"."""
    return len(players) + rules.zones.more_than_players


__all__ = [
    "Leader",
    "Player",
    "Unit",
    "check_keys",
    "check_leader",
    "check_player",
    "check_unit",
    "left",
    "missing_aspects",
    "next_key",
    "spent",
    "unit_cost",
    "zones_rule_of_thumb",
]
