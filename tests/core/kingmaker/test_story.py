"""A Kingmaker battle in words: the story in the reader's language, the
Markdown report with the mat drawn in ASCII, and what players may see."""

from __future__ import annotations

from tests.core.kingmaker.kit import counter, muster, set_up, step, to_phase
from tests.core.kingmaker.test_combat import attack, clash, fleeing_knights
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.mat import Block
from tui.core.systems.kingmaker.story import markdown_report, note_text, standing_text


def test_the_report_draws_the_mat_and_tells_the_story_in_both_languages():
    battle = clash()
    attack(battle, "knights", "warband", 15, 20)
    english = markdown_report(battle.game, "Ashwater Ford", "en")
    assert "# Ashwater Ford" in english and "## The mat" in english
    assert " 6 . . . . . . . . . . Av" in english          # the knights, facing south, at 10,6
    assert " 7 . . . . . . . . . . C^C^" in english        # the warband's front rank at row 7
    assert "attacks Rivenhold Warband: 15 20 (+4 vs 15), 2 of 2 hit, 9 damage" in english
    german = markdown_report(battle.game, "Ashwater Ford", "de")
    assert "## Die Karte" in german and "greift „Rivenhold Warband“ an: 15 20 (+4 gegen 15), Treffer 2 von 2, 9 Schaden" in german


def test_names_stay_plain_text_in_the_report():
    battle = muster()
    battle.record(ev.SetArmy(army=Army(key="ogres", name="Ogre[/] *bold*", side=1, cr="2", troops=100)))
    report = markdown_report(battle.game, "[@click=app.quit]x[/]", "en")
    assert "Ogre\\[/\\] \\*bold\\*" in report
    assert "\\[@click=app.quit\\]x\\[/\\]" in report


def test_tactic_names_follow_the_readers_language():
    battle = set_up(muster())
    from tests.core.kingmaker.kit import begin_turn

    begin_turn(battle)
    battle.record(ev.SwitchTactic(counter=counter(battle), key="knights", tactic="withdraw"))
    note = battle.game.notes.latest(1)[0]
    from tui.core.i18n import set_language

    assert note_text(battle.game, note) == "Knights of Ostmark switches to Withdraw"
    set_language("de")
    assert note_text(battle.game, note) == "Knights of Ostmark wechselt zu Absetzen"


def test_where_each_unit_ended_its_move_is_told():
    """By its front rank (the square it faces from), not its block's corner."""
    from tests.core.kingmaker.kit import begin_turn

    battle = set_up(muster())
    begin_turn(battle)
    to_phase(battle, "movement")
    step(battle, "knights", "forward", "forward")
    battle.record(ev.EndStep())
    note = battle.game.notes.latest(1)[0]
    assert note_text(battle.game, note) == "Knights of Ostmark ends its move with its front at 10,5, facing south"
    step(battle, "warband", "forward")
    battle.record(ev.EndStep())
    told = [note_text(battle.game, n) for n in battle.game.notes.latest(3)]
    assert "Rivenhold Warband ends its move with its front at 10-11,8, facing north" in told
    # facing south, a block's corner is its rear rank
    assert Block(10, 5, 2, 2, "s").front_text == "10-11,6" and Block(3, 4, 2, 3, "e").front_text == "5,4-5"


def test_the_muster_says_what_changed_in_an_army():
    from tests.core.kingmaker.kit import KNIGHTS

    battle = muster()
    battle.record(ev.SetArmy(army=KNIGHTS.model_copy(update={"name": "Riders", "side": 1})))
    battle.record(ev.SetArmy(army=KNIGHTS.model_copy(update={"name": "Riders", "side": 1, "morale": 2, "speed": 5, "tactics": ("expert_flankers",)})))
    battle.record(ev.SetArmy(army=KNIGHTS.model_copy(update={"name": "Riders", "side": 1, "morale": 2, "speed": 5, "tactics": ("expert_flankers",)})))
    told = [note_text(battle.game, n) for n in battle.game.notes.latest(4)]
    assert told == [
        "Knights of Ostmark is now called Riders",
        "Riders now fights for Rivenhold",
        "Riders: tactics, the GM's numbers, own Morale changed",
        "Riders: nothing changed",
    ]


def test_the_generals_rolls_name_the_winning_general():
    battle = set_up(muster())
    lines = [note_text(battle.game, n) for n in battle.game.notes]
    # Ostmark's general is Ser Ilsa (Profession (soldier) 5): 15 + 5 against Vorn's 3 + 5.
    assert "The generals roll for setup: Ser Ilsa wins it for Ostmark, 20 against 8" in lines


def test_a_checks_line_shows_the_die_beside_its_total():
    import re

    from tests.core.kingmaker.test_combat import fleeing_knights

    battle = fleeing_knights()
    lines = [note_text(battle.game, n) for n in battle.game.notes]
    fled = next(line for line in lines if "flees at the Bloodied threshold" in line)
    # The knights rolled 7: the line gives the die and what was added, so the GM can check it.
    found = re.search(r"\(Morale (-?\d+) \(7([+-]\d+)\) vs 15\)", fled)
    assert found is not None and int(found[1]) == 7 + int(found[2])


def test_a_general_whose_army_is_out_commands_no_more():
    from tui.core.frozen import replace

    battle = set_up(muster())
    state = battle.game
    assert state.general(0).key == "knights"          # Ser Ilsa, Profession (soldier) 5
    gone = state.with_unit("knights", replace(state.unit("knights"), standing="defeated"))
    assert gone.general(0).key == "archers"           # Hob takes over


def test_damage_still_to_land_shows_beside_the_hp():
    battle = fleeing_knights()
    to_phase(battle, "movement")
    step(battle, "knights", "turn_left", "turn_left")
    assert standing_text(battle.game, "knights") == "5/11 hp · Fleeing"
    battle.record(ev.Move(counter=counter(battle), key="knights", step="forward", hacks=(ev.Hack(by="warband", face=15),)))
    assert standing_text(battle.game, "knights") == "5/11 hp · −4 due · Fleeing"
