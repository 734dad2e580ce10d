"""Rulesets: the bundled files load, and an edited copy fails with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.core.files import rulesets as rs
from tui.core.dice.d20 import AttackRules
from tui.core.dice.year_zero import YearZeroRules
from tui.core.ruleset_base import LANGUAGES
from tui.core.systems.fate.rules import FateRuleset
from tui.core.systems.fate.rules import shipped as fate
from tui.core.systems.kingmaker.rules import KingmakerRuleset
from tui.core.systems.kingmaker.rules import shipped as kingmaker
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.rules import shipped as myz
from tui.core.systems.second_world.rules import SecondWorldRuleset
from tui.core.errors import MassCombatError, RulesetError, SaveFileError


def bundled_text(system: str) -> str:
    return rs.find_ruleset(system).read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def location_of(text: str, line: int, column: int) -> str:
    """The rest of ``line`` from ``column`` (both 1-based)."""
    return text.splitlines()[line - 1][column - 1:]


def outside_comment(text: str, line: int, column: int) -> bool:
    before = text.splitlines()[line - 1][: column - 1]
    return "#" not in before


# -- the bundled rulesets -----------------------------------------------------


@pytest.mark.parametrize(
    ("system", "model"),
    [("myz", MyzRuleset), ("fate", FateRuleset), ("second_world", SecondWorldRuleset), ("kingmaker", KingmakerRuleset)],
)
def test_bundled_rulesets_load(system, model):
    ruleset = rs.shipped_ruleset(system)
    assert isinstance(ruleset, model)
    assert ruleset.ruleset.system == system
    assert ruleset.ruleset.schema_version == 1
    for language in LANGUAGES:
        assert ruleset.ruleset.title(language).strip()
    # Loading the file directly gives the same thing.
    assert rs.load_ruleset_file(rs.find_ruleset(system)) == ruleset


def test_myz_ruleset_numbers():
    ruleset = myz()
    assert (ruleset.dice.sides, ruleset.dice.success_face, ruleset.dice.bane_face, ruleset.dice.gear_bane_face) == (6, 6, 1, 1)
    assert ruleset.dice.max_pool_dice == 99
    assert ruleset.push.strategy_dice_per_push == 1
    assert ruleset.push.max_pushes is None
    assert YearZeroRules.from_ruleset(ruleset) == YearZeroRules()


def test_fate_ruleset_numbers():
    ruleset = fate()
    assert ruleset.dice.count == 4
    assert ruleset.outcomes.success_with_style_shifts == 3
    assert sorted(step.rating for step in ruleset.ladder) == list(range(-2, 9))


def test_kingmaker_ruleset_numbers():
    ruleset = kingmaker()
    rules = AttackRules.from_ruleset(ruleset)
    assert rules.die == 20
    assert rules.natural_hit_face == 20
    assert rules.natural_miss_face == 0
    assert rules.crit_face == 20
    assert rules.crit_extra_damage == 1
    assert rules.minimum_damage == 1
    assert "attack.natural_hit_face" in ruleset.ruleset.assumed


def test_unknown_system_is_refused():
    with pytest.raises(RulesetError):
        rs.find_ruleset("warhammer")


# -- the Fate ladder ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "en", "de"),
    [
        (8, "Legendary", "Legendär"),
        (4, "Great", "Großartig"),
        (2, "Fair", "Ordentlich"),
        (1, "Average", "Durchschnittlich"),
        (0, "Mediocre", "Mäßig"),
        (-2, "Terrible", "Fürchterlich"),
        (9, "Legendary+1", "Legendär+1"),
        (10, "Legendary+2", "Legendär+2"),
        (-3, "Terrible-1", "Fürchterlich-1"),
        (-5, "Terrible-3", "Fürchterlich-3"),
    ],
)
def test_ladder_names(rating, en, de):
    ruleset = fate()
    assert ruleset.ladder_name(rating, "en") == en
    assert ruleset.ladder_name(rating, "de") == de


def test_ladder_names_every_rating_in_both_languages():
    ruleset = fate()
    for language in LANGUAGES:
        names = [ruleset.ladder_name(r, language) for r in range(-2, 9)]
        assert len(set(names)) == 11
        assert all(name.strip() for name in names)


# -- edited copies ------------------------------------------------------------


def test_a_typo_in_an_optional_key_is_refused(tmp_path):
    text = replace_once(bundled_text("myz"), "strategy_dice_per_push = 1\n", "strategy_dice_per_push = 1\nmax_push = 3\n")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    message = str(info.value)
    assert message.startswith(str(path) + ":")
    assert "push.max_push" in message
    assert info.value.location is not None
    assert location_of(text, *info.value.location).startswith("max_push = 3")


def test_a_typo_in_a_required_key_is_refused(tmp_path):
    text = replace_once(bundled_text("myz"), "\nsuccess_face = 6", "\nsucces_face = 6")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    message = str(info.value)
    assert message.startswith(str(path) + ":")
    assert "success_face" in message
    assert "\n" not in message


def test_a_typo_in_a_table_name_is_refused_at_a_real_place(tmp_path):
    text = replace_once(bundled_text("myz"), "[dice]", "[dicee]")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    message = str(info.value)
    assert message.startswith(str(path) + ":")
    assert "dice" in message
    if info.value.location is not None:
        # A line and column must point at the file's data, never into a comment.
        assert outside_comment(text, *info.value.location), (message, location_of(text, *info.value.location))


def test_a_typo_in_the_fate_ruleset_is_refused(tmp_path):
    text = replace_once(bundled_text("fate"), "success_with_style_shifts = 3", "success_with_style_shift = 3")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(str(path) + ":")
    assert "success_with_style_shift" in str(info.value)


@pytest.mark.parametrize("face", ["success_face", "bane_face", "gear_bane_face"])
def test_a_face_not_on_the_die_is_refused(tmp_path, face):
    text = bundled_text("myz")
    line = next(li for li in text.splitlines() if li.startswith(face + " "))
    text = replace_once(text, line, f"{face} = 7")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(str(path) + ":")
    assert face in str(info.value)
    assert "7" in str(info.value)


def test_a_success_face_that_is_also_a_bane_is_refused(tmp_path):
    text = replace_once(bundled_text("myz"), "\nsuccess_face = 6", "\nsuccess_face = 1")
    with pytest.raises(SaveFileError):
        rs.load_ruleset_file(write(tmp_path, text))


def test_a_house_rule_copy_loads(tmp_path):
    text = replace_once(bundled_text("myz"), "strategy_dice_per_push = 1\n", "strategy_dice_per_push = 2\nmax_pushes = 3\n")
    ruleset = rs.load_ruleset_file(write(tmp_path, text))
    rules = YearZeroRules.from_ruleset(ruleset)
    assert rules.strategy_dice_per_push == 2
    assert rules.max_pushes == 3


def test_a_ladder_with_a_gap_is_refused(tmp_path):
    text = replace_once(bundled_text("fate"), '[[ladder]]\nrating = 3\nname = { en = "Good", de = "Gut" }\n', "")
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(str(path) + ":")
    assert "ladder" in str(info.value)


def test_a_ladder_with_a_repeated_rating_is_refused(tmp_path):
    text = replace_once(bundled_text("fate"), "rating = 3\n", "rating = 4\n")
    with pytest.raises(SaveFileError):
        rs.load_ruleset_file(write(tmp_path, text))


def test_a_ladder_name_missing_a_language_is_refused(tmp_path):
    text = replace_once(bundled_text("fate"), 'rating = 3\nname = { en = "Good", de = "Gut" }', 'rating = 3\nname = { en = "Good" }')
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(write(tmp_path, text))
    assert "de" in str(info.value)


def test_a_toml_syntax_error_gives_file_line_and_column(tmp_path):
    text = replace_once(bundled_text("myz"), "\nsides = 6\n", "\nsides = 6 6\n")
    line = text.splitlines().index("sides = 6 6") + 1
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(f"{path}:{line}:11: ")
    assert info.value.location == (line, 11)
    assert "\n" not in str(info.value)


def test_a_toml_syntax_error_with_a_missing_value(tmp_path):
    text = replace_once(bundled_text("kingmaker"), "\ndie = 20\n", "\ndie = \n")
    line = text.splitlines().index("die = ") + 1
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(f"{path}:{line}:7: ")


def test_an_unknown_system_in_a_file_is_refused(tmp_path):
    text = replace_once(bundled_text("myz"), 'system = "myz"', 'system = "risk"')
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(str(path))
    assert "ruleset.system" in str(info.value)


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(tmp_path / "nope.toml")
    assert str(info.value).startswith(str(tmp_path / "nope.toml"))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("mutants")


@given(
    st.sampled_from(["myz", "fate", "second_world", "kingmaker"]),
    st.integers(0, 10_000),
    st.sampled_from(["", "=", "[", "]", "\"", "x", "7", "-", "\n", "#", "{", ".", "é"]),
    st.integers(0, 3),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_mangled_ruleset_never_crashes(scratch, system, where, char, cut):
    text = bundled_text(system)
    where %= len(text) + 1
    mangled = text[:where] + char + text[where + cut:]
    path = write(scratch, mangled, f"{system}.toml")
    try:
        rs.load_ruleset_file(path)
    except MassCombatError as exc:
        assert isinstance(exc, SaveFileError)
        assert str(exc).startswith(str(path))
        assert "\n" not in str(exc)


# -- Fate: This Means War, every number of the text -----------------------------------


def test_fate_unit_qualities_costs_and_consequences():
    r = fate()
    assert [(q.key, q.cost, q.skills, q.aspects, q.consequences) for q in r.qualities] == [
        ("average", 1, (1,), 1, ()),
        ("fair", 2, (2, 1, 1), 2, ("mild",)),
        ("good", 3, (3, 2, 2, 1, 1, 1), 3, ("mild", "moderate")),
    ]
    assert [(q.name("en"), q.name("de"), q.troops("de")) for q in r.qualities] == [
        ("Average", "Durchschnittlich", "Rekruten"),
        ("Fair", "Ordentlich", "Frontsoldaten"),
        ("Good", "Gut", "Elitesoldaten"),
    ]
    assert [(c.key, c.shifts, c.recovery_difficulty) for c in r.consequences] == [("mild", 2, 2), ("moderate", 4, 4), ("severe", 6, 6)]
    assert (r.consequence("mild").name("de"), r.consequence("moderate").name("de")) == ("leichte", "mittlere")
    assert r.battle_chest.fate_point_cost == 3
    assert [(p.points, p.most) for p in r.battle_chest.presets] == [(5, 5), (10, 12), (20, 20)]


def test_fate_skills_in_both_languages():
    r = fate()
    assert [(s.name("en"), s.name("de")) for s in r.skills] == [
        ("Athletics", "Athletik"), ("Drive/Pilot", "Fahren/Pilot"), ("Fight", "Kämpfen"), ("Notice", "Wahrnehmung"),
        ("Provoke", "Provozieren"), ("Shoot", "Schießen"), ("Stealth", "Heimlichkeit"), ("Will", "Wille"),
    ]


def test_fate_numbers_of_the_battle():
    r = fate()
    assert (r.zones.more_than_players, r.zones.hidden_aspect_fate_points) == (1, 1)
    assert (r.actions.free_move_zones, r.actions.second_action_fate_points, r.actions.attack_ends_turn) == (1, 1, True)
    assert (r.create_advantage.scouting_difficulty, r.create_advantage.scouting_per_aspect, r.create_advantage.surrounded_attack_bonus) == (2, 2, 1)
    assert {u.key: u.skill for u in r.create_advantage.uses} == {
        "ambush": "stealth", "intimidate": "provoke", "pinned_down": "shoot", "scouting": "notice", "surrounded": None,
    }
    assert (r.overcome.difficulty_per_hindering_aspect, r.overcome.ally_defender_bonus, r.overcome.extra_move_zones) == (2, 1, 2)
    assert (r.attack.same_zone_skill, r.attack.adjacent_skill, r.attack.far_defence_bonus) == ("fight", "shoot", 2)
    assert r.attack.advantage_only_skills == ("provoke",) and not r.attack.shoot_only and r.attack.shoot_defence_skill is None
    assert (r.invokes.bonus, r.leaders.skill_bonus, r.leaders.bonus_skill, r.initiative.skill) == (2, 1, "will", "will")
    assert r.leaders.boost_difficulty_per_consequence == 2


def test_the_end_of_a_fate_battle_follows_the_language_of_the_text():
    r = fate()
    assert r.winning.ends_when == {"en": "units", "de": "units_and_leaders"}
    assert (r.winning.winning_side_fate_points, r.winning.fate_points_per_leader_defeated) == (1, 1)


@pytest.mark.parametrize(
    "old, new, where",
    [
        ('consequences = ["mild"]', 'consequences = ["mlid"]', "mlid"),
        ("skills = [2, 1, 1]", "skills = [2, 1, 11]", "ladder"),
        ("skills = [2, 1, 1]", "skills = [1, 2, 1]", "highest first"),
        ('adjacent_skill = "shoot"', 'adjacent_skill = "shot"', "attack.adjacent_skill"),
        ('skill = "stealth"', 'skill = "steath"', "ambush"),
        ('ends_when = { en = "units", de = "units_and_leaders" }', 'ends_when = { en = "unit" }', "ends_when"),
    ],
)
def test_a_typo_in_the_fate_battle_rules_is_refused(tmp_path, old, new, where):
    path = write(tmp_path, replace_once(bundled_text("fate"), old, new))
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    assert str(info.value).startswith(str(path) + ":")
    assert where in str(info.value)


@pytest.mark.parametrize(("system", "line", "key"), [
    ("fate", "free_move_zones = 1", "actions.free_move_zones"),
    ("second_world", "zones = 1               # \"that character can move one zone\"", "free_move.zones"),
])
def test_a_free_move_of_more_than_one_zone_is_refused_in_one_line(tmp_path, system, line, key):
    """The app moves a free move to an adjacent zone only: a house rule of 2
    would be read and ignored, so it is refused where it is written."""
    text = replace_once(bundled_text(system), line, line.replace("= 1", "= 2", 1))
    path = write(tmp_path, text)
    with pytest.raises(SaveFileError) as info:
        rs.load_ruleset_file(path)
    message = str(info.value)
    assert message.startswith(str(path) + ":") and key in message and "\n" not in message
