"""Everything that happens in a Second World conflict, as saved records.

An event says what the GM or a player chose and, for rolls, the faces the
dice showed, so a conflict replays exactly. ``play.apply`` checks each
against the rules and refuses, changing nothing, what they do not allow.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, SerializerFunctionWrapHandler, field_validator, model_serializer

from tui.core.dice.quick import QuickRoll
from tui.core.secrets import Hide
from tui.core.maps.zones import Zone
from tui.core.maps.edges import EdgeFields
from tui.core.records import Record, check_name
from tui.core.systems.second_world.forces import Character, Key, SideIndex, SkillKey

Face = Literal[-1, 0, 1]
Counter = Annotated[int, Field(ge=0)]
ZoneKey = Annotated[str, Field(min_length=1, max_length=16)]
CostName = Literal["open", "traverse", "close"]


def _texts(value: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(v) for v in value)


# -- the scene: sides, characters, the map ---------------------------------------


class SetSides(Record):
    """The sides' names (two or more), in the order the GM lists them."""

    kind: Literal["set_sides"] = "set_sides"
    names: Annotated[tuple[str, ...], Field(min_length=2, max_length=8)]

    _names = field_validator("names")(_texts)


class SetCharacter(Record):
    """Add a character, or replace the one with the same key."""

    kind: Literal["set_character"] = "set_character"
    character: Character
    hidden: Literal[True] | None = None
    """Hidden from the players' view in the same step."""


class RemoveCharacter(Record):
    kind: Literal["remove_character"] = "remove_character"
    key: Key


class PlaceZone(Record):
    kind: Literal["place_zone"] = "place_zone"
    zone: Zone


class RemoveZone(Record):
    kind: Literal["remove_zone"] = "remove_zone"
    key: ZoneKey


class RenameZone(Record):
    kind: Literal["rename_zone"] = "rename_zone"
    key: ZoneKey
    name: str


class ZoneAspects(Record):
    """A zone's aspects, written on it (``Squeaky Floorboards``), all at once."""

    kind: Literal["zone_aspects"] = "zone_aspects"
    zone: ZoneKey
    aspects: Annotated[tuple[str, ...], Field(max_length=7)] = ()
    hidden: Annotated[tuple[Annotated[int, Field(ge=0, le=6)], ...], Field(min_length=1, max_length=7)] | None = None
    """The aspects (by place in ``aspects``) hidden from the players' view in the same step."""

    _aspects = field_validator("aspects")(_texts)


class Situation(Record):
    """Set or clear a situational aspect on a zone (``cluttered``)."""

    kind: Literal["situation"] = "situation"
    zone: ZoneKey
    situation: SkillKey
    on: bool = True


class SetEdge(EdgeFields):
    """Put an edge between two touching zones, or replace the one there
    (wear and all: a GM's ruling may set how far a cost is worn)."""

    kind: Literal["set_edge"] = "set_edge"
    a: ZoneKey
    b: ZoneKey

    @model_serializer(mode="wrap")
    def _kind_first(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        # Saved logs name a step's kind first, as every other step does.
        data: dict[str, object] = handler(self)
        return {"kind": data.pop("kind"), **data} if "kind" in data else data


class RemoveEdge(Record):
    kind: Literal["remove_edge"] = "remove_edge"
    a: ZoneKey
    b: ZoneKey


class Deploy(Record):
    """Where a character stands when the conflict starts."""

    kind: Literal["deploy"] = "deploy"
    key: Key
    zone: ZoneKey


# -- the turn order --------------------------------------------------------------


class StartConflict(Record):
    """The scene is set: the turn order is decided and the first round begins.

    "Head on a Swivel" (``swivel``): everyone rolls Notice (``faces``, one
    set per character in sheet order), highest first, ties by Notice, then
    Athletics, then a coin (``coins``, one per character). "Captain Takes
    Point" (``captain``): sides act in turn, the side that surprised the
    other first, else the coin's (``first_side``). An ``ambush`` side gets a
    surprise round in either order."""

    kind: Literal["start_conflict"] = "start_conflict"
    counter: Counter
    order: Literal["swivel", "captain"]
    ambush: SideIndex | None = None
    first_side: SideIndex = 0
    faces: tuple[tuple[Face, ...], ...] = ()
    coins: tuple[Annotated[int, Field(ge=0, le=1_000_000)], ...] = ()
    table: tuple[Annotated[int, Field(ge=0)], ...] | None = None
    """The characters (by their place in the cast) whose Notice was rolled at the table and typed in."""


class BeginTurn(Record):
    """A character takes their turn (in "Captain Takes Point", anyone on the
    side whose turn it is; in "Head on a Swivel", the next in order)."""

    kind: Literal["begin_turn"] = "begin_turn"
    key: Key


class EndTurn(Record):
    kind: Literal["end_turn"] = "end_turn"


# -- moving -------------------------------------------------------------------------


class FreeMove(Record):
    """The turn's free move: one zone through a passage with nothing to pay."""

    kind: Literal["free_move"] = "free_move"
    key: Key
    to: ZoneKey


class Erode(Record):
    """The free move spent wearing one of an edge's costs down instead."""

    kind: Literal["erode"] = "erode"
    key: Key
    a: ZoneKey
    b: ZoneKey
    cost: CostName


class MoveStep(Record):
    """One step of a move action's plan: cross into a zone (opening the
    edge on the way if it is closed), or open or close an edge of the zone
    the character stands in."""

    do: Literal["cross", "open", "close"]
    to: ZoneKey
    """The zone crossed into, or the zone on the edge's far side."""


class MoveRoll(Record):
    """The move action's Athletics roll against difficulty 0."""

    kind: Literal["move_roll"] = "move_roll"
    counter: Counter
    key: Key
    faces: tuple[Face, ...]
    table: bool | None = None
    """Rolled at the table and typed in."""


class MoveResolve(Record):
    """The shifts of the rolled move action spent along ``steps``, in order;
    where they run out part-way, what they paid stays as wear."""

    kind: Literal["move_resolve"] = "move_resolve"
    steps: Annotated[tuple[MoveStep, ...], Field(max_length=12)]


class Invoke(Record):
    """An aspect invoked on the roll on the table: +2, or a reroll (``faces``)."""

    kind: Literal["invoke"] = "invoke"
    counter: Counter
    aspect: str
    by: Key | None = None
    """Who invokes: the roller (None) or the one defending against the roll."""
    free: bool = False
    reroll: bool = False
    faces: tuple[Face, ...] = ()
    table: bool | None = None
    """The reroll was rolled at the table and typed in."""

    _aspect = field_validator("aspect")(check_name)


# -- the four actions ---------------------------------------------------------------


class ActionRoll(Record):
    """One of the four actions, rolled: an attack on a ``target`` (who
    defends with ``defence_skill``, rolling ``defence_faces``), overcoming
    an obstacle (against ``difficulty``, or a target's defence), or creating
    an advantage (``aspect``, on a ``zone`` against ``difficulty`` or on a
    ``target`` who defends)."""

    kind: Literal["action_roll"] = "action_roll"
    counter: Counter
    key: Key
    action: Literal["attack", "overcome", "advantage"]
    skill: SkillKey
    faces: tuple[Face, ...]
    target: Key | None = None
    defence_skill: SkillKey | None = None
    defence_faces: tuple[Face, ...] = ()
    table: tuple[Literal["faces", "defence_faces"], ...] | None = None
    """Which of the two were rolled at the table and typed in."""
    difficulty: Annotated[int, Field(ge=-4, le=20)] = 0
    zone: ZoneKey | None = None
    aspect: str = ""

    @field_validator("aspect")
    @classmethod
    def _aspect(cls, value: str) -> str:
        return check_name(value) if value else value


class Resolve(Record):
    """The roll on the table is final: its outcome takes effect. ``boost``
    names the boost a tie (or a defence with style) gives; ``style_boost``:
    a hit with style taken one shift smaller for a boost."""

    kind: Literal["resolve"] = "resolve"
    boost: str = ""
    style_boost: bool = False
    choice: Literal["", "fail", "cost", "opposition_boost", "no_aspect", "aspect_to_opposition"] = ""
    """Fate Core's choice where an overcome or a created advantage leaves
    one (RULES-NOTES): an overcome failed ("fail", or success at a serious
    "cost"), tied (success at a minor "cost", or an "opposition_boost");
    an advantage failed ("no_aspect", or "aspect_to_opposition": made,
    its free invoke theirs). Empty: as saves before the choice played."""
    cost: str = ""
    """The cost an overcome succeeded at, in the GM's words (may be empty)."""

    @field_validator("boost", "cost")
    @classmethod
    def _boost(cls, value: str) -> str:
        return check_name(value) if value else value


class TakenConsequence(Record):
    slot: SkillKey
    aspect: str

    _aspect = field_validator("aspect")(check_name)


class Absorb(Record):
    """The target of a hit absorbs it: one stress box (its number at least
    the shifts the consequences leave) and consequences."""

    kind: Literal["absorb"] = "absorb"
    box: Annotated[int, Field(ge=1, le=20)] | None = None
    consequences: Annotated[tuple[TakenConsequence, ...], Field(max_length=4)] = ()


class TakeOut(Record):
    """The target of a hit is taken out (they can't, or won't, absorb it)."""

    kind: Literal["take_out"] = "take_out"


class FullDefence(Record):
    """The turn's action given up to defend: +2 to every defence until the next turn."""

    kind: Literal["full_defence"] = "full_defence"
    key: Key


class Concede(Record):
    """A character concedes the conflict before a roll: out, on their terms."""

    kind: Literal["concede"] = "concede"
    key: Key


class Casting(Record):
    """The turn's action is casting a spell (or going on casting one): the
    text gives no spell rules, so this is a note on the character."""

    kind: Literal["casting"] = "casting"
    key: Key
    stop: bool = False


SecondWorldEvent = Annotated[
    Union[
        SetSides, SetCharacter, RemoveCharacter, PlaceZone, RemoveZone, RenameZone, ZoneAspects, Situation, SetEdge, RemoveEdge, Deploy,
        StartConflict, BeginTurn, EndTurn, FreeMove, Erode, MoveRoll, MoveResolve, Invoke, Casting,
        ActionRoll, Resolve, Absorb, TakeOut, FullDefence, Concede, QuickRoll, Hide,
    ],
    Field(discriminator="kind"),
]


__all__ = [
    "Absorb", "ActionRoll", "Concede", "FullDefence", "Resolve", "TakeOut", "TakenConsequence",
    "BeginTurn", "Casting", "Hide", "Deploy", "EndTurn", "Erode", "Face", "FreeMove", "Invoke", "MoveResolve", "MoveRoll", "MoveStep",
    "PlaceZone", "RemoveCharacter", "RemoveEdge", "RemoveZone", "RenameZone", "SecondWorldEvent", "SetCharacter", "SetEdge",
    "SetSides", "Situation", "StartConflict", "ZoneAspects",
]
