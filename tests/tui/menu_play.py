"""Choosing entries of an action menu by keys in Pilot tests: the option
is found by its menu entry (and value), walked to with the arrows, entered."""

from __future__ import annotations

from tui.ui.shell.dialogs import ChoiceDialog

from tests.tui.fate_play import wait_for

ANY = object()


async def pick(app, pilot, entry: str, value: object = ANY):
    """In the menu dialog on top, choose the open option for ``entry`` (and ``value``)."""
    dialog = await wait_for(app, pilot, ChoiceDialog)
    assert dialog.menu is not None, "not an action menu"
    choices = dialog._choices
    wanted = [i for i, c in enumerate(choices) if c.menu_entry == entry and c.closed is None and (value is ANY or c.value == value)]
    assert wanted, [(c.menu_entry, c.value, c.closed) for c in choices]
    options = dialog.query_one("OptionList")
    for _ in range(len(choices) + 1):
        if options.highlighted == wanted[0]:
            break
        await pilot.press("down" if options.highlighted < wanted[0] else "up")
        await pilot.pause()
    assert options.highlighted == wanted[0]
    await pilot.press("enter")
    await pilot.pause()
    return choices[wanted[0]].value


async def step(app, pilot) -> None:
    """Enter on the wave screen: take the next step."""
    await pilot.press("enter")
    await pilot.pause()


__all__ = ["ANY", "pick", "step"]
