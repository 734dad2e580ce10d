"""The turn order, chosen per conflict, and the turns and rounds.

"Head on a Swivel": everyone rolls Notice; turns go in descending order of
the rolls, ties by Notice, then Athletics, then a coin; a side that
ambushed the other gets a surprise round first (round 0): only its
characters act. "Captain Takes Point": sides act in turn (the side that
surprised the other first, else a coin's pick), and anyone on the side
acts in any order; an ambush only decides who goes first.
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.campaign.consequences import split
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.second_world import events as ev, fixes
from tui.core.systems.second_world.rolls import check_counter, check_faces
from tui.core.systems.second_world.state import Fighter, SWState, Turn


def start_conflict(state: SWState, event: ev.StartConflict) -> SWState:
    if state.stage != "scene":
        raise RuleViolation(t("sw.rule.started_already"))
    check_counter(state, event.counter)
    sides_fighting = {c.side for c in state.characters}
    if len(sides_fighting) < 2:
        raise RuleViolation(t("sw.rule.two_sides"))
    placed = dict(state.deployed)
    missing = [c.name for c in state.characters if c.key not in placed]
    if missing:
        raise RuleViolation(t("sw.rule.not_deployed", name=missing[0]))
    for side in (event.ambush, event.first_side):
        if side is not None and side not in sides_fighting:
            raise RuleViolation(t("sw.rule.side_not_fighting", side=side + 1))
    if event.order == "swivel":
        order = _swivel(state, event)
    else:
        first = event.ambush if event.ambush is not None else event.first_side
        count = len(state.sides)
        order = tuple(str(side) for side in ((first + n) % count for n in range(count)) if side in sides_fighting)
    # consequences a character brought from an earlier conflict fill their slots from the start
    fighters = tuple((c.key, Fighter(zone=placed[c.key], fate_points=c.fate_points, consequences=split(c.consequences))) for c in state.characters)
    surprise = surprise_round(state, event)
    pool = state.rules.invokes.gm_pool_per_pc * sum(1 for c in state.characters if c.role == "pc")
    started = replace(
        state, stage="conflict", order_kind=event.order, order=order, ambush=event.ambush,
        round=0 if surprise else 1, fighters=fighters, counter=state.counter + 1, gm_pool=pool,
    )
    started = started.with_note("sw.note.conflict_started", order=event.order)
    if any(c.role == "npc" for c in state.characters):
        started = started.with_note("sw.note.gm_pool", count=pool)
    if event.order == "swivel":
        rolled = dict(notice_results(state, event))
        names = ", ".join(f"{state.character(key).name} ({rolled[key]:+d})" for key in order)
    else:
        names = ", ".join(state.sides[int(side)] for side in order)
    started = started.with_note("sw.note.turn_order", names=names)
    if surprise and event.ambush is not None:
        started = started.with_note("sw.note.surprise_round", side=state.sides[event.ambush])
    elif event.ambush is not None:
        started = started.with_note("sw.note.ambush_first", side=state.sides[event.ambush])
    return started


def surprise_round(state: SWState, event: ev.StartConflict) -> bool:
    """An ambush opens with a surprise round under "Head on a Swivel", if
    the ruleset gives one (and under either order, by the earlier reading:
    ``fixes.AMBUSH_FIRST``)."""
    if event.ambush is None:
        return False
    if fixes.AMBUSH_FIRST not in state.mended:
        return True
    return event.order == "swivel" and state.rules.initiative.ambush_surprise_round


def ambushed_under_the_captain(state: SWState, event: object) -> bool:
    """A "Captain Takes Point" start with an ambush, which the earlier
    reading gave a surprise round."""
    return isinstance(event, ev.StartConflict) and event.order == "captain" and event.ambush is not None


def _swivel(state: SWState, event: ev.StartConflict) -> tuple[str, ...]:
    count = len(state.characters)
    if len(event.faces) != count or len(event.coins) != count:
        raise RuleViolation(t("sw.rule.notice_rolls", count=count, rolls=len(event.faces)))
    skill, ties = state.rules.initiative.swivel_skill, state.rules.initiative.tie_breakers
    ranked = []
    for character, faces, coin in zip(state.characters, event.faces, event.coins):
        check_faces(state, faces)
        rolled = sum(faces) + character.rating(skill)
        ranked.append(((rolled, *(character.rating(k) for k in ties), coin), character.key))
    ranked.sort(key=lambda pair: pair[0], reverse=True)
    return tuple(key for _, key in ranked)


def notice_results(state: SWState, event: ev.StartConflict) -> tuple[tuple[str, int], ...]:
    """Each character's Notice roll of a "Head on a Swivel" start, for the log."""
    skill = state.rules.initiative.swivel_skill
    return tuple((c.key, sum(f) + c.rating(skill)) for c, f in zip(state.characters, event.faces))


def begin_turn(state: SWState, event: ev.BeginTurn) -> SWState:
    _in_conflict(state)
    character = state.character(event.key)
    if state.turn.actor is not None:
        raise RuleViolation(t("sw.rule.turn_under_way", name=state.character(state.turn.actor).name))
    if not state.may_begin(event.key):
        raise RuleViolation(_why_not(state, event.key))
    # A full defence lasts until the defender's next turn.
    begun = state.with_fighter(event.key, replace(state.fighter(event.key), full_defence=False))
    return replace(begun, turn=Turn(actor=event.key)).with_note("sw.note.turn", name=character.name, round=state.round)


def _why_not(state: SWState, key: str) -> str:
    character = state.character(key)
    if not state.in_play(key):
        return t("sw.rule.out_of_play", name=character.name)
    if state.away(key):
        return t("sw.rule.withdrawn_turn", name=character.name, zones=state.rules.zones.withdrawn_at)
    if key in state.acted:
        return t("sw.rule.acted_this_round", name=character.name)
    if state.round == 0 and character.side != state.ambush:
        return t("sw.rule.surprised", name=character.name)
    if state.order_kind == "swivel":
        up = state.next_up()
        return t("sw.rule.not_next", name=character.name, next=state.character(up).name if up else "—")
    side = state.side_in_turn()
    return t("sw.rule.not_sides_turn", name=character.name, side=state.sides[side] if side is not None else "—")


def end_turn(state: SWState) -> SWState:
    _in_conflict(state)
    actor = state.turn.actor
    if actor is None:
        raise RuleViolation(t("sw.rule.no_turn"))
    if state.pending is not None or state.hit is not None:
        raise RuleViolation(t("sw.rule.roll_on_table"))
    ended = check_end(replace(state, acted=(*state.acted, actor), turn=Turn()), actor)
    if ended.stage == "ended" or _anyone_left(ended):
        return ended
    return replace(ended, round=ended.round + 1, acted=()).with_note("sw.note.round", round=ended.round + 1)


def check_end(state: SWState, mover: str | None = None, before: SWState | None = None) -> SWState:
    """The conflict ends when the characters still in it stand on one side:
    a side all taken out, conceded or withdrawn has left it (withdrawing is
    neither conceding nor being taken out). Withdrawal counts when a turn
    ends (``mover``: whose), so a character who moves away finishes the turn
    first. Two sides apart have both withdrawn from each other: the side
    that moved away is the one that left; after a concession or a take-out
    (``before``: the state before it), the side that had withdrawn already."""
    if state.stage != "conflict":
        return state
    sides = state.sides_left()
    if len(sides) > 1:
        return state
    if not sides:
        playing = {c.side for c in state.characters if state.in_play(c.key)}
        gone: int | None = None
        if mover is not None and len(playing) == 2:
            gone = state.character(mover).side
        else:
            # who was still in the fight before the step holds the field
            holding = {c.side for c in state.characters if state.in_play(c.key) and before is not None and not before.away(c.key)}
            gone = next(iter(playing - holding)) if len(holding) == 1 and len(playing) == 2 else None
        if gone is not None:
            state = state.with_note("sw.note.side_withdrew", side=state.sides[gone])
            sides = playing - {gone}
    ended = replace(state, stage="ended", turn=replace(state.turn, actor=None))
    ended = ended.with_note("sw.note.ended_apart") if not sides else ended.with_note("sw.note.ended", side=state.sides[next(iter(sides))])
    return _pay_hostile_invokes(ended)


def _pay_hostile_invokes(state: SWState) -> SWState:
    """The scene is over: the fate points hostile invokes paid are theirs now (Fate Core)."""
    for key, points in state.owed:
        fighter = state.fighter(key)
        state = state.with_fighter(key, replace(fighter, fate_points=fighter.fate_points + points))
        state = state.with_note("sw.note.hostile_paid", name=state.character(key).name, count=points)
    return replace(state, owed=())


def _anyone_left(state: SWState) -> bool:
    if state.order_kind == "swivel":
        return state.next_up() is not None
    return state.side_in_turn() is not None


def _in_conflict(state: SWState) -> None:
    if state.stage != "conflict":
        raise RuleViolation(t("sw.rule.not_in_conflict" if state.stage == "scene" else "sw.rule.conflict_over"))


def in_turn_of(state: SWState, key: str) -> None:
    """Refuse unless it is ``key``'s turn."""
    _in_conflict(state)
    if state.turn.actor != key:
        raise RuleViolation(t("sw.rule.not_their_turn", name=state.character(key).name))


__all__ = ["ambushed_under_the_captain", "begin_turn", "check_end", "end_turn", "in_turn_of", "notice_results", "start_conflict", "surprise_round"]
