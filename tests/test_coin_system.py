"""A fifth system of its own package (``tests/coin``), installed from the
test suite alone: found through its entry points and played through
everything a system is asked for (new battle, save, reopen, undo, check,
report, the quick roll and ``masscombat roll``, the start screen, the GM's
app, the public projection and the players' view) without a file of
``tui/`` naming it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tui.cli import main
from tui.core.dice.quick import parse_quick, quick_result, roll_quick
from tui.core.projection import ProjectionWriter, read_projection
from tui.core.files.loading import load_battle
from tui.core.files.storage import create_session, open_session
from tui.core.system import find_system, forget_systems, quick_dice, system_keys, systems
from tui.ui.registry import forget_screens, system_ui

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(__file__).resolve().parent / "coin"

ENTRY_POINTS = """\
[masscombat.systems]
coin = masscombat_coin.system:SYSTEM

[masscombat.screens]
coin = masscombat_coin.screens:UI
"""


@pytest.fixture
def coin(tmp_path_factory, monkeypatch):
    """masscombat-coin installed as pip leaves a package: its code on the
    path and a ``.dist-info`` naming its entry points."""
    site = tmp_path_factory.mktemp("site")
    info = site / "masscombat_coin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: masscombat-coin\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(PACKAGE))
    forget_systems()
    forget_screens()
    yield find_system("coin")
    monkeypatch.undo()
    for name in [n for n in sys.modules if n.split(".")[0] == "masscombat_coin"]:
        del sys.modules[name]
    forget_systems()
    forget_screens()


def test_it_is_found_beside_the_bundled_four(coin):
    assert system_keys()[-1] == "coin" and len(systems()) == 5
    assert coin.name("de") == "Münzwurf" and system_ui("coin").key == "coin"


def test_new_battle_save_reopen_undo_and_check(coin, tmp_path, capsys):
    path = tmp_path / "toss.toml"
    with create_session(path, coin.new_battle(seed=11)) as session:
        for _ in range(3):
            session.battle.flip()
            session.save()
        session.battle.undo()
        session.save()
        heads = session.battle.game.heads
    battle = load_battle(path)
    assert battle.system == "coin" and battle.game.heads == heads and battle.game.flips == 2
    assert battle.meta.ruleset.id == "coin-toss" and battle.history.can_redo
    battle.redo()
    assert battle.game.flips == 3
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == 'ok: battle "Coin Toss"\n'
    house = tmp_path / "house.toml"
    house.write_text((PACKAGE / "masscombat_coin" / "coin-toss.toml").read_text(encoding="utf-8").replace("heads_to_win = 4", "heads_to_win = 9"), encoding="utf-8")
    assert main(["check", str(house)]) == 0 and capsys.readouterr().out == "ok: ruleset coin-toss\n"
    with open_session(path, house=house) as session:
        assert session.battle.ruleset.heads_to_win == 9


def test_report_and_dice_on_the_command_line(coin, tmp_path, capsys):
    path = tmp_path / "toss.toml"
    with create_session(path, coin.new_battle(seed=4)) as session:
        session.battle.flip()
        session.save()
    out = tmp_path / "toss.md"
    assert main(["report", str(path), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Coin Toss") and "Heads flips" in text
    capsys.readouterr()
    assert main(["roll", "3", "coins", "--seed", "5"]) == 0
    assert "3 coins:" in capsys.readouterr().out
    page = tmp_path / "toss.html"
    assert main(["report", str(path), "--html", "--public", "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")  # a system that tells the report nothing more: the battle as it stands
    assert "<h1>Coin Toss</h1>" in html and html.count('<section id="moment-') == 1
    assert main(["odds", "4coins", "--json"]) == 0
    assert '"odds": "exactly half heads 38%"' in capsys.readouterr().out
    dice = quick_dice(load_battle(path))
    spec = parse_quick("2 coins", dice)
    faces = roll_quick(spec, dice, __import__("random").Random(1))
    assert quick_result(spec, faces, dice).startswith("2 coins: ")
    assert parse_quick("5b2s1g", dice).kind == "yz"  # the others' dice are there too


def test_the_players_see_it(coin, tmp_path):
    battle = coin.new_battle(seed=2)
    battle.flip()
    writer = ProjectionWriter(tmp_path / "toss.toml")
    writer.write(battle)
    projection = read_projection(writer.path)
    assert projection.system == "coin" and projection.panel("de").system_name == "Münzwurf"
    assert projection.panel("en").headline == "flip 2 · Tails to flip"


async def test_the_players_view_draws_it(coin, tmp_path):
    from tests.ui.test_viewer import screen_text, until
    from tui.ui.viewer.app import ViewerApp

    battle = coin.new_battle(seed=2)
    battle.flip()
    writer = ProjectionWriter(tmp_path / "toss.toml")
    writer.write(battle)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "Tails to flip")
        assert "Coin Toss" in screen_text(app) and "Heads flips" in screen_text(app)


async def test_the_start_screen_offers_it(coin, tmp_path):
    from tui.ui.shell.start import StartApp, StartChoice

    with create_session(tmp_path / "toss.toml", coin.new_battle(seed=3)):
        pass
    app = StartApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("New battle" in label and "Coin Toss" in label for label in labels)
        assert any("toss.toml" in label and "Coin Toss" in label for label in labels)
        options.highlighted = next(i for i, label in enumerate(labels) if "New battle" in label and "Coin Toss" in label)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == StartChoice("new", system="coin")


async def test_the_gm_plays_it_in_the_app(coin, tmp_path):
    from tui.ui.app import MassCombatApp
    from tui.ui.settings import Settings

    session = create_session(tmp_path / "toss.toml", coin.new_battle(seed=6))
    app = MassCombatApp(session, Settings(), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Heads to flip" in str(app.screen.query_one("#coin-board", Static).render())
        await pilot.press("f", "f")
        await pilot.pause()
        assert app.battle.game.flips == 2 and "Heads to flip" in str(app.screen.query_one("#coin-board", Static).render())
        await pilot.press("u")
        await pilot.pause()
        assert app.battle.game.flips == 1 and "Tails to flip" in str(app.screen.query_one("#coin-board", Static).render())
        await pilot.press("f1")
        await pilot.pause()
        assert "heads win" in "\n".join(str(w.render()) for w in app.screen.query(Static))
    session.close()
    assert load_battle(tmp_path / "toss.toml").game.flips == 1
    assert (tmp_path / "toss.public.json").is_file()


async def test_it_speaks_german_from_its_own_catalog(coin, tmp_path):
    from tui.core.i18n import set_language
    from tui.ui.app import MassCombatApp
    from tui.ui.settings import Settings

    session = create_session(tmp_path / "toss.toml", coin.new_battle(seed=6))
    set_language("de")
    try:
        app = MassCombatApp(session, Settings(language="de"), None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Heads wirft" in str(app.screen.query_one("#coin-board", Static).render())
            await pilot.press("f1")
            await pilot.pause()
            assert "Münzen werfen" in "\n".join(str(w.render()) for w in app.screen.query(Static))
    finally:
        set_language("en")
        session.close()


def test_no_file_of_tui_names_it():
    named = [p for p in (ROOT / "tui").rglob("*") if p.is_file() and p.suffix in (".py", ".toml", ".tcss") and any(word in p.read_text(encoding="utf-8") for word in ("masscombat_coin", '"coin"', "Coin Toss"))]
    assert named == []
