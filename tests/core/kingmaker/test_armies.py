"""Army building: troops, size and ACR by CR steps, and every number the
rules derive, against the Kingmaker text's fixtures and Ultimate
Campaign's sample armies.

Kingmaker text: "A unit composed of 100 fighters ... ACR of 2. If there are
500 fighters ... ACR of 6"; "Its weekly consumption is 3 BP"; "a Defense of
16"; "If its attack roll is 19 versus a Defense of 17, the attack would
inflict 2 hit points of damage".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.i18n import set_language
from tui.core.systems.kingmaker.derive import derive, size_for
from tui.core.systems.kingmaker.explain import explain
from tui.core.systems.kingmaker.forces import AbilityPick, Army, ArmyError, Commander
from tui.core.systems.kingmaker.rules import shipped


def army(**fields) -> Army:
    base = {"key": "a1", "name": "Fighters", "cr": "2", "troops": 100}
    return Army(**{**base, **fields})


def test_the_texts_fighters():
    r = shipped()
    hundred = derive(army(), r)
    assert (hundred.size.key, hundred.acr) == ("medium", 2)
    five_hundred = derive(army(troops=500), r)
    assert (five_hundred.size.key, five_hundred.acr_text) == ("huge", "6")
    assert five_hundred.offense.total == 6
    assert five_hundred.defense.total == 16
    assert five_hundred.consumption.total == 3
    assert five_hundred.squares == 4 and (five_hundred.frontage, five_hundred.depth) == (2, 2)
    assert five_hundred.max_damage.total == 4
    assert five_hundred.tactics_known == 3
    assert five_hundred.hp.total == 33  # 6 x 5.5 (fighters' d10)


def test_nineteen_against_seventeen_deals_two():
    result = resolve_attack(13, 6, 17, cap=4, rules=AttackRules.from_ruleset(shipped()))
    assert (result.hit, result.damage) == (True, 2)


@pytest.mark.parametrize(("cr", "troops", "die", "acr", "hp", "defense", "offense", "consumption"), [
    ("1", 500, "d10", "5", 27, 15, 5, 2),     # Army (Huge) of humans (fighter 2)
    ("1", 2000, "d10", "9", 49, 19, 9, 4),    # Army (Colossal)
    ("1/3", 500, "d10", "3", 16, 13, 3, 1),   # Goblin Horde
    ("1/3", 100, "d8", "1/3", 1, 10, 0, 1),   # Skeleton Horde (Medium): DV 12 with undead +2
    ("1/2", 2000, "d8", "8", 36, 18, 8, 4),   # Zombie Horde (Colossal): DV 20 with undead +2
    ("1/3", 2000, "d10", "7", 38, 17, 7, 3),  # Militia (Colossal)
])
def test_ultimate_campaigns_sample_armies(cr, troops, die, acr, hp, defense, offense, consumption):
    found = derive(army(cr=cr, troops=troops, hit_die=die), shipped())
    assert (found.acr_text, found.hp.total, found.defense.total, found.offense.total, found.consumption.total) == (acr, hp, defense, offense, consumption)


def test_undead_raise_defense_by_two():
    found = derive(army(cr="1/2", troops=2000, hit_die="d8", abilities=(AbilityPick(key="undead"),)), shipped())
    assert found.defense.total == 20
    assert "fear_immune" in found.grants


def test_elite_mounted_knights():
    """Medium humans (fighter 3), masterwork armour and weapons, mounts:
    hp 11, ACR 2, DV 15, OM +5, Consumption 4."""
    knights = army(cr="2", mount_cr="1", resources=("masterwork_armor", "masterwork_weapons"))
    found = derive(knights, shipped())
    assert (found.hp.total, found.acr_text, found.defense.total, found.offense.total, found.consumption.total) == (11, "2", 15, 5, 4)
    assert [p.key for p in found.offense.parts if p.source == "resource"] == ["masterwork_weapons", "mounts"]


def test_cavalry_counts_the_higher_cr():
    found = derive(army(cr="1", mount_cr="3"), shipped())
    assert (found.rider_cr, found.mount_cr, found.acr) == (1, 3, 3)


def test_size_follows_the_head_count():
    r = shipped()
    assert [size_for(n, r).key for n in (10, 24, 25, 99, 100, 199, 200, 499, 500, 999, 1000, 2000)] == [
        "diminutive", "diminutive", "tiny", "small", "medium", "medium", "large", "large", "huge", "huge", "gargantuan", "colossal"]


def test_resources_scale_with_size_and_siege_engines_do_not():
    r = shipped()
    huge = derive(army(troops=500, resources=("masterwork_armor",), siege_engines=2), r)
    assert huge.consumption.total == 3 + 4 + 6
    assert huge.cost_bp == 3 * 4 + 2 * 15
    small = derive(army(troops=50, cr="3", resources=("masterwork_armor",)), r)
    assert small.consumption.total == 1 + 1   # half of 1, never below 1
    assert small.cost_bp == Fraction(3, 2)


def test_mounts_cost_their_acr_which_already_counts_the_size():
    """Mounts cost BP equal to the mounts' ACR (Ultimate Campaign); for a
    Large army of riders on CR 1 mounts that is ACR 3: 3 BP, not scaled
    again. Their +1 Consumption scales like any resource's: +2."""
    large = derive(army(troops=200, cr="1", mount_cr="1"), shipped())
    assert large.mount_cr == 3 and large.cost_bp == 3
    assert [p.amount for p in large.consumption.parts if p.key == "mounts"] == [2]


def test_commander_morale_leadership_and_boons():
    r = shipped()
    chief = Commander(name="Kesten", charisma=3, profession=10, level=6, boons=("loyalty", "defensive_tactics"))
    found = derive(army(morale=1, commander=chief), r)
    assert found.leadership == 9
    assert found.boons_max == 3
    assert found.morale.total == 1 + 3 + 2 + 2       # own, Charisma, ranks / 5, Loyalty
    assert found.defense.total == 12 + 2
    strong = derive(army(commander=chief.model_copy(update={"level": 10})), r)
    assert strong.morale.total == 3 + 2 + 4          # Loyalty +4 at Leadership 13


def test_situational_effects_are_kept_apart():
    found = derive(army(troops=500, commander=Commander(level=5, charisma=0, boons=("bloodied_but_unbroken",))), shipped())
    assert found.offense.total == 6
    assert [(s.key, s.effect.offense, s.effect.when) for s in found.situational] == [("bloodied_but_unbroken", 1, "bloodied")]


def test_spellcasting_counts_its_level():
    found = derive(army(abilities=(AbilityPick(key="spellcasting", value=2),)), shipped())
    assert (found.offense.total, found.defense.total) == (4, 14)


@pytest.mark.parametrize(("fields", "says"), [
    ({"troops": 9}, "too few"),
    ({"troops": 2001}, "split them"),
    ({"cr": "7/2"}, "not on the ladder"),
    ({"cr": "1/8", "troops": 10}, "not an army"),
    ({"hit_die": "d4"}, "Hit Die"),
    ({"resources": ("mounts",)}, "mount's CR"),
    ({"resources": ("masterwork_armor", "magic_armor")}, "replace each other"),
    ({"resources": ("laser",)}, "no resource"),
    ({"tactics": ("defensive_wall", "taunt")}, "at most 1 tactic"),
    ({"tactics": ("cavalry_experts",)}, "needs Mounts"),
    ({"abilities": (AbilityPick(key="spellcasting"),)}, "spell level"),
    ({"commander": Commander(charisma=1, level=2, boons=("loyalty",))}, "Leadership 6"),
    ({"commander": Commander(level=9, boons=("merciless", "loyalty"))}, "at most 1 boon"),
    ({"commander": Commander(boons=("bonus_tactic",))}, "Bonus Tactic"),
    ({"morale": 5}, "-4 to 4"),
])
def test_an_army_the_rules_cant_field_is_one_line(fields, says):
    with pytest.raises(ArmyError) as caught:
        derive(army(**fields), shipped())
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_where_numbers_come_from_in_both_languages():
    r = shipped()
    found = derive(army(troops=500, cr="2", mount_cr="1", resources=("masterwork_weapons",)), r)
    assert explain(found.offense, found, r, "en") == "ACR 6, Improved Weapons (masterwork) +1, Mounts +2"
    assert explain(found.hp, found, r, "en") == "ACR 6 × 5.5 for d10"
    set_language("de")
    assert explain(found.hp, found, r, "de") == "Armee-HG 6 × 5,5 für W10"
    assert explain(found.defense, found, r, "de") == "Grundwert 10, Armee-HG 6, Reittiere +2"


def test_rows_listed_twice_and_boons_needing_what_the_army_lacks_are_refused():
    r = shipped()
    with pytest.raises(ArmyError, match="twice"):
        derive(army(abilities=(AbilityPick(key="pounce"), AbilityPick(key="pounce"))), r)
    with pytest.raises(ArmyError, match="twice"):
        derive(army(commander=Commander(level=9, profession=10, boons=("loyalty", "loyalty"))), r)
    with pytest.raises(ArmyError, match="Sharpshooter needs Ranged Weapons"):
        derive(army(commander=Commander(boons=("sharpshooter",))), r)
    # Bonus Tactic may be taken again, a new tactic each time.
    twice = Commander(profession=5, boons=("bonus_tactic", "bonus_tactic"), bonus_tactics=("defensive_wall", "full_defense"))
    assert {"defensive_wall", "full_defense"} <= set(derive(army(commander=twice), r).tactics)
