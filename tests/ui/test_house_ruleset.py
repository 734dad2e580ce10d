"""R in each army builder: the battle plays with a house ruleset chosen at
the muster, the save records it, a bad file is refused in the dialog, and
after the first roll the key is greyed and says why."""

from __future__ import annotations

import pytest

from tests.ui.fate.play import wait_for
from tests.ui.scenes import make_app
from tui.core.files.rulesets import find_ruleset
from tui.core.system import find_system
from tui.core.files.loading import load_battle
from tui.ui.shell.house_rules import MusterScreen, RulesetDialog

MUSTER_MODE = {"myz": "army", "fate": "army", "second_world": "cast", "kingmaker": "armies"}


async def _muster(app, pilot, system: str) -> MusterScreen:
    await pilot.pause()
    await app.switch_mode(MUSTER_MODE[system])
    await pilot.pause()
    assert isinstance(app.screen, MusterScreen)
    return app.screen


@pytest.mark.covers("muster.ruleset")
@pytest.mark.parametrize("system", ["myz", "fate", "second_world", "kingmaker"])
async def test_r_plays_the_battle_with_a_house_ruleset_and_the_save_records_it(tmp_path, monkeypatch, system):
    monkeypatch.chdir(tmp_path)  # a short path to type
    bundled = find_ruleset(system)
    house = tmp_path / "house.toml"
    house.write_text(bundled.read_text(encoding="utf-8") + "\n# our table's copy\n", encoding="utf-8")
    app = make_app(tmp_path, find_system(system).new_battle(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await _muster(app, pilot, system)
        await pilot.press("R")
        await wait_for(app, pilot, RulesetDialog)
        await pilot.press(*"house.toml", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, RulesetDialog)
        assert app.battle.meta.ruleset.file == str(house.resolve())
    saved = load_battle(tmp_path / "battle.toml")
    assert saved.meta.ruleset.file == str(house.resolve()) and saved.ruleset_notice is None


async def test_a_ruleset_of_another_system_is_refused_in_the_dialog_and_empty_is_the_bundled_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.toml").write_bytes(find_ruleset("myz").read_bytes())
    app = make_app(tmp_path, find_system("fate").new_battle(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await _muster(app, pilot, "fate")
        await pilot.press("R")
        dialog = await wait_for(app, pilot, RulesetDialog)
        await pilot.press(*"m.toml", "enter")
        await pilot.pause()
        assert app.screen is dialog
        error = str(dialog.query_one(".dialog-error").render())
        assert error == "m.toml is a ruleset for myz, but the battle is one of fate"
        await pilot.press("ctrl+u", "enter")  # empty: the bundled ruleset
        await pilot.pause()
        assert not isinstance(app.screen, RulesetDialog) and app.battle.meta.ruleset.file == ""


async def test_after_the_first_roll_r_is_greyed_and_says_why(tmp_path):
    from tests.ui.scenes import one_wave

    app = make_app(tmp_path, one_wave())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _muster(app, pilot, "myz")
        assert screen.check_action("house_ruleset", ()) is None
        await pilot.press("R")
        await pilot.pause()
        assert not isinstance(app.screen, RulesetDialog)
        shown = [n.message for n in app._notifications]
        assert any("the ruleset is chosen at the muster" in str(m) for m in shown)


@pytest.mark.covers("muster.back")
@pytest.mark.parametrize(("system", "back"), [("myz", "wave"), ("fate", "field"), ("second_world", "map"), ("kingmaker", "mat")])
async def test_esc_in_an_army_builder_goes_back_to_the_battle(tmp_path, system, back):
    app = make_app(tmp_path, find_system(system).new_battle(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await _muster(app, pilot, system)
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_mode == back and not isinstance(app.screen, MusterScreen)
