"""Every key of the zone board in battle and every entry of its action
menus, by keys on a battle brought to that point with the test kit: the
event it records and what changes on the board."""

from __future__ import annotations

import pytest

from tests.core.fate.kit import HIGH, LOW, ZERO, act, end, fight, roll
from tests.ui.fate.play import assert_saved, choose, cursor_to, fate_app, type_line, wait_for
from tests.ui.menu_play import pick
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.chances import roll_chances
from tui.core.systems.fate.contest import defence_skill
from tui.ui.fate.army_dialogs import UnitDialog
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog, TextDialog
from tui.ui.shell.odds import fudge_odds_note

NEAR = {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}
"""Pikes and Scouts on the Hill, the Orcs next door in the Meadow, Goblins beyond."""
CLEAR = {"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"}


def _last(app):
    return app.battle.history.events[app.battle.history.cursor - 1]


async def _press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def _through(app, pilot, text: str = "", number: str = "") -> None:
    """Answer the dialogs that follow a choice: a skill (the best, proposed),
    a difficulty (as proposed, or ``number``), an aspect (``text``, or as proposed)."""
    for _ in range(6):
        screen = app.screen
        if isinstance(screen, NumberDialog):
            await _press(pilot, *(("ctrl+a", "ctrl+k", *number) if number else ()), "enter")
        elif isinstance(screen, TextDialog):
            if text:
                await type_line(app, pilot, text)
            else:
                await _press(pilot, "enter")
        elif isinstance(screen, ChoiceDialog) and screen.menu is None:
            await _press(pilot, "enter")
        else:
            return


async def _dash_to_the_woods(app, pilot) -> None:
    """o with the cursor on the Woods, then "move farther" (a dash)."""
    await cursor_to(app, pilot, "woods")
    await _press(pilot, "o")
    await pick(app, pilot, "dash")


# -- a turn ---------------------------------------------------------------------------


@pytest.mark.covers("fate.activate", "fate.move")
async def test_v_activates_and_m_takes_the_free_move(tmp_path):
    app = fate_app(tmp_path, fight(CLEAR, aspects=()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "meadow")  # v takes the unit under the cursor
        await _press(pilot, "v")
        if isinstance(app.screen, ChoiceDialog):
            await choose(app, pilot, "Pikes of Brannock")
        assert app.battle.game.activation.actor == "u1"
        await cursor_to(app, pilot, "woods")
        await _press(pilot, "m")
        assert _last(app) == ev.Move(to="woods")
        assert app.battle.game.zone_of("u1") == "woods" and app.battle.game.zone_of("l1") == "woods"
        assert_saved(app)


@pytest.mark.covers("fate.overcome", "fate.overcome.enter")
async def test_o_enters_an_enemy_zone_by_an_overcome(tmp_path):
    battle = fight(NEAR)
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "meadow")
        await _press(pilot, "o")
        await pick(app, pilot, "enter")
        await _through(app, pilot)
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "enter" and rolled.path == ("meadow",) and rolled.defender == "u3"


@pytest.mark.covers("fate.enter_opposition.defender", "fate.enter_opposition.terrain")
@pytest.mark.parametrize("entry", ["defender", "terrain"])
async def test_entering_enemies_in_hindering_terrain_the_gm_picks_the_opposition(tmp_path, entry):
    # RULES-NOTES: "Either way": the defender opposes, or the GM applies the terrain instead
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "hill"})
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "woods")
        await _press(pilot, "o")
        await pick(app, pilot, "enter")
        await _through(app, pilot)  # the skill
        dialog = await wait_for(app, pilot, ChoiceDialog)
        terrain = next(c for c in dialog._choices if c.value is True)
        assert terrain.label == "the terrain instead: difficulty Fair (+2) (1 hindering aspect)"
        await pick(app, pilot, entry)
        await _through(app, pilot)  # the defence skill, if asked
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "enter"
        contest = app.battle.game.contest
        if entry == "terrain":
            assert rolled.defender is None and contest.defence is None and contest.difficulty == 2
            assert any(note.key == "fate.note.terrain_instead" for note in app.battle.game.notes)
        else:
            assert rolled.defender == "u3" and contest.defence.who == "u3"


@pytest.mark.covers("fate.overcome.dash")
async def test_o_dashes_two_zones_against_the_gms_difficulty(tmp_path):
    battle = fight(CLEAR, aspects=())
    act(battle, "u2")  # the Scouts on the Hill; the Woods are two zones off, through the Meadow
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _dash_to_the_woods(app, pilot)
        await _through(app, pilot, number="1")
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "dash" and rolled.path == ("meadow", "woods") and rolled.difficulty == 1


def _pikes_pinned(places):
    """The Goblins (u4) pin the Pikes (u1) down; the Pikes act next."""
    battle = fight(places, first=1)
    act(battle, "u4")
    roll(battle, "advantage", "u4", "shoot", faces=(1, 1, 0, 0), use="pinned_down", target="u1", aspect="Pinned Down")
    battle.record(ev.Resolve())
    if battle.game.activation is not None:
        end(battle)
    act(battle, "u1")
    return battle


@pytest.mark.covers("fate.overcome.break_pin")
async def test_o_breaks_a_pin(tmp_path):
    battle = _pikes_pinned({"u1": "meadow", "u2": "woods", "u3": "woods", "u4": "hill"})
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "ford")
        await _press(pilot, "o")
        await pick(app, pilot, "break_pin")
        await _through(app, pilot)
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "break_pin" and rolled.path == ("ford",)
        assert app.battle.game.contest.defence.who == "u4"  # the shooter opposes


async def test_o_breaks_a_pin_into_a_zone_with_enemies_and_terrain_in_one_roll(tmp_path):
    battle = _pikes_pinned({"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "hill"})
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "woods")
        await _press(pilot, "o")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert next(c for c in dialog._choices if c.menu_entry == "break_pin").closed is None
        await pick(app, pilot, "break_pin")
        await _through(app, pilot)
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "break_pin" and rolled.path == ("woods",)
        defence = app.battle.game.contest.defence
        assert defence.who == "u4" and dict(defence.bonuses) == {"terrain": 2, "zone_enemies": 1}
        from tui.ui.fate.text import contest_lines

        shown = " ".join(line.plain for line in contest_lines(app.battle.game, app.battle.game.contest))
        assert "hindering terrain +2" in shown and "enemies in the zone +1" in shown


@pytest.mark.covers("fate.attack")
async def test_a_attacks_a_unit_in_range(tmp_path):
    battle = fight(NEAR, first=1)
    act(battle, "u3")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "a")
        await choose(app, pilot, "Pikes of Brannock")
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "attack" and rolled.target == "u1" and rolled.skill == "shoot"  # next door
        assert app.battle.game.contest.defence.who == "u1"


async def test_the_gm_sees_the_chances_of_each_target_before_the_dice(tmp_path):
    """RULES-NOTES (Fate, settled after the second audit): choosing a target
    shows the chances of each outcome, with the invokes on offer, before
    the roll; the numbers are the core's for the roll that would be made."""
    battle = fight(NEAR, first=1)
    act(battle, "u3")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(app.battle.history.events)
        await _press(pilot, "a")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        pikes = next(c for c in dialog._choices if c.label == "Pikes of Brannock")
        state = app.battle.game
        skill = pikes.value[1]
        chances = roll_chances(state, "attack", "u3", skill, target="u1", defender="u1", defence_skill=defence_skill(state, "u1", skill), aspect="x")
        assert pikes.detail == "Before the dice: " + fudge_odds_note(chances)
        assert len(app.battle.history.events) == before  # nothing rolled yet
        # the line is on screen under the list while the target is highlighted
        assert "Before the dice: fail" in str(app.screen.query(".choice-detail").first().render())


async def test_a_target_the_unit_has_no_skill_for_is_offered_at_mediocre(tmp_path):
    battle = fight(NEAR)
    act(battle, "u1")  # the Pikes: no Shoot, the Orcs next door
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "a")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Black Orcs"] is None  # Shoot at Mediocre (+0), as in Fate Core


@pytest.mark.parametrize("strict", [False, True])
async def test_an_overcome_offers_every_skill_at_mediocre_unless_the_house_rule_says_only_the_card(tmp_path, strict):
    from tests.core.fate.kit import RULES

    rules = RULES.model_copy(update={"actions": RULES.actions.model_copy(update={"listed_skills_only": strict})})
    battle = fight(CLEAR, aspects=(), ruleset=rules)
    act(battle, "u2")  # the Scouts: Stealth only
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _dash_to_the_woods(app, pilot)
        dialog = await wait_for(app, pilot, ChoiceDialog)
        offered = [(c.label, c.note) for c in dialog._choices]
        assert offered[0] == ("Stealth", "+1")
        if strict:
            assert len(offered) == 1
        else:
            assert ("Athletics", "+0") in offered and len(offered) == len(rules.skills)
            await choose(app, pilot, "Athletics")
            await _through(app, pilot, number="1")
            rolled = _last(app)
            assert isinstance(rolled, ev.Roll) and rolled.skill == "athletics"


async def test_under_the_house_rule_a_target_the_unit_has_no_skill_for_is_greyed_with_why(tmp_path):
    from tests.core.fate.kit import RULES

    strict = RULES.model_copy(update={"actions": RULES.actions.model_copy(update={"listed_skills_only": True})})
    battle = fight(NEAR, ruleset=strict)
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "a")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        closed = {c.label: c.closed for c in dialog._choices}
        assert closed["Black Orcs"] == "Pikes of Brannock has no Shoot: a unit or leader acts only with the skills on its card"


@pytest.mark.covers("fate.second_action", "fate.second_action.leader", "fate.second_action.fate_point")
@pytest.mark.parametrize("source", ["leader", "fate_point"])
async def test_2_takes_a_second_action(tmp_path, source):
    battle = fight(NEAR)
    act(battle, "u1" if source == "leader" else "u2")  # the Scouts have no leader: a fate point
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        points = app.battle.game.fate_points[0]
        await _press(pilot, "2")
        await pick(app, pilot, source)
        assert _last(app) == ev.SecondAction(source=source)
        assert app.battle.game.activation.extra == source
        assert app.battle.game.fate_points[0] == points - (1 if source == "fate_point" else 0)


# -- create an advantage --------------------------------------------------------------------


@pytest.mark.covers("fate.advantage.ambush", "fate.advantage.intimidate", "fate.advantage.pinned_down", "fate.advantage.scouting", "fate.advantage.other")
@pytest.mark.parametrize(("use", "actor", "places", "cursor", "skill"), [
    ("ambush", "u2", {"u1": "hill", "u2": "woods", "u3": "ford", "u4": "ford"}, "woods", "stealth"),
    ("intimidate", "u3", NEAR, "hill", "provoke"),
    ("pinned_down", "u4", {"u1": "meadow", "u2": "hill", "u3": "woods", "u4": "woods"}, "meadow", "shoot"),
    ("scouting", "u1", {"u1": "meadow", "u2": "hill", "u3": "hill", "u4": "hill"}, "woods", "notice"),
    ("", "u1", NEAR, "hill", None),
])
async def test_c_creates_each_advantage(tmp_path, use, actor, places, cursor, skill):
    battle = fight(places, first=1 if actor in ("u3", "u4") else 0)
    act(battle, actor)
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, cursor)
        await _press(pilot, "c")
        await pick(app, pilot, use or "other")
        await _through(app, pilot, text="Caught Off Guard", number="2")
        rolled = _last(app)
        assert isinstance(rolled, ev.Roll) and rolled.action == "advantage" and rolled.use == use and rolled.aspect == "Caught Off Guard"
        if skill:
            assert rolled.skill == skill
        if use in ("intimidate", "pinned_down"):
            assert rolled.defender is not None and rolled.target == rolled.defender
        if use == "scouting":
            assert rolled.target == "woods"


# -- resolving a roll -------------------------------------------------------------------------


def _attacked(attack=ZERO, defence=ZERO):
    """The Pikes attack the Orcs in the Meadow with chosen dice."""
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", faces=attack, defence=defence, target="u3", defender="u3", defence_skill="athletics", aspect="Momentum")
    return battle


@pytest.mark.covers("fate.resolve", "fate.hit.consequences")
async def test_r_resolves_a_hit_with_a_consequence(tmp_path):
    app = fate_app(tmp_path, _attacked(defence=(-1, 0, 0, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shifts = app.battle.game.contest.shifts
        assert 1 <= shifts < 3
        await _press(pilot, "r")
        await pick(app, pilot, "consequences")
        await type_line(app, pilot, "Bloodied Ranks")
        resolved = _last(app)
        assert isinstance(resolved, ev.Resolve) and resolved.absorb and resolved.names == ("Bloodied Ranks",)
        assert [c.text for c in app.battle.game.consequences_of("u3")] == ["Bloodied Ranks"]


@pytest.mark.covers("fate.hit.taken_out")
async def test_r_a_hit_can_take_the_unit_out(tmp_path):
    app = fate_app(tmp_path, _attacked(defence=(-1, 0, 0, 0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "r")
        await pick(app, pilot, "taken_out")
        assert _last(app).taken_out
        assert app.battle.game.place("u3").out


@pytest.mark.covers("fate.attack_style.all_shifts", "fate.attack_style.boost")
@pytest.mark.parametrize("entry", ["all_shifts", "boost"])
async def test_an_attack_with_style_may_trade_a_shift_for_a_boost(tmp_path, entry):
    app = fate_app(tmp_path, _attacked(attack=HIGH, defence=LOW))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shifts = app.battle.game.contest.shifts
        assert shifts >= 3
        await _press(pilot, "r")
        await pick(app, pilot, entry)
        await pick(app, pilot, "taken_out")
        resolved = _last(app)
        assert resolved.boost is (entry == "boost")
        boosts = [a for a in app.battle.game.aspects if a.kind == "boost" and a.text == "Momentum"]
        assert bool(boosts) is (entry == "boost")


@pytest.mark.covers("fate.failed.fail", "fate.failed.at_cost")
@pytest.mark.parametrize("entry", ["fail", "at_cost"])
async def test_a_failed_overcome_fails_or_succeeds_at_a_cost(tmp_path, entry):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "ford", "u4": "ford"})
    act(battle, "u1")
    roll(battle, "enter", "u1", "athletics", faces=LOW, path=("woods",))
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.battle.game.contest.shifts < 0
        await _press(pilot, "r")
        await pick(app, pilot, entry)
        assert _last(app).at_cost is (entry == "at_cost")
        assert app.battle.game.zone_of("u1") == ("woods" if entry == "at_cost" else "meadow")


async def test_the_difficulty_dialog_shows_the_chances_as_the_gm_types(tmp_path):
    battle = fight(CLEAR, aspects=())
    act(battle, "u2")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _dash_to_the_woods(app, pilot)
        await _press(pilot, "enter")  # the skill proposed
        dialog = await wait_for(app, pilot, NumberDialog)
        state = app.battle.game
        skill = "stealth"
        live = lambda: str(dialog.query_one(".dialog-live").render())  # noqa: E731
        def expected(d: int) -> str:
            return "Before the dice: " + fudge_odds_note(roll_chances(state, "dash", "u2", skill, path=("meadow", "woods"), difficulty=d, aspect="Off Balance"))
        proposed = state.rules.overcome.move_difficulty
        assert live() == expected(proposed)
        await _press(pilot, "ctrl+a", "ctrl+k", "5")
        assert live() == expected(5) != expected(proposed)
        assert len(app.battle.history.events) == len(battle.history.events)  # nothing rolled yet


@pytest.mark.covers("fate.dash_style.two_zones", "fate.dash_style.boost")
@pytest.mark.parametrize(("entry", "zone"), [("two_zones", "woods"), ("boost", "meadow")])
async def test_a_dash_with_style_goes_two_zones_or_one_with_a_boost(tmp_path, entry, zone):
    battle = fight(CLEAR, aspects=())
    act(battle, "u2")
    roll(battle, "dash", "u2", "stealth", faces=HIGH, path=("meadow", "woods"), difficulty=0)
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "r")
        await pick(app, pilot, entry)
        assert _last(app).distance == (2 if entry == "two_zones" else 1)
        assert app.battle.game.zone_of("u2") == zone


# -- invokes -------------------------------------------------------------------------------------


@pytest.mark.covers("fate.invoke", "fate.invoke.bonus_free", "fate.invoke.bonus_paid", "fate.invoke.reroll_free", "fate.invoke.reroll_paid")
@pytest.mark.parametrize("entry", ["bonus_free", "bonus_paid", "reroll_free", "reroll_paid"])
async def test_i_invokes_an_aspect_for_a_bonus_or_a_reroll(tmp_path, entry):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u2")  # the Scouts hide on the Hill: an advantage with a free invoke for Ana's side
    roll(battle, "advantage", "u2", "stealth", faces=HIGH, use="", target="hill", difficulty=0, aspect="Hidden Paths")
    battle.record(ev.Resolve())
    if battle.game.activation is not None:
        end(battle)
    act(battle, "u3")
    end(battle)
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="athletics", aspect="Momentum")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game.contest.active.total
        points = app.battle.game.fate_points[0]
        await _press(pilot, "i")
        await choose(app, pilot, "Pikes of Brannock")  # for the attack, not the defence
        dialog = await wait_for(app, pilot, ChoiceDialog)
        wanted = "Hidden Paths" if entry.endswith("_free") else "Hold the Line"
        await choose(app, pilot, wanted)
        await pick(app, pilot, entry)
        invoke = _last(app)
        assert isinstance(invoke, ev.Invoke) and invoke.reroll is entry.startswith("reroll") and invoke.free is entry.endswith("_free")
        assert app.battle.game.fate_points[0] == points - (0 if entry.endswith("_free") else 1)
        if entry.startswith("bonus"):
            assert app.battle.game.contest.active.total == before + 2
        assert dialog is not None


async def test_two_free_invokes_of_one_aspect_stack_on_one_roll(tmp_path):
    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u2")
    roll(battle, "advantage", "u2", "stealth", faces=HIGH, use="", target="hill", difficulty=0, aspect="Hidden Paths")
    battle.record(ev.Resolve())
    if battle.game.activation is not None:
        end(battle)
    act(battle, "u3")
    end(battle)
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="athletics", aspect="Momentum")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hidden = next(a for a in app.battle.game.aspects if a.text == "Hidden Paths")
        assert hidden.free == (2, 0)  # with style: two free invokes
        before = app.battle.game.contest.active.total
        for _ in range(2):
            await _press(pilot, "i")
            await choose(app, pilot, "Pikes of Brannock")
            await wait_for(app, pilot, ChoiceDialog)
            await choose(app, pilot, "Hidden Paths")
            await pick(app, pilot, "bonus_free")
        assert app.battle.game.contest.active.total == before + 4
        assert next(a for a in app.battle.game.aspects if a.text == "Hidden Paths").free == (0, 0)


# -- fate points and conceding --------------------------------------------------------------------


@pytest.mark.covers("fate.gm_fate_points", "fate.gm.fate_points")
async def test_f_the_gm_gives_fate_points(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        points = app.battle.game.fate_points[1]
        await _press(pilot, "f")
        await pick(app, pilot, "fate_points")
        await choose(app, pilot, "GM")
        await wait_for(app, pilot, NumberDialog)
        await _press(pilot, "ctrl+a", "ctrl+k", "2", "enter")
        assert _last(app) == ev.FatePoints(player=1, change=2)
        assert app.battle.game.fate_points[1] == points + 2


@pytest.mark.covers("fate.gm.defeat_leader")
async def test_f_a_leader_defeated_off_the_dice_counts_for_the_player_who_did_it(tmp_path):
    """The text's Winning: a leader defeated "by persuading them to surrender
    or switch sides, or whatever" earns the player a fate point."""
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "f")
        await pick(app, pilot, "defeat_leader")
        await choose(app, pilot, "Grak")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert [c.label for c in dialog._choices] == ["Ana"]  # only an enemy of Grak's side
        await choose(app, pilot, "Ana")
        assert _last(app) == ev.DefeatLeader(leader="l2", by=0)
        assert app.battle.game.place("l2").out


@pytest.mark.covers("fate.gm.remove_aspect")
async def test_f_the_gm_strikes_an_aspect_from_play(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        forest = next(a for a in app.battle.game.aspects if a.text == "Dense Forest")
        await _press(pilot, "f")
        await pick(app, pilot, "remove_aspect")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        assert [c.label for c in dialog._choices] == ["Dense Forest"]  # not the cards' own aspects
        await choose(app, pilot, "Dense Forest")
        assert _last(app) == ev.RemoveAspect(aspect=forest.id)
        assert all(a.text != "Dense Forest" for a in app.battle.game.aspects)
        await _press(pilot, "f")
        menu = await wait_for(app, pilot, ChoiceDialog)
        assert menu._choices[2].closed == "no aspect in play but the cards' and the consequences"


@pytest.mark.covers("fate.buy", "fate.spend.fate_point")
async def test_dollar_buys_a_fate_point_with_build_points_left(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "dollar_sign")
        spend = await wait_for(app, pilot, ChoiceDialog)
        # reinforcements come on as an acting card's action: none acts yet
        assert spend._choices[1].closed == "reinforcements come on as the acting card's action: activate one first (v)"
        await pick(app, pilot, "fate_point")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        open_ = [c for c in dialog._choices if c.closed is None]
        assert open_, [(c.label, c.closed) for c in dialog._choices]
        player = open_[0].value.player
        points = app.battle.game.fate_points[player]
        await choose(app, pilot, open_[0].label)
        assert _last(app) == ev.BuyFatePoint(player=player)
        assert app.battle.game.fate_points[player] == points + 1


@pytest.mark.covers("fate.spend.reinforce")
async def test_dollar_brings_on_reinforcements_as_the_acting_cards_action(tmp_path):
    """RULES-NOTES (Fate, settled after the second audit): leftover build
    points buy a new unit, in a zone where the side has a unit."""
    battle = fight(NEAR)
    act(battle, "u1")  # Ana's Pikes on the Hill; Ana has 4 build points left
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "dollar_sign")
        spend = await wait_for(app, pilot, ChoiceDialog)
        assert spend._choices[1].label == "Reinforcements for Ana: a new unit" and spend._choices[1].closed is None
        await pick(app, pilot, "reinforce")
        form = await wait_for(app, pilot, UnitDialog)
        assert "left" in str(form.query_one(".dialog-cost").render())
        await _press(pilot, "down", *"Brannock Militia", "enter")  # Average, one skill: Athletics +1
        zones = await wait_for(app, pilot, ChoiceDialog)
        assert [c.label for c in zones._choices] == ["Hill"]
        await _press(pilot, "enter")
        rolled = _last(app)
        assert isinstance(rolled, ev.Reinforce) and rolled.zone == "hill" and rolled.unit.name == "Brannock Militia"
        state = app.battle.game
        assert state.zone_of(rolled.unit.key) == "hill" and state.activation.actions == ("reinforce",)
        assert_saved(app)


@pytest.mark.covers("fate.concede")
async def test_x_concedes_the_battle(tmp_path):
    app = fate_app(tmp_path, fight(NEAR))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "x")
        await choose(app, pilot, "GM")
        sure = await wait_for(app, pilot, ChoiceDialog)
        assert "GM concedes the battle?" in str(sure._title) and "award at the end of the battle: 1 fate point" in sure._help
        await choose(app, pilot, "No: fight on")
        assert app.battle.game.stage == "battle" and not app.battle.game.conceded
        await _press(pilot, "x")
        await choose(app, pilot, "GM")
        await wait_for(app, pilot, ChoiceDialog)
        await choose(app, pilot, "Yes: GM concedes; their units and leaders leave the field")
        assert _last(app) == ev.Concede(player=1)
        assert app.battle.game.stage == "ended" and app.battle.game.winner == 0
        assert any("GM concedes: 1 fate point" in str(n.message) for n in app._notifications)


# -- refused before any dialog (issue 16, item 9) --------------------------------------------


async def test_keys_that_do_not_apply_are_greyed_and_say_why_when_pressed(tmp_path):
    battle = fight(NEAR)
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for key, action in (("a", "attack"), ("c", "advantage"), ("l", "leader"), ("o", "overcome")):
            assert screen.check_action(action, ()) is None
            await _press(pilot, key)
            assert app.screen is screen  # no dialog opened
        await _press(pilot, "i")
        await _press(pilot, "h")
        said = [str(n.message) for n in app._notifications]
        # Four keys refused for the same reason: the reason is said once (a repeat restarts its time).
        assert said.count("activate a unit or leader first (v, or Enter on its card)") == 1
        assert "no roll on the table" in said
        assert "only while the battlefield is laid out, before the battle" in said


async def test_a_second_create_an_advantage_is_refused_on_the_key(tmp_path):
    battle = fight(NEAR)
    act(battle, "u1")
    roll(battle, "advantage", "u1", "fight", faces=HIGH, use="", target="hill", difficulty=0, aspect="Shield Wall")
    battle.record(ev.Resolve())
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.battle.game.activation is not None
        assert app.screen.check_action("advantage", ()) is None
        await _press(pilot, "c")
        assert not isinstance(app.screen, ChoiceDialog)
        assert any("never" in str(n.message) or "twice" in str(n.message) for n in app._notifications)


async def test_scouting_an_occupied_zone_is_greyed_out_with_why(tmp_path):
    battle = fight(NEAR)  # the Orcs stand in the Meadow, next to the Pikes on the Hill
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "meadow")
        await _press(pilot, "c")
        dialog = await wait_for(app, pilot, ChoiceDialog)
        scouting = next(c for c in dialog._choices if c.value == "scouting")
        assert scouting.closed is not None and "Meadow" in scouting.closed


async def test_o_on_the_units_own_zone_says_it_is_there_already(tmp_path):
    battle = fight(NEAR)
    act(battle, "u1")  # the Pikes, on the Hill
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await cursor_to(app, pilot, "hill")
        await _press(pilot, "o")
        assert not isinstance(app.screen, ChoiceDialog)
        assert any("is in Hill already" in str(n.message) for n in app._notifications)


async def test_dollar_says_why_when_no_zone_can_take_reinforcements(tmp_path, monkeypatch):
    """No zone to come on in (no unit left, enemies everywhere): the entry is
    closed with why, not a crash asking about an empty zone."""
    import tui.ui.fate.gm_flows as flows

    monkeypatch.setattr(flows, "reinforcement_zones", lambda state, player: ())
    battle = fight(NEAR)
    act(battle, "u1")
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press(pilot, "dollar_sign")
        spend = await wait_for(app, pilot, ChoiceDialog)
        assert spend._choices[1].closed == "no zone to come on in: the side has no unit left and every zone holds enemies"
