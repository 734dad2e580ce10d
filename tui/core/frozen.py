"""``replace``: a changed copy of a frozen dataclass record, as
``dataclasses.replace`` makes it, without its generic machinery.

Every event a battle replays makes new states this way, several per event:
loading a 5,000-event battle spent most of its replay in
``dataclasses.replace`` (which rebuilds the call to ``__init__`` field by
field). This copies the fields directly and runs ``__post_init__`` when the
class has one, so the records' own checks still hold. Values a record
caches for itself (``cached_property``) are not fields and are not copied.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace(record: T, /, **changes: Any) -> T:
    cls = type(record)
    fields = getattr(cls, "__dataclass_fields__", None)
    if fields is None or not hasattr(record, "__dict__"):
        raise TypeError(f"replace() needs a dataclass instance with a __dict__, not {cls.__name__}")
    unknown = changes.keys() - fields.keys()
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    copy: T = object.__new__(cls)
    values = record.__dict__
    target = copy.__dict__
    for name in fields:
        target[name] = changes[name] if name in changes else values[name]
    post_init = getattr(cls, "__post_init__", None)
    if post_init is not None:
        post_init(copy)
    return copy


__all__ = ["replace"]
