"""What an army's troops, gear and commander make of it, by the ruleset:
size, ACR, hp, Offense, Defense, Morale, Consumption, Maximum Damage,
Attacks, speed, squares and tactics known, each number with the parts it
came from (the army builder and ``masscombat army`` show them).

``derive`` refuses, with one line, an army the ruleset can't field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Literal

from tui.core.i18n import t
from tui.core.systems.kingmaker.forces import Army, ArmyError
from tui.core.systems.kingmaker.rule_rows import Effect, Size, formation, fraction
from tui.core.systems.kingmaker.rules import KingmakerRuleset

Source = Literal["acr", "acr_share", "base", "hit_die", "resource", "ability", "boon", "tactic", "commander", "record", "gm", "ruleset", "size"]


@dataclass(frozen=True)
class Part:
    """One contribution to a number: where from (a source kind and a row
    key of the ruleset) and how much."""

    source: Source
    key: str
    amount: int


@dataclass(frozen=True)
class Figure:
    total: int
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Situational:
    """An effect that holds only sometimes (the GM's call, or while bloodied)."""

    source: Source
    key: str
    effect: Effect


@dataclass(frozen=True)
class Derived:
    army: Army
    size: Size
    acr: Fraction
    rider_cr: Fraction
    mount_cr: Fraction | None
    hp: Figure
    offense: Figure
    """Melee Offense."""
    ranged_offense: Figure | None
    """None: the army can't make ranged attacks."""
    defense: Figure
    morale: Figure
    """Added to every Morale check."""
    consumption: Figure
    max_damage: Figure
    attacks: Figure
    speed: Figure
    squares: int
    frontage: int
    depth: int
    tactics_known: int
    tactics: tuple[str, ...]
    """Every tactic it may use: the defaults, those learned, the commander's."""
    leadership: int
    boons_max: int
    grants: frozenset[str]
    situational: tuple[Situational, ...]
    carried: tuple[Situational, ...]
    """The effects that always hold (those in the figures above among them)."""
    cost_bp: Fraction
    """What its resources cost, in BP."""
    range: int
    damage: int
    ranged_damage: int

    @property
    def acr_text(self) -> str:
        return cr_text(self.acr)

    @property
    def ranged(self) -> bool:
        return self.ranged_offense is not None


def cr_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _figure(parts: list[Part]) -> Figure:
    kept = tuple(p for p in parts if p.amount or p.source in ("acr", "acr_share", "base", "ruleset", "size", "hit_die"))
    return Figure(sum(p.amount for p in parts), kept)


def size_for(troops: int, rules: KingmakerRuleset) -> Size:
    """The largest size whose head count the troops reach."""
    armies = rules.armies
    if troops < armies.troops_min:
        raise ArmyError(t("km.army.too_few", troops=troops, least=armies.troops_min))
    if troops > armies.troops_max:
        raise ArmyError(t("km.army.too_many", most=armies.troops_max))
    return [s for s in rules.sizes if s.troops <= troops][-1]


def read_cr(text: str, rules: KingmakerRuleset) -> str:
    """A CR typed by the GM (``2``, `` 1/3``, ``2.0``) as the ladder writes it;
    ArmyError with one line if it is not on the ladder."""
    text = text.strip()
    ladder_step(text, rules)
    return cr_text(fraction(text))


def ladder_step(cr: str, rules: KingmakerRuleset) -> int:
    try:
        value = fraction(cr)
    except ValueError:
        value = Fraction(-1)
    ladder = rules.ladder
    if value not in ladder:
        raise ArmyError(t("km.army.off_ladder", cr=cr, low=rules.armies.cr_ladder[0], high=rules.armies.cr_ladder[-1]))
    return ladder.index(value)


def acr_of(cr: str, size: Size, rules: KingmakerRuleset) -> Fraction:
    """One creature's CR moved up or down the ladder by the size's steps."""
    step = ladder_step(cr, rules) + size.acr_steps
    ladder = rules.ladder
    if step < 0:
        raise ArmyError(t("km.army.below_ladder", cr=cr, size=size.name(_lang()), least=rules.armies.cr_ladder[0]))
    if step >= len(ladder):
        raise ArmyError(t("km.army.above_ladder", cr=cr, size=size.name(_lang()), most=rules.armies.cr_ladder[-1]))
    return ladder[step]


def _lang() -> str:
    from tui.core.i18n import language

    return language()


def _effects(army: Army, rules: KingmakerRuleset, leadership: int) -> Iterator[tuple[Source, str, Effect]]:
    """Every effect the army carries outside battle, with its source."""
    for key in _resource_keys(army):
        for effect in rules.resource(key).effects:
            yield "resource", key, effect
    for pick in army.abilities:
        for effect in rules.ability(pick.key).effects:
            yield "ability", pick.key, effect.scaled(pick.value or 0)
    for key in army.commander.boons:
        for effect in _boon_step(rules.boon(key).effects, leadership):
            yield "boon", key, effect


def _boon_step(effects: tuple[Effect, ...], leadership: int) -> tuple[Effect, ...]:
    """A boon's effects at the commander's Leadership: the strongest step
    reached for each kind of bonus."""
    reached = [e for e in effects if e.leadership <= leadership]
    top = max((e.leadership for e in reached), default=0)
    return tuple(e for e in reached if e.leadership == top)


def _resource_keys(army: Army) -> tuple[str, ...]:
    keys = list(army.resources)
    if army.mounted and "mounts" not in keys:
        keys.append("mounts")
    if army.siege_engines and "siege_engines" not in keys:
        keys.append("siege_engines")
    return tuple(keys)


def _check_known(army: Army, rules: KingmakerRuleset) -> None:
    """Every row the army names exists in the ruleset."""
    if army.hit_die not in {d.key for d in rules.hit_dice}:
        raise ArmyError(t("km.army.unknown_hit_die", key=army.hit_die, known=", ".join(d.key for d in rules.hit_dice)))
    named = {
        "resources": army.resources, "abilities": tuple(p.key for p in army.abilities),
        "tactics": (*army.tactics, *army.commander.bonus_tactics), "boons": army.commander.boons,
    }
    for table, keys in named.items():
        rows = {row.key for row in getattr(rules, table)}
        for key in keys:
            if key not in rows:
                raise ArmyError(t(f"km.army.unknown_{table}", key=key))
    repeatable = {b.key for b in rules.boons if b.bonus_tactic}
    once = (army.resources, named["abilities"], army.tactics, tuple(b for b in army.commander.boons if b not in repeatable))
    if any(len(set(keys)) != len(keys) for keys in once):
        raise ArmyError(t("km.army.twice"))


def _check_rows(army: Army, rules: KingmakerRuleset, leadership: int, boons_max: int, grants: set[str]) -> None:
    lang = _lang()
    groups: dict[str, str] = {}
    for key in army.resources:
        if key == "mounts" and not army.mounted:
            raise ArmyError(t("km.army.mounts_need_cr"))
        group = rules.resource(key).group
        if group is not None:
            if group in groups:
                raise ArmyError(t("km.army.resource_group", first=rules.resource(groups[group]).name(lang), second=rules.resource(key).name(lang)))
            groups[group] = key
    if army.siege_engines == 0 and "siege_engines" in army.resources:
        raise ArmyError(t("km.army.engines_count"))
    for pick in army.abilities:
        ability = rules.ability(pick.key)
        if ability.value is not None and pick.value is None and any(e.per_value for e in ability.effects):
            raise ArmyError(t("km.army.ability_value", name=ability.name(lang), value=ability.value(lang)))
    for key in (*army.tactics, *army.commander.bonus_tactics):
        for need in rules.tactic(key).requires:
            if need not in grants and need not in _resource_keys(army):
                raise ArmyError(t("km.army.tactic_needs", tactic=rules.tactic(key).name(lang), need=_need_name(need, rules)))
    commander = army.commander
    for key in commander.boons:
        boon = rules.boon(key)
        if boon.leadership > leadership:
            raise ArmyError(t("km.army.boon_leadership", boon=boon.name(lang), needs=boon.leadership, has=leadership))
        for need in boon.requires:
            if need not in grants and need not in _resource_keys(army):
                raise ArmyError(t("km.army.tactic_needs", tactic=boon.name(lang), need=_need_name(need, rules)))
    if len(commander.boons) > boons_max:
        raise ArmyError(t("km.army.boons_max", most=boons_max, count=len(commander.boons)))
    wanted = sum(1 for key in commander.boons if rules.boon(key).bonus_tactic)
    if len(commander.bonus_tactics) != wanted:
        raise ArmyError(t("km.army.bonus_tactics", wanted=wanted, count=len(commander.bonus_tactics)))
    if not rules.armies.morale_min <= army.morale <= rules.armies.morale_max:
        raise ArmyError(t("km.army.morale_range", low=rules.armies.morale_min, high=rules.armies.morale_max))


def _need_name(key: str, rules: KingmakerRuleset) -> str:
    found = next((r for r in rules.resources if r.key == key or key in r.grants), None)
    return found.name(_lang()) if found is not None else key


def derive(army: Army, rules: KingmakerRuleset) -> Derived:
    """Everything the rules make of ``army``; ``ArmyError`` if they can't field it."""
    a = rules.armies
    size = size_for(army.troops, rules)
    _check_known(army, rules)
    rider = acr_of(army.cr, size, rules)
    mount = acr_of(army.mount_cr, size, rules) if army.mount_cr is not None else None
    acr = max(rider, mount) if mount is not None else rider
    whole = math.floor(acr)
    commander = army.commander
    leadership = commander.level + commander.charisma + (rules.commanders.leadership_feat if commander.leadership_feat else 0)
    boons_max = rules.commanders.boons_base + commander.profession // rules.commanders.boons_per_ranks
    grants: set[str] = {g for key in _resource_keys(army) for g in rules.resource(key).grants}
    grants |= {g for pick in army.abilities for g in rules.ability(pick.key).grants}
    _check_rows(army, rules, leadership, boons_max, grants)

    effects = list(_effects(army, rules, leadership))
    always = [(s, k, e) for s, k, e in effects if e.when == "always"]
    situational = tuple(Situational(s, k, e) for s, k, e in effects if e.when != "always")

    def summed(*fields: str) -> list[Part]:
        return [Part(s, k, sum(getattr(e, f) for f in fields)) for s, k, e in always if any(getattr(e, f) for f in fields)]

    hp_mean = rules.hit_die(army.hit_die).mean
    hp = max(a.minimum_hp, math.floor(acr * hp_mean))
    hp_figure = Figure(hp, (Part("hit_die", army.hit_die, hp),))
    offense = _figure([Part("acr", "", whole), *summed("offense", "melee_offense"), Part("gm", "", army.offense_bonus)])
    ranged_offense = None
    if "ranged" in grants:
        ranged_offense = _figure([Part("acr", "", whole), *summed("offense", "ranged_offense"), Part("gm", "", army.offense_bonus)])
    defense = _figure([Part("base", "", a.defense_base), Part("acr", "", whole), *summed("defense"), Part("gm", "", army.defense_bonus)])
    morale = _figure([
        Part("record", "", army.morale), Part("commander", "charisma", commander.charisma),
        Part("commander", "profession", commander.profession // rules.commanders.profession_divisor), *summed("morale"),
    ])
    consumption_parts = [Part("acr_share", "", max(a.consumption_min, math.floor(acr / a.consumption_divisor)))]
    cost = Fraction(0)
    for key in _resource_keys(army):
        resource = rules.resource(key)
        engines = army.siege_engines if resource.per_engine else 1
        price, consumption = scaled_price(army, rules, key)
        consumption_parts.append(Part("resource", key, consumption * engines))
        if resource.cost_is_mount_acr and mount is not None:
            # The mounts' ACR already counts the army's size: their price isn't scaled again.
            cost += max(Fraction(1), fraction(cr_text(mount))) * engines
            continue
        cost += price * engines
    width, depth = formation(size.formations[0])
    squares = width * depth
    max_damage = Figure(army.max_damage or a.max_damage, (Part("gm" if army.max_damage else "ruleset", "", army.max_damage or a.max_damage),))
    attacks_value = army.attacks or a.attacks_per_square * squares
    attacks = Figure(attacks_value, (Part("gm" if army.attacks else "size", "", attacks_value),))
    speed_value = army.speed if army.speed is not None else army.base_speed // a.feet_per_square
    speed = Figure(speed_value, (Part("gm" if army.speed is not None else "base", "", speed_value),))
    tactics = tuple(dict.fromkeys([*(t_.key for t_ in rules.tactics if t_.default), *army.tactics, *commander.bonus_tactics]))
    known_count = max(0, math.floor(acr / a.tactics_divisor))
    if len(army.tactics) > known_count:
        raise ArmyError(t("km.army.tactics_max", acr=cr_text(acr), most=known_count, count=len(army.tactics)))
    damage = sum(e.damage + e.melee_damage for _, _, e in always)
    ranged_damage = sum(e.damage + e.ranged_damage for _, _, e in always)
    return Derived(
        army=army, size=size, acr=acr, rider_cr=rider, mount_cr=mount, hp=hp_figure, offense=offense,
        ranged_offense=ranged_offense, defense=defense, morale=morale, consumption=_figure(consumption_parts),
        max_damage=max_damage, attacks=attacks, speed=speed, squares=squares, frontage=width, depth=depth,
        tactics_known=known_count, tactics=tactics, leadership=leadership, boons_max=boons_max,
        grants=frozenset(grants), situational=situational, cost_bp=cost,
        carried=tuple(Situational(s, k, e) for s, k, e in always),
        range=army.ranged_range or (rules.movement.thrown_range if army.thrown else rules.movement.ranged_range), damage=damage, ranged_damage=ranged_damage,
    )


def scaled_price(army: Army, rules: KingmakerRuleset, key: str) -> tuple[Fraction, int]:
    """A resource's BP cost and Consumption for this army's size, one engine's
    worth for siege engines (the mounts' cost is their ACR, worked out apart)."""
    resource = rules.resource(key)
    scale = size_for(army.troops, rules).multiplier if resource.scales else Fraction(1)
    price = Fraction(resource.cost)
    return (max(Fraction(1), price * scale) if price else Fraction(0)), _scaled(resource.consumption, scale)


def _scaled(amount: int, scale: Fraction) -> int:
    """A Medium army's cost scaled to a size; never below 1 where it costs anything."""
    if not amount:
        return 0
    return max(1, math.floor(amount * scale))


__all__ = ["Derived", "Figure", "Part", "Situational", "acr_of", "cr_text", "derive", "ladder_step", "read_cr", "scaled_price", "size_for"]
