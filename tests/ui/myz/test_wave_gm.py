"""The GM's decisions on the wave screen (screens/wave_gm.py): the next
wave's Battle Levels, the opponent's pick of a damaged Support die, and
the GM's final say (g). Also what the step box and the roller say once
the Battle roll is made."""

from __future__ import annotations

import pytest

from textual.widgets import Input

from tests.core.myz.kit import army, choose, fight, leader, risks, start, support_none, to_battle
from tui.core.systems.myz.army import Battlefield
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.steps import next_step
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.myz.roller import RollerScreen
from tui.ui.myz.wave import WaveScreen

from tests.ui.scenes import make_app
from tests.ui.myz.waves import ghoul_strike_waves


def _rendered(app, renderable, width: int = 78) -> str:
    return "".join(segment.text for segment in app.console.render(renderable, app.console.options.update_width(width)))


async def _type_number(pilot, app, value: int) -> None:
    app.screen.query_one(Input).value = ""
    await pilot.press(*str(value), "enter")
    await pilot.pause()


async def test_next_wave_asks_each_battle_level_with_the_fighters_suggestion(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.battle.game
        assert next_step(game).kind == "next_wave"
        ark_level = game.forces[1].battle_level
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NumberDialog)
        help_text = " ".join(str(label.render()) for label in dialog.query(".dialog-help"))
        lost = game.wave.end.casualties[1].total
        assert f"fighters killed this wave: {lost}" in help_text and "1 level per 35" in help_text
        await _type_number(pilot, app, ark_level + 2)  # the Ark first: it has the initiative
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("enter")  # the Zone-Ghouls keep the suggestion
        await pilot.pause()
        game = app.battle.game
        assert game.wave.number == 2
        assert game.forces[1].battle_level == ark_level + 2
        assert app.battle.history.events[app.battle.history.cursor - 1] == ev.NextWave(battle_levels={1: ark_level + 2})


async def test_escape_leaves_the_next_wave_untaken(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1))
    async with app.run_test(size=(80, 24)) as pilot:
        cursor = app.battle.history.cursor
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WaveScreen)
        assert app.battle.history.cursor == cursor and next_step(app.battle.game).kind == "next_wave"


async def test_a_null_battle_that_lifts_a_siege_says_so_and_enter_starts_the_battle_outside(tmp_path):
    battle = start(army(3, fortification="walled"), army(3), Battlefield(siege=0))
    risks(battle)
    choose(battle, "fighting_retreat", "defense")
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        assert next_step(app.battle.game).kind == "siege_lifted"
        shown = " ".join(_rendered(app, app.screen._step_text()).split())
        assert "the siege is over" in shown and "outside the walls" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.battle.game
        assert game.wave.number == 2 and game.battlefield.siege is None


def _blue_loses_a_support_die():
    """Blue (two special units) shows one gear bane after the Battle roll; nobody repairs."""
    battle = start(army(3, people=(leader("Marlotte"),)), army(3, units={"artillery": 1, "cavalry": 1}))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 1}, {"gear_banes": 1})
    support_none(battle)
    battle.meta = battle.meta.model_copy(update={"template": False})
    return battle


async def test_the_opponent_picks_which_special_unit_is_damaged(tmp_path):
    app = make_app(tmp_path, _blue_loses_a_support_die())
    async with app.run_test(size=(80, 24)) as pilot:
        assert next_step(app.battle.game).kind == "end"
        shown = _rendered(app, app.screen._step_text())
        assert "Red wins by 1" in shown and "still showing 0" in shown
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Red: which of Blue's Support dice is lost?" in dialog._title
        assert [c.label for c in dialog._choices] == ["Artillery", "Cavalry"]
        await pilot.press("down", "enter")
        await pilot.pause()
        units = app.battle.game.forces[1].units
        assert units["cavalry"] == 0 and units["artillery"] == 1
        assert app.battle.game.reports[-1].wave == 1


async def test_the_opponent_picks_between_a_fortification_die_and_the_arsenal(tmp_path):
    """RULES-NOTES (Mutant, settled after the second audit): Arsenal falls
    with the fortifications, before Special Units; its die is lost, the
    project stands."""
    battle = start(army(3), army(3, defends_ark=True, ark_projects=("arsenal", "defenses"), units={"artillery": 1}), Battlefield(siege=1))
    to_battle(battle, "attack", "defense")
    fight(battle, {"successes": 1}, {"gear_banes": 1})
    support_none(battle)
    battle.meta = battle.meta.model_copy(update={"template": False})
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [c.label for c in dialog._choices] == ["a fortification die", "Arsenal"]
        await pilot.press("down", "enter")
        await pilot.pause()
        blue = app.battle.game.forces[1]
        assert blue.damaged_projects == ("arsenal",) and blue.ark_projects == ("arsenal", "defenses")
        assert blue.fortification_dice == 1 and blue.units["artillery"] == 1


@pytest.mark.covers("wave.gm_adjust", "myz.gm.fighters", "wave.undo")
async def test_the_gm_sets_a_forces_fighters_with_g_and_undoes_it(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1))
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.battle.game.forces[0].fighters
        await pilot.press("g")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and "Zone-Ghouls" in dialog._title
        await pilot.press("down", "enter")  # Fighters
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        await _type_number(pilot, app, 7)
        assert app.battle.game.forces[0].fighters == 7
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.forces[0].fighters == before


@pytest.mark.covers("wave.switch_side", "myz.gm.confused")
async def test_the_gm_clears_confusion_on_the_selected_side(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1))
    async with app.run_test(size=(80, 24)) as pilot:
        from tui.ui.myz.widgets.force_card import ForceCard

        cards = list(app.screen.query(ForceCard))
        assert [c.has_class("selected") for c in cards] == [True, False]
        await pilot.press("right")  # the Ark
        await pilot.pause()
        # the side c and g act on shows on its card
        assert [c.has_class("selected") for c in cards] == [False, True]
        assert str(cards[1].border_subtitle) == "c, g act here · Tab" and not cards[0].border_subtitle
        confused = app.battle.game.forces[1].confused
        await pilot.press("g", "down", "down", "enter")
        await pilot.pause()
        assert app.battle.game.forces[1].confused is not confused


@pytest.mark.covers("wave.roller", "roller.wave")
async def test_after_the_battle_roll_the_roller_points_back_to_the_wave(tmp_path):
    from tests.ui.myz.test_wave import ghoul_strike_battle

    app = make_app(tmp_path, ghoul_strike_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "r")
        await pilot.pause()
        for _ in range(40):
            if not app.battle.state.in_progress:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, RollerScreen)
        from tui.ui.myz.widgets.result_bar import ResultBar

        bar = str(app.screen.query_one(ResultBar).render())
        assert "w: back to the battle" in bar and "r: next roll" not in bar
        await pilot.press("w")
        await pilot.pause()
        shown = _rendered(app, app.screen._step_text())
        assert "Battle roll:" in shown and "still showing" in shown
        assert "special class: Artillery" not in shown  # the pools are the roller's now


async def test_risk_modifiers_stay_on_the_cards_through_the_wave(tmp_path):
    """Found in play: the Risk line left the cards after the Action phase,
    while Risk still counts in the End phase's Retaliation."""
    from tests.ui.scenes import demo_battle

    battle = demo_battle()
    wave = battle.game.wave
    assert wave.phase not in ("risk", "strategy", "action") and any(r is not None for r in wave.risks)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert shown.count("Risk:") == sum(1 for r in wave.risks if r is not None)
