"""The pieces every ruleset file shares: strict records, names in both
languages, the ``[ruleset]`` header, and Year Zero dice.

They live apart from ``rulesets`` so that a system's own ruleset model
can build on them without an import cycle.
"""

from __future__ import annotations

from typing import Annotated, Any, Iterable, Literal, Protocol, TypeVar

from pydantic import Field, model_validator

from tui.core.records import Record

Language = Literal["en", "de"]
LANGUAGES: tuple[Language, ...] = ("en", "de")


class Localised(Record):
    """A name in every language the app speaks."""

    en: str
    de: str

    def __call__(self, language: str) -> str:
        return getattr(self, language, self.en)


class RulesetInfo(Record):
    id: str
    system: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
    """The key of the installed system the file is for: the registry reads
    the file with that system's model (``system.read_ruleset``)."""
    title: Localised
    schema_version: Literal[1]
    assumed: tuple[str, ...] = ()
    """Keys whose values the source text does not print (shown as editable)."""


class YearZeroDice(Record):
    sides: Annotated[int, Field(ge=2, le=100)]
    success_face: Annotated[int, Field(ge=1, le=100)]
    bane_face: Annotated[int, Field(ge=1, le=100)]
    gear_bane_face: Annotated[int, Field(ge=1, le=100)]
    max_pool_dice: Annotated[int, Field(ge=1, le=999)]

    @model_validator(mode="after")
    def _faces_on_the_die(self) -> "YearZeroDice":
        for name in ("success_face", "bane_face", "gear_bane_face"):
            if getattr(self, name) > self.sides:
                raise ValueError(f"{name} {getattr(self, name)} is not a face of a d{self.sides}")
        if self.success_face in (self.bane_face, self.gear_bane_face):
            raise ValueError("a face cannot be both a success and a bane")
        return self


class PushRule(Record):
    strategy_dice_per_push: Annotated[int, Field(ge=0, le=10)]
    max_pushes: Annotated[int, Field(ge=0, le=99)] | None = None
    """None: push as long as Strategy dice pay for it."""


class Named(Record):
    """A row a ruleset refers to by key, with its name in every language."""

    key: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: Localised


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


K = TypeVar("K", bound=_Keyed)


def by_key(rows: Iterable[K], key: str) -> K:
    for row in rows:
        if row.key == key:
            return row
    raise KeyError(key)


def unique_keys(rows: Iterable[_Keyed], table: str) -> None:
    keys = [row.key for row in rows]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        raise ValueError(f"[{table}] names {', '.join(doubled)} more than once")


def resolve_path(node: Any, path: str) -> Any:
    """The value at a dotted path (``sizes.large.formations``); a table of
    keyed rows is entered by key. None when the path names nothing."""
    for part in path.split("."):
        if isinstance(node, tuple):
            node = next((row for row in node if getattr(row, "key", None) == part), None)
        elif isinstance(node, Record) and part in type(node).model_fields:
            node = getattr(node, part)
        else:
            return None
        if node is None:
            return None
    return node


def check_assumed(ruleset: Record, info: RulesetInfo) -> None:
    """Every key a ruleset marks ``assumed`` must name one of its values."""
    for path in info.assumed:
        if resolve_path(ruleset, path) is None:
            raise ValueError(f"ruleset.assumed: {path!r} names no key of this ruleset")
