"""The army builder's preview: a faction's first Battle Pool from the muster alone."""

from __future__ import annotations

from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool
from tui.core.systems.myz.rules import shipped as myz
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.preview import muster_preview, preview_strategy

RULES = myz()


def leader(name: str = "Boss") -> tuple[Person, ...]:
    return (Person(name=name, position="leader", skills={"comprehend": "3b1s"}),)


def game(ghouls: Army, ark: Army, field_: Battlefield = Battlefield()):
    return Battle.new("Preview", ("Zone-Ghouls", "The Ark"), seed=1, armies=(ghouls, ark), battlefield=field_).game


def sources(preview, side: int) -> list[tuple[str, str, int, int, int]]:
    return [(line.source, line.detail, line.base, line.skill, line.gear) for line in preview.pools[side].lines]


def test_the_ghoul_strike_ark_gets_a_class_die_and_a_superiority():
    # "The Ark has ... Battle Level 2. The attackers ... have Battle Level 3. The Ark
    # possesses a scrap cannon ..., earning the defenders a Support Die for this
    # special class unit and a Strategy Die for Artillery Superiority."
    ghouls = Army(people=leader("Chief"), battle_level=3)
    ark = Army(people=leader("Marlotte"), battle_level=2, units={"artillery": 1}, defends_ark=True, combat_ready=False)
    preview = muster_preview(game(ghouls, ark))
    assert preview.strategies == ("attack", "attack")
    assert sources(preview, 1) == [
        ("battle_level", "", 2, 0, 0),
        ("special_class", "artillery", 0, 0, 1),
        ("superiority", "artillery", 0, 1, 0),
        ("strategy", "attack", 0, 0, 0),
    ]
    assert preview.pools[1].pool == Pool(2, 1, 1)
    assert preview.pools[0].pool == Pool(3, 0, 0)


def test_a_combat_ready_ark_shows_its_bonus_as_its_own_line():
    ark = Army(people=leader(), battle_level=2, defends_ark=True, combat_ready=True, ark_projects=("arsenal",))
    preview = muster_preview(game(Army(), ark))
    lines = sources(preview, 1)
    assert ("battle_level", "", 2, 0, 0) in lines
    assert ("combat_ready", "", 1, 0, 0) in lines
    assert ("ark_project", "arsenal", 0, 0, 1) in lines
    # the projects count only for a faction defending its Ark
    away = muster_preview(game(Army(), ark.model_copy(update={"defends_ark": False})))
    assert [line for line in sources(away, 1) if line[0] in ("ark_project", "combat_ready")] == []


def test_battle_level_from_fighters_at_the_rulesets_ratio():
    ratio = RULES.battle_level.fighters_per_level
    preview = muster_preview(game(Army(fighters=4 * ratio + 1), Army()))
    assert preview.pools[0].pool.base == 4


def test_a_besieged_defender_previews_a_defensive_strategy_with_its_fortification():
    ark = Army(people=leader(), battle_level=2, defends_ark=True, ark_projects=("defenses", "watchtower"), terrain="hills")
    preview = muster_preview(game(Army(people=leader(), battle_level=3), ark, Battlefield(siege=1)))
    assert preview.strategies == ("attack", preview_strategy(RULES, True))
    assert preview.strategies[1] == "defense"
    lines = sources(preview, 1)
    assert ("fortification", "", 0, 0, 2) in lines  # Defenses + Watchtower: walled
    assert ("defensive_advantage", "hills", 0, 1, 0) in lines
    assert preview.defending[1] == ()  # it defends already


def test_what_a_defensive_strategy_would_add():
    army = Army(people=leader(), battle_level=2, terrain="mountain")
    preview = muster_preview(game(army, Army()))
    assert [(line.source, line.skill) for line in preview.defending[0]] == [("defensive_advantage", 2)]
    assert preview.defending[1] == ()  # open ground: nothing


def test_units_granted_by_ark_projects_count():
    ark = Army(people=leader(), battle_level=4, defends_ark=True, ark_projects=("stables", "hunting_party"))
    preview = muster_preview(game(Army(), ark))
    assert preview.units[1]["cavalry"] == 2  # one per 2 Battle Level
    assert ("special_class", "cavalry", 0, 0, 1) in sources(preview, 1)
    assert "scout" in preview.recon[1] and "no_scout" not in preview.recon[1]
    # in a siege cavalry does not count
    besieged = muster_preview(game(Army(), ark, Battlefield(siege=1)))
    assert all(line[1] != "cavalry" for line in sources(besieged, 1))


def test_reconnaissance_factors_and_the_environment_rating():
    army = Army(people=leader(), home_territory=True, motorised=True, forced_march=True)
    preview = muster_preview(game(army, Army(), Battlefield(environment="ruins", night=True, bad_weather=True)))
    assert set(preview.recon[0]) == {"home", "no_scout", "motorised", "forced_march"}
    assert preview.recon_modifier[0] == 1 - 1 - 1 - 1
    assert preview.rating == 1  # 3 halved (rounded up) = 2, then bad weather -1


def test_no_leader_is_needed_for_a_preview():
    preview = muster_preview(game(Army(), Army()))
    assert preview.pools[0].pool == Pool()
    assert preview_strategy(RULES, False) == "attack"
