"""The Kingmaker battle mat, driven by keys: the mat's size, terrain and
conditions; the setup roll, who sets up first and placing with facing and
formation; the turn's phases with a unit's commands, steps, shots, blows,
Morale checks and Press; undo and redo; the aftermath."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import ARCHERS, KNIGHTS, SKIRMISH, WARBAND, begin_turn, muster, set_up, step, to_phase
from tests.ui.kingmaker.play import app_for, game, keys
from tui.core.i18n import t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.rules import shipped
from tui.ui.kingmaker.mat import KingmakerMatScreen
from tui.ui.kingmaker.mat_view import MatView
from textual.widgets import OptionList

from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog


def at(app, x: int, y: int) -> None:
    app.screen.query_one(MatView).cursor = (x, y)


def last(app):
    return app.battle.history.done[-1]


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def choices(app):
    assert isinstance(app.screen, ChoiceDialog)
    return app.screen._choices


def options(app) -> list[str]:
    return [str(c.value) for c in choices(app)]


async def pick(app, pilot, value) -> None:
    """Highlight the option with ``value`` and press enter."""
    index = [c.value for c in choices(app)].index(value)
    app.screen.query_one(OptionList).highlighted = index
    await keys(app, pilot, "enter")


# -- before the battle --------------------------------------------------------------


@pytest.mark.covers("km.mat_size", "km.mat_up", "km.mat_down", "km.mat_left", "km.mat_right", "km.terrain",
                    "km.terrain.open", "km.terrain.rough", "km.terrain.forest", "km.terrain.hill", "km.terrain.water", "km.terrain.wall")
async def test_the_mat_is_sized_and_terrain_laid_from_the_cursor(tmp_path):
    app = app_for(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, KingmakerMatScreen)
        await keys(app, pilot, "m", "ctrl+u", *"30x20", "enter")
        assert (game(app).width, game(app).height) == (30, 20)
        await keys(app, pilot, "m", "ctrl+u", *"3x2", "enter")
        assert "8 to 100" in text(app, ".dialog-error")
        await keys(app, pilot, "escape")
        at(app, 0, 0)
        await keys(app, pilot, "right", "right", "down", "left", "down", "up")
        assert app.screen.query_one(MatView).cursor == (1, 1)
        for row, terrain in enumerate(shipped().terrain):
            at(app, 2, 2 + row)
            await keys(app, pilot, "t")
            note = choices(app)[options(app).index(terrain.key)].note
            assert note.startswith("only amphibious or flying armies" if terrain.key == "water" else f"costs {terrain.move_cost} to enter")
            await pick(app, pilot, terrain.key)
            await keys(app, pilot, "ctrl+u", *"2x1", "enter")
            assert last(app) == ev.PaintTerrain(terrain=terrain.key, x=2, y=2 + row, width=2, height=1)
        assert game(app).terrain_at((3, 4)) == "forest" and game(app).terrain_at((3, 2)) == "open"
        at(app, 3, 4)
        await pilot.pause()
        assert "Forest" in text(app, "#square")


@pytest.mark.covers("km.conditions", "km.condition.darkness", "km.condition.dim_light", "km.condition.fog", "km.condition.rain", "km.condition.sandstorm", "km.condition.snow", "km.condition.strong_wind", "km.condition.severe_wind", "km.condition.done")
async def test_battlefield_conditions_are_toggled(tmp_path):
    app = app_for(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for condition in shipped().conditions:
            await keys(app, pilot, "c")
            if condition.key == "sandstorm":
                note = choices(app)[options(app).index("sandstorm")].note
                assert "halves damage" in note and "1 damage to every army each Ranged and Melee phase" in note
            await pick(app, pilot, condition.key)
            await keys(app, pilot, "escape")
            assert condition.key in game(app).conditions
        assert len(game(app).conditions) == len(shipped().conditions)
        await keys(app, pilot, "c", "enter")            # the first again: off
        assert "darkness" not in game(app).conditions
        assert isinstance(app.screen, ChoiceDialog) and options(app)[-1] == "done"
        await keys(app, pilot, "end", "enter")          # done closes the list
        assert not isinstance(app.screen, ChoiceDialog)
        assert len(game(app).conditions) == len(shipped().conditions) - 1


@pytest.mark.covers("app.km_mat", "km.next", "km.place", "km.facing.n", "km.facing.e", "km.facing.s", "km.facing.w", "km.setup_first.side")
async def test_setup_is_rolled_and_units_placed_facing_each_way(tmp_path):
    battle = muster(seed=11)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "f4")
        assert not isinstance(app.screen, KingmakerMatScreen)
        await keys(app, pilot, "f3")
        assert isinstance(app.screen, KingmakerMatScreen)
        await keys(app, pilot, "n")
        state = game(app)
        assert state.stage == "setup" and isinstance(last(app), ev.SetupRoll)
        assert isinstance(app.screen, ChoiceDialog)  # the winner chooses who sets up first
        await keys(app, pilot, "enter")
        first = game(app).first
        assert first == game(app).roll_winner
        placements = {0: [(3, 2, "s", 2), (12, 2, "e", 1)], 1: [(3, 12, "n", 0), (12, 12, "w", 3)]}
        while game(app).stage == "setup":
            side = game(app).side_acting
            x, y, _, facing_index = placements[side].pop(0)
            at(app, x, y)
            await keys(app, pilot, "p", "enter")
            await pick(app, pilot, "nesw"[facing_index])
            if isinstance(app.screen, ChoiceDialog):  # a Large army: column or line
                await keys(app, pilot, "enter")
        assert game(app).stage == "battle"
        facings = {game(app).unit(a.key).block.facing for a in game(app).armies}
        assert facings == {"n", "e", "s", "w"}


@pytest.mark.covers("km.setup_first.ambush")
@pytest.mark.parametrize("seed,caught", [(11, ("knights",)), (16, ())])
async def test_a_side_lies_in_ambush_at_setup_and_places_last(tmp_path, seed, caught):
    """RULES-NOTES (Kingmaker, settled after the first audit): the ambushers'
    best Offense against each enemy army; those caught get no Tactics phase
    in turn 1, and the ambushers place after the other side."""
    app = app_for(tmp_path, muster(seed=seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [c.label for c in dialog._choices]
        assert labels == ["Ostmark", "Rivenhold", "Ostmark lies in ambush", "Rivenhold lies in ambush"]
        assert dialog._choices[3].note == "Rivenhold Warband checks Offense +5 against 2 armies"
        await keys(app, pilot, "end", "enter")
        state = game(app)
        assert isinstance(last(app), ev.Ambush) and state.ambusher == 1 and state.ambushed == caught
        if caught:
            assert state.first == 0 and state.side_acting == 0 and not isinstance(app.screen, ChoiceDialog)
        else:  # caught nobody: the roll's winner chooses as usual, and no second ambush
            assert state.first is None and isinstance(app.screen, ChoiceDialog)
            assert all(c.closed for c in app.screen._choices[2:])
            await keys(app, pilot, "enter")
            assert game(app).first is not None


def in_battle(seed: int = 3) -> KingmakerBattle:
    battle = set_up(muster(seed))
    return battle


@pytest.mark.covers("km.next_unit", "km.tactic", "km.undo", "km.redo")
async def test_initiative_then_tactics_and_the_next_unit(tmp_path):
    app = app_for(tmp_path, in_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "n")
        assert isinstance(last(app), ev.Initiative)
        await keys(app, pilot, "enter")
        state = game(app)
        assert state.first is not None and state.phase == "tactics"
        acting = state.side_acting
        await keys(app, pilot, "tab")
        here = app.screen.unit_here()
        assert here is not None and game(app).army(here).side == acting
        await keys(app, pilot, "tab")
        assert app.screen.unit_here() != here
        await keys(app, pilot, "g")
        assert isinstance(app.screen, ChoiceDialog) and "withdraw" in options(app)
        # It opens on the tactic in use, and a reflex enter keeps it: nothing recorded.
        done = len(app.battle.history.done)
        await keys(app, pilot, "enter")
        assert len(app.battle.history.done) == done and not isinstance(app.screen, ChoiceDialog)
        await keys(app, pilot, "g")
        await pick(app, pilot, "withdraw")
        key = app.screen.unit_here()
        assert game(app).unit(key).tactic == "withdraw"
        await keys(app, pilot, "u")
        assert game(app).unit(key).tactic == "standard"
        await keys(app, pilot, "U")
        assert game(app).unit(key).tactic == "withdraw"


@pytest.mark.covers("km.panel_down", "km.panel_up")
async def test_the_panel_pages_down_and_up_at_80x24(tmp_path):
    """A unit's sheet, the armies and the story run past the panel at 80x24:
    ] and [ page through it; the mat keeps the keys' focus."""
    from textual.containers import VerticalScroll

    app = app_for(tmp_path, in_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "tab")
        panel = app.screen.query_one("#panel", VerticalScroll)
        assert panel.max_scroll_y > 0 and panel.scroll_y == 0
        await keys(app, pilot, "right_square_bracket")
        await pilot.wait_for_scheduled_animations()
        assert panel.scroll_y > 0
        await keys(app, pilot, "left_square_bracket")
        await pilot.wait_for_scheduled_animations()
        assert panel.scroll_y == 0
        assert app.screen.focused is app.screen.query_one(MatView)


def big_army_battle() -> KingmakerBattle:
    """A Colossal army of CR 20 creatures (ACR 28) knows every tactic."""
    from tui.core.systems.kingmaker.forces import Army

    learnable = tuple(x.key for x in shipped().tactics if not x.default)
    giants = Army(key="giants", name="Giants", side=0, cr="20", troops=2000, resources=("ranged_weapons",), mount_cr="20", tactics=learnable)
    battle = KingmakerBattle.new("Giants", seed=9)
    battle.record(ev.SetSides(names=("Giants", "Foes")))
    battle.record(ev.SetArmy(army=giants))
    battle.record(ev.SetArmy(army=WARBAND))
    battle.record(ev.SetupRoll(counter=0, rounds=((20, 1),)))
    battle.record(ev.FirstSide(side=0))
    battle.record(ev.Place(key="giants", x=2, y=2, facing="s"))
    battle.record(ev.Place(key="warband", x=12, y=12, facing="n"))
    begin_turn(battle)
    return battle


@pytest.mark.covers("km.tactic.standard", "km.tactic.withdraw", "km.tactic.cautious_combat", "km.tactic.cavalry_experts", "km.tactic.defensive_wall", "km.tactic.dirty_fighters", "km.tactic.expert_flankers", "km.tactic.false_retreat", "km.tactic.full_defense", "km.tactic.relentless_brutality", "km.tactic.siegebreaker", "km.tactic.sniper_support", "km.tactic.spellbreaker", "km.tactic.taunt")
async def test_every_tactic_can_be_chosen(tmp_path):
    app = app_for(tmp_path, big_army_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 2, 2)
        for tactic in shipped().tactics:
            await keys(app, pilot, "g")
            names = options(app)
            if tactic.key not in names or game(app).unit("giants").tactic == tactic.key:
                await keys(app, pilot, "escape")
                continue
            # Turn 1: the battle's first tactic is chosen without a check.
            assert all(c.note == t("km_ui.dialog.no_check") for c in choices(app) if c.value != game(app).unit("giants").tactic)
            await pick(app, pilot, tactic.key)
            event = last(app)
            assert isinstance(event, ev.SwitchTactic) and event.tactic == tactic.key and event.face is None
            # One try a turn: undo it to try the next.
            await keys(app, pilot, "u")
        assert len({x.key for x in shipped().tactics}) == 14


@pytest.mark.covers("km.order", "km.order.hustle", "km.order.charge", "km.order.about_face", "km.forward", "km.diag_left", "km.diag_right", "km.turn_left", "km.turn_right")
async def test_commands_and_steps(tmp_path):
    battle = in_battle()
    begin_turn(battle)
    to_phase(battle, "movement")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 3)   # the knights, facing south
        await keys(app, pilot, "o")
        assert options(app) == ["hustle", "charge", "about_face", "withdraw"]
        assert choices(app)[3].closed  # not in contact: nothing to withdraw from
        await keys(app, pilot, "enter")
        assert isinstance(last(app), ev.Order) and last(app).command == "hustle"
        await keys(app, pilot, "w", "7", "9")
        knights = game(app).unit("knights")
        assert knights.moved and knights.diagonals == 2
        assert app.screen.unit_here() == "knights"  # the cursor follows the unit
        await keys(app, pilot, "u", "u", "u", "u")
        at(app, 4, 2)    # the archers
        assert "in melee now" not in text(app, "#square")
        await keys(app, pilot, "o", "down", "enter")
        assert last(app).command == "charge" and game(app).unit("archers").command == "charge"
        # The panel shows what the charge does to the unit's numbers (ACR 1: +1 and 11).
        assert "in melee now: Offense +3 · Defense 9" in text(app, "#square")
        at(app, 10, 9)   # the warband, two ranks deep: +1 through its front
        await pilot.pause()
        assert "in melee now: Offense +5, +6 through its front (ranks) · Defense 15" in text(app, "#square")
        at(app, 4, 2)
        await pilot.pause()
        await keys(app, pilot, "u", "o", "down", "down", "enter")
        assert last(app).command == "about_face" and game(app).unit("archers").block.facing == "n"
        await keys(app, pilot, "u", "a")
        assert game(app).unit("archers").block.facing == "e"
        await keys(app, pilot, "u", "d")
        assert game(app).unit("archers").block.facing == "w"


def clash_battle(seed: int = 3) -> KingmakerBattle:
    battle = in_battle(seed)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    return battle


@pytest.mark.covers("km.order.withdraw", "km.melee", "km.shoot")
async def test_withdraw_fight_and_shoot_with_the_odds(tmp_path):
    battle = clash_battle()
    to_phase(battle, "melee")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)   # the knights, in contact with the warband
        await keys(app, pilot, "x")
        assert options(app) == ["warband", "skirmish"]
        assert choices(app)[1].closed and not choices(app)[0].closed
        assert "hit 50%" in choices(app)[0].note
        await keys(app, pilot, "enter")
        assert isinstance(app.screen, NumberDialog)
        await keys(app, pilot, "enter")
        event = last(app)
        assert isinstance(event, ev.Attack) and event.mode == "melee" and len(event.faces) == 2
    battle = clash_battle()
    to_phase(battle, "morale")
    battle.record(ev.EndStep())
    battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "movement")
    app = app_for(tmp_path, battle, "withdraw.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "o")
        assert choices(app)[3].note == "opposed by 1 enemy in contact: 57%"   # d20 + 3 against the warband's d20 + 2, a tie to the higher modifier: 229/400
        await keys(app, pilot, "end", "enter")
        assert last(app).command == "withdraw" and len(last(app).opposing) == 1
    places = {"archers": (9, 3, "s"), "knights": (3, 2, "s"), "warband": (10, 9, "n"), "skirmish": (18, 10, "n")}
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "ranged")
    app = app_for(tmp_path, battle, "shoot.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 9, 3)
        await keys(app, pilot, "f")
        assert options(app) == ["warband", "skirmish"]
        assert "squares away" in (choices(app)[1].closed or "")
        await keys(app, pilot, "enter", "ctrl+u", "1", "enter")
        assert last(app).mode == "ranged" and len(last(app).faces) == 1


@pytest.mark.covers("km.morale", "km.roll.roll", "km.press", "km.press_step.n", "km.press_step.ne", "km.press_step.e", "km.press_step.se", "km.press_step.s", "km.press_step.sw", "km.press_step.w", "km.press_step.nw", "km.press_step.done")
async def test_morale_checks_and_press(tmp_path):
    battle = clash_battle()
    to_phase(battle, "melee")
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=battle.game.counter, attacker="warband", target="knights", mode="melee", faces=(10, 2, 19)))
    battle.record(ev.EndStep())
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        assert game(app).phase == "morale"
        # n while a Morale check is owed: refused in one line, nothing recorded.
        done = len(app.battle.history.done)
        await keys(app, pilot, "n")
        assert any("must first check its Morale" in str(n.message) for n in app._notifications)
        assert len(app.battle.history.done) == done and game(app).phase == "morale"
        await keys(app, pilot, "k")
        assert isinstance(app.screen, ChoiceDialog) and options(app) == ["roll"]
        assert "hold" in choices(app)[0].note
        await keys(app, pilot, "enter")
        event = last(app)
        assert isinstance(event, ev.MoraleCheck) and event.threshold == "bloodied"
        # the refusal answered a moment that has passed: it goes with the step
        assert not any("must first check its Morale" in str(n.message) for n in app._notifications)


def pressing() -> KingmakerBattle:
    """The warband, in contact under the knights, presses in the Morale
    phase; with this seed its check passes by 1 (one square)."""
    battle = clash_battle(seed=1)
    to_phase(battle, "morale")
    battle.record(ev.EndStep())
    return battle


@pytest.mark.covers("km.press", "km.press_step.n", "km.press_step.ne", "km.press_step.e", "km.press_step.se", "km.press_step.s", "km.press_step.sw", "km.press_step.w", "km.press_step.nw", "km.press_step.done")
async def test_press_shifts_into_contact_and_greys_out_the_rest(tmp_path):
    app = app_for(tmp_path, pressing())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 7)   # the warband, rows 7-8, under the knights at 10,6
        face, passed, total, squares = app.battle.press_preview("warband")
        assert passed and squares >= 1, (face, total)
        await keys(app, pilot, "v", "enter")
        closed = {c.value: c.closed for c in choices(app)}
        assert list(closed) == ["n", "ne", "e", "se", "s", "sw", "w", "nw", "done"]
        assert "stands there" in closed["n"] and "stands there" in closed["nw"]
        if squares == 1:
            assert all("contact" in closed[d] for d in ("s", "se", "sw"))
        for direction in ("e", "ne", "w"):
            assert closed[direction] is None
        await pick(app, pilot, "ne")
        if squares > 1:
            await keys(app, pilot, "end", "enter")      # done
        assert last(app) == ev.Press(counter=last(app).counter, key="warband", face=face, steps=("ne",))
        assert game(app).unit("warband").block.x == 11


def hold_the_line(seed: int = 1) -> KingmakerBattle:
    """The knights, bloodied in the first melee, owe a Morale check; their
    commander has Hold the Line. With seed 1 the first face (5) fails and
    the second (17) holds."""
    knights = KNIGHTS.model_copy(update={"commander": KNIGHTS.commander.model_copy(update={"boons": ("hold_the_line",)})})
    battle = KingmakerBattle.new("Hold", seed=seed)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (knights, ARCHERS, WARBAND, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    set_up(battle)
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    to_phase(battle, "melee")
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=battle.game.counter, attacker="warband", target="knights", mode="melee", faces=(10, 2, 19)))
    battle.record(ev.EndStep())
    return battle


@pytest.mark.covers("km.roll.again")
async def test_hold_the_line_rolls_a_failed_check_again(tmp_path):
    app = app_for(tmp_path, hold_the_line())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "k", "enter")
        assert options(app) == ["again", "roll"] and "Fleeing" in choices(app)[1].label
        await pick(app, pilot, "again")
        event = last(app)
        assert (event.face, event.again) == (5, 17)
        assert game(app).unit("knights").standing == "ready"


@pytest.mark.covers("km.rally")
async def test_a_fleeing_unit_rallies(tmp_path):
    battle = hold_the_line()
    battle.record(ev.MoraleCheck(counter=battle.game.counter, key="knights", threshold="bloodied", face=5))
    assert battle.game.unit("knights").standing == "flee"
    to_phase(battle, "morale")
    while battle.game.turn == 1:
        battle.record(ev.EndStep())
    begin_turn(battle)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "r")
        assert options(app) == ["roll"] and "DC 15" in choices(app)[0].note
        await keys(app, pilot, "enter")
        event = last(app)
        assert isinstance(event, ev.Rally)
        assert game(app).unit("knights").standing == ("ready" if event.face + 3 >= 15 else "flee")


@pytest.mark.covers("km.tick.roll", "km.tick.tick")
async def test_the_gms_calls_are_ticked_before_the_roll(tmp_path):
    knights = KNIGHTS.model_copy(update={"tactics": ("cavalry_experts",)})
    battle = KingmakerBattle.new("Ticks", seed=4)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (knights, ARCHERS, WARBAND, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    set_up(battle)
    begin_turn(battle)
    battle.record(ev.SwitchTactic(counter=battle.game.counter, key="knights", tactic="cavalry_experts"))  # turn 1: chosen freely
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward", "forward")
    battle.record(ev.EndStep())
    step(battle, "warband", "forward", "forward")
    to_phase(battle, "melee")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "x", "enter")
        assert options(app) == ["roll", "tactic:cavalry_experts"]
        before = choices(app)[0].note
        await pick(app, pilot, "tactic:cavalry_experts")
        assert choices(app)[0].note != before and "+6 vs" in choices(app)[0].note   # +4, +2 against the unmounted
        await pick(app, pilot, "roll")
        await keys(app, pilot, "enter")   # all the attacks
        assert last(app).ticks == ("tactic:cavalry_experts",)


@pytest.mark.covers("km.actions", "km.square.next", "km.square.place", "km.square.terrain", "km.square.tactic", "km.square.order", "km.square.shoot", "km.square.melee", "km.square.morale", "km.square.press", "km.square.rally")
async def test_enter_offers_what_can_be_done_here(tmp_path):
    # Setup: an empty square offers placing, terrain and next.
    battle = muster()
    battle.record(ev.SetupRoll(counter=0, rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    app = app_for(tmp_path, battle, "setup.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 3, 2)
        await keys(app, pilot, "enter")
        assert options(app) == ["place", "terrain"]
        await pick(app, pilot, "place")
        await pick(app, pilot, "knights")
        await keys(app, pilot, "enter")   # facing south, offered first
        assert game(app).unit("knights").block == game(app).unit("knights").block.facing_to("s")
        at(app, 6, 6)
        await keys(app, pilot, "enter")
        await pick(app, pilot, "terrain")
        await pick(app, pilot, "hill")
        await keys(app, pilot, "enter")
        assert game(app).terrain_at((6, 6)) == "hill"
    # In the battle: each phase's actions for the unit under the cursor.
    battle = in_battle()
    app = app_for(tmp_path, battle, "battle.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 3)
        await keys(app, pilot, "enter")
        assert options(app) == ["next"]
        # Each entry answers to its key on the mat too: n picks "next" at once.
        assert [c.key for c in choices(app)] == ["n"]
        await keys(app, pilot, "n")
        assert isinstance(last(app), ev.Initiative)
        await keys(app, pilot, "enter")   # who acts first: the winner's pick
        acting = game(app).side_acting
        at(app, *((10, 3) if acting == 0 else (10, 9)))
        await keys(app, pilot, "enter")
        assert options(app) == ["next", "tactic"]
        await pick(app, pilot, "tactic")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(app, pilot, "escape")
    # In the Morale phase "next" waits until the check owed is made.
    steps = ["forward", "diag_left", "diag_right", "turn_left", "turn_right"]
    for phase, wanted, entry in (("movement", ["next", "order", *steps], "order"), ("ranged", ["next", "shoot"], "shoot"),
                                 ("melee", ["next", "melee"], "melee"), ("morale", ["morale"], "morale")):
        battle = {"movement": lambda: _phase(in_battle(), "movement"), "ranged": _ranged, "melee": lambda: _phase(clash_battle(), "melee"),
                  "morale": hold_the_line}[phase]()
        app = app_for(tmp_path, battle, f"{phase}.toml")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            at(app, *{"movement": (10, 3), "ranged": (9, 3), "melee": (10, 6), "morale": (10, 6)}[phase])
            await keys(app, pilot, "enter")
            assert [o for o in options(app) if o != "press"] == wanted
            await pick(app, pilot, entry)
            assert isinstance(app.screen, ChoiceDialog)   # the action's own dialog
    battle = pressing()
    app = app_for(tmp_path, battle, "press.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 7)
        await keys(app, pilot, "enter")
        assert options(app) == ["next", "press"]
        await pick(app, pilot, "press")
        assert options(app) == ["roll"]
    battle = hold_the_line()
    battle.record(ev.MoraleCheck(counter=battle.game.counter, key="knights", threshold="bloodied", face=5))
    to_phase(battle, "morale")
    while battle.game.turn == 1:
        battle.record(ev.EndStep())
    begin_turn(battle)
    app = app_for(tmp_path, battle, "rally.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "enter")
        assert options(app) == ["next", "rally"]
        await pick(app, pilot, "rally")
        assert options(app) == ["roll"]


def _phase(battle: KingmakerBattle, phase: str) -> KingmakerBattle:
    if battle.game.first is None:
        begin_turn(battle)
    to_phase(battle, phase)
    return battle


def _ranged() -> KingmakerBattle:
    places = {"archers": (9, 3, "s"), "knights": (3, 2, "s"), "warband": (10, 9, "n"), "skirmish": (18, 10, "n")}
    battle = set_up(muster(), places)
    begin_turn(battle)
    to_phase(battle, "ranged")
    return battle


async def test_n_leads_to_the_aftermath(tmp_path):
    from tests.core.kingmaker.test_combat import attack as hit, duel

    battle = duel()
    hit(battle, "knights", "warband", 12)
    battle.record(ev.EndStep())
    hit(battle, "warband", "knights", 20, 20, 20)
    battle.record(ev.EndStep())
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "n for the aftermath" in text(app, "#status")
        await keys(app, pilot, "n")
        assert isinstance(last(app), ev.Aftermath) and game(app).aftermath_done
        assert "The battle is over: victory for" in text(app, "#status")


async def test_siege_engines_shoot_from_the_tactics_phase_with_the_damage_odds(tmp_path):

    rams = WARBAND.model_copy(update={"siege_engines": 2, "resources": ("siege_engines",)})
    battle = KingmakerBattle.new("Siege", seed=2)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=24, height=16))
    for army in (KNIGHTS, ARCHERS, rams, SKIRMISH):
        battle.record(ev.SetArmy(army=army))
    set_up(battle)
    begin_turn(battle, first=1)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 9)
        await keys(app, pilot, "f")
        assert options(app) == ["knights", "archers"]
        await pilot.pause()
        assert "damage 0:" in str(app.screen.query_one(".choice-detail").render())
        await keys(app, pilot, "enter")
        assert isinstance(app.screen, NumberDialog)
        await keys(app, pilot, "enter")
        event = last(app)
        assert event.mode == "siege" and len(event.faces) == 2
        await keys(app, pilot, "f")
        assert isinstance(app.screen, KingmakerMatScreen)   # once a turn: the key is greyed out


@pytest.mark.covers("km.strategy", "km.strategy.defensive", "km.strategy.cautious", "km.strategy.standard", "km.strategy.aggressive", "km.strategy.reckless")
async def test_the_strategy_track_under_a_house_rule(tmp_path):
    from tests.core.kingmaker.test_combat import strategy_battle

    steps = [s.key for s in shipped().strategy.steps]
    for index, wanted in enumerate(steps):
        battle = strategy_battle(tmp_path)
        app = app_for(tmp_path, battle, f"track-{index}.toml")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            at(app, 10, 6)
            await keys(app, pilot, "y")
            assert options(app) == steps and all(c.closed is None for c in choices(app))
            await pick(app, pilot, wanted)
            assert last(app) == ev.SetStrategy(counter=last(app).counter, key="knights", step=wanted)
            assert game(app).unit("knights").strategy == wanted
            await keys(app, pilot, "y")
            assert isinstance(app.screen, KingmakerMatScreen)  # once a Melee phase


@pytest.mark.covers("km.square.forward", "km.square.diag_left", "km.square.diag_right", "km.square.turn_left", "km.square.turn_right", "km.square.strategy")
async def test_enter_steps_a_unit_and_sets_its_strategy(tmp_path):
    battle = _phase(in_battle(), "movement")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 4, 2)   # the archers, facing south
        wanted = {"forward": (4, 3), "diag_left": (5, 3), "diag_right": (3, 3), "turn_left": (4, 2), "turn_right": (4, 2)}
        facing = {"turn_left": "e", "turn_right": "w"}
        for step, square in wanted.items():
            await keys(app, pilot, "enter")
            await pick(app, pilot, step)
            block = game(app).unit("archers").block
            assert (block.x, block.y) == square and block.facing == facing.get(step, "s")
            await keys(app, pilot, "u")
            at(app, 4, 2)
    from tests.core.kingmaker.test_combat import strategy_battle

    app = app_for(tmp_path, strategy_battle(tmp_path), "track.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "enter")
        await pick(app, pilot, "strategy")
        await pick(app, pilot, "cautious")
        assert game(app).unit("knights").strategy == "cautious"


async def test_a_units_key_that_does_not_apply_says_why(tmp_path):
    battle = _phase(in_battle(), "movement")
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen: list[str] = []
        app.refuse = lambda message, **_: seen.append(str(message))  # type: ignore[method-assign]  # catch the one line
        at(app, 10, 3)
        await keys(app, pilot, "f", "k", "x")
        assert seen == [
            "that belongs to the Ranged phase; this is the Movement phase",
            "that belongs to the Morale phase; this is the Movement phase",
            "that belongs to the Melee phase; this is the Movement phase",
        ]
        at(app, 10, 9)   # the warband: the other side's
        await keys(app, pilot, "w")
        assert seen[-1] == "Rivenhold Warband waits: Ostmark acts now"
        at(app, 0, 0)
        await keys(app, pilot, "o")
        assert seen[-1] == "put the cursor on a unit of Ostmark"
        at(app, 10, 3)
        await keys(app, pilot, "w", "o")
        assert seen[-1] == "commands are given before Knights of Ostmark moves"


async def test_opening_a_file_whose_undone_steps_todays_rules_refuse_says_so(tmp_path):
    """The battle opens as it stands, and the GM reads at once how many
    undone steps can no longer be redone and why."""
    from tui.core.files.storage import create_session, open_session
    from tui.ui.app import MassCombatApp
    from tui.ui.settings import Settings

    battle = set_up(muster())
    battle.undo()
    path = tmp_path / "ford.toml"
    create_session(path, battle).close()
    path.write_text(path.read_text(encoding="utf-8").replace('key = "skirmish"\nx = 16\ny = 10', 'key = "skirmish"\nx = 10\ny = 9'), encoding="utf-8")
    app = MassCombatApp(open_session(path), Settings(), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, KingmakerMatScreen) and game(app).stage == "setup"
        assert any("1 undone step can no longer be redone" in str(n.message) for n in app._notifications)
        assert not app.battle.can_redo


def knights_fled_to_the_edge() -> KingmakerBattle:
    """The fleeing knights run north for two turns and stand on row 0,
    facing north, their movement for this turn spent."""
    from tests.core.kingmaker.test_combat import fleeing_knights, next_turn

    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    battle.record(ev.Move(counter=battle.game.counter, key="knights", step="forward", hacks=(ev.Hack(by="warband", face=2),)))
    step(battle, "knights", "forward", "forward")
    battle.record(ev.EndStep())
    next_turn(battle)
    step(battle, "knights", "forward", "forward", "forward")
    return battle


@pytest.mark.covers("km.leave.leave", "km.leave.stay")
async def test_a_step_off_the_mat_is_asked_first(tmp_path):
    """A fleeing unit at the edge: w would take it out of the battle for
    good, so the app asks; staying is the default, leaving takes the step."""
    from tests.core.kingmaker.test_combat import next_turn

    battle = knights_fled_to_the_edge()
    next_turn(battle)
    app = app_for(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        block = game(app).unit("knights").block
        at(app, block.x, block.y)
        done = len(app.battle.history.done)
        await keys(app, pilot, "w")
        assert isinstance(app.screen, ChoiceDialog) and options(app) == ["leave", "stay"]
        await keys(app, pilot, "enter")   # staying is the default
        assert len(app.battle.history.done) == done and game(app).unit("knights").block == block
        await keys(app, pilot, "w")
        await pick(app, pilot, "leave")
        assert game(app).unit("knights").standing == "fled" and game(app).stage == "over"


async def test_no_step_off_the_mat_is_offered_without_the_movement_for_it(tmp_path):
    app = app_for(tmp_path, knights_fled_to_the_edge())   # row 0, and no movement left this turn
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        block = game(app).unit("knights").block
        at(app, block.x, block.y)
        await keys(app, pilot, "w")
        assert not isinstance(app.screen, ChoiceDialog)
        assert any("movement left" in str(n.message) for n in app._notifications)


async def test_a_retreating_unit_locked_in_contact_withdraws_by_its_order_key(tmp_path):
    from tests.core.kingmaker.test_rule_fixes import retreating_in_contact

    app = app_for(tmp_path, retreating_in_contact(), "retreat.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)   # the knights, retreating, in contact with the warband
        await keys(app, pilot, "w")
        assert any("only a Withdraw gets it away" in str(n.message) for n in app._notifications)
        assert game(app).unit("knights").block.y == 6
        await keys(app, pilot, "o")
        assert isinstance(app.screen, ChoiceDialog)
        assert [c.closed is None for c in choices(app)] == [False, False, False, True]  # Withdraw only
        await keys(app, pilot, "end", "enter")
        assert last(app).command == "withdraw"


async def test_an_old_save_undone_into_offers_what_todays_rules_allow(tmp_path):
    """A retreat walked out of contact before the fix, undone: the knights are
    locked again, and o offers the Withdraw (today's rule) instead of
    refusing it as the earlier reading would."""
    import shutil

    from tests.fixtures import BEFORE
    from tui.core.files.storage import open_session
    from tui.ui.app import MassCombatApp
    from tui.ui.settings import Settings

    path = tmp_path / "old.toml"
    shutil.copy(BEFORE / "kingmaker-retreat-walks-away.toml", path)
    app = MassCombatApp(open_session(path), Settings(), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "u", "u", "u", "u")
        at(app, 10, 6)
        await keys(app, pilot, "o")
        assert isinstance(app.screen, ChoiceDialog)
        assert choices(app)[3].closed is None
        await keys(app, pilot, "end", "enter")
        assert last(app).command == "withdraw"
    app.session.close()


async def test_every_key_greyed_out_on_the_mat_says_why(tmp_path):
    """A key that can't act says why in one line, never nothing, from the
    muster through setup to each phase (issue 28's play list: c during the
    battle did nothing and said nothing)."""
    from tests.ui.silent_keys import silent_keys

    def stages():
        yield "muster", muster()
        yield "set up", set_up(muster())
        for phase in ("tactics", "movement", "ranged", "melee", "morale"):
            battle = begin_turn(set_up(muster()))
            to_phase(battle, phase)
            yield phase, battle

    for name, battle in stages():
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        app = app_for(folder, battle, "x.toml")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not isinstance(app.screen, KingmakerMatScreen):
                app.action_mode("mat")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, KingmakerMatScreen), name
            assert silent_keys(screen) == [], name
        app.session.close()


def test_an_attack_with_nothing_added_to_offense_reads_plus_zero():
    """Found in play: a +0 army's attack dialog read "Offense:  · Defense: Defense 11"."""
    from types import SimpleNamespace

    from tui.ui.kingmaker.turn_flows import _terms

    setup = SimpleNamespace(terms=(), defense_terms=(SimpleNamespace(key="km.term.defense", amount=11),))
    assert _terms(setup, shipped()) == "Offense: +0 · Defense: Defense 11"


# -- healing in battle ------------------------------------------------------------------


@pytest.mark.covers("km.heal", "km.heal.healing_potions", "km.heal.alchemy")
async def test_l_heals_with_potions_or_alchemy_instead_of_attacking(tmp_path):
    from tests.core.kingmaker.test_healing import hurt_knights
    from tui.core.systems.kingmaker.forces import AbilityPick

    both = KNIGHTS.model_copy(update={"resources": ("healing_potions",), "abilities": (AbilityPick(key="alchemy"),)})
    app = app_for(tmp_path, hurt_knights(both))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        assert game(app).hp("knights") == 5
        await keys(app, pilot, "l")
        assert options(app) == ["healing_potions", "alchemy"]
        assert choices(app)[0].note == "4 hp back · uses left: 2"
        await pick(app, pilot, "alchemy")
        assert last(app) == ev.Heal(key="knights", source="alchemy") and game(app).hp("knights") == 9
        await keys(app, pilot, "u", "l")
        await pick(app, pilot, "healing_potions")
        assert last(app) == ev.Heal(key="knights", source="healing_potions")
        seen: list[str] = []
        app.refuse = lambda message, **_: seen.append(str(message))  # type: ignore[method-assign]  # catch the one line
        await keys(app, pilot, "l", "x")
        assert seen == ["Knights of Ostmark has attacked or healed this phase already", "Knights of Ostmark healed this phase: no Offense check until the next"]


@pytest.mark.covers("km.square.heal")
async def test_the_square_menu_heals_with_the_one_source_there_is(tmp_path):
    from tests.core.kingmaker.test_healing import POTIONS, hurt_knights

    app = app_for(tmp_path, hurt_knights(POTIONS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 6)
        await keys(app, pilot, "enter")
        assert "heal" in options(app)
        await pick(app, pilot, "heal")
        assert last(app) == ev.Heal(key="knights", source="healing_potions") and game(app).hp("knights") == 9


def test_the_army_list_keeps_the_name_and_puts_damage_due_and_standing_under_it():
    """At 80x24 the panel is 24 columns: "(−5 due) · Retreat" before the name
    pushed the name off it (Kingmaker playthrough)."""
    from tests.core.kingmaker.test_combat import fleeing_knights
    from tui.ui.kingmaker.mat_text import legend

    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    battle.record(ev.Move(counter=battle.game.counter, key="knights", step="forward", hacks=(ev.Hack(by="warband", face=15),)))
    lines = legend(battle.game, "unicode").plain.split("\n")
    knights = next(i for i, line in enumerate(lines) if "Knights of Ostmark" in line)
    assert lines[knights].startswith("A") and "5/11 hp Knights of Ostmark" in lines[knights]
    assert lines[knights + 1] == "   −4 due · Fleeing"
    assert any(line.endswith("Rivenhold Warband") for line in lines)  # a ready army: one line


def test_the_sheet_says_a_retreating_army_is_locked_and_whether_its_withdraw_failed():
    from tests.core.kingmaker.test_rule_fixes import retreating_in_contact
    from tui.ui.kingmaker.mat_text import square_lines

    battle = retreating_in_contact()
    block = battle.game.unit("knights").block
    square = (block.x, block.y)
    assert "in retreat, locked in contact: only a Withdraw (o) gets it away" in square_lines(battle.game, square).plain
    battle.record(ev.Order(counter=battle.game.counter, key="knights", command="withdraw", face=2, opposing=(15,)))
    assert "in retreat, locked in contact: its Withdraw failed this turn" in square_lines(battle.game, square).plain


def test_g_stays_open_while_the_first_tactic_is_being_chosen():
    """A second g in turn 1 was refused as 'tried already' (issue 29)."""
    from tests.core.kingmaker.kit import face_off
    from tui.core.systems.kingmaker.forces import Army
    from tui.ui.kingmaker.unit_keys import unit_may

    battle = face_off("Flankers", 4, ((Army(key="knights", name="Flanking Knights", side=0, cr="6", troops=100, tactics=("expert_flankers",)), (10, 3, "s")), (WARBAND, (10, 9, "n"))))
    battle.record(ev.SwitchTactic(counter=battle.game.counter, key="knights", tactic="expert_flankers"))
    assert unit_may(battle.game, "knights", "tactic")


async def test_undo_and_redo_of_a_step_take_the_cursor_with_the_unit(tmp_path):
    """After u the cursor stayed on the square the unit had left (issue 29)."""
    app = app_for(tmp_path, _phase(in_battle(), "movement"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at(app, 10, 3)  # the knights, facing south
        await keys(app, pilot, "w", "w")
        assert game(app).unit("knights").block.y == 5 and app.screen.query_one(MatView).cursor == (10, 5)
        at(app, 0, 0)
        await keys(app, pilot, "u")
        assert game(app).unit("knights").block.y == 4 and app.screen.query_one(MatView).cursor == (10, 4)
        at(app, 0, 0)
        await keys(app, pilot, "U")
        assert app.screen.query_one(MatView).cursor == (10, 5)


@pytest.mark.parametrize("cell", [2, 3])
async def test_the_mats_numbers_stay_put_while_its_squares_scroll(cell):
    """At 80 columns a big mat scrolls: the row numbers went sideways with
    the squares and the column numbers up, and the GM lost count. Wherever
    the cursor takes the mat, each line starts with its row's number, the
    top line numbers the columns shown, and the cursor is in sight."""
    from textual.app import App, ComposeResult

    from tui.ui.kingmaker.mat_view import LABEL, MatPicture, SquareView

    squares = {(x, y): SquareView(f"{chr(65 + x % 26)}{y % 10}", "ground") for x in range(60) for y in range(40)}

    class MatApp(App):
        def compose(self) -> ComposeResult:
            yield MatView(MatPicture(60, 40, squares))

    app = MatApp()
    async with app.run_test(size=(40, 12)) as pilot:
        mat = app.query_one(MatView)
        mat.cell = cell
        for cursor in ((0, 0), (59, 0), (59, 39), (30, 20), (0, 39), (17, 5)):
            mat.cursor = cursor
            await pilot.pause()
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            scroll_x, scroll_y = mat.scroll_offset
            first_shown = scroll_x // cell
            assert lines[0][:LABEL] == " " * LABEL
            for y, line in enumerate(lines[1:-1], start=1):  # the last line is the scrollbar
                row = scroll_y + y - 1
                assert line[:LABEL] == f"{row:>2} ", (cursor, y, line)
                if scroll_x % cell == 0:
                    x = first_shown
                    assert line[LABEL + cell - 2: LABEL + cell] == f"{chr(65 + x % 26)}{row % 10}", (cursor, line)
            shown_rows = range(scroll_y, scroll_y + len(lines) - 2)
            shown_cols = range(scroll_x // cell, (scroll_x + 40 - LABEL - 1) // cell)
            assert cursor[1] in shown_rows and cursor[0] in shown_cols, (cursor, mat.scroll_offset)
            numbered = [x for x in range(60) if x % 5 == 0 and x in shown_cols and (x * cell - scroll_x) + cell <= 40 - LABEL - 1]
            for x in numbered:
                at = LABEL + x * cell - scroll_x + (cell - 2)
                assert lines[0][at: at + 2].strip() == str(x), (cursor, lines[0])
