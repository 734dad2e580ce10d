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
from tui.ui.second_world.map_flows import ask, record
from tui.ui.shell.dialogs import Choice, ChoiceDialog

if TYPE_CHECKING:
    from tui.ui.shell.battle_screen import BattleScreen


def hideable(state: SWState, zone: str) -> list[tuple[str, str]]:
    """What in ``zone`` the GM may hide or show: (item, its name)."""
    info = state.zone_info(zone)
    found = [(situation_item(zone, key), state.rules.situation(key).name(language())) for key in info.situations]
    found += [(aspect_item(zone, slot), text) for slot, text in zip(info.slots, info.aspects)]
    found += [(made_item(a.id), a.text) for a in state.aspects if a.on == zone]
    found += [(character_item(c.key), c.name) for c in state.characters if state.zone_of(c.key) == zone]
    return found


async def hide_in_zone(screen: "BattleScreen[Any]", zone: str) -> None:
    """Which of the zone's aspects, situations and characters the players see."""
    state: SWState = screen.battle.game
    choices = [
        Choice(toggle(state.hidden, item), name, t("secret.hidden_now") if item in state.hidden else t("secret.shown_now"),
               detail=t("secret.show_detail" if item in state.hidden else "secret.hide_detail", what=name))
        for item, name in hideable(state, zone)
    ]
    event = await ask(screen, ChoiceDialog(t("secret.zone_title", zone=state.board.zone(zone).name), choices, t("secret.help")))
    if isinstance(event, Hide):
        record(screen, event)


def hide_character(screen: "BattleScreen[Any]", key: str) -> None:
    record(screen, toggle(screen.battle.game.hidden, character_item(key)))


__all__ = ["hide_character", "hide_in_zone", "hideable"]
