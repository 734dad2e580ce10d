"""Every step of a Mass Combat battle as a record in the save file's log.

Rolls keep their faces, so replaying the log rebuilds the battle exactly
without rolling again; a choice keeps only what the GM chose, and the
engine derives the rest (the pools, the modifiers) from the state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tui.core.records import Record
from tui.core.systems.myz.army import Army, Battlefield

SideIndex = Annotated[int, Field(ge=0, le=1)]
Face = Annotated[int, Field(ge=1, le=100)]
PersonIndex = Annotated[int, Field(ge=0, le=99)]
Small = Annotated[int, Field(ge=-99, le=99)]
Count = Annotated[int, Field(ge=0, le=999)]



class SkillCheck(Record):
    """A skill roll: rolled in the app (faces kept) or its successes typed in.

    The dice rolled are the person's skill plus their Risk Modifier, one die
    per helper and ``modifier``; the engine works them out again on replay
    and checks the faces fit.
    """

    person: PersonIndex | None = None
    skill: str | None = None
    helpers: tuple[PersonIndex, ...] = ()
    modifier: Small = 0
    faces: tuple[Face, ...] = ()
    pushed: tuple[Face, ...] | None = None
    """The rerolled dice's faces, in draw order, if the roll was pushed."""
    typed: Count | None = None
    """Successes the GM typed in (rolled at the table); no faces then."""
    mutation_points: Count = 0
    """MP or FP spent for extra successes (Action and Support phases)."""


# -- muster -------------------------------------------------------------------


class SetArmy(Record):
    kind: Literal["set_army"] = "set_army"
    side: SideIndex
    army: Army


class SetBattlefield(Record):
    kind: Literal["set_battlefield"] = "set_battlefield"
    battlefield: Battlefield


# -- before the battle -----------------------------------------------------------


class Reconnaissance(Record):
    """The opposed COMPREHEND roll, or ``skip`` when the armies already face each other."""

    kind: Literal["reconnaissance"] = "reconnaissance"
    skip: bool = False
    checks: tuple[SkillCheck, SkillCheck] = (SkillCheck(), SkillCheck())


class Ambush(Record):
    """The Reconnaissance winner's choice when the margin meets the environment rating."""

    kind: Literal["ambush"] = "ambush"
    take: bool


class Initiative(Record):
    """Leaders roll a die each, rolling again on ties (``faces`` pairs), or the GM sets the order."""

    kind: Literal["initiative"] = "initiative"
    first: SideIndex
    faces: tuple[Face, ...] = ()
    bonuses: tuple[Annotated[int, Field(ge=-10, le=10)], Annotated[int, Field(ge=-10, le=10)]] = (0, 0)
    """Each leader's bonus to the die (RULES-NOTES: "a d6 + bonus roll"; a
    talent or the GM's call), added before the dice are compared."""


# -- the wave -----------------------------------------------------------------


class SetRisk(Record):
    """A side's Risk Modifiers, one per person in its army (leader included)."""

    kind: Literal["set_risk"] = "set_risk"
    side: SideIndex
    risks: tuple[Small, ...]


class ChooseStrategy(Record):
    """Chosen in secret: the screens hide it until both sides have chosen."""

    kind: Literal["choose_strategy"] = "choose_strategy"
    side: SideIndex
    strategy: str


class AnswerParley(Record):
    kind: Literal["answer_parley"] = "answer_parley"
    accept: bool


class Action(Record):
    """A side's Action phase: a Remarkable Action, a Commando Operation,
    the GM's Strategy dice for an NPC faction, or nothing."""

    kind: Literal["action"] = "action"
    side: SideIndex
    action: Literal["remarkable", "commando", "grant", "none"]
    check: SkillCheck | None = None
    grant: Count = 0
    support_pairs: Count = 0
    """Commando: pairs of successes spent on opposing Support dice."""


class SetCircumstances(Record):
    """Special circumstances: the GM's ±3 Strategy dice for a side."""

    kind: Literal["set_circumstances"] = "set_circumstances"
    side: SideIndex
    value: Small


class Support(Record):
    """A side's Support phase: an engineer's repairs, a medic's mending, a Rally roll."""

    kind: Literal["support"] = "support"
    side: SideIndex
    repair: SkillCheck | None = None
    mend: SkillCheck | None = None
    rally: SkillCheck | None = None


class EndWave(Record):
    """Casualties, Retaliation and the Ark project roll: every die in ``faces``."""

    kind: Literal["end_wave"] = "end_wave"
    counter: Annotated[int, Field(ge=0)]
    faces: tuple[Face, ...]
    damaged: dict[SideIndex, tuple[str, ...]] | None = None
    """Side → the Ark projects or special classes whose Support dice the
    opponent chose to lose, one per die (None: the first in the pool)."""
    armour: Literal["rolled", "flat"] = "flat"
    """How armour stopped damage when this was rolled (the ruleset's choice
    then): saves from before armour was rolled replay as they were played."""


class NextInCommand(Record):
    """A broken leader's successor rolls COMMAND or MANIPULATE at -3 + Risk."""

    kind: Literal["next_in_command"] = "next_in_command"
    side: SideIndex
    person: PersonIndex | None = None
    """Who takes command; None when nobody in the army is left (an NPC officer)."""
    check: SkillCheck


class NextWave(Record):
    """Recalculate for the next wave; the GM may set the Battle Levels."""

    kind: Literal["next_wave"] = "next_wave"
    battle_levels: dict[SideIndex, Count] = Field(default_factory=dict)
    """Side → the Battle Level the GM sets (sides not named keep the computed one)."""


class EndBattle(Record):
    """The GM ends the battle (after a Parley's truce, or by agreement)."""

    kind: Literal["end_battle"] = "end_battle"


class Adjust(Record):
    """The GM's final say: change a force's numbers during the battle."""

    kind: Literal["adjust"] = "adjust"
    side: SideIndex
    battle_level: Count | None = None
    fighters: Annotated[int, Field(ge=0, le=99_999)] | None = None
    units: dict[str, Count] | None = None
    confused: bool | None = None
    positions: dict[Annotated[int, Field(ge=0, le=99)], Literal["assailant", "engineer", "medic"]] | None = None
    """Person (index) → their new position: the GM overrides who rolls what.
    The leader is changed only by the next in command taking over."""


MYZ_EVENTS = (
    SetArmy,
    SetBattlefield,
    Reconnaissance,
    Ambush,
    Initiative,
    SetRisk,
    ChooseStrategy,
    AnswerParley,
    Action,
    SetCircumstances,
    Support,
    EndWave,
    NextInCommand,
    NextWave,
    EndBattle,
    Adjust,
)
