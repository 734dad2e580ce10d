"""Reading a battle file of any registered system: parse, migrate, validate
and replay it. Loading never crashes and never writes: every failure is a
``SaveFileError`` whose ``str()`` is one line, ``FILE:LINE:COL: message``
or ``FILE: field.path: message``.
"""

from __future__ import annotations

import gc
import re
from pathlib import Path
from typing import Any, Callable

from tui.core.campaign.campaign import Campaign
from tui.core.errors import MassCombatError, SaveFileError
from tui.core.files import journal
from tui.core.history import SCHEMA_VERSION, BattleFile, LoggedBattle, RulesetRef
from tui.core.i18n import t
from tui.core.records import printable
from tui.core.system import LEGACY_SYSTEM, GameSystem, UnknownSystem, find_system
from tui.core.files.tomlfile import locate_key, read_toml_bytes, validate

def _schema_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 adds the muster (armies, battlefield: defaults fill them in)
    and the battle's stage to ``[state]``; a schema-1 battle is a roller
    session, so its stage is the muster."""
    state = data.get("state")
    if isinstance(state, dict) and state:
        data["state"] = {**state, "stage": "muster"}
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _schema_1_to_2}
"""``MIGRATIONS[n]`` turns schema-``n`` data into schema-``n+1`` data."""


def load_battle(path: Path, house: Path | None = None) -> LoggedBattle[Any, Any]:
    """Read, migrate, validate and replay a battle of any registered system,
    with the steps its journal holds (see ``journal``: as far as the journal
    is whole); only ``SaveFileError`` escapes. ``house``: play it with this
    edited copy of its ruleset (else the one its save names)."""
    battle, raw = load_battle_bytes(path, house)
    journal.replay(battle, path, raw)
    return battle


def load_battle_bytes(path: Path, house: Path | None = None) -> tuple[LoggedBattle[Any, Any], bytes]:
    """The battle as its file holds it (without the journal), with the
    bytes read: what a session compares the file with before it
    overwrites it."""
    name = str(path)
    # Everything a load makes is kept (the log's states are the battle), so
    # the collector's passes over a growing heap find nothing: paused, a
    # 5,000-event load is a quarter faster.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _load(path, name, house)
    except SaveFileError as exc:
        raise one_line(exc) from None
    except MassCombatError as exc:
        raise one_line(SaveFileError(name, str(exc))) from None
    except RecursionError:
        raise SaveFileError(name, t("storage.too_deep")) from None
    except Exception as exc:  # the promise: nothing but SaveFileError leaves a load
        raise one_line(SaveFileError(name, t("storage.unreadable", error=f"{type(exc).__name__}: {exc}"))) from None
    finally:
        if paused:
            gc.enable()


def _load(path: Path, name: str, house: Path | None) -> tuple[LoggedBattle[Any, Any], bytes]:
    raw, text, data = read_toml_bytes(path)  # refuses what is not a regular file, saying what it is
    data, migrated = _migrate(data, text, name)
    # Migrations keep key paths (a renamed key is simply not found in the old
    # text, so no place is given), so the old text still locates errors.
    where = text
    try:
        system = find_system(data.get("system", LEGACY_SYSTEM))
    except UnknownSystem as exc:
        raise SaveFileError(name, str(exc), locate_key(where, ["system"]), "system") from None
    campaign = data.get("kind") == "campaign"
    model = _campaign_model(system, name) if campaign else system.file_model
    meta = validate(model, data, where, name)
    _check_cursor(meta, where, name)
    ruleset, ref, notice = _ruleset(system, name, meta, house)
    try:
        battle = Campaign.from_file(meta, ruleset) if campaign else system.load(meta, ruleset)
        battle.meta = battle.meta.model_copy(update={"ruleset": ref})
        battle.ruleset_notice = notice
        return battle, raw
    except MassCombatError as exc:
        handle = Campaign if campaign else system.battle
        try:
            place = _failing_event(handle.initial_state(meta, ruleset), meta.log, handle.apply_event, where)
        except Exception:
            place = None
        raise SaveFileError(name, str(exc), place) from None


def _campaign_model(system: GameSystem, name: str) -> type[BattleFile]:
    """The campaign file model of ``system``; one line if it keeps none."""
    rules = system.campaign
    if rules is None:
        raise SaveFileError(name, t("campaign.error.no_campaigns", system=system.key), None, "kind")
    return rules.file_model


def _check_cursor(meta: BattleFile, text: str, name: str) -> None:
    if meta.cursor > len(meta.log):
        raise SaveFileError(name, t("storage.cursor_past_end", cursor=meta.cursor, count=len(meta.log)), locate_key(text, ["cursor"]), "cursor")


def _ruleset(system: GameSystem, name: str, meta: BattleFile, house: Path | None) -> tuple[Any, RulesetRef, str | None]:
    """The ruleset the battle plays with, what the save will record of it,
    and a notice when it is not the one the save was last played with. A
    house copy the save names is used again unless ``house`` says
    otherwise; a broken ruleset is reported against the save."""
    recorded: RulesetRef | None = getattr(meta, "ruleset", None)
    notice = None
    try:
        if house is None and recorded is not None and recorded.file:
            if Path(recorded.file).is_file():
                house = Path(recorded.file)
            else:
                notice = t("storage.ruleset_gone", file=recorded.file)
        model, path = system.ruleset_and_file(house)
        ref = system.ruleset_ref(model, path)
    except MassCombatError as exc:  # the message names the ruleset file to fix
        raise SaveFileError(name, t("storage.ruleset", system=system.key, error=exc)) from None
    except OSError as exc:
        raise SaveFileError(name, t("storage.ruleset", system=system.key, error=exc.strerror or exc)) from None
    # The bundled ruleset changes only with the app, and what that changes in
    # a played battle is said by its rule fixes (history.RuleFix): only a
    # house copy that changed, or a switch between two rulesets, is news.
    bundled_again = recorded is not None and not recorded.file and not ref.file and recorded.id == ref.id
    if notice is None and recorded is not None and recorded.sha256 != ref.sha256 and not bundled_again:
        notice = t("storage.ruleset_changed", before=_ruleset_words(recorded), now=_ruleset_words(ref))
    return model, ref, notice


def _ruleset_words(ref: RulesetRef) -> str:
    what = ref.file or t("storage.ruleset_bundled", id=ref.id)
    return f"{what} (sha256 {ref.sha256[:12]})"


def _migrate(data: dict[str, Any], text: str, name: str) -> tuple[dict[str, Any], bool]:
    version = data.get("schema_version")
    place = locate_key(text, ["schema_version"])
    if version is None:
        raise SaveFileError(name, t("storage.schema_missing"), None, "schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(name, t("storage.schema_not_number"), place, "schema_version")
    if version > SCHEMA_VERSION:
        raise SaveFileError(name, t("storage.schema_newer", version=version, newest=SCHEMA_VERSION), place)
    migrated = False
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveFileError(name, t("storage.schema_too_old", version=version), place)
        try:
            data = step(dict(data))
        except Exception as exc:
            raise SaveFileError(name, t("storage.migration_failed", version=version, error=exc)) from None
        if not isinstance(data, dict):
            raise SaveFileError(name, t("storage.migration_failed", version=version, error=type(data).__name__))
        version += 1
        data = {**data, "schema_version": version}
        migrated = True
    return data, migrated


def _failing_event(state: Any, log: tuple[Any, ...], apply: Callable[[Any, Any], Any], text: str) -> tuple[int, int] | None:
    for number, event in enumerate(log):
        try:
            state = apply(state, event)
        except MassCombatError:
            headers = [i for i, line in enumerate(text.split("\n"), 1) if _LOG_HEADER.match(line)]
            if len(headers) == len(log):
                return headers[number], 1
            return None
    return locate_key(text, ["state"])


_LOG_HEADER = re.compile(r"\s*\[\[\s*(?:log|\"log\"|'log')\s*\]\]")


def one_line(exc: SaveFileError) -> SaveFileError:
    """The same error with any line break or control character escaped."""
    detail, field_path = _clean(exc.detail), _clean(exc.field) if exc.field else exc.field
    if detail == exc.detail and field_path == exc.field:
        return exc
    return SaveFileError(exc.path, detail, exc.location, field_path)


def _clean(text: str) -> str:
    return printable(text)


__all__ = ["MIGRATIONS", "load_battle", "load_battle_bytes"]
