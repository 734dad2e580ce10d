"""Issue 33: the report as one page with pictures. Every bundled battle's
page, both copies, in both languages: it opens offline (no address, no
script, no link, no image fetched), every id on it is unique, its HTML
nests; user text is text; a battle of several waves is drawn at each
wave's end."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.core.myz.kit import army, end_wave, fight as myz_fight, start, support_none, to_battle
from tui.core.files.loading import load_battle
from tui.core.report.gather import gather
from tui.core.report.md_html import markdown_html
from tui.core.report.page import page, pictures
from tui.core.systems.kingmaker import events as kev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.myz import events as mev

from tests.core.kingmaker.kit import KNIGHTS

EXAMPLES = Path(__file__).resolve().parents[3] / "saves" / "examples"
BATTLES = sorted(p for p in [*EXAMPLES.glob("*.toml"), *EXAMPLES.glob("*/*.toml")] if not p.with_suffix("").is_dir())
"""The bundled battles: a campaign has its battles' folder beside it."""
VOID = {"meta", "br", "rect", "line", "circle", "path", "polyline", "input", "img", "hr"}


class Checked(HTMLParser):
    """Every tag closed in order, every id once, nothing fetched."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "link", "img", "iframe", "object", "embed", "image", "use", "a", "base"):
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name == "id":
                self.ids.append(value or "")
            if name in ("href", "src", "xlink:href", "action") or name.startswith("on"):
                self.problems.append(f"{tag} {name}={value}")
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        saved = list(self.open)
        self.handle_starttag(tag, attrs)
        self.open = saved

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


def check(html: str) -> Checked:
    parsed = Checked()
    parsed.feed(html)
    parsed.close()
    return parsed


@pytest.mark.parametrize("public", [False, True], ids=["gm", "players"])
@pytest.mark.parametrize("path", BATTLES, ids=lambda p: p.stem)
def test_every_bundled_battles_page_opens_offline_with_unique_ids(path, public):
    battle = load_battle(path)
    for lang in ("en", "de"):
        html = page(gather(battle, lang, public=public))
        parsed = check(html)
        assert not parsed.problems, parsed.problems[:5]
        assert parsed.open == [], "every tag is closed"
        assert len(parsed.ids) == len(set(parsed.ids)), sorted(i for i in parsed.ids if parsed.ids.count(i) > 1)[:5]
        lowered = html.lower()
        for fetch in ("http:", "https:", "//", "url(", "@import", "@font-face"):
            assert fetch not in lowered.replace("</", ""), f"{fetch!r} on the page"
        assert f'<html lang="{lang}">' in html
        assert "prefers-color-scheme:dark" in html, "a dark reader gets the dark palette"
        assert html.count("<svg") >= len(pictures(gather(battle, lang, public=public))), "every picture is inline"


def test_each_picture_on_its_own_has_its_namespace_and_its_own_colours():
    battle = load_battle(EXAMPLES / "the-stolen-lands" / "the-stolen-lands-b1.toml")
    found = pictures(gather(battle, "en", public=False))
    assert [name for name, _ in found] == ["01-moment", "02-moment", "chart-1"]
    for _, svg in found:
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "<style>" in svg and svg.endswith("</svg>")


def test_the_gm_copy_holds_the_written_report_and_the_players_copy_does_not():
    battle = load_battle(EXAMPLES / "nightjar" / "nightjar-b1.toml")
    gm, players = (page(gather(battle, "en", public=p)) for p in (False, True))
    assert 'id="written"' in gm and "GM&#x27;s copy" not in gm and "GM's copy" in gm
    assert 'id="written"' not in players and "players' copy" in players


def test_a_battle_of_three_waves_is_drawn_at_each_waves_end_and_charted():
    battle = start(army(4, fighters=100), army(3, fighters=60))
    for _ in range(3):
        to_battle(battle, "attack", "attack")
        myz_fight(battle, a={"successes": 2}, b={"successes": 1})
        support_none(battle)
        end_wave(battle)
        battle.record(mev.NextWave())
    report = gather(battle, "en", public=True)
    labels = [m.label for m in report.moments]
    assert labels == ["Start of wave 1", "End of wave 1", "End of wave 2", "End of wave 3", "Where it stands"]
    assert len(report.rolls) == 3 and all(r.chances and abs(sum(c.value for c in r.chances) - 1) < 1e-9 for _, r in report.rolls)
    (chart,) = report.charts
    assert chart.title == "Fighters of each faction" and chart.points[0] == "before the battle" and "wave 2" in chart.points and chart.points[-1] == "now"
    assert all(s.values[0] > s.values[-1] for s in chart.series), "the fighters fall"
    german = gather(battle, "de", public=True)
    assert [m.label for m in german.moments][1] == "Ende: Welle 1"


MARKUP = ("<img src=x onerror=alert(1)>", "Ogre[/]", "[@click=app.quit]x[/]", "**bold** & _it_", "x</svg><script>")


def test_names_that_look_like_markup_show_as_written_in_every_copy():
    battle = KingmakerBattle.new("<b>Ford</b>", seed=3)
    battle.record(kev.SetSides(names=(MARKUP[0], MARKUP[1])))
    for side, name in enumerate(MARKUP[2:]):
        battle.record(kev.SetArmy(army=KNIGHTS.model_copy(update={"key": battle.game.next_army_key(), "name": name, "side": side % 2})))
    for public in (False, True):
        html = page(gather(battle, "en", public=public))
        parsed = check(html)
        assert not parsed.problems and parsed.open == []
        assert "<img" not in html and "<script" not in html and "<b>" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html and "Ogre[/]" in html and "[@click=app.quit]x[/]" in html
        assert "x&lt;/svg&gt;&lt;script&gt;" in html


def test_the_written_report_keeps_its_tables_lists_and_escapes():
    html = markdown_html(
        "# T\n\n*System*\n\n- **A** (x): y\n  - sub \\*not em\\*\n- B\n\n| a | b |\n| --- | ---: |\n| 1 \\| 2 | 3 |\n\n```\n A <v>\n```\n\n1. one\n2. two\n",
        shift=1,
    )
    assert html.splitlines()[0] == "<h2>T</h2>"
    assert "<p><em>System</em></p>" in html
    assert "<ul><li><strong>A</strong> (x): y<ul><li>sub *not em*</li></ul></li><li>B</li></ul>" in html
    assert '<th>a</th><th class="num">b</th>' in html and "<td>1 | 2</td>" in html
    assert "<pre> A &lt;v&gt;</pre>" in html
    assert "<ol><li>one</li><li>two</li></ol>" in html


def test_an_escape_sequence_in_the_written_report_is_written_out():
    html = markdown_html("- a \x1b[31mred\x1b[0m name")
    assert "\x1b" not in html and "\\x1b[31mred" in html
