"""Keeping things from the players' view (``masscombat view``): the GM
marks a character, or a zone's aspect or situation, hidden; the map and
the cast show such a thing with a mark, the players' view leaves it out.
A mark is one event: undo takes it back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.core.i18n import language, t
from tui.core.secrets import Hide, toggle
from tui.core.systems.second_world.public import aspect_item, character_item, situation_item
from tui.core.systems.second_world.state import SWState, made_item
from tui.core.systems.second_world import events as ev
from tui.ui.second_world.map_flows import MOST_ASPECTS, ask, aspects_problem, record
from tui.ui.shell.dialogs import Choice, ChoiceDialog, TextDialog

if TYPE_CHECKING:
    from tui.ui.shell.battle_screen import BattleScreen


WRITE = "write"
"""The zone's hide dialog's first entry: an aspect written hidden."""


def hideable(state: SWState, zone: str) -> list[tuple[str, str]]:
    """What in ``zone`` the GM may hide or show: (item, its name)."""
    info = state.zone_info(zone)
    found = [(situation_item(zone, key), state.rules.situation(key).name(language())) for key in info.situations]
    found += [(aspect_item(zone, slot), text) for slot, text in zip(info.slots, info.aspects)]
    found += [(made_item(a.id), a.text) for a in state.aspects if a.on == zone]
    found += [(character_item(c.key), c.name) for c in state.characters if state.zone_of(c.key) == zone]
    return found


async def hide_in_zone(screen: "BattleScreen[Any]", zone: str) -> None:
    """Which of the zone's aspects, situations and characters the players
    see; first, an aspect written hidden (never shown for an instant)."""
    state: SWState = screen.battle.game
    full = len(state.zone_info(zone).aspects) >= MOST_ASPECTS
    choices = [Choice(WRITE, t("secret.write"), closed=t("sw_ui.dialog.aspects_too_many", most=MOST_ASPECTS) if full else None, detail=t("secret.write_detail"))]
    choices += [
        Choice(toggle(state.hidden, item), name, t("secret.hidden_now") if item in state.hidden else t("secret.shown_now"),
               detail=t("secret.show_detail" if item in state.hidden else "secret.hide_detail", what=name))
        for item, name in hideable(state, zone)
    ]
    event = await ask(screen, ChoiceDialog(t("secret.zone_title", zone=state.board.zone(zone).name), choices, t("secret.help")))
    if isinstance(event, Hide):
        record(screen, event)
    elif event == WRITE:
        await write_hidden(screen, zone)


async def write_hidden(screen: "BattleScreen[Any]", zone: str) -> None:
    """An aspect on the zone that only the GM sees, hidden in the step that writes it."""
    typed = await ask(screen, TextDialog(t("secret.write_title", zone=screen.battle.game.board.zone(zone).name), "", t("secret.write_help"), check=_one_aspect))
    if not typed or not typed.strip():
        return
    aspects = screen.battle.game.zone_info(zone).aspects
    record(screen, ev.ZoneAspects(zone=zone, aspects=(*aspects, typed.strip()), hidden=(len(aspects),)))


def _one_aspect(text: str) -> str | None:
    # a semicolon splits aspects in the zone's line (t): one written here would come back as two
    return t("secret.write_one") if ";" in text else aspects_problem(text, 1)


def hide_character(screen: "BattleScreen[Any]", key: str) -> None:
    record(screen, toggle(screen.battle.game.hidden, character_item(key)))


__all__ = ["WRITE", "hide_character", "hide_in_zone", "hideable", "write_hidden"]
