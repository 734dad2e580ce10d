"""Choosing entries of an action menu by keys in Pilot tests: the option
is found by its menu entry (and value), walked to with the arrows, entered."""

from __future__ import annotations

from tui.ui.shell.dialogs import ChoiceDialog

from tests.ui.fate.play import enter_option, wait_for

ANY = object()


async def pick(app, pilot, entry: str, value: object = ANY):
    """In the menu dialog on top, choose the open option for ``entry`` (and ``value``)."""
    dialog = await wait_for(app, pilot, ChoiceDialog)
    assert dialog.menu is not None, "not an action menu"
    choices = dialog._choices
    wanted = [i for i, c in enumerate(choices) if c.menu_entry == entry and c.closed is None and (value is ANY or c.value == value)]
    assert wanted, [(c.menu_entry, c.value, c.closed) for c in choices]
    return await enter_option(dialog, pilot, wanted[0])


async def step(app, pilot) -> None:
    """Enter on the wave screen: take the next step."""
    await pilot.press("enter")
    await pilot.pause()


__all__ = ["ANY", "pick", "step"]
