"""Paths into parsed TOML, for the drills and tests that change one value
of a real file at a time (a hostile text, a huge number) and load it again."""

from __future__ import annotations

from typing import Any, Iterator


def leaves(data: Any, kind: type = str, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value of ``kind`` (``str``, or ``int`` without the booleans)."""
    if isinstance(data, kind) and not isinstance(data, bool):
        yield path
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, kind, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, kind, (*path, index))


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``data`` with the value at ``path`` replaced (``data`` is left as it was)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: replaced(data[head], rest, value)}
    return [replaced(item, rest, value) if i == head else item for i, item in enumerate(data)]


def value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


__all__ = ["leaves", "replaced", "value_at"]
