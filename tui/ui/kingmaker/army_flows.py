"""The dialogs behind the army builder's keys: an army built (or its basics
changed) step by step, its menu, its commander, its numbers, its own
Morale, and the sides' names (the toggle lists are ``army_toggles``).

The rules decide: a step the core can't field is refused on that step, in
one line under the field (a CR off the ladder, too few troops). Each change
records one ``SetArmy`` at once, so it is saved and undoable on its own.
"""

from __future__ import annotations

from typing import Any, Callable


from tui.core.i18n import language, t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.derive import derive, read_cr
from tui.core.systems.kingmaker.explain import decimal, die_name
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.rules import shipped
from tui.ui.kingmaker.common import ask, record
from tui.ui.shell.dialogs import BLANK, Choice, ChoiceDialog, TextDialog
from tui.ui.shell.menus import data_menu, menu

from tui.ui.kingmaker.army_kit import ArmyBuilderNumber, MOST_SIDES, MOUNTS, SIDES_LENGTH, name_problem, optional_name_problem, has_resource, in_range, problem, range_help, rebuilt, refusal, with_commander


from tui.ui.kingmaker.army_toggles import TOGGLES, toggles
from tui.ui.kingmaker.hosts import ArmiesHost

ARMY_MENU = menu("km.army", "basics", "resources", "tactics", "abilities", "commander", "boons", "numbers", "morale")
WEAPONS_MENU = menu("km.weapons", "shot", "thrown")
HIT_DIE_MENU = data_menu("km.hit_die", lambda: tuple(d.key for d in shipped().hit_dice))


# -- the army: built or its basics changed --------------------------------------------


async def basics(screen: ArmiesHost, old: Army | None = None, *, hidden: bool = False) -> None:
    """Name, side, troops, CR, head count, Hit Die, the mounts' CR; each step
    checked by the rules before the next. ``hidden``: a new army the players'
    view never shows until the GM does (one step: no instant)."""
    state = screen.state
    rules = state.rules
    lang = language()
    key = old.key if old else state.next_army_key()
    typed = await ask(screen, TextDialog(t("km_army.ask.name"), old.name if old else "", t("km_army.ask.name_help"), check=name_problem))
    if typed is None:
        return
    name = typed.strip()
    sides = [Choice(i, side) for i, side in enumerate(state.sides)]
    side = await ask(screen, ChoiceDialog(t("km_army.ask.side", name=name), sides, highlight=old.side if old else screen.side_here()))
    if side is None:
        return
    typed = await ask(screen, TextDialog(t("km_army.ask.creature", name=name), old.creature if old else "", t("km_army.ask.creature_help"), check=optional_name_problem))
    if typed is None:
        return
    creature = typed.strip()
    ladder = rules.armies.cr_ladder
    typed = await ask(screen, TextDialog(
        t("km_army.ask.cr", name=name), old.cr if old else "", t("km_army.ask.cr_help", low=ladder[0], high=ladder[-1]),
        check=lambda text: problem(lambda: read_cr(text, rules)), max_length=6,
    ))
    if typed is None:
        return
    cr = read_cr(typed, rules)
    start = old or Army(key=key, name=name, cr=cr, troops=100)

    def army(**changes: Any) -> Army:
        return rebuilt(start, name=name, side=side, creature=creature, cr=cr, **changes)

    def troops_problem(value: int) -> str | None:
        if not 1 <= value <= 99_999:
            return t("km_army.ask.out_of_range", value=value, least=rules.armies.troops_min, most=rules.armies.troops_max)
        return problem(lambda: derive(army(troops=value), rules))

    troops = await ask(screen, ArmyBuilderNumber(
        t("km_army.ask.troops", name=name), old.troops if old else None,
        t("km_army.ask.troops_help", least=rules.armies.troops_min, most=rules.armies.troops_max), troops_problem,
    ))
    if troops is None:
        return
    dice = [Choice(d.key, die_name(d.key, lang), t("km_army.ask.die_mean", mean=decimal(d.mean, lang)), entry=d.key) for d in rules.hit_dice]
    hit_die = await ask(screen, ChoiceDialog(t("km_army.ask.hit_die", name=name), dice, highlight=old.hit_die if old else "d10", menu=HIT_DIE_MENU))
    if hit_die is None:
        return

    def mounted(text: str) -> Army:
        if not text.strip():
            return army(troops=troops, hit_die=hit_die, mount_cr=None, resources=tuple(r for r in start.resources if r != MOUNTS))
        return army(troops=troops, hit_die=hit_die, mount_cr=read_cr(text, rules))

    typed = await ask(screen, TextDialog(
        t("km_army.ask.mount", name=name), (old.mount_cr or "") if old else "", t("km_army.ask.mount_help"),
        check=lambda text: problem(lambda: derive(mounted(text), rules)), max_length=6,
    ))
    if typed is None:
        return
    made = mounted(typed)
    if made != old and record(screen, ev.SetArmy(army=made, hidden=True if hidden else None)):
        screen.show_army(made.key)


async def army_menu(screen: ArmiesHost, army: Army) -> None:
    """What can be changed about the army under the cursor."""
    state = screen.state
    found = state.derived[army.key]
    lang = language()
    rules = state.rules
    options = [
        Choice("basics", t("km_army.menu.basics"), t("km_army.menu.basics_note", size=found.size.name(lang), troops=army.troops, cr=army.cr)),
        Choice("resources", t("km_army.menu.resources"), _count(len([r for r in rules.resources if has_resource(army, r.key)]))),
        Choice("tactics", t("km_army.menu.tactics"), t("km_army.menu.of", count=len(army.tactics), most=found.tactics_known)),
        Choice("abilities", t("km_army.menu.abilities"), _count(len(army.abilities))),
        Choice("commander", t("km_army.menu.commander"), army.commander.name),
        Choice("boons", t("km_army.menu.boons"), t("km_army.menu.of", count=len(army.commander.boons), most=found.boons_max)),
        Choice("numbers", t("km_army.menu.numbers"), t("km_army.menu.numbers_note")),
        Choice("morale", t("km_army.menu.morale"), f"{army.morale:+d}"),
    ]
    picked = await ask(screen, ChoiceDialog(t("km_army.menu.title", name=army.name), options, menu=ARMY_MENU))
    if picked is None:
        return
    if picked == "basics":
        await basics(screen, army)
    elif picked in TOGGLES:
        await toggles(screen, army.key, picked)
    elif picked == "commander":
        await commander(screen, army)
    elif picked == "numbers":
        await numbers(screen, army)
    elif picked == "morale":
        await morale(screen, army)


def _count(count: int) -> str:
    return str(count) if count else ""


# -- the commander, the numbers, Morale ---------------------------------------------------


async def commander(screen: ArmiesHost, army: Army) -> None:
    """Name, Charisma modifier, ranks in Profession (soldier), level, the
    Leadership feat, PC or NPC; a number that leaves a boon without the
    Leadership it needs is refused on its step."""
    rules = screen.state.rules
    old = army.commander
    typed = await ask(screen, TextDialog(t("km_army.commander.name", name=army.name), old.name, t("km_army.commander.name_help"), check=optional_name_problem))
    if typed is None:
        return
    made = with_commander(army, name=typed.strip())

    def checked(field: str, least: int, most: int) -> Callable[[int], str | None]:
        return lambda value: in_range(least, most)(value) or problem(lambda: derive(with_commander(made, **{field: value}), rules))

    for field, least, most in (("charisma", -20, 20), ("profession", 0, 40), ("level", 0, 40)):
        value = await ask(screen, ArmyBuilderNumber(
            t(f"km_army.commander.{field}", name=army.name), getattr(old, field), range_help(least, most, t(f"km_army.commander.{field}_help")),
            checked(field, least, most),
        ))
        if value is None:
            return
        made = with_commander(made, **{field: value})
    feat = [
        Choice(True, t("km_army.commander.feat_yes", bonus=rules.commanders.leadership_feat),
               closed=refusal(screen, lambda: with_commander(made, leadership_feat=True))),
        Choice(False, t("km_army.commander.feat_no"), closed=refusal(screen, lambda: with_commander(made, leadership_feat=False))),
    ]
    leadership = await ask(screen, ChoiceDialog(t("km_army.commander.feat", name=army.name), feat, highlight=old.leadership_feat))
    if leadership is None:
        return
    made = with_commander(made, leadership_feat=leadership)
    kinds = [Choice("npc", t("km_army.commander.npc")), Choice("pc", t("km_army.commander.pc"))]
    kind = await ask(screen, ChoiceDialog(t("km_army.commander.kind", name=army.name), kinds, highlight=old.kind))
    if kind is None:
        return
    made = with_commander(made, kind=kind)
    if made != army:
        record(screen, ev.SetArmy(army=made))


async def numbers(screen: ArmiesHost, army: Army) -> None:
    """The GM's own numbers: speed, base speed, Maximum Damage, Attacks,
    range, Offense and Defense adjustments (empty: the rules' own)."""
    rules = screen.state.rules
    a = rules.armies
    steps: tuple[tuple[str, int | None, int, int, bool, str], ...] = (
        ("speed", army.speed, 0, 20, True, t("km_army.numbers.speed_help", feet=a.feet_per_square)),
        ("base_speed", army.base_speed, 0, 200, False, ""),
        ("max_damage", army.max_damage, 1, 99, True, t("km_army.numbers.max_damage_help", damage=a.max_damage)),
        ("attacks", army.attacks, 1, 99, True, t("km_army.numbers.attacks_help", per=a.attacks_per_square)),
        ("ranged_range", army.ranged_range, 1, 40, True, t("km_army.numbers.ranged_range_help", squares=rules.movement.ranged_range)),
        ("offense_bonus", army.offense_bonus, -20, 20, False, t("km_army.numbers.bonus_help")),
        ("defense_bonus", army.defense_bonus, -20, 20, False, t("km_army.numbers.bonus_help")),
    )
    changes: dict[str, int | None] = {}
    ranged = screen.state.derived[army.key].ranged
    for field, value, least, most, empty, more in steps:
        # The base speed only gives the squares when none are typed; a range only matters to an army that shoots.
        if (field == "base_speed" and changes.get("speed") is not None) or (field == "ranged_range" and not ranged):
            continue
        typed = await ask(screen, ArmyBuilderNumber(
            t(f"km_army.numbers.{field}", name=army.name), value, range_help(least, most, more), in_range(least, most), allow_empty=empty,
        ))
        if typed is None:
            return
        changes[field] = None if typed == BLANK else typed
    thrown = army.thrown
    if ranged:
        kinds = [Choice(False, t("km_army.numbers.shot"), entry="shot"), Choice(True, t("km_army.numbers.thrown"), t("km_army.numbers.thrown_note", squares=rules.movement.thrown_range), entry="thrown")]
        picked = await ask(screen, ChoiceDialog(t("km_army.numbers.weapons", name=army.name), kinds, highlight=army.thrown, menu=WEAPONS_MENU))
        if picked is None:
            return
        thrown = picked
    made = rebuilt(army, thrown=thrown, **changes)
    if made != army:
        record(screen, ev.SetArmy(army=made))


async def morale(screen: ArmiesHost, army: Army) -> None:
    a = screen.state.rules.armies
    value = await ask(screen, ArmyBuilderNumber(
        t("km_army.morale.title", name=army.name), army.morale, range_help(a.morale_min, a.morale_max, t("km_army.morale.help")),
        in_range(a.morale_min, a.morale_max),
    ))
    if value is not None and value != army.morale:
        record(screen, ev.SetArmy(army=rebuilt(army, morale=value)))


# -- the sides ---------------------------------------------------------------------------


def parts_of(text: str) -> tuple[str, ...]:
    """The names of a line separated by semicolons."""
    return tuple(part.strip() for part in text.split(";") if part.strip())


async def sides(screen: ArmiesHost) -> None:
    state = screen.state

    def check(text: str) -> str | None:
        names = parts_of(text)
        if not 2 <= len(names) <= MOST_SIDES:
            return t("km_army.sides.count", most=MOST_SIDES)
        return problem(lambda: ev.SetSides(names=names)) or screen.battle.step_refusal(ev.SetSides(names=names))

    text = await ask(screen, TextDialog(t("km_army.sides.title"), "; ".join(state.sides), t("km_army.sides.help", most=MOST_SIDES), check=check, max_length=SIDES_LENGTH))
    if text is None:
        return
    names = parts_of(text)
    if names != state.sides:
        record(screen, ev.SetSides(names=names))


__all__ = [
    "ARMY_MENU", "HIT_DIE_MENU", "army_menu", "basics", "commander", "morale", "numbers", "sides",
]
