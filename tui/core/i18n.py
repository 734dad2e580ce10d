"""Message catalogs: every string a user sees, in English and German.

Catalogs are TOML files in ``locales/`` folders (``en.toml`` plus parts
such as ``en.app.toml``); tables nest, keys are dotted (``roller.push``).
The shared words live beside this module; each rule system brings its own
folder and adds it when its package is imported (``add_catalogs``), so a
system's words travel with it and a key it uses is there whenever its code
runs. A key is defined once across all folders. Placeholders use ``str.format`` names, and a test checks
that both catalogs have the same keys with the same placeholders. A message
that counts something may be a table with ``one`` and ``many`` forms.

The current language is process-wide: the app and the CLI set it once from
the settings or ``--lang``; the core's error messages use it too.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from tui.core.files import toml_parser

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"
SHARED_FOLDER = Path(__file__).resolve().parent / "locales"

_current = DEFAULT_LANGUAGE
_folders: list[Path] = [SHARED_FOLDER]
_merged: dict[str, dict[str, str]] = {}


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


def add_catalogs(folder: Path) -> None:
    """Merge a system's ``locales/`` folder into every language from now on
    (a folder added twice counts once)."""
    folder = folder.resolve()
    if folder not in _folders:
        _folders.append(folder)
        _merged.clear()


def catalog_folders() -> tuple[Path, ...]:
    return tuple(_folders)


def catalog_files(language: str, folder: Path = SHARED_FOLDER) -> list[Path]:
    """A folder's ``en.toml`` and its parts (``en.app.toml``...), split by
    subject; a system may ship only some languages (the rest fall back to
    English)."""
    main = folder / f"{language}.toml"
    return [*([main] if main.is_file() else []), *sorted(folder.glob(f"{language}.*.toml"))]


def catalog(language: str) -> dict[str, str]:
    """Every message of ``language``, from the shared folder and each added."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    merged = _merged.get(language)
    if merged is None:
        merged = {}
        for folder in _folders:
            for path in catalog_files(language, folder):
                with open(path, "rb") as handle:
                    part = _flatten(toml_parser.loads(handle.read().decode("utf-8")))
                clash = merged.keys() & part.keys()
                if clash:
                    raise ValueError(f"{path}: keys defined twice: {', '.join(sorted(clash))}")
                merged.update(part)
        _merged[language] = merged
    return merged


def set_language(language: str) -> None:
    global _current
    catalog(language)  # refuse unknown languages here, not at first use
    _current = language


def language() -> str:
    return _current


def t(key: str, /, **params: object) -> str:
    """The message for ``key`` in the current language, filled in.

    A missing key shows as the key itself (never a crash in front of a GM);
    the catalog test makes sure none is missing.
    """
    return tr(_current, key, **params)


def tr(language: str, key: str, /, **params: object) -> str:
    text = _lookup(language, key)
    if text is None and params:
        text = _plural(language, key, params)
    if text is None:
        text = _lookup(DEFAULT_LANGUAGE, key) or _plural(DEFAULT_LANGUAGE, key, params) or key
    if params:
        try:
            return fill(text, **params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


class _Formatter(string.Formatter):
    """``str.format`` plus ``{name!p}``, the English possessive of a name
    ("the Ark's", "Zone-Ghouls'"), so a catalog never writes "Ghouls's";
    and ``{zone!n}``, a typed name set in quotes („Die Furt“) where a German
    sentence would decline it ("in Die Furt", "legt Der Eichenwald" read
    as broken German; quoted, a name is a title and keeps its form)."""

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "p":
            text = str(value)
            return text + ("'" if text.endswith(("s", "S")) else "'s")
        if conversion == "n":
            return f"„{value}“"
        return super().convert_field(value, conversion)


_FORMATTER = _Formatter()


def fill(text: str, /, **params: object) -> str:
    """A catalog message filled in as ``t`` does (``{name!p}`` too)."""
    return _FORMATTER.vformat(text, (), params)


def _lookup(language: str, key: str) -> str | None:
    return catalog(language).get(key)


_FIELD = re.compile(r"\{(\w+)(?:[!:][^{}]*)?\}")


def _plural(language: str, key: str, params: dict[str, object]) -> str | None:
    """A message given as a table of ``one`` and ``many`` (both languages
    here use the singular for exactly 1). The number that decides is the
    one the changing word follows: the last placeholder before the two
    forms first differ ("against {difficulty:+d}: {shifts} shift(s)"
    counts shifts); failing that, the first whole number among them."""
    many = _lookup(language, key + ".many")
    if many is None:
        return None
    one = _lookup(language, key + ".one")
    number = counted(one, many, params) if one is not None else None
    if number is None:
        return many
    return one if abs(number) == 1 and one is not None else many


def counted(one: str, many: str, params: dict[str, object]) -> int | None:
    """The whole number among ``params`` that picks the form (see ``_plural``)."""
    differ = next((i for i, (a, b) in enumerate(zip(one, many)) if a != b), min(len(one), len(many)))
    before = [m.group(1) for m in _FIELD.finditer(many) if m.end() <= differ]
    order = [*reversed(before), *(m.group(1) for m in _FIELD.finditer(many))]
    for name in order:
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
