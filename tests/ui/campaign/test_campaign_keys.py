"""Every key of the campaign screen and every entry of its menus, played
as a GM plays them, each checked by what it did to the campaign."""

from __future__ import annotations

import pytest

from tests.ui.campaign.kit import fate_campaign, km_campaign
from tests.ui.fate.play import wait_for
from tui.core.files.loading import load_battle
from tui.ui.campaign.choice import CampaignExit
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog, TextDialog
from tui.ui.shell.help import HelpScreen


async def press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


def roster(app):
    return app.campaign.state.roster


@pytest.mark.covers("campaign.carry", "campaign.changes.write", "campaign.changes.change")
async def test_carry_back_shows_each_change_and_writes_what_the_gm_keeps(tmp_path):
    app = km_campaign(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "tab", "c")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        labels = [str(o.prompt) for o in dialog.query_one("OptionList").options]
        assert labels[0].startswith("Write these 5 changes")
        assert any("Knights of Ostmark: destroyed" in label for label in labels)
        # leave out the commander's fate (a word: Enter unticks it) ...
        await press(pilot, "down", "down", "enter")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert str(dialog.query_one("OptionList").options[2].prompt).startswith("  Knights")
        # ... and change the warband's hp (a number: Enter asks for it, as hp, within its range)
        await press(pilot, "down", "down", "enter")
        number = await wait_for(app, pilot, NumberDialog)
        from textual.widgets import Input

        assert number.query_one(Input).value == "26"  # hp 27 -> 26, not the wound it is kept as
        await press(pilot, "ctrl+u", "9", "9", "enter")
        assert app.screen is number  # above the warband's 27 hp: refused, the dialog stays
        await press(pilot, "ctrl+u", "2", "0", "enter")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "home", "enter")
        await pilot.pause()
    state = load_battle(tmp_path / "stolen-lands.toml").state
    assert state.carried_for("b1") is not None
    knights, warband = state.roster.force("knights"), state.roster.force("warband")
    assert knights.status == "defeated" and knights.commander_fate == ""
    assert warband.army.wounds == 7 and warband.army.morale == 1


async def test_back_from_a_finished_battle_its_aftermath_is_offered_at_once(tmp_path):
    app = km_campaign(tmp_path)
    app.finished = "b1"
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert "Rivenhold hold the field" in str(dialog._title)
        await press(pilot, "escape")
        assert app.campaign.state.carried_for("b1") is None  # Esc writes nothing
        assert app.focused is not None and app.focused.id == "battle-list" and app.screen.battle == "b1"  # p and c act on it


@pytest.mark.covers("campaign.muster", "campaign.pick.go", "campaign.pick.force")
async def test_muster_picks_the_forces_and_opens_the_new_battle(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "m")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "down", "enter")  # untick the knights: one side left
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert "two sides" in str(dialog.query_one("OptionList").options[0].prompt)
        await press(pilot, "enter")  # untick them again ... tick them again
        await press(pilot, "home", "enter")
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "ctrl+u", *"Second Ford", "enter")
        await pilot.pause()
    assert isinstance(app.return_value, CampaignExit) and app.return_value.id == "b2"
    battle = load_battle(app.return_value.battle)
    assert battle.meta.title == "Second Ford" and [a.key for a in battle.game.armies] == ["knights", "warband"]


@pytest.mark.covers("campaign.play")
async def test_play_opens_the_highlighted_battle(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "p")
    assert app.return_value == CampaignExit(tmp_path / "stolen-lands-b1.toml", "b1")


@pytest.mark.covers("campaign.rest")
async def test_rest_heals_what_the_days_heal(tmp_path):
    app = km_campaign(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "tab", "c")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await pilot.pause()
        assert roster(app).force("warband").army.wounds == 1
        await press(pilot, "r")
        await wait_for(app, pilot, NumberDialog)
        await press(pilot, "ctrl+u", "2", "enter")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await pilot.pause()
    assert roster(app).force("warband").army.wounds == 0 and app.campaign.state.day == 2


@pytest.mark.covers("campaign.week")
async def test_a_week_pays_from_the_treasury(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "w")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await pilot.pause()
    state = app.campaign.state
    assert state.roster.sides[0].treasury == 8 and state.roster.force("warband").army.morale == -2 and state.day == 7


async def test_a_key_a_system_does_not_have_says_why(tmp_path):
    app = fate_campaign(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("week", ()) is False  # not Fate's: out of the footer
        await press(pilot, "w")
        assert not isinstance(app.screen, ChoiceDialog)
        assert any("weekly upkeep" in n.message for n in app._notifications)


@pytest.mark.covers("campaign.enlist", "campaign.enlist_file.file", "campaign.enlist.go", "campaign.enlist.force")
async def test_enlist_takes_the_forces_of_a_battle_beside_it(tmp_path):
    from tests.ui.campaign.kit import ford_beside

    app = km_campaign(tmp_path, fought=False)
    ford_beside(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "e")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        files = [str(o.prompt) for o in dialog.query_one("OptionList").options]
        assert files == ["ford.toml  Ashwater Ford"]  # the campaign's own battles are not offered
        await press(pilot, "enter")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        labels = [str(o.prompt) for o in dialog.query_one("OptionList").options]
        # the knights and the warband are on the roster already: not ticked, and said so
        assert labels[0] == "Enlist these 2" and "already on the roster" in labels[1]
        await press(pilot, "down", "down", "enter")  # leave the archers out
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "home", "enter")
        await pilot.pause()
    keys = [f.key for f in roster(app).forces]
    assert keys == ["knights", "warband", "skirmish"]


@pytest.mark.covers("campaign.dismiss")
async def test_x_dismisses_a_force_and_recalls_it(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "x")
        assert roster(app).force("knights").status == "dismissed"
        await press(pilot, "x")
        assert roster(app).force("knights").status == "ready"


@pytest.mark.covers("campaign.purse", "campaign.purse.side")
async def test_dollar_sets_a_treasury(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "dollar_sign")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "down", "enter")
        await wait_for(app, pilot, NumberDialog)
        await press(pilot, "ctrl+u", "4", "0", "enter")
        await pilot.pause()
    assert roster(app).sides[1].treasury == 40


@pytest.mark.covers("campaign.sides", "campaign.sides.side", "campaign.sides.add")
async def test_sides_are_renamed_and_added(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "s")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "ctrl+u", *"Ostland", "enter")
        await pilot.pause()
        await press(pilot, "s")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "end", "enter")
        await wait_for(app, pilot, TextDialog)
        await press(pilot, *"Mivon", "enter")
        await pilot.pause()
    assert [s.name for s in roster(app).sides] == ["Ostland", "Rivenhold", "Mivon"]


@pytest.mark.covers("campaign.undo", "campaign.redo")
async def test_undo_and_redo_walk_the_campaign_log(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "x")
        assert roster(app).force("knights").status == "dismissed"
        await press(pilot, "u")
        assert roster(app).force("knights").status == "ready"
        await press(pilot, "U")
        assert roster(app).force("knights").status == "dismissed"
    assert load_battle(tmp_path / "stolen-lands.toml").state.roster.force("knights").status == "dismissed"


@pytest.mark.covers("campaign.help", "help.close")
async def test_help_lists_the_campaign_keys(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)


@pytest.mark.covers("campaign.quit", "campaign.quit_now")
@pytest.mark.parametrize("key", ["q", "ctrl+c"])
async def test_q_leaves_the_campaign(tmp_path, key):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, key)
    assert app.return_value is None


@pytest.mark.covers("campaign.rename")
async def test_ctrl_r_renames_the_campaign(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "ctrl+r")
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "ctrl+u", *"The Stolen Lands", "enter")
        await pilot.pause()
        assert "The Stolen Lands" in app.title
    assert load_battle(tmp_path / "stolen-lands.toml").meta.title == "The Stolen Lands"


async def test_the_start_screen_lists_campaigns_and_starts_new_ones(tmp_path):
    from textual.widgets import OptionList

    from tui.core.system import find_system
    from tui.ui.launch import _new_campaign_file
    from tui.ui.shell.start import StartApp, StartChoice

    km_campaign(tmp_path, fought=False).session.close()
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("Stolen Lands" in label and "campaign, Kingmaker Fantasy Battle, 1 battle " in label for label in labels)
        new = [i for i, label in enumerate(labels) if label.startswith("New campaign: Kingmaker")]
        options.highlighted = new[0]
        await press(pilot, "enter")
    assert app.return_value == StartChoice("campaign", system="kingmaker")
    made = _new_campaign_file(tmp_path, "kingmaker")
    loaded = load_battle(made)
    assert loaded.meta.kind == "campaign" and loaded.system == find_system("kingmaker").key


@pytest.mark.covers("campaign.settings")
async def test_f2_switches_the_campaign_to_german(tmp_path):
    from textual.widgets import Select

    from tui.core.i18n import set_language
    from tui.ui.shell.settings_screen import SettingsScreen

    app = km_campaign(tmp_path, fought=False)
    app.settings_file = tmp_path / "settings.toml"
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "f2")
            assert isinstance(app.screen, SettingsScreen)
            app.screen.query_one("#language", Select).value = "de"
            await pilot.pause()
            await press(pilot, "ctrl+s")
            assert app.settings.language == "de"
            assert "Feldzug" in app.sub_title and app.screen.query_one("#roster").border_title == "Aufstellung"
            assert 'language = "de"' in (tmp_path / "settings.toml").read_text()
    finally:
        set_language("en")


def _nightjar(folder):
    from tui.core.files.places import find_example, open_example
    from tui.core.files.storage import open_session
    from tui.ui.campaign.app import CampaignApp
    from tui.ui.settings import Settings

    return CampaignApp(open_session(open_example(find_example("nightjar"), folder)), Settings())


@pytest.mark.covers("campaign.keep_map", "campaign.map.map", "campaign.map.none")
async def test_a_kept_map_lays_out_the_next_battle(tmp_path):
    app = _nightjar(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "tab", "k")  # the last battle's ground
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "ctrl+u", *"The Yard", "enter")
        await pilot.pause()
        assert [name for name, _ in app.campaign.state.kept] == ["The Wire", "The Yard"]
        await press(pilot, "m")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")  # all ready forces go
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert "Which map" in str(dialog._title)
        await press(pilot, "down", "enter")  # The Wire
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "enter")
        await pilot.pause()
    battle = load_battle(app.return_value.battle)
    assert [z.name for z in battle.game.board.zones] == ["Trench", "Craters", "Wire", "Yard"]
    assert app.campaign.state.battles[-1].map == "The Wire"


async def test_a_battle_on_a_new_map_starts_with_none(tmp_path):
    app = _nightjar(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "m")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")  # a new map
        await wait_for(app, pilot, TextDialog)
        await press(pilot, "enter")
        await pilot.pause()
    assert load_battle(app.return_value.battle).game.board.zones == ()


async def test_k_says_why_where_a_system_keeps_no_maps(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "tab", "k")
        assert any("no map to keep" in n.message for n in app._notifications)


async def test_a_signal_closes_the_campaign_with_its_exit_code(tmp_path):
    import signal

    app = km_campaign(tmp_path, fought=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.answer_signal(signal.SIGTERM)
        await pilot.pause()
    assert app.return_code == 143 and app.session.closed
    assert not (tmp_path / "stolen-lands.toml.journal").exists() or load_battle(tmp_path / "stolen-lands.toml")


@pytest.mark.parametrize("language", ["en", "de"])
async def test_back_from_a_battle_it_says_why_nothing_is_offered_and_keeps_quiet_when_carried(tmp_path, language):
    from tui.core.i18n import set_language

    app = km_campaign(tmp_path, fought=False, language=language)
    app.finished = "b1"
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [n.message for n in app._notifications] and not isinstance(app.screen, ChoiceDialog)  # not over: said
    finally:
        set_language("en")
    app = km_campaign(tmp_path / "carried", language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "tab", "c")
        await wait_for(app, pilot, ChoiceDialog)
        await press(pilot, "enter")
        await pilot.pause()
    app.session.close()
    from tests.ui.campaign.kit import open_app

    again = open_app(tmp_path / "carried" / "stolen-lands.toml", load_battle(tmp_path / "carried" / "stolen-lands.toml"), language=language)
    again.finished = "b1"
    try:
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not again._notifications and not isinstance(again.screen, ChoiceDialog)  # carried as it ends: quiet
    finally:
        set_language("en")


async def test_x_recalls_a_routed_army_and_refuses_a_destroyed_one(tmp_path):
    app = km_campaign(tmp_path, fought=False)
    from tui.core.campaign.events import Amend
    from tui.core.campaign.roster import Change

    app.campaign.record(Amend(changes=(
        Change(path="forces.knights.status", before="ready", after="routed"),
        Change(path="forces.warband.status", before="ready", after="defeated"),
    )))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "x")
        assert roster(app).force("knights").status == "ready"  # the Loyalty check succeeded
        await press(pilot, "down", "x")
        assert roster(app).force("warband").status == "defeated"
        assert any("destroyed" in n.message for n in app._notifications)
