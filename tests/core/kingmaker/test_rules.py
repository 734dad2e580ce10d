"""The Kingmaker ruleset: the numbers both texts give, the ones neither
does marked ``assumed``, and a house-rule copy's typos refused in one line.

Kingmaker text: "Hustle: (DC 10) ... Charge: (DC 12) ... Press: (DC 15)";
"If the unit is bloodied (50% or less HP), make a Morale Check DC 15 ...
If any unit is decimated (25% or less HP), make a Morale Check DC 20";
"A unit of Huge size occupies 4 total squares".
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tui.core.files import rulesets as rs
from tui.core.errors import SaveFileError
from tui.core.ruleset_base import resolve_path
from tui.core.systems.kingmaker.rules import shipped


def house_copy(tmp_path: Path, old: str, new: str) -> Path:
    text = rs.find_ruleset("kingmaker").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_sizes_and_the_ladder_as_ultimate_campaign_gives_them():
    r = shipped()
    table = {s.key: (s.troops, s.acr_steps, s.squares, s.multiplier) for s in r.sizes}
    assert table == {
        "fine": (1, -8, 1, Fraction(1, 8)), "diminutive": (10, -6, 1, Fraction(1, 6)), "tiny": (25, -4, 1, Fraction(1, 4)),
        "small": (50, -2, 1, Fraction(1, 2)), "medium": (100, 0, 1, 1), "large": (200, 2, 2, 2), "huge": (500, 4, 4, 4),
        "gargantuan": (1000, 6, 6, 10), "colossal": (2000, 8, 9, 20),
    }
    assert r.ladder[:7] == (Fraction(1, 8), Fraction(1, 6), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), 1, 2)
    assert {d.key: d.mean for d in r.hit_dice} == {"d6": Fraction(7, 2), "d8": Fraction(9, 2), "d10": Fraction(11, 2), "d12": Fraction(13, 2)}
    assert (r.armies.troops_min, r.armies.troops_max) == (10, 2000)


def test_the_kingmaker_commands_and_morale():
    r = shipped()
    c = r.commands
    assert (c.hustle.dc, c.hustle.extra_squares) == (10, 1)
    assert (c.charge.dc, c.charge.extra_squares, c.charge.melee_offense, c.charge.defense) == (12, 1, 2, -2)
    assert (c.press.dc, c.press_morale.dc, c.press_morale.per_margin) == (15, 13, 5)
    assert c.withdraw.opposed
    assert r.morale.switch_tactics_dc == 12
    assert [(t.key, t.percent, t.dc) for t in r.morale.thresholds] == [("bloodied", 50, 15), ("decimated", 25, 20)]
    assert [r.morale.state_for(n).key for n in (1, 4, 5, 9, 10, 15)] == ["retreat", "retreat", "flee", "flee", "rout", "rout"]
    assert (r.melee.charge, r.melee.rank, r.melee.flanking, r.melee.rear, r.melee.front_attacks, r.melee.other_attacks) == (2, 1, 1, 2, 2, 1)
    assert r.turn.phases == ("tactics", "movement", "ranged", "melee", "morale")
    assert (r.movement.turn_cost, r.movement.turns_per_turn, r.movement.diagonal_costs) == (1, 1, (1, 2))
    assert (r.ranged.cover, r.ranged.moving_mount) == (-2, -2)
    assert [s.target_modifier for s in r.sizes] == [-3, -4, -2, -1, 0, 1, 2, 3, 4]
    assert r.attack.setback_face == 1 and r.attack.crit_extra_damage == 1


def test_tactics_resources_and_boons_carry_their_effects():
    r = shipped()
    assert {t.key for t in r.tactics if t.default} == {"standard", "withdraw"}
    wall = r.tactic("defensive_wall").effects[0]
    assert (wall.offense, wall.defense) == (-2, 2)
    assert r.tactic("cavalry_experts").requires == ("mounts",)
    assert (r.resource("mounts").effects[0].offense, r.resource("mounts").effects[0].defense) == (2, 2)
    assert r.resource("siege_engines").scales is False
    assert r.resource("ranged_weapons").grants == ("ranged",)
    loyalty = r.boon("loyalty")
    assert loyalty.leadership == 6 and [(e.morale, e.leadership) for e in loyalty.effects] == [(2, 0), (4, 12)]
    assert len(r.tactics) == 14 and len(r.boons) == 11


def test_every_assumed_key_names_a_value():
    r = shipped()
    assert "armies.attacks_per_square" in r.ruleset.assumed
    assert "ranged.into_melee" in r.ruleset.assumed
    for path in r.ruleset.assumed:
        assert resolve_path(r, path) is not None, path


@pytest.mark.parametrize(("old", "new", "says"), [
    ('cr_ladder = ["1/8", "1/6"', 'cr_ladder = ["1/6", "1/8"', "rise"),
    ('formations = ["1x2", "2x1"]', 'formations = ["1x2", "3x1"]', "same number of squares"),
    ('formations = ["2x2"]', 'formations = ["2by2"]', "frontage x depth"),
    ('requires = ["mounts"]', 'requires = ["horses"]', "no resource"),
    ('phases = ["tactics", "movement", "ranged", "melee", "morale"]', 'phases = ["tactics", "movement", "melee", "morale"]', "phases"),
    ('"ambush.roller", "terrain"', '"ambush.roller", "terrain.lava"', "names no key"),
    ('resource_multiplier = "1/8"', 'resource_multiplier = "an eighth"', "not a number"),
    ('fail_by = 5', 'fail_by = 12', "fail_by"),
    ('glyph = "~"', 'glyph = "≈"', "glyph"),
])
def test_a_house_rule_typo_is_one_line(tmp_path, old, new, says):
    with pytest.raises(SaveFileError) as caught:
        rs.load_ruleset_file(house_copy(tmp_path, old, new))
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_house_rule_changes_the_numbers(tmp_path):
    edited = rs.load_ruleset_file(house_copy(tmp_path, "switch_tactics_dc = 12", "switch_tactics_dc = 15"))
    assert edited.morale.switch_tactics_dc == 15
