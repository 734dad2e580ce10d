"""The Kingmaker army builder, driven by keys: an army built step by step
(the Kingmaker text's 500 fighters), a CR off the ladder and too few troops
refused on their step, cavalry, each toggle list (resources, tactics,
special abilities, boons) with what the rules refuse greyed out and why,
the commander, the GM's numbers, Morale, removing, the sides, undo and
redo, the German sheet, names shown as typed, and the battle's hp."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tests.ui.kingmaker.play import app_for, empty, game, keys
from tests.ui.test_key_bursts import burst, settle
from tui.core.systems.kingmaker import demo
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.forces import AbilityPick, Army, Commander
from tui.core.systems.kingmaker.rules import shipped
from tui.ui.kingmaker.armies import KingmakerArmiesScreen
from tui.ui.kingmaker.army_kit import ArmyBuilderNumber
from tui.ui.shell.dialogs import AskDialog, ChoiceDialog

MENU = ["basics", "resources", "tactics", "abilities", "commander", "boons", "numbers", "morale"]
FIGHTERS = ("a", *"Fighters", "enter", "enter", *"humans (fighter 3)", "enter", "2", "enter", *"500", "enter", "enter", "enter")
"""The Kingmaker text's army: 500 CR 2 fighters, d10, no mounts."""


def with_armies(*armies: Army):
    battle = empty()
    for army in armies:
        battle.record(ev.SetArmy(army=army))
    return battle


def army(**fields) -> Army:
    return Army(**{"key": "a1", "name": "Fighters", "cr": "2", "troops": 500, **fields})


async def builder(app, pilot) -> KingmakerArmiesScreen:
    """A battle with armies opens on the mat: F4 goes to the army builder."""
    await pilot.pause()
    await keys(app, pilot, "f4")
    assert isinstance(app.screen, KingmakerArmiesScreen)
    return app.screen


def sheet(app) -> str:
    """The army builder's sheet (under any dialog open on it)."""
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, KingmakerArmiesScreen))
    return str(screen.query_one("#sheet").render())


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def error(app) -> str:
    assert isinstance(app.screen, AskDialog)
    return str(app.screen.query_one(".dialog-error").render())


def entry(name: str) -> list[str]:
    """Keys that open the army menu's entry ``name``."""
    return ["enter", *["down"] * MENU.index(name), "enter"]


def choices(app) -> dict[object, object]:
    """The open dialog's options: value -> the Choice."""
    assert isinstance(app.screen, ChoiceDialog)
    return {c.value: c for c in app.screen._choices}


async def choose(app, pilot, value, *after: str) -> None:
    """Move the open list's cursor to ``value`` and take it, then type ``after``."""
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog)
    options = dialog.query_one(OptionList)
    wanted = next(i for i, c in enumerate(dialog._choices) if c.value == value)
    for _ in range(len(dialog._choices) + 1):
        if options.highlighted == wanted:
            break
        await keys(app, pilot, "down" if options.highlighted < wanted else "up")
    assert dialog._choices[options.highlighted].value == value
    await keys(app, pilot, "enter", *after)


def set_armies(app) -> list[Army]:
    """Every army recorded by SetArmy so far, in order."""
    return [e.army for e in app.battle.history.events if isinstance(e, ev.SetArmy)]


# -- building an army -------------------------------------------------------------------


@pytest.mark.covers("km.armies_add", "km.hit_die.d10")
async def test_the_texts_fighters_are_built_by_keys_sent_in_one_burst(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, KingmakerArmiesScreen)  # a new battle opens on the builder
        assert "No armies yet" in sheet(app)
        await keys(app, pilot, *FIGHTERS)
        assert isinstance(app.screen, KingmakerArmiesScreen)
        (made,) = game(app).armies
        assert (made.key, made.name, made.side, made.creature, made.cr, made.troops, made.hit_die, made.mount_cr) == (
            "a1", "Fighters", 0, "humans (fighter 3)", "2", 500, "d10", None)
        text = sheet(app)
        for words in ("Huge", "500 troops of CR 2", "ACR 6  (CR 2, Huge: +4 on the", "hp 33  (ACR 6 × 5.5 for d10)", "Offense +6  (ACR 6)",
                      "Defense 16  (base 10, ACR 6)", "Consumption 3 BP a week  (ACR 6 / 2 = 3)", "Maximum Damage 4", "Attacks 8",
                      "4 squares, 2x2 (frontage x depth)", "speed 3 squares a turn", "Tactics learned 0 of 3", "Standard, Withdraw"):
            assert words in text, words
        assert "Attackers: 1 army" in status(app) and "Defenders: 0 armies" in status(app)
        assert "Fighters  ACR 6 · Huge" in screen_text(app)
        # The next army takes the next free key, on the side chosen.
        await keys(app, pilot, "a", *"Orcs", "enter", "down", "enter", "enter", *"1/3", "enter", *"200", "enter", "enter", "enter")
        orcs = game(app).army("a2")
        assert (orcs.side, orcs.cr, orcs.troops) == (1, "1/3", 200)
        assert "Large" in sheet(app) and "ACR 1" in sheet(app)  # the cursor is on the new army


async def test_a_cr_off_the_ladder_and_a_head_count_the_rules_cant_field_stay_on_their_step(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a", *"Kobolds", "enter", "enter", "enter", *"7/2", "enter")
        assert "CR 7/2 is not on the ladder" in error(app)
        assert "Kobolds" in str(app.screen._title)
        await keys(app, pilot, "ctrl+u", *"1/8", "enter", *"5", "enter")
        assert "too few troops (5) to be an army: a unit has at least 10" in error(app)
        await keys(app, pilot, "ctrl+u", *"10", "enter")
        assert "falls below ACR 1/8" in error(app)  # a Diminutive army of CR 1/8: below the ladder
        await keys(app, pilot, "ctrl+u", *"3000", "enter")
        assert "more than 2000 troops" in error(app)
        await keys(app, pilot, "ctrl+u", *"lots", "enter")
        assert "lots is not a whole number" in error(app)
        assert game(app).armies == ()
        await keys(app, pilot, "ctrl+u", *"100", "enter", "enter", "enter")
        assert game(app).army("a1").troops == 100
        assert "ACR 1/8" in sheet(app)


@pytest.mark.covers("km.hit_die.d8")
async def test_cavalry_takes_the_mounts_cr_and_the_higher_acr_counts(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a", *"Knights", "enter", "enter", "enter", "2", "enter", *"100", "enter", "up", "enter", *"40", "enter")
        assert "CR 40 is not on the ladder" in error(app)
        await keys(app, pilot, "ctrl+u", "1", "enter")
        knights = game(app).army("a1")
        assert (knights.hit_die, knights.mount_cr, knights.mounted) == ("d8", "1", True)
        text = sheet(app)
        assert "cavalry: riders ACR 2, mounts ACR 1; the higher counts" in text
        assert "Offense +4  (ACR 2, Mounts +2)" in text and "Defense 14  (base 10, ACR 2, Mounts +2)" in text
        assert "hp 9  (ACR 2 × 4.5 for d8)" in text
        assert "Resources (cost 1 BP): Mounts" in text


@pytest.mark.covers("km.hit_die.d6", "km.hit_die.d12")
@pytest.mark.parametrize(("ups", "die", "hp"), [(2, "d6", 21), (-1, "d12", 39)])
async def test_the_hit_die_sets_the_hp(tmp_path, ups, die, hp):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        moves = ["up"] * ups if ups > 0 else ["down"] * -ups
        await keys(app, pilot, "a", *"Ogres", "enter", "enter", "enter", "2", "enter", *"500", "enter", *moves, "enter", "enter")
        assert game(app).army("a1").hit_die == die
        assert f"hp {hp}  (ACR 6 × " in sheet(app)


@pytest.mark.covers("km.armies_edit", "km.army.basics", "app.km_armies")
async def test_the_basics_are_changed_with_the_old_values_proposed(tmp_path):
    app = app_for(tmp_path, with_armies(army(creature="humans (fighter 3)", resources=("masterwork_armor",))))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("basics"), "ctrl+u", *"Old Guard", "enter", "enter", "enter", "enter", "ctrl+u", *"1000", "enter", "enter", "enter")
        changed = game(app).army("a1")
        assert (changed.name, changed.creature, changed.cr, changed.troops, changed.resources) == ("Old Guard", "humans (fighter 3)", "2", 1000, ("masterwork_armor",))
        assert "Gargantuan" in sheet(app) and "2x3 (frontage x depth) or 3x2" in sheet(app)
        before = len(app.battle.history.events)
        await keys(app, pilot, *entry("basics"), *["enter"] * 7)
        assert len(app.battle.history.events) == before  # nothing changed: nothing recorded


# -- the toggle lists ----------------------------------------------------------------------


@pytest.mark.covers(
    "km.army.resources", "km.resource.healing_potions", "km.resource.masterwork_armor", "km.resource.magic_armor",
    "km.resource.masterwork_weapons", "km.resource.magic_weapons", "km.resource.mounts", "km.resource.ranged_weapons",
    "km.resource.siege_engines",
)
async def test_resources_are_toggled_one_by_one_and_each_is_recorded_at_once(tmp_path):
    app = app_for(tmp_path, with_armies(army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("resources"))
        assert set(choices(app)) == {r.key for r in shipped().resources}
        assert choices(app)["healing_potions"].detail.startswith("Twice a battle")
        # the price for this army's size (Huge: 4 × a Medium army's), not a Medium army's
        assert choices(app)["healing_potions"].detail.endswith("Costs 40 BP for this army (Huge), Consumption +0.")
        await choose(app, pilot, "healing_potions")
        assert game(app).army("a1").resources == ("healing_potions",)
        assert isinstance(app.screen, ChoiceDialog)  # the list again, on the same row
        assert choices(app)["healing_potions"].note == "✓"
        await choose(app, pilot, "masterwork_armor")
        assert choices(app)["magic_armor"].note == "replaces Improved Armor (masterwork)"
        await choose(app, pilot, "magic_armor")
        await choose(app, pilot, "masterwork_weapons")
        await choose(app, pilot, "magic_weapons")
        assert game(app).army("a1").resources == ("healing_potions", "magic_armor", "magic_weapons")
        await choose(app, pilot, "mounts", "1", "enter")
        await choose(app, pilot, "ranged_weapons")
        await choose(app, pilot, "siege_engines", "2", "enter")
        assert choices(app)["siege_engines"].note == "✓ ×2"
        await choose(app, pilot, "healing_potions")  # chosen again: taken away
        await keys(app, pilot, "escape")
        made = game(app).army("a1")
        assert made.resources == ("magic_armor", "magic_weapons", "ranged_weapons")
        assert (made.mount_cr, made.siege_engines) == ("1", 2)
        text = sheet(app)
        assert "Offense +12  (ACR 6, Improved Weapons (magic) +2, Mounts +2, Siege Engines +2)" in text
        assert "ranged Offense +12, range 6" in text and "Defense 20  (base 10, ACR 6, Improved Armor (magic) +2, Mounts +2)" in text
        assert "Resources (cost 303 BP): Improved Armor (magic), Improved Weapons (magic), Ranged Weapons, Mounts, Siege Engines ×2" in text
        # Each toggle was its own event: undo takes back the healing potions' removal alone.
        await keys(app, pilot, "u")
        assert "healing_potions" in game(app).army("a1").resources
        # Mounts and siege engines chosen again are taken away.
        await keys(app, pilot, *entry("resources"))
        await choose(app, pilot, "mounts")
        await choose(app, pilot, "siege_engines", "ctrl+u", "0", "enter")
        made = game(app).army("a1")
        assert (made.mounted, made.siege_engines) == (False, 0)


@pytest.mark.covers(
    "km.army.tactics", "km.army_tactic.cautious_combat", "km.army_tactic.cavalry_experts", "km.army_tactic.defensive_wall",
    "km.army_tactic.dirty_fighters", "km.army_tactic.expert_flankers", "km.army_tactic.false_retreat", "km.army_tactic.full_defense",
    "km.army_tactic.relentless_brutality", "km.army_tactic.siegebreaker", "km.army_tactic.sniper_support", "km.army_tactic.spellbreaker",
    "km.army_tactic.taunt",
)
async def test_tactics_are_learned_up_to_half_the_acr_and_need_what_they_need(tmp_path):
    few = army(key="a2", name="Militia", cr="1/3", troops=100)
    app = app_for(tmp_path, with_armies(army(mount_cr="2", resources=("ranged_weapons",)), few))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("tactics"))
        offered = [key for key in choices(app)]
        assert offered == [x.key for x in shipped().tactics if not x.default]
        for key in offered:  # each learned, then forgotten again
            await choose(app, pilot, key)
            assert key in game(app).army("a1").tactics
            await keys(app, pilot, "enter")
            assert key not in game(app).army("a1").tactics
        for key in ("defensive_wall", "taunt", "siegebreaker"):
            await choose(app, pilot, key)
        assert choices(app)["cautious_combat"].closed == "an army of ACR 6 learns at most 3 tactics"
        assert choices(app)["taunt"].closed is None  # taking one away is always open
        await keys(app, pilot, "escape")
        assert game(app).army("a1").tactics == ("defensive_wall", "taunt", "siegebreaker")
        assert "Tactics learned 3 of 3: Defensive Wall, Taunt, Siegebreaker" in sheet(app)
        # An ACR 1/3 militia learns none; cavalry tactics need mounts.
        await keys(app, pilot, "down", *entry("tactics"))
        assert "Militia" in str(app.screen._title)
        assert choices(app)["defensive_wall"].closed == "an army of ACR 1/3 learns at most 0 tactics"
        assert "Cavalry Experts needs Mounts" == choices(app)["cavalry_experts"].closed


ABILITIES = [a.key for a in shipped().abilities]
VALUED = {a.key for a in shipped().abilities if shipped().ability(a.key).value is not None}


@pytest.mark.covers(
    "km.army.abilities",
    "km.ability.ability_damage_drain", "km.ability.alchemy", "km.ability.amphibious", "km.ability.animal_companion", "km.ability.aquatic",
    "km.ability.aura_of_courage", "km.ability.armor_training", "km.ability.bleed", "km.ability.blindsense", "km.ability.blindsight",
    "km.ability.bomb", "km.ability.bravery", "km.ability.breath_weapon", "km.ability.brew_potion", "km.ability.burn", "km.ability.burrow",
    "km.ability.cannibalize", "km.ability.challenge", "km.ability.channel_negative_energy", "km.ability.channel_positive_energy", "km.ability.climb",
    "km.ability.combat_style", "km.ability.construct", "km.ability.create_sandstorm", "km.ability.create_spawn", "km.ability.damage_reduction",
    "km.ability.darkvision", "km.ability.discovery", "km.ability.disease", "km.ability.divine_health", "km.ability.earth_glide",
    "km.ability.eidolon", "km.ability.energy_drain", "km.ability.evasion", "km.ability.fast_healing", "km.ability.favored_enemy",
    "km.ability.favored_terrain", "km.ability.fear", "km.ability.ferocity", "km.ability.flight", "km.ability.flurry_of_blows", "km.ability.grab",
    "km.ability.hex_healing", "km.ability.hex_cauldron", "km.ability.hunters_bond_companions", "km.ability.hunters_bond_animal",
    "km.ability.immunity", "km.ability.incorporeal", "km.ability.inspire_courage", "km.ability.invisibility", "km.ability.judgment",
    "km.ability.ki_pool", "km.ability.lay_on_hands", "km.ability.light_blindness", "km.ability.light_sensitivity", "km.ability.low_light_vision",
    "km.ability.mercy", "km.ability.mindless", "km.ability.mobility", "km.ability.mount", "km.ability.order", "km.ability.paralysis",
    "km.ability.petrification", "km.ability.plant", "km.ability.poison_resistance", "km.ability.poison", "km.ability.pounce",
    "km.ability.powerful_charge", "km.ability.rage", "km.ability.rake", "km.ability.regeneration", "km.ability.rend", "km.ability.resistance",
    "km.ability.rock_catching", "km.ability.rock_throwing", "km.ability.rogue_talent", "km.ability.scent", "km.ability.shield_ally",
    "km.ability.significant_defense", "km.ability.smite_evil", "km.ability.sneak_attack", "km.ability.spell_resistance", "km.ability.spellcasting",
    "km.ability.stunning_fist", "km.ability.swarm", "km.ability.tactician", "km.ability.teleportation", "km.ability.track", "km.ability.trample",
    "km.ability.trap_sense", "km.ability.tremorsense", "km.ability.trip", "km.ability.undead", "km.ability.unnatural_aura", "km.ability.vortex",
    "km.ability.weapon_specialization", "km.ability.whirlwind", "km.ability.wild_shape"
)
@pytest.mark.parametrize("start", range(0, len(ABILITIES), 20))
async def test_every_special_ability_can_be_given_and_taken_away(tmp_path, start):
    app = app_for(tmp_path, with_armies(army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        if start == 0:
            await keys(app, pilot, *entry("abilities"))
            assert list(choices(app)) == ABILITIES
            assert choices(app)["bravery"].detail.startswith("Adds the units' bravery bonus") and "(Fighter 2)" in choices(app)["bravery"].detail
            await keys(app, pilot, "escape")
        # Each given (with its number where it takes one), twenty at a time
        # in one burst (an army has at most 24), then undone from the list.
        chunk = ABILITIES[start:start + 20]
        burst(app, *entry("abilities"), *["down"] * start, *(k for key in chunk for k in ["enter", *(["3", "enter"] if key in VALUED else []), "down"]), "escape")
        await settle(app, pilot, rounds=300)
        assert [(p.key, p.value) for p in game(app).army("a1").abilities] == [(key, 3 if key in VALUED else None) for key in chunk]
        await keys(app, pilot, *["u"] * len(chunk))
        assert game(app).army("a1").abilities == ()
        if start == 0:
            await keys(app, pilot, *entry("abilities"))
            await choose(app, pilot, "bravery", "ctrl+u", "2", "enter")
            await choose(app, pilot, "undead")
            await keys(app, pilot, "escape")
            text = sheet(app)
            assert "Special abilities: Bravery 2, Undead" in text
            assert "Defense 18  (base 10, ACR 6, Undead +2)" in text


@pytest.mark.covers(
    "km.army.boons", "km.boon.bloodied_but_unbroken", "km.boon.bonus_tactic", "km.boon.defensive_tactics", "km.boon.flexible_tactics",
    "km.boon.hit_and_run", "km.boon.hold_the_line", "km.boon.live_off_the_land", "km.boon.loyalty", "km.boon.merciless",
    "km.boon.sharpshooter", "km.boon.triage",
)
async def test_boons_need_the_leadership_and_the_room_the_commander_has(tmp_path):
    green = army(key="a2", name="Levy", commander=Commander(name="Tam"))
    app = app_for(tmp_path, with_armies(army(resources=("ranged_weapons",), commander=Commander(name="Vorn", level=6)), green))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("boons"))
        offered = list(choices(app))
        assert offered == [b.key for b in shipped().boons]
        assert choices(app)["loyalty"].detail.endswith("Needs Leadership 6.")
        for key in offered:  # each taken, then given up again
            await choose(app, pilot, key, *(["enter"] if key == "bonus_tactic" else []))
            assert game(app).army("a1").commander.boons == (key,)
            if key == "bonus_tactic":
                assert game(app).army("a1").commander.bonus_tactics == ("cautious_combat",)
                assert choices(app)["bonus_tactic"].note == "✓ Cautious Combat"
                assert "km_army" not in sheet(app) and "from the commander's Bonus Tactic: Cautious Combat" in sheet(app)
            await keys(app, pilot, "enter")
            assert game(app).army("a1").commander.boons == ()
            assert game(app).army("a1").commander.bonus_tactics == ()
        await choose(app, pilot, "loyalty")
        assert choices(app)["merciless"].closed == "the commander knows at most 1 boon"
        await keys(app, pilot, "escape")
        assert "Boons 1 of 1: Loyalty" in sheet(app) and "Morale checks +2  (Loyalty 2)" in sheet(app)
        # A commander without Leadership: the boons that need it are greyed out, with why.
        await keys(app, pilot, "down", *entry("boons"))
        assert choices(app)["loyalty"].closed == "Loyalty needs Leadership 6; the commander has 0"
        assert choices(app)["bloodied_but_unbroken"].closed == "Bloodied but Unbroken needs Leadership 4; the commander has 0"
        assert choices(app)["merciless"].closed is None
        assert choices(app)["bloodied_but_unbroken"] is app.screen._choices[0]
        assert app.screen.query_one(OptionList).highlighted == 1  # the cursor starts on the first open row


@pytest.mark.covers("km.army.commander")
async def test_the_commander_is_set_step_by_step_and_a_step_that_loses_a_boon_is_refused(tmp_path):
    app = app_for(tmp_path, with_armies(army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("commander"), *"Ser Ilsa", "enter", "2", "enter", "5", "enter", "6", "enter", "up", "enter", "down", "enter")
        boss = game(app).army("a1").commander
        assert (boss.name, boss.charisma, boss.profession, boss.level, boss.leadership_feat, boss.kind) == ("Ser Ilsa", 2, 5, 6, True, "pc")
        text = sheet(app)
        assert "Ser Ilsa (PC)" in text and "Charisma +2 · Profession (soldier) 5 · level 6" in text
        assert "Leadership 11 (with the Leadership feat, +3)" in text and "Boons 0 of 2" in text
        assert "Morale checks +3  (Charisma 2, Profession (soldier) / 5 +1)" in text
        await keys(app, pilot, *entry("boons"))
        await choose(app, pilot, "loyalty", "escape")
        # Now the Charisma can't fall so far that Loyalty is lost: refused on its step.
        await keys(app, pilot, *entry("commander"), "enter", "ctrl+u", "-", "9", "enter")
        assert error(app) == "Loyalty needs Leadership 6; the commander has 0"
        await keys(app, pilot, "escape")
        assert game(app).army("a1").commander.charisma == 2


# -- numbers, Morale, removing, the sides, undo ---------------------------------------------


@pytest.mark.covers("km.army.numbers", "km.weapons.shot", "km.weapons.thrown")
async def test_the_gms_own_numbers_speed_damage_attacks_range_and_adjustments(tmp_path):
    app = app_for(tmp_path, with_armies(army(resources=("ranged_weapons",))))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("numbers"), *"25", "enter")
        assert error(app) == "25 is not from 0 to 20"
        await keys(app, pilot, "ctrl+u", "enter", *"50", "enter", "6", "enter", "enter", "8", "enter", "1", "enter", "-", "1", "enter")
        assert isinstance(app.screen, ChoiceDialog)   # an army that shoots: bows or thrown weapons
        await keys(app, pilot, "enter")
        made = game(app).army("a1")
        assert not made.thrown
        assert (made.speed, made.base_speed, made.max_damage, made.attacks, made.ranged_range, made.offense_bonus, made.defense_bonus) == (None, 50, 6, None, 8, 1, -1)
        text = sheet(app)
        assert "speed 5 squares a turn (50 ft / 10)" in text
        assert "Maximum Damage 6 (the GM) · Attacks 8 (by size)" in text
        assert "Offense +7  (ACR 6, the GM +1)" in text and "ranged Offense +7, range 8" in text
        assert "Defense 15  (base 10, ACR 6, the GM -1)" in text
        # Squares typed: the base speed isn't asked (it would only give the squares).
        await keys(app, pilot, *entry("numbers"), "1", "enter", "ctrl+u", "enter", "1", "2", "enter", "ctrl+u", "enter", "enter", "enter", "down", "enter")
        made = game(app).army("a1")
        assert (made.speed, made.max_damage, made.attacks, made.ranged_range, made.thrown) == (1, None, 12, None, True)
        assert "speed 1 square a turn (the GM)" in sheet(app) and "Attacks 12 (the GM)" in sheet(app)
        assert "range 1" in sheet(app)   # thrown weapons reach the next square


@pytest.mark.covers("km.army.numbers")
async def test_an_army_that_does_not_shoot_is_asked_no_range(tmp_path):
    app = app_for(tmp_path, with_armies(army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        # speed, base speed, Maximum Damage, Attacks, Offense, Defense: six questions, no range, no weapons.
        await keys(app, pilot, *entry("numbers"), "enter", *"40", "enter")
        await keys(app, pilot, "enter", "enter", "enter")
        assert isinstance(app.screen, ArmyBuilderNumber) and "Defense" in str(app.screen._title)
        await keys(app, pilot, "enter")
        assert not isinstance(app.screen, (ArmyBuilderNumber, ChoiceDialog))
        assert game(app).army("a1").base_speed == 40


@pytest.mark.covers("km.army.morale")
async def test_the_armys_own_morale_runs_from_minus_four_to_four(tmp_path):
    app = app_for(tmp_path, with_armies(army()))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, *entry("morale"), "-", "5", "enter")
        assert error(app) == "-5 is not from -4 to 4"
        await keys(app, pilot, "ctrl+u", "2", "enter")
        assert game(app).army("a1").morale == 2
        assert "Morale checks +2  (its own Morale 2)" in sheet(app)


def placed_one():
    """Setup: the Fighters stand on the mat, the Orcs not yet."""
    battle = with_armies(army(), army(key="a2", name="Orcs", side=1, cr="1/3"), army(key="a3", name="Archers", side=1, cr="1", troops=100))
    battle.record(ev.SetupRoll(counter=battle.game.counter, rounds=((15, 3),)))
    battle.record(ev.FirstSide(side=0))
    battle.record(ev.Place(key="a1", x=10, y=3, facing="s"))
    return battle


@pytest.mark.covers("km.armies_remove")
async def test_an_army_is_removed_unless_it_stands_on_the_mat(tmp_path):
    app = app_for(tmp_path, placed_one())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await builder(app, pilot)
        assert screen.selected_key() == "a1"
        assert screen.check_action("remove", ()) is None and screen.check_action("edit", ()) is None
        assert screen.check_action("sides", ()) is None and screen.check_action("add", ()) is True
        assert "Fixed: Fighters stands on the mat already" in sheet(app)
        await keys(app, pilot, "d", "enter")
        assert len(game(app).armies) == 3 and not isinstance(app.screen, ChoiceDialog)
        await keys(app, pilot, "down")
        assert screen.selected_key() == "a2" and screen.check_action("remove", ()) is True
        await keys(app, pilot, "d")
        assert [a.key for a in game(app).armies] == ["a1", "a3"]
        assert screen.selected_key() == "a3"  # the cursor stays near
        assert screen.check_action("remove", ()) is None  # the last army of its side, in setup
        assert "Can't be removed: that would leave a side without armies in setup" in sheet(app)
        assert "setup: armies not yet placed may still change" in status(app)


@pytest.mark.covers("km.armies_sides")
async def test_the_sides_are_named_on_one_line(tmp_path):
    app = app_for(tmp_path, with_armies(army(side=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        await keys(app, pilot, "s", "ctrl+u", *"Ostmark", "enter")
        assert error(app) == "a battle has 2 to 8 sides"
        await keys(app, pilot, *"; Rivenhold; Free Companies", "enter")
        assert game(app).sides == ("Ostmark", "Rivenhold", "Free Companies")
        assert status(app) == "Armies · Ostmark: 0 armies · Rivenhold: 1 army · Free Companies: 0 armies"
        await keys(app, pilot, "s", "ctrl+u", *"Ostmark", "enter")
        await keys(app, pilot, "ctrl+u", *"A; B; C; D; E; F; G; H; I", "enter")
        assert error(app) == "a battle has 2 to 8 sides"
        await keys(app, pilot, "escape")
        assert game(app).sides == ("Ostmark", "Rivenhold", "Free Companies")


@pytest.mark.covers("km.armies_undo", "km.armies_redo")
async def test_undo_and_redo_walk_the_log(tmp_path):
    app = app_for(tmp_path, with_armies(army(), army(key="a2", name="Orcs", side=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await builder(app, pilot)
        assert screen.check_action("redo", ()) is None
        await keys(app, pilot, "d")
        assert [a.key for a in game(app).armies] == ["a2"]
        await keys(app, pilot, "u")
        assert [a.key for a in game(app).armies] == ["a1", "a2"]
        await keys(app, pilot, "U")
        assert [a.key for a in game(app).armies] == ["a2"]
        await keys(app, pilot, "ctrl+z")
        assert len(game(app).armies) == 2
        await keys(app, pilot, "ctrl+y")
        assert len(game(app).armies) == 1
        assert "Orcs" in sheet(app)


# -- words, terminals, the battle ------------------------------------------------------------


async def test_the_german_sheet(tmp_path):
    app = app_for(tmp_path, empty(), language="de", glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Noch keine Armeen" in sheet(app)
        await keys(app, pilot, "a", *"Kämpfer", "enter", "enter", *"Menschen (Kämpfer 3)", "enter", "2", "enter", *"500", "enter", "enter", "1", "enter")
        text = sheet(app)
        for words in ("Riesig · 500 Soldaten mit HG 2 · W10", "Armee-HG 6  (HG 2, Riesig: +4 auf der Leiter)", "TP 33  (Armee-HG 6 × 5,5 für W10)",
                      "Angriff +8  (Armee-HG 6, Reittiere +2)", "Verteidigung 18  (Grundwert 10, Armee-HG 6, Reittiere +2)",
                      "Verbrauch 7 BP pro Woche", "4 Felder, 2x2 (Breite x Tiefe)", "Bewegung 3 Felder pro Runde (30 Fuß / 10)",
                      "Gelernte Taktiken 0 von 3: keine", "Ressourcen (Kosten 5 BP): Reittiere", "Kommandant: ohne Namen (NSC)", "Führung 0",
                      "Höchstschaden 4 (Regelwerk)"):
            assert words in text, words
        assert "1 Armee" in status(app) and "0 Armeen" in status(app)
        await keys(app, pilot, *entry("resources"))
        assert choices(app)["mounts"].note == "[x] Reittiere mit HG 1"  # ASCII glyphs: no tick
        assert choices(app)["magic_armor"].label == "Verbesserte Rüstung (magisch)"


async def test_names_are_shown_as_typed_never_as_markup(tmp_path):
    app = app_for(tmp_path, empty())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(app, pilot, "a", *"Ogre[/]", "enter", "enter", *"[@click=app.quit]x[/]", "enter", "4", "enter", *"100", "enter", "enter", "enter")
        await keys(app, pilot, *entry("commander"), *"[b]Grask", "enter", "enter", "enter", "enter", "enter", "enter")
        assert app.is_running
        (made,) = game(app).armies
        assert (made.name, made.creature, made.commander.name) == ("Ogre[/]", "[@click=app.quit]x[/]", "[b]Grask")
        assert "Ogre[/]  ACR 4 · Medium" in screen_text(app)
        assert "Ogre[/]  ([@click=app.quit]x[/])" in sheet(app) and "Commander: [b]Grask (NPC)" in sheet(app)
        await keys(app, pilot, "enter")
        assert "Change Ogre[/]" in str(app.screen._title)


async def test_once_the_battle_has_begun_the_sheet_shows_hp_and_standing_and_nothing_changes(tmp_path):
    app = app_for(tmp_path, demo.build())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await builder(app, pilot)
        assert game(app).stage == "battle"
        assert all(screen.check_action(a, ()) is None for a in ("add", "edit", "remove", "sides"))
        text = sheet(app)
        assert text.startswith("Ostmark Lancers  (humans (fighter 3) on heavy horses)")
        assert "In the battle: 11/11 hp" in text
        assert "Fixed: the battle has begun: armies change only before it" in text
        assert "Commander: Ser Ilsa Varn (NPC)" in text and "Boons 2 of 2: Loyalty, Hold the Line" in text
        assert "the battle has begun: the armies are fixed" in status(app)
        await keys(app, pilot, "a", "enter", "d", "s")
        assert app.screen is screen and len(game(app).armies) == 6
        await keys(app, pilot, "down", "down", "down")  # over the side heading, onto the orc host
        text = sheet(app)
        assert text.startswith("Rivenhold Host") and "Special abilities: Ferocity, Darkvision" in text
        assert "Only sometimes:\n  Ferocity, when the GM rules it holds: Offense -4, Defense -4" in text
        assert "\n  Merciless, when the GM rules it holds: Offense +1\n    +1 on checks to stop an enemy withdrawing" in text
        assert "In the battle: 16/16 hp" in text


async def test_bloodied_effects_are_listed_with_their_summary(tmp_path):
    boss = Commander(name="Vorn", level=4, boons=("bloodied_but_unbroken",))
    app = app_for(tmp_path, with_armies(army(commander=boss)))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        text = sheet(app)
        assert "Only sometimes:\n  Bloodied but Unbroken, while bloodied: Offense +1\n    +1 Offense while at half hp or less" in text
        assert "Offense +6  (ACR 6)" in text  # not counted in the figure


async def test_a_read_only_session_greys_every_key(tmp_path):
    app = app_for(tmp_path, with_armies(army()))
    app.session.read_only = True
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await builder(app, pilot)
        assert all(screen.check_action(a, ()) is None for a in ("add", "edit", "remove", "sides", "undo"))
        await keys(app, pilot, "a", "enter", "d")
        assert app.screen is screen and len(game(app).armies) == 1
        assert "Fixed" not in sheet(app)


async def test_fits_80_by_24_and_uses_120_by_40(tmp_path):
    full = army(name="Ostmark Lancers", creature="humans (fighter 3) on heavy horses", mount_cr="2", resources=("masterwork_weapons",),
                tactics=("cavalry_experts",), abilities=(AbilityPick(key="bravery", value=1),),
                commander=Commander(name="Ser Ilsa Varn", charisma=2, profession=5, level=6, boons=("loyalty", "bloodied_but_unbroken")))
    app = app_for(tmp_path, with_armies(full, army(key="a2", name="Rivenhold Host", side=1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await builder(app, pilot)
        text = screen_text(app)
        assert "Maximum Damage 4 (the ruleset) · Attacks 8 (by size)" in text  # one line each at 120 columns
        assert "Boons 2 of 2: Loyalty, Bloodied but Unbroken" in text
        assert "Ostmark Lancers  ACR 6 · Huge" in text and "Rivenhold Host  ACR 6 · Huge" in text
        assert "Add army" in text
    app = app_for(tmp_path / "small", with_armies(full))
    async with app.run_test(size=(80, 24)) as pilot:
        await builder(app, pilot)
        text = screen_text(app)
        assert "Ostmark Lancers" in text and "ACR 6  (CR 2, Huge: +4 on the" in text and "Add army" in text
        assert all(len(line) <= 80 for line in text.splitlines())
