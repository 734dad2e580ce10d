"""``masscombat army kingmaker``: an army worked out from its troops, for a
GM preparing at home. Every number says where it comes from, as in the app."""

from __future__ import annotations

import argparse
from typing import Callable

from pydantic import ValidationError

from tui.core.errors import RuleViolation
from tui.core.i18n import language, t
from tui.core.printout import Printout, whole
from tui.core.system import Command
from tui.core.systems.kingmaker.derive import cr_text, derive, read_cr, size_for
from tui.core.systems.kingmaker.explain import explain
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.rules import KingmakerRuleset


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cr", required=True, metavar="CR", help=t("cli.help.cr"))
    parser.add_argument("--troops", required=True, type=whole, metavar="N", help=t("cli.help.troops"))
    parser.add_argument("--hd", default="d10", metavar="DIE", help=t("cli.help.hd"))
    parser.add_argument("--mount-cr", default=None, metavar="CR", help=t("cli.help.mount_cr"))


def army(args: argparse.Namespace, rules: KingmakerRuleset) -> Printout:
    cr = read_cr(args.cr, rules)
    mount_cr = read_cr(args.mount_cr, rules) if args.mount_cr is not None else None
    size_for(args.troops, rules)  # too few or too many for an army: the rules' own words
    try:
        built = Army(key="a1", name="Army", cr=cr, troops=args.troops, hit_die=args.hd, mount_cr=mount_cr)
    except ValidationError as exc:  # a head count or die out of range: one line naming the option
        first = exc.errors()[0]
        raise RuleViolation(f"--{'-'.join(str(p) for p in first['loc'])}: {first['msg']}") from None
    found = derive(built, rules)
    size, lang = found.size, language()
    ranged = found.ranged_offense
    formation = f"{found.frontage}x{found.depth}"
    data = {
        "system": "kingmaker", "troops": args.troops, "cr": cr, "mount_cr": mount_cr, "hit_die": args.hd,
        "size": size.key, "acr": found.acr_text, "hp": found.hp.total, "offense": found.offense.total,
        "ranged_offense": ranged.total if ranged is not None else None, "defense": found.defense.total,
        "max_damage": found.max_damage.total, "attacks": found.attacks.total, "consumption": found.consumption.total,
        "squares": found.squares, "formation": formation, "speed": found.speed.total,
        "tactics_known": found.tactics_known, "morale": found.morale.total,
    }
    counted = cr if found.mount_cr is None or found.rider_cr >= found.mount_cr else mount_cr
    lines = [t("km.cli.heading", size=size.name(lang), troops=args.troops, cr=cr)]
    if found.mount_cr is not None:
        lines.append(t("km.cli.mounted", rider=cr_text(found.rider_cr), mount=cr_text(found.mount_cr)))
    lines += [
        t("km.cli.acr", acr=found.acr_text, cr=counted, size=size.name(lang), steps=f"{size.acr_steps:+d}"),
        t("km.cli.hp", hp=found.hp.total, why=explain(found.hp, found, rules, lang)),
        t("km.cli.offense", offense=f"{found.offense.total:+d}", why=explain(found.offense, found, rules, lang)),
    ]
    if ranged is not None:
        lines.append(t("km.cli.ranged", offense=f"{ranged.total:+d}", why=explain(ranged, found, rules, lang)))
    lines += [
        t("km.cli.defense", defense=found.defense.total, why=explain(found.defense, found, rules, lang)),
        t("km.cli.damage", damage=found.max_damage.total, attacks=found.attacks.total),
        t("km.cli.consumption", consumption=found.consumption.total, why=explain(found.consumption, found, rules, lang)),
        t("km.cli.squares", squares=found.squares, formation=formation, speed=found.speed.total),
        t("km.cli.tactics", known=found.tactics_known, defaults=", ".join(x.name(lang) for x in rules.tactics if x.default)),
    ]
    return Printout("\n".join(lines), data)


def army_command(rules: Callable[[], KingmakerRuleset]) -> Command:
    """The command, reading the ruleset only when it runs."""
    return Command("army", lambda: t("cli.help.army_kingmaker"), _arguments, lambda args: army(args, rules()))


__all__ = ["army", "army_command"]
