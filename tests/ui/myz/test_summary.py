"""The wave summary read from the keyboard: every casualty die, the running
total, paging between waves, user text shown as typed, and German."""

from __future__ import annotations

import pytest

from dataclasses import replace

from tui.core.i18n import tr
from tui.ui.myz.summary import SummaryScreen, SummaryScroll
from tui.ui.myz.widgets.summary_parts import running_totals
from tui.ui.myz.widgets.wave_summary import WaveSummary

from tests.ui.scenes import ghoul_strike, make_app
from tests.ui.myz.waves import ghoul_strike_waves


async def open_summary(app, pilot) -> SummaryScreen:
    await app.push_screen(SummaryScreen())
    await pilot.pause()
    assert isinstance(app.screen, SummaryScreen)
    return app.screen


def page(app) -> str:
    return app.screen.query_one(WaveSummary).text()


def page_bar(app) -> str:
    return str(app.screen.query_one("#page-bar").render())


def dice(faces) -> str:
    """Dice as the page draws them: a cell per die, one space between cells."""
    return " ".join(f" {face} " for face in faces)


async def test_every_casualty_die_and_the_totals(tmp_path):
    battle = ghoul_strike_waves(1)
    report = battle.game.reports[-1]
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(app, pilot)
        casualties = app.screen.query_one(WaveSummary).section_text("casualties")
        steps = [step for loss in report.casualties for step in loss.steps]
        assert sum(len(step.dice) for step in steps) == 10  # the seed fixes them: 1 + 4 + 4 + 1
        for loss in report.casualties:
            assert f"{battle.game.names[loss.side]}: {loss.total} fighters killed" in casualties
            for step in loss.steps:
                line = next(line for line in casualties.splitlines() if line.strip().startswith(tr("en", step.key)))
                if step.dice:
                    assert dice(step.dice) in line
                assert line.endswith(f"= {step.total}")
        assert "2D6 per bane still showing: 2 ☠" in casualties
        assert "double casualties: Total Attack" in casualties and "×2" in casualties
        # the order of the adjustments is the app's (assumed), said where it matters
        flat = " ".join(casualties.split())
        assert "Order (assumed; the text gives none): every die summed, then doubled by the own strategy, halved by" in flat
        # the running total: fighters lost and waves won
        totals = app.screen.query_one(WaveSummary).section_text("totals")
        ghouls, ark = (line.split() for line in totals.splitlines()[2:4])
        assert ghouls[:3] == ["Zone-Ghouls", str(report.casualties[0].total), "1"]
        assert ark[:2] == ["The", "Ark"] and ark[2:4] == [str(report.casualties[1].total), "0"]


async def test_a_retaliation_sum_with_rolled_armour_is_never_cut_at_80_columns(tmp_path):
    battle = ghoul_strike_waves(1)
    dora = next(r for r in battle.game.reports[-1].retaliation[1] if r.person == 1)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(app, pilot)
        lines = app.screen.query_one(WaveSummary).section_text("retaliation").splitlines()
        sum_line = next(line for line in lines if "armour:" in line)
        assert sum_line.strip().startswith("armour:") and sum_line.endswith(f"= {dora.damage} damage")


async def test_retaliation_names_its_factors_and_marks_successes(tmp_path):
    battle = ghoul_strike_waves(1)
    report = battle.game.reports[-1]
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(app, pilot)
        text = app.screen.query_one(WaveSummary).section_text("retaliation")
        dora = next(r for r in report.retaliation[1] if r.person == 1)
        assert dora.factors == ("lost",) and dora.dice == 8
        assert "Dora  8 dice = 6 + Risk +1 +1 their faction lost this wave" in text
        shown = [f" {'☢' if face == 6 else face} " for face in dora.faces]
        assert " ".join(shown).rstrip() in text
        assert dora.successes and len(dora.armour_faces) == 1  # hit: her armour 1 is rolled
        assert f"{dora.successes} ☢ − armour {dora.stopped} ☢ of 1 = {dora.damage} damage" in text
        assert "Hook  only helped: same as Dora" in text  # the helper rolls nothing
        ark = app.screen.query_one(WaveSummary).section_text("ark")
        assert report.ark_roll == (1, 3, None)
        assert "The Ark lost the wave: the Support die shows 3 → no project is lost" in ark


@pytest.mark.covers("summary.previous", "summary.next", "summary.first", "summary.last")
async def test_paging_between_two_waves(tmp_path):
    battle = ghoul_strike_waves(2)
    first, second = battle.game.reports
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_summary(app, pilot)
        assert screen.page == 1  # the latest wave first
        assert page_bar(app).startswith("Wave 2") and "latest" in page_bar(app)
        assert "The battle is over: Zone-Ghouls routed; The Ark holds the field." in page(app)
        assert "Zone-Ghouls: CONFUSED, routed, leader captured" in page(app)
        # the battle is over: no "next wave" to speak of on its last page
        assert "What the last wave changed" in page(app) and "For the next wave" not in page(app)
        assert screen.check_action("next", ()) is None and screen.check_action("last", ()) is None
        await pilot.press("left")
        assert screen.page == 0 and page_bar(app).startswith("Wave 1")
        assert "The battle is over" not in page(app)
        assert "For the next wave" in page(app)
        assert "Running total after wave 1" in page(app)
        assert screen.check_action("previous", ()) is None and screen.check_action("next", ()) is True
        await pilot.press("left")  # greyed out: stays on the first wave
        assert screen.page == 0
        await pilot.press("right_square_bracket")
        assert screen.page == 1
        await pilot.press("left_square_bracket", "end")
        assert screen.page == 1
        await pilot.press("home")
        assert screen.page == 0
        await pilot.press("right")
        assert screen.page == 1
        # the running total adds both waves up
        totals = running_totals((first, second))
        assert totals.lost == (first.casualties[0].total + second.casualties[0].total, first.casualties[1].total + second.casualties[1].total)
        assert totals.won == (1, 1)
        text = app.screen.query_one(WaveSummary).section_text("totals")
        assert "Running total after wave 2" in text
        ghouls, ark = (line.split() for line in text.splitlines()[2:4])
        assert ghouls[1:3] == [str(totals.lost[0]), "1"]
        assert ark[2:4] == [str(totals.lost[1]), "1"]


async def test_a_long_page_scrolls_from_the_keyboard(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(app, pilot)
        scroll = app.screen.query_one(SummaryScroll)
        assert scroll.has_focus and scroll.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("up")
        await pilot.pause()
        await pilot.press("pageup", "pageup")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y > 0


async def test_the_page_follows_the_battle_and_undo(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_summary(app, pilot)
        assert screen.page == 1
        app.act(lambda b: b.undo())  # wave 2's End phase undone
        await pilot.pause()
        assert screen.page == 0 and page_bar(app).startswith("Wave 1")
        app.act(lambda b: b.redo())  # and back: the latest wave shows again
        await pilot.pause()
        assert screen.page == 1
        await pilot.press("home")
        app.act(lambda b: b.undo())
        app.act(lambda b: b.redo())
        await pilot.pause()
        assert screen.page == 0  # an older page stays put


async def test_user_text_is_never_markup(tmp_path):
    battle = ghoul_strike_waves(1, names=("Ogre[/]", "[@click=app.quit]x[/]"))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(app, pilot)
        text = page(app)
        assert "Ogre[/] wins the wave" in text
        assert "Ogre[/]: 4 fighters killed" in text
        assert "[@click=app.quit]x[/]: 30 fighters killed" in text
        assert app.is_running


async def test_german_labels(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(2), language="de")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(app, pilot)
        text = page(app)
        for words in ("Ergebnis", "Verluste", "Vergeltung", "Zustände", "Was die letzte Welle verändert hat", "Gesamtstand nach Welle 2", "Die Schlacht ist vorbei: Zone-Ghouls ist geflohen; The Ark behauptet das Feld."):
            assert words in text
        assert "Zone-Ghouls: VERWIRRT, flieht, Anführer gefangen" in text
        assert "Überwältigender Sieg" in text
        assert page_bar(app).startswith("Welle 2")
        await pilot.press("left")
        text = page(app)
        assert "The Ark: 30 Kämpfer gefallen" in text
        assert "2W6 je noch liegendem Fehlschlag: 2 ☠" in text
        assert "Dora  8 Würfel = 6 + Risiko +1 +1 die eigene Fraktion hat diese Welle verloren" in text
        assert "hat nur geholfen: wie Dora" in text


async def test_before_any_wave_ends_the_page_says_what_will_come(tmp_path):
    app = make_app(tmp_path, ghoul_strike())  # the roller only: no wave yet
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_summary(app, pilot)
        empty = str(screen.query_one("#empty").render())
        assert "No wave has ended yet" in empty and "after the End phase" in empty
        assert "has not reached its first wave" in empty
        assert not screen.query_one(WaveSummary).display
        for action in ("previous", "next", "first", "last"):
            assert screen.check_action(action, ()) is None
        await pilot.press("left", "right", "home", "end")
        assert screen.page == -1


async def test_during_the_first_wave_the_page_names_the_phase(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_summary(app, pilot)
        assert "Now: wave 1, Risk phase." in str(screen.query_one("#empty").render())


async def test_margin_steps_are_shown(tmp_path):
    battle = ghoul_strike_waves(1)
    report = battle.game.reports[-1]
    doubled = replace(report, outcome=replace(report.outcome, margin_steps=(("myz.margin.multiplied", 4),), margin=4, row="overwhelming"))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_summary(app, pilot)
        summary = screen.query_one(WaveSummary)
        summary.view = replace(summary.view, reports=(doubled,))
        await pilot.pause()
        text = summary.section_text("result")
        assert "Margin of victory: 2 ☢" in text
        assert "Feinted Attack doubles the margin → 4" in text
        assert "Overwhelming Victory" in text


async def test_ascii_glyphs(tmp_path):
    app = make_app(tmp_path, ghoul_strike_waves(1), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_summary(app, pilot)
        text = page(app)
        assert "☢" not in text and "☠" not in text and "⚙" not in text
        assert "2D6 per bane still showing: 2 X" in text


async def test_rarer_lines_a_retreat_a_broken_leader_a_lost_project(tmp_path):
    battle = ghoul_strike_waves(1)
    report = battle.game.reports[-1]
    marlotte = replace(report.retaliation[1][0], damage=4, broken=True, reduction=1)
    rare = replace(
        report,
        strategies=("total_attack", "fighting_retreat"),
        outcome=replace(report.outcome, successes=(0, 2), leader=1, winner=None, margin_steps=(("myz.margin.cannot_win", 0),), margin=0, row="inconclusive"),
        retaliation=(report.retaliation[0], (marlotte, *report.retaliation[1][1:])),
        broken_leaders=(False, True),
        ark_roll=(1, 1, "defenses"),
    )
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_summary(app, pilot)
        summary = screen.query_one(WaveSummary)
        summary.view = replace(summary.view, reports=(rare,))
        await pilot.pause()
        text = summary.text()
        assert "The Ark rolled more ☢ but cannot win while retreating: nobody wins the wave" in text
        assert "a retreating force cannot win: no margin → 0" in text
        assert "− shelter 1 = 4 damage  BROKEN" in text
        assert "The Ark's leader is broken: the next in command rolls COMMAND or MANIPULATE at −3" in text
        assert "the Support die shows 1 ⚙☠ → Defenses is destroyed" in text


async def test_a_wave_without_an_end_phase_has_its_own_page(tmp_path):
    from tests.core.myz.kit import army, choose, end_wave, fight, risks, start, support_none, to_battle
    from tui.core.systems.myz import events as ev
    from tui.ui.myz.wave import WaveScreen

    battle = start(army(3), army(3))
    risks(battle)
    choose(battle, "attack", "parley")
    battle.record(ev.AnswerParley(accept=True))  # wave 1: a truce
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "attack")  # wave 2: fought to its End phase
    fight(battle, {"successes": 1}, {})
    support_none(battle)
    end_wave(battle)
    battle.record(ev.NextWave())
    risks(battle)
    choose(battle, "fighting_retreat", "defense")  # wave 3: a Null Battle ends it
    assert battle.game.stage == "over"
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, WaveScreen)
        assert "after 3 waves" in str(app.screen.query_one("#track").render())
        screen = await open_summary(app, pilot)
        assert screen.pages == 3
        bar = str(screen.query_one("#page-bar").render())
        assert "Wave 3" in bar and "3 of 3" in bar
        empty = str(screen.query_one("#empty").render())
        assert "Wave 3 was a Null Battle" in empty and "Null Battle: the retreating forces fall back" in empty
        await pilot.press("home")
        await pilot.pause()
        assert "Wave 1 ended in a truce" in str(screen.query_one("#empty").render())
        await pilot.press("right")
        await pilot.pause()
        assert screen.query_one(WaveSummary).display and not screen.query_one("#empty").display
        assert "Wave 2" in str(screen.query_one("#page-bar").render())


async def test_a_wave_finished_while_away_from_an_older_page_is_the_page_on_return(tmp_path):
    battle = ghoul_strike_waves(2)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the summary, as the GM opens it
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and screen.page == 1
        await pilot.press("left")
        await pilot.pause()
        assert screen.page == 0
        app.act(lambda b: b.undo())  # back before the second End phase
        await pilot.pause()
        await pilot.press("w")  # to the battle, where the wave is played again
        await pilot.pause()
        app.act(lambda b: b.redo())
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen and screen.page == 1
        assert "Wave 2" in str(screen.query_one("#page-bar").render())


async def test_the_next_wave_page_gives_the_battle_level_the_fighters_killed_suggest(tmp_path):
    """The ☠ dice already took Blue from 4 to 1; 35+ fighters killed suggest
    one level less: the page says it, and the next-wave dialog offers it."""
    from tests.core.myz.kit import army, end_wave, fight, start, support_none, to_battle
    from tui.core.systems.myz.after_battle import suggested_battle_levels

    battle = start(army(4), army(4))
    to_battle(battle, "attack", "attack")
    fight(battle, {"successes": 1}, {"banes": 3})
    support_none(battle)
    end_wave(battle, default=6)
    assert battle.game.forces[1].battle_level == 1 and suggested_battle_levels(battle.game)[1] == 0
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_summary(app, pilot)
        changes = app.screen.query_one(WaveSummary).section_text("changes")
        assert "Battle Level 4 → 1" in changes
        assert "fighters killed suggest Battle Level 1 → 0 (1 per 35): set when the next wave starts" in changes
        assert changes.count("fighters killed suggest") == 1  # Red lost nobody
