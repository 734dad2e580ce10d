"""Setting the scene: the sides, the characters, the zone map with its
edges, aspects and situations, and where everyone stands.

The map may change during the conflict too, as a GM rules it (a wall
blown open is a new edge; smoke makes a zone Cluttered); zones are placed
and removed, and characters built, only before it starts.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Collection

from pydantic import ValidationError

from tui.core.maps.edges import Edge
from tui.core.errors import BoardError, RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.secrets import with_marks
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.forces import check_sheet
from tui.core.systems.second_world.state import SWState, ZoneInfo, aspect_item, character_item, situation_item


def _in_scene(state: SWState) -> None:
    if state.stage != "scene":
        raise RuleViolation(t("sw.rule.scene_only"))


def set_sides(state: SWState, event: ev.SetSides) -> SWState:
    _in_scene(state)
    used = [c for c in state.characters if c.side >= len(event.names)]
    if used:
        raise RuleViolation(t("sw.rule.side_in_use", name=used[0].name, side=used[0].side + 1))
    return replace(state, sides=event.names)


def set_character(state: SWState, event: ev.SetCharacter) -> SWState:
    _in_scene(state)
    if event.hidden:
        # hidden first, so the line that tells of the character is the GM's only
        state = replace(state, hidden=with_marks(state.hidden, character_item(event.character.key)))
    character = check_sheet(event.character, state.rules)
    if character.side >= len(state.sides):
        raise RuleViolation(t("sw.rule.no_side", side=character.side + 1, count=len(state.sides)))
    known = any(c.key == character.key for c in state.characters)
    characters = tuple(character if c.key == character.key else c for c in state.characters) if known else (*state.characters, character)
    return replace(state, characters=characters).with_note("sw.note.character_changed" if known else "sw.note.character_added", name=character.name)


def remove_character(state: SWState, event: ev.RemoveCharacter) -> SWState:
    _in_scene(state)
    character = state.character(event.key)
    return replace(
        state,
        characters=tuple(c for c in state.characters if c.key != event.key),
        deployed=tuple(pair for pair in state.deployed if pair[0] != event.key),
    ).with_note("sw.note.character_removed", (character_item(event.key),), name=character.name)


def place_zone(state: SWState, event: ev.PlaceZone) -> SWState:
    _in_scene(state)
    board = state.board.place(event.zone)
    return replace(state, board=board).with_note("sw.note.zone_placed", zone=event.zone.name)


def remove_zone(state: SWState, event: ev.RemoveZone) -> SWState:
    _in_scene(state)
    zone = state.board.zone(event.key)
    standing = [state.character(key).name for key, where in state.deployed if where == event.key]
    if standing:
        raise RuleViolation(t("sw.rule.zone_occupied", zone=zone.name, name=standing[0]))
    board = state.board.remove(event.key)
    zones = tuple(pair for pair in state.zones if pair[0] != event.key)
    return replace(state, board=board, zones=zones).with_note("sw.note.zone_removed", zone=zone.name)


def rename_zone(state: SWState, event: ev.RenameZone) -> SWState:
    _in_scene(state)
    old = state.board.zone(event.key).name
    return replace(state, board=state.board.rename(event.key, event.name)).with_note("sw.note.zone_renamed", old=old, zone=event.name)


def carried_slots(old: tuple[str, ...], slots: tuple[int, ...], new: tuple[str, ...], made: int, hidden: Collection[int] = ()) -> tuple[tuple[int, ...], int]:
    """The slots of ``new`` aspects written over ``old`` ones, and the slots
    made after. An aspect kept keeps its slot wherever it moved. The others
    take the slots of the old ones gone, most alike first ("Flooded Shell
    Craters" is the reworded "Flooded Craters", not the "Thick Mud" deleted
    in the same edit), and where nothing tells them apart a ``hidden`` slot
    first: an edit may hide a line the GM meant to show (the map marks it),
    never show one meant to be hidden. What is left over is a new slot."""
    free = list(zip(old, slots))
    kept: list[int | None] = []
    for text in new:
        match = next((pair for pair in free if pair[0] == text), None)
        if match is not None:
            free.remove(match)
        kept.append(match[1] if match is not None else None)
    places = {slot: index for index, slot in enumerate(slots)}
    pairs = sorted(
        ((_unlike(text, was), slot not in hidden, abs(places[slot] - index), index, slot) for index, text in enumerate(new) if kept[index] is None for was, slot in free),
    )
    taken: set[int] = set()
    for _, _, _, index, slot in pairs:
        if kept[index] is None and slot not in taken:
            kept[index] = slot
            taken.add(slot)
    result = []
    for found in kept:
        if found is None:
            made += 1
            found = made
        result.append(found)
    return tuple(result), made


def _unlike(a: str, b: str) -> tuple[float, int]:
    words, letters = _alike(a, b)
    return -words, -letters


def _alike(a: str, b: str) -> tuple[float, int]:
    """How alike two aspects read: the share of their words in common, then
    their letters in fifths (any case), so that only a clear difference
    tells two old ones apart."""
    words, others = set(a.casefold().split()), set(b.casefold().split())
    letters = int(SequenceMatcher(None, a.casefold(), b.casefold()).ratio() * 5)
    return round(len(words & others) / len(words | others), 2), letters


def zone_aspects(state: SWState, event: ev.ZoneAspects) -> SWState:
    zone = state.board.zone(event.zone)
    info = state.zone_info(event.zone)
    # the hidden among the aspects on it now: a mark outlives an aspect deleted, and must not hide what comes later
    hidden = {slot for slot in info.slots if aspect_item(event.zone, slot) in state.hidden}
    slots, made = carried_slots(info.aspects, info.slots, event.aspects, state.slots_made, hidden)
    wanted = event.hidden or ()
    beyond = next((index for index in wanted if index >= len(slots)), None)
    if beyond is not None:
        raise RuleViolation(t("sw.rule.no_such_aspect", number=beyond + 1, count=len(slots)))
    marks = with_marks(state.hidden, *(aspect_item(event.zone, slots[index]) for index in wanted))
    if hidden - set(slots):
        # A hidden aspect's words are gone, and which new line they became is
        # a guess: every new line of the edit is hidden, the map marks them,
        # and the GM shows what was meant to be seen (never the other way).
        guessed = [aspect_item(event.zone, slot) for slot, text in zip(slots, event.aspects) if text not in info.aspects]
        marks = with_marks(marks, *guessed)
    changed = replace(state, slots_made=made, hidden=marks).with_zone_info(event.zone, ZoneInfo(event.aspects, info.situations, slots))
    # about every aspect it counts, before and after: a count with a hidden one in it tells the players it is there
    about = tuple(aspect_item(event.zone, slot) for slot in {*info.slots, *slots})
    return changed.with_note("sw.note.zone_aspects", about, zone=zone.name, count=len(event.aspects))


def situation(state: SWState, event: ev.Situation) -> SWState:
    zone = state.board.zone(event.zone)
    known = {s.key for s in state.rules.situational}
    if event.situation not in known:
        raise RuleViolation(t("sw.rule.no_situation", situation=event.situation, known=", ".join(sorted(known))))
    info = state.zone_info(event.zone)
    kept = tuple(s for s in info.situations if s != event.situation)
    situations = (*kept, event.situation) if event.on else kept
    if situations == info.situations:
        raise RuleViolation(t("sw.rule.situation_unchanged"))
    note = "sw.note.situation_on" if event.on else "sw.note.situation_off"
    about = (situation_item(event.zone, event.situation),)
    return state.with_zone_info(event.zone, replace(info, situations=situations)).with_note(note, about, zone=zone.name, situation=event.situation)


def build_edge(a: str, b: str, **fields: object) -> Edge:
    """An edge from an event's fields; what it can't be is one ``BoardError`` line."""
    try:
        return Edge.model_validate({"a": a, "b": b, **fields})
    except ValidationError as exc:
        message = exc.errors(include_url=False)[0]["msg"]
        raise BoardError(message.removeprefix("Value error, ")) from None


def set_edge(state: SWState, event: ev.SetEdge) -> SWState:
    fields = event.model_dump(exclude={"kind", "a", "b"})
    edge = build_edge(event.a, event.b, **fields)
    board = state.board.with_edge(edge)
    a, b = state.board.zone(edge.a).name, state.board.zone(edge.b).name
    return replace(state, board=board).with_note("sw.note.edge_set", a=a, b=b, costs=edge.notation, closed=edge.closed)


def remove_edge(state: SWState, event: ev.RemoveEdge) -> SWState:
    board = state.board.without_edge(event.a, event.b)
    return replace(state, board=board).with_note("sw.note.edge_removed", a=state.board.zone(event.a).name, b=state.board.zone(event.b).name)


def deploy(state: SWState, event: ev.Deploy) -> SWState:
    _in_scene(state)
    character = state.character(event.key)
    zone = state.board.zone(event.zone)
    deployed = tuple(pair for pair in state.deployed if pair[0] != event.key)
    return replace(state, deployed=(*deployed, (event.key, event.zone))).with_note("sw.note.deployed", name=character.name, zone=zone.name)


__all__ = ["build_edge", "carried_slots", "deploy", "place_zone", "remove_character", "remove_edge", "remove_zone", "rename_zone", "set_character", "set_edge", "set_sides", "situation", "zone_aspects"]
