"""The Second World ruleset: every number the text gives, Fate Core's
where it is silent, and a house-rule copy's typos refused in one line.

Rules text: "Pistols and light firearms can fire into adjacent zones, and
large firearms and bows can fire up to three zones away. Five zones is the
minimum distance to consider combatants as withdrawn from a combat."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.files import rulesets as rs
from tui.core.maps.edges import parse_costs
from tui.core.errors import SaveFileError
from tui.core.systems.second_world.rules import shipped


def house_copy(tmp_path: Path, old: str, new: str) -> Path:
    text = rs.find_ruleset("second_world").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_weapon_classes_reach_as_the_text_says():
    r = shipped()
    reach = {w.key: (w.skill, w.range, w.heavy) for w in r.weapons}
    assert reach["light_firearm"] == ("shoot", 1, False)
    assert reach["large_firearm"] == ("shoot", 3, False)
    assert reach["bow"] == ("shoot", 3, False)
    assert reach["heavy_ranged"][2] is True
    assert reach["melee"] == ("fight", 0, False)
    assert {"weapons.heavy_ranged.range", "weapons.melee"} <= set(r.ruleset.assumed)


def test_zones_situations_and_moves_as_the_text_says():
    r = shipped()
    assert r.zones.withdrawn_at == 5
    assert (r.situation("cluttered").ranged, r.situation("cluttered").max_range) == (False, None)
    assert (r.situation("claustrophobic").ranged, r.situation("claustrophobic").max_range) == (True, 1)
    assert (r.free_move.zones, r.free_move.erode, r.free_move.shoot_penalty, r.free_move.shoot_skill) == (1, 1, 1, "shoot")
    assert (r.move.skill, r.move.difficulty, r.move.max_zones, r.move.shifts_per_zone) == ("athletics", 0, 3, 1)
    assert (r.initiative.swivel_skill, r.initiative.tie_breakers, r.initiative.ambush_surprise_round) == ("notice", ("notice", "athletics"), True)


def test_the_example_edges_are_presets():
    r = shipped()
    assert {p.key: (p.costs, p.closed) for p in r.edge_presets} == {
        "door": ("1/0/1", True),
        "bunker_door": ("4/0/4", True),
        "barbed_wire": ("X/4/X", False),
        "barricade": ("4/2/X", True),
    }
    assert parse_costs(r.preset("barricade").costs) == (4, 2, None)


def test_fate_core_where_the_text_is_silent():
    r = shipped()
    assert len(r.skills) == 18 and r.skill("notice").name("de") == "Wahrnehmung"
    assert [(t.key, t.skill, t.boxes_for(0), t.boxes_for(1), t.boxes_for(2), t.boxes_for(3), t.boxes_for(5)) for t in r.stress] == [
        ("physical", "physique", 2, 3, 3, 4, 4),
        ("mental", "will", 2, 3, 3, 4, 4),
    ]
    assert [(c.key, c.shifts) for c in r.consequences] == [("mild", 2), ("moderate", 4), ("severe", 6)]
    assert [(n.key, n.skills, n.stress_boxes) for n in r.nameless] == [("average", (1,), 0), ("fair", (2, 1), 1), ("good", (3, 2, 1), 2)]
    assert (r.invokes.bonus, r.invokes.fate_point_cost, r.concession.fate_points, r.concession.per_consequence) == (2, 1, 1, 1)
    assert sorted(a.key for a in r.actions) == ["attack", "create_advantage", "defend", "overcome"]
    assert r.rated(0, "en") == "Mediocre (+0)" and r.rated(3, "de") == "Gut (+3)"


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('costs = "4/2/X"', 'costs = "4/2"', "open/traverse/close"),
        ("closed = false", "closed = true", "always open, so it cannot start closed"),
        ('skill = "athletics"     # "roll', 'skill = "athletic"     # "roll', "'athletic' is not in [[skills]]"),
        ('track = "mental"\nskill = "will"\nat_least = 5', 'track = "spiritual"\nskill = "will"\nat_least = 5', "'spiritual' is not in [[stress]]"),
        ('track = "mental"\nrange = 0', 'track = "spirit"\nrange = 0', "'spirit' is not in [[stress]]"),
        ('key = "shoot"\nname = { en = "Shoot", de = "Schießen" }\nskill = "shoot"\ndefend = ["athletics"]', 'key = "shoot"\nname = { en = "Shoot", de = "Schießen" }\nskill = "shoot"\ndefend = ["dodging"]', "'dodging' is not in [[skills]]"),
        ("weapon = true", "weapon = true\nrange = 2", "either a range or weapon = true"),
        ('key = "defend"', 'key = "dodge"', "four actions"),
        ('skills = [3, 2, 1]', 'skills = [1, 2, 3]', "highest first"),
        ('"attacks.provoke.range",', '"attacks.provoke.range", "weapons.laser.range",', "names no key"),
        ('ranged = false ', 'ranged = false\nmax_range = 2 ', "no max_range"),
        ("withdrawn_at = 5", "withdrawn_at = 500", "less than or equal to 99"),
    ],
)
def test_a_broken_house_rule_is_refused_in_one_line(tmp_path, old, new, says):
    with pytest.raises(SaveFileError) as caught:
        rs.load_ruleset_file(house_copy(tmp_path, old, new))
    message = str(caught.value)
    assert says in message and "\n" not in message
    assert message.startswith(str(tmp_path / "house.toml"))
