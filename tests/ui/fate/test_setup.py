"""A Fate battle set up on the zone board by keys only, from a finished
muster: zone cards placed in turn, a hidden aspect bought and the GM's
terrain, the deployment, and initiative. After every step the save on disk
holds it, and undo and redo take it back and forth. Names that look like
markup show as typed and do nothing."""

from __future__ import annotations

import pytest

from textual.widgets import Static, OptionList

from tui.core.projection import read_projection
from tui.core.maps.zones import Zone
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.forces import Leader, Player, Unit
from tui.core.systems.fate.muster import undeployed
from tui.ui.shell.dialogs import ChoiceDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.fate.field import FateFieldScreen
from tui.ui.widgets.zone_board import ZoneBoard

from tests.ui.fate.play import assert_saved, cell_to, choose, fate_app, screen_text, type_line, undo_redo, wait_for

CLICK = "[@click=app.quit]x[/]"
FORD = "Ford[/]"

# The GM: most build points left, no fate points; Ana: fewer build points
# left, two fate points, so Ana places the first zone card.
GM = Player(
    name="GM", side=1, chest=10, fate_points=0,
    units=(
        Unit(key="u1", name=CLICK, quality="fair", skills={"fight": 2, "shoot": 1, "notice": 1}),
        Unit(key="u2", name="Goblins", quality="average", skills={"shoot": 1}),
    ),
    leaders=(Leader(key="l1", name="Grak", pc=False, skills={"will": 2}), Leader(key="l2", name="Shaman", pc=False, skills={"will": 3})),
)
ANA = Player(
    name="Ana", side=0, chest=10, fate_points=2,
    units=(Unit(key="u3", name="Pikes", quality="fair", skills={"fight": 2, "athletics": 1, "notice": 1}),),
    leaders=(Leader(key="l3", name="Sir Ana", skills={"will": 4}),),
)
SIZE = (100, 30)


def mustered() -> FateBattle:
    return FateBattle.new("Setup", (GM, ANA), seed=7)


def field(app) -> FateFieldScreen:
    """The zone board's screen, also under a dialog."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, FateFieldScreen))


def board(app) -> ZoneBoard:
    return field(app).query_one(ZoneBoard)


def board_text(app) -> str:
    return "\n".join(line.plain for line in board(app).board_layout().lines)


def status(app) -> str:
    return str(field(app).query_one("#status").render())


def zone_named(app, name: str):
    (zone,) = [z for z in app.battle.game.board.zones if z.name == name]
    return zone


async def open_field(app, pilot) -> None:
    """A battle still mustering opens on the army builder: F3 goes to the board."""
    await pilot.pause()
    assert app.current_mode == "army"
    await pilot.press("f3")
    await wait_for(app, pilot, FateFieldScreen)


async def place(app, pilot, cell, name: str, placer: int) -> None:
    """Enter on an open cell, the card's name typed; ``placer`` places it."""
    state = app.battle.game
    assert state.placer == placer
    assert f"{state.players[placer].name} places the next zone card" in status(app)
    await cell_to(app, pilot, cell)
    assert board(app).key_at(cell) is None  # an open cell, no card yet
    await pilot.press("enter")
    await wait_for(app, pilot, TextDialog)
    assert f"{state.players[placer].name} places a zone card" in screen_text(app)
    await type_line(app, pilot, name)
    await wait_for(app, pilot, FateFieldScreen)
    zone = zone_named(app, name)
    assert zone.cell == cell
    assert board(app).view.cards[cell].title == name
    assert name in board_text(app)
    assert app.battle.game.placer == 1 - placer  # two players: the other places next
    await undo_redo(app, pilot, state)


async def lay_out_battlefield(app, pilot) -> None:
    before = app.battle.game
    assert "Muster" in status(app)
    assert board(app).view.cells() == ()
    await pilot.press("n")
    await pilot.pause()
    game = app.battle.game
    assert game.stage == "battlefield"
    assert game.placer == 1  # Ana: the most fate points, though the GM has more build points left
    await undo_redo(app, pilot, before)
    # The first card goes on the one open cell of an empty board.
    (first,) = board(app).view.open_cells
    await place(app, pilot, first, "Hill", placer=1)
    hill = zone_named(app, "Hill").cell
    # A cell that touches no card (diagonal to the Hill) is not on offer:
    # the arrow keys never stop there, and every stop touches a card.
    diagonal = (hill[0] + 1, hill[1] + 1)
    assert diagonal not in board(app).view.cells()
    for key in ("right", "down", "left", "up", "down", "right"):
        await pilot.press(key)
        await pilot.pause()
        here = board(app).cursor
        assert here != diagonal
        if board(app).key_at(here) is None:
            assert here in board(app).view.open_cells
            assert any(abs(here[0] - z.col) + abs(here[1] - z.row) == 1 for z in app.battle.game.board.zones)
    assert app.battle.step_refusal(ev.PlaceZone(player=0, zone=Zone(key="z9", name="X", col=diagonal[0], row=diagonal[1]))) is not None
    await place(app, pilot, (hill[0] + 1, hill[1]), FORD, placer=0)
    await place(app, pilot, (hill[0], hill[1] + 1), "Woods", placer=1)
    assert "[/]" in board_text(app) and FORD in screen_text(app)
    assert app.is_running


async def zone_aspects(app, pilot) -> None:
    # h on the Hill: the GM has no fate point (greyed out, the rule says why); Ana buys one.
    before = app.battle.game
    await cell_to(app, pilot, zone_named(app, "Hill").cell)
    await pilot.press("h")
    dialog = await wait_for(app, pilot, ChoiceDialog)
    gm, ana = dialog._choices
    assert gm.closed is not None and "GM" in gm.closed and ana.closed is None
    # The GM's row is greyed but can be landed on: Enter there says why and the dialog stays.
    assert dialog.query_one(OptionList).highlighted == 1  # the first open row
    await pilot.press("up", "enter")
    await pilot.pause()
    assert app.screen is dialog and not dialog.answered
    assert "is closed" in str(dialog.query_one(".choice-refusal", Static).render()) and "GM" in str(dialog.query_one(".choice-refusal", Static).render())
    assert await choose(app, pilot, "Ana") == 1
    await type_line(app, pilot, "Secret Pit")
    assert await choose(app, pilot, "no") is False
    await wait_for(app, pilot, FateFieldScreen)
    game = app.battle.game
    assert game.fate_points == (0, 1)
    (aspect,) = game.aspects
    assert aspect.hidden and aspect.player == 1 and aspect.on == zone_named(app, "Hill").key
    card = board(app).view.cards[zone_named(app, "Hill").cell]
    # the GM's board writes it out, marked (issue 29); the players' view keeps it face down
    assert card.hidden == 0 and card.aspects == ("Secret Pit (hidden)",)
    assert "Secret Pit" in board_text(app) and "(hidden)" in board_text(app)
    assert "Secret Pit" not in read_projection(app.projection.path).model_dump_json()  # the players never see it
    await undo_redo(app, pilot, before)
    # A second hidden aspect on the same card: refused, nothing changes, no fate point spent.
    before = app.battle.game
    await pilot.press("h")
    await choose(app, pilot, "Ana")
    await type_line(app, pilot, "Another")
    await choose(app, pilot, "no")
    await wait_for(app, pilot, FateFieldScreen)
    assert app.battle.game is before
    assert any("empty zone card" in n.message for n in app._notifications)
    # t on the Woods: the GM's terrain, visible, hindering movement; nobody pays.
    await cell_to(app, pilot, zone_named(app, "Woods").cell)
    await pilot.press("t")
    await type_line(app, pilot, "Dense Forest")
    assert await choose(app, pilot, "yes") is True
    await wait_for(app, pilot, FateFieldScreen)
    game = app.battle.game
    terrain = game.aspects[-1]
    assert (terrain.text, terrain.hinders, terrain.hidden, terrain.player) == ("Dense Forest", True, False, None)
    assert game.fate_points == (0, 1)
    assert game.hindering(zone_named(app, "Woods").key) == 1
    assert "Dense Forest ▲" in board_text(app)
    await undo_redo(app, pilot, before)


async def deploy(app, pilot, zone: str, label: str):
    """Enter on the card ``zone``, then the option starting with ``label``."""
    before = app.battle.game
    waiting = len(undeployed(before))
    await cell_to(app, pilot, zone_named(app, zone).cell)
    await pilot.press("enter")
    dialog = await wait_for(app, pilot, ChoiceDialog)
    assert f"Deploy in {zone}" in screen_text(app)
    choices = dialog._choices
    event = await choose(app, pilot, label)
    await wait_for(app, pilot, FateFieldScreen)
    assert app.battle.history.done[-1] == event
    assert len(undeployed(app.battle.game)) == waiting - 1
    assert f"{waiting - 1} to go" in status(app)
    await undo_redo(app, pilot, before)
    return choices


async def deploy_everyone(app, pilot) -> None:
    before = app.battle.game
    await pilot.press("n")
    await pilot.pause()
    assert app.battle.game.stage == "deploy"
    assert board(app).view.open_cells == ()
    assert "6 to go" in status(app)
    await undo_redo(app, pilot, before)

    choices = await deploy(app, pilot, "Hill", "Pikes")
    # a leader joins only a unit already standing here: joined to a waiting
    # one, they would leave the board until it is placed
    closed = {c.label: c.closed for c in choices}
    assert closed["★ Sir Ana → Pikes"] == "place Pikes first (here, then join it)"
    assert app.battle.game.zone_of("u3") == zone_named(app, "Hill").key
    await deploy(app, pilot, "Hill", "★ Sir Ana → Pikes")
    assert app.battle.game.place("l3").attached == "u3"
    await deploy(app, pilot, FORD, CLICK)
    await deploy(app, pilot, FORD, "★ Grak → " + CLICK)
    await deploy(app, pilot, "Woods", "Goblins")
    # Grak leads the unit on the Ford now: the Shaman may not join it too
    # (greyed out, the rule says why), nor Grak join it again.
    choices = await deploy(app, pilot, FORD, "★ Shaman alone")
    # a leader with a unit is said to be with it, not alone where it stands
    notes = {c.label: c.note for c in choices}
    assert notes["★ Grak alone here"].endswith("with " + CLICK + " in " + FORD)
    closed = {c.label: c.closed for c in choices if c.closed}
    assert "Grak" in closed["★ Shaman → " + CLICK]
    assert closed["★ Grak → " + CLICK] == "already with this unit"
    game = app.battle.game
    assert game.zone_of("l2") == zone_named(app, FORD).key and game.place("l2").attached is None
    assert undeployed(game) == ()
    # On the board: everyone where they were put, the markup name as typed.
    assert CLICK in board_text(app)
    ford = board(app).view.cards[zone_named(app, FORD).cell]
    assert [(o.label, o.detail) for o in ford.occupants] == [(CLICK, "+Grak"), ("★ Shaman", "alone")]
    woods = board(app).view.cards[zone_named(app, "Woods").cell]
    assert [o.label for o in woods.occupants] == ["Goblins"]


async def roll_initiative(app, pilot) -> None:
    before = app.battle.game
    await pilot.press("n")
    # The GM has two leaders standing: which one rolls Will?
    assert await choose(app, pilot, "Shaman") == "l2"
    await wait_for(app, pilot, FateFieldScreen)
    game = app.battle.game
    assert game.stage == "battle"
    start = app.battle.history.done[-1]
    assert isinstance(start, ev.StartBattle) and start.leaders == ("l2", "l3")
    assert sorted(game.order) == [0, 1]
    assert "Round 1" in status(app)
    await undo_redo(app, pilot, before)
    assert app.screen.check_action("next_stage", ()) is None  # nothing left to set up


@pytest.mark.covers("fate.next_stage", "fate.hidden_aspect", "fate.terrain")
async def test_a_battle_set_up_on_the_board_by_keys_only(tmp_path):
    app = fate_app(tmp_path, mustered())
    async with app.run_test(size=SIZE) as pilot:
        await open_field(app, pilot)
        await lay_out_battlefield(app, pilot)
        await zone_aspects(app, pilot)
        await deploy_everyone(app, pilot)
        await roll_initiative(app, pilot)
        assert_saved(app)
        assert app.is_running


async def test_markup_names_on_the_board_neither_render_nor_act(tmp_path):
    app = fate_app(tmp_path, mustered())
    async with app.run_test(size=SIZE) as pilot:
        await open_field(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        (first,) = board(app).view.open_cells
        await cell_to(app, pilot, first)
        await pilot.press("enter")
        await type_line(app, pilot, CLICK)
        await wait_for(app, pilot, FateFieldScreen)
        cell = zone_named(app, CLICK).cell
        assert CLICK in screen_text(app)
        # A click on the card's title (where an @click would sit) only moves the cursor there.
        await pilot.press("right")
        await pilot.pause()
        assert board(app).cursor != cell
        region = board(app).board_layout().boxes[cell]
        await pilot.click(ZoneBoard, offset=(region.x + 4, region.y))
        await pilot.pause()
        assert app.is_running and board(app).cursor == cell
        await pilot.press("enter")  # a placed card in the battlefield stage: nothing to do
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, FateFieldScreen)
        assert CLICK in str(app.screen.query_one("#card").render())
        assert app.battle.game.board.zone(zone_named(app, CLICK).key).name == CLICK


async def test_initiative_waits_for_every_card(tmp_path):
    """n before the last card is placed is refused at once, saying which card
    waits: no asking first which leader rolls Will (the GM has two)."""
    battle = mustered()
    battle.record(ev.StartBattlefield())
    battle.record(ev.PlaceZone(player=1, zone=Zone(key="z1", name="Hill", col=0, row=0)))
    battle.record(ev.FinishBattlefield())
    battle.record(ev.Deploy(card="u1", zone="z1"))
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.battle.game
        await pilot.press("n")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, FateFieldScreen), type(app.screen).__name__
        assert app.battle.game is before and before.stage == "deploy"
        assert any("Goblins has no place yet (5 cards still to deploy)" in n.message for n in app._notifications)
