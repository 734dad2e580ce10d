"""The four Fate actions on the map: attack (a target and a skill in one
list, each with its chance to hit, or greyed out with why: out of reach,
no line of fire, a Cluttered zone), overcome and create an advantage
(with the chance of each outcome), resolving the roll on the table (the
boost a tie gives, a hit with style traded for one), and absorbing a hit:
one stress box and consequences, or taken out.
"""

from __future__ import annotations

from typing import Any, Callable, Literal

from tui.core.i18n import language, t
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.chances import Chances, action_chances
from tui.core.systems.second_world.combat import attack_refusal, modifier, opposition, outcome_choices
from tui.core.systems.second_world.forces import consequence_slots, slot_shifts, stress_boxes
from tui.core.systems.second_world.state import SWState
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog, TextDialog
from tui.ui.shell.menus import menu
from tui.ui.shell.odds import fudge_odds_note
from tui.ui.second_world.map_flows import ask, record, sw_ask
from tui.ui.shell.table_dice import table_faces
from tui.ui.second_world.turn_flows import plan_move
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.ui.shell.zone_screen import ZoneMapScreen


MapScreen = ZoneMapScreen[SecondWorldBattle]
"""The map as the flows see it (they never import the screen)."""


ADVANTAGE_MENU = menu("sw.advantage_on", "zone", "character")
OVERCOME_MENU = menu("sw.overcome_against", "difficulty", "character")
STYLE_MENU = menu("sw.style", "boost", "full")
ABSORB_MENU = menu("sw.absorb", "box", "consequence", "done", "out")
OUTCOME_MENU = menu("sw.outcome", "fail", "cost", "opposition_boost", "no_aspect", "aspect_to_opposition")


odds_note = fudge_odds_note


def _actor(screen: MapScreen) -> str | None:
    return screen.battle.game.turn.actor


def _skill(state: SWState, key: str) -> str:
    return state.rules.skill(key).name(language())


# -- rolling ---------------------------------------------------------------------------


async def _rolled(screen: MapScreen, actor: str, action: Literal["attack", "overcome", "advantage"], skill: str, **fields: Any) -> None:
    """Roll the action; the sides rolling at the table type their faces first."""
    state = screen.battle.game
    target, defence = fields.get("target"), fields.get("defence_skill")
    typed = await table_faces(screen, [sw_ask(state, actor, skill), sw_ask(state, target, defence) if target else None])
    if typed is not None:
        shell(screen).act(lambda b: b.action_roll(actor, action, skill, typed=typed[0], typed_defence=typed[1], **fields))


async def attack(screen: MapScreen) -> None:
    state = screen.battle.game
    actor = _actor(screen)
    if actor is None:
        return
    me = state.character(actor)
    options = []
    for target in state.characters:
        if target.side == me.side or not state.in_play(target.key):
            continue
        for spec in state.rules.attacks:
            why = attack_refusal(state, actor, target.key, spec.skill)
            defend = max(spec.defend, key=target.rating)
            note = "" if why else odds_note(action_chances(state, actor, "attack", spec.skill, target=target.key, defence_skill=defend))
            rolled = me.rating(spec.skill) + modifier(state, actor, spec.skill, "attack")
            label = f"{target.name} · {spec.name(language())} {rolled:+d}"
            options.append(Choice((target.key, spec.skill), label, note, why))
    if not options:
        return
    options.sort(key=lambda c: c.closed is not None)  # what can be done first; the rest says why not
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.attack", name=me.name), options, t("sw_ui.dialog.attack_help")))
    if picked is None:
        return
    target_key, skill = picked
    made = state.rules.attack(skill)
    assert made is not None
    defender = state.character(target_key)
    defences = sorted(made.defend, key=defender.rating, reverse=True)
    defence = defences[0]
    if len(defences) > 1:
        picks = [Choice(k, _skill(state, k), f"{defender.rating(k):+d}") for k in defences]
        chosen = await ask(screen, ChoiceDialog(t("sw_ui.dialog.defend", name=defender.name), picks))
        if not isinstance(chosen, str):
            return
        defence = chosen
    await _rolled(screen, actor, "attack", skill, target=target_key, defence_skill=defence)


async def overcome(screen: MapScreen) -> None:
    """Against a difficulty (an obstacle), or against a character who opposes it."""
    state = screen.battle.game
    actor = _actor(screen)
    if actor is None:
        return
    against = await ask(screen, ChoiceDialog(t("sw_ui.dialog.overcome_against"), [
        Choice("difficulty", t("sw_ui.overcome.difficulty")),
        Choice("character", t("sw_ui.overcome.character")),
    ], menu=OVERCOME_MENU))
    if against is None:
        return
    target = defence = None
    difficulty = 0
    if against == "difficulty":
        difficulty = await ask(screen, NumberDialog(t("sw_ui.dialog.difficulty"), 0, -4, 20, t("sw_ui.dialog.difficulty_help")))
        if difficulty is None:
            return
    else:
        picked = await _opponent(screen, actor)
        if picked is None:
            return
        target, defence = picked
    skill = await _pick_skill(screen, actor, "overcome", lambda s: action_chances(state, actor, "overcome", s, target=target, defence_skill=defence, difficulty=difficulty))
    if skill is not None:
        await _rolled(screen, actor, "overcome", skill, target=target, defence_skill=defence, difficulty=difficulty)


async def _opponent(screen: MapScreen, actor: str) -> tuple[str, str] | None:
    """Who opposes the roll, and with which skill (theirs, best first)."""
    state = screen.battle.game
    others = [c for c in state.characters if c.key != actor and state.in_play(c.key)]
    target = await ask(screen, ChoiceDialog(t("sw_ui.dialog.advantage_target"), [Choice(c.key, c.name, state.sides[c.side]) for c in others]))
    if not isinstance(target, str):
        return None
    who = state.character(target)
    best = sorted(state.rules.skills, key=lambda s: who.rating(s.key), reverse=True)
    defence = await ask(screen, ChoiceDialog(t("sw_ui.dialog.defend", name=who.name), [Choice(s.key, s.name(language()), f"{who.rating(s.key):+d}") for s in best]))
    return (target, defence) if isinstance(defence, str) else None


async def advantage(screen: MapScreen) -> None:
    state = screen.battle.game
    actor = _actor(screen)
    if actor is None:
        return
    on = await ask(screen, ChoiceDialog(t("sw_ui.dialog.advantage_on"), [
        Choice("zone", t("sw_ui.advantage.zone")),
        Choice("character", t("sw_ui.advantage.character")),
    ], menu=ADVANTAGE_MENU))
    if on is None:
        return
    zone = target = defence = None
    difficulty = 0
    if on == "zone":
        here = screen.cursor_zone() or state.zone_of(actor)
        zones = sorted(state.board.zones, key=lambda z: z.key != here)
        zone = await ask(screen, ChoiceDialog(t("sw_ui.dialog.advantage_zone"), [Choice(z.key, z.name) for z in zones]))
        if zone is None:
            return
        difficulty = await ask(screen, NumberDialog(t("sw_ui.dialog.difficulty"), 0, -4, 20, t("sw_ui.dialog.difficulty_help")))
        if difficulty is None:
            return
    else:
        picked = await _opponent(screen, actor)
        if picked is None:
            return
        target, defence = picked
    aspect = await ask(screen, TextDialog(t("sw_ui.dialog.advantage_aspect"), "", t("sw_ui.dialog.advantage_aspect_help")))
    if not aspect:
        return
    skill = await _pick_skill(screen, actor, "advantage", lambda s: action_chances(state, actor, "advantage", s, target=target, defence_skill=defence, difficulty=difficulty, zone=zone))
    if skill is None:
        return
    await _rolled(screen, actor, "advantage", skill, target=target, defence_skill=defence, difficulty=difficulty, zone=zone, aspect=aspect)


async def _pick_skill(screen: MapScreen, actor: str, action: str, chances: Callable[[str], tuple[Chances, ...]]) -> str | None:
    state = screen.battle.game
    me = state.character(actor)
    skills = sorted(state.rules.skills, key=lambda s: me.rating(s.key), reverse=True)
    options = [Choice(s.key, f"{s.name(language())} {me.rating(s.key) + modifier(state, actor, s.key, action):+d}", odds_note(chances(s.key))) for s in skills]
    picked = await ask(screen, ChoiceDialog(t("sw_ui.dialog.skill", name=me.name), options))
    return picked if isinstance(picked, str) else None


# -- resolving ----------------------------------------------------------------------------


async def resolve(screen: MapScreen) -> None:
    state = screen.battle.game
    pending = state.pending
    if pending is None:
        await absorb(screen)  # a hit left waiting (escape, or an undo)
        return
    if pending.action == "move":
        await plan_move(screen)
        return
    style = state.rules.outcomes.success_with_style_shifts
    shifts = pending.shifts
    boost = ""
    style_boost = False
    tie_boost = shifts == 0 and (pending.action == "advantage" or (pending.action == "attack" and state.rules.outcome.tie_boost))
    defence_boost = shifts <= -style and pending.defence is not None and state.rules.outcome.defence_style_boost
    if pending.action == "attack" and shifts >= style and state.rules.outcome.style_boost:
        how = await ask(screen, ChoiceDialog(t("sw_ui.dialog.style"), [
            Choice("full", t("sw_ui.style.full", shifts=shifts)),
            Choice("boost", t("sw_ui.style.boost", shifts=shifts - 1)),
        ], menu=STYLE_MENU))
        if how is None:
            return
        style_boost = how == "boost"
    overcome_boost = pending.action == "overcome" and shifts >= style
    choice, cost = "", ""
    outcome = "fail" if shifts < 0 else "tie" if shifts == 0 else "style" if shifts >= style else "success"
    choices = outcome_choices(pending.action, outcome)
    if choices:
        side = state.character(pending.actor.key).side
        them = state.sides[opposition(state, pending, side)]
        title = t("sw_ui.dialog.outcome", action=t(f"sw.action.{pending.action}"), outcome=t(f"sw.outcome.{outcome}"))
        title = title[:1].upper() + title[1:]  # the action's name begins the title
        options = [Choice(key, t(f"sw_ui.outcome.{key}_{outcome}" if key == "cost" else f"sw_ui.outcome.{key}", side=them, aspect=pending.aspect), entry=key) for key in choices]
        picked = await ask(screen, ChoiceDialog(title, options, t("sw_ui.dialog.outcome_help"), menu=OUTCOME_MENU))
        if not isinstance(picked, str):
            return
        choice = picked
        if choice == "cost":
            named_cost = await ask(screen, TextDialog(t("sw_ui.dialog.cost"), "", t(f"sw_ui.dialog.cost_help_{outcome}"), check=lambda text: None))
            if not isinstance(named_cost, str):
                return
            cost = named_cost.strip()
        tie_boost = choice == "opposition_boost"
    if tie_boost or defence_boost or style_boost or overcome_boost:
        # whose boost, and why: the defender's for a defence with style, else the roller's side's (or the opposition's)
        if defence_boost and not tie_boost:
            whose = t("sw_ui.dialog.boost_defence", name=state.character(pending.defence.key).name) if pending.defence else t("sw_ui.dialog.boost")
        elif choice == "opposition_boost":
            whose = t("sw_ui.dialog.boost_for", side=state.sides[opposition(state, pending, state.character(pending.actor.key).side)])
        else:
            whose = t("sw_ui.dialog.boost_for", side=state.sides[state.character(pending.actor.key).side])
        named = await ask(screen, TextDialog(whose, "", t("sw_ui.dialog.boost_help")))
        if not named:
            return
        boost = named
    if not record(screen, ev.Resolve(boost=boost, style_boost=style_boost, choice=choice, cost=cost)):
        return
    if screen.battle.game.hit is not None:
        await absorb(screen)


async def absorb(screen: MapScreen) -> None:
    """The hit's target takes it: consequences first if they like, one
    stress box for what is left, or taken out."""
    state = screen.battle.game
    hit = state.hit
    if hit is None:
        return
    target = state.character(hit.target)
    fighter = state.fighter(hit.target)
    taken: list[ev.TakenConsequence] = []
    box: int | None = None
    while True:
        left = hit.shifts - sum(slot_shifts(c.slot, state.rules) for c in taken)
        free_slots = [s for s in consequence_slots(target, hit.track, state.rules) if s not in dict(fighter.consequences) and s not in {c.slot for c in taken}]
        boxes = [n for n in range(1, stress_boxes(target, hit.track, state.rules) + 1) if n not in fighter.checked(hit.track)]
        options = []
        if left <= 0:
            options.append(Choice(("done", None), t("sw_ui.absorb.done"), entry="done"))
        for number in boxes:
            why = None if number >= left else t("sw.rule.box_too_small", box=number, shifts=left)
            options.append(Choice(("box", number), t("sw_ui.absorb.box", box=number), closed=why if left > 0 else t("sw_ui.absorb.covered"), entry="box"))
        for slot in free_slots:
            name = state.rules.consequence(slot.rstrip("0123456789")).name(language())
            options.append(Choice(("consequence", slot), t("sw_ui.absorb.consequence", slot=name, shifts=slot_shifts(slot, state.rules)), closed=None if left > 0 else t("sw_ui.absorb.covered"), entry="consequence"))
        options.append(Choice(("out", None), t("sw_ui.absorb.out"), entry="out"))
        title = t("sw_ui.dialog.absorb", name=target.name, shifts=max(left, 0))
        picked = await ask(screen, ChoiceDialog(title, options, t("sw_ui.dialog.absorb_help"), menu=ABSORB_MENU))
        if picked is None:
            return
        kind, value = picked
        if kind == "out":
            record(screen, ev.TakeOut())
            return
        if kind == "done":
            break
        if kind == "box":
            box = value
            break
        aspect = await ask(screen, TextDialog(t("sw_ui.dialog.consequence_aspect", name=target.name), "", t("sw_ui.dialog.consequence_help")))
        if not aspect:
            continue
        taken.append(ev.TakenConsequence(slot=value, aspect=aspect))
    record(screen, ev.Absorb(box=box, consequences=tuple(taken)))


__all__ = ["absorb", "advantage", "attack", "odds_note", "overcome", "resolve"]
