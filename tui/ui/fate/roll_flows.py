"""The dialogs behind the actions that roll: overcome, attack, create an
advantage, a leader's own action (invokes and resolving the roll are in
fate_outcome_flows).

The core picks the skill where the text fixes it (Fight in the zone, Shoot
beyond; Notice to scout) and the bonuses; the flows ask only what a player
chooses: the target, the aspect's words, a difficulty the text leaves
open, the consequences a defender takes. The dice come from the battle's
seed, so escaping a dialog and trying again shows the same faces.
"""

from __future__ import annotations

from typing import Any, Callable

from tui.core.i18n import language, t
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.opposition import AIMED_AT_UNITS, attack_skill, use_skill
from tui.core.systems.fate.contest import (
    AIMED_AT_ZONES,
    WITH_DIFFICULTY,
    best_skill,
    defence_options,
    defence_skill,
    resist_options,
    resist_skill,
    unlisted_skill,
)
from tui.core.systems.fate.state import FateState
from tui.core.systems.fate.turns import obstacle, pinned
from tui.core.systems.fate.battle import FateBattle
from tui.ui.shell.zone_screen import ZoneMapScreen
from tui.ui.shell.battle_screen import shell
from tui.ui.fate.chances import odds_line
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.shell.table_dice import Ask, ask_label, fate_dice_ask, table_faces
from tui.ui.fate import menus
from tui.ui.fate import text as ft

FieldScreen = ZoneMapScreen[FateBattle]
"""The zone board as the flows see it (they never import the screen)."""



async def ask(screen, dialog):
    """Show a dialog and wait for the GM's answer (None: escape)."""
    return await screen.app.push_screen_wait(dialog)


def act(screen, change) -> bool:
    return shell(screen).act(change)


def _roll_refusal(screen: FieldScreen, action: str, by: str, skill: str, **fields: Any) -> str | None:
    """Why the rules would refuse this roll, asked before the GM types
    anything for it (the dice and the aspect's words don't change that)."""
    state = screen.battle.game
    faces = (0,) * state.rules.dice.count
    event = ev.Roll(counter=state.counter, action=action, by=by, skill=skill, faces=faces, defence_faces=faces if fields.get("defender") else (), aspect=fields.pop("aspect", "—"), **fields)
    return screen.battle.step_refusal(event)


def fate_ask(state: FateState, who: str, skill: str | None, words: str = "") -> Ask:
    """The faces of one Fate roll typed at the table (``shell.table_dice``)."""
    side = state.side_of(who)
    label = ask_label(state.name(who), ft.skill_name(state, skill) if skill else "", words)
    return fate_dice_ask(side if side is not None else -1, label, state.rules.dice.count)


async def _roll(screen, action: str, by: str, skill: str, **fields) -> bool:
    """Roll the action; the sides rolling at the table type their faces first."""
    state = screen.battle.game
    defender, defence_skill = fields.get("defender"), fields.get("defence_skill")
    if action == "break_pin":  # opposed by the pinning unit's Shoot
        pin = next((a for a in state.aspects_on(by) if a.kind == "pinned_down"), None)
        defender, defence_skill = (pin.by or None, use_skill(state, "pinned_down")) if pin is not None else (None, None)
    defence = fate_ask(state, defender, defence_skill) if defender else None
    typed = await table_faces(screen, [fate_ask(state, by, skill), defence])
    if typed is None:
        return False
    return act(screen, lambda b: b.roll(action, by, skill, typed=typed[0], typed_defence=typed[1], **fields))


def _boost_text() -> str:
    return t("fate_ui.default_boost")


def _distance(state: FateState, a: str, b: str) -> int | None:
    za, zb = state.zone_of(a), state.zone_of(b)
    if za is None or zb is None:
        return None
    return state.board.distance(za, zb)


def _range_note(state: FateState, skill: str, distance: int | None) -> str:
    key = "fate_ui.range_here" if distance == 0 else "fate_ui.range"
    note = t(key, skill=ft.skill_name(state, skill), zones=distance)
    if distance is not None and distance >= state.rules.attack.farthest_zones and distance > 1:
        note += " · " + t("fate_ui.range_far", bonus=state.rules.attack.far_defence_bonus)
    return note


# -- overcome --------------------------------------------------------------------


async def overcome(screen: FieldScreen) -> None:
    state = screen.battle.game
    activation = state.activation
    zone = screen.cursor_zone()
    if activation is None or zone is None:
        return
    by = activation.actor
    here = state.zone_of(by)
    side = state.side_of(by)
    if zone == here:
        # An overcome leaves the zone: the cursor on the unit's own says so, not "not adjacent".
        shell(screen).refuse(t("fate_ui.overcome.here", actor=state.name(by), zone=state.board.zone(zone).name), severity="warning", bell=False)
        return
    options: list[Choice] = []
    if pinned(state, by):
        options.append(Choice(("break_pin", (zone,)), t("fate_ui.overcome.break_pin", zone=state.board.zone(zone).name), closed=None if here and state.board.adjacent(here, zone) else t("fate.rule.not_adjacent", zone=state.board.zone(zone).name)))
    else:
        adjacent = bool(here and state.board.adjacent(here, zone))
        in_the_way = bool(state.enemies_in(zone, side) or state.hindering(zone))
        options.append(Choice(("enter", (zone,)), t("fate_ui.overcome.enter", zone=state.board.zone(zone).name), closed=None if adjacent and in_the_way else t("fate.rule.not_adjacent", zone=state.board.zone(zone).name) if not adjacent else t("fate_ui.overcome.no_obstacle")))
        path = state.board.path(here, zone) if here else None
        if path and 1 <= len(path) - 1 <= state.rules.overcome.extra_move_zones:
            blocked = next(filter(None, (obstacle(state, step, side) for step in path[1:])), None)
            options.append(Choice(("dash", tuple(path[1:])), t("fate_ui.overcome.dash", zone=state.board.zone(zone).name, zones=len(path) - 1), closed=blocked))
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.overcome", actor=state.name(by)), options, t("fate_ui.dialog.overcome_help"), menu=menus.OVERCOME))
    if picked is None:
        return
    action, path = picked
    skill = await _pick_skill(screen, by)
    if skill is None:
        return
    fields: dict = {"path": path, "aspect": _boost_text()}
    if action == "enter" and state.enemies_in(path[0], side):
        enemies = state.enemies_in(path[0], side)
        defender = enemies[0] if len(enemies) == 1 else await ask(screen, ChoiceDialog(t("fate_ui.dialog.defender"), [Choice(k, state.name(k)) for k in enemies]))
        if defender is None:
            return
        count = state.hindering(path[0])
        if count:
            # "Either way": the defender opposes, or the GM applies the
            # terrain's difficulty instead (RULES-NOTES); the roll records which.
            difficulty = count * state.rules.overcome.difficulty_per_hindering_aspect
            defended = odds_line(state, action, by, skill, defender=defender, defence_skill=best_skill(state, defender, state.rules.overcome.defend_skills), **fields)
            terrain = await ask(screen, ChoiceDialog(t("fate_ui.dialog.enter_opposition", zone=state.board.zone(path[0]).name), [
                Choice(False, t("fate_ui.enter.defender", name=state.name(defender)), entry="defender", detail=defended),
                Choice(True, t("fate_ui.enter.terrain", difficulty=ft.ladder(state, difficulty), count=count), entry="terrain", detail=odds_line(state, action, by, skill, difficulty=difficulty, **fields)),
            ], menu=menus.ENTER_OPPOSITION))
            if terrain is None:
                return
            if terrain:
                fields["difficulty"] = difficulty
                await _roll(screen, action, by, skill, **fields)
                return
        chosen = await choose_defence(screen, defender, state.rules.overcome.defend_skills, lambda s: odds_line(state, action, by, skill, defender=defender, defence_skill=s, **fields))
        if chosen is None:
            return
        fields.update(defender=defender, defence_skill=chosen)
    elif action == "dash":
        difficulty = await ask(screen, NumberDialog(
            t("fate_ui.dialog.difficulty"), state.rules.overcome.move_difficulty, -2, 8, t("fate_ui.dialog.difficulty_help"),
            describe=lambda d: odds_line(state, action, by, skill, difficulty=d, **fields),
        ))
        if difficulty is None:
            return
        fields["difficulty"] = difficulty
    await _roll(screen, action, by, skill, **fields)


async def _pick_skill(screen, by: str) -> str | None:
    """The roller's skill, the best one highlighted: those on its card, then
    (unless the house rule allows only those) every other at Mediocre (+0),
    as in Fate Core (RULES-NOTES, settled after the second audit)."""
    state = screen.battle.game
    skills = _own_skills(state, by)
    if not state.rules.actions.listed_skills_only:
        skills += [s.key for s in state.rules.skills if s.key not in skills]
    options = [Choice(s, ft.skill_name(state, s), f"{state.total(by, s):+d}") for s in skills]
    return await ask(screen, ChoiceDialog(t("fate_ui.dialog.skill"), options, highlight=best_skill(state, by, skills)))


def _own_skills(state: FateState, key: str) -> list[str]:
    unit = state.unit(key)
    card = unit or state.leader(key)
    skills = card.skills if card is not None else {}
    return list(skills) or [s.key for s in state.rules.skills]


# -- attack ----------------------------------------------------------------------


async def attack(screen: FieldScreen) -> None:
    state = screen.battle.game
    activation = state.activation
    if activation is None:
        return
    by = activation.actor
    if state.unit(by) is None:
        await leader_attack(screen, by)
        return
    side = state.side_of(by)
    options = []
    for player in state.players:
        for unit in player.units:
            if player.side == side or state.place(unit.key).out or state.place(unit.key).zone is None:
                continue
            options.append(_target(state, "attack", by, unit.key))
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.attack", actor=state.name(by)), options, t("fate_ui.dialog.attack_help")))
    await _attack_roll(screen, "attack", by, picked)


async def leader_attack(screen: FieldScreen, by: str) -> None:
    state = screen.battle.game
    side = state.side_of(by)
    options = []
    for index, player in enumerate(state.players):
        if player.side == side:
            continue
        options += [_target(state, "leader_attack", by, key) for key in state.standing_leaders(index)]
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.leader_attack", actor=state.name(by)), options, t("fate_ui.dialog.attack_help")))
    await _attack_roll(screen, "leader_attack", by, picked)


def _target(state: FateState, action: str, by: str, key: str) -> Choice:
    """An enemy to attack, with the skill its range takes and the chances
    against its best defence, or why it is out of reach."""
    distance = _distance(state, by, key)
    skill = attack_skill(state, distance if distance is not None else 99)
    name = state.name(key)
    if not skill:
        return Choice((key, skill), name, "", t("fate.rule.out_of_range", target=name, most=state.rules.attack.farthest_zones))
    odds = odds_line(state, action, by, skill, target=key, defender=key, defence_skill=defence_skill(state, key, skill), aspect=_boost_text())
    return Choice((key, skill), name, _range_note(state, skill, distance), unlisted_skill(state, by, skill), detail=odds)


async def choose_defence(screen, defender: str, skills: list[str] | tuple[str, ...], odds: Callable[[str], str] | None = None) -> str | None:
    """The defender chooses the skill to defend with (RULES-NOTES); the app
    proposes the best, each with the roll's chances against it (``odds``).
    No question when only one of the skills allowed is on the defender's
    card (the rest are Mediocre): that one, or the best."""
    state = screen.battle.game
    rated = [s for s in skills if s in _own_skills(state, defender)]
    if len(rated) <= 1:
        return rated[0] if rated else best_skill(state, defender, skills)
    options = [Choice(s, ft.skill_name(state, s), f"{state.total(defender, s):+d}", detail=odds(s) if odds else "") for s in skills]
    return await ask(screen, ChoiceDialog(t("fate_ui.dialog.defence_skill", name=state.name(defender)), options, highlight=best_skill(state, defender, skills)))


async def _attack_roll(screen, action: str, by: str, picked) -> None:
    """Roll the attack on the picked ``(target, skill)``; the target defends
    with the skill its player chooses."""
    if picked is None:
        return
    target, skill = picked
    state = screen.battle.game
    chosen = await choose_defence(screen, target, defence_options(state, skill), lambda s: odds_line(state, action, by, skill, target=target, defender=target, defence_skill=s, aspect=_boost_text()))
    if chosen is None:
        return
    await _roll(screen, action, by, skill, target=target, defender=target, defence_skill=chosen, aspect=_boost_text())


# -- create an advantage -----------------------------------------------------------


async def advantage(screen: FieldScreen) -> None:
    state = screen.battle.game
    activation = state.activation
    if activation is None:
        return
    by = activation.actor
    lang = language()
    cursor = screen.cursor_zone() or ""

    def closed(use) -> str | None:
        if use.skill and (why := unlisted_skill(state, by, use.skill)):
            return why
        # Scouting looks into the zone under the cursor: said now, not after the aspect is typed.
        if use.key in AIMED_AT_ZONES and use.skill:
            return _roll_refusal(screen, "advantage", by, use.skill, use=use.key, target=cursor)
        return None

    options = [Choice(use.key, use.name(lang), ft.skill_name(state, use.skill) if use.skill else t("fate_ui.no_roll"), closed(use)) for use in state.rules.create_advantage.uses]
    options.append(Choice("", t("fate_ui.advantage.other"), t("fate_ui.advantage.other_note"), entry="other"))
    for pin in (a for a in state.aspects if a.kind == "pinned_down" and a.by == by):
        options.append(Choice(("maintain", pin.id), t("fate_ui.advantage.maintain", target=state.name(pin.on))))
    use = await ask(screen, ChoiceDialog(t("fate_ui.dialog.advantage", actor=state.name(by)), options, t("fate_ui.dialog.advantage_help"), menu=menus.ADVANTAGE))
    if use is None:
        return
    if isinstance(use, tuple):
        act(screen, lambda b: b.record(ev.Advantage(action="maintain", by=by, target=use[1])))
        return
    row = next((u for u in state.rules.create_advantage.uses if u.key == use), None)
    if row is not None and row.skill is None:  # the text names no roll: Surrounded
        act(screen, lambda b: b.record(ev.Advantage(action="surround", by=by)))
        return
    skill = row.skill if row else None
    fields: dict = {"use": use}
    if use in AIMED_AT_UNITS:
        side = state.side_of(by)
        enemies = [u.key for p in state.players if p.side != side for u in p.units if not state.place(u.key).out and state.place(u.key).zone]
        targets = [
            Choice(
                k, state.name(k), state.board.zone(state.zone_of(k) or "").name,
                _roll_refusal(screen, "advantage", by, skill or "", use=use, target=k, defender=k, defence_skill=resist_skill(state, use, k)),
                detail=odds_line(state, "advantage", by, skill or "", use=use, target=k, defender=k, defence_skill=resist_skill(state, use, k), aspect="—"),
            )
            for k in enemies
        ]
        target = await ask(screen, ChoiceDialog(t("fate_ui.dialog.target"), targets))
        if target is None:
            return
        resist = await choose_defence(screen, target, resist_options(state, use), lambda s: odds_line(state, "advantage", by, skill or "", use=use, target=target, defender=target, defence_skill=s, aspect="—"))
        if resist is None:
            return
        fields.update(target=target, defender=target, defence_skill=resist)
    elif use in AIMED_AT_ZONES:
        if row is None:  # something else: any skill the player names
            skill = await _pick_skill(screen, by)
            if skill is None:
                return
        fields["target"] = screen.cursor_zone() or ""
    if use in WITH_DIFFICULTY:
        probe = {k: v for k, v in fields.items() if k != "difficulty"}
        difficulty = await ask(screen, NumberDialog(
            t("fate_ui.dialog.difficulty"), state.rules.create_advantage.difficulty, -2, 8, t("fate_ui.dialog.difficulty_help"),
            describe=lambda d: odds_line(state, "advantage", by, skill or "", difficulty=d, aspect="—", **probe),
        ))
        if difficulty is None:
            return
        fields["difficulty"] = difficulty
    default = row.aspect(lang) if row and row.aspect else ""
    aspect = await ask(screen, TextDialog(t("fate_ui.dialog.aspect_new"), default, t("fate_ui.dialog.aspect_help")))
    if not aspect:
        return
    await _roll(screen, "advantage", by, skill or "", aspect=aspect, **fields)


# -- the leader's own action ---------------------------------------------------------


def _leader_attack_refusal(screen: FieldScreen, by: str) -> str | None:
    """Why ``by`` can attack no enemy leader now: the reason given for the
    first one (out of range, action used...), or None if one can be attacked."""
    state = screen.battle.game
    side = state.side_of(by)
    first: str | None = None
    for index, player in enumerate(state.players):
        if player.side == side:
            continue
        for key in state.standing_leaders(index):
            distance = _distance(state, by, key)
            skill = attack_skill(state, distance if distance is not None else 99)
            if not skill:
                first = first or t("fate.rule.out_of_range", target=state.name(key), most=state.rules.attack.farthest_zones)
                continue
            why = _roll_refusal(screen, "leader_attack", by, skill, target=key, defender=key, defence_skill=defence_skill(state, key, skill))
            if why is None:
                return None
            first = first or why
    return first or t("fate_ui.leader.no_enemy_leader")


async def leader(screen: FieldScreen) -> None:
    state = screen.battle.game
    activation = state.activation
    if activation is None:
        return
    by = activation.actor
    options: list[Choice] = []
    if state.unit(by):
        key = state.leader_of(by)
        if key:
            options.append(Choice(("give", key), t("fate_ui.leader.give", leader=state.name(key)), closed=screen.battle.step_refusal(ev.SecondAction(source="leader"))))
            will = state.rules.leaders.bonus_skill
            for c in state.consequences_of(by):
                options.append(Choice(("recover", key, c.id), t("fate_ui.leader.recover", aspect=c.text), ft.ladder(state, state.rules.consequence(c.slot).recovery_difficulty), _roll_refusal(screen, "recover", key, will, target=c.id), detail=odds_line(state, "recover", key, will, target=c.id)))
            # A boost: a Will roll while the unit has consequences, else no roll.
            rally = _roll_refusal(screen, "rally", key, will) if state.consequences_of(by) else screen.battle.step_refusal(ev.Advantage(action="rally", by=key, aspect="—"))
            options.append(Choice(("rally", key), t("fate_ui.leader.rally", unit=state.name(by)), closed=rally))
            options.append(Choice(("leader_attack", key), t("fate_ui.leader.attack", leader=state.name(key)), closed=_leader_attack_refusal(screen, key)))
            options.append(Choice(("detach", key), t("fate_ui.leader.detach", leader=state.name(key)), closed=screen.battle.step_refusal(ev.Detach(leader=key))))
        here = state.zone_of(by)
        for other in state.leaders_in(here or ""):
            if state.place(other).attached is None and state.owner(other) == state.owner(by):
                options.append(Choice(("attach", other, by), t("fate_ui.leader.attach", leader=state.name(other), unit=state.name(by)), closed=screen.battle.step_refusal(ev.Attach(leader=other, unit=by))))
    else:
        options.append(Choice(("leader_attack", by), t("fate_ui.leader.attack", leader=state.name(by))))
        for unit in state.units_in(state.zone_of(by) or ""):
            if state.owner(unit) == state.owner(by):
                options.append(Choice(("attach", by, unit), t("fate_ui.leader.attach", leader=state.name(by), unit=state.name(unit)), closed=screen.battle.step_refusal(ev.Attach(leader=by, unit=unit))))
    picked = await ask(screen, ChoiceDialog(t("fate_ui.dialog.leader"), options, t("fate_ui.dialog.leader_help"), menu=menus.LEADER))
    if picked is None:
        return
    kind = picked[0]
    will = state.rules.leaders.bonus_skill
    if kind == "give":
        act(screen, lambda b: b.record(ev.SecondAction(source="leader")))
    elif kind == "recover":
        await _roll(screen, "recover", picked[1], will, target=picked[2])
    elif kind == "rally":
        text = await ask(screen, TextDialog(t("fate_ui.dialog.boost"), t("fate_ui.default_rally"), t("fate_ui.dialog.boost_help")))
        if not text:
            return
        if state.consequences_of(by):
            await _roll(screen, "rally", picked[1], will, aspect=text)
        else:
            act(screen, lambda b: b.record(ev.Advantage(action="rally", by=picked[1], aspect=text)))
    elif kind == "leader_attack":
        await leader_attack(screen, picked[1])
    elif kind == "detach":
        act(screen, lambda b: b.record(ev.Detach(leader=picked[1])))
    elif kind == "attach":
        act(screen, lambda b: b.record(ev.Attach(leader=picked[1], unit=picked[2])))


async def second_action(screen: FieldScreen) -> None:
    state = screen.battle.game
    options = [
        Choice("leader", t("fate_ui.second.leader"), closed=screen.battle.step_refusal(ev.SecondAction(source="leader"))),
        Choice("fate_point", t("fate_ui.second.fate_point", cost=state.rules.actions.second_action_fate_points), closed=screen.battle.step_refusal(ev.SecondAction(source="fate_point"))),
    ]
    source = await ask(screen, ChoiceDialog(t("fate_ui.dialog.second"), options, menu=menus.SECOND_ACTION))
    if source is not None:
        act(screen, lambda b: b.record(ev.SecondAction(source=source)))
