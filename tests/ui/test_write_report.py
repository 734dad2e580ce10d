"""``ctrl+e`` (issue 33): the report with pictures written from the app,
both copies beside the save, without touching the battle; a place that
can't be written is one line, and the app goes on."""

from __future__ import annotations

import pytest

from tests.ui.scenes import make_app
from tests.ui.test_key_bursts import burst, settle


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.covers("app.write_report")
async def test_ctrl_e_writes_both_copies_of_the_page_beside_the_save(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        done = len(app.battle.history.done)
        burst(app, "ctrl+e")
        await settle(app, pilot)
        gm, public = tmp_path / "battle-gm.html", tmp_path / "battle-public.html"
        assert gm.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and "GM's copy" in gm.read_text(encoding="utf-8")
        assert "players' copy" in public.read_text(encoding="utf-8") and 'id="written"' not in public.read_text(encoding="utf-8")
        assert f"report with pictures written in {tmp_path}: battle-gm.html (the GM's copy) and battle-public.html (the players' copy, safe to post)" in notices(app)
        assert len(app.battle.history.done) == done, "not a step of the battle"
        # the palette offers it too
        assert any(c.title == "Write the report with pictures" for c in app.get_system_commands(app.screen))


async def test_a_place_that_cannot_be_written_is_one_line_and_the_app_goes_on(tmp_path):
    app = make_app(tmp_path, language="de")
    (tmp_path / "battle-gm.html").mkdir()  # a folder where the page would go
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "ctrl+e", "question_mark")
        await settle(app, pilot)
        problem, written = [n for n in notices(app) if "schreiben" in n or "geschrieben" in n]
        assert problem.startswith(f"{tmp_path / 'battle-gm.html'} ließ sich nicht schreiben: ") and "\n" not in problem
        assert written == f"der Bericht mit Bildern wurde nach {tmp_path / 'battle-public.html'} geschrieben"
        assert (tmp_path / "battle-public.html").is_file(), "the other copy is written all the same"
        assert type(app.screen).__name__ == "HelpScreen", "the next key landed"
