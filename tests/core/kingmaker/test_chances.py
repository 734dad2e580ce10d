"""The odds shown before a Kingmaker roll, counted face by face."""

from __future__ import annotations

from fractions import Fraction

from tests.core.kingmaker.kit import counter
from tests.core.kingmaker.test_combat import attack, bloodied_knights, clash
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.chances import attack_chances, check_chance, threshold_chances
from tui.core.systems.kingmaker.combat import melee_setup


def test_an_attacks_chance_and_damage():
    battle = clash()
    setup = melee_setup(battle.game, "knights", "warband")   # +4 against 15, cap 4
    found = attack_chances(setup, battle.game.rules, 1)
    # 11 and up hit (10 faces): 11 + 4 meets Defense 15 and deals 1, the least a hit deals.
    assert found.hit == Fraction(10, 20)
    assert found.damage == {0: Fraction(10, 20), 1: Fraction(2, 20), 2: Fraction(1, 20), 3: Fraction(1, 20), 4: Fraction(5, 20), 5: Fraction(1, 20)}
    two = attack_chances(setup, battle.game.rules, 2)
    assert sum(two.damage.values()) == 1 and max(two.damage) == 10
    assert two.expected == 2 * found.expected
    # The dice agree with the odds: 20 deals 5.
    attack(battle, "knights", "warband", 20)
    assert battle.game.unit("warband").pending == 5


def test_morale_chances():
    battle = bloodied_knights()
    game = battle.game
    # Morale +3 against DC 15: 12 and up pass (9 faces); by 1-4 retreat (faces 8-11), by 5-9 flee (3-7), by 10+ rout (1-2).
    assert threshold_chances(game, "knights", 15) == {"ready": Fraction(9, 20), "retreat": Fraction(4, 20), "flee": Fraction(5, 20), "rout": Fraction(2, 20)}
    assert check_chance(game, "knights", 12) == Fraction(12, 20)
    battle.record(ev.MoraleCheck(counter=counter(battle), key="knights", threshold="bloodied", face=12))
    assert battle.game.unit("knights").standing == "ready"
