"""The Fate army builder driven from the keyboard: units and leaders through
their dialogs, the battle chest refusing an overspend, fate points, undo,
the text's attack variants, and names that look like markup shown exactly
as typed."""

from __future__ import annotations

from textual.widgets import OptionList

import pytest

from textual.app import App
from textual.reactive import reactive

from tui.core.systems.fate.battle import FateBattle
from tui.core.systems.fate.rules import shipped as fate
from tui.core.systems.fate.events import SetVariants, StartBattlefield
from tui.core.systems.fate.forces import Leader, Player, Unit
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.fate.army import CardList, FateArmyScreen
from tui.ui.fate.army_dialogs import LeaderDialog, UnitDialog
from tui.ui.shell.dialogs import TextDialog
from tui.ui.fate.variants import VariantsDialog
from tui.ui.shell.help import binding_rows


class Harness(App):
    """What the screen needs of the app: the battle, ``act`` and ``revision``."""

    revision: reactive[int] = reactive(0, init=False)

    def __init__(self, battle: FateBattle, read_only: bool = False) -> None:
        super().__init__()
        self.battle = battle
        self.read_only = read_only
        self.errors: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(FateArmyScreen())

    def act(self, change) -> bool:
        if self.read_only:
            self.notify("read-only", severity="warning", markup=False)
            return False
        try:
            change(self.battle)
        except ValueError as exc:
            self.errors.append(str(exc))
            self.notify(str(exc), severity="error", markup=False)
            return False
        self.revision += 1
        return True


def battle(chest: int = 10) -> FateBattle:
    return FateBattle.new("Test", (Player(name="GM", side=1, chest=chest), Player(name="Ana", side=0, chest=10)), seed=1)


def screen_text(app: App) -> str:
    """The whole terminal as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def error_notices(app: App) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "error"]


def cards(app: App) -> CardList:
    return app.screen.query_one(CardList)


async def go_to(pilot, app: App, option_id: str) -> None:
    """Move the card cursor with the arrow keys until it is on ``option_id``."""
    ids = [o.id for o in cards(app).options]
    assert option_id in ids, ids
    for _ in range(len(ids)):
        if cards(app).current == option_id:
            return
        here = ids.index(cards(app).current)
        await pilot.press("down" if ids.index(option_id) > here else "up")
    assert cards(app).current == option_id


async def add_fair_unit(pilot, app: App, name: str = "Hill Ogres") -> None:
    """a, Fair, the name, Fight / Shoot / Notice, one more aspect, enter."""
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(app.screen, UnitDialog)
    await pilot.press("right")  # Average -> Fair
    await pilot.press("down", *name)
    # the skill slots start on Athletics, Drive/Pilot, Fight (ruleset order)
    await pilot.press("down", "right", "right")  # Fair (+2): Fight
    await pilot.press("down", "right", "right", "right", "right")  # Average (+1): Shoot
    await pilot.press("down", "right")  # Average (+1): Notice
    await pilot.press("down", *"Big and Slow", "enter")
    await pilot.pause()


async def test_add_a_fair_unit_through_the_dialog():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await add_fair_unit(pilot, app)
        assert isinstance(app.screen, FateArmyScreen)
        (unit,) = app.battle.game.players[0].units
        assert unit == Unit(key="u1", name="Hill Ogres", quality="fair", skills={"fight": 2, "shoot": 1, "notice": 1}, aspects=("Big and Slow",))
        assert len(app.battle.history.events) == 1
        text = screen_text(app)
        assert "Hill Ogres" in text and "Fair (Grunts)" in text
        assert "Fight Fair (+2), Shoot Average (+1)" in text
        assert "Consequences: mild" in text
        assert "2/10 build points, 8 left (usable during the battle)" in text
        assert "Zones: players + 1 = 3" in text
        assert cards(app).current == "card:u1"


@pytest.mark.covers("fate_army.add_unit", "fate_army.dialog.next", "cycle.previous", "fate_army.dialog.cancel")
async def test_the_same_skill_twice_is_refused_in_the_dialog():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "right", "down", *"Twins", "down", "down", "left")  # slot 2 back to Athletics
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, UnitDialog)
        assert "Athletics is picked twice" in screen_text(app)
        await pilot.press("right")  # slot 2 changed: the complaint goes at once
        await pilot.pause()
        assert "picked twice" not in screen_text(app)
        await pilot.press("left", "enter")  # and comes back on saving it again
        await pilot.pause()
        assert "Athletics is picked twice" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.battle.game.players[0].units == ()


async def test_an_overspend_is_refused_and_changes_nothing():
    app = Harness(battle(chest=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.battle.game.players[0]
        await pilot.press("a", "right", "right")  # Good: 3 build points
        await pilot.pause()
        assert "1 more than the chest has left" in screen_text(app)
        await pilot.press("down", *"Guard", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FateArmyScreen)
        assert app.battle.game.players[0] == before
        assert not app.battle.history.events
        (error,) = error_notices(app)
        assert "the battle chest holds 2 build points" in error and "1 too many" in error


@pytest.mark.covers("fate_army.buy_fate_point", "fate_army.sell_fate_point")
async def test_fate_points_cost_build_points():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("fate_point", (-1,)) is None  # none to sell yet
        await pilot.press("plus")
        await pilot.pause()
        gm = app.battle.game.players[0]
        assert gm.fate_points == 1 and app.battle.game.fate_points[0] == 1
        assert "3/10 build points, 7 left" in screen_text(app)
        await pilot.press("plus", "plus", "plus")  # the fourth would cost 12 of 10
        await pilot.pause()
        assert app.battle.game.players[0].fate_points == 3
        assert error_notices(app)
        await pilot.press("minus")
        await pilot.pause()
        assert app.battle.game.players[0].fate_points == 2


@pytest.mark.covers("fate_army.chest")
async def test_chest_presets_and_a_typed_number():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        text = screen_text(app)
        assert "small battle" in text and "10–12 BP" in text and "epic" in text
        await pilot.press("down", "enter")  # epic: 20
        await pilot.pause()
        assert app.battle.game.players[0].chest == 20
        await pilot.press("c", "end", "enter")  # another number
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("home", "ctrl+k", *"12", "enter")
        await pilot.pause()
        assert app.battle.game.players[0].chest == 12
        # 12 is the middle ground (10–12): that size is proposed, and keeps 12
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert dialog._choices[dialog.query_one(OptionList).highlighted].value == (10, 12)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.battle.game.players[0].chest == 12
        await pilot.press("c", "end", "enter")
        await pilot.pause()
        await pilot.press("home", "ctrl+k", *"7", "enter")
        await pilot.pause()
        assert app.battle.game.players[0].chest == 7


@pytest.mark.covers("fate_army.add_leader", "fate_army.dialog.save", "fate_army.edit", "fate_army.remove_card", "fate_army.undo", "fate_army.redo")
async def test_add_a_leader_then_edit_and_remove_it_and_undo():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LeaderDialog)
        await pilot.press(*"Captain Vey", "down", "right")  # NPC
        await pilot.press("down", "3", "down", "down", "down", "2")  # Will 3, Fight 2
        await pilot.pause()
        assert "Good (+3)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        (leader,) = app.battle.game.players[0].leaders
        assert leader == Leader(key="l1", name="Captain Vey", pc=False, skills={"will": 3, "fight": 2})
        assert "NPC leader" in screen_text(app)
        assert "Will Good (+3), Fight Fair (+2)" in screen_text(app)
        # edit: the card under the cursor
        assert cards(app).current == "card:l1"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LeaderDialog)
        await pilot.press("down", "left", "enter")  # back to PC
        await pilot.pause()
        assert app.battle.game.players[0].leaders[0].pc is True
        await pilot.press("x")
        await pilot.pause()
        assert app.battle.game.players[0].leaders == ()
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.players[0].leaders[0].name == "Captain Vey"
        await pilot.press("U")
        await pilot.pause()
        assert app.battle.game.players[0].leaders == ()


async def test_edit_a_unit_keeps_its_key_and_changes_its_quality():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await add_fair_unit(pilot, app)
        await go_to(pilot, app, "card:u1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, UnitDialog)
        await pilot.press("left", "enter")  # back to Average: one skill (Fight, +1), the name only
        await pilot.pause()
        (unit,) = app.battle.game.players[0].units
        assert unit.key == "u1" and unit.quality == "average"
        assert unit.skills == {"fight": 1} and unit.aspects == ()
        await pilot.press("delete")
        await pilot.pause()
        assert app.battle.game.players[0].units == ()
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.players[0].units[0].quality == "average"


@pytest.mark.covers("fate_army.next_player", "fate_army.rename_player", "fate_army.side", "fate_army.add_player", "fate_army.remove_player", "fate_army.previous_player", "fate_army.text")
async def test_players_switch_rename_side_add_and_remove():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("remove_player", ()) is None  # two is the least
        await pilot.press("tab")
        await pilot.pause()
        assert screen.selected == 1
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.press("home", "ctrl+k", *"Ana Vey", "enter")
        await pilot.pause()
        assert app.battle.game.players[1].name == "Ana Vey"
        await pilot.press("s")
        await pilot.pause()
        assert app.battle.game.players[1].side == 1
        await pilot.press("p", *"Bo", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # side 1: the side with fewer players
        await pilot.pause()
        assert [(p.name, p.side) for p in app.battle.game.players] == [("GM", 1), ("Ana Vey", 1), ("Bo", 0)]
        assert screen.selected == 2
        assert "Zones: players + 1 = 4" in screen_text(app)
        await pilot.press("P")
        await pilot.pause()
        assert len(app.battle.game.players) == 2 and screen.selected == 1
        await pilot.press("left")
        await pilot.pause()
        assert screen.selected == 0
        await pilot.press("t")
        await pilot.pause()
        assert app.battle.game.text == "de"


async def test_markup_in_names_is_shown_literally():
    players = (
        Player(name="[@click=app.quit]x[/]", side=1, units=(Unit(key="u1", name="Ogre[/]", quality="average", skills={"fight": 1}),)),
        Player(name="[bold]Ana[/bold]", side=0),
    )
    app = Harness(FateBattle.new("Test", players, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[@click=app.quit]x[/]" in text
        assert "Ogre[/]" in text
        assert "[bold]Ana[/bold]" in text
        await pilot.press("l", *"Boss [red]", "enter")
        await pilot.pause()
        assert "Boss [red]" in screen_text(app)
        await pilot.click(CardList)
        await pilot.pause()
        assert app.is_running


async def test_keys_grey_out_once_the_muster_is_over():
    game = battle()
    app = Harness(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("undo", ()) is None  # nothing to undo yet
        await add_fair_unit(pilot, app)
        assert app.act(lambda b: b.record(StartBattlefield()))
        await pilot.pause()
        for action, parameters in (("add_unit", ()), ("add_leader", ()), ("edit", ()), ("remove_card", ()), ("fate_point", (1,)), ("chest", ()), ("undo", ())):
            assert screen.check_action(action, parameters) is None, action
        await pilot.press("a")
        await pilot.pause()
        assert app.screen is screen
        assert "the battle has started" in screen_text(app)


async def test_read_only_file_greys_out_edits():
    app = Harness(battle(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("add_unit", ()) is None
        assert "open in another window" in screen_text(app)


async def test_fits_and_uses_a_big_terminal():
    app = Harness(battle())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await add_fair_unit(pilot, app)
        text = screen_text(app)
        assert "Fight Fair (+2), Shoot Average (+1), Notice Average (+1)" in text


# -- the text's variants: every attack Shoot, only Will defends against Shoot ------------


def left_panel(app: App) -> str:
    """The players panel's lines joined by spaces (its lines wrap at 26 or 36 columns)."""
    lines = [line.split("│")[1].strip() for line in screen_text(app).splitlines() if line.startswith("│")]
    return " ".join(line for line in lines if line)


def variants_row(app: App):
    (row,) = [r for r in binding_rows(app.screen) if r.binding_id == "fate_army.variants"]
    return row


@pytest.mark.covers("fate_army.variants")
async def test_variants_switched_on_in_the_dialog_shown_on_the_panel_and_undone():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Variants: none" in left_panel(app)
        row = variants_row(app)
        assert (row.keys, row.description, row.enabled) == ("v", "Variants (Shoot only, Will defends)", True)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, VariantsDialog)
        text = screen_text(app)
        assert "Every attack with Shoot" in text and "Only Will defends against Shoot" in text
        assert "dogfight" in text and "< off >" in text
        await pilot.press("right", "down", "space", "enter")  # both on
        await pilot.pause()
        assert isinstance(app.screen, FateArmyScreen)
        assert app.battle.history.events == (SetVariants(shoot_only=True, shoot_defence_skill="will"),)
        attack = app.battle.game.rules.attack
        assert attack.shoot_only and attack.shoot_defence_skill == "will"
        assert "Variants: every attack Shoot, only Will defends against Shoot" in left_panel(app)
        # the dialog opens on what is set; switching one off is one more event
        await pilot.press("v")
        await pilot.pause()
        assert screen_text(app).count("< on >") == 2
        await pilot.press("left", "enter")
        await pilot.pause()
        assert app.battle.game.rules.attack.shoot_only is False and app.battle.game.rules.attack.shoot_defence_skill == "will"
        assert "Variants: only Will defends against Shoot" in left_panel(app)
        await pilot.press("u", "u")
        await pilot.pause()
        assert app.battle.game.rules == fate()
        assert "Variants: none" in left_panel(app)
        await pilot.press("U")
        await pilot.pause()
        assert app.battle.game.rules.attack.shoot_only


async def test_the_variants_dialog_records_nothing_when_cancelled_or_unchanged():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v", "right", "escape")
        await pilot.pause()
        assert isinstance(app.screen, FateArmyScreen)
        await pilot.press("v", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FateArmyScreen)
        assert not app.battle.history.events and not app.battle.game.rules.attack.shoot_only


async def test_the_variants_in_german():
    from tui.core.i18n import set_language

    set_language("de")
    try:
        app = Harness(battle())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "Varianten: keine" in screen_text(app)
            await pilot.press("v")
            await pilot.pause()
            text = screen_text(app)
            assert "Jeder Angriff mit Schießen" in text and "Nur Wille verteidigt gegen Schießen" in text and "Luftkampf" in text
            await pilot.press("down", "right", "enter")
            await pilot.pause()
            assert "Varianten: nur Wille verteidigt gegen Schießen" in left_panel(app)
    finally:
        set_language("en")


async def test_the_variants_key_greys_out_once_the_muster_is_over_and_can_be_remapped():
    app = Harness(battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.set_keymap({"fate_army.variants": "V"})
        await pilot.pause()
        assert variants_row(app).keys == "V"
        await pilot.press("V")
        await pilot.pause()
        assert isinstance(app.screen, VariantsDialog)
        await pilot.press("escape")
        await pilot.pause()
        await add_fair_unit(pilot, app)
        assert app.act(lambda b: b.record(StartBattlefield()))
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("variants", ()) is None and not variants_row(app).enabled
        await pilot.press("V")
        await pilot.pause()
        assert app.screen is screen


async def test_the_variants_key_is_greyed_out_for_a_read_only_file():
    app = Harness(battle(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.check_action("variants", ()) is None
