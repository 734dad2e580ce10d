"""Every number in every ruleset has a range (issue 12, item 6): a house
rule's ``rating = -1000000000`` once made the Fate ladder allocate ~36 GB,
and a 30-digit number ended in an ``OverflowError`` traceback. A number
without bounds is a test failure here, so a new rule can't forget them."""

from __future__ import annotations

import types
import typing
from pathlib import Path

import annotated_types
import pytest
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from _toml_paths import leaves, replaced
from tui.core.errors import MassCombatError
from tui.core.files.rulesets import find_ruleset, load_ruleset_file
from tui.core.system import ruleset_spec
from tui.core.files.tomlfile import dump_toml, read_toml

SYSTEMS = ["myz", "fate", "second_world", "kingmaker"]


def _walk(annotation, metadata, seen) -> list[bool]:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        extra = [m for arg in args[1:] for m in (arg.metadata if isinstance(arg, FieldInfo) else [arg])]
        return _walk(args[0], [*metadata, *extra], seen)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return []  # checked as a model of its own (see _models)
    if annotation in (int, float):
        low = any(isinstance(m, (annotated_types.Ge, annotated_types.Gt)) for m in metadata)
        high = any(isinstance(m, (annotated_types.Le, annotated_types.Lt)) for m in metadata)
        return [not (low and high)]
    if origin in (typing.Union, types.UnionType, tuple, list, dict, frozenset):
        result = []
        for arg in args:
            if arg is not Ellipsis and arg is not type(None):
                result += _walk(arg, [] if origin is dict else metadata, seen)
        return result
    return []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_ruleset_number_has_a_range(system):
    model = ruleset_spec(system).model
    problems = []
    for sub in _models(model):
        for name, field in sub.model_fields.items():
            if any(_walk(field.annotation, field.metadata, {sub})):
                problems.append(f"{sub.__name__}.{name}")
    assert problems == []


def _models(model: type[BaseModel], seen: set[type] | None = None) -> list[type[BaseModel]]:
    seen = seen if seen is not None else set()
    if model in seen:
        return []
    seen.add(model)
    found = [model]
    for field in model.model_fields.values():
        for inner in _inner_models(field.annotation):
            found += _models(inner, seen)
    return found


def _inner_models(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _inner_models(arg)]


HUGE = (-1_000_000_000, 10**30, -(10**30))
"""The issue's ladder rating, and numbers past any C integer (each number of
each ruleset gets one of them in turn)."""


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_huge_number_anywhere_in_a_ruleset_is_refused_in_one_line(system, tmp_path):
    _, data = read_toml(find_ruleset(system))
    paths = list(leaves(data, int))
    assert len(paths) > len(HUGE)
    for number, path in enumerate(paths):
        if path[:1] == ("ruleset",):
            continue  # schema_version: a Literal, refused as such
        bad = tmp_path / f"{number}.toml"
        bad.write_text(dump_toml(replaced(data, path, HUGE[number % len(HUGE)])))
        with pytest.raises(MassCombatError) as caught:
            load_ruleset_file(bad)
        assert "\n" not in str(caught.value), path


def test_the_bundled_rulesets_stay_within_their_ranges():
    for system in SYSTEMS:
        load_ruleset_file(find_ruleset(system))
        assert Path(find_ruleset(system)).is_file()
