"""Everything that happens in a This Means War battle, as saved records.

An event says what a player chose and, for rolls, the faces the dice
showed, so a battle replays exactly. ``play.apply`` checks each against
the rules and refuses, changing nothing, what they do not allow.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_serializer, field_validator

from tui.core.maps.zones import Zone
from tui.core.dice.quick import QuickRoll
from tui.core.records import Record
from tui.core.records import check_name
from tui.core.systems.fate.forces import Key, Player, Unit

PlayerIndex = Annotated[int, Field(ge=0, le=15)]
Face = Literal[-1, 0, 1]
Counter = Annotated[int, Field(ge=0)]
Difficulty = Annotated[int, Field(ge=-4, le=20)]
SkillKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


def _texts(value: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(check_name(v) for v in value)


# -- the muster ---------------------------------------------------------------


class SetPlayer(Record):
    """Replace one player's muster (the army builder's every change)."""

    kind: Literal["set_player"] = "set_player"
    index: PlayerIndex
    player: Player


class AddPlayer(Record):
    kind: Literal["add_player"] = "add_player"
    player: Player


class RemovePlayer(Record):
    kind: Literal["remove_player"] = "remove_player"
    index: PlayerIndex


class SetText(Record):
    """Which text the battle follows where the English and German differ."""

    kind: Literal["set_text"] = "set_text"
    text: Literal["en", "de"]


class SetVariants(Record):
    """The text's attack variants for this battle, both set at once: every
    attack with Shoot ("as is typical in a dogfight"), and one skill alone
    defending against Shoot ("maybe the only defense against Shoot is Will").
    The battle's rules become the ruleset with them; all off: as written."""

    kind: Literal["set_variants"] = "set_variants"
    shoot_only: bool = False
    shoot_defence_skill: SkillKey | None = None
    """The skill that alone defends against Shoot (``will``); None: as usual."""


class StartBattlefield(Record):
    """The muster is done: players take turns placing zone cards."""

    kind: Literal["start_battlefield"] = "start_battlefield"


# -- the battlefield ------------------------------------------------------------


class PlaceZone(Record):
    """A player lays a zone card next to one already placed."""

    kind: Literal["place_zone"] = "place_zone"
    player: PlayerIndex
    zone: Zone


class ZoneAspect(Record):
    """An aspect written on a zone card before the battle: the GM's terrain
    (visible, no player) or a player's hidden aspect bought for a fate point."""

    kind: Literal["zone_aspect"] = "zone_aspect"
    zone: Key
    text: str
    hinders: bool = False
    """It hinders movement: entering takes an overcome (+2 difficulty each)."""
    player: PlayerIndex | None = None
    """Set: the player pays a fate point and the card goes face down."""

    _check_text = field_validator("text")(check_name)


class FinishBattlefield(Record):
    kind: Literal["finish_battlefield"] = "finish_battlefield"


class Deploy(Record):
    """Put a unit, or a leader acting alone, in a zone before the battle."""

    kind: Literal["deploy"] = "deploy"
    card: Key
    zone: Key


class StartBattle(Record):
    """Each player's chosen leader rolls Will: the order of play."""

    kind: Literal["start_battle"] = "start_battle"
    counter: Counter
    leaders: tuple[Key | None, ...]
    """Per player, the leader who rolls (None: a player with no leader rolls at Mediocre)."""
    faces: tuple[tuple[Face, ...], ...]
    table: tuple[PlayerIndex, ...] | None = None
    """The players whose leader's dice were rolled at the table and typed in."""

    # TOML has no null, so a leaderless player is written as "" and read back as None.
    @field_validator("leaders", mode="before")
    @classmethod
    def _read_no_leader(cls, value: object) -> object:
        if isinstance(value, (list, tuple)):
            return tuple(None if v == "" else v for v in value)
        return value

    @field_serializer("leaders")
    def _write_no_leader(self, leaders: tuple[str | None, ...]) -> tuple[str, ...]:
        return tuple("" if key is None else key for key in leaders)


# -- a turn -------------------------------------------------------------------


class Activate(Record):
    """The player whose turn it is picks a unit or an independent leader."""

    kind: Literal["activate"] = "activate"
    actor: Key


class Move(Record):
    """The free move: one zone, into no obstacle."""

    kind: Literal["move"] = "move"
    to: Key


class SecondAction(Record):
    """A unit's second action: its leader gives up theirs, or a fate point."""

    kind: Literal["second_action"] = "second_action"
    source: Literal["leader", "fate_point"]


class Attach(Record):
    kind: Literal["attach"] = "attach"
    leader: Key
    unit: Key


class Detach(Record):
    kind: Literal["detach"] = "detach"
    leader: Key


ActionKind = Literal[
    "enter",  # overcome: into a zone with an obstacle or an enemy
    "dash",  # overcome: one or two extra obstacle-free zones
    "break_pin",  # overcome: leave a zone while Pinned Down
    "attack",
    "advantage",
    "leader_attack",
    "recover",  # an attached leader removes one of the unit's consequences
    "rally",  # an attached leader gives the unit a boost (rolled when it has consequences)
]


class Roll(Record):
    """An action that rolls: the roller's faces and, against active
    opposition, the defender's (a defend action)."""

    kind: Literal["roll"] = "roll"
    counter: Counter
    action: ActionKind
    by: Key
    """The unit or leader acting (a leader's own action: the leader)."""
    skill: str
    target: str = ""
    """A unit, leader, zone or consequence aspect, as the action needs."""
    use: Annotated[str, Field(pattern=r"^(?:[a-z][a-z0-9_]*)?$", max_length=40)] = ""
    """Create an advantage: a key of the ruleset's uses (ambush, intimidate,
    pinned_down, scouting), or '' (other); an unknown key is refused by the rules."""
    aspect: str = ""
    """The aspect the action means to create (an advantage, a boost)."""
    path: tuple[Key, ...] = ()
    """Enter: the zone; dash: one or two zones in order."""
    difficulty: Difficulty | None = None
    """Passive opposition; None when a defender rolls."""
    defender: Key | None = None
    defence_skill: str | None = None
    faces: tuple[Face, ...]
    defence_faces: tuple[Face, ...] = ()
    table: tuple[Literal["faces", "defence_faces"], ...] | None = None
    """Which of the two were rolled at the table and typed in (the rest the app rolled)."""

    @field_validator("aspect")
    @classmethod
    def _aspect(cls, value: str) -> str:
        return check_name(value) if value else value


class Invoke(Record):
    """+2 or a reroll from an aspect, paid with a fate point or a free invoke."""

    kind: Literal["invoke"] = "invoke"
    counter: Counter
    roll: Literal["action", "defence"]
    aspect: str
    """The aspect's id (``state.aspects``)."""
    reroll: bool = False
    free: bool = False
    faces: tuple[Face, ...] = ()
    """The reroll's faces."""
    table: bool | None = None
    """The reroll was rolled at the table and typed in."""


class Resolve(Record):
    """Apply the roll's outcome. For a hit, the defender's consequences
    (one name per slot used) or taken out."""

    kind: Literal["resolve"] = "resolve"
    absorb: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    taken_out: bool = False
    distance: Annotated[int, Field(ge=0, le=2)] | None = None
    """A dash with style: 2 zones (forgo the boost), else 1."""
    boost: bool = False
    """An attack with style: one shift fewer, and a boost for the attacker."""
    at_cost: bool = False
    """A failed overcome or advantage carried off at a serious cost."""
    defence_boost: bool = False
    """The defender, having defended with style, takes a boost. Recorded
    rather than implied so that battles saved before this rule replay as
    they were played."""

    _check_names = field_validator("names")(_texts)


class Advantage(Record):
    """An action that needs no roll: Surrounded, a leader's boost with no
    consequence on the unit, or keeping an enemy Pinned Down."""

    kind: Literal["advantage"] = "advantage"
    action: Literal["surround", "rally", "maintain"]
    by: Key
    target: str = ""
    aspect: str = ""


class EndActivation(Record):
    kind: Literal["end_activation"] = "end_activation"


# -- any time -------------------------------------------------------------------


class Concede(Record):
    kind: Literal["concede"] = "concede"
    player: PlayerIndex


class Reinforce(Record):
    """Leftover build points buy a new unit, brought on in ``zone`` as the
    acting card's action (RULES-NOTES, settled after the second audit)."""

    kind: Literal["reinforce"] = "reinforce"
    unit: Unit
    zone: Key


class BuyFatePoint(Record):
    """Spend leftover build points on a fate point during the battle."""

    kind: Literal["buy_fate_point"] = "buy_fate_point"
    player: PlayerIndex


class FatePoints(Record):
    """The GM gives or takes fate points (a compel, a concession's reward)."""

    kind: Literal["fate_points"] = "fate_points"
    player: PlayerIndex
    change: Annotated[int, Field(ge=-99, le=99)]


class DefeatLeader(Record):
    """A leader defeated outside a roll: surrendered, persuaded, switched sides."""

    kind: Literal["defeat_leader"] = "defeat_leader"
    leader: Key
    by: PlayerIndex


class RemoveAspect(Record):
    """The GM strikes an aspect from play (overcome, the fiction)."""

    kind: Literal["remove_aspect"] = "remove_aspect"
    aspect: str


FateEvent = Annotated[
    Union[
        SetPlayer,
        AddPlayer,
        RemovePlayer,
        SetText,
        SetVariants,
        StartBattlefield,
        PlaceZone,
        ZoneAspect,
        FinishBattlefield,
        Deploy,
        StartBattle,
        Activate,
        Move,
        SecondAction,
        Attach,
        Detach,
        Roll,
        Invoke,
        Resolve,
        Advantage,
        EndActivation,
        Concede,
        BuyFatePoint,
        Reinforce,
        FatePoints,
        DefeatLeader,
        RemoveAspect,
        QuickRoll,
    ],
    Field(discriminator="kind"),
]
