"""Playing a Fate battle from the keyboard in Pilot tests: a simple
commander who attacks what is in range, else closes in, else waits."""

from __future__ import annotations

from pathlib import Path

from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session
from tui.core.systems.fate.contest import unlisted_skill
from tui.core.systems.fate.opposition import attack_skill
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.demo import ford_of_brannock
from tui.ui.app import MassCombatApp
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.settings import Settings
from tui.ui.widgets.zone_board import ZoneBoard


def fate_app(folder: Path, battle=None, **settings) -> MassCombatApp:
    session = create_session(folder / "fate.toml", battle or ford_of_brannock())
    return MassCombatApp(session, Settings(**settings), None)


async def accept_dialogs(app, pilot, limit: int = 12) -> None:
    """Enter on every dialog: the first open option, the proposed text or number."""
    for _ in range(limit):
        if isinstance(app.screen, (ChoiceDialog, NumberDialog, TextDialog)):
            await pilot.press("enter")
            await pilot.pause()
        else:
            return


async def cursor_to(app, pilot, zone: str) -> None:
    """Walk the board's cursor to a zone card with the arrow keys."""
    await cell_to(app, pilot, app.battle.game.board.zone(zone).cell)


def _target_in_range(state, key: str) -> bool:
    side = state.side_of(key)
    for player in state.players:
        for unit in player.units:
            if player.side == side or state.place(unit.key).out:
                continue
            distance = state.board.distance(state.zone_of(key), state.zone_of(unit.key))
            skill = attack_skill(state, distance) if distance is not None else None
            if skill and unlisted_skill(state, key, skill) is None:
                return True
    return False


def _step_towards_enemy(state, key: str) -> str | None:
    here = state.zone_of(key)
    side = state.side_of(key)
    best = None
    for player in state.players:
        for unit in player.units:
            if player.side == side or state.place(unit.key).out:
                continue
            path = state.board.path(here, state.zone_of(unit.key))
            if path and (best is None or len(path) < len(best)):
                best = path
    # Close in while the nearest enemy is two zones off or more (a far shot gives +2 defence).
    return best[1] if best and len(best) > 2 else None


async def play_activation(app, pilot) -> None:
    """One activation: the free move towards the nearest enemy while it is two
    or more zones off, then an attack on what is in range, else end the turn."""
    state = app.battle.game
    await pilot.press("v")
    await pilot.pause()
    await accept_dialogs(app, pilot, 1)
    actor = app.battle.game.activation.actor
    if app.battle.game.unit(actor) is not None:
        step = _step_towards_enemy(app.battle.game, actor)
        if step is not None and app.battle.step_refusal(ev.Move(to=step)) is None:
            await cursor_to(app, pilot, step)
            await pilot.press("m")
            await pilot.pause()
    state = app.battle.game
    if state.activation is not None and state.unit(actor) is not None and _target_in_range(state, actor):
        await pilot.press("a")
        await pilot.pause()
        await accept_dialogs(app, pilot, 1)
        await pilot.press("r")
        await pilot.pause()
        await accept_dialogs(app, pilot)
    if app.battle.game.activation is not None:
        await pilot.press("e")
        await pilot.pause()


# -- setting up a battle by keys: the board's cells, dialogs, the save ---------------


def screen_text(app) -> str:
    """The whole terminal as plain text (dialogs included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for(app, pilot, kind, limit: int = 20):
    """Pause until the screen on top is a ``kind`` (a dialog a flow pushes)."""
    for _ in range(limit):
        if isinstance(app.screen, kind):
            return app.screen
        await pilot.pause()
    raise AssertionError(f"no {kind.__name__} came up (on top: {type(app.screen).__name__})")


async def cell_to(app, pilot, cell) -> None:
    """Walk the board's cursor to a card or an open cell with the arrow keys."""
    board = app.screen.query_one(ZoneBoard)
    assert cell in board.view.cells(), (cell, board.view.cells())
    for _ in range(12):
        here = board.cursor
        if here == cell:
            return
        if here[0] != cell[0]:
            await pilot.press("right" if cell[0] > here[0] else "left")
        else:
            await pilot.press("down" if cell[1] > here[1] else "up")
        await pilot.pause()
    raise AssertionError(f"the cursor did not reach {cell}")


async def type_line(app, pilot, text: str) -> None:
    """Type ``text`` into the text dialog on top (replacing what it proposes) and enter."""
    await wait_for(app, pilot, TextDialog)
    await pilot.press("home", "ctrl+k", *text, "enter")
    await pilot.pause()


async def choose(app, pilot, label: str):
    """In the choice dialog on top, walk down to the open option whose label
    starts with ``label`` and enter; returns the value chosen."""
    dialog = await wait_for(app, pilot, ChoiceDialog)
    choices = dialog._choices
    wanted = [i for i, c in enumerate(choices) if c.label.startswith(label) and c.closed is None]
    assert len(wanted) == 1, [(c.label, c.closed) for c in choices]
    return await enter_option(dialog, pilot, wanted[0])


async def enter_option(dialog, pilot, index: int):
    """Walk the dialog's highlight to ``index`` with the arrow keys and enter; returns the value."""
    options = dialog.query_one("OptionList")
    for _ in range(len(dialog._choices) + 1):
        if options.highlighted == index:
            break
        await pilot.press("down" if options.highlighted < index else "up")
        await pilot.pause()
    assert options.highlighted == index
    await pilot.press("enter")
    await pilot.pause()
    return dialog._choices[index].value


def assert_saved(app) -> None:
    """The file on disk holds the battle as it stands, log and undo cursor included."""
    saved = load_battle(app.session.path)
    assert saved.to_file() == app.battle.to_file()
    assert saved.game == app.battle.game


async def undo_redo(app, pilot, before) -> None:
    """The last step is saved; ``u`` takes it back to ``before`` (saved too), ``U`` redoes it."""
    after = app.battle.game
    assert after != before
    assert_saved(app)
    await pilot.press("u")
    await pilot.pause()
    assert app.battle.game == before
    assert_saved(app)
    await pilot.press("U")
    await pilot.pause()
    assert app.battle.game == after
    assert_saved(app)
