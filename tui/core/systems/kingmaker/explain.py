"""Where an army's numbers come from, in words: ``ACR 6, Mounts +2``.
The army builder and ``masscombat army`` both show these."""

from __future__ import annotations

from fractions import Fraction

from tui.core.i18n import tr
from tui.core.systems.kingmaker.derive import Derived, Figure, Part, cr_text
from tui.core.systems.kingmaker.rules import KingmakerRuleset


def decimal(value: Fraction, language: str) -> str:
    """5.5, or 5,5 in German."""
    text = f"{float(value):g}"
    return text.replace(".", ",") if language == "de" else text


def die_name(key: str, language: str) -> str:
    """``d10``, or ``W10`` in German."""
    return tr(language, "km.part.die", sides=key.removeprefix("d"))


def part_label(part: Part, found: Derived, rules: KingmakerRuleset, language: str) -> str:
    """The name of one contribution, without its amount."""
    if part.source == "acr":
        return tr(language, "km.part.acr", acr=cr_text(found.acr))
    if part.source == "acr_share":
        a = rules.armies
        key = "km.part.acr_share" if part.amount > a.consumption_min or found.acr >= a.consumption_divisor * a.consumption_min else "km.part.acr_share_least"
        return tr(language, key, acr=cr_text(found.acr), divisor=a.consumption_divisor, least=a.consumption_min, amount=part.amount)
    if part.source == "resource":
        return rules.resource(part.key).name(language)
    if part.source == "ability":
        return rules.ability(part.key).name(language)
    if part.source == "boon":
        return rules.boon(part.key).name(language)
    if part.source == "tactic":
        return rules.tactic(part.key).name(language)
    if part.source == "hit_die":
        mean = rules.hit_die(part.key).mean
        return tr(language, "km.part.hit_die", acr=cr_text(found.acr), mean=decimal(mean, language), die=die_name(part.key, language))
    return tr(language, f"km.part.{part.source}" + (f"_{part.key}" if part.source == "commander" else ""))


def explain(figure: Figure, found: Derived, rules: KingmakerRuleset, language: str) -> str:
    """``ACR 6, Mounts +2, the GM -1``: the first part bare, the rest signed."""
    words = []
    for index, part in enumerate(figure.parts):
        label = part_label(part, found, rules, language)
        if part.source in ("hit_die", "size", "ruleset", "acr_share"):
            words.append(label)
        elif index == 0 or part.source in ("acr",):
            words.append(f"{label} {part.amount}" if part.source != "acr" else label)
        else:
            words.append(f"{label} {part.amount:+d}")
    return ", ".join(words)


__all__ = ["decimal", "die_name", "explain", "part_label"]
