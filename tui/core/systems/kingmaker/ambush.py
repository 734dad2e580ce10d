"""An ambush at setup (RULES-NOTES, Kingmaker, settled after the first audit).

The text: "Ambushes, other tactics and abilities can have effects upon what
happens during the setup." Ultimate Campaign: "In order to attempt to
ambush an army, the entire ambushing army must have concealment. The
ambusher attempts an Offense check against the target army's DV. If
successful, the battle begins but the target army doesn't get to act
during the Tactics phase. Otherwise, the battle proceeds normally."

Settled: the ambushing side (every army concealed: the GM's word) checks
its Offense against each other army's Defense before anyone places. An
army caught has no Tactics phase in the first turn (it fights with
Standard); if any is caught, the other side places all its armies first
and the ambushers after (the 5-square rule still holds). With several
ambushing armies the best melee Offense checks (``ambush.roller``,
assumed).
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.state import KMState


def targets(state: KMState, side: int) -> tuple[Army, ...]:
    """The armies an ambush by ``side`` is checked against, in army order."""
    return tuple(a for a in state.armies if a.side != side)


def ambush_offense(state: KMState, side: int) -> tuple[Army, int]:
    """The ambushing army that checks, and its Offense."""
    ambushers = [a for a in state.armies if a.side == side]
    best = max(ambushers, key=lambda a: state.derived[a.key].offense.total)
    return best, state.derived[best.key].offense.total


def ambush_refusal(state: KMState, side: int) -> str | None:
    """Why ``side`` can't lie in ambush now (None: it can)."""
    if state.stage != "setup" or state.first is not None or state.roll_winner is None:
        return t("km.rule.ambush_when")
    if state.ambusher is not None:
        return t("km.rule.ambush_once", side=state.sides[state.ambusher])
    if side not in state.fighting:
        return t("km.rule.no_side", side=side + 1, count=len(state.sides))
    return None


def ambush(state: KMState, event: ev.Ambush) -> KMState:
    refusal = ambush_refusal(state, event.side)
    if refusal is not None:
        raise RuleViolation(refusal)
    if event.counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=event.counter, expected=state.counter))
    aimed = targets(state, event.side)
    if len(event.faces) != len(aimed):
        raise RuleViolation(t("km.rule.ambush_faces", count=len(aimed), faces=len(event.faces)))
    die = state.rules.attack.die  # an Offense check
    if any(face > die for face in event.faces):
        raise RuleViolation(t("km.rule.record_face", face=max(event.faces), die=die))
    roller, offense = ambush_offense(state, event.side)
    caught = []
    told = state.with_note("km.note.ambush", side=event.side, name=roller.name)
    for army, face in zip(aimed, event.faces):
        defense = state.derived[army.key].defense.total
        total = face + offense
        if total >= defense:
            caught.append(army.key)
        told = told.with_note("km.note.ambush_check" if total >= defense else "km.note.ambush_missed", name=army.name, total=total, rolled=face, defense=defense)
    done = replace(told, ambusher=event.side, ambushed=tuple(caught), counter=state.counter + 1)
    if not caught:
        return done.with_note("km.note.ambush_failed")
    # The ambushers place after everyone else: the next side in order places first.
    fighting = list(state.fighting)
    first = fighting[(fighting.index(event.side) + 1) % len(fighting)]
    return replace(done, first=first, acting=0).with_note("km.note.ambush_places", side=first)


def no_tactics(state: KMState, key: str) -> bool:
    """``key`` was caught by the ambush and this turn is one without its Tactics phase."""
    return key in state.ambushed and 1 <= state.turn <= state.rules.ambush.turns_without_tactics


def places_later(state: KMState, side: int) -> bool:
    """An ambush worked and ``side`` lay in it: it waits while others have armies to place."""
    if state.ambusher != side or not state.ambushed:
        return False
    return any(a.side != side and state.unit(a.key).block is None for a in state.armies)


__all__ = ["ambush", "ambush_offense", "ambush_refusal", "no_tactics", "places_later", "targets"]
