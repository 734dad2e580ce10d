"""Kingmaker Fantasy Battle in the app: the battle mat and the army builder
as its modes, where a battle opens, and its page of help (the commands and
their DCs, the melee and ranged modifiers, the morale thresholds, the
terrain's glyphs)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding

from tui.core.history import LoggedBattle
from tui.core.i18n import language, t
from tui.ui.kingmaker.common import terrain_words
from tui.ui.registry import SystemUI, lazy_screen


def start_mode(battle: LoggedBattle[Any, Any]) -> str:
    """A muster without armies opens on the army builder; anything else on the mat."""
    return "armies" if not battle.game.armies else "mat"


def help_page(glyphs: Any, battle: LoggedBattle[Any, Any]) -> list[RenderableType]:
    rules = battle.ruleset
    lang = language()
    text = Text()
    text.append(t("km_ui.help.turn_title") + "\n", "bold")
    text.append(t("km_ui.help.turn") + "\n")
    text.append(t("km_ui.help.commands_title") + "\n", "bold")
    c = rules.commands
    for command in (c.hustle, c.charge, c.press, c.press_morale):
        cost = " " + t("km_ui.help.offense_cost", offense=command.offense) if command.offense else ""
        text.append(f"  {command.name(lang)} ({t(f'km.phase.{command.phase}')}): {t('km_ui.help.dc', dc=command.dc)}{cost}\n")
    text.append(f"  {c.about_face.name(lang)}: {t('km_ui.help.about_face')}\n")
    text.append(f"  {c.withdraw.name(lang)}: {t('km_ui.help.withdraw')}\n")
    text.append(t("km_ui.help.melee_title") + "\n", "bold")
    m = rules.melee
    text.append("  " + t("km_ui.help.melee", charge=m.charge, rank=m.rank, flanking=m.flanking, rear=m.rear, front=m.front_attacks, other=m.other_attacks) + "\n")
    r = rules.ranged
    text.append(t("km_ui.help.ranged_title") + "\n", "bold")
    text.append("  " + t("km_ui.help.ranged", half=r.over_half_range, most=r.maximum_range, cover=r.cover, melee=r.into_melee, moved=r.after_moving, mount=r.moving_mount) + "\n")
    text.append(t("km_ui.help.morale_title") + "\n", "bold")
    for threshold in rules.morale.thresholds:
        text.append(f"  {threshold.name(lang)}: {t('km_ui.help.threshold', percent=threshold.percent, dc=threshold.dc)}\n")
    for state in rules.morale.states:
        words = t("km_ui.help.fail_by", margin=state.fail_by) if state.fail_by else t("km_ui.help.failed")
        text.append(f"  {state.name(lang)}: {words}\n")
    text.append(t("km_ui.help.terrain_title") + "\n", "bold")
    for terrain in rules.terrain:
        text.append(f"  {terrain.glyph}  {terrain.name(lang)}: {terrain_words(terrain)}\n")
    return [text]


UI = SystemUI(
    key="kingmaker",
    modes={"mat": lazy_screen("tui.ui.kingmaker.mat", "KingmakerMatScreen"), "armies": lazy_screen("tui.ui.kingmaker.armies", "KingmakerArmiesScreen")},
    bindings=(
        Binding("f3", "mode('mat')", "km_ui.key.to_mat", show=False, id="app.km_mat"),
        Binding("f4", "mode('armies')", "km_ui.key.to_armies", show=False, id="app.km_armies"),
        # No roller of its own here: F5 (the Battle Pool roller in Mutant) is the quick roll.
        Binding("f5", "quick_roll", "quick.key", show=False, id="app.quick_roll_f5"),
    ),
    start_mode=start_mode,
    help=help_page,
)
