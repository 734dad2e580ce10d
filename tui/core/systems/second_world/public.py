"""A Second World conflict in words without a terminal: the map's cards,
the stage, the roll on the table; and what the players may see of it.

The text keeps no secret of its own, so the GM marks what the players
must not see (``Hide``): a character (``character:<key>``), a zone's
aspect slot (``aspect_slot:<zone>:<n>``) or situation
(``situation:<zone>:<key>``), an aspect put in play (``made:<id>``; one a
hidden character makes on a zone starts hidden). The GM's map shows such a thing with a mark;
the projection leaves it out and every line of the story about it, then
drops every line that still names it (``secrets.redact``).
"""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.dice.odds import fudge_chances, percent
from tui.core.panel import LOG_TAIL, Card, Chance, ladder_chances, Edge, Occupant, Panel, RollPanel, SidePanel, ZoneMap
from tui.core.secrets import Hide, marked, redact
from tui.core.systems.second_world.state import SWState, aspect_item, character_item, made_item, situation_item
from tui.core.systems.second_world.story import condition, note_text, where

FACE = {-1: "−", 0: "0", 1: "+"}


def _by_slot(state: SWState, item: str) -> str:
    """A mark saved by an aspect's text (``aspect:<zone>:<text>``, before
    slots) as the mark on that aspect's slot; any other mark as it is."""
    kind, _, rest = item.partition(":")
    if kind != "aspect":
        return item
    zone, _, text = rest.partition(":")
    info = state.zone_info(zone)
    return next((aspect_item(zone, slot) for slot, said in zip(info.slots, info.aspects) if said == text), item)


def item_name(state: SWState, item: str) -> str:
    """What a mark names, in words; ``RuleViolation`` if the conflict has no such thing."""
    kind, _, rest = item.partition(":")
    try:
        if kind == "character":
            return state.character(rest).name
        zone, _, what = rest.partition(":")
        info = state.zone_info(zone)
        if kind == "aspect_slot" and what.isdigit() and int(what) in info.slots:
            return info.aspects[info.slots.index(int(what))]
        if kind == "situation" and what in info.situations:
            return state.rules.situation(what).name(language())
        if kind == "made" and (made := state.aspect(rest)) is not None:
            return made.text
    except (KeyError, ValueError):
        pass
    raise RuleViolation(t("secret.rule.no_such", item=item))


def hide(state: SWState, event: Hide) -> SWState:
    item = _by_slot(state, event.item)
    what = item_name(state, item)
    hidden = marked(state.hidden, event.model_copy(update={"item": item}), what)
    return replace(state, hidden=hidden).with_note("secret.note.hidden" if event.hidden else "secret.note.shown", (item,), what=what)


def secrets(state: SWState) -> tuple[str, ...]:
    """The words of everything hidden: any public line naming one is dropped."""
    words = []
    for item in state.hidden:
        try:
            words.append(item_name(state, item))
        except RuleViolation:
            pass  # a mark on a thing since removed: nothing left to hide
    return tuple(words)


# -- the map ---------------------------------------------------------------------------


def occupants(state: SWState, zone: str, *, public: bool) -> tuple[Occupant, ...]:
    found = []
    for character in state.characters:
        if state.zone_of(character.key) != zone:
            continue
        hidden = character_item(character.key) in state.hidden
        if hidden and public:
            continue
        fighter = state.fighter(character.key)
        mark = "active" if state.turn.actor == character.key else "out" if fighter.out or fighter.conceded else ""
        left = character.members - fighter.members_out
        detail = f"×{left}" if character.is_group and left > 0 else ""
        if hidden:
            detail = (detail + " " + t("secret.mark")).strip()
        found.append(Occupant(label=character.name, side=character.side, detail=detail, state=mark))
    return tuple(found)


def zone_cards(state: SWState, *, public: bool) -> tuple[tuple[str, Card], ...]:
    """Each zone's key and card: aspects and situations, who stands there.
    ``public``: without what the GM hid; otherwise with it, marked."""
    lang = language()
    cards = []
    for zone in state.board.zones:
        info = state.zone_info(zone.key)
        lines: list[str] = []
        for key in info.situations:
            hidden = situation_item(zone.key, key) in state.hidden
            if not (hidden and public):
                lines.append(state.rules.situation(key).name(lang) + " ▲" + (" " + t("secret.mark") if hidden else ""))
        for slot, text in zip(info.slots, info.aspects):
            hidden = aspect_item(zone.key, slot) in state.hidden
            if not (hidden and public):
                lines.append(text + (" " + t("secret.mark") if hidden else ""))
        for made in (a for a in state.aspects if a.on == zone.key):
            hidden = made_item(made.id) in state.hidden
            if not (hidden and public):
                lines.append(made.text + (f" ({made.free}×)" if made.free else "") + (" " + t("secret.mark") if hidden else ""))
        col, row = zone.cell
        cards.append((zone.key, Card(col=col, row=row, title=zone.name, aspects=tuple(lines), occupants=occupants(state, zone.key, public=public))))
    return tuple(cards)


def _up_next(state: SWState) -> str | None:
    """The character (Head on a Swivel) or side (Captain Takes Point) to act next."""
    up, side = state.next_up(), state.side_in_turn()
    if up is not None:
        return state.character(up).name
    return state.sides[side] if side is not None else None


def stage_line(state: SWState, *, public: bool = False) -> str:
    if state.stage == "scene" and public:
        return t("view.sw.scene")
    if state.stage == "scene":
        return t("sw_ui.stage.scene", zones=len(state.board.zones), edges=len(state.board.edges), characters=len(state.characters))
    if state.stage == "ended":
        return t("sw_ui.stage.ended")
    if state.turn.actor:
        who = state.character(state.turn.actor).name
    elif (waiting := _up_next(state)) is not None:
        # who the turn waits for; the GM's line names the key, the players' doesn't
        who = t("sw_ui.up_next_public" if public else "sw_ui.up_next", name=waiting)
    else:
        who = t("sw_ui.nobody")
    line = t("sw_ui.stage.conflict", round=state.round, order=t(f"sw.order.{state.order_kind}"), who=who)
    if not public and any(c.role == "npc" for c in state.characters):
        # the GM's line only: the players' would tell of NPCs the GM hides
        line += t("sw_ui.stage.gm_pool", count=state.gm_pool)
    return line


def roll_lines(state: SWState) -> list[str]:
    """The roll on the table in words (with the move's shifts), or the hit waiting to be absorbed."""
    pending = state.pending
    if pending is None:
        if state.hit is not None:
            return [t("sw_ui.roll.hit", name=state.character(state.hit.target).name, shifts=state.hit.shifts)]
        return []
    actor = pending.actor
    faces = " ".join(FACE[f] for f in actor.faces)
    lines = [t("sw_ui.roll.line", name=state.character(actor.key).name, action=t(f"sw.action.{pending.action}"), faces=faces, total=actor.total)]
    if pending.defence is not None:
        defence = " ".join(FACE[f] for f in pending.defence.faces)
        lines.append(t("sw_ui.roll.defence", name=state.character(pending.defence.key).name, faces=defence, total=pending.defence.total))
    else:
        lines.append(t("sw_ui.roll.against", difficulty=pending.opposition, shifts=max(0, pending.shifts) if pending.action == "move" else pending.shifts))
    if actor.invoked:
        lines.append(t("sw_ui.roll.invoked", aspects=", ".join(actor.invoked)))
    return lines


def _odds(state: SWState) -> tuple[str, tuple[Chance, ...]]:
    """The roll's chances before the dice fell, in words and as numbers."""
    pending = state.pending
    if pending is None:
        return "", ()
    against = pending.defence.base if pending.defence is not None else pending.difficulty
    win, tie = fudge_chances(pending.actor.base - against, state.rules.dice.count, opposed=pending.defence is not None)
    return t("view.ladder_odds", succeed=percent(win), tie=percent(tie)), ladder_chances(win, tie)


def panel(state: SWState, system_name: str) -> Panel:
    cells = {zone.key: zone.cell for zone in state.board.zones}
    edges = tuple(Edge(a=cells[e.a], b=cells[e.b], costs=e.left_text, closed=e.closed) for e in state.board.edges)
    board = ZoneMap(cards=tuple(card for _, card in zone_cards(state, public=True)), edges=edges, key=(t("view.sw.edge_key"),) if edges else ())
    sides = []
    for index, name in enumerate(state.sides):
        lines = []
        for character in state.characters:
            if character.side != index or character_item(character.key) in state.hidden:
                continue
            words = f"{character.name}: {where(state, character.key)}"
            if state.stage != "scene":
                words += " · " + condition(state, character.key)
            made = [a.text + (f" ({a.free}×)" if a.free else "") for a in state.aspects if a.on == character.key and made_item(a.id) not in state.hidden]
            if made:
                words += " · " + ", ".join(made)
            lines.append(words)
        sides.append(SidePanel(name=name, lines=tuple(lines)))
    lines = roll_lines(state)
    odds, chances = _odds(state)
    rolls = (RollPanel(title=t("view.sw.roll"), lines=tuple(lines), odds=odds, chances=chances),) if lines else ()
    log = tuple(note_text(state, note) for note in state.notes.latest(LOG_TAIL * 4, leave_out=frozenset(state.hidden)))
    whole = Panel(system_name=system_name, headline=stage_line(state, public=True), sides=tuple(sides), board=board, rolls=rolls, log=log)
    return redact(whole, secrets(state))


__all__ = ["aspect_item", "character_item", "hide", "item_name", "occupants", "panel", "roll_lines", "secrets", "situation_item", "stage_line", "zone_cards"]
