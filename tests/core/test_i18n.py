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

PACKAGE = Path(tui.__file__).resolve().parent
LOCALES = PACKAGE / "core" / "locales"

# t("key" / t('key' and tr(language, "key"
_T_CALL = re.compile(r"""\bt\(\s*(["'])([^"'\\{}]+)\1""")
_TR_CALL = re.compile(r"""\btr\(\s*[^,()"']+,\s*(["'])([^"'\\{}]+)\1""")


def catalog_files(language: str) -> list[Path]:
    """``de.toml`` and its parts (``de.app.toml``...), as i18n.py reads them."""
    return [LOCALES / f"{language}.toml", *sorted(LOCALES.glob(f"{language}.*.toml"))]


def load(language: str) -> dict[str, str]:
    """A language's whole catalog, read independently of i18n.catalog()."""
    main = LOCALES / f"{language}.toml"
    assert main.is_file(), f"the {language} catalog {main} is missing"
    merged: dict[str, str] = {}
    for path in catalog_files(language):
        with open(path, "rb") as handle:
            part = i18n._flatten(tomllib.load(handle))
        assert not merged.keys() & part.keys(), f"{path.name} repeats keys {sorted(merged.keys() & part.keys())}"
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
    i18n.catalog.cache_clear()
    assert i18n.catalog("en") == en


def test_every_english_part_has_a_german_part():
    parts = [p.name for p in catalog_files("en")]
    missing = [name for name in parts if not (LOCALES / ("de" + name[2:])).is_file()]
    assert missing == []


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
    assert i18n.tr("de", "fate_ui.overcome.dash", zone="Furt", zones=1) == "nach Furt bewegen (1 Zone)"
    assert i18n.tr("de", "fate_ui.overcome.dash", zone="Furt", zones=2) == "nach Furt bewegen (2 Zonen)"
    # The first whole number among the plural form's placeholders decides.
    assert i18n.tr("en", "fate.note.fate_points", player="Vale", change=-1) == "Vale: -1 fate point"
    assert i18n.tr("en", "fate.note.fate_points", player="Vale", change=3) == "Vale: +3 fate points"
    assert i18n.tr("en", "fate_ui.outcome.success", shifts=0) == "success: 0 shifts"


def test_the_english_possessive_of_a_name():
    assert i18n.fill("{name!p} leader", name="The Ark") == "The Ark's leader"
    assert i18n.fill("{name!p} leader", name="Zone-Ghouls") == "Zone-Ghouls' leader"
    assert i18n.tr("en", "wave.step.support", name="Zone-Ghouls").startswith("Support phase: Zone-Ghouls' engineer")
