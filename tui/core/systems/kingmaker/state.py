"""A Kingmaker battle at one moment: immutable records that ``play.apply``
replaces, never changes.

The muster comes first (sides, armies, the mat and its terrain, the
battlefield conditions), then setup (who places first, each unit's block
on the mat), then the turns: the phase, which side acts in it, and for
each unit its hp, the damage that lands at the end of the phase, its
morale state and what it has done this turn. ``notes`` is the story.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.notes import Note, Notes
from tui.core.secrets import mentioned, unused_key
from tui.core.systems.kingmaker import fixes
from tui.core.systems.kingmaker.derive import Derived, derive
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.mat import Block, Square, in_contact
from tui.core.systems.kingmaker.rules import KingmakerRuleset

Stage = Literal["muster", "setup", "battle", "over"]
Phase = Literal["tactics", "movement", "ranged", "melee", "morale"]
Standing = Literal["ready", "retreat", "flee", "rout", "defeated", "fled"]
"""``rout``: gone from the field at once; ``fled``: ran off the mat;
``defeated``: brought to 0 hp. The last three are out of the battle."""
OUT: tuple[Standing, ...] = ("rout", "defeated", "fled")


_DERIVED: dict[Army, tuple[KingmakerRuleset, Derived]] = {}


def derived(army: Army, rules: KingmakerRuleset) -> Derived:
    """``derive``, remembered: a replay asks for the same armies at every event."""
    found = _DERIVED.get(army)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_DERIVED) > 1024:
        _DERIVED.clear()
    result = derive(army, rules)
    _DERIVED[army] = (rules, result)
    return result


@dataclass(frozen=True)
class Unit:
    """An army on the mat and what has happened to it."""

    block: Block | None = None
    damage: int = 0
    pending: int = 0
    """Damage dealt this phase, landing when the phase ends."""
    standing: Standing = "ready"
    standing_turns: int = 0
    tactic: str = "standard"
    strategy: str = ""
    """Its step on the Strategy Track (the optional rule); "" until first chosen."""
    checked: tuple[str, ...] = ()
    """Morale thresholds it has checked against already."""
    used: tuple[str, ...] = ()
    """Once-a-battle things it has used (``tactic:dirty_fighters``)."""
    setback_phase: int | None = None
    drank_phase: int | None = None
    """The phase it healed in (potions, Alchemy): no attack in it."""
    """The phase count at which a natural 1 costs it its Offense check."""
    # -- this turn -----------------------------------------------------------------
    spent: int = 0
    """Squares of movement spent."""
    diagonals: int = 0
    turned: int = 0
    """Quarter turns made this turn (``movement.turns_per_turn`` allowed)."""
    command: str | None = None
    """The command carried out this turn (``charge``, ``hustle``, ``about_face``, ``withdraw``)."""
    tried: tuple[str, ...] = ()
    """What it has rolled for this turn already (``tactic``, ``command``, ``rally``, ``press``)."""
    moved: bool = False
    started_melee: bool = False
    """It moved into contact this turn: no ranged attacks (thrown excepted)."""
    engaged: bool = False
    """An enemy moved into contact with it this turn: it may shoot instead of fighting."""
    shots: int = 0
    blows: tuple[tuple[str, int], ...] = ()
    """Melee attacks made this phase, per target."""
    flanked: bool = False
    rear: bool = False
    hacked_by: tuple[str, ...] = ()
    """Enemies that have had their free hack at it this turn."""

    @property
    def out(self) -> bool:
        return self.standing in OUT


@dataclass(frozen=True)
class Roll:
    """The last roll made, for the screens and the report: what, by whom, the faces."""

    what: str
    key: str = ""
    faces: tuple[int, ...] = ()
    total: int = 0
    against: int = 0
    detail: tuple[tuple[str, object], ...] = ()


NO_UNIT = Unit()
"""An army not yet on the mat (a Unit is immutable: one serves all)."""


def army_item(key: str) -> str:
    return f"army:{key}"


@dataclass(frozen=True)
class KMState:
    rules: KingmakerRuleset
    stage: Stage = "muster"
    sides: tuple[str, ...] = ()
    armies: tuple[Army, ...] = ()
    width: int = 24
    height: int = 16
    terrain: tuple[tuple[Square, str], ...] = ()
    """Squares that are not open ground, with their terrain key."""
    conditions: tuple[str, ...] = ()
    units: tuple[tuple[str, Unit], ...] = ()
    # -- setup -----------------------------------------------------------------------
    roll_winner: int | None = None
    """The side that won the last opposed roll and chooses who goes first."""
    first: int | None = None
    """The side that places first, then acts first this turn."""
    ambusher: int | None = None
    """The side that lay in ambush at setup (whether or not it worked)."""
    ambushed: tuple[str, ...] = ()
    """Armies the ambush caught: no Tactics phase in the first turn(s)."""
    # -- the turn ----------------------------------------------------------------------
    turn: int = 0
    phase: Phase = "tactics"
    acting: int = 0
    """Index into ``order`` of the side acting in this phase."""
    phase_count: int = 0
    counter: int = 0
    """Rolls made so far: the next roll's place in the battle's dice stream."""
    last_roll: Roll | None = None
    winner: int | None = None
    aftermath_done: bool = False
    notes: Notes = field(default_factory=Notes)
    hidden: tuple[str, ...] = ()
    """What the GM keeps from the players' view (``public.item_name``)."""
    mended: frozenset[str] = fixes.ALL
    """The rule fixes in effect (``fixes``): all of them, but while a save's
    steps played before a fix replay."""

    # -- lookups -------------------------------------------------------------------------

    def army(self, key: str) -> Army:
        for army in self.armies:
            if army.key == key:
                return army
        raise RuleViolation(t("km.rule.no_army", key=key))

    @cached_property
    def derived(self) -> dict[str, Derived]:
        """Every army's numbers, worked out once per army and ruleset."""
        return {a.key: derived(a, self.rules) for a in self.armies}

    @cached_property
    def _units_by_key(self) -> dict[str, Unit]:
        # asked for some twenty times a step: a 5,000-step replay spent 60 % of its time rebuilding this
        return dict(self.units)

    @cached_property
    def _fresh_units(self) -> dict[str, Unit]:
        # an army not yet on the mat: as it came, with the wounds it brought
        return {a.key: Unit(damage=a.wounds) if a.wounds else NO_UNIT for a in self.armies}

    def unit(self, key: str) -> Unit:
        found = self._units_by_key.get(key)
        return found if found is not None else self._fresh_units.get(key, NO_UNIT)

    def with_unit(self, key: str, unit: Unit) -> "KMState":
        units = dict(self.units)
        units[key] = unit
        fresh = self._fresh_units
        return replace(self, units=tuple((a.key, units.get(a.key, fresh[a.key])) for a in self.armies))

    def next_army_key(self) -> str:
        """``a1``, ``a2`` ...: the first key no army of this battle has had."""
        return unused_key("a", "army", [a.key for a in self.armies], self.hidden, self.notes)

    def named(self) -> list[tuple[str, str]]:
        """Every army's identity with its names now: its own and its commander's
        (a general named in a line tells whose army it is)."""
        found = [(army_item(a.key), a.name) for a in self.armies]
        return found + [(army_item(a.key), a.commander.name) for a in self.armies if a.commander.name]

    def with_note(self, key: str, about: tuple[str, ...] = (), /, **params: object) -> "KMState":
        """The story with one more line; it tells of ``about`` and of whatever it names."""
        items = tuple(params.items())
        told = mentioned(items, self.named()) | frozenset(about)
        return replace(self, notes=self.notes.add(Note(key, items, told)))

    def terrain_at(self, square: Square) -> str:
        return dict(self.terrain).get(square, "open")

    def hp(self, key: str) -> int:
        return max(0, self.derived[key].hp.total - self.unit(key).damage)

    @property
    def fighting(self) -> tuple[int, ...]:
        """The sides with armies, in side order."""
        return tuple(sorted({a.side for a in self.armies}))

    @property
    def order(self) -> tuple[int, ...]:
        """The sides in the order they act this turn (or place, in setup)."""
        fighting = list(self.fighting)
        if self.first is None or self.first not in fighting:
            return tuple(fighting)
        at = fighting.index(self.first)
        return tuple(fighting[at:] + fighting[:at])

    @property
    def side_acting(self) -> int | None:
        order = self.order
        return order[self.acting] if self.stage in ("battle", "setup") and self.acting < len(order) else None

    def on_field(self, side: int | None = None) -> tuple[Army, ...]:
        """Armies placed and still in the battle (of one side)."""
        return tuple(
            a for a in self.armies
            if self.unit(a.key).block is not None and not self.unit(a.key).out and (side is None or a.side == side)
        )

    def blocks(self, *, besides: str | None = None) -> dict[str, Block]:
        found = {}
        for army in self.on_field():
            block = self.unit(army.key).block
            if block is not None and army.key != besides:
                found[army.key] = block
        return found

    def enemies_in_contact(self, key: str) -> tuple[str, ...]:
        """Enemy units touching this one, in muster order."""
        block = self.unit(key).block
        side = self.army(key).side
        if block is None:
            return ()
        return tuple(
            a.key for a in self.on_field()
            if a.side != side and (other := self.unit(a.key).block) is not None and in_contact(block, other)
        )

    def general(self, side: int) -> Army | None:
        """The side's general: the commander with most ranks in Profession
        (soldier) among its armies still in the battle (one whose army was
        destroyed, routed or ran off the mat commands no more)."""
        armies = [a for a in self.armies if a.side == side and not self.unit(a.key).out]
        return max(armies, key=lambda a: a.commander.profession, default=None)


__all__ = ["OUT", "KMState", "army_item", "derived", "Phase", "Roll", "Stage", "Standing", "Unit"]
