"""Healing in battle (Ultimate Campaign): healing potions, "no more than
twice per battle ... doesn't attempt an Offense check that phase, but heals
a number of hit points equal to twice its ACR", +3 Consumption that week;
Alchemy, once a battle, the same at no cost; Triage adds half the ACR."""

from __future__ import annotations

import pytest

from tests.core.kingmaker.kit import KNIGHTS, WARBAND, begin_turn, close_in, counter, face_off, to_phase
from tui.core.errors import RuleViolation
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.forces import AbilityPick, Army
from tui.core.systems.kingmaker.healing import heal_refusal, uses_left
from tui.core.systems.kingmaker.story import note_text


def hurt_knights(knights: Army) -> KingmakerBattle:
    """The knights (ACR 2, 11 hp) take 6 from the warband in turn 1's Melee
    and hold at the bloodied threshold; turn 2's Melee, the knights' side first."""
    battle = close_in(face_off("Potions", 5, ((knights, (10, 3, "s")), (WARBAND, (10, 9, "n")))), ("knights", 3), ("warband", 2))
    battle.record(ev.EndStep())
    battle.record(ev.Attack(counter=counter(battle), attacker="warband", target="knights", mode="melee", faces=(10, 2, 19)))
    to_phase(battle, "morale")
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=20))
    while battle.game.phase != "tactics":
        battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "melee")
    return battle


POTIONS = KNIGHTS.model_copy(update={"resources": ("healing_potions",)})


def test_potions_heal_twice_the_acr_twice_a_battle_and_take_the_phases_attack():
    battle = hurt_knights(POTIONS)
    assert battle.game.hp("knights") == 5 and uses_left(battle.game, "knights", "healing_potions") == 2
    battle.record(ev.Heal(key="knights"))
    game = battle.game
    assert game.hp("knights") == 9  # ACR 2: 4 back
    assert note_text(game, game.notes.latest(1)[0]) == (
        "Knights of Ostmark drinks its healing potions: 4 hp back, 9 hp now; no attack this phase; +3 Consumption this week")
    with pytest.raises(RuleViolation, match="healed this phase"):
        battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,)))
    assert heal_refusal(game, "knights", "healing_potions") == "Knights of Ostmark has attacked or healed this phase already"
    battle.record(ev.EndStep())
    battle.record(ev.EndStep())
    to_phase(battle, "morale")
    while battle.game.phase != "tactics":
        battle.record(ev.EndStep())
    begin_turn(battle)
    to_phase(battle, "ranged")
    battle.record(ev.Heal(key="knights"))  # the second: 9 + 4, capped at 11
    assert battle.game.hp("knights") == 11 and uses_left(battle.game, "knights", "healing_potions") == 0
    to_phase(battle, "melee")
    assert heal_refusal(battle.game, "knights", "healing_potions") == "Knights of Ostmark has no healing potions left (the resource: twice a battle)"


def test_no_potions_outside_the_ranged_and_melee_phases_or_without_the_resource():
    battle = hurt_knights(POTIONS)
    assert heal_refusal(battle.game, "warband", "healing_potions") is not None  # not its side's step, nor its resource
    battle.record(ev.Attack(counter=counter(battle), attacker="knights", target="warband", mode="melee", faces=(15,)))
    with pytest.raises(RuleViolation, match="attacked or healed"):
        battle.record(ev.Heal(key="knights"))
    plain = hurt_knights(KNIGHTS)
    with pytest.raises(RuleViolation, match="no healing potions"):
        plain.record(ev.Heal(key="knights"))
    to_phase(plain, "morale")
    assert heal_refusal(plain.game, "knights", "healing_potions") == "Knights of Ostmark heals in the Ranged or Melee phase, instead of attacking"


def test_alchemy_heals_once_and_triage_adds_half_the_acr():
    alchemists = KNIGHTS.model_copy(update={
        "abilities": (AbilityPick(key="alchemy"),),
        "commander": KNIGHTS.commander.model_copy(update={"boons": ("triage",)}),
    })
    battle = hurt_knights(alchemists)
    battle.record(ev.Heal(key="knights", source="alchemy"))
    game = battle.game
    assert game.hp("knights") == 10  # 4, and Triage's 1
    assert note_text(game, game.notes.latest(1)[0]) == "Knights of Ostmark heals by Alchemy: 5 hp back, 10 hp now; no attack this phase"
    assert uses_left(game, "knights", "alchemy") == 0


def test_shots_in_the_ranged_phase_dont_stop_healing_in_the_melee_phase():
    """Found reading the change: the turn's shots counted as this phase's attack."""
    from tui.core.frozen import replace

    battle = hurt_knights(POTIONS)
    state = battle.game
    shot = state.with_unit("knights", replace(state.unit("knights"), shots=1))
    assert shot.phase == "melee" and heal_refusal(shot, "knights", "healing_potions") is None
