"""Second World: the demo scene, the story in words, the Markdown report
and what players may see."""

from __future__ import annotations

import pytest

from tests.core.second_world.kit import captain_start, scene
from tui.core.i18n import set_language
from tui.core.systems.second_world import events as ev
from tui.core.systems.second_world.demo import build
from tui.core.systems.second_world.forces import Character
from tui.core.systems.second_world.story import markdown_report, note_text


def test_the_demo_uses_every_example_edge_both_situations_and_every_weapon_class():
    battle = build()
    game = battle.game
    assert sorted(e.notation for e in game.board.edges) == sorted(["1/0/1", "4/0/4", "X/4/X", "4/2/X"])
    assert {s for _, info in game.zones for s in info.situations} == {"cluttered", "claustrophobic"}
    assert {c.weapon for c in game.characters} == {w.key for w in game.rules.weapons}
    assert (game.stage, game.round, game.side_in_turn()) == ("conflict", 1, 0)  # the raiders sprang the ambush: they act first


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_note_of_a_played_conflict_reads_as_words(lang):
    battle = captain_start(scene(), first=1)
    battle.record(ev.BeginTurn(key="guards"))
    battle.record(ev.ActionRoll(counter=battle.game.counter, key="guards", action="attack", skill="shoot", faces=(1, 1, 1, 1), target="vasquez",
                                defence_skill="athletics", defence_faces=(0, 0, 0, 0)))
    battle.record(ev.Resolve())
    battle.record(ev.Absorb(consequences=(ev.TakenConsequence(slot="moderate", aspect="Bad Leg"), ev.TakenConsequence(slot="mild", aspect="Dazed"))))
    battle.record(ev.Situation(zone="z3", situation="cluttered"))
    battle.record(ev.EndTurn())
    set_language(lang)
    notes = list(battle.game.notes) + list(build().game.notes)
    for note in notes:
        text = note_text(battle.game, note)
        assert "{" not in text and not text.startswith("sw."), (note, text)
    texts = [note_text(battle.game, n) for n in battle.game.notes]
    assert any(("Vollgestellt" if lang == "de" else "Cluttered") in t for t in texts)
    assert any(("gelingt mit Stil" if lang == "de" else "succeeds with style") in t for t in texts)


def test_the_report_shows_the_map_in_the_texts_notation_in_both_languages():
    battle = build()
    english = markdown_report(battle.game, battle.meta.title, "en")
    german = markdown_report(battle.game, battle.meta.title, "de")
    assert "Barbed wire `X/4/X` (open): Forward Trench – No Man's Land" in english
    assert "Barricade `4/2/X` (closed)" in english and "Command Bunker**: Maps and Radio Sets, Cluttered" in english
    assert "(geschlossen)" in german and "Beengt" in german and "## Was geschah" in german


def test_the_report_never_lets_a_name_become_markup():
    battle = scene()
    battle.record(ev.SetCharacter(character=Character(key="evil", name="*Ogre* <img src=x>", side=1, aspects=("[x](javascript:y)",))))
    report = markdown_report(battle.game, "# Title", "en")
    assert "\\*Ogre\\* \\<img src=x\\>" in report and "\\[x\\](javascript:y)" in report
    assert report.startswith("# \\# Title")


def test_the_bundled_demo_file_is_what_the_builder_writes(tmp_path):
    from tui.core.files.places import find_example
    from tui.core.files.loading import load_battle
    from tui.core.systems.second_world.demo import write

    write(tmp_path / "operation-nightjar.toml")
    bundled = find_example("operation-nightjar")
    assert bundled.read_text(encoding="utf-8") == (tmp_path / "operation-nightjar.toml").read_text(encoding="utf-8")
    loaded = load_battle(bundled)
    assert loaded.meta.template and loaded.game == build().game


def test_the_condition_line_shows_fate_points_and_no_one_is_withdrawn_once_it_is_over():
    from tests.core.second_world.kit import captain_start, scene
    from tui.core.systems.second_world.story import condition

    battle = captain_start(scene(), first=1)
    assert "FP 3" in condition(battle.game, "hale") and "withdrawn" not in condition(battle.game, "hale")
    for key in ("guards", "gunner"):
        battle.record(ev.Concede(key=key))
    assert battle.game.stage == "ended"
    assert "withdrawn" not in condition(battle.game, "hale") and "conceded" in condition(battle.game, "gunner")
