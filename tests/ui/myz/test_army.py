"""The army builder driven from the keyboard, as a GM would set up a battle."""

from __future__ import annotations

import pytest

from textual.content import Content

from tui.core.i18n import t
from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import Pool, YearZeroRules
from tui.core.systems.myz.rules import shipped as myz
from tui.core.files.loading import load_battle
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.events import Reconnaissance
from tui.ui.myz.army import ArmyScreen
from tui.ui.myz.army_dialogs import PersonDialog
from tui.ui.shell.dialogs import ChoiceDialog, NumberDialog
from tui.ui.shell.dialogs import TextDialog as NameDialog
from tui.ui.widgets.form import ArmyForm
from tui.ui.myz.widgets.pool_sources import PoolSources

from tests.ui.scenes import make_app


def ghoul_strike_muster(**ark_changes) -> Battle:
    """The text's Ghoul Strike as mustered (the Ark without its scrap cannon yet)."""
    ghouls = Army(
        people=(Person(name="Ghoul Chief", position="leader", pc=False, skills={"comprehend": "3b2s"}),),
        played_by="gm",
        battle_level=3,
    )
    ark = Army(
        **{
            "people": (
                Person(name="Marlotte", position="leader", skills={"comprehend": "3b1s", "command": "4b3s"}),
                Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}),
            ),
            "battle_level": 2,
            "defends_ark": True,
            "combat_ready": False,
            "ark_projects": ("defenses",),
            **ark_changes,
        }
    )
    rules = YearZeroRules.from_ruleset(myz())
    return Battle.new("Ghoul Strike", ("Zone-Ghouls", "The Ark"), seed=1877, rules=rules, armies=(ghouls, ark), battlefield=Battlefield(environment="ruins", night=True))


async def open_army(app, pilot) -> ArmyScreen:
    screen = ArmyScreen()
    await app.push_screen(screen)
    await pilot.pause()
    # The footer lays out its keys after a refresh (KeyFooter recomposes
    # then), once for the screen and again for the focused row's keys:
    # under load that can take more than one pause.
    for _ in range(50):
        if any(key.description in ("army.key.edit", t("army.key.edit")) for key in screen.query("KeyFooter FooterKey")):
            break
        await pilot.pause()
    return screen


async def go_to(pilot, screen: ArmyScreen, row: str) -> None:
    """Move the cursor with the keyboard only (arrows, home, end), as a GM would."""
    form = screen.query_one(ArmyForm)
    rows = [r for r in form.rows if not r.heading]  # the cursor skips headings
    ids = [r.id for r in rows]
    assert row in ids, f"no row {row} in {ids}"
    target, here = ids.index(row), ids.index(form.current)
    if target < abs(target - here):
        await pilot.press("home")
        here = 0
    elif len(ids) - 1 - target < abs(target - here):
        await pilot.press("end")
        here = len(ids) - 1
    await pilot.press(*(["down"] * (target - here) if target > here else ["up"] * (here - target)))
    assert form.current == row


def text_of(widget) -> str:
    """What a widget shows, as plain text."""
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    content = widget.content if hasattr(widget, "content") else widget.render()
    console.print(content)
    return console.export_text()


def preview_text(screen: ArmyScreen) -> str:
    panel = screen.query_one(PoolSources)
    return "\n".join(text_of(static) for static in panel.children)


def form_text(screen: ArmyScreen) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    for option in screen.query_one(ArmyForm).options:
        console.print(option.prompt)
    return console.export_text()


def saved(app) -> Battle:
    return load_battle(app.session.path)


# -- the preview follows the form -------------------------------------------------


@pytest.mark.covers("army.switch_side", "army.more")
async def test_units_change_the_pool_preview(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("tab")  # the Ark
        await pilot.pause()
        assert screen.selected == 1
        before = preview_text(screen)
        assert "Battle Level 2" in before
        assert "special class: Artillery" not in before
        assert app.screen.check_action("step", (-1,)) is None or screen.query_one(ArmyForm).current != "unit:artillery"
        await go_to(pilot, screen, "unit:artillery")
        assert screen.check_action("step", (-1,)) is None  # no units to take away: greyed out
        await pilot.press("plus")
        await pilot.pause()
        assert app.battle.game.armies[1].units == {"artillery": 1}
        after = preview_text(screen)
        # one line per source: the scrap cannon's class die and the superiority
        assert "⚙" in after and "special class: Artillery" in after
        assert "◎" in after and "superiority: Artillery" in after
        assert "3b1s1g" not in before and "2b1s1g" in after
        # a second class for the Ghouls takes the superiority away only if they match it
        await pilot.press("tab")
        await go_to(pilot, screen, "unit:artillery")
        await pilot.press("plus")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert "superiority: Artillery" not in preview_text(screen)
        assert "special class: Artillery" in preview_text(screen)


@pytest.mark.covers("army.edit", "army.less")
async def test_ark_projects_and_combat_ready_show_as_sources(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("right")
        await go_to(pilot, screen, "combat_ready")
        await pilot.press("enter")
        await pilot.pause()
        assert app.battle.game.armies[1].combat_ready
        assert "combat-ready Ark" in preview_text(screen)
        await go_to(pilot, screen, "project:arsenal")
        await pilot.press("space")
        await pilot.pause()
        assert app.battle.game.armies[1].ark_projects == ("arsenal", "defenses")  # the ruleset's order
        assert "Ark project: Arsenal" in preview_text(screen)
        # not defending its Ark here: combat-ready goes, the projects stay
        # (an Ark still), Arsenal marked as counting only at the Ark
        await go_to(pilot, screen, "defends_ark")
        await pilot.press("minus")
        await pilot.pause()
        form = screen.query_one(ArmyForm)
        ids = [r.id for r in form.rows]
        assert "combat_ready" not in ids and "project:arsenal" in ids
        assert next(r for r in form.rows if r.id == "project:arsenal").note == "only when defending its Ark"
        assert "Ark project" not in preview_text(screen)
        # no Ark at all: the projects and the defending mark go away
        await go_to(pilot, screen, "ark")
        await pilot.press("enter")
        await pilot.pause()
        ids = [r.id for r in screen.query_one(ArmyForm).rows]
        assert "defends_ark" not in ids and "project:arsenal" not in ids
        assert not app.battle.game.armies[1].ark and not app.battle.game.armies[1].defends_ark


async def test_siege_gives_the_holder_its_fortification(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster(ark_projects=("defenses", "watchtower")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("tab")
        await go_to(pilot, screen, "siege")
        await pilot.press("plus", "plus")  # none → the Ghouls → the Ark
        await pilot.pause()
        assert app.battle.game.battlefield.siege == 1
        text = preview_text(screen)
        assert "Defense" in text  # a besieged defender may not attack
        assert "⚙⚙" in text and "fortification" in text  # Defenses + Watchtower: walled
        assert screen.check_action("step", (1,)) is None  # the last choice
        assert "Walled" in form_text(screen)  # the fortification row says what the projects build


async def test_environment_is_chosen_from_the_ruleset(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await go_to(pilot, screen, "environment")
        assert "rating 3 → 2" in form_text(screen)  # ruins at night: halved, rounded up
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("home", "enter")
        await pilot.pause()
        assert app.battle.game.battlefield.environment == "jungle"
        await go_to(pilot, screen, "bad_weather")
        await pilot.press("enter")
        await pilot.pause()
        assert "rating 2 → 0" in form_text(screen)


# -- numbers ----------------------------------------------------------------------


@pytest.mark.covers("army.edit")
async def test_battle_level_typed_or_from_fighters(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await go_to(pilot, screen, "fighters")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("ctrl+a", "ctrl+k", *"14x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)  # refused, says why
        assert "not a whole number" in text_of(app.screen.query_one(".dialog-error"))
        await pilot.press("backspace", "0", "enter")
        await pilot.pause()
        assert app.battle.game.armies[0].fighters == 140
        await go_to(pilot, screen, "battle_level")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", "enter")  # empty: from fighters
        await pilot.pause()
        army = app.battle.game.armies[0]
        assert army.battle_level is None
        assert "Battle Level 4" in preview_text(screen)  # 140 fighters at 1 per 35
        assert "from fighters, 1 per 35" in form_text(screen)
        await pilot.press("minus")
        await pilot.pause()
        assert app.battle.game.armies[0].battle_level == 3  # typed now


# -- people -------------------------------------------------------------------------


@pytest.mark.covers("army.add_person", "army.dialog.save", "army.remove_person", "army.make_leader", "cycle.next")
async def test_people_are_added_edited_and_removed(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("tab", "a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PersonDialog)
        # name, position (assailant → engineer), NPC, then JURY-RIG as dice
        await pilot.press(*"Angus", "down", "right", "down", "space", "down", *"4b3x", "enter")
        await pilot.pause()
        assert app.screen is dialog  # a typo in the dice: refused, nothing lost
        assert "JURY-RIG" in text_of(dialog.query_one(".dialog-error"))
        await pilot.press("backspace", "s", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PersonDialog)
        angus = app.battle.game.armies[1].people[2]
        assert (angus.name, angus.position, angus.pc, angus.skills) == ("Angus", "engineer", False, {"jury_rig": "4b3s"})
        assert screen.query_one(ArmyForm).current == "person:2"
        # make him the leader: Marlotte steps down to assailant
        await pilot.press("l")
        await pilot.pause()
        people = app.battle.game.armies[1].people
        assert [p.position for p in people] == ["assailant", "assailant", "leader"]
        assert screen.check_action("remove_person", ()) is None  # the leader stays while others do
        await go_to(pilot, screen, "person:0")
        await pilot.press("x")
        await pilot.pause()
        assert [p.name for p in app.battle.game.armies[1].people] == ["Dora", "Angus"]


@pytest.mark.covers("army.dialog.next", "army.dialog.cancel")
async def test_the_leader_cannot_step_down_without_a_successor(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("tab")
        await go_to(pilot, screen, "person:0")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PersonDialog)
        await pilot.press("down", "right", "ctrl+s")  # leader → assailant
        await pilot.pause()
        assert isinstance(app.screen, PersonDialog)
        assert "exactly one leader" in text_of(app.screen.query_one(".dialog-error"))
        await pilot.press("escape")
        await pilot.pause()
        assert app.battle.game.armies[1].people[0].position == "leader"


# -- user text is text --------------------------------------------------------------


@pytest.mark.covers("army.rename")
async def test_names_are_shown_literally_never_as_markup(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        for name in ("Ogre[/]", "[@click=app.quit]x[/]"):
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NameDialog)
            await pilot.press("ctrl+a", "ctrl+k", *name, "enter")
            await pilot.pause()
            await pilot.press("tab")
        assert app.battle.game.names == ("Ogre[/]", "[@click=app.quit]x[/]")
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"[b]Boss[/b]", "enter")
        await pilot.pause()
        assert app.battle.game.armies[0].people[-1].name == "[b]Boss[/b]"
        form = screen.query_one(ArmyForm)
        assert Content.from_markup(form.border_title).plain == "Ogre[/]"
        assert "[b]Boss[/b]" in form_text(screen)
        assert "Ogre[/]" in text_of(screen.query_one("#army-tabs"))
        assert "[@click=app.quit]x[/]" in text_of(screen.query_one("#army-tabs"))
        assert "[@click=app.quit]x[/]" in preview_text(screen)  # "Against ..."
        await pilot.click("#army-tabs", offset=(30, 0))
        await pilot.pause()
        assert app.is_running


# -- saved, undoable, and read-only once the battle starts ---------------------------


@pytest.mark.covers("army.undo", "army.redo")
async def test_an_edit_is_saved_and_undoable(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        assert screen.check_action("undo", ()) is None  # nothing done yet
        await go_to(pilot, screen, "waterway")
        await pilot.press("enter")
        await pilot.pause()
        assert app.battle.game.battlefield.waterway
        assert saved(app).game.battlefield.waterway
        await pilot.press("u")
        await pilot.pause()
        assert not app.battle.game.battlefield.waterway
        assert not saved(app).game.battlefield.waterway
        await pilot.press("U")
        await pilot.pause()
        assert saved(app).game.battlefield.waterway
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not saved(app).game.battlefield.waterway


async def test_read_only_once_the_battle_has_started(tmp_path):
    battle = ghoul_strike_muster()
    battle.record(Reconnaissance(skip=True))
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        assert "read-only" in text_of(screen.query_one("#army-status"))
        for action, parameters in (("edit", ()), ("step", (1,)), ("add_person", ()), ("rename", ()), ("undo", ())):
            assert screen.check_action(action, parameters) is None, action
        before = app.battle.game
        await go_to(pilot, screen, "night")
        await pilot.press("enter", "plus", "minus", "a", "n", "u")
        await pilot.pause()
        assert app.screen is screen  # no dialog opened
        assert app.battle.game == before
        assert saved(app).game.battlefield == before.battlefield
        assert "Battle Level" in preview_text(screen)  # the preview still shows the muster


# -- fits the terminal ---------------------------------------------------------------


def _inside(widget, width: int, height: int) -> bool:
    region = widget.region
    return region.x >= 0 and region.y >= 0 and region.right <= width and region.bottom <= height


async def test_fits_80x24(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        form, panel = screen.query_one(ArmyForm), screen.query_one(PoolSources)
        for widget in (form, panel, screen.query_one("#army-hint"), screen.query_one("#army-tabs")):
            assert _inside(widget, 80, 24)
        assert form.region.height >= 14
        assert form.region.width >= 40
        assert not form.region.overlaps(panel.region)
        footer = app.screen.query_one("KeyFooter")
        assert footer.region.bottom == 24
        assert "Change" in app.export_screenshot()


async def test_uses_the_room_at_120x40(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_army(app, pilot)
        panel = screen.query_one(PoolSources)
        assert panel.region.width == 48
        assert screen.query_one(".opponent").display  # the other side's sources too
        assert screen.query_one(ArmyForm).region.height >= 30


async def test_german_and_ascii(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster(units={"artillery": 1}), language="de", glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await pilot.press("tab")
        await pilot.pause()
        text = preview_text(screen)
        assert "Kampfstufe 2" in text
        assert "G  Spezialklasse: Artillerie" in text or "G Spezialklasse: Artillerie" in text
        assert "⚙" not in text and "◎" not in text
        assert "Kampfstufe" in form_text(screen)


async def test_the_roller_is_untouched_by_the_muster(tmp_path):
    app = make_app(tmp_path, ghoul_strike_muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await go_to(pilot, screen, "fighters")
        await pilot.press("plus")
        await pilot.pause()
        assert app.battle.state.sides[0].pool == Pool()


async def test_a_persons_dialog_leads_with_the_skills_of_their_position():
    """Issue 29: an Engineer's dialog listed COMMAND and ASSAULT (pools they
    held) before JURY-RIG and MANUFACTURE; now the position's own come first,
    and follow the position when it changes."""
    from textual.app import App

    from tui.core.systems.myz.rules import shipped

    engineer = Person(name="Vera", position="engineer", skills={"command": "2b", "assault": "3b1s"})

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PersonDialog(engineer, "engineer", shipped(), lambda _: None))

    def shown(dialog) -> list[str]:
        return [w.id.removeprefix("skill-") for w in dialog.query("Input.skill") if not w.has_class("-hidden")]

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert shown(dialog) == ["jury_rig", "manufacture", "command", "assault"]
        dialog.query_one("#position").focus()
        await pilot.press("right")  # engineer -> medic
        await pilot.pause()
        assert shown(dialog)[:1] == ["heal"] and shown(dialog)[-2:] == ["command", "assault"]


def test_a_faction_not_yet_an_ark_says_ticking_it_lists_the_projects():
    """Issue 29: the Ark's projects appear only once the faction is an Ark, and nothing said so."""
    from tests.ui.scenes import muster
    from tui.ui.glyphs import UNICODE
    from tui.ui.myz.army_fields import faction_rows

    game = muster().game
    ghouls, ark = (faction_rows(game, side, UNICODE) for side in (0, 1))
    row = next(r for r in ghouls if r.id == "ark")
    assert "projects are listed" in str(row.note)
    assert not any(r.id.startswith("project:") for r in ghouls)
    assert any(r.id.startswith("project:") for r in ark) and "projects are listed" not in str(next(r for r in ark if r.id == "ark").note)


async def test_the_person_dialog_shows_and_keeps_the_damage_brought_from_an_earlier_battle():
    """A campaign's PC comes to the muster hurt: the builder shows the
    damage and may change it (as much as Strength: broken from the start)."""
    from textual.app import App
    from textual.widgets import Input

    from tui.core.systems.myz.rules import shipped

    hurt = Person(name="Angus", position="engineer", skills={"jury_rig": "3b2s"}, damage=2)
    saved: list[Person] = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PersonDialog(hurt, "engineer", shipped(), lambda _: None), saved.append)

    app = Host()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one("#damage", Input).value == "2"
        dialog.query_one("#damage", Input).value = "4"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert saved and saved[0].damage == 4
