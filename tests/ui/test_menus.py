"""Action menus as data: a fixed menu refuses a choice it does not declare
(so every entry a GM can meet is declared, and covered by a test), while a
menu of ruleset rows also takes a house ruleset's extra rows."""

from __future__ import annotations

import pytest

from tests.ui.test_every_action import menu_entry_ids
from tui.ui.shell.dialogs import Choice, ChoiceDialog
from tui.ui.shell.menus import MENUS


def _menus():
    menu_entry_ids()  # every UI module loaded: every menu registered
    return sorted(MENUS.values(), key=lambda m: m.id)


@pytest.mark.parametrize("menu", _menus(), ids=lambda m: m.id)
def test_a_stray_entry_is_a_house_row_or_a_bug(menu):
    choices = [Choice(entry, entry, entry=entry) for entry in menu.entries]
    ChoiceDialog("title", choices, menu=menu)  # what it declares: always fine
    stray = [*choices, Choice("house_row", "House row", entry="house_row")]
    if menu.rows:
        assert ChoiceDialog("title", stray, menu=menu).menu is menu
    else:
        with pytest.raises(ValueError, match=f"menu {menu.id} does not declare 'house_row'"):
            ChoiceDialog("title", stray, menu=menu)
