"""No text from a file reaches a terminal as anything but text (issue 12,
items 3, 7 and 10): every string in every save and ruleset is checked when
read, what is printed is cleaned again, and the Markdown report escapes
the GM's text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from _toml_paths import leaves, replaced, value_at
from tui.core.errors import MassCombatError, SaveFileError
from tui.core.markdown import md_text
from tui.core.files.places import find_example
from tui.core.records import MAX_NAME, Record, check_name, printable, text_problem
from tui.core.files.rulesets import load_ruleset_file
from tui.core.files.loading import load_battle
from tui.core.files.tomlfile import dump_toml, read_toml

ESCAPES = {
    "clipboard write": "\x1b]52;c;cm0gLXJmIH4K\x07",
    "window title": "\x1b]0;pwned\x07",
    "clear screen": "\x1b[2J",
    "NUL": "a\x00b",
    "C1 CSI": "\x9b2J",
    "right-to-left override": "\u202egnp.exe",
    "isolate": "\u2066x\u2069",
    "line separator": "a\u2028b",
}
RAW = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def field_shape(path: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple("#" if isinstance(p, int) else p for p in path)


def one_per_field(data: Any) -> list[tuple[Any, ...]]:
    """Every text field of every event kind once, not every log entry."""
    seen: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for path in leaves(data):
        shape = field_shape(path)
        if path[0] == "log" and len(path) > 2:
            shape = ("log", data["log"][path[1]].get("kind"), *shape[2:])
        seen.setdefault(shape, path)
    return list(seen.values())


def demo_saves() -> list[Path]:
    return [find_example(name) for name in ("ghoul-strike", "ford-of-brannock", "operation-nightjar")]


@pytest.mark.parametrize("demo", demo_saves(), ids=lambda p: p.stem)
def test_an_escape_in_any_text_field_of_a_save_is_refused_in_one_clean_line(demo, tmp_path):
    _, data = read_toml(demo)
    paths = one_per_field(data)
    assert len(paths) > 20
    refused_as_text = 0
    for number, path in enumerate(paths):
        original = value_at(data, path)
        bad = tmp_path / f"{number}.toml"
        bad.write_text(dump_toml(replaced(data, path, original + ESCAPES["clipboard write"])))
        with pytest.raises(SaveFileError) as caught:
            load_battle(bad)
        message = str(caught.value)
        assert not RAW.search(message), (path, message)
        refused_as_text += "U+001B" in message or "control characters" in message
    assert refused_as_text >= len(paths) // 3  # free text says why; keys and literals fail their own checks


@pytest.mark.parametrize("system", ["myz", "fate", "second_world", "kingmaker"])
def test_an_escape_in_any_text_of_a_ruleset_is_refused_in_one_clean_line(system, tmp_path):
    from tui.core.files.rulesets import find_ruleset

    source = find_ruleset(system)
    _, data = read_toml(source)
    for number, path in enumerate(one_per_field(data)):
        bad = tmp_path / f"{number}.toml"
        bad.write_text(dump_toml(replaced(data, path, value_at(data, path) + ESCAPES["window title"])))
        with pytest.raises(MassCombatError) as caught:
            load_ruleset_file(bad)
        assert not RAW.search(str(caught.value)), (path, str(caught.value))


@pytest.mark.parametrize("name", ESCAPES)
def test_a_typed_name_with_a_steering_character_is_refused(name):
    value = "Ogre" + ESCAPES[name]
    assert text_problem(value, MAX_NAME) in ("line", "bidi")
    with pytest.raises(ValueError):
        check_name(value)


def test_every_record_type_checks_its_text():
    def all_records(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from all_records(sub)

    import tui.core.systems.fate.events  # the systems' records, loaded
    import tui.core.systems.myz.events
    import tui.ui.settings  # noqa: F401

    kinds = list(all_records(Record))
    assert len(kinds) > 50
    for kind in kinds:
        assert "_plain_text" in kind.__pydantic_decorators__.model_validators, kind


def test_a_fate_advantage_aspect_with_escapes_is_refused():
    from tui.core.systems.fate.events import Roll

    with pytest.raises(ValueError, match="aspect holds U\\+001B"):
        Roll(counter=1, action="advantage", by="u1", skill="warfare", aspect="Hold\x1b]0;x\x07", faces=(0, 0, 0, 0))


def test_roll_use_is_a_key_not_any_text():
    from tui.core.systems.fate.events import Roll

    with pytest.raises(ValueError):
        Roll(counter=1, action="advantage", by="u1", skill="warfare", use="Ambush! <b>", aspect="x", faces=(0, 0, 0, 0))
    assert Roll(counter=1, action="advantage", by="u1", skill="warfare", use="ambush", aspect="x", faces=(0, 0, 0, 0)).use == "ambush"


def test_printable_writes_out_what_would_steer_a_terminal():
    for value in ESCAPES.values():
        assert not RAW.search(printable(value))
    assert printable("a\nb", lines=True) == "a\nb" and printable("a\nb") == "a\\nb"
    assert printable("Ведьмы ☢ 鬼 [b]x[/b]") == "Ведьмы ☢ 鬼 [b]x[/b]"


@pytest.mark.parametrize(
    "name, shows",
    [
        ("<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"),
        ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
        ("*Ogre* #1 a|b", "\\*Ogre\\* \\#1 a\\|b"),
        ("- Ogre", "\\- Ogre"),
        ("12. Sgt", "12\\. Sgt"),
        ("Zone-Ghouls & co", "Zone-Ghouls \\& co"),
    ],
)
def test_markdown_escapes_user_text(name, shows):
    assert md_text(name) == shows


def test_both_reports_escape_every_name(tmp_path):
    from tui.core.systems.fate.demo import ford_of_brannock
    from tests.ui.scenes import ghoul_strike

    hostile = "<img src=x onerror=alert(1)>*[x](javascript:y)"
    myz = ghoul_strike()
    myz.rename(0, hostile)

    fate = ford_of_brannock()
    fate.meta = fate.meta.model_copy(update={"title": hostile})
    for battle in (myz, fate):
        from tui.core.system import system_of

        text = system_of(battle).report(battle, "en")
        assert not re.search(r"(?<!\\)(<img|\]\(javascript|\*\[)", text)
        assert md_text(hostile) in text


def test_a_played_wave_escapes_every_person_in_every_table(monkeypatch):
    """The Risk table, the checks, the casualties: every place a person is named."""
    from tests.ui.myz import waves
    from tui.core.systems.myz.army import Person
    from tui.core.system import system_of

    hostile = "<img src=x> *D*"
    real = waves.armies

    def hostile_armies():
        ghouls, ark = real()
        people = tuple(p.model_copy(update={"name": hostile}) if p.name == "Dora" else p for p in ark.people)
        return ghouls, ark.model_copy(update={"people": people})

    monkeypatch.setattr(waves, "armies", hostile_armies)
    battle = waves.ghoul_strike_waves(1)
    assert any(isinstance(p, Person) and p.name == hostile for p in battle.game.armies[1].people)
    text = system_of(battle).report(battle, "en")
    assert text.count(md_text(hostile)) >= 3
    assert not re.search(r"(?<!\\)<img", text)


# TOML allows no raw C0 control character or DEL in a string (the parser
# refuses those files itself), so those go in escaped or multi-line only.
CARRIED = [
    (kind, carrier)
    for kind in ESCAPES
    for carrier in ("escaped", "raw", "multi-line")
    if carrier != "raw" or not re.search("[\x00-\x1f\x7f]", ESCAPES[kind])
]


@pytest.mark.parametrize(("kind", "carrier"), CARRIED)
def test_every_way_toml_carries_a_steering_character_is_still_refused(kind, carrier, tmp_path):
    """Loading skips the walk over every value when the text shows no unsafe
    character can be there (``records.screened``): escapes, raw characters
    where TOML allows them, and multi-line strings must all still be caught."""
    text = find_example("ghoul-strike").read_text(encoding="utf-8")
    value = "Ghoul" + ESCAPES[kind]
    if carrier == "escaped":
        written = '"' + value.encode("unicode_escape").decode("ascii").replace("\\x", "\\u00") + '"'
    elif carrier == "raw":
        written = '"' + value + '"'
    else:
        written = '"""' + value + '"""'
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('title = "Ghoul Strike"', "title = " + written, 1), encoding="utf-8")
    assert bad.read_text(encoding="utf-8") != text
    with pytest.raises(SaveFileError) as caught:
        load_battle(bad)
    assert not RAW.search(str(caught.value))


def test_the_screen_lets_only_text_without_any_sign_of_an_unsafe_character_skip_the_walk():
    from tui.core.records import _CHECKED, screened

    for text in ['a = "x"\n', "a = 1\nb = [1, 2]\n[c]\nd = 'e'\n"]:
        with screened(text):
            assert _CHECKED.get()
    for text in ['a = "\\u001b"', 'a = """x"""', "a = '''x'''", 'a = "\t"', 'a = "\u202e"', 'a = "\x85"', "a = 1\r\n"]:
        with screened(text):
            assert not _CHECKED.get(), repr(text)
    assert not _CHECKED.get()
