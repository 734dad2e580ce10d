"""A Fate battle in words without a terminal: the zone cards as the table
sees them, the stage, the roll on the table. The zone board (UI) and the
players' projection both draw from here, so they never tell two stories.

The one secret: a hidden zone aspect stays face down (only how many lie on
a card shows) until a unit enters the zone or scouts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tui.core.dice.fudge import fudge_outcome
from tui.core.i18n import language, t
from tui.core.dice.odds import fudge_chances, percent
from tui.core.panel import LOG_TAIL, Card, Occupant, Panel, RollPanel, SidePanel, ZoneMap, ladder_chances
from tui.core.systems.fate.state import Contest, FateState, RollSide
from tui.core.systems.fate.story import note_text, players_on, side_name

FACE = {-1: "−", 0: "0", 1: "+"}
Part = tuple[str, str]
"""A piece of a line and its style ("", "bold", "bold underline", "italic")."""


def skill_name(state: FateState, skill: str) -> str:
    try:
        return state.rules.skill(skill).name(language())
    except KeyError:
        return skill


def ladder(state: FateState, value: int) -> str:
    return state.rules.rated(value, language())


# -- the zone cards ----------------------------------------------------------------


def _on_card(state: FateState, key: str) -> list[str]:
    """What lies on a unit or a leader besides its consequences (counted
    apart): Pinned Down, Surrounded, advantages and boosts, as on its card."""
    shown = []
    for aspect in state.aspects_on(key):
        if aspect.kind in ("consequence", "card"):
            continue
        words = aspect.text
        if aspect.kind == "boost":
            words += " " + t("fate_ui.card.boost")
        if sum(aspect.free):
            words += f" ({sum(aspect.free)}×)"
        shown.append(words)
    return shown


def occupants(state: FateState, zone: str) -> tuple[Occupant, ...]:
    """Who stands in ``zone``: units with their leaders, leaders alone, the taken out."""
    acting = state.activation.actor if state.activation else None
    result: list[Occupant] = []
    for key in state.units_in(zone):
        unit = state.unit(key)
        if state.owner(key) in state.conceded:
            # A side that conceded has left the field: its units are out of the fight, not standing in it.
            result.append(Occupant(label=unit.name if unit else key, side=state.side_of(key), detail=t("fate_ui.conceded"), state="out"))
            continue
        leader = state.leader_of(key)
        details = []
        used = len(state.consequences_of(key))
        if used:
            # the unit's own, before its leader's name: after it, it read as the leader's
            details.append(t("fate_ui.board.consequences", count=used))
        if leader:
            details.append("+" + state.name(leader))
        # after the leader: a long boost cut at the card's edge took the leader's
        # name with it (the playthrough); aspects lie on the pair as one card
        details.extend(_on_card(state, key))
        mark = "active" if key == acting else "done" if key in state.acted else ""
        result.append(Occupant(label=unit.name if unit else key, side=state.side_of(key), detail=" ".join(details), state=mark))
    for key in state.leaders_in(zone):
        if state.place(key).attached is None and state.owner(key) in state.conceded:
            result.append(Occupant(label="★ " + state.name(key), side=state.side_of(key), detail=t("fate_ui.conceded"), state="out"))
        elif state.place(key).attached is None:
            mark = "active" if key == acting else "done" if key in state.acted else ""
            detail = " ".join([t("fate_ui.board.alone"), *_on_card(state, key)])
            result.append(Occupant(label="★ " + state.name(key), side=state.side_of(key), detail=detail, state=mark))
    for key, place in state.places.items():
        if place.out and place.zone == zone:
            result.append(Occupant(label=state.name(key), side=state.side_of(key), detail=t("fate_ui.board.out"), state="out"))
    return tuple(result)


def zone_cards(state: FateState, *, gm: bool = False) -> tuple[tuple[str, Card], ...]:
    """Each zone's key and its card: face-up aspects, the hidden ones counted;
    ``gm``: the GM's board, the hidden ones written out and marked."""
    cards = []
    for zone in state.board.zones:
        aspects = tuple(
            a.text + (" ▲" if a.hinders else "") + (f" ({a.free[0] + a.free[1]}×)" if sum(a.free) else "") + (" " + t("secret.mark") if a.hidden else "")
            for a in state.aspects_on(zone.key, hidden=None if gm else False)
            if a.kind != "card"
        )
        hidden = 0 if gm else len(state.aspects_on(zone.key, hidden=True))
        cards.append((zone.key, Card(col=zone.col, row=zone.row, title=zone.name, aspects=aspects, hidden=hidden, occupants=occupants(state, zone.key))))
    return tuple(cards)


# -- the stage and the roll ----------------------------------------------------------


def stage_line(state: FateState) -> str:
    if state.stage == "muster":
        return t("fate_ui.stage.muster")
    if state.stage == "battlefield":
        from tui.core.systems.fate.forces import zones_rule_of_thumb

        placer = state.players[state.placer or 0].name
        return t("fate_ui.stage.battlefield", player=placer, zones=len(state.board.zones), thumb=zones_rule_of_thumb(state.players, state.rules))
    if state.stage == "deploy":
        from tui.core.systems.fate.muster import undeployed

        return t("fate_ui.stage.deploy", count=len(undeployed(state)))
    if state.stage == "ended":
        if state.winner is None:
            return t("fate_ui.stage.ended_nobody")
        several = players_on(state, state.winner) > 1
        return t("fate_ui.stage.ended_several" if several else "fate_ui.stage.ended", side=side_name(state, state.winner))
    player = state.current_player
    name = state.players[player].name if player is not None else "?"
    return t("fate_ui.stage.battle", round=state.round, player=name)


def _roll_side(state: FateState, side: RollSide, spent: dict[str, str]) -> list[Part]:
    parts: list[Part] = [(state.name(side.who), "bold"), (f" {skill_name(state, side.skill)} {side.rating:+d}  [" + " ".join(FACE[f] for f in side.faces) + "]", "")]
    for label, value in side.bonuses:
        parts.append((f"  {_bonus_label(state, label, spent)} {value:+d}", ""))
    rerolled = [a for a in side.invoked if f"invoke:{a}" not in dict(side.bonuses)]
    for aspect_id in rerolled:
        parts.append(("  " + t("fate_ui.rerolled", aspect=_aspect_words(state, aspect_id, spent)), ""))
    parts.append((f"  = {ladder(state, side.total)}", "bold"))
    return parts


def _aspect_words(state: FateState, aspect_id: str, spent: dict[str, str]) -> str:
    aspect = state.aspect(aspect_id)
    return aspect.text if aspect else spent.get(aspect_id, t("fate_ui.bonus.invoke"))


def _bonus_label(state: FateState, label: str, spent: dict[str, str]) -> str:
    kind, _, key = label.partition(":")
    if kind == "invoke":
        return _aspect_words(state, key, spent)
    if kind == "leader":
        return state.name(key)
    return t(f"fate_ui.bonus.{kind}")


def contest_parts(state: FateState, contest: Contest) -> list[list[Part]]:
    """The roll on the table, line by line: the action, each side's dice and
    bonuses, the outcome."""
    title: list[Part] = [(t(f"fate.action.{contest.action}"), "bold underline")]
    if contest.target:
        title.append(("  → " + _target_name(state, contest.target), "bold underline"))
    spent = dict(contest.spent)
    lines = [title, _roll_side(state, contest.active, spent)]
    if contest.defence is not None:
        lines.append([(t("fate_ui.against"), ""), *_roll_side(state, contest.defence, spent)])
    else:
        lines.append([(t("fate_ui.against_difficulty", difficulty=ladder(state, contest.difficulty)), "")])
    result = fudge_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)
    lines.append([(t(f"fate_ui.outcome.{result.value}", shifts=contest.shifts), "bold")])
    return lines


def roll_summary(state: FateState, contest: Contest, short: bool = False) -> str:
    """The roll on the table in one line, for the status bar: its outcome is
    always in sight, however short the panel is. ``short``: the totals as
    numbers, without the ladder's words (a German line at 80 columns lost
    its outcome; the panel below names them)."""
    result = fudge_outcome(contest.active.total, contest.opposition, state.rules.outcomes.success_with_style_shifts)
    return t(
        "fate_ui.roll_summary",
        actor=state.name(contest.by),
        action=t(f"fate.action.{contest.action}"),
        total=f"{contest.active.total:+d}" if short else ladder(state, contest.active.total),
        against=f"{contest.opposition:+d}" if short else ladder(state, contest.opposition),
        outcome=t(f"fate_ui.outcome.{result.value}", shifts=contest.shifts),
    )


def _target_name(state: FateState, key: str) -> str:
    aspect = state.aspect(key)
    if aspect is not None:
        return aspect.text
    return state.name(key)


def _before_dice(side: RollSide) -> int:
    return side.rating + sum(value for label, value in side.bonuses if not label.startswith("invoke:"))


def contest_chances(state: FateState, contest: Contest) -> tuple[Fraction, Fraction]:
    """(succeeds, ties): the chances the roll had before the dice fell,
    from the ratings and the bonuses known before it (a leader, the
    range), not the invokes made after it."""
    against = _before_dice(contest.defence) if contest.defence is not None else contest.difficulty
    return fudge_chances(_before_dice(contest.active) - against, state.rules.dice.count, opposed=contest.defence is not None)


def contest_odds(state: FateState, contest: Contest) -> str:
    win, tie = contest_chances(state, contest)
    return t("view.ladder_odds", succeed=percent(win), tie=percent(tie))


# -- the projection -------------------------------------------------------------------


def _status(state: FateState) -> tuple[str, ...]:
    points = "  ".join(
        f"{p.name} {t('fate_ui.fate_points', count=state.fate_points[i])}" + (" " + t("fate_ui.conceded") if i in state.conceded else "")
        for i, p in enumerate(state.players)
    )
    lines = [points]
    if state.activation is not None:
        actor = state.activation.actor
        leader = state.leader_of(actor) if state.unit(actor) else None
        lines.append("▶ " + state.name(actor) + (f" + {state.name(leader)}" if leader else ""))
    if state.contest is not None:
        lines.append(roll_summary(state, state.contest))
    return tuple(lines)


def _sides(state: FateState) -> tuple[SidePanel, ...]:
    result = []
    for side in sorted({p.side for p in state.players}):
        lines = []
        for player in (p for p in state.players if p.side == side):
            for card in player.cards:
                place = state.place(card.key)
                if place.out:
                    where = t("fate_ui.board.out")
                elif place.attached is not None:
                    where = t("view.fate.with", unit=state.name(place.attached))
                else:
                    where = state.board.zone(place.zone).name if place.zone else "—"
                lines.append(f"{card.name}: {where}")
        result.append(SidePanel(name=side_name(state, side), lines=tuple(lines)))
    return tuple(result)


def last_roll(states: Sequence[FateState]) -> tuple[FateState, bool] | None:
    """The latest state with a roll on the table, newest first in ``states``,
    and whether it is still there (False: resolved since)."""
    for number, state in enumerate(states):
        if state.contest is not None:
            return state, number == 0
    return None


def panel(state: FateState, system_name: str, earlier: Sequence[FateState] = ()) -> Panel:
    """``earlier``: the states before this one, newest first, where the last
    roll is found once it has been resolved (the players still see it)."""
    rolls: tuple[RollPanel, ...] = ()
    found = last_roll((state, *earlier))
    if found is not None:
        rolled, on_table = found
        assert rolled.contest is not None
        lines = tuple("".join(text for text, _ in line) for line in contest_parts(rolled, rolled.contest))
        title = lines[0] if on_table else t("view.fate.last_roll", roll=lines[0])
        rolls = (RollPanel(title=title, lines=lines[1:], odds=contest_odds(rolled, rolled.contest), chances=ladder_chances(*contest_chances(rolled, rolled.contest))),)
    board = ZoneMap(cards=tuple(card for _, card in zone_cards(state)))
    log = tuple(note_text(state, note) for note in state.notes.latest(LOG_TAIL))
    return Panel(system_name=system_name, headline=stage_line(state), status=_status(state), sides=_sides(state), board=board, rolls=rolls, log=log)


__all__ = ["FACE", "contest_odds", "last_roll", "contest_parts", "ladder", "occupants", "panel", "roll_summary", "skill_name", "stage_line", "zone_cards"]
