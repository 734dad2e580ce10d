"""The army builder's toggle lists: resources, tactics, special abilities
and boons. Choosing a row toggles it and records one ``SetArmy`` at once;
a toggle the core refuses is greyed out with its reason."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable


from tui.core.i18n import language, t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.derive import derive, read_cr, scaled_price, size_for
from tui.core.systems.kingmaker.forces import AbilityPick, Army
from tui.core.systems.kingmaker.rules import KingmakerRuleset, shipped
from tui.ui.kingmaker.common import ask, record
from tui.ui.shell.dialogs import Choice, ChoiceDialog, TextDialog
from tui.ui.shell.menus import Menu, data_menu

from tui.ui.kingmaker.army_kit import ArmyBuilderNumber, ENGINES, MOUNTS, has_resource, in_range, mark, problem, range_help, rebuilt, refusal, with_commander
from tui.ui.kingmaker.hosts import ArmiesHost



RESOURCE_MENU = data_menu("km.resource", lambda: tuple(r.key for r in shipped().resources))
TACTIC_MENU = data_menu("km.army_tactic", lambda: tuple(x.key for x in shipped().tactics if not x.default))
ABILITY_MENU = data_menu("km.ability", lambda: tuple(a.key for a in shipped().abilities))
BOON_MENU = data_menu("km.boon", lambda: tuple(b.key for b in shipped().boons))


# -- the toggle lists -------------------------------------------------------------------


Options = Callable[[ArmiesHost, Army], list[Choice]]
Toggle = Callable[[ArmiesHost, Army, str], Any]


async def toggles(screen: ArmiesHost, key: str, kind: str) -> None:
    """A list of rows the army has or hasn't: choosing one toggles it and
    records at once; the list opens again on that row until escape."""
    options, toggle, found = TOGGLES[kind]
    last: str | None = None
    while True:
        army = screen.state.army(key)
        choices = options(screen, army)
        picked = await ask(screen, ChoiceDialog(
            t(f"km_army.{kind}.title", name=army.name), choices, t("km_army.toggle_help"), highlight=last, menu=found,
        ))
        if picked is None:
            return
        last = picked
        changed = await toggle(screen, army, picked)
        if changed is not None and changed != army:
            record(screen, ev.SetArmy(army=changed))


def _note(screen: ArmiesHost, has: bool, extra: str = "") -> str:
    return " ".join(part for part in (mark(screen) if has else "", extra) if part)


def _summary(row: Any, lang: str) -> str:
    return row.summary(lang) if row.summary is not None else ""


def _swap(army: Army, key: str, rules: KingmakerRuleset) -> tuple[str, ...]:
    """The army's resources with ``key`` added, replacing one of its group."""
    group = rules.resource(key).group
    kept = tuple(r for r in army.resources if group is None or rules.resource(r).group != group)
    return (*kept, key)


def resource_options(screen: ArmiesHost, army: Army) -> list[Choice]:
    rules = screen.state.rules
    lang = language()
    choices = []
    for row in rules.resources:
        has = has_resource(army, row.key)
        extra = ""
        closed: str | None = None
        if row.key == ENGINES and has:
            extra = f"×{army.siege_engines}"
        elif row.key == MOUNTS and has and army.mount_cr:
            extra = t("km_army.resources.mount_cr", cr=army.mount_cr)
        elif not has and row.group is not None:
            replaced = [r for r in army.resources if rules.resource(r).group == row.group]
            extra = t("km_army.resources.replaces", name=rules.resource(replaced[0]).name(lang)) if replaced else ""
        if row.key == MOUNTS:
            closed = refusal(screen, partial(_unmounted, army)) if has else None  # a CR is asked first
        elif row.key == ENGINES:
            closed = refusal(screen, partial(_engines, army, 0 if has else 1))
        else:
            closed = refusal(screen, partial(_toggled_resource, army, row.key, rules))
        price, consumption = scaled_price(army, rules, row.key)
        size = size_for(army.troops, rules).name(lang)
        cost = t("km_army.resources.cost", cost=f"{float(price):g}", consumption=consumption, size=size) if not row.cost_is_mount_acr else t("km_army.resources.cost_mount", consumption=consumption)
        detail = " ".join(p for p in (_summary(row, lang), cost) if p)
        choices.append(Choice(row.key, row.name(lang), _note(screen, has, extra), closed, detail=detail))
    return choices


def _unmounted(army: Army) -> Army:
    return rebuilt(army, mount_cr=None, resources=tuple(r for r in army.resources if r != MOUNTS))


def _engines(army: Army, count: int) -> Army:
    return rebuilt(army, siege_engines=count, resources=tuple(r for r in army.resources if r != ENGINES))


def _toggled_resource(army: Army, key: str, rules: KingmakerRuleset) -> Army:
    if key in army.resources:
        return rebuilt(army, resources=tuple(r for r in army.resources if r != key))
    return rebuilt(army, resources=_swap(army, key, rules))


async def toggle_resource(screen: ArmiesHost, army: Army, key: str) -> Army | None:
    rules = screen.state.rules
    if key == MOUNTS:
        if has_resource(army, key):
            return _unmounted(army)
        typed = await ask(screen, TextDialog(
            t("km_army.ask.mount", name=army.name), "", t("km_army.resources.mount_help"),
            check=lambda text: problem(lambda: derive(rebuilt(army, mount_cr=read_cr(text, rules)), rules)), max_length=6,
        ))
        return None if typed is None else rebuilt(army, mount_cr=read_cr(typed, rules))
    if key == ENGINES:
        count = await ask(screen, ArmyBuilderNumber(
            t("km_army.resources.engines", name=army.name), army.siege_engines or 1, range_help(0, 20, t("km_army.resources.engines_help")), in_range(0, 20),
        ))
        if count is None:
            return None
        return _engines(army, count)
    return _toggled_resource(army, key, rules)


def tactic_options(screen: ArmiesHost, army: Army) -> list[Choice]:
    rules = screen.state.rules
    lang = language()
    choices = []
    for row in rules.tactics:
        if row.default:
            continue
        has = row.key in army.tactics
        extra = t("km_army.tactics.bonus") if row.key in army.commander.bonus_tactics else ""
        closed = refusal(screen, partial(_toggled_tactic, army, row.key))
        choices.append(Choice(row.key, row.name(lang), _note(screen, has, extra), closed, detail=_summary(row, lang)))
    return choices


def _toggled_tactic(army: Army, key: str) -> Army:
    if key in army.tactics:
        return rebuilt(army, tactics=tuple(x for x in army.tactics if x != key))
    return rebuilt(army, tactics=(*army.tactics, key))


async def toggle_tactic(screen: ArmiesHost, army: Army, key: str) -> Army | None:
    return _toggled_tactic(army, key)


def ability_options(screen: ArmiesHost, army: Army) -> list[Choice]:
    rules = screen.state.rules
    lang = language()
    picks = {p.key: p for p in army.abilities}
    choices = []
    for row in rules.abilities:
        pick = picks.get(row.key)
        extra = str(pick.value) if pick is not None and pick.value is not None else ""
        valued = rules.ability(row.key).value is not None  # an ability that works "as" another takes its number
        closed = refusal(screen, partial(_toggled_ability, army, row.key, 1 if valued else None))
        source = t("km_army.abilities.source", source=row.source(lang)) if row.source is not None else ""
        detail = " ".join(p for p in (_summary(row, lang), source) if p)
        choices.append(Choice(row.key, row.name(lang), _note(screen, pick is not None, extra), closed, detail=detail))
    return choices


def _toggled_ability(army: Army, key: str, value: int | None) -> Army:
    if any(p.key == key for p in army.abilities):
        return rebuilt(army, abilities=tuple(p for p in army.abilities if p.key != key))
    return rebuilt(army, abilities=(*army.abilities, AbilityPick(key=key, value=value)))


async def toggle_ability(screen: ArmiesHost, army: Army, key: str) -> Army | None:
    rules = screen.state.rules
    named = next(a for a in rules.abilities if a.key == key)
    meaning = rules.ability(key).value
    value: int | None = None
    if meaning is not None and not any(p.key == key for p in army.abilities):
        value = await ask(screen, ArmyBuilderNumber(
            t("km_army.abilities.value", value=meaning(language()), ability=named.name(language())), 1, range_help(0, 99), in_range(0, 99),
        ))
        if value is None:
            return None
    return _toggled_ability(army, key, value)


def boon_options(screen: ArmiesHost, army: Army) -> list[Choice]:
    rules = screen.state.rules
    lang = language()
    probe = next(x.key for x in rules.tactics if x.default)  # any tactic: the list asks which when chosen
    choices = []
    for row in rules.boons:
        has = row.key in army.commander.boons
        extra = ""
        if has and row.bonus_tactic:
            extra = ", ".join(rules.tactic(x).name(lang) for x in _bonus_tactic_of(army, row.key, rules))
        closed = refusal(screen, partial(_toggled_boon, army, row.key, probe, rules))
        need = t("km_army.boons.needs", leadership=row.leadership) if row.leadership else ""
        detail = " ".join(p for p in (_summary(row, lang), need) if p)
        choices.append(Choice(row.key, row.name(lang), _note(screen, has, extra), closed, detail=detail))
    return choices


def _bonus_tactic_of(army: Army, key: str, rules: KingmakerRuleset) -> tuple[str, ...]:
    """The tactic the boon ``key`` brings (Bonus Tactic boons bring one each, in order)."""
    bringing = [k for k in army.commander.boons if rules.boon(k).bonus_tactic]
    if key not in bringing:
        return ()
    at = bringing.index(key)
    return army.commander.bonus_tactics[at:at + 1]


def _toggled_boon(army: Army, key: str, tactic: str | None, rules: KingmakerRuleset) -> Army:
    boons = army.commander.boons
    bonus = army.commander.bonus_tactics
    if key in boons:
        if rules.boon(key).bonus_tactic:
            at = [k for k in boons if rules.boon(k).bonus_tactic].index(key)
            bonus = bonus[:at] + bonus[at + 1:]
        return with_commander(army, boons=tuple(k for k in boons if k != key), bonus_tactics=bonus)
    if rules.boon(key).bonus_tactic and tactic is not None:
        at = len([k for k in boons if rules.boon(k).bonus_tactic])
        bonus = bonus[:at] + (tactic,) + bonus[at:]
    return with_commander(army, boons=(*boons, key), bonus_tactics=bonus)


async def toggle_boon(screen: ArmiesHost, army: Army, key: str) -> Army | None:
    rules = screen.state.rules
    tactic: str | None = None
    if rules.boon(key).bonus_tactic and key not in army.commander.boons:
        lang = language()
        known = set(army.tactics)
        offered = [
            Choice(x.key, x.name(lang), closed=refusal(screen, partial(_toggled_boon, army, key, x.key, rules)), detail=_summary(x, lang))
            for x in rules.tactics if not x.default and x.key not in known
        ]
        tactic = await ask(screen, ChoiceDialog(t("km_army.boons.which_tactic", name=army.name), offered))
        if tactic is None:
            return None
    return _toggled_boon(army, key, tactic, rules)


TOGGLES: dict[str, tuple[Options, Toggle, Menu]] = {
    "resources": (resource_options, toggle_resource, RESOURCE_MENU),
    "tactics": (tactic_options, toggle_tactic, TACTIC_MENU),
    "abilities": (ability_options, toggle_ability, ABILITY_MENU),
    "boons": (boon_options, toggle_boon, BOON_MENU),
}


__all__ = ["ABILITY_MENU", "BOON_MENU", "RESOURCE_MENU", "TACTIC_MENU", "TOGGLES", "toggles"]
