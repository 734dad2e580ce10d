"""Second World in the app: the zone map as its mode, where a conflict
opens, and its page of help (the edge notation, the situations, the
weapons' reach)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from textual.binding import Binding

from tui.core.history import LoggedBattle
from tui.core.i18n import language, t
from tui.ui.registry import SystemUI, lazy_screen


def start_mode(battle: LoggedBattle[Any, Any]) -> str:
    """An empty scene opens on the cast; one with a cast or a map, on the map."""
    game = battle.game
    return "cast" if not game.characters and not game.board.zones else "map"


def help_page(glyphs: Any, battle: LoggedBattle[Any, Any]) -> list[RenderableType]:
    rules = battle.ruleset
    lang = language()
    text = Text()
    text.append(t("sw_ui.help.edges_title") + "\n", "bold")
    text.append(t("sw_ui.help.edges") + "\n")
    for preset in rules.edge_presets:
        text.append(f"  {preset.costs}  {preset.name(lang)}\n")
    text.append(t("sw_ui.help.reach_title") + "\n", "bold")
    for weapon in rules.weapons:
        text.append(f"  {weapon.name(lang)}: {t('sw_ui.help.reach', zones=weapon.range)}" + (f" · {t('sw_ui.help.heavy')}" if weapon.heavy else "") + "\n")
    for situation in rules.situational:
        reach = t("sw_ui.situation.detail_none") if not situation.ranged else t("sw_ui.situation.detail_reach", most=situation.max_range or 0)
        text.append(f"  {situation.name(lang)}: {reach}\n")
    return [text]


UI = SystemUI(
    key="second_world",
    modes={"map": lazy_screen("tui.ui.second_world.map", "SecondWorldMapScreen"), "cast": lazy_screen("tui.ui.second_world.cast", "SecondWorldCastScreen")},
    bindings=(
        Binding("f3", "mode('map')", "sw_ui.key.to_map", show=False, id="app.sw_map"),
        Binding("f4", "mode('cast')", "sw_ui.key.to_cast", show=False, id="app.sw_cast"),
        # No roller of its own here: F5 (the Battle Pool roller in Mutant) is the quick roll.
        Binding("f5", "quick_roll", "quick.key", show=False, id="app.quick_roll_f5"),
    ),
    start_mode=start_mode,
    help=help_page,
)
