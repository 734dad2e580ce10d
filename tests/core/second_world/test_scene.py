"""Second World: setting the scene and the turn order.

Rules text: "Before combat begins, each character rolls their Notice skill.
Turn order is then assigned in descending order of their Notice roll. Ties
should be broken by comparing who has the higher Notice skill bonus. If
equal, compare which character has the higher Athletics skill bonus. If
still equal, flip a coin. If one side ambushed the other, that side should
get a surprise round [...]" and "In 'Captain Takes Point,' each side of the
conflict is given a turn order. [...] During a side's turn, any character on
that side can act in any order."
"""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import GUARDS, GUNNER, HALE, VASQUEZ, captain_start, scene, skills
from tui.core.maps.zones import Zone
from tui.core.errors import MassCombatError, RuleViolation
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.battle import SecondWorldBattle, SecondWorldBattleFile
from tui.core.systems.second_world.forces import Character, consequence_slots, stress_boxes, teamwork
from tui.core.systems.second_world.story import note_text
from tui.core.files.tomlfile import dump_toml, parse_toml

ZERO = (0, 0, 0, 0)


def refused(battle: SecondWorldBattle, event, match: str) -> str:
    before = battle.history
    with pytest.raises(MassCombatError, match=match) as caught:
        battle.record(event)
    assert battle.history is before
    text = str(caught.value)
    assert "\n" not in text
    return text


# -- the sheets ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"skills": skills(piloting=2)}, 'no skill "piloting"'),
        ({"skills": skills(shoot=9)}, "not on the ladder"),
        ({"role": "pc", "skills": skills(shoot=5)}, "top out at \\+4"),
        ({"weapon": "railgun"}, 'no weapon class "railgun"'),
        ({"nameless": "fair", "members": 4, "skills": skills(shoot=3, notice=1)}, "skills at \\+2, \\+1"),
        ({"nameless": "legendary", "members": 2}, 'no nameless NPC quality "legendary"'),
    ],
)
def test_a_sheet_the_ruleset_cannot_play_is_refused_in_one_line(change, says):
    battle = scene()
    bad = GUNNER.model_copy(update={"key": "new", **change})
    refused(battle, ev.SetCharacter(character=bad), says)


def test_derived_numbers_come_from_the_ruleset():
    rules = scene().ruleset
    assert stress_boxes(HALE, "physical", rules) == 3  # Physique +1
    assert stress_boxes(HALE, "mental", rules) == 2
    assert stress_boxes(GUARDS, "physical", rules) == 1  # Fair nameless: one box each
    assert consequence_slots(HALE, "physical", rules) == ("mild", "moderate", "severe")
    tough = HALE.model_copy(update={"skills": skills(physique=5)})
    assert consequence_slots(tough, "physical", rules) == ("mild", "moderate", "severe", "mild2")
    assert consequence_slots(tough, "mental", rules) == ("mild", "moderate", "severe")
    assert consequence_slots(GUARDS, "physical", rules) == ()
    assert (teamwork(3, rules), teamwork(1, rules)) == (2, 0)


def test_names_and_aspects_are_plain_text():
    sneaky = Character(key="x", name="Ogre[/]", side=0, aspects=("[@click=app.quit]x[/]",))
    assert sneaky.name == "Ogre[/]"
    with pytest.raises(ValueError):
        Character(key="x", name="a\x1b]0;pwned\x07", side=0)
    with pytest.raises(ValueError):
        Character(key="x", name="ok", side=0, aspects=("\u202eevil",))


# -- the map -------------------------------------------------------------------------


def test_the_map_is_built_with_edges_aspects_and_situations():
    battle = scene()
    board = battle.game.board
    assert [(e.pair, e.notation, e.closed) for e in board.edges] == [
        (("z1", "z2"), "1/0/1", True), (("z2", "z3"), "X/4/X", False), (("z3", "z4"), "4/2/X", True), (("z2", "z5"), "4/0/4", True),
    ]
    battle.record(ev.ZoneAspects(zone="z3", aspects=("Crates Everywhere",)))
    battle.record(ev.Situation(zone="z3", situation="cluttered"))
    battle.record(ev.Situation(zone="z5", situation="claustrophobic"))
    assert battle.game.zone_info("z3").aspects == ("Crates Everywhere",)
    assert battle.game.zone_info("z3").situations == ("cluttered",)
    battle.record(ev.Situation(zone="z3", situation="cluttered", on=False))
    assert battle.game.zone_info("z3").situations == ()
    refused(battle, ev.Situation(zone="z3", situation="foggy"), 'no situational aspect "foggy"')


def test_a_broken_edge_is_refused_in_one_line():
    battle = scene()
    refused(battle, ev.SetEdge(a="z1", b="z3", open_cost=1, traverse=0, close_cost=1), "do not touch")
    refused(battle, ev.SetEdge(a="z1", b="z2", traverse=4, closed=True), "always open")
    refused(battle, ev.RemoveEdge(a="z1", b="z5"), "no edge between Room 1 and Room 5")
    refused(battle, ev.RemoveZone(key="z1"), "Sgt. Hale stands in Room 1")
    battle.record(ev.RemoveEdge(a="z2", b="z1"))
    assert battle.game.board.edge("z1", "z2") is None


def test_the_scene_is_set_only_before_the_conflict():
    battle = captain_start(scene())
    refused(battle, ev.SetCharacter(character=HALE), "part of setting the scene")
    refused(battle, ev.PlaceZone(zone=Zone(key="z9", name="Yard", col=0, row=1)), "part of setting the scene")
    battle.record(ev.SetEdge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=None, label="Blown open"))  # a GM's ruling mid-fight
    assert battle.game.board.edge("z1", "z2").always_open


def test_a_conflict_needs_two_sides_deployed():
    battle = SecondWorldBattle.new("x", seed=1)
    battle.record(ev.SetSides(names=("A", "B")))
    battle.record(ev.PlaceZone(zone=Zone(key="z1", name="Field", col=0, row=0)))
    battle.record(ev.SetCharacter(character=HALE))
    refused(battle, ev.StartConflict(counter=0, order="captain"), "at least two sides")
    battle.record(ev.SetCharacter(character=GUNNER))
    battle.record(ev.Deploy(key="hale", zone="z1"))
    refused(battle, ev.StartConflict(counter=0, order="captain", first_side=1), "MG Gunner stands nowhere")


# -- "Head on a Swivel" ----------------------------------------------------------------


def swivel(battle: SecondWorldBattle, faces, coins=(0, 0, 0, 0), ambush=None) -> SecondWorldBattle:
    battle.record(ev.StartConflict(counter=battle.game.counter, order="swivel", faces=faces, coins=coins, ambush=ambush))
    return battle


def test_turns_go_by_notice_roll_then_notice_then_athletics_then_a_coin():
    # Notice: Hale +2, Vasquez +2, Guards +1, Gunner +2; Athletics: Hale 3, Vasquez 2, Gunner 1.
    battle = swivel(scene(), faces=(ZERO, ZERO, (1, 1, 0, 0), ZERO))
    # Guards roll +3 and lead; the three at +2 tie on Notice; Athletics orders them.
    assert battle.game.order == ("guards", "hale", "vasquez", "gunner")
    twins = scene()
    twins.record(ev.SetCharacter(character=VASQUEZ.model_copy(update={"skills": skills(athletics=3, notice=2, fight=3)})))
    battle = swivel(twins, faces=(ZERO, ZERO, ZERO, ZERO), coins=(5, 9, 0, 0))
    assert battle.game.order[:2] == ("vasquez", "hale")  # tied on everything: the coin


def test_swivel_turns_follow_the_order_and_a_new_round_begins_when_all_have_acted():
    battle = swivel(scene(), faces=(ZERO, ZERO, (1, 1, 0, 0), ZERO))
    assert battle.game.round == 1 and battle.game.next_up() == "guards"
    refused(battle, ev.BeginTurn(key="hale"), "next is Guards")
    for key in ("guards", "hale", "vasquez", "gunner"):
        battle.record(ev.BeginTurn(key=key))
        refused(battle, ev.BeginTurn(key="hale"), "end it first")
        battle.record(ev.EndTurn())
    assert battle.game.round == 2 and battle.game.next_up() == "guards"


def test_an_ambushing_side_gets_a_surprise_round():
    battle = swivel(scene(), faces=(ZERO, ZERO, (1, 1, 0, 0), ZERO), ambush=0)
    assert battle.game.round == 0 and battle.game.next_up() == "hale"
    refused(battle, ev.BeginTurn(key="guards"), "Guards is surprised")
    for key in ("hale", "vasquez"):
        battle.record(ev.BeginTurn(key=key))
        battle.record(ev.EndTurn())
    assert battle.game.round == 1 and battle.game.next_up() == "guards"


def test_the_app_rolls_notice_and_coins_from_the_battles_seed():
    first, second = scene(seed=3), scene(seed=3)
    assert first.start_conflict("swivel") == second.start_conflict("swivel")
    assert len(first.game.order) == 4


# -- "Captain Takes Point" ------------------------------------------------------------


def test_sides_take_turns_and_anyone_on_the_side_acts_in_any_order():
    battle = captain_start(scene(), first=1)
    assert battle.game.order == ("1", "0") and battle.game.side_in_turn() == 1
    refused(battle, ev.BeginTurn(key="hale"), "wait: the turn is with Garrison")
    for key in ("gunner", "guards"):  # the captain picks: the gunner first
        battle.record(ev.BeginTurn(key=key))
        battle.record(ev.EndTurn())
    assert battle.game.side_in_turn() == 0
    refused(battle, ev.BeginTurn(key="guards"), "has had their turn this round")


def test_under_the_captain_the_side_that_surprised_goes_first_with_no_surprise_round():
    # RULES-NOTES: "the side that surprised the other takes precedence, i.e.
    # acts first in round 1. There is no surprise round in this mode."
    battle = captain_start(scene(), first=1, ambush=0)
    assert battle.game.order == ("0", "1") and battle.game.round == 1
    assert note_text(battle.game, battle.game.notes.latest(1)[0]) == "Commandos sprang the ambush: first to act"
    for key in ("vasquez", "hale"):
        battle.record(ev.BeginTurn(key=key))
        battle.record(ev.EndTurn())
    assert battle.game.round == 1 and battle.game.side_in_turn() == 1  # the Garrison acts before the Commandos again
    refused(battle, ev.BeginTurn(key="hale"), "has had their turn this round")


def test_the_coin_for_the_first_side_comes_from_the_seed():
    made = [scene(seed=s).start_conflict("captain").first_side for s in range(12)]
    assert set(made) == {0, 1}


# -- the file ----------------------------------------------------------------------------


def test_a_conflict_saves_and_replays_with_undo_and_redo():
    battle = captain_start(scene())
    battle.record(ev.BeginTurn(key="hale"))
    text = dump_toml(battle.to_file().model_dump(mode="json", exclude_none=True))
    meta = SecondWorldBattleFile.model_validate(parse_toml(text, "x.toml"))
    again = SecondWorldBattle.from_file(meta)
    assert again.game == battle.game
    again.undo()
    assert again.game.turn.actor is None
    again.redo()
    assert again.game.turn.actor == "hale"


def test_a_tampered_log_is_refused_naming_the_event():
    battle = captain_start(scene())
    data = battle.to_file().model_dump(mode="json", exclude_none=True)
    data["log"].append({"kind": "begin_turn", "key": "guards"})
    data["cursor"] += 1
    meta = SecondWorldBattleFile.model_validate(data)
    with pytest.raises(RuleViolation, match="event 20: Guards must wait: the turn is with Commandos"):
        SecondWorldBattle.from_file(meta)


def test_the_story_names_the_turn_order_and_each_notice_roll():
    from tui.core.systems.second_world.story import note_text

    battle = swivel(scene(), faces=(ZERO, ZERO, (1, 1, 0, 0), ZERO))
    line = note_text(battle.game, battle.game.notes.latest(1)[0])
    assert line == "turn order: Guards (+3), Sgt. Hale (+2), Vasquez (+2), MG Gunner (+2)"
    captains = captain_start(scene(), first=1)
    assert note_text(captains.game, captains.game.notes.latest(1)[0]) == "turn order: Garrison, Commandos"
