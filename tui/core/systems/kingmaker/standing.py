"""What every phase asks of a unit before it acts, and when the battle is
over: the unit is its side's to move now, its block fits the mat, which
enemies may strike it as it leaves them, and victory once one side stands
alone. The turn, combat, morale and movement all rest on these."""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.systems.kingmaker import fixes
from tui.core.systems.kingmaker.mat import Block
from tui.core.systems.kingmaker.state import KMState, Phase


def own_unit(state: KMState, key: str, phase: Phase, *, moving_away: bool = False) -> None:
    """The unit belongs to the side acting in ``phase``, stands on the mat and
    is in the battle; a retreating or fleeing one only if ``moving_away``."""
    if state.stage != "battle":
        raise RuleViolation(t("km.rule.not_in_battle"))
    if state.first is None:
        raise RuleViolation(t("km.rule.initiative_first"))
    army = state.army(key)
    if state.phase != phase:
        raise RuleViolation(t("km.rule.wrong_phase", phase=t(f"km.phase.{phase}"), now=t(f"km.phase.{state.phase}")))
    if army.side != state.side_acting:
        raise RuleViolation(t("km.rule.not_your_turn", name=army.name, side=state.sides[state.side_acting or 0]))
    unit = state.unit(key)
    if unit.block is None or unit.out:
        raise RuleViolation(t("km.rule.out_of_battle", name=army.name))
    if unit.standing in ("retreat", "flee") and not moving_away:
        raise RuleViolation(t(f"km.rule.standing_{unit.standing}", name=army.name))
    if phase == "tactics" and key in state.ambushed and 1 <= state.turn <= state.rules.ambush.turns_without_tactics:
        raise RuleViolation(t("km.rule.ambushed_no_tactics", name=army.name))


def fits(state: KMState, key: str, block: Block) -> None:
    """The block lies on the mat, on ground its army can stand on, over no other unit."""
    if block.x < 0 or block.y < 0 or block.x + block.width > state.width or block.y + block.height > state.height:
        raise RuleViolation(t("km.rule.off_mat", width=state.width, height=state.height))
    grants = state.derived[key].grants
    for square in block.squares:
        terrain = state.rules.terrain_of(state.terrain_at(square))
        if not terrain.passable and not grants & {"amphibious", "flight"}:
            raise RuleViolation(t("km.rule.impassable", terrain=terrain.name(language())))
    for other_key, other in state.blocks(besides=key).items():
        if other.squares & block.squares:
            raise RuleViolation(t("km.rule.overlap", name=state.army(other_key).name))


def strikers(state: KMState, key: str, *, besides: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Enemies in contact that may strike a unit leaving them: not one
    whose natural 1 costs it this phase's Offense check, nor one whose own
    Morale has broken so far that it can't attack (fleeing)."""
    broken = {s.key for s in state.rules.morale.states if not s.can_attack}
    return tuple(
        k for k in state.enemies_in_contact(key)
        if k not in besides and state.unit(k).setback_phase != state.phase_count and state.unit(k).standing not in broken
    )


def victory(state: KMState) -> KMState:
    """Over once at most one side has units on the field."""
    if state.stage != "battle":
        return state
    standing = sorted({a.side for a in state.on_field()})
    if len(standing) > 1:
        return state
    winner = standing[0] if standing else None
    over = replace(state, stage="over", winner=winner)
    if fixes.DUE_DAMAGE in state.mended:
        over = _land_due(over)
    if winner is None:
        return over.with_note("km.note.nobody_wins")
    return over.with_note("km.note.victory", side=winner)


def _land_due(state: KMState) -> KMState:
    """The battle's end ends the phase: damage still due lands on every army,
    on the field or gone from it (``fixes.DUE_DAMAGE``)."""
    for army in state.armies:
        unit = state.unit(army.key)
        if not unit.pending:
            continue
        landed = replace(unit, damage=unit.damage + unit.pending, pending=0)
        state = state.with_unit(army.key, landed)
        state = state.with_note("km.note.damage", name=army.name, damage=unit.pending, hp=state.hp(army.key))
        if state.hp(army.key) == 0 and landed.standing != "defeated":
            state = state.with_unit(army.key, replace(landed, standing="defeated")).with_note("km.note.defeated", name=army.name)
    return state


__all__ = ["fits", "own_unit", "strikers", "victory"]
