"""What the wave screen tells the GM between steps: the Reconnaissance and
initiative as they came out, an action's effect in words, and what a
strategy does while it is highlighted."""

from __future__ import annotations

from textual.widgets import Static

from tui.core.systems.myz import events as ev
from tui.core.systems.myz.steps import next_step
from tui.ui.glyphs import UNICODE
from tui.ui.shell.dialogs import ChoiceDialog
from tui.ui.myz.wave_text import before_battle_text
from tui.ui.myz.widgets.force_card import action_text

from tests.ui.scenes import make_app
from tests.ui.myz.waves import ghoul_strike_waves


def _to_strategies():
    """The Ghoul Strike in wave 1, Risk set, before the strategies."""
    battle = ghoul_strike_waves(0)
    battle.record(ev.SetRisk(side=1, risks=(0, 1, 0, -1)))
    battle.record(ev.SetRisk(side=0, risks=(0,)))
    return battle


def test_the_reconnaissance_and_a_typed_initiative_are_told():
    game = _to_strategies().game
    text = before_battle_text(game, UNICODE).plain
    assert "Reconnaissance: Zone-Ghouls 3 ☢ against The Ark 1 ☢" in text
    assert "Zone-Ghouls wins by 2: a surprise attack, +2 Strategy dice in wave 1." in text
    assert "Zone-Ghouls set an ambush" in text
    assert "Initiative set by the GM: The Ark acts first." in text


def test_rolled_initiative_shows_every_pair_of_dice():
    battle = ghoul_strike_waves(0)
    while battle.game.stage != "initiative":
        battle.undo()
    battle.roll_initiative()
    faces = battle.game.initiative_faces
    assert len(faces) >= 2 and len(faces) % 2 == 0
    text = before_battle_text(battle.game, UNICODE).plain
    assert f"{faces[-2]}–{faces[-1]}" in text
    assert f"{battle.game.names[battle.game.first]} acts first" in text


def test_a_commando_names_only_what_it_did():
    battle = _to_strategies()
    battle.record(ev.ChooseStrategy(side=1, strategy="rally"))
    battle.record(ev.ChooseStrategy(side=0, strategy="attack"))
    battle.record(ev.Action(side=1, action="commando", check=ev.SkillCheck(person=1, skill="sneak", typed=2), support_pairs=1))
    game = battle.game
    text = action_text(game.wave.actions[1], game.forces[1].army, game, UNICODE)
    assert text == "Dora: 2 ☢ → 1 enemy Support die set aside"
    assert "−0" not in text and "-0" not in text


async def test_the_highlighted_strategy_says_what_it_does(tmp_path):
    app = make_app(tmp_path, _to_strategies())
    async with app.run_test(size=(80, 24)) as pilot:
        assert next_step(app.battle.game).kind == "strategy"
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        detail = dialog.query_one(".choice-detail", Static)
        # the CONFUSED Ark can only rally or retreat: Rally is highlighted first
        assert "ends the CONFUSION" in str(detail.render())
        await pilot.press("down")
        await pilot.pause()
        # ↓ lands on the next row, closed or not: Parley, closed while CONFUSED, still says what it does
        assert str(detail.render()).startswith("Offer a truce")
        await pilot.press("down", "down")
        await pilot.pause()
        # past Fighting Retreat (closed too) to Full Retreat
        assert str(detail.render()).startswith("+4 Strategy dice (+2 if CONFUSED)")


def test_the_card_names_the_next_in_command_once_the_leader_broke():
    from tests.core.myz.kit import army, end_script, end_wave, fight, leader, start, support_none, to_battle
    from tui.core.systems.myz.army import Person
    from tui.ui.myz.widgets.force_card import ForceView, force_text

    people = (leader("Marlotte", strength=2), Person(name="Otto", skills={"command": "3b1s"}))
    battle = start(army(3, people=people), army(3))
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle, *end_script(battle.game, retaliation=(6, 6)))
    battle.record(ev.NextInCommand(side=0, person=1, check=ev.SkillCheck(skill="command", typed=1)))
    card = force_text(ForceView(battle.game, 0, UNICODE, "en")).plain.splitlines()
    assert card[1].startswith("Otto · ")
    assert "Marlotte 2/2 broken" in " ".join(card)
    # next wave: the broken leader rolls nothing, so the Risk line leaves her out
    battle.record(ev.NextWave())
    battle.record(ev.SetRisk(side=0, risks=(0, 1)))
    risk_line = next(line for line in force_text(ForceView(battle.game, 0, UNICODE, "en")).plain.splitlines() if line.startswith("Risk"))
    assert "Otto +1" in risk_line and "Marlotte" not in risk_line


async def test_a_fighting_retreat_that_rolls_more_is_not_called_the_winner(tmp_path):
    """"Can't win this Wave": the battle panel and the roller say nobody
    wins, as the summary does, not "wins by 2"."""
    from tests.core.myz.kit import army, fight, start, to_battle
    from tui.ui.myz.roller import RollerScreen
    from tui.ui.myz.wave_text import battle_roll_text
    from tui.ui.myz.widgets.result_bar import ResultBar

    battle = start(army(3), army(3))
    to_battle(battle, "fighting_retreat", "attack")
    fight(battle, {"successes": 3}, {"successes": 1})
    text = battle_roll_text(battle.game, UNICODE).plain
    assert "Red rolled more ☢ but cannot win while retreating: nobody wins the wave" in text and "wins by" not in text
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.switch_mode("roller")
        await pilot.pause()
        assert isinstance(app.screen, RollerScreen)
        bar = str(app.screen.query_one(ResultBar).render())
        assert "cannot win while retreating" in bar and "wins by" not in bar
        # r on the battle screen shows the settled roll too, as F5 does
        await pilot.press("w")
        await pilot.pause()
        assert not isinstance(app.screen, RollerScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollerScreen)


def test_a_pushed_check_with_banes_says_what_the_core_rules_cost():
    from tests.core.myz.kit import army, start
    from tui.core.dice.skill_roll import SkillPool
    from tui.ui.myz.check_flows import roll_lines

    battle = start(army(3), army(3))
    check = ev.SkillCheck(person=0, skill="command", faces=(1, 3), pushed=(2,))
    lines = [line.plain for line in roll_lines(battle, SkillPool(2, 0, 0), check, UNICODE)]
    assert any(line.startswith("Pushed: 1 ☠ on base dice: that much damage (trauma)") for line in lines)
    unpushed = ev.SkillCheck(person=0, skill="command", faces=(1, 3))
    assert not any("Pushed:" in line.plain for line in roll_lines(battle, SkillPool(2, 0, 0), unpushed, UNICODE))


def test_the_card_lists_an_ark_project_that_gives_support_dice():
    from tests.core.myz.kit import army, start
    from tui.ui.myz.widgets.force_card import ForceView, force_text

    battle = start(army(3, defends_ark=True, ark_projects=("arsenal", "defenses")), army(3))
    gear_line = next(line for line in force_text(ForceView(battle.game, 0, UNICODE, "en")).plain.splitlines() if line.startswith("⚙"))
    assert "Arsenal" in gear_line
