"""A Second World conflict at one moment: immutable records that
``play.apply`` replaces, never changes.

The scene comes first (sides, characters, the zone map with its edges,
aspects and situations, where everyone stands); then the conflict: the
turn order and round, whose turn it is and what they have done with it,
each fighter's zone, stress, consequences and fate points, and the roll on
the table. ``notes`` is the conflict's story, as catalog keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tui.core.maps.zones import Board
from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.notes import Note, Notes
from tui.core.secrets import mentioned, unused_key, with_marks
from tui.core.systems.second_world import fixes
from tui.core.systems.second_world.forces import Character
from tui.core.systems.second_world.rules import SecondWorldRuleset

Stage = Literal["scene", "conflict", "ended"]
OrderKind = Literal["swivel", "captain"]


@dataclass(frozen=True)
class ZoneInfo:
    """What is written on a zone besides its name."""

    aspects: tuple[str, ...] = ()
    situations: tuple[str, ...] = ()
    """Situational aspect keys (``cluttered``, ``claustrophobic``)."""
    slots: tuple[int, ...] = ()
    """Each aspect's slot, its identity: an edit keeps it, so what the GM
    hid stays hidden whatever it comes to say (``scene.zone_aspects``)."""


def character_item(key: str) -> str:
    return f"character:{key}"


def aspect_item(zone: str, slot: int) -> str:
    return f"aspect_slot:{zone}:{slot}"


def situation_item(zone: str, key: str) -> str:
    return f"situation:{zone}:{key}"


def made_item(aspect_id: str) -> str:
    """An aspect put in play during the conflict (an advantage, a boost)."""
    return f"made:{aspect_id}"


@dataclass(frozen=True)
class Fighter:
    """A character in the conflict."""

    zone: str | None = None
    fate_points: int = 0
    members_out: int = 0
    """A nameless group: members taken out so far."""
    out: bool = False
    conceded: bool = False
    casting: int = 0
    """Turns spent casting the spell under way (0: none)."""
    stress: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Checked boxes per track (a nameless group: the member in front's)."""
    consequences: tuple[tuple[str, str], ...] = ()
    """Consequence slots filled, with the aspect written in each."""
    full_defence: bool = False
    """Gave up the action to defend: +2 to every defence until the next turn."""

    def checked(self, track: str) -> tuple[int, ...]:
        return dict(self.stress).get(track, ())


@dataclass(frozen=True)
class Turn:
    """The turn under way: who, and what they have used of it."""

    actor: str | None = None
    free_move: bool = False
    """The free move is taken (a zone moved, or a cost eroded): -1 to Shoot."""
    acted: bool = False
    """The turn's action is taken (a move action, one of the four, casting)."""


@dataclass(frozen=True)
class Aspect:
    """An aspect put in play during the conflict, on a zone or a character."""

    id: str
    text: str
    on: str
    """A zone's key or a character's key."""
    kind: Literal["advantage", "boost", "consequence"]
    free: int = 0
    """Free invokes left; a boost is gone once invoked."""
    holder: int | None = None
    """The side holding the free invokes."""


@dataclass(frozen=True)
class RollSide:
    """One side of a roll: who rolls which skill, the dice, what was added."""

    key: str
    skill: str
    base: int
    """The skill's rating with what the rules add or take (teamwork, -1 to Shoot)."""
    faces: tuple[int, ...]
    bonus: int = 0
    """From invokes (+2 each)."""
    invoked: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.faces) + self.base + self.bonus


RollAction = Literal["move", "attack", "overcome", "advantage"]


@dataclass(frozen=True)
class PendingRoll:
    """A roll on the table, waiting for invokes and then its resolution."""

    action: RollAction
    actor: RollSide
    defence: RollSide | None = None
    """The target's active defence (an attack, an advantage against someone)."""
    difficulty: int = 0
    """Passive opposition when no one defends."""
    target: str | None = None
    zone: str | None = None
    """An advantage made on a zone."""
    aspect: str = ""
    """The aspect an advantage would create."""

    @property
    def opposition(self) -> int:
        return self.defence.total if self.defence is not None else self.difficulty

    @property
    def shifts(self) -> int:
        return self.actor.total - self.opposition

    def side_of(self, key: str) -> RollSide | None:
        if self.actor.key == key:
            return self.actor
        if self.defence is not None and self.defence.key == key:
            return self.defence
        return None


@dataclass(frozen=True)
class Hit:
    """A successful attack waiting for its target to absorb it or be taken out."""

    target: str
    by: str
    shifts: int
    track: str


@dataclass(frozen=True)
class SWState:
    rules: SecondWorldRuleset
    stage: Stage = "scene"
    sides: tuple[str, ...] = ()
    characters: tuple[Character, ...] = ()
    board: Board = field(default_factory=Board)
    zones: tuple[tuple[str, ZoneInfo], ...] = ()
    deployed: tuple[tuple[str, str], ...] = ()
    """Where each character starts (key → zone), set in the scene."""
    fighters: tuple[tuple[str, Fighter], ...] = ()
    order_kind: OrderKind | None = None
    order: tuple[str, ...] = ()
    """"Head on a Swivel": character keys, first to act first. "Captain
    Takes Point": side indexes as text, in turn."""
    ambush: int | None = None
    round: int = 0
    """0 is the ambushers' surprise round; the first full round is 1."""
    acted: tuple[str, ...] = ()
    """Who has had their turn this round."""
    turn: Turn = field(default_factory=Turn)
    pending: PendingRoll | None = None
    hit: Hit | None = None
    aspects: tuple[Aspect, ...] = ()
    made: int = 0
    """Aspects made so far: the next one's id."""
    slots_made: int = 0
    """Zone aspect slots made so far: the next one's number."""
    counter: int = 0
    """Rolls made so far: the next one's random stream."""
    notes: Notes = field(default_factory=Notes)
    hidden: tuple[str, ...] = ()
    """What the GM keeps from the players' view (``public.hidden_item``)."""
    gm_pool: int = 0
    """The GM's fate points for the NPCs this scene (Fate Core: one per PC)."""
    owed: tuple[tuple[str, int], ...] = ()
    """Fate points hostile invokes paid to characters, theirs when the scene ends."""
    mended: frozenset[str] = fixes.ALL
    """The rule fixes in effect (``fixes``): all of them, but while a save's
    steps played before a fix replay."""

    # -- who -------------------------------------------------------------------

    def character(self, key: str) -> Character:
        for character in self.characters:
            if character.key == key:
                return character
        raise RuleViolation(t("sw.rule.no_character", key=key))

    def fighter(self, key: str) -> Fighter:
        self.character(key)
        return dict(self.fighters).get(key, Fighter())

    def zone_info(self, key: str) -> ZoneInfo:
        return dict(self.zones).get(key, ZoneInfo())

    def zone_of(self, key: str) -> str | None:
        if self.stage == "scene":
            return dict(self.deployed).get(key)
        return self.fighter(key).zone

    def in_play(self, key: str) -> bool:
        fighter = self.fighter(key)
        return not (fighter.out or fighter.conceded)

    def withdrawn(self, key: str) -> bool:
        """Five zones or more (the ruleset's ``zones.withdrawn_at``) from every
        opponent still in the conflict, counted by the shortest walk that
        ignores closed edges (or cut off from them all): withdrawn."""
        here = self.zone_of(key)
        side = self.character(key).side
        limit = self.rules.zones.withdrawn_at
        opponents = False
        for other in self.characters:
            if other.side == side or not self.in_play(other.key):
                continue
            opponents = True
            there = self.zone_of(other.key)
            distance = self.board.distance(here, there) if here is not None and there is not None else None
            if distance is not None and distance < limit:
                return False
        return opponents  # with no opponent left there is nobody to withdraw from

    def away(self, key: str) -> bool:
        """Withdrawn from the conflict under way: it takes no turns and can't
        be targeted until an opponent comes close again (RULES-NOTES, settled
        after the first audit; the earlier reading only labelled it)."""
        return self.stage == "conflict" and fixes.WITHDRAWN in self.mended and self.in_play(key) and self.withdrawn(key)

    def sides_left(self) -> set[int]:
        """The sides still in the conflict: with a character neither out,
        conceded nor withdrawn."""
        return {c.side for c in self.characters if self.in_play(c.key) and not self.away(c.key)}

    def side_in_turn(self) -> int | None:
        """"Captain Takes Point": the side whose turn it is; None otherwise."""
        if self.order_kind != "captain" or self.stage != "conflict":
            return None
        for side in self.order:
            if any(self._may_act(c) for c in self.characters if c.side == int(side)):
                return int(side)
        return None

    def next_up(self) -> str | None:
        """"Head on a Swivel": the next to act this round; None otherwise."""
        if self.order_kind != "swivel" or self.stage != "conflict":
            return None
        return next((key for key in self.order if self._may_act(self.character(key))), None)

    def may_begin(self, key: str) -> bool:
        character = self.character(key)
        if self.turn.actor is not None or not self._may_act(character):
            return False
        if self.order_kind == "swivel":
            return self.next_up() == key
        return self.side_in_turn() == character.side

    def _may_act(self, character: Character) -> bool:
        if character.key in self.acted or not self.in_play(character.key) or self.away(character.key):
            return False
        return self.round != 0 or character.side == self.ambush

    # -- changes ------------------------------------------------------------------

    def with_fighter(self, key: str, fighter: Fighter) -> "SWState":
        kept = tuple(pair for pair in self.fighters if pair[0] != key)
        return replace(self, fighters=(*kept, (key, fighter)))

    def with_zone_info(self, key: str, info: ZoneInfo) -> "SWState":
        kept = tuple(pair for pair in self.zones if pair[0] != key)
        return replace(self, zones=(*kept, (key, info)) if info != ZoneInfo() else kept)

    def aspect(self, aspect_id: str) -> Aspect | None:
        return next((a for a in self.aspects if a.id == aspect_id), None)

    def with_aspect(self, text: str, on: str, kind: Literal["advantage", "boost", "consequence"], free: int = 0, holder: int | None = None) -> "SWState":
        """The aspect put in play, hidden from the start when it lies on a
        hidden character, or on a zone in a hidden character's turn: what
        the players can't see done stays unseen until the GM shows it (one
        on a character they see, they feel)."""
        made = Aspect(id=f"a{self.made + 1}", text=text, on=on, kind=kind, free=free, holder=holder)
        unseen = self.turn.actor is not None and character_item(self.turn.actor) in self.hidden and on in {z.key for z in self.board.zones}
        hidden = with_marks(self.hidden, made_item(made.id)) if unseen or character_item(on) in self.hidden else self.hidden
        return replace(self, aspects=(*self.aspects, made), made=self.made + 1, hidden=hidden)

    def next_character_key(self) -> str:
        """``c1``, ``c2`` ...: the first key no character of this conflict has had."""
        return unused_key("c", "character", [c.key for c in self.characters], self.hidden, self.notes)

    def named(self) -> list[tuple[str, str]]:
        """Every hideable identity with its name now: the characters, the
        aspects put in play and the zones' aspects."""
        found = [(character_item(c.key), c.name) for c in self.characters]
        found += [(made_item(a.id), a.text) for a in self.aspects]
        for zone, info in self.zones:
            found += [(aspect_item(zone, slot), text) for slot, text in zip(info.slots, info.aspects)]
        return found

    def with_note(self, key: str, about: tuple[str, ...] = (), /, **params: object) -> "SWState":
        """The story with one more line; it tells of ``about`` and of whatever it names."""
        items = tuple(params.items())
        told = mentioned(items, self.named()) | frozenset(about)
        return replace(self, notes=self.notes.add(Note(key, items, told)))


__all__ = ["Aspect", "Fighter", "aspect_item", "character_item", "made_item", "situation_item", "Hit", "OrderKind", "PendingRoll", "RollAction", "RollSide", "SWState", "Stage", "Turn", "ZoneInfo"]
