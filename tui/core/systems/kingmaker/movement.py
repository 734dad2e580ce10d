"""The Movement phase: commands (Hustle, Charge, About Face, Withdraw),
a unit's steps in the way it faces, and Press.

A unit moves forward or along a forward diagonal (the diagonals cost 1,
2, 1, ... in a turn), turns 90 degrees once a turn for 1, and stops as
soon as it touches an enemy: contact locks it. A retreating or fleeing
unit turns freely and may only move away from the enemy; a fleeing one
takes a free hack (as a rear attack) from each enemy it leaves, and off
the mat's edge it is out of the battle.
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev, fixes
from tui.core.systems.kingmaker.mat import VECTORS, Block, in_contact, turned
from tui.core.systems.kingmaker.combat import strike
from tui.core.systems.kingmaker.morale import check, morale_bonus
from tui.core.systems.kingmaker.state import KMState, Roll, Unit
from tui.core.systems.kingmaker.standing import fits, own_unit, strikers, victory

DIRECTIONS: dict[ev.Direction, tuple[int, int]] = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}


def allowance(state: KMState, key: str) -> int:
    """Squares of movement this turn: its speed, +1 for a Hustle or Charge."""
    unit = state.unit(key)
    extra = {"hustle": state.rules.commands.hustle.extra_squares, "charge": state.rules.commands.charge.extra_squares}
    return state.derived[key].speed.total + extra.get(unit.command or "", 0)


def moving_away(state: KMState, key: str) -> bool:
    return state.unit(key).standing in ("retreat", "flee")


def retreat_locked(state: KMState, key: str) -> bool:
    """A retreating unit in contact that hasn't withdrawn: it leaves contact
    only by a successful Withdraw (``fixes.LEAVE_CONTACT``; a fleeing one
    runs, taking free hacks)."""
    return fixes.LEAVE_CONTACT in state.mended and _retreating_in_contact(state, key)


def locked_why(state: KMState, key: str) -> str:
    """Why a retreating unit locked in contact can't step away: it must
    Withdraw, or its Withdraw failed this turn."""
    name = state.army(key).name
    return t("km.rule.withdraw_failed_locked" if "command" in state.unit(key).tried else "km.rule.retreat_locked", name=name)


def _retreating_in_contact(state: KMState, key: str) -> bool:
    unit = state.unit(key)
    return unit.standing == "retreat" and unit.command != "withdraw" and bool(state.enemies_in_contact(key))


def left_contact_retreating(state: KMState, event: object) -> bool:
    """A retreating unit stepping out of contact without a Withdraw, which
    the earlier reading allowed (``fixes.LEAVE_CONTACT``)."""
    return isinstance(event, ev.Move) and event.key in dict(state.units) and _retreating_in_contact(state, event.key)


def order(state: KMState, event: ev.Order) -> KMState:
    # a retreating unit in contact may give one command: Withdraw
    own_unit(state, event.key, "movement", moving_away=event.command == "withdraw" and state.unit(event.key).standing == "retreat" and fixes.LEAVE_CONTACT in state.mended)
    unit = state.unit(event.key)
    name = state.army(event.key).name
    if "command" in unit.tried:
        raise RuleViolation(locked_why(state, event.key) if retreat_locked(state, event.key) else t("km.rule.one_command", name=name))
    if unit.moved:
        raise RuleViolation(t("km.rule.command_before_moving", name=name))
    if event.counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=event.counter, expected=state.counter))
    contact = state.enemies_in_contact(event.key)
    tried = replace(unit, tried=unit.tried + ("command",))
    assert unit.block is not None
    if event.command == "about_face":
        if event.face is not None or event.opposing:
            raise RuleViolation(t("km.rule.no_roll_needed"))
        if contact:
            raise RuleViolation(t("km.rule.locked", name=name))
        block = unit.block.facing_to(turned(unit.block.facing, 2))
        faced = replace(tried, block=block, command="about_face", spent=allowance(state, event.key), moved=True)
        return state.with_unit(event.key, faced).with_note("km.note.about_face", name=name)
    if event.face is None or not 1 <= event.face <= state.rules.attack.die:
        raise RuleViolation(t("km.rule.record_face", face=event.face or 0, die=state.rules.attack.die))
    if event.command == "withdraw":
        return _withdraw(state, event, tried, contact)
    if contact:
        raise RuleViolation(t("km.rule.locked", name=name))
    if event.opposing:
        raise RuleViolation(t("km.rule.record_hacks"))
    command = getattr(state.rules.commands, event.command)
    passed, result = check(state, event.key, event.face, command.dc)
    rolled = replace(state, counter=state.counter + 1, last_roll=Roll(f"order_{event.command}", event.key, (event.face,), result, command.dc))
    if passed:
        # the earlier reading's hustle cost nothing (fixes.HUSTLE_OFFENSE)
        told = "km.note.hustle_cost" if event.command == "hustle" and fixes.HUSTLE_OFFENSE in state.mended else f"km.note.{event.command}"
        return rolled.with_unit(event.key, replace(tried, command=event.command)).with_note(told, name=name, total=result, rolled=event.face, dc=command.dc, offense=command.offense)
    return rolled.with_unit(event.key, tried).with_note(f"km.note.{event.command}_failed", name=name, total=result, rolled=event.face, dc=command.dc)


def _withdraw(state: KMState, event: ev.Order, tried: Unit, contact: tuple[str, ...]) -> KMState:
    name = state.army(event.key).name
    if not contact:
        raise RuleViolation(t("km.rule.nothing_to_withdraw", name=name))
    if len(event.opposing) != len(contact) or not all(1 <= f <= state.rules.attack.die for f in event.opposing):
        raise RuleViolation(t("km.rule.record_hacks"))
    assert event.face is not None
    bonus = morale_bonus(state, event.key, "withdraw")
    own = event.face + bonus
    bonuses = [morale_bonus(state, k, "withdraw") for k in contact]
    theirs = [f + b for f, b in zip(event.opposing, bonuses)]
    free = "withdraws_freely" in state.derived[event.key].grants
    if fixes.WITHDRAW_TIES in state.mended:
        passed = free or all(withdraw_beats(own, bonus, other, theirs_bonus, [a[1:] for a in event.again if a[0] == i]) for i, (other, theirs_bonus) in enumerate(zip(theirs, bonuses)))
        if set(a[0] for a in event.again) - set(ties_to_roll_again(own, bonus, theirs, bonuses)):
            raise RuleViolation(t("km.rule.record_hacks"))
    else:  # the earlier reading: a tie lost
        if event.again:
            raise RuleViolation(t("km.rule.record_hacks"))
        passed = free or all(own > other for other in theirs)
    rolled = replace(state, counter=state.counter + 1, last_roll=Roll("order_withdraw", event.key, (event.face, *event.opposing), own, max(theirs)))
    if event.again:
        rolled = rolled.with_note("km.note.withdraw_again", name=name, rounds=" · ".join(f"{mine}:{its}" for _, mine, its in event.again))
    if passed:
        return rolled.with_unit(event.key, replace(tried, command="withdraw")).with_note("km.note.withdraw", name=name, total=own, best=max(theirs))
    return rolled.with_unit(event.key, tried).with_note("km.note.withdraw_failed", name=name, total=own, best=max(theirs))


def ties_to_roll_again(own: int, bonus: int, theirs: list[int], bonuses: list[int]) -> list[int]:
    """The enemies (by place) a Withdraw tied with at the same modifier."""
    return [i for i, (other, theirs_bonus) in enumerate(zip(theirs, bonuses)) if other == own and theirs_bonus == bonus]


def withdraw_beats(own: int, bonus: int, other: int, theirs_bonus: int, again: list[tuple[int, int]]) -> bool:
    """The withdrawing unit beats one enemy: the higher total, on a tie the
    higher modifier, then the first round rolled again that differs."""
    if own != other:
        return own > other
    if bonus != theirs_bonus:
        return bonus > theirs_bonus
    for mine, its in again:
        if mine != its:
            return mine > its
    raise RuleViolation(t("km.rule.withdraw_roll_again"))


def withdraw_old_tie(state: KMState, event: object) -> bool:
    """A Withdraw tied with an enemy, which the earlier reading lost
    (``fixes.WITHDRAW_TIES``)."""
    if not isinstance(event, ev.Order) or event.command != "withdraw" or event.face is None:
        return False
    contact = state.enemies_in_contact(event.key)
    own = event.face + morale_bonus(state, event.key, "withdraw")
    return any(f + morale_bonus(state, k, "withdraw") == own for k, f in zip(contact, event.opposing))


def step_block(block: Block, step: ev.Step) -> Block:
    if step in ("turn_left", "turn_right"):
        return block.facing_to(turned(block.facing, -1 if step == "turn_left" else 1))
    fx, fy = VECTORS[block.facing]
    if step == "forward":
        return block.moved(fx, fy)
    # the forward diagonals: forward plus a quarter turn's direction
    sx, sy = VECTORS[turned(block.facing, -1 if step == "left" else 1)]
    return block.moved(fx + sx, fy + sy)


def step_cost(state: KMState, key: str, step: ev.Step, after: Block, before: Block | None = None) -> int:
    """What the step to ``after`` costs, from the unit's block (or ``before``,
    a block the unit could turn to first)."""
    unit = state.unit(key)
    rules = state.rules.movement
    away = moving_away(state, key)
    if step in ("turn_left", "turn_right"):
        return 0 if away else rules.turn_cost
    start = before or unit.block
    assert start is not None
    entered = after.squares - start.squares
    ground = max((state.rules.terrain_of(state.terrain_at(sq)).move_cost for sq in entered), default=1)
    base = 1 if step == "forward" else rules.diagonal_costs[unit.diagonals % len(rules.diagonal_costs)]
    return base + ground - 1


def _on_mat(state: KMState, block: Block) -> bool:
    return block.x >= 0 and block.y >= 0 and block.x + block.width <= state.width and block.y + block.height <= state.height


def _nearest_enemy(state: KMState, key: str, block: Block) -> int:
    side = state.army(key).side
    return min((block.distance(b) for k, b in state.blocks(besides=key).items() if state.army(k).side != side), default=999)


def leaves_mat(state: KMState, key: str, step: ev.Step) -> bool:
    """Whether that step would take the unit off the mat (and out of the
    battle), with the movement it has left to take it."""
    unit = state.unit(key)
    if unit.block is None or step in ("turn_left", "turn_right"):
        return False
    after = step_block(unit.block, step)
    return not _on_mat(state, after) and step_cost(state, key, step, after) <= allowance(state, key) - unit.spent


def may_run(state: KMState, key: str) -> bool:
    """Whether a retreating or fleeing unit has a way away: turned as it
    likes (free), one step that leaves the mat, or that brings it no nearer
    an enemy, within its movement."""
    unit = state.unit(key)
    block = unit.block
    if block is None:
        return False
    most = allowance(state, key) - unit.spent
    facings = [block]
    for _ in range(3):
        facings.append(step_block(facings[-1], "turn_left"))
    for start in facings:
        if start.squares != block.squares and not _fits(state, key, start):
            continue
        for step in ("forward", "left", "right"):
            after = step_block(start, step)
            if step_cost(state, key, step, after, start) > most:
                continue
            if not _on_mat(state, after):
                return True
            if _fits(state, key, after) and _nearest_enemy(state, key, after) >= _nearest_enemy(state, key, start):
                return True
    return False


def _fits(state: KMState, key: str, block: Block) -> bool:
    try:
        fits(state, key, block)
    except RuleViolation:
        return False
    return True


def move(state: KMState, event: ev.Move) -> KMState:
    own_unit(state, event.key, "movement", moving_away=True)
    if event.counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=event.counter, expected=state.counter))
    unit = state.unit(event.key)
    name = state.army(event.key).name
    assert unit.block is not None
    away = moving_away(state, event.key)
    contact = state.enemies_in_contact(event.key)
    if contact and not away and unit.command != "withdraw":
        raise RuleViolation(t("km.rule.locked", name=name))
    if retreat_locked(state, event.key):
        raise RuleViolation(locked_why(state, event.key))
    turning = event.step in ("turn_left", "turn_right")
    if turning and unit.turned >= state.rules.movement.turns_per_turn and not away:
        raise RuleViolation(t("km.rule.turned_already", name=name))
    after = step_block(unit.block, event.step)
    if turning and away and not (_on_mat(state, after) and _fits(state, event.key, after)):
        # It turns freely: wheeling a quarter is blocked (an enemy, a unit,
        # the mat's edge beside it), so it goes on round to face about.
        # Refused before, so no played step changes.
        about = step_block(after, event.step)
        if _fits(state, event.key, about):
            after = about
    cost = step_cost(state, event.key, event.step, after)
    left = allowance(state, event.key) - unit.spent
    if cost > left:
        raise RuleViolation(t("km.rule.no_movement_left", name=name, left=left, cost=cost))
    leaving = not _on_mat(state, after)
    if leaving and not away:
        raise RuleViolation(t("km.rule.off_mat", width=state.width, height=state.height))
    if not leaving:
        fits(state, event.key, after)
        if away and not turning and _nearest_enemy(state, event.key, after) < _nearest_enemy(state, event.key, unit.block):
            raise RuleViolation(t("km.rule.must_move_away", name=name))
    hackers = strikers(state, event.key, besides=unit.hacked_by) if unit.standing == "flee" and not turning else ()
    if tuple(h.by for h in event.hacks) != hackers:
        raise RuleViolation(t("km.rule.record_hacks"))
    moved = replace(
        unit, spent=unit.spent + cost, moved=True,
        turned=unit.turned + (1 if turning and not away else 0),
        diagonals=unit.diagonals + (1 if event.step in ("left", "right") else 0),
        hacked_by=unit.hacked_by + hackers,
    )
    state = replace(state, counter=state.counter + 1)

    for hack in event.hacks:
        state = strike(state, hack.by, event.key, hack.face, kind="free_hack")
    if leaving:
        gone = replace(state.unit(event.key), standing="fled", spent=moved.spent)
        return victory(state.with_unit(event.key, gone).with_note("km.note.fled_off", name=name))
    moved = replace(moved, block=after, pending=state.unit(event.key).pending)
    state = state.with_unit(event.key, moved)
    touched = tuple(k for k in state.enemies_in_contact(event.key) if k not in contact)
    if touched and not away:
        state = state.with_unit(event.key, replace(moved, started_melee=True, spent=allowance(state, event.key)))
        for key in touched:
            state = state.with_unit(key, replace(state.unit(key), engaged=True))
        return state.with_note("km.note.contact", name=name, target=", ".join(state.army(k).name for k in touched))
    return state


def press(state: KMState, event: ev.Press) -> KMState:
    if state.phase not in ("movement", "morale"):
        raise RuleViolation(t("km.rule.press_phase"))
    own_unit(state, event.key, state.phase)
    unit = state.unit(event.key)
    name = state.army(event.key).name
    if "press" in unit.tried:
        raise RuleViolation(t("km.rule.pressed_already", name=name))
    if event.counter != state.counter:
        raise RuleViolation(t("km.rule.record_counter", counter=event.counter, expected=state.counter))
    if not 1 <= event.face <= state.rules.attack.die:
        raise RuleViolation(t("km.rule.record_face", face=event.face, die=state.rules.attack.die))
    command = state.rules.commands.press if state.phase == "movement" else state.rules.commands.press_morale
    if state.phase == "movement" and not state.enemies_in_contact(event.key):
        raise RuleViolation(t("km.rule.press_needs_contact", name=name))
    passed, result = check(state, event.key, event.face, command.dc)
    squares = command.extra_squares + (result - command.dc) // command.per_margin if passed else 0
    if len(event.steps) > squares:
        raise RuleViolation(t("km.rule.press_too_far", name=name, most=squares))
    assert unit.block is not None
    block = unit.block
    for step in event.steps:
        dx, dy = DIRECTIONS[step]
        block = block.moved(dx, dy)
        fits(state, event.key, block)
    if event.steps and not any(state.army(k).side != state.army(event.key).side for k in _touching(state, event.key, block)):
        raise RuleViolation(t("km.rule.press_contact", name=name))
    rolled = replace(state, counter=state.counter + 1, last_roll=Roll("press", event.key, (event.face,), result, command.dc))
    pressed = replace(unit, block=block, tried=unit.tried + ("press",))
    note = "km.note.press" if passed else "km.note.press_failed"
    return rolled.with_unit(event.key, pressed).with_note(note, name=name, total=result, rolled=event.face, dc=command.dc, squares=len(event.steps))


def _touching(state: KMState, key: str, block: Block) -> tuple[str, ...]:
    return tuple(k for k, b in state.blocks(besides=key).items() if in_contact(block, b))


__all__ = ["DIRECTIONS", "allowance", "leaves_mat", "may_run", "move", "moving_away", "order", "press", "step_block", "step_cost"]
