"""Rolls on the table and the aspects invoked on them.

Any of the four actions and the move action roll 4dF plus a skill; until
the roll is resolved, the roller (and a defender, on their own roll) may
invoke aspects: +2, or roll again, for a fate point or a free invoke held
on the aspect. What may be invoked: the roller's own aspects, what is
written on the zones of the roll, and the aspects in play on those zones
and on the characters in it (advantages, boosts, consequences).
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.systems.second_world import events as ev, fixes
from tui.core.systems.second_world.state import Aspect, PendingRoll, RollSide, SWState


def check_faces(state: SWState, faces: tuple[int, ...]) -> None:
    if len(faces) != state.rules.dice.count:
        raise RuleViolation(t("sw.rule.record_faces", count=len(faces), dice=state.rules.dice.count))


def check_counter(state: SWState, counter: int) -> None:
    if counter != state.counter:
        raise RuleViolation(t("sw.rule.record_counter", counter=counter, expected=state.counter))


def roll_side(state: SWState, key: str, skill: str, faces: tuple[int, ...], modifier: int = 0) -> RollSide:
    check_faces(state, faces)
    return RollSide(key=key, skill=skill, base=state.character(key).rating(skill) + modifier, faces=faces)


def involved(state: SWState, pending: PendingRoll) -> tuple[str, ...]:
    """The characters and zones a roll touches (their aspects may be invoked)."""
    keys = [pending.actor.key] + ([pending.target] if pending.target else [])
    zones = [state.zone_of(k) for k in keys] + ([pending.zone] if pending.zone else [])
    return (*keys, *(z for z in zones if z is not None))


def invokable(state: SWState, key: str, pending: PendingRoll) -> tuple[str, ...]:
    """The aspect texts ``key`` may invoke on ``pending``, each once: their
    own, the zones', those in play, then the opponent's own (hostile)."""
    places = involved(state, pending)
    found = [*state.character(key).aspects, *_on_zones(state, places), *(a.text for a in state.aspects if a.on in places)]
    found += [text for _, text in hostile_aspects(state, key, pending)]
    return tuple(dict.fromkeys(found))


def _on_zones(state: SWState, places: tuple[str, ...]) -> list[str]:
    """The aspects written on the zones among ``places``."""
    zones = {z.key for z in state.board.zones}
    return [text for place in places if place in zones for text in state.zone_info(place).aspects]


def hostile_aspects(state: SWState, key: str, pending: PendingRoll) -> tuple[tuple[str, str], ...]:
    """(owner, text) for the aspects on the sheet of ``key``'s opponent in
    the roll, and those in play on them (a consequence, an advantage), which
    ``key`` may invoke against them (Fate Core's hostile invoke), leaving out
    any ``key`` may invoke as its own or the scene's."""
    if not state.rules.invokes.hostile:
        return ()
    other = pending.target if key == pending.actor.key else pending.actor.key
    if other is None or other == key:
        return ()
    places = involved(state, pending)
    # before the fix, what was in play on them counted as the scene's, not theirs
    in_play_theirs = fixes.HOSTILE_IN_PLAY in state.mended
    theirs = [*state.character(other).aspects, *(a.text for a in state.aspects if in_play_theirs and a.on == other)]
    mine = {*state.character(key).aspects, *_on_zones(state, places)}
    mine |= {a.text for a in state.aspects if a.on in places and not (in_play_theirs and a.on == other)}
    return tuple(dict.fromkeys((other, text) for text in theirs if text not in mine))


def payer(state: SWState, key: str) -> str | None:
    """Who pays ``key``'s fate point for an invoke: ``key`` itself while it
    has one, else the GM's pool for an NPC ("gm"); None: nobody can."""
    cost = state.rules.invokes.fate_point_cost
    if state.fighter(key).fate_points >= cost:
        return key
    if state.character(key).role == "npc" and state.gm_pool >= cost:
        return "gm"
    return None


def _free_one(state: SWState, key: str, text: str, pending: PendingRoll) -> Aspect | None:
    side = state.character(key).side
    places = involved(state, pending)
    return next((a for a in state.aspects if a.text == text and a.on in places and a.free > 0 and a.holder == side), None)


def invoke(state: SWState, event: ev.Invoke) -> SWState:
    pending = state.pending
    if pending is None:
        raise RuleViolation(t("sw.rule.no_roll"))
    check_counter(state, event.counter)
    key = event.by or pending.actor.key
    side = pending.side_of(key)
    name = state.character(key).name
    if side is None:
        raise RuleViolation(t("sw.rule.not_rolling", name=name))
    if event.aspect in side.invoked:
        raise RuleViolation(t("sw.rule.invoked_twice", aspect=event.aspect))
    if event.aspect not in invokable(state, key, pending):
        raise RuleViolation(t("sw.rule.not_invokable", aspect=event.aspect))
    if event.reroll:
        check_faces(state, event.faces)
        changed = replace(side, faces=event.faces, invoked=(*side.invoked, event.aspect))
    elif event.faces:
        raise RuleViolation(t("sw.rule.faces_without_reroll"))
    else:
        changed = replace(side, bonus=side.bonus + state.rules.invokes.bonus, invoked=(*side.invoked, event.aspect))
    paid, lines = _pay(state, key, event, pending)
    rolled = replace(pending, actor=changed) if side is pending.actor else replace(pending, defence=changed)
    invoked = replace(paid, pending=rolled, counter=state.counter + (1 if event.reroll else 0))
    invoked = invoked.with_note("sw.note.invoked", name=name, aspect=event.aspect, reroll=event.reroll, total=changed.total, free=event.free)
    for line, params in lines:
        invoked = invoked.with_note(line, **params)
    return invoked


def _pay(state: SWState, key: str, event: ev.Invoke, pending: PendingRoll) -> tuple[SWState, list[tuple[str, dict[str, object]]]]:
    """A free invoke used up (a boost then gone), or a fate point paid: by
    the invoker, or the GM's pool for an NPC; a hostile one is owed to the
    aspect's owner. The story's lines for what was paid come back too."""
    if event.free:
        held = _free_one(state, key, event.aspect, pending)
        if held is None:
            raise RuleViolation(t("sw.rule.no_free_invoke", aspect=event.aspect))
        if held.kind == "boost":
            return replace(state, aspects=tuple(a for a in state.aspects if a.id != held.id)), []
        return replace(state, aspects=tuple(replace(a, free=a.free - 1) if a.id == held.id else a for a in state.aspects)), []
    cost = state.rules.invokes.fate_point_cost
    who = payer(state, key)
    if who is None:
        npc = state.character(key).role == "npc"
        raise RuleViolation(t("sw.rule.no_fate_points_gm" if npc else "sw.rule.no_fate_points", name=state.character(key).name))
    lines: list[tuple[str, dict[str, object]]] = []
    if who == "gm":
        paid = replace(state, gm_pool=state.gm_pool - cost)
        # named, so the players' view leaves it out with a hidden NPC's invoke
        lines.append(("sw.note.gm_pool_paid", {"name": state.character(key).name, "count": paid.gm_pool}))
    else:
        fighter = state.fighter(key)
        paid = state.with_fighter(key, replace(fighter, fate_points=fighter.fate_points - cost))
    owners = {text: other for other, text in hostile_aspects(state, key, pending)}
    if event.aspect in owners:
        owed = dict(paid.owed)
        owed[owners[event.aspect]] = owed.get(owners[event.aspect], 0) + cost
        paid = replace(paid, owed=tuple(owed.items()))
        lines.append(("sw.note.hostile", {"name": state.character(owners[event.aspect]).name}))
    return paid, lines


__all__ = ["check_counter", "check_faces", "hostile_aspects", "invokable", "invoke", "involved", "payer", "roll_side"]
