"""The players' viewer (``masscombat view``): it follows the projection
through atomic replaces, waits for a missing file, keeps the last good
state past a broken one, says when the revision goes back, and changes
nothing whatever is pressed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.core.myz.kit import army, risks, start
from tui.core.i18n import set_language
from tui.core.projection import ProjectionWriter, build, text_of
from tui.core.systems.myz import events as mev
from tui.ui.viewer import follow
from tui.ui.viewer.app import ViewerApp, ViewerHelp


def bar(app: ViewerApp) -> str:
    return str(app.query_one("#bar", Static).render()) + " " + str(app.query_one("#stamp", Static).render())


def screen_text(app: ViewerApp) -> str:
    return "\n".join(str(w.render()) for w in app.query(Static) if w.display)


async def until(app: ViewerApp, pilot, words: str, limit: int = 200) -> None:
    """Let the app run until ``words`` are on screen (the folder watch or the poll brings them)."""
    for _ in range(limit):
        if words in screen_text(app):
            return
        await pilot.pause(0.05)
    raise AssertionError(f"{words!r} never showed; on screen:\n{screen_text(app)}")


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.fixture
def battle():
    return start(army(3), army(3))


async def test_it_follows_the_file_through_atomic_replaces(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(battle)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 1")
        assert app._watch is not None  # the folder is watched here, not polled
        assert "Red" in screen_text(app) and "Battle Level 3" in screen_text(app)
        assert "What happened\n· Initiative: Red acts first\n· The Reconnaissance was made" in screen_text(app)  # newest first, a line each
        risks(battle)
        writer.write(battle)
        await until(app, pilot, "revision 2")
        battle.record(mev.ChooseStrategy(side=0, strategy="total_attack"))
        writer.write(battle)
        await until(app, pilot, "revision 3")
        assert "strategy locked in" in screen_text(app) and "Total Attack" not in screen_text(app)
        battle.record(mev.ChooseStrategy(side=1, strategy="defense"))
        writer.write(battle)
        await until(app, pilot, "revision 4")
        assert "Strategy: Total Attack" in screen_text(app)  # both locked in: revealed


async def test_without_a_folder_watch_it_polls(tmp_path, battle, monkeypatch):
    monkeypatch.setattr("tui.ui.viewer.app.folder_watch", lambda path: None)
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(battle)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 1")
        assert app._watch is None
        risks(battle)
        writer.write(battle)
        await until(app, pilot, "revision 2")


async def test_it_waits_for_a_missing_file_and_keeps_the_last_state_when_it_goes(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "Waiting for")
        assert "is not there (yet)" in bar(app)
        writer.write(battle)
        await until(app, pilot, "revision 1")
        writer.path.unlink()
        await until(app, pilot, "is not there (yet)")
        assert "Battle Level 3" in screen_text(app)  # the last good state stays


async def test_a_broken_file_leaves_the_last_good_state_on_screen(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(battle)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 1")
        temp = tmp_path / "swap"
        temp.write_text('{"schema_version": 1, "revis')
        os.replace(temp, writer.path)
        await until(app, pilot, "can't be read as a players' view")
        assert "revision 1" in bar(app) and "Battle Level 3" in screen_text(app)
        risks(battle)
        writer.write(battle)  # the GM's next change mends it
        await until(app, pilot, "revision 2")
        assert "can't be read as a players' view" not in screen_text(app)


async def test_a_revision_going_back_is_shown_and_said(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.revision = 4
    writer.write(battle)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 5")
        risks(battle)
        temp = tmp_path / "swap"
        temp.write_text(text_of(build(battle, 2)), encoding="utf-8")
        os.replace(temp, writer.path)
        await until(app, pilot, "revision 2")
        assert "went back from 5 to 2" in screen_text(app)


async def test_the_closed_battle_and_the_players_language(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(battle, open=False)
    set_language("de")
    try:
        app = ViewerApp(writer.path, language="de", ascii=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, "Revision 1")
            assert "SL weg: die Schlacht geht weiter" in bar(app)  # not "the battle is over" (issue 29)
            assert "Kampfstufe 3" in screen_text(app)
            assert "·" not in screen_text(app).replace("\n· ", "\n- ")  # ASCII: no symbols a plain terminal lacks
    finally:
        set_language("en")


@pytest.mark.covers("viewer.panel")
async def test_p_shows_the_board_alone_and_back(tmp_path, battle):
    from tests.core.fate.kit import fight

    writer = ProjectionWriter(tmp_path / "ford.toml")
    writer.write(fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}))
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 1")
        panel, board = app.query_one("#panel"), app.query_one("#board")
        assert panel.display and panel.region.height >= 6 and board.region.width == 80  # under the board at 80 columns
        await pilot.press("p")
        await pilot.pause()
        assert not panel.display and board.region.height > 15
        assert not app._notifications  # the view's own key: no "changes nothing" notice
        await pilot.press("p")
        await pilot.pause()
        assert panel.display


@pytest.mark.parametrize("name", ["viewer-fate", "viewer-myz-german", "viewer-kingmaker-ascii", "viewer-second-world"])
async def test_ascii_puts_no_symbol_line_or_block_on_screen(tmp_path, name):
    import html
    import re

    from tests.ui.viewer_scenes import VIEWER_SCENES

    scene = next(s for s in VIEWER_SCENES if s.name == name)
    app = scene.app(tmp_path)
    app.ascii = True
    app.add_class("-ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "evision 17")
        await pilot.press("x")  # a notice too
        await pilot.pause()
        svg = app.export_screenshot()
    shown = "".join(html.unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)).replace("\xa0", " ")
    # Symbols, lines and blocks all gone; German keeps its letters (what --ascii is for is ☢ ☠ ⚙, not words).
    assert {ch for ch in shown if not ch.isascii()} <= set("äöüÄÖÜß")


@pytest.mark.covers("viewer.help", "viewer.help_close", "viewer.quit")
async def test_its_keys_show_help_and_quit_and_nothing_else_changes_anything(tmp_path, battle):
    writer = ProjectionWriter(tmp_path / "raid.toml")
    writer.write(battle)
    before = files(tmp_path)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "revision 1")
        await pilot.press("u", "ctrl+z", "U", "ctrl+y", "a", "r", "n", "x", "enter", "space", "delete", "ctrl+d", "ctrl+r", "ctrl+s", "tab", "down", "e", "c")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, type(app.screen))
        assert [n.message for n in app._notifications] == ["This is the players' view: it shows the battle and changes nothing."]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, ViewerHelp)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ViewerHelp)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ViewerHelp)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert not app.is_running
    assert files(tmp_path) == before  # nothing written, nothing moved


def test_the_folder_watch_hears_a_rename_over_the_file(tmp_path):
    target = tmp_path / "x.public.json"
    watch = follow.FolderWatch(target)
    try:
        (tmp_path / "other.txt").write_text("x")
        assert not watch.drain()
        temp = tmp_path / ".x.public.json.tmp"
        temp.write_text("{}")
        os.replace(temp, target)
        assert watch.drain()
        assert not watch.drain()
    finally:
        watch.close()


async def test_the_gm_app_writes_a_deleted_players_file_again_without_waiting_for_a_change(tmp_path):
    """A deleted players' file came back only at the GM's next change: the
    players looked at "waiting" meanwhile. The app looks every
    ``PUBLIC_FILE_CHECK`` seconds and writes it again as it stands."""
    from tests.ui.scenes import make_app
    from tui.core.projection import projection_path, read_projection
    from tui.ui.app import PUBLIC_FILE_CHECK

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        public = projection_path(app.session.path)
        before = read_projection(public)
        public.unlink()
        app.keep_public_file()
        again = read_projection(public)
        assert again.panels == before.panels and again.revision > before.revision
        app.keep_public_file()  # there: nothing written
        assert read_projection(public).revision == again.revision
        assert any(getattr(timer, "_interval", None) == PUBLIC_FILE_CHECK for timer in app._timers)


async def test_the_title_stays_in_sight_when_the_gm_has_closed_the_app(tmp_path, battle):
    """At 80 columns the closed note pushed the battle's title off the top line."""
    writer = ProjectionWriter(tmp_path / "b.toml")
    writer.write(battle, open=False)
    app = ViewerApp(writer.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(app, pilot, "GM away")
        top = "\n".join(strip.text for strip in app.screen._compositor.render_strips()).splitlines()[0]
        assert battle.meta.title[:10] in top and "GM away" in top, top
