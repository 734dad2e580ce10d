"""Message catalogs: English and German complete, same keys, same placeholders,
and every key the code asks for exists."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

import tui
from tui.core import i18n
from tui.core.dice.year_zero import KINDS
from tui.core.i18n import placeholders
from tui.core.system import system_keys, systems

PACKAGE = Path(tui.__file__).resolve().parent
LOCALES = PACKAGE / "core" / "locales"
# Each system's words beside its rules: tui/core/systems/<key>/locales/.
SYSTEM_LOCALES = {folder.parent.name: folder for folder in sorted((PACKAGE / "core" / "systems").glob("*/locales"))}
FOLDERS = [LOCALES, *SYSTEM_LOCALES.values()]


@pytest.fixture(autouse=True)
def every_system_imported():
    """Each system adds its words when its package is imported: import them
    all, whatever ran before in this worker."""
    systems()

# t("key" / t('key' and tr(language, "key"
_T_CALL = re.compile(r"""\bt\(\s*(["'])([^"'\\{}]+)\1""")
_TR_CALL = re.compile(r"""\btr\(\s*[^,()"']+,\s*(["'])([^"'\\{}]+)\1""")


def catalog_files(language: str, folder: Path = LOCALES) -> list[Path]:
    """A folder's ``de.toml`` and its parts (``de.app.toml``...), as i18n.py reads them."""
    return [*([folder / f"{language}.toml"] if (folder / f"{language}.toml").is_file() else []), *sorted(folder.glob(f"{language}.*.toml"))]


def load_folder(language: str, folder: Path) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in catalog_files(language, folder):
        with open(path, "rb") as handle:
            part = i18n._flatten(tomllib.load(handle))
        assert not merged.keys() & part.keys(), f"{path} repeats keys {sorted(merged.keys() & part.keys())}"
        merged.update(part)
    return merged


def load(language: str) -> dict[str, str]:
    """A language's whole catalog, every folder, read independently of i18n.catalog()."""
    main = LOCALES / f"{language}.toml"
    assert main.is_file(), f"the {language} catalog {main} is missing"
    merged: dict[str, str] = {}
    for folder in FOLDERS:
        part = load_folder(language, folder)
        assert not merged.keys() & part.keys(), f"{folder} repeats keys {sorted(merged.keys() & part.keys())}"
        merged.update(part)
    return merged


def source_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def used_keys() -> dict[str, list[str]]:
    """Every literal catalog key in the package's source, with where it is used."""
    used: dict[str, list[str]] = {}
    for path in source_files():
        text = path.read_text(encoding="utf-8")
        for pattern in (_T_CALL, _TR_CALL):
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                used.setdefault(match[2], []).append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    return used


# -- the catalogs themselves --------------------------------------------------


def test_english_catalog_loads_and_is_what_i18n_reads():
    en = load("en")
    assert en
    assert set(SYSTEM_LOCALES) == set(system_keys())
    assert {folder.resolve() for folder in FOLDERS} <= set(i18n.catalog_folders())
    assert i18n.catalog("en").items() >= en.items()  # and any other installed system's words


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.parent.name)
def test_every_english_part_has_a_german_part(folder):
    parts = [p.name for p in catalog_files("en", folder)]
    assert parts
    missing = [name for name in parts if not (folder / ("de" + name[2:])).is_file()]
    assert missing == []


def test_a_folder_added_twice_counts_once():
    before = i18n.catalog_folders()
    i18n.add_catalogs(LOCALES)
    i18n.add_catalogs(SYSTEM_LOCALES["fate"])
    assert i18n.catalog_folders() == before


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_catalog_exists(language):
    assert (LOCALES / f"{language}.toml").is_file(), f"{language}.toml is missing from {LOCALES}"


def test_english_and_german_have_the_same_keys():
    en, de = load("en"), load("de")
    assert sorted(set(en) - set(de)) == [], "keys missing in de.toml"
    assert sorted(set(de) - set(en)) == [], "keys missing in en.toml"


def test_each_key_has_the_same_placeholders_in_both():
    en, de = load("en"), load("de")
    different = {
        key: (sorted(placeholders(en[key])), sorted(placeholders(de[key])))
        for key in set(en) & set(de)
        if placeholders(en[key]) != placeholders(de[key])
    }
    assert different == {}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_message_is_empty(language):
    catalog = load(language)
    empty = sorted(key for key, value in catalog.items() if not value.strip())
    assert empty == []


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_message_formats(language):
    for _key, text in load(language).items():
        try:
            i18n.fill(text, **{name: "X" for name in placeholders(text)})
        except ValueError:  # a number's format ({change:+d}) wants a number
            i18n.fill(text, **{name: 1 for name in placeholders(text)})


# -- the code's keys ----------------------------------------------------------


def test_the_scanner_finds_keys():
    used = used_keys()
    assert "error.pool_empty_text" in used  # dice.py
    assert "error.event_at" in used  # history.py
    assert not any("{" in key for key in used)  # f-strings are not literal keys


def message(catalog: dict[str, str], key: str) -> str | None:
    """A key's text, or its plural table's ``many`` form."""
    return catalog.get(key, catalog.get(key + ".many"))


def test_every_key_used_in_the_code_exists_in_english():
    en = load("en")
    missing = {key: places for key, places in used_keys().items() if message(en, key) is None}
    assert missing == {}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_plural_tables_are_whole(language):
    """A counted message has both forms, and the singular asks for nothing
    the plural doesn't."""
    catalog = load(language)
    tables = {key.rsplit(".", 1)[0] for key in catalog if key.endswith(".many")}
    assert tables
    for table in sorted(tables):
        assert table + ".one" in catalog and table + ".many" in catalog, table
        assert placeholders(catalog[table + ".one"]) <= placeholders(catalog[table + ".many"]), table


COUNTED_NOUNS = {
    "shifts", "zones", "fighters", "troops", "faces", "pushes", "events", "dice", "points", "armies", "squares",
    "times", "pairs", "successes", "groups", "consequences", "characters", "members", "steps", "players",
    "leaders", "cards", "boxes", "waves",
}
"""Nouns the app counts ("1 shifts" was a finding of issue 28's play list)."""
NEVER_ONE = {
    "error.pool_too_big": "more dice than a pool's most, which is at least 1",
    "error.pool_amount_too_big": "more dice than a pool's most",
    "sw.rule.record_faces": "the ruleset's Fate dice, 4",
    "sw.rule.notice_rolls": "a conflict has two sides and a character on each",
    "sw.rule.box_too_small": "more shifts than the box, which is at least 1",
    "sw.rule.out_of_reach": "farther than a reach of at least 1 (a reach of 0 says so in its own words)",
    "sw.rule.out_of_reach_here": "farther than a reach of at least 1",
    "fate_ui.outcome.success_with_style": "success with style is 3 shifts or more",
    "fate_ui.help.outcomes": "the ruleset's style shifts, 3",
    "km.cli.heading": "an army has at least 10 troops",
    "km.report.army": "an army has at least 10 troops",
    "km.rule.out_of_range": "farther than a range of at least 1",
    "summary.retaliation.pool": "6 dice, less at most 3 for Risk",
}
NOT_COUNTS = {"most", "least", "width", "height", "yards", "ratio", "range", "cost", "limit", "zones", "kind", "name"}
"""Placeholders holding a limit, a ruleset number or a word, not a count that may be 1."""


def test_a_counted_noun_after_a_number_is_a_one_many_table():
    """Every English message that puts a count before a noun this app counts
    has a singular form (a one/many table), or the count can't be 1."""
    catalog = load("en")
    plain = []
    for key, text in catalog.items():
        if key.endswith((".one", ".many")) or key in NEVER_ONE:
            continue
        for name, noun in re.findall(r"\{(\w+)(?::[^}]*)?\} (\w+)", text):
            if noun in COUNTED_NOUNS and name not in NOT_COUNTS:
                plain.append(f"{key}: {text}")
    assert not plain, plain


def test_die_names_for_every_kind():
    # dice.py and battle_pool.py ask for t(f"die.{kind.value}").
    en = load("en")
    for kind in KINDS:
        assert f"die.{kind.value}" in en


def _calls(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        position = {"t": 0, "tr": 1}.get(name)  # type: ignore[arg-type]
        if position is None or len(node.args) <= position:
            continue
        key = node.args[position]
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            yield node.lineno, key.value, node.keywords


def test_calls_fill_in_every_placeholder():
    en = load("en")
    short = []
    for path in source_files():
        for line, key, keywords in _calls(path):
            text = message(en, key)
            if text is None or any(k.arg is None for k in keywords):
                continue
            given = {k.arg for k in keywords}
            needed = placeholders(text)
            if not needed <= given:
                short.append(f"{path.relative_to(PACKAGE.parent)}:{line} {key} lacks {sorted(needed - given)}")
    assert short == []


# -- whose words: a system's own in its folder, the shared ones shared -------


def owner(path: Path) -> str:
    """The system a source file belongs to, or "" for shared code."""
    parts = path.relative_to(PACKAGE).parts
    if parts[:2] == ("core", "systems") and len(parts) > 3:
        return parts[2]
    if parts[0] == "ui" and len(parts) > 2 and parts[1] in SYSTEM_LOCALES:
        return parts[1]
    return ""


def strings_by_owner() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Every string literal in the package, and every literal start of a
    built key (f"myz.phase.{x}", "km.part." + x), with the owners using it."""
    literals: dict[str, set[str]] = {}
    heads: dict[str, set[str]] = {}
    for path in source_files():
        who = owner(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.setdefault(node.value, set()).add(who)
            start = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node.left if isinstance(node, ast.BinOp) else None
            if isinstance(start, ast.Constant) and isinstance(start.value, str) and "." in start.value:
                heads.setdefault(start.value, set()).add(who)
    return literals, heads


def users(key: str, literals: dict[str, set[str]], heads: dict[str, set[str]]) -> set[str]:
    """Who may ask for ``key``: its own literal, its plural table's, a
    dotted prefix held in a literal (a table of keys), or a built key's start."""
    found = set(literals.get(key, ()))
    if key.endswith((".one", ".many")):
        found |= literals.get(key.rsplit(".", 1)[0], set())
    for at, char in enumerate(key):
        if char == ".":
            prefix = key[:at]
            found |= literals.get(prefix + ".", set()) | (literals.get(prefix, set()) if "." in prefix else set())
    for head, who in heads.items():
        if key.startswith(head):
            found |= who
    return found


def test_the_owner_scanner_sees_built_keys():
    literals, heads = strings_by_owner()
    assert users("myz.phase.ambush", literals, heads) >= {"myz"}  # f"myz.phase.{...}"
    assert "" in users("error.nothing_to_undo", literals, heads)


def test_a_system_keeps_its_words_to_itself():
    """A key in a system's folder is asked for only by that system's code
    (core or screens): shared code could run before the system's package is
    imported, and would show the bare key."""
    literals, heads = strings_by_owner()
    strays = {
        f"{system}:{key}": sorted(who - {system})
        for system, folder in SYSTEM_LOCALES.items()
        for key in load_folder("en", folder)
        if (who := users(key, literals, heads)) - {system}
    }
    assert strays == {}


def test_the_shared_words_are_shared():
    """A key in the shared catalog is used by shared code or by more than one
    system: a key only one system uses belongs in that system's folder."""
    literals, heads = strings_by_owner()
    own = {key: sorted(who) for key in load_folder("en", LOCALES) if len(who := users(key, literals, heads)) == 1 and "" not in who}
    assert own == {}


def test_every_message_is_asked_for():
    literals, heads = strings_by_owner()
    unused = [key for key in load("en") if not users(key, literals, heads)]
    assert unused == []


# -- lookups ------------------------------------------------------------------


def test_placeholders():
    assert placeholders("{a} and {b} and {a}") == {"a", "b"}
    assert placeholders("no fields") == set()
    assert placeholders("{{literal}} {real}") == {"real"}


def test_t_fills_in_and_falls_back():
    assert i18n.tr("en", "error.push_cost", cost=2) == "a push costs 2 Strategy dice"
    assert i18n.tr("en", "no.such.key") == "no.such.key"
    assert i18n.t("error.nothing_to_undo") == load("en")["error.nothing_to_undo"]


def test_unknown_languages_are_refused():
    with pytest.raises(ValueError):
        i18n.set_language("fr")
    assert i18n.language() in i18n.LANGUAGES


def test_a_counted_message_takes_the_form_its_number_needs():
    assert i18n.tr("en", "fate_ui.overcome.dash", zone="Ford", zones=1) == "move to Ford (1 zone)"
    assert i18n.tr("en", "fate_ui.overcome.dash", zone="Ford", zones=2) == "move to Ford (2 zones)"
    assert i18n.tr("de", "fate_ui.overcome.dash", zone="Furt", zones=1) == "nach „Furt“ bewegen (1 Zone)"
    assert i18n.tr("de", "fate_ui.overcome.dash", zone="Furt", zones=2) == "nach „Furt“ bewegen (2 Zonen)"
    # The first whole number among the plural form's placeholders decides.
    assert i18n.tr("en", "fate.note.fate_points", player="Vale", change=-1) == "Vale: -1 fate point"
    assert i18n.tr("en", "fate.note.fate_points", player="Vale", change=3) == "Vale: +3 fate points"
    assert i18n.tr("en", "fate_ui.outcome.success", shifts=0) == "success: 0 shifts"


def test_the_counted_number_is_the_one_the_changing_word_follows():
    """Not the first number in the message: "against +2: 1 shift"."""
    assert i18n.tr("en", "sw_ui.roll.against", difficulty=2, shifts=1) == "against +2: 1 shift"
    assert i18n.tr("en", "sw_ui.roll.against", difficulty=1, shifts=3) == "against +1: 3 shifts"
    assert i18n.tr("de", "sw_ui.roll.against", difficulty=2, shifts=1).endswith("1 Erfolgsstufe")
    # forms that differ before any number: the first whole number decides
    assert i18n.tr("en", "error.rules_mended", count=1, steps="22", what="x").startswith("event 22 of this battle was")
    assert i18n.tr("en", "error.rules_mended", count=2, steps="3, 4", what="x").startswith("2 events of this battle (3, 4) were")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_counted_message_has_a_number_to_count(language):
    """Each plural table's forms differ after a placeholder, or the many form
    holds one: the form can always be picked."""
    catalog = load(language)
    for table in sorted({key.rsplit(".", 1)[0] for key in catalog if key.endswith(".many")}):
        assert placeholders(catalog[table + ".many"]), table


def test_the_english_possessive_of_a_name():
    assert i18n.fill("{name!p} leader", name="The Ark") == "The Ark's leader"
    assert i18n.fill("{name!p} leader", name="Zone-Ghouls") == "Zone-Ghouls' leader"
    assert i18n.tr("en", "wave.step.support", name="Zone-Ghouls").startswith("Support phase: Zone-Ghouls' engineer")
