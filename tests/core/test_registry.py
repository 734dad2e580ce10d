"""The registry of systems: every system found by its key, its save model
and battle loading through it."""

from __future__ import annotations

import pytest

from tui.core.errors import MassCombatError
from tui.core.files.loading import load_battle
from tui.core.files.saving import save_battle
from tui.core.system import GROUP, UnknownSystem, find_system, ruleset_spec, system_keys, system_of


def test_each_system_is_found_by_its_key_and_knows_its_names():
    assert system_keys() == ("myz", "fate", "second_world", "kingmaker")
    for key in system_keys():
        system = find_system(key)
        assert system.key == key and system.name("en") and system.name("de")
        battle = system.new_battle(5)
        assert system_of(battle) is system and battle.seed == 5
    assert ruleset_spec("kingmaker").file == "kingmaker-fantasy-battle.toml"


def test_the_bundled_systems_are_installed_entry_points():
    """Found the way any package's system would be: by its entry point."""
    from importlib.metadata import entry_points

    points = {p.name: p.value for p in entry_points(group=GROUP)}
    assert {"myz", "fate", "second_world", "kingmaker"} <= set(points)
    assert points["fate"] == "tui.core.systems.fate.system:SYSTEM"
    from tui.ui.registry import GROUP as SCREENS

    assert {p.name for p in entry_points(group=SCREENS)} >= set(points)


def test_an_unknown_system_is_one_clear_error():
    with pytest.raises(UnknownSystem) as caught:
        find_system("second_world_war")
    assert "second_world_war" in str(caught.value) and "myz" in str(caught.value)
    assert issubclass(UnknownSystem, MassCombatError) and issubclass(UnknownSystem, ValueError)


def test_a_save_naming_an_unknown_system_is_refused_with_its_place(tmp_path):
    battle = find_system("fate").new_battle(3)
    path = tmp_path / "battle.toml"
    save_battle(battle, path)
    path.write_text(path.read_text().replace('system = "fate"', 'system = "warhammer"'))
    with pytest.raises(MassCombatError) as caught:
        load_battle(path)
    message = str(caught.value)
    assert "warhammer" in message and str(path) in message and "\n" not in message


def test_every_system_saves_and_loads_through_the_registry(tmp_path):
    for key in system_keys():
        battle = find_system(key).new_battle(9)
        path = tmp_path / f"{key}.toml"
        save_battle(battle, path)
        loaded = load_battle(path)
        assert system_of(loaded).key == key and loaded.to_file() == battle.to_file()
