"""A This Means War battle at one moment: immutable records that
``play.apply`` replaces, never changes.

The muster (players) and the battlefield (board) come first; in play,
where each unit and leader stands, the aspects in play with their free
invokes, whose turn it is, the activation under way and the roll on the
table. ``notes`` is the battle's story so far, as catalog keys the screens
put into words in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tui.core.frozen import replace
from tui.core.maps.zones import Board
from tui.core.notes import Note, Notes
from tui.core.systems.fate.forces import Leader, Player, Unit
from tui.core.systems.fate.rules import FateRuleset

Stage = Literal["muster", "battlefield", "deploy", "battle", "ended"]


@dataclass(frozen=True)
class Aspect:
    """An aspect in play. ``on`` is the zone, unit or leader it is on."""

    id: str
    text: str
    on: str
    kind: Literal["card", "zone", "advantage", "consequence", "boost", "pinned_down", "surrounded"]
    hidden: bool = False
    hinders: bool = False
    free: tuple[int, int] = (0, 0)
    """Free invokes each side holds on it."""
    holder: int | None = None
    """A boost: the side that may invoke it (once, then it is gone)."""
    by: str = ""
    """The unit whose action made it (a pin lapses unless that unit keeps it up)."""
    slot: str = ""
    """A consequence's severity (mild, moderate, severe)."""
    player: int | None = None
    """A hidden zone aspect: the player who bought it."""


@dataclass(frozen=True)
class Place:
    """Where a unit or leader is during the battle."""

    zone: str | None = None
    out: bool = False
    """Taken out (a unit) or defeated (a leader)."""
    attached: str | None = None
    """A leader's unit."""
    by: int | None = None
    """A defeated leader: the player who defeated them (one fate point each)."""


@dataclass(frozen=True)
class RollSide:
    """One side of a roll: who rolls what, the dice, and what was added."""

    who: str
    player: int
    skill: str
    rating: int
    faces: tuple[int, ...]
    bonuses: tuple[tuple[str, int], ...] = ()
    """Named additions: the leader's Will, Surrounded, range, allies, invokes."""
    invoked: tuple[str, ...] = ()
    """Every invoke on this roll, by aspect id (free invokes of one aspect stack)."""
    paid: tuple[str, ...] = ()
    """The aspects invoked for a fate point: once each per roll."""

    @property
    def total(self) -> int:
        return self.rating + sum(self.faces) + sum(b for _, b in self.bonuses)


@dataclass(frozen=True)
class Contest:
    """A roll on the table: invokes may still change it until it is resolved."""

    action: str
    by: str
    player: int
    target: str
    use: str
    aspect: str
    path: tuple[str, ...]
    active: RollSide
    defence: RollSide | None = None
    difficulty: int = 0
    spent: tuple[tuple[str, str], ...] = ()
    """Boosts invoked on this roll, ``(id, words)``: they leave play at once,
    but the roll still shows what was added."""

    @property
    def opposition(self) -> int:
        return self.defence.total if self.defence is not None else self.difficulty

    @property
    def shifts(self) -> int:
        return self.active.total - self.opposition


@dataclass(frozen=True)
class Activation:
    """The unit or independent leader acting now, and what it has done."""

    actor: str
    player: int
    moved: bool = False
    actions: tuple[str, ...] = ()
    """Kinds taken: overcome, attack, advantage (never the same twice)."""
    extra: str | None = None
    """Where a second action came from: "leader" or "fate_point"."""
    leader_acted: bool = False
    """The attached leader has used (or given up) their own action."""
    attached: tuple[str, ...] = ()
    detached: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    """Pins the actor kept up (or made) this turn."""
    over: bool = False
    """An attack ends the turn: nothing more but ending it."""


@dataclass(frozen=True)
class FateState:
    rules: FateRuleset
    text: Literal["en", "de"]
    players: tuple[Player, ...]
    board: Board = field(default_factory=Board)
    stage: Stage = "muster"
    places: dict[str, Place] = field(default_factory=dict)
    aspects: tuple[Aspect, ...] = ()
    fate_points: tuple[int, ...] = ()
    bought: tuple[int, ...] = ()
    """Fate points bought with leftover build points during the battle."""
    placer: int | None = None
    """The player placing the next zone card."""
    order: tuple[int, ...] = ()
    """Players in initiative order."""
    initiative: tuple[tuple[int, int], ...] = ()
    """Per player: the Will roll's total and the Will it added."""
    turn: int = 0
    """Index into ``order`` of the player whose turn it is."""
    round: int = 1
    acted: frozenset[str] = frozenset()
    activation: Activation | None = None
    contest: Contest | None = None
    conceded: frozenset[int] = frozenset()
    counter: int = 0
    next_aspect: int = 1
    winner: int | None = None
    """The winning side, once the battle is over (None: nobody is left)."""
    notes: Notes = field(default_factory=Notes)
    consequences_taken: tuple[int, ...] = ()
    """Per player: consequences their units and leaders took in the battle
    (recovered ones too), for the award of a player who concedes."""

    # -- who is who ---------------------------------------------------------

    def unit(self, key: str) -> Unit | None:
        for player in self.players:
            for unit in player.units:
                if unit.key == key:
                    return unit
        return None

    def leader(self, key: str) -> Leader | None:
        for player in self.players:
            for leader in player.leaders:
                if leader.key == key:
                    return leader
        return None

    def owner(self, key: str) -> int:
        for index, player in enumerate(self.players):
            if any(card.key == key for card in player.cards):
                return index
        raise KeyError(key)

    def side_of(self, key: str) -> int:
        return self.players[self.owner(key)].side

    def name(self, key: str) -> str:
        card = self.unit(key) or self.leader(key)
        if card is not None:
            return card.name
        try:
            return self.board.zone(key).name
        except ValueError:
            return key

    def place(self, key: str) -> Place:
        return self.places.get(key, Place())

    def zone_of(self, key: str) -> str | None:
        """A unit's zone; an attached leader is where their unit is."""
        place = self.place(key)
        if place.attached is not None:
            return self.place(place.attached).zone
        return place.zone

    def leader_of(self, unit: str) -> str | None:
        for key, place in self.places.items():
            if place.attached == unit and not place.out:
                return key
        return None

    def units_in(self, zone: str) -> tuple[str, ...]:
        return tuple(
            u.key for p in self.players for u in p.units
            if self.place(u.key).zone == zone and not self.place(u.key).out
        )

    def leaders_in(self, zone: str) -> tuple[str, ...]:
        return tuple(
            ld.key for p in self.players for ld in p.leaders
            if not self.place(ld.key).out and self.zone_of(ld.key) == zone
        )

    def enemies_in(self, zone: str, side: int) -> tuple[str, ...]:
        return tuple(k for k in self.units_in(zone) if self.side_of(k) != side)

    def allies_in(self, zone: str, side: int) -> tuple[str, ...]:
        return tuple(k for k in self.units_in(zone) if self.side_of(k) == side)

    def active_units(self, player: int) -> tuple[str, ...]:
        if player in self.conceded:
            return ()
        return tuple(u.key for u in self.players[player].units if not self.place(u.key).out)

    def standing_leaders(self, player: int) -> tuple[str, ...]:
        if player in self.conceded:
            return ()
        return tuple(ld.key for ld in self.players[player].leaders if not self.place(ld.key).out)

    def actors(self, player: int) -> tuple[str, ...]:
        """What the player can activate: units, and leaders not attached."""
        independent = tuple(k for k in self.standing_leaders(player) if self.place(k).attached is None)
        return self.active_units(player) + independent

    def waiting(self, player: int) -> tuple[str, ...]:
        """Actors that have not acted yet this round."""
        return tuple(k for k in self.actors(player) if k not in self.acted)

    @property
    def current_player(self) -> int | None:
        if self.stage != "battle" or not self.order:
            return None
        return self.order[self.turn]

    # -- aspects --------------------------------------------------------------

    def aspect(self, aspect_id: str) -> Aspect | None:
        for aspect in self.aspects:
            if aspect.id == aspect_id:
                return aspect
        return None

    def aspects_on(self, key: str, *, hidden: bool | None = False) -> tuple[Aspect, ...]:
        return tuple(a for a in self.aspects if a.on == key and (hidden is None or a.hidden == hidden))

    def consequences_of(self, key: str) -> tuple[Aspect, ...]:
        return tuple(a for a in self.aspects if a.on == key and a.kind == "consequence")

    def free_slots(self, key: str) -> tuple[str, ...]:
        """Consequence slots a unit or leader has not filled."""
        unit = self.unit(key)
        slots = self.rules.quality(unit.quality).consequences if unit is not None else self.rules.leaders.consequences
        taken = [a.slot for a in self.consequences_of(key)]
        free: list[str] = []
        for slot in slots:
            if slot in taken:
                taken.remove(slot)
            else:
                free.append(slot)
        return tuple(free)

    def hindering(self, zone: str, *, hidden: bool = False) -> int:
        return sum(1 for a in self.aspects_on(zone, hidden=None) if a.hinders and (hidden or not a.hidden))

    # -- ratings ----------------------------------------------------------------

    def rating(self, key: str, skill: str) -> tuple[int, tuple[tuple[str, int], ...]]:
        """The skill's rating and the named bonuses that go with it (an attached
        leader's +1 to skills rated below their Will)."""
        unit = self.unit(key)
        if unit is None:
            leader = self.leader(key)
            return (leader.rating(skill) if leader else 0), ()
        base = unit.skills.get(skill, 0)
        leader_key = self.leader_of(key)
        if leader_key is not None:
            leader = self.leader(leader_key)
            will = leader.rating(self.rules.leaders.bonus_skill) if leader else 0
            if base < will:
                return base, ((f"leader:{leader_key}", self.rules.leaders.skill_bonus),)
        return base, ()

    def total(self, key: str, skill: str) -> int:
        """The rating a roll adds: the skill with its bonuses."""
        base, bonuses = self.rating(key, skill)
        return base + sum(bonus for _, bonus in bonuses)

    def with_note(self, key: str, **params: object) -> "FateState":
        return replace(self, notes=self.notes.add(Note(key, tuple(params.items()))))


def start(rules: FateRuleset, players: tuple[Player, ...], board: Board, text: Literal["en", "de"]) -> FateState:
    return FateState(rules=rules, text=text, players=players, board=board, fate_points=tuple(p.fate_points for p in players), bought=tuple(0 for _ in players))


__all__ = ["Activation", "Aspect", "Contest", "FateState", "Note", "Notes", "Place", "RollSide", "Stage", "start"]
