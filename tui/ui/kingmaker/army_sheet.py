"""The army builder's words: an army's line in the list, the status line,
and the sheet of the army under the cursor with every number the rules
derive and where it comes from (as ``masscombat army kingmaker`` prints
them), its resources, tactics, abilities and commander, the effects that
hold only sometimes, and, once the battle has begun, how it stands.

Everything is a ``rich.text.Text`` built piece by piece: army, side and
commander names are the GM's text and are never read as markup.
"""

from __future__ import annotations

from rich.text import Text

from tui.core.systems.kingmaker.public import army_item
from tui.core.i18n import language, t
from tui.core.systems.kingmaker.derive import Derived, Figure, Part, Situational, cr_text
from tui.core.systems.kingmaker.explain import decimal, die_name, explain, part_label
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.rule_rows import EFFECT_NUMBERS, Effect
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.story import standing_text

MUTED = "dim"
HEAD = "bold"


def army_line(state: KMState, army: Army) -> Text:
    """One army in the list: its name, ACR and size, on one line (cut short
    with an ellipsis in a narrow terminal: the sheet has it all)."""
    found = state.derived[army.key]
    line = Text("  ", no_wrap=True, overflow="ellipsis")
    line.append(army.name, style=HEAD)
    line.append("  " + t("km_army.line", size=found.size.name(language()), acr=found.acr_text), style=MUTED)
    if army_item(army.key) in state.hidden:
        line.append("  " + t("secret.mark"), style="italic")
    return line


def side_heading(state: KMState, side: int) -> Text:
    return Text(state.sides[side], style="bold underline")


def status_text(state: KMState) -> Text:
    """The sides and how many armies each, and what the stage allows."""
    counts = [t("km_army.side_count", side=name, count=sum(1 for a in state.armies if a.side == i)) for i, name in enumerate(state.sides)]
    text = Text(t("km_army.status", sides=" · ".join(counts)))
    if state.stage != "muster":
        text.append(" · " + t(f"km_army.stage.{state.stage}"), style="italic")
    return text


def _why(figure: Figure, found: Derived, state: KMState) -> str:
    why = explain(figure, found, state.rules, language())
    return f"  ({why})" if why else ""


def _signed(value: int) -> str:
    return f"{value:+d}"


def effect_text(effect: Effect) -> str:
    """``Offense +1, Defense +2``: the numbers an effect changes."""
    return ", ".join(t(f"km_army.effect.{name}", amount=_signed(getattr(effect, name))) for name in EFFECT_NUMBERS if getattr(effect, name))


def _source_name(item: Situational, found: Derived, state: KMState) -> str:
    return part_label(Part(item.source, item.key, 0), found, state.rules, language())


def _row_summary(item: Situational, state: KMState) -> str:
    rules = state.rules
    row = {"resource": rules.resource, "ability": rules.ability, "boon": rules.boon, "tactic": rules.tactic}.get(item.source)
    if row is None:
        return ""
    found = row(item.key)
    return found.summary(language()) if found.summary is not None else ""


def sheet_text(state: KMState, key: str, fixed: str | None = None, kept: str | None = None) -> Text:
    """The whole army under the cursor; ``fixed``: why it can't be changed
    now, ``kept``: why it can't be removed."""
    rules = state.rules
    lang = language()
    found = state.derived[key]
    army = found.army
    size = found.size
    text = Text(army.name, style=HEAD)
    if army.creature:
        text.append("  (")
        text.append(army.creature)
        text.append(")")

    def line(words: str, style: str = "") -> None:
        text.append("\n" + words, style=style)

    line(t("km_army.sheet.heading", side=state.sides[army.side], size=size.name(lang), troops=army.troops, cr=army.cr, die=die_name(army.hit_die, lang)))
    if fixed:
        line(t("km_army.sheet.fixed", reason=fixed), "italic")
    elif kept:
        line(t("km_army.sheet.kept", reason=kept), "italic")
    counted = army.cr if found.mount_cr is None or found.rider_cr >= found.mount_cr else (army.mount_cr or army.cr)
    line(t("km_army.sheet.acr", acr=found.acr_text, cr=counted, size=size.name(lang), steps=_signed(size.acr_steps)), HEAD)
    if found.mount_cr is not None:
        line(t("km_army.sheet.mounted", rider=cr_text(found.rider_cr), mount=cr_text(found.mount_cr)))
    line(t("km_army.sheet.hp", hp=found.hp.total) + _why(found.hp, found, state))
    if army.wounds:
        line(t("km_army.sheet.wounds", hp=found.hp.total - army.wounds, most=found.hp.total, wounds=army.wounds), "bold")
    line(t("km_army.sheet.offense", offense=_signed(found.offense.total)) + _why(found.offense, found, state))
    if found.ranged_offense is not None:
        line(t("km_army.sheet.ranged", offense=_signed(found.ranged_offense.total), range=found.range) + _why(found.ranged_offense, found, state))
    line(t("km_army.sheet.defense", defense=found.defense.total) + _why(found.defense, found, state))
    line(t("km_army.sheet.morale", morale=_signed(found.morale.total)) + _why(found.morale, found, state))
    damage_from = part_label(found.max_damage.parts[0], found, rules, lang)
    attacks_from = part_label(found.attacks.parts[0], found, rules, lang)
    line(t("km_army.sheet.damage", damage=found.max_damage.total, damage_from=damage_from, attacks=found.attacks.total, attacks_from=attacks_from))
    line(t("km_army.sheet.consumption", consumption=found.consumption.total) + _why(found.consumption, found, state))
    shape = f"{found.frontage}x{found.depth}"
    line(t("km_army.sheet.squares", squares=found.squares, formation=shape))
    others = [f for f in size.formations if f != shape]
    if others:
        text.append(" " + t("km_army.sheet.formations", formations=t("km_army.sheet.or").join(others)))
    if army.speed is None:
        line(t("km_army.sheet.speed_base", speed=found.speed.total, feet=army.base_speed, per=rules.armies.feet_per_square))
    else:
        line(t("km_army.sheet.speed_gm", speed=found.speed.total))
    _tactics(text, state, found)
    _gear(text, state, found)
    _commander(text, state, found)
    _sometimes(text, state, found)
    if state.stage in ("battle", "over"):
        line(t("km_army.sheet.battle", standing=standing_text(state, key)), HEAD)
    return text


def _tactics(text: Text, state: KMState, found: Derived) -> None:
    rules = state.rules
    lang = language()
    army = found.army
    learned = ", ".join(rules.tactic(k).name(lang) for k in army.tactics) or t("km_army.sheet.none")
    defaults = ", ".join(x.name(lang) for x in rules.tactics if x.default)
    text.append("\n" + t("km_army.sheet.tactics", count=len(army.tactics), most=found.tactics_known, names=learned))
    text.append("\n  " + t("km_army.sheet.tactics_default", names=defaults), style=MUTED)
    if army.commander.bonus_tactics:
        bonus = ", ".join(rules.tactic(k).name(lang) for k in army.commander.bonus_tactics)
        text.append("\n  " + t("km_army.sheet.tactics_bonus", names=bonus))


def _gear(text: Text, state: KMState, found: Derived) -> None:
    rules = state.rules
    lang = language()
    army = found.army
    resources = []
    for key in dict.fromkeys([*army.resources, *(["mounts"] if army.mounted else []), *(["siege_engines"] if army.siege_engines else [])]):
        name = rules.resource(key).name(lang)
        resources.append(f"{name} ×{army.siege_engines}" if key == "siege_engines" else name)
    cost = decimal(found.cost_bp, lang)
    text.append("\n" + t("km_army.sheet.resources", cost=cost, names=", ".join(resources) or t("km_army.sheet.none")))
    abilities = []
    for pick in army.abilities:
        name = next(a for a in rules.abilities if a.key == pick.key).name(lang)
        abilities.append(f"{name} {pick.value}" if pick.value is not None else name)
    text.append("\n" + t("km_army.sheet.abilities", names=", ".join(abilities) or t("km_army.sheet.none")))


def _commander(text: Text, state: KMState, found: Derived) -> None:
    rules = state.rules
    lang = language()
    commander = found.army.commander
    text.append("\n" + t("km_army.sheet.commander") + " ")
    if commander.name:
        text.append(commander.name, style=HEAD)
    else:
        text.append(t("km_army.sheet.unnamed"), style="italic")
    kind = t("km_army.sheet.pc") if commander.kind == "pc" else t("km_army.sheet.npc")
    text.append(f" ({kind})")
    text.append("\n  " + t("km_army.sheet.commander_numbers", charisma=_signed(commander.charisma), ranks=commander.profession, level=commander.level))
    key = "km_army.sheet.leadership_feat" if commander.leadership_feat else "km_army.sheet.leadership"
    boons = ", ".join(rules.boon(k).name(lang) for k in commander.boons) or t("km_army.sheet.none")
    text.append("\n  " + t(key, leadership=found.leadership, bonus=rules.commanders.leadership_feat))
    text.append("\n  " + t("km_army.sheet.boons", count=len(commander.boons), most=found.boons_max, names=boons))


def _sometimes(text: Text, state: KMState, found: Derived) -> None:
    if not found.situational:
        return
    text.append("\n" + t("km_army.sheet.sometimes"))
    for item in found.situational:
        name = _source_name(item, found, state)
        numbers = effect_text(item.effect)
        text.append("\n  " + t(f"km_army.when.{item.effect.when}", name=name) + (f": {numbers}" if numbers else ""))
        summary = _row_summary(item, state)
        if summary:
            text.append("\n    " + summary, style=MUTED)


__all__ = ["army_line", "effect_text", "sheet_text", "side_heading", "status_text"]
