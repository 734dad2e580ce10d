"""The wave screen: a whole Mass Combat battle played from the keyboard."""

from __future__ import annotations

from tui.core.systems.myz.battle import Battle
from tui.core.files.loading import load_battle
from tui.core.files.places import find_example
from tui.core.systems.myz.steps import next_step
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.myz.dialogs import RollDialog
from tui.ui.myz.wave import WaveScreen

from tests.ui.scenes import make_app


def ghoul_strike_battle(seed: int = 1877) -> Battle:
    """The bundled demo: the text's first wave up to the Battle roll."""
    battle = load_battle(find_example("ghoul-strike"))
    battle.meta = battle.meta.model_copy(update={"template": False, "seed": seed})
    return battle


async def answer_dialogs(app, pilot) -> None:
    """Accept whatever a dialog offers first (a default number, the first open option, a roll)."""
    for _ in range(40):
        screen = app.screen
        if isinstance(screen, (ChoiceDialog, NumberDialog, RollDialog)):
            await pilot.press("enter")
            await pilot.pause()
        else:
            return


async def play_step(app, pilot) -> str:
    """Take the battle's next step with keys only; returns the step taken."""
    step = next_step(app.battle.game)
    if step.kind == "battle":
        await pilot.press("r")  # to the roller
        await pilot.pause()
        await pilot.press("r")  # roll both pools
        await pilot.pause()
        for _ in range(40):
            if not app.battle.state.in_progress:
                break
            await pilot.press("enter")  # both leaders settle, in initiative order
            await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        return step.kind
    await pilot.press("enter")
    await pilot.pause()
    await answer_dialogs(app, pilot)
    if not isinstance(app.screen, WaveScreen):
        await pilot.press("f3")  # the End phase opens the summary: back to the wave
        await pilot.pause()
    return step.kind


async def test_demo_opens_in_the_battle_phase_with_every_source(tmp_path):
    app = make_app(tmp_path, ghoul_strike_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WaveScreen)
        assert next_step(app.battle.game).kind == "battle"
        pools = app.battle.game.wave.pools
        assert (pools[0].pool.notation(), pools[1].pool.notation()) == ("3b4s1g", "2b3s1g")
        shown = app.screen._step_text()
        rendered = "".join(segment.text for segment in app.console.render(shown, app.console.options.update_width(78)))
        for words in ("Battle Level", "special class: Artillery", "superiority: Artillery", "surprise attack", "ambush", "strategy: Total Attack", "Remarkable Action"):
            assert words in rendered
        sources = {line.source for line in pools[1].lines}
        assert {"battle_level", "special_class", "superiority", "strategy", "remarkable_action"} <= sources


async def test_whole_battle_keyboard_only(tmp_path):
    app = make_app(tmp_path, ghoul_strike_battle())
    taken = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if app.battle.game.stage == "over":
                break
            before = app.battle.history.cursor
            taken.append(await play_step(app, pilot))
            assert app.battle.history.cursor > before, f"step {taken[-1]} recorded nothing"
        game = app.battle.game
        assert game.stage == "over", taken
        assert game.ended
        assert len(game.reports) >= 1
        assert {"risk", "strategy", "action", "battle", "support", "end", "next_wave"} <= set(taken)
        # saved after every step: the file on disk is the battle on screen
        assert load_battle(app.session.path).game == game
        # and any step can be undone
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.stage != "over" or app.battle.history.cursor == len(app.battle.history.events) - 1


async def test_strategy_is_secret_until_both_choose(tmp_path):
    battle = ghoul_strike_battle()
    while battle.history.cursor > 5:  # back to before the strategies were chosen
        battle.undo()
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        assert next_step(app.battle.game).kind == "strategy"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # the first open strategy (Rally for the CONFUSED Ark)
        await pilot.pause()
        card = app.screen.query_one("#force-1")
        text = str(card.render())
        assert "Rally" not in text and "secret" in text
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "Rally" in str(app.screen.query_one("#force-1").render())
