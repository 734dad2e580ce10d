"""What remote players see of a battle: its public projection.

The GM's app writes, after every event, a small JSON file beside the save
(``x.toml`` → ``x.public.json``) holding only what every player may see,
already worded in each language the app speaks: the viewer
(``masscombat view``) needs neither the save nor the rules to draw it, and
may run as a user who can read that one file and nothing else.

Each system decides what is public (``GameSystem.public_view``); this
module wraps its panels in an envelope (schema version, a revision that
grows by one with every write, when it was written, whether the GM still
has the battle open), writes it atomically and reads it back for the viewer,
refusing a file that is not one in one line.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any

from pydantic import field_validator, Field, ValidationError

from tui.core.files.regular import FileTooBig, NotARegularFile, read_regular
from tui.core.errors import MassCombatError
from tui.core.history import LoggedBattle
from tui.core.i18n import LANGUAGES, language, set_language, t
from tui.core.panel import Line, Panel
from tui.core.records import Record
from tui.core.system import system_of
from tui.core.files.tomlfile import write_atomic

SCHEMA = 1
"""The projection's format; a viewer refuses a file of a newer one."""
SUFFIX = ".public.json"
MODE = 0o644
"""The projection is public by definition: readable by the players' user
whatever the GM's umask (the save beside it keeps its own mode)."""
class ProjectionError(MassCombatError):
    """A projection file could not be read: missing, broken, or not one."""


class Projection(Record):
    schema_version: Annotated[int, Field(ge=1, le=1_000)]
    revision: Annotated[int, Field(ge=0, le=10**15)]
    written: datetime
    open: bool = True
    """False once the GM has closed the battle."""
    system: Line
    title: Line
    panels: Annotated[dict[Annotated[str, Field(max_length=10)], Panel], Field(min_length=1, max_length=10)]
    """Language code → the battle worded in it (one at least: a view of none
    ended the players' view with a traceback)."""

    @field_validator("written")
    @classmethod
    def _a_time_the_view_can_show(cls, value: datetime) -> datetime:
        # a year-1 stamp overflowed the viewer's clock arithmetic
        if not 1970 <= value.year <= 9000:
            raise ValueError("not a time the players' file can have been written")
        return value

    def panel(self, code: str) -> Panel:
        """The battle in ``code``, or in the first language it has."""
        return self.panels.get(code) or next(iter(self.panels.values()))


def projection_path(save: Path) -> Path:
    """``saves/x.toml`` → ``saves/x.public.json``; a projection stays itself."""
    if save.name.endswith(SUFFIX):
        return save
    return save.with_name(save.stem + SUFFIX)


def build(battle: LoggedBattle[Any, Any], revision: int, *, open: bool = True, now: datetime | None = None) -> Projection:
    """The battle's projection, worded in every language."""
    system = system_of(battle)
    before = language()
    panels: dict[str, Panel] = {}
    try:
        for code in LANGUAGES:
            set_language(code)
            panels[code] = system.public_view(battle, code)
    finally:
        set_language(before)
    written = now or datetime.now(timezone.utc)
    return Projection(schema_version=SCHEMA, revision=revision, written=written, open=open, system=system.key, title=battle.meta.title, panels=panels)


def text_of(projection: Projection) -> str:
    return json.dumps(projection.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":")) + "\n"


MAX_PROJECTION_BYTES = 4 * 1024 * 1024
"""The largest players' file read: a battle's view is some kilobytes; a
100 MB file took 6 s and 650 MB to refuse."""


def read_projection(path: Path) -> Projection:
    """The projection in ``path``; ``ProjectionError`` (one line) if it is
    missing, unreadable, broken, or of a newer schema."""
    try:
        raw = read_regular(path, MAX_PROJECTION_BYTES)
    except FileNotFoundError:
        raise ProjectionError(t("view.error.missing", path=path)) from None
    except (NotARegularFile, FileTooBig) as exc:
        raise ProjectionError(f"{path}: {exc}") from None
    except OSError as exc:
        raise ProjectionError(t("view.error.unreadable", path=path, reason=exc.strerror or exc)) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError, MemoryError):
        # (ValueError: not JSON, or a number of thousands of digits; RecursionError: nested past any view)
        raise ProjectionError(t("view.error.broken", path=path)) from None  # the parser's own words help no player
    if not isinstance(data, dict):
        raise ProjectionError(t("view.error.not_projection", path=path))
    schema = data.get("schema_version")
    if isinstance(schema, int) and schema > SCHEMA:
        raise ProjectionError(t("view.error.newer", path=path, schema=schema, known=SCHEMA))
    try:
        return Projection.model_validate(data)
    except (RecursionError, OverflowError, MemoryError):
        raise ProjectionError(t("view.error.broken", path=path)) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "?"
        raise ProjectionError(t("view.error.invalid", path=path, where=where, message=first["msg"])) from None


class ProjectionWriter:
    """Keeps a battle's projection up to date: a write after each event that
    changes what the players see, each with the next revision. A write that
    fails is reported once (the players' view is a courtesy; the GM's save
    never waits on it)."""

    def __init__(self, save: Path) -> None:
        self.path = projection_path(save)
        self.revision = _last_revision(self.path)
        self.problem: str | None = None
        self._shown: tuple[str, bool, dict[str, Panel]] | None = None
        """What the last write showed the players."""

    def write(self, battle: LoggedBattle[Any, Any], *, open: bool = True, save: Path | None = None) -> str | None:
        """Write the battle as it stands; a one-line warning the first time
        a write fails (None otherwise). ``save``: where the battle is saved
        now (after "save as" or a conflict copy the view moves with it)."""
        if save is not None and projection_path(save) != self.path:
            self.path = projection_path(save)
            self.revision = max(self.revision, _last_revision(self.path))
            self._shown = None
        projection = build(battle, self.revision + 1, open=open)
        shown = (projection.title, projection.open, projection.panels)
        if shown == self._shown:
            # Nothing the players see changed (the GM hid something, or a
            # step only the GM's screens show): a new revision would tell
            # them that something happened out of their sight.
            return None
        try:
            write_atomic(self.path, text_of(projection), mode=MODE)
        except OSError as exc:
            first = self.problem is None
            self.problem = t("view.write_failed", path=self.path, reason=exc.strerror or exc)
            return self.problem if first else None
        self.revision += 1
        self._shown = shown
        self.problem = None
        return None


    def gone(self) -> bool:
        """The players' file was written and is no longer there (deleted,
        or its folder cleared): the next write must not wait for a change."""
        if self._shown is None or self.path.exists():
            return False
        self._shown = None
        return True


def _last_revision(path: Path) -> int:
    """Where a reopened battle's revisions go on from, so a viewer that
    followed it before sees them grow."""
    try:
        return read_projection(path).revision
    except ProjectionError:
        return 0


__all__ = ["SCHEMA", "SUFFIX", "Projection", "ProjectionError", "ProjectionWriter", "build", "projection_path", "read_projection", "text_of"]
