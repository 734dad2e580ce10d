"""Everything that happens in a Kingmaker battle, as saved records.

An event says what the GM chose and, for rolls, the faces the dice showed,
so a battle replays exactly. ``play.apply`` checks each against the rules
and refuses, changing nothing, what they do not allow.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from tui.core.dice.quick import QuickRoll
from tui.core.secrets import Hide
from tui.core.records import Record, check_name
from tui.core.systems.kingmaker.forces import Army, Key, RowKey, SideIndex
from tui.core.systems.kingmaker.mat import Facing

Face = Annotated[int, Field(ge=1, le=100)]
Counter = Annotated[int, Field(ge=0)]
Coord = Annotated[int, Field(ge=0, le=99)]
Span = Annotated[int, Field(ge=1, le=100)]
Rounds = Annotated[tuple[tuple[Face, ...], ...], Field(max_length=50)]
"""Opposed rolls, one face per side, again while the best are tied."""
Step = Literal["forward", "left", "right", "turn_left", "turn_right"]
"""``left``/``right``: the forward diagonals."""
Command = Literal["hustle", "charge", "about_face", "withdraw"]
Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
AttackKind = Literal["ranged", "melee", "free_hack", "parting_shot"]


# -- the muster: sides, armies, the mat ---------------------------------------


class SetSides(Record):
    kind: Literal["set_sides"] = "set_sides"
    names: Annotated[tuple[str, ...], Field(min_length=2, max_length=8)]

    @field_validator("names")
    @classmethod
    def _names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_name(v) for v in value)


class SetArmy(Record):
    """Add an army, or replace the one with the same key (before it is placed)."""

    kind: Literal["set_army"] = "set_army"
    army: Army
    hidden: Literal[True] | None = None
    """Hidden from the players' view in the same step (an ambush mustered
    while they watch never shows for an instant)."""


class RemoveArmy(Record):
    kind: Literal["remove_army"] = "remove_army"
    key: Key


class SetMat(Record):
    kind: Literal["set_mat"] = "set_mat"
    width: Annotated[int, Field(ge=8, le=100)]
    height: Annotated[int, Field(ge=6, le=100)]


class PaintTerrain(Record):
    """A rectangle of the mat becomes one terrain (``open`` clears it)."""

    kind: Literal["paint"] = "paint"
    terrain: RowKey
    x: Coord
    y: Coord
    width: Span = 1
    height: Span = 1


class SetConditions(Record):
    """The battlefield conditions for the whole battle (``fog``, ``darkness``)."""

    kind: Literal["conditions"] = "conditions"
    keys: Annotated[tuple[RowKey, ...], Field(max_length=12)] = ()


# -- setup --------------------------------------------------------------------


class SetupRoll(Record):
    """The generals' opposed Profession (soldier) checks: the winner
    chooses which side sets up first."""

    kind: Literal["setup_roll"] = "setup_roll"
    counter: Counter
    rounds: Rounds
    table: bool | None = None
    """Dice of a side at the table were typed in."""


class FirstSide(Record):
    """The side the roll's winner sends first (to place, or to act this turn)."""

    kind: Literal["first_side"] = "first_side"
    side: SideIndex


class Ambush(Record):
    """An ambush at setup, before anyone places: every army of ``side`` has
    concealment (the GM's word), and its Offense is checked against each
    other army's Defense, one face per target in the order of the armies."""

    kind: Literal["ambush"] = "ambush"
    counter: Counter
    side: SideIndex
    faces: Annotated[tuple[Face, ...], Field(max_length=40)]
    table: bool | None = None
    """Dice of a side at the table were typed in."""


class Place(Record):
    kind: Literal["place"] = "place"
    key: Key
    x: Coord
    y: Coord
    facing: Facing
    formation: Annotated[str, Field(pattern=r"^[1-5]x[1-5]$")] | None = None
    """None: the size's first formation."""


# -- the turn -----------------------------------------------------------------


class Initiative(Record):
    """The generals' opposed Profession (soldier) checks at the start of a turn."""

    kind: Literal["initiative"] = "initiative"
    counter: Counter
    rounds: Rounds
    table: bool | None = None
    """Dice of a side at the table were typed in."""


class EndStep(Record):
    """The side acting in this phase is done; the next side acts, or the
    next phase begins (damage dealt in it lands first)."""

    kind: Literal["end_step"] = "end_step"


class SwitchTactic(Record):
    """A Morale check to change the unit's tactic (Withdraw needs none)."""

    kind: Literal["switch_tactic"] = "switch_tactic"
    counter: Counter
    key: Key
    tactic: RowKey
    face: Face | None = None
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""


class SetStrategy(Record):
    """The optional Strategy Track: a unit's step for this Melee phase. The
    first choice and a one-step change are free; more takes a Morale check."""

    kind: Literal["set_strategy"] = "set_strategy"
    counter: Counter
    key: Key
    step: RowKey
    face: Face | None = None
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""


class Rally(Record):
    """A fleeing unit's Morale check to stop fleeing."""

    kind: Literal["rally"] = "rally"
    counter: Counter
    key: Key
    face: Face
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""


class Order(Record):
    """A command to a unit: Hustle and Charge roll Morale against their DC,
    Withdraw against each enemy in contact (``opposing``, in the order of
    ``state.enemies_in_contact``), About Face rolls nothing. A Withdraw tied
    with an enemy of the same Morale modifier is rolled again (``again``:
    the enemy's place in ``opposing``, then the withdrawing unit's face and
    the enemy's, round by round until they differ)."""

    kind: Literal["order"] = "order"
    counter: Counter
    key: Key
    command: Command
    face: Face | None = None
    opposing: Annotated[tuple[Face, ...], Field(max_length=20)] = ()
    again: Annotated[tuple[tuple[Annotated[int, Field(ge=0, le=19)], Face, Face], ...], Field(max_length=200)] = ()
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""


class Hack(Record):
    """A free hack (or parting shot) rolled against a unit moving away."""

    by: Key
    face: Face


class Move(Record):
    """One step of a unit's movement; free hacks from the enemies it passes."""

    kind: Literal["move"] = "move"
    counter: Counter
    key: Key
    step: Step
    hacks: Annotated[tuple[Hack, ...], Field(max_length=20)] = ()


class Attack(Record):
    """Ranged or melee attacks of one unit at one target: one face per attack.
    ``ticks`` are the situational effects the GM rules apply (``tactic:dirty_fighters``)."""

    kind: Literal["attack"] = "attack"
    counter: Counter
    attacker: Key
    target: Key
    mode: Literal["ranged", "melee", "siege"]
    """``siege``: siege engines shooting in the Tactics phase, one attack per engine."""
    faces: Annotated[tuple[Face, ...], Field(min_length=1, max_length=40)]
    ticks: Annotated[tuple[Annotated[str, Field(max_length=60)], ...], Field(max_length=12)] = ()
    cover: bool = False
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""
    """The GM rules the target in cover (a forest square under it counts by itself)."""


class Heal(Record):
    """The army drinks its healing potions (the resource) or heals by Alchemy
    (the ability), in its side's step of the Ranged or Melee phase, instead
    of attacking that phase (Ultimate Campaign)."""

    kind: Literal["heal"] = "heal"
    key: Key
    source: Literal["healing_potions", "alchemy"] = "healing_potions"


class MoraleCheck(Record):
    """A unit's Morale check at a threshold (bloodied, decimated); a second
    face when a Hold the Line commander has it rolled again."""

    kind: Literal["morale_check"] = "morale_check"
    counter: Counter
    key: Key
    threshold: RowKey
    face: Face
    again: Face | None = None
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""
    hacks: Annotated[tuple[Hack, ...], Field(max_length=20)] = ()
    """Parting shots at a unit that routs, from each enemy in contact."""


class Press(Record):
    """Press: a Morale check (DC 15 in the Movement phase for a unit in
    contact, DC 13 in the Morale phase); on success the unit shifts one
    square per step, any direction (``n``, ``ne`` ...), up to one square
    plus one per 5 the DC is beaten by, ending in contact with an enemy."""

    kind: Literal["press"] = "press"
    counter: Counter
    key: Key
    face: Face
    steps: Annotated[tuple[Direction, ...], Field(max_length=10)] = ()
    table: bool | None = None
    """The acting unit's dice were rolled at the table and typed in."""


class Aftermath(Record):
    """The battle is over: d100 for the fate of each destroyed army's NPC commander."""

    kind: Literal["aftermath"] = "aftermath"
    counter: Counter
    fates: Annotated[tuple[tuple[Key, Annotated[int, Field(ge=1, le=100)]], ...], Field(max_length=40)] = ()


KingmakerEvent = Annotated[
    Union[
        SetSides, SetArmy, RemoveArmy, SetMat, PaintTerrain, SetConditions, SetupRoll, Ambush, FirstSide, Place,
        Initiative, EndStep, SwitchTactic, SetStrategy, Rally, Order, Move, Attack, Heal, MoraleCheck, Press, Aftermath,
        QuickRoll, Hide,
    ],
    Field(discriminator="kind"),
]

__all__ = [
    "Aftermath", "Ambush", "Attack", "Hide", "AttackKind", "Command", "Direction", "EndStep", "Face", "FirstSide", "Hack", "Heal", "Initiative",
    "KingmakerEvent", "MoraleCheck", "Move", "Order", "PaintTerrain", "Place", "Press", "Rally",
    "RemoveArmy", "SetArmy", "SetConditions", "SetMat", "SetSides", "SetStrategy", "SetupRoll", "Step", "SwitchTactic",
]
