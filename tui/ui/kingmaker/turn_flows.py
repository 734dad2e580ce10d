"""The dialogs behind a unit's actions in the turn, each showing the exact
chance before the dice roll: switching tactics and rallying (Tactics),
commands and steps (Movement), shooting (Ranged) and fighting (Melee),
the Morale checks at the bloodied and decimated thresholds (with Hold the
Line), and Press.

Targets and options the rules refuse are greyed out with the reason.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from tui.core.errors import MassCombatError
from tui.core.i18n import language, t
from tui.core.dice.odds import percent
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.bonuses import tickable
from tui.core.systems.kingmaker.chances import attack_chances, check_chance, threshold_chances, withdraw_chance
from tui.core.systems.kingmaker.combat import Setup, melee_setup, ranged_setup, siege_setup
from tui.core.systems.kingmaker.morale import failing, morale_bonus, owed, strategy_needs_check, tactic_is_free
from tui.core.systems.kingmaker.healing import heal_refusal, healing, uses_left
from tui.core.systems.kingmaker.movement import DIRECTIONS
from tui.core.systems.kingmaker.rules import KingmakerRuleset, shipped
from tui.ui.kingmaker.common import ask
from tui.ui.kingmaker.mat_flows import km_ask, km_battle, table_face, tick
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.menus import data_menu, menu
from tui.ui.kingmaker.hosts import MatHost
from tui.ui.shell.table_dice import table_faces
from tui.core.systems.kingmaker.state import KMState


ORDER_MENU = menu("km.order", "hustle", "charge", "about_face", "withdraw")
TACTIC_MENU = data_menu("km.tactic", lambda: tuple(x.key for x in shipped().tactics))
ROLL_MENU = menu("km.roll", "roll", "again")
HEAL_MENU = menu("km.heal", "healing_potions", "alchemy")
LEAVE_MENU = menu("km.leave", "leave", "stay")
PRESS_MENU = menu("km.press_step", *DIRECTIONS, "done")
TICK_MENU = menu("km.tick", "roll", "tick")
STRATEGY_MENU = data_menu("km.strategy", lambda: tuple(s.key for s in shipped().strategy.steps))


def _pct(value: Fraction) -> str:
    return percent(value)


async def tactic(screen: MatHost, key: str) -> None:
    state = screen.state
    lang = language()
    dc = state.rules.morale.switch_tactics_dc
    chance = check_chance(state, key, dc, "switch")
    options = []
    current = state.unit(key).tactic
    for row in state.rules.tactics:
        if row.key not in state.derived[key].tactics:
            continue
        detail = row.summary(lang) if row.summary else ""
        if row.key == current:
            # Open on the tactic in use, and let enter keep it: a reflex enter
            # must not switch to the next one (Withdraw costs Offense and Defense).
            options.append(Choice(row.key, row.name(lang), t("km_ui.dialog.tactic_in_use"), detail=detail, entry=row.key))
            continue
        free = tactic_is_free(state, row.key)
        note = t("km_ui.dialog.no_check") if free else t("km_ui.dialog.check_chance", dc=dc, chance=_pct(chance))
        probe = ev.SwitchTactic(counter=state.counter, key=key, tactic=row.key, face=None if free else 10)
        options.append(Choice(row.key, row.name(lang), note, screen.battle.step_refusal(probe), detail=detail, entry=row.key))
    picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.tactic", name=state.army(key).name), options, highlight=current, menu=TACTIC_MENU))
    if picked is not None and picked != current:
        face = None
        if not tactic_is_free(state, picked):
            face = await table_face(screen, key, t("km_ui.table.tactic"))
            if face is False:
                return
        shell(screen).act(lambda b: km_battle(b).switch_tactic(key, picked, face or None))


async def step_off(screen: MatHost, key: str, step: ev.Step) -> None:
    """A step off the mat takes the unit out of the battle for good: asked first, staying put the default."""
    options = [
        Choice("leave", t("km_ui.dialog.leave"), t("km_ui.dialog.leave_note"), entry="leave"),
        Choice("stay", t("km_ui.dialog.stay"), entry="stay"),
    ]
    picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.leave_title", name=screen.state.army(key).name), options, highlight="stay", menu=LEAVE_MENU))
    if picked == "leave":
        shell(screen).act(lambda b: km_battle(b).move(key, step))


async def confirm_roll(screen: MatHost, title: str, note: str) -> bool:
    options = [Choice("roll", t("km_ui.dialog.roll"), note, entry="roll")]
    return await ask(screen, ChoiceDialog(title, options, menu=ROLL_MENU)) == "roll"


async def strategy(screen: MatHost, key: str) -> None:
    """The Strategy Track (a house rule): each step's effects, free or with its chance."""
    from tui.ui.kingmaker.mat_flows import effect_words

    state = screen.state
    lang = language()
    track = state.rules.strategy
    now = state.unit(key).strategy or track.start
    options = []
    for step in track.steps:
        costs = t("km_ui.dialog.check_chance", dc=track.change_dc, chance=_pct(check_chance(state, key, track.change_dc))) if strategy_needs_check(state, key, step.key) else t("km_ui.dialog.no_check")
        probe = ev.SetStrategy(counter=state.counter, key=key, step=step.key, face=10 if strategy_needs_check(state, key, step.key) else None)
        words = ", ".join(effect_words(e) for e in step.effects) or t("km_ui.dialog.no_change")
        options.append(Choice(step.key, step.name(lang), f"{words} · {costs}", screen.battle.step_refusal(probe), entry=step.key))
    picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.strategy", name=state.army(key).name), options, highlight=now, menu=STRATEGY_MENU))
    if picked is not None:
        face = None
        if strategy_needs_check(state, key, picked):
            face = await table_face(screen, key, t("km_ui.table.strategy"))
            if face is False:
                return
        shell(screen).act(lambda b: km_battle(b).set_strategy(key, picked, face or None))


async def rally(screen: MatHost, key: str) -> None:
    state = screen.state
    dc = state.rules.morale.rally_dc
    note = t("km_ui.dialog.check_chance", dc=dc, chance=_pct(check_chance(state, key, dc)))
    if await confirm_roll(screen, t("km_ui.dialog.rally", name=state.army(key).name, bonus=morale_bonus(state, key)), note):
        face = await table_face(screen, key, t("km_ui.table.rally"))
        if face is not False:
            shell(screen).act(lambda b: km_battle(b).rally(key, face or None))


async def order(screen: MatHost, key: str) -> None:
    state = screen.state
    lang = language()
    commands = state.rules.commands
    options = []
    for name in ("hustle", "charge", "about_face", "withdraw"):
        command = getattr(commands, name)
        if name == "about_face":
            note, probe = t("km_ui.dialog.no_check"), ev.Order(counter=state.counter, key=key, command="about_face")
        elif name == "withdraw":
            contact = state.enemies_in_contact(key)
            note = t("km_ui.dialog.opposed", count=len(contact), chance=_pct(withdraw_chance(state, key))) if contact else ""
            # only whether it may be given: a clear win, so no tie asks for a roll again
            probe = ev.Order(counter=state.counter, key=key, command="withdraw", face=state.rules.attack.die, opposing=(1,) * len(contact))
        else:
            note = t("km_ui.dialog.check_chance", dc=command.dc, chance=_pct(check_chance(state, key, command.dc)))
            probe = ev.Order(counter=state.counter, key=key, command=name, face=10)
        options.append(Choice(name, command.name(lang), note, screen.battle.step_refusal(probe), detail=t(f"km_ui.order.{name}", offense=commands.hustle.offense), entry=name))
    picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.order", name=state.army(key).name, bonus=morale_bonus(state, key)), options, menu=ORDER_MENU))
    if picked is not None:
        face = None
        if picked != "about_face":
            face = await table_face(screen, key, commands_name(state, picked))
            if face is False:
                return
        shell(screen).act(lambda b: km_battle(b).order(key, picked, face or None))


Mode = Literal["ranged", "melee", "siege"]


def setup_for(screen: MatHost, attacker: str, target: str, mode: Mode, ticks: tuple[str, ...] = ()) -> Setup:
    state = screen.state
    make = {"melee": melee_setup, "ranged": ranged_setup, "siege": siege_setup}[mode]
    return make(state, attacker, target, ticks)


def odds_line(screen: MatHost, setup: Setup, count: int) -> str:
    found = attack_chances(setup, screen.state.rules, count)
    expected = f"{float(found.expected):.1f}"
    if language() == "de":
        expected = expected.replace(".", ",")
    return t("km_ui.dialog.attack_odds", offense=setup.offense, defense=setup.defense, hit=_pct(found.hit), expected=expected, most=max(found.damage))


def damage_line(screen: MatHost, setup: Setup, count: int) -> str:
    """The damage the attacks deal together: each total's chance for a few
    totals, or the chance of at least so much for many."""
    found = attack_chances(setup, screen.state.rules, count).damage
    values = sorted(found)
    if len(values) <= 8:
        parts = [f"{v}: {_pct(found[v])}" for v in values]
    else:
        marks = sorted({values[round(i * (len(values) - 1) / 6)] for i in range(1, 7)})
        parts = [f"≥{v}: {_pct(sum((p for w, p in found.items() if w >= v), Fraction(0)))}" for v in marks if v > 0]
    return t("km_ui.dialog.damage_odds", odds=" · ".join(parts))


async def attack(screen: MatHost, key: str, mode: Mode) -> None:
    state = screen.state
    side = state.army(key).side
    options = []
    for army in state.on_field():
        if army.side == side:
            continue
        try:
            setup = setup_for(screen, key, army.key, mode)
        except MassCombatError as exc:
            options.append(Choice(army.key, army.name, "", str(exc), entry=""))
            continue
        closed = None if setup.attacks else t("km.rule.too_many_attacks", name=state.army(key).name, most=0)
        options.append(Choice(army.key, army.name, odds_line(screen, setup, 1), closed, detail=_terms(setup, state.rules) + "\n" + damage_line(screen, setup, 1), entry=""))
    if not options:
        return
    title = t(f"km_ui.dialog.{'shoot' if mode == 'ranged' else mode}", name=state.army(key).name)
    target = await ask(screen, ChoiceDialog(title, options))
    if target is None:
        return
    ticks = await choose_ticks(screen, key, target, mode)
    if ticks is None:
        return
    setup = setup_for(screen, key, target, mode, ticks)
    count = setup.attacks
    if setup.attacks > 1:
        help_text = odds_line(screen, setup, setup.attacks) + "\n" + damage_line(screen, setup, setup.attacks)
        count = await ask(screen, NumberDialog(t("km_ui.dialog.attack_count", name=state.army(key).name, target=state.army(target).name), setup.attacks, 1, setup.attacks, help_text))
        if count is None:
            return
    typed = await table_faces(screen, [km_ask(state, key, t("km_ui.table.attacks", count=count), count)])
    if typed is None:
        return
    faces = typed[0]
    shell(screen).act(lambda b: km_battle(b).attack(key, target, mode, count, ticks=ticks, typed=faces))


def _terms(setup: Setup, rules: KingmakerRuleset) -> str:
    def word(key: str) -> str:
        if ":" in key:
            source, row = key.split(":", 1)
            return _row_name(rules, source, row)
        return t(key)

    # an army whose Offense nothing adds to reads "+0", not an empty term (found in play)
    attack_side = ", ".join(f"{word(x.key)} {x.amount:+d}" for x in setup.terms) or "+0"
    defense_side = ", ".join(f"{word(x.key)} {x.amount:+d}" if x.key != "km.term.defense" else f"{word(x.key)} {x.amount}" for x in setup.defense_terms)
    return t("km_ui.dialog.terms", attack=attack_side, defense=defense_side)


def _row_name(rules: KingmakerRuleset, source: str, key: str) -> str:
    lang = language()
    table = {"tactic": rules.tactics, "resource": rules.resources, "ability": rules.abilities, "boon": rules.boons, "condition": rules.conditions}.get(source, ())
    row = next((r for r in table if r.key == key), None)
    return row.name(lang) if row is not None else key


async def choose_ticks(screen: MatHost, key: str, target: str, mode: Mode) -> tuple[str, ...] | None:
    """The GM's calls for this roll (against the unmounted, the trick's
    phase): ticked one by one, then roll. None: abandoned."""
    state = screen.state
    offered = tickable(state, key)
    if not offered:
        return ()
    lang = language()
    chosen: list[str] = []
    while True:
        options = [Choice("roll", t("km_ui.dialog.roll"), odds_line(screen, setup_for(screen, key, target, mode, tuple(chosen)), 1), entry="roll")]
        for found in offered:
            has = found.tick in chosen
            summary = _summary(state.rules, found.source, found.key, lang)
            options.append(Choice(found.tick, (tick(screen) if has else " ") + " " + _row_name(state.rules, found.source, found.key), summary, entry="tick"))
        picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.ticks", name=state.army(key).name), options, menu=TICK_MENU))
        if picked is None:
            return None
        if picked == "roll":
            return tuple(chosen)
        chosen = [c for c in chosen if c != picked] if picked in chosen else [*chosen, picked]


def _summary(rules: KingmakerRuleset, source: str, key: str, lang: str) -> str:
    table = {"tactic": rules.tactics, "resource": rules.resources, "ability": rules.abilities, "boon": rules.boons, "condition": rules.conditions}.get(source, ())
    row = next((r for r in table if r.key == key), None)
    return row.summary(lang) if row is not None and row.summary is not None else ""


async def morale(screen: MatHost, key: str) -> None:
    state = screen.state
    threshold = owed(state, key)
    if threshold is None:
        return
    lang = language()
    chances = threshold_chances(state, key, threshold.dc)
    words = ", ".join(f"{_standing_name(state.rules, k, lang)} {_pct(p)}" for k, p in chances.items())
    title = t("km_ui.dialog.morale", name=state.army(key).name, threshold=threshold.name(lang), dc=threshold.dc, bonus=morale_bonus(state, key, "rout"))
    if not await confirm_roll(screen, title, words):
        return
    battle = km_battle(screen.battle)
    first = await table_face(screen, key, t("km_ui.table.morale"))
    if first is False:
        return
    face, passed, total = battle.morale_preview(key, first or None)
    again = False
    second = None
    if not passed and any(state.rules.boon(b).reroll_morale for b in state.army(key).commander.boons):
        fallen = failing(state, key, threshold.dc, total)
        options = [
            Choice("again", t("km_ui.dialog.hold_again"), t("km_ui.dialog.hold_again_note"), entry="again"),
            Choice("roll", t("km_ui.dialog.hold_accept", standing=fallen.name(lang)), entry="roll"),
        ]
        picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.hold_the_line", name=state.army(key).name, face=face, total=total, dc=threshold.dc), options, menu=ROLL_MENU))
        if picked is None:
            return
        again = picked == "again"
        if again and first:
            second = await table_face(screen, key, t("km_ui.table.morale_again"))
            if second is False:
                return
    typed = tuple(f for f in (first, second) if isinstance(f, int) and f) or None
    shell(screen).act(lambda b: km_battle(b).morale_check(key, again=again, typed=typed))


def _press_refusal(screen: MatHost, key: str, face: int, steps: list[ev.Direction], direction: ev.Direction, squares: int) -> str | None:
    """Why a Press can't shift that way: off the mat or onto a unit, or (on
    its last square) out of contact with every enemy."""
    state = screen.state
    refusal = screen.battle.step_refusal(ev.Press(counter=state.counter, key=key, face=face, steps=(*steps, direction)))
    if refusal is None:
        return None
    if refusal == t("km.rule.press_contact", name=state.army(key).name) and len(steps) + 1 < squares:
        return None  # another square may still bring it into contact
    return refusal


def _standing_name(rules: KingmakerRuleset, key: str, lang: str) -> str:
    if key == "ready":
        return t("km_ui.dialog.holds")
    return next(s.name(lang) for s in rules.morale.states if s.key == key)


async def press(screen: MatHost, key: str) -> None:
    state = screen.state
    command = state.rules.commands.press if state.phase == "movement" else state.rules.commands.press_morale
    note = t("km_ui.dialog.check_chance", dc=command.dc, chance=_pct(check_chance(state, key, command.dc)))
    if not await confirm_roll(screen, t("km_ui.dialog.press", name=state.army(key).name, bonus=morale_bonus(state, key)), note):
        return
    battle = km_battle(screen.battle)
    typed = await table_face(screen, key, t("km_ui.table.press"))
    if typed is False:
        return
    face, passed, total, squares = battle.press_preview(key, typed or None)
    steps: list[ev.Direction] = []
    while passed and len(steps) < squares:
        options = [Choice(d, t(f"km_ui.direction.{d}"), closed=_press_refusal(screen, key, face, steps, d, squares), entry=d) for d in DIRECTIONS]
        options.append(Choice("done", t("km_ui.dialog.done"), entry="done"))
        title = t("km_ui.dialog.press_steps", name=state.army(key).name, total=total, dc=command.dc, left=squares - len(steps))
        picked = await ask(screen, ChoiceDialog(title, options, menu=PRESS_MENU))
        if picked is None:
            return
        if picked == "done":
            break
        steps.append(picked)
    shell(screen).act(lambda b: km_battle(b).press(key, tuple(steps), typed or None))


async def heal(screen: MatHost, key: str) -> None:
    """Healing potions or Alchemy, instead of attacking this phase; asked
    only when the army has both to choose from."""
    state = screen.state
    name = state.army(key).name
    sources = [s for s in ("healing_potions", "alchemy") if uses_left(state, key, s)]
    source = sources[0]
    if len(sources) > 1:
        options = [
            Choice(s, t(f"km_ui.heal.{s}"), t("km_ui.heal.note", hp=healing(state, key, s), left=uses_left(state, key, s)), heal_refusal(state, key, s), entry=s)
            for s in sources
        ]
        picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.heal", name=name), options, menu=HEAL_MENU))
        if picked is None:
            return
        source = picked
    shell(screen).act(lambda b: b.record(ev.Heal(key=key, source=source)))

def commands_name(state: KMState, command: str) -> str:
    return str(getattr(state.rules.commands, command).name(language()))



__all__ = ["attack", "choose_ticks", "heal", "morale", "order", "press", "rally", "strategy", "tactic"]
