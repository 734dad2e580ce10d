"""A seeded Kingmaker battle played to its end by keys alone, the way a
GM at the table would: initiative and who acts first, marching into
contact, blows each Melee phase, the Morale checks the thresholds call
for, until one side holds the field; then the aftermath. Saved after each
step (the file on disk replays to the same battle) and undone at the end
back to where it began."""

from __future__ import annotations

from tests.core.kingmaker.kit import KNIGHTS, WARBAND
from tests.ui.kingmaker.play import app_for, game, keys
from tui.core.files.loading import load_battle
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.morale import owed
from tui.ui.kingmaker.mat_view import MatView
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog


def two_armies(seed: int) -> KingmakerBattle:
    battle = KingmakerBattle.new("Ford", seed=seed)
    battle.record(ev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(ev.SetMat(width=16, height=12))
    battle.record(ev.SetArmy(army=KNIGHTS))
    battle.record(ev.SetArmy(army=WARBAND))
    return battle


async def gm_step(app, pilot) -> None:
    """One thing a GM does next, by keys."""
    state = game(app)
    mat = app.screen.query_one(MatView)
    if state.stage == "muster":
        await keys(app, pilot, "n", "enter")
        return
    if state.stage == "setup":
        side = state.side_acting
        army = next(a for a in state.armies if a.side == side and state.unit(a.key).block is None)
        mat.cursor = (7, 1) if army.side == 0 else (7, 8)
        await keys(app, pilot, "p", "enter", "enter")   # the army, facing toward the enemy
        return
    if state.stage == "over":
        await keys(app, pilot, "n")
        return
    if state.first is None:
        await keys(app, pilot, "n", "enter")
        return
    side = state.side_acting
    mine = [a.key for a in state.on_field(side)]
    if state.phase == "movement":
        for key in mine:
            unit = state.unit(key)
            if unit.standing in ("retreat", "flee") and not unit.moved and unit.block is not None:
                # It must run first: turning is free, so face away and step.
                mat.cursor = (unit.block.x, unit.block.y)
                for turn in ((), ("a", "a"), ("a",), ("d",)):
                    await keys(app, pilot, *turn, "w")
                    if game(app).unit(key).moved:
                        return
                return
            if not state.enemies_in_contact(key) and unit.standing == "ready" and unit.spent < state.derived[key].speed.total:
                block = unit.block
                mat.cursor = (block.x, block.y)
                await keys(app, pilot, "w")
                if game(app).unit(key).spent != unit.spent:
                    return
    if state.phase == "melee":
        for key in mine:
            unit = state.unit(key)
            if state.enemies_in_contact(key) and not unit.blows and unit.setback_phase != state.phase_count and unit.standing in ("ready", "retreat"):
                mat.cursor = (unit.block.x, unit.block.y)
                await keys(app, pilot, "x", "enter")
                if isinstance(app.screen, NumberDialog):
                    await keys(app, pilot, "enter")
                return
    if state.phase == "morale":
        for key in mine:
            if owed(state, key) is not None:
                block = state.unit(key).block
                mat.cursor = (block.x, block.y)
                await keys(app, pilot, "k", "enter")
                if isinstance(app.screen, ChoiceDialog):   # Hold the Line: take the roll
                    await keys(app, pilot, "end", "enter")
                return
    await keys(app, pilot, "n")


async def test_a_seeded_battle_is_played_to_its_end_by_keys(tmp_path):
    app = app_for(tmp_path, two_armies(seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if game(app).aftermath_done:
                break
            before = len(app.battle.history.done)
            await gm_step(app, pilot)
            assert len(app.battle.history.done) > before, game(app).notes.latest(2)
        state = game(app)
        assert state.stage == "over" and state.aftermath_done and state.turn >= 2
        kinds = {type(e).__name__ for e in app.battle.history.done}
        assert {"Initiative", "Move", "Attack", "EndStep", "Aftermath"} <= kinds
        # Saved after every step: the file replays to the same battle.
        saved = load_battle(tmp_path / "battle.toml")
        assert saved.game.notes == state.notes
        # And every step undoes.
        steps = len(app.battle.history.done)
        for _ in range(steps - 4):
            await keys(app, pilot, "u")
        assert game(app).stage == "muster"
