"""A whole Mass Combat battle through ``Battle``: Reconnaissance, initiative,
the text's Ghoul Strike example, repeated feints over waves, undo/redo and
save → load round trips (tui/core/battle.py, storage.py, systems/myz/engine.py).
"""

from __future__ import annotations

import pytest

from tests.core.myz.kit import army, choose, end_script, end_wave, fight, lines, new_battle, risks, skill_from, start, support_none, to_battle
from tui.core.systems.myz import models as m
from tui.core.errors import MassCombatError, RollRecordError, RuleViolation, SaveFileError
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.before_battle import environment_rating, recon_factors, recon_modifier

# -- Reconnaissance ------------------------------------------------------------------------


@pytest.mark.parametrize("env,night,weather,rating", [
    ("ruins", False, False, 3), ("ruins", True, False, 2), ("ruins", True, True, 1), ("ruins", False, True, 2),
    ("jungle", True, False, 1), ("jungle", True, True, 0), ("scrublands", True, False, 2), ("open_sea", True, True, 1),
])
def test_environment_rating_halved_up_at_night_then_minus_one_in_bad_weather(env, night, weather, rating):
    battle = new_battle(army(3), army(3), Battlefield(environment=env, night=night, bad_weather=weather))
    assert environment_rating(battle.game) == rating


def test_reconnaissance_factors_each_modify_the_leaders_roll():
    bold = army(3, scout_unit=True, home_territory=True, defensive_position=True)
    slow = army(3, flying_only=True, motorised=True, forced_march=True)
    battle = start(bold, slow, recon=(2, 1))
    factors = battle.game.recon.modifiers
    assert set(factors[0]) == {"scout", "home", "defensive_position"}
    assert set(factors[1]) == {"no_scout", "flying_only", "motorised", "forced_march"}
    assert recon_modifier(factors[0], battle.game) == 3 and recon_modifier(factors[1], battle.game) == -4


def test_the_hunting_party_is_a_scout_at_the_ark():
    battle = new_battle(army(3, defends_ark=True, ark_projects=("hunting_party",)), army(3))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=1), ev.SkillCheck(typed=1))))
    assert recon_factors(battle.game.forces[0], battle.game) == ("scout",)


def test_a_rolled_reconnaissance_uses_comprehend_plus_the_factors():
    people = (Person(name="Scout", position="leader", skills={"comprehend": "3b1s"}),)
    a = army(3, people=people, scout_unit=True, home_territory=True)
    battle = new_battle(a, army(3))
    # 3 base dice and 1 + 2 skill dice: six faces, not four
    short = ev.SkillCheck(faces=(6, 3, 3, 3))
    with pytest.raises(RollRecordError):
        battle.record(ev.Reconnaissance(checks=(short, ev.SkillCheck(typed=0))))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(faces=(6, 3, 3, 6, 6, 1)), ev.SkillCheck(typed=0))))
    recon = battle.game.recon
    assert recon.checks[0].successes == 3 and recon.winner == 0 and recon.margin == 3


def test_only_the_leader_rolls_reconnaissance():
    people = (Person(name="Boss", position="leader"), Person(name="Scout", skills={"comprehend": "2b2s"}))
    battle = new_battle(army(3, people=people), army(3))
    with pytest.raises(RuleViolation):
        battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(person=1, typed=3), ev.SkillCheck(typed=0))))


@pytest.mark.parametrize("margin,offered", [(1, False), (2, False), (3, True), (4, True)])
def test_ambush_offered_only_when_the_margin_meets_the_rating(margin, offered):
    battle = new_battle(army(3), army(3), Battlefield(environment="ruins"))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=margin), ev.SkillCheck(typed=0))))
    assert battle.game.stage == ("ambush" if offered else "initiative")
    assert battle.game.surprise == 0


def test_a_tied_reconnaissance_surprises_nobody():
    battle = start(army(3), army(3), recon=(2, 2))
    assert battle.game.surprise is None and battle.game.stage == "wave"


def test_a_declined_ambush_is_still_a_surprise_attack():
    battle = start(army(3), army(3), Battlefield(night=True), recon=(2, 0), ambush=False)
    assert battle.game.ambusher is None and not battle.game.forces[1].confused
    to_battle(battle, "attack", "defense")  # the winner may defend; the other is not confused
    mine = battle.game.wave.pools[0]
    assert skill_from(mine, "surprise") == 2 and lines(mine, "ambush") == []


def test_an_ambush_gives_a_support_die_for_the_battle_and_confuses_the_enemy():
    battle = start(army(3), army(3), Battlefield(night=True), recon=(2, 0), ambush=True)
    assert battle.game.forces[1].confused and battle.game.ambusher == 0
    to_battle(battle, "attack", "rally")
    pool = battle.game.wave.pools[0]
    assert skill_from(pool, "surprise") == 2 and [line.gear for line in lines(pool, "ambush")] == [1]
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle)
    battle.record(ev.NextWave())
    to_battle(battle, "defense", "rally")  # the ambusher may defend from wave 2
    pool = battle.game.wave.pools[0]
    assert lines(pool, "surprise") == [] and pool.pool.gear == 1


# -- initiative ---------------------------------------------------------------------------


@pytest.mark.parametrize("faces,first", [((2, 5), 1), ((5, 2), 0), ((4, 4, 6, 1), 0), ((3, 3, 2, 2, 1, 6), 1)])
def test_initiative_faces_that_fit(faces, first):
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(skip=True))
    battle.record(ev.Initiative(first=first, faces=faces))
    assert battle.game.first == first and battle.game.counter == 1


@pytest.mark.parametrize("faces,first", [((3, 3), 0), ((5, 2), 1), ((4, 5, 6, 1), 0), ((4,), 0), ((7, 1), 0), ((0, 1), 1)])
def test_initiative_faces_that_do_not_fit(faces, first):
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(skip=True))
    with pytest.raises((RuleViolation, ValueError)):
        battle.record(ev.Initiative(first=first, faces=faces))


def test_rolled_initiative_and_the_gms_order():
    battle = new_battle(army(3), army(3), seed=3)
    battle.record(ev.Reconnaissance(skip=True))
    event = battle.roll_initiative()
    assert battle.game.first == event.first and len(event.faces) % 2 == 0
    typed = start(army(3), army(3), first=1)
    assert typed.game.order == (1, 0) and typed.game.counter == 0


@pytest.mark.parametrize("faces,bonuses,first", [((2, 5), (2, 0), 1), ((2, 5), (4, 0), 0), ((4, 2, 6, 1), (0, 2), 0), ((5, 4), (0, 2), 1)])
def test_initiative_with_a_bonus_to_a_leaders_die(faces, bonuses, first):
    """RULES-NOTES: "a d6 + bonus roll": the bonus counts before the dice are
    compared, and equal totals roll again."""
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(skip=True))
    battle.record(ev.Initiative(first=first, faces=faces, bonuses=bonuses))
    assert battle.game.first == first


@pytest.mark.parametrize("faces,bonuses,first", [((2, 5), (3, 0), 0), ((5, 4), (0, 1), 1), ((2, 5), (11, 0), 0), ((2, 5), (4, 0), 1)])
def test_initiative_bonuses_that_do_not_fit(faces, bonuses, first):
    battle = new_battle(army(3), army(3))
    battle.record(ev.Reconnaissance(skip=True))
    with pytest.raises((RuleViolation, ValueError)):
        battle.record(ev.Initiative(first=first, faces=faces, bonuses=bonuses))


def test_rolled_initiative_with_bonuses():
    battle = new_battle(army(3), army(3), seed=3)
    battle.record(ev.Reconnaissance(skip=True))
    event = battle.roll_initiative((10, -10))
    assert event.first == 0 and event.bonuses == (10, -10) and len(event.faces) == 2


# -- the Ghoul Strike --------------------------------------------------------------------

GHOULS = Army(people=(Person(name="Ghoul Chief", position="leader", pc=False, skills={"comprehend": "3b2s"}),), played_by="gm", battle_level=3)
ARK = Army(
    people=(
        Person(name="Marlotte", position="leader", skills={"comprehend": "3b1s", "command": "4b3s"}),
        Person(name="Dora", skills={"sneak": "4b3s"}, armour=1),
        Person(name="Angus", position="engineer", skills={"jury_rig": "4b3s"}),
    ),
    battle_level=2, combat_ready=False, units={"artillery": 1}, defends_ark=True, ark_projects=("defenses",),
)


def ghoul_strike(seed=1877):
    battle = new_battle(GHOULS, ARK, Battlefield(environment="ruins", night=True), names=("Zone-Ghouls", "The Ark"), seed=seed)
    # "They beat the Ark for the Reconnaissance roll with a comfortable margin of two"
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=3), ev.SkillCheck(typed=1))))
    assert battle.game.stage == "ambush"  # urban ruins 3, halved at night: 2
    battle.record(ev.Ambush(take=True))
    battle.record(ev.Initiative(first=1))  # "Marlotte begins"
    battle.record(ev.SetRisk(side=1, risks=(0, 1, 0)))  # Dora: Risk +1
    battle.record(ev.SetRisk(side=0, risks=(0,)))
    battle.record(ev.ChooseStrategy(side=1, strategy="rally"))
    battle.record(ev.ChooseStrategy(side=0, strategy="total_attack"))
    battle.record(ev.Action(side=1, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", typed=2)))
    battle.record(ev.Action(side=0, action="none"))
    return battle


def test_the_ghoul_strike_pools_line_by_line():
    battle = ghoul_strike()
    ghouls, ark = battle.game.wave.pools
    assert ghouls.pool.notation() == "3b4s1g" and ark.pool.notation() == "2b3s1g"
    assert [(line.source, line.base, line.skill, line.gear, line.detail) for line in ghouls.lines] == [
        ("battle_level", 3, 0, 0, ""),
        ("surprise", 0, 2, 0, ""),
        ("ambush", 0, 0, 1, ""),
        ("strategy", 0, 2, 0, "total_attack"),
    ]
    assert [(line.source, line.base, line.skill, line.gear, line.detail) for line in ark.lines] == [
        ("battle_level", 2, 0, 0, ""),            # Warfare 14, not combat-ready
        ("special_class", 0, 0, 1, "artillery"),  # the scrap cannon
        ("superiority", 0, 1, 0, "artillery"),
        ("strategy", 0, 0, 0, "rally"),
        ("remarkable_action", 0, 2, 0, ""),        # Dora's two successes
    ]
    assert battle.state.sides[1].pool.notation() == "2b3s1g"  # the roller holds the pools


def test_the_ghoul_strike_battle_roll_as_told():
    battle = ghoul_strike()
    # "She gets one ☢ and one ☠. She decides to push, removing a Strategy Die
    # before rerolling the dice, and gets a second ☢."
    ark = m.RolledSide(base=(6, 1), skill=(3, 3, 3), gear=(2,))
    ghouls = m.RolledSide(base=(3, 3, 3), skill=(3, 3, 3, 3), gear=(3,))
    battle.record(m.Roll(counter=battle.game.counter, sides=(ghouls, ark)))
    assert battle.state.turn == 1
    battle.record(m.Push(counter=battle.game.counter, side=1, spent=(4,), faces=(6, 2, 2)))
    roll = battle.state.sides[1].roll
    assert (roll.successes, roll.banes, roll.pushes) == (2, 1, 1)
    with pytest.raises(MassCombatError):  # a push must pay with a Strategy die
        battle.record(m.Push(counter=battle.game.counter, side=0, spent=(0,), faces=(1, 1, 1, 1, 1, 1, 1)))
    battle.settle(0)
    battle.settle(1)
    assert battle.game.wave.phase == "support" and battle.game.wave.battle.successes == (0, 2)


def test_a_repeated_feint_loses_two_more_only_on_the_very_next_wave():
    battle = start(army(6), army(6))
    repeats = []
    for strategy in ["feinted_attack", "feinted_attack", "attack", "feinted_attack"]:
        to_battle(battle, strategy, "attack")
        repeats.append(skill_from(battle.game.wave.pools[0], "strategy_repeated"))
        fight(battle, {}, {})
        support_none(battle)
        end_wave(battle)
        battle.record(ev.NextWave())
    assert repeats == [0, -2, 0, 0]
    assert battle.game.forces[0].feints == 3


def test_a_truce_wave_comes_between_two_feints():
    battle = start(army(6), army(6))
    to_battle(battle, "feinted_attack", "attack")
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle)
    battle.record(ev.NextWave())
    risks(battle)
    choose(battle, "attack", "parley")
    battle.record(ev.AnswerParley(accept=True))
    battle.record(ev.NextWave())
    to_battle(battle, "feinted_attack", "attack")
    assert lines(battle.game.wave.pools[0], "strategy_repeated") == []


# -- undo, redo, save and load -----------------------------------------------------------


def played(seed=1877):
    """The Ghoul Strike's first wave with the app's own dice, every state kept."""
    battle = ghoul_strike(seed)
    states = [battle.game]
    battle.roll()
    states.append(battle.game)
    while battle.state.in_progress:
        side = battle.state.turn
        roll = battle.state.sides[side].roll
        battle.push() if roll.can_push and roll.successes < 2 else battle.settle()
        states.append(battle.game)
    for side in battle.game.order:
        if battle.game.wave.support[side] is None:
            battle.record(ev.Support(side=side))
            states.append(battle.game)
    battle.end_wave()
    states.append(battle.game)
    if battle.game.stage == "wave":
        battle.record(ev.NextWave())
        states.append(battle.game)
    return battle, states


def test_undo_and_redo_walk_the_same_states():
    battle, states = played()
    assert battle.game.reports and len(states) >= 5
    for expected in reversed(states[:-1]):
        battle.undo()
        assert battle.game == expected
    for expected in states[1:]:
        battle.redo()
        assert battle.game == expected


def test_an_undone_step_taken_again_rolls_the_same_dice():
    battle, _ = played()
    while battle.game.wave.phase != "end":
        battle.undo()
    first = battle.end_wave()
    battle.undo()
    assert battle.end_wave() == first


def test_save_and_load_give_an_equal_battle(tmp_path):
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    battle, _ = played()
    path = tmp_path / "ghouls.toml"
    save_battle(battle, path)
    loaded = load_battle(path)
    assert loaded.game == battle.game and loaded.history.events == battle.history.events
    assert loaded.game.reports == battle.game.reports


def test_save_after_undo_keeps_the_redo(tmp_path):
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    battle, _ = played()
    final = battle.game
    for _ in range(3):
        battle.undo()
    save_battle(battle, tmp_path / "b.toml")
    loaded = load_battle(tmp_path / "b.toml")
    assert loaded.game == battle.game and loaded.can_redo
    for _ in range(3):
        loaded.redo()
    assert loaded.game == final


def test_a_scripted_battle_with_siege_truce_and_successor_round_trips(tmp_path):
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    people = (Person(name="Boss", position="leader", strength=1), Person(name="Otto", skills={"command": "3b1s"}))
    battle = start(army(3, people=people, fortification="walled"), army(3), Battlefield(siege=0))
    to_battle(battle, "fighting_retreat", "attack")
    fight(battle, {"successes": 1}, {"successes": 1})
    support_none(battle)
    end_wave(battle)
    assert battle.game.battlefield.siege is None
    battle.record(ev.NextWave())
    risks(battle)
    choose(battle, "parley", "attack")
    battle.record(ev.AnswerParley(accept=True))
    battle.record(ev.NextWave())
    to_battle(battle, "attack", "attack")
    fight(battle, {}, {})
    support_none(battle)
    end_wave(battle, *end_script(battle.game, retaliation=(6,)))
    battle.record(ev.NextInCommand(side=0, person=1, check=ev.SkillCheck(skill="command", typed=0)))
    battle.record(ev.NextWave())
    save_battle(battle, tmp_path / "s.toml")
    loaded = load_battle(tmp_path / "s.toml")
    assert loaded.game == battle.game
    assert loaded.game.wave.number == 4 and loaded.game.forces[0].leader == 1 and loaded.game.forces[0].confused


def _tampered(battle, kind, change):
    from tui.core.systems.myz.battle import Battle

    meta = battle.to_file()
    log = list(meta.log)
    index = next(i for i, e in enumerate(log) if e.kind == kind)
    log[index] = change(log[index])
    return Battle.from_file(meta.model_copy(update={"log": tuple(log)}), rules=battle.rules)


@pytest.mark.parametrize("change", [
    lambda e: e.model_copy(update={"faces": e.faces + (3,)}),
    lambda e: e.model_copy(update={"faces": e.faces[:-1]}),
    lambda e: e.model_copy(update={"faces": (7,) + e.faces[1:]}),
    lambda e: e.model_copy(update={"counter": e.counter + 1}),
])
def test_replay_refuses_tampered_end_phase_faces(change):
    battle, _ = played()
    with pytest.raises(MassCombatError):
        _tampered(battle, "end_wave", change)


def test_replay_refuses_a_tampered_battle_roll(tmp_path):
    battle, _ = played()
    def extra(e):
        return e.model_copy(update={"sides": (e.sides[0], e.sides[1].model_copy(update={"gear": e.sides[1].gear + (3,)}))})

    with pytest.raises(MassCombatError):
        _tampered(battle, "roll", extra)


def test_load_refuses_a_file_whose_log_disagrees(tmp_path):
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import battle_text

    battle, _ = played()
    text = battle_text(battle)
    faces = battle.history.events[-2 if battle.game.stage == "wave" else -1].faces
    assert isinstance(battle.history.events[-2 if battle.game.stage == "wave" else -1], ev.EndWave)
    bad = text.replace("faces = [" + ", ".join(map(str, faces)) + "]", "faces = [" + ", ".join(map(str, faces + (9,))) + "]")
    assert bad != text
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(SaveFileError):
        load_battle(tmp_path / "bad.toml")


def test_a_faction_without_battle_dice_cannot_start_the_battle():
    battle = new_battle(army(0), army(2))
    with pytest.raises(RuleViolation, match="Red"):
        battle.record(ev.Reconnaissance(skip=True))
    assert battle.game.stage == "muster"
