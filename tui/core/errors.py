"""The project's exceptions.

Every error a user can cause is a specific subclass of ``ValueError`` whose
``str()`` is one line fit to show as-is: the CLI prints it and exits, the app
shows it in a notification. Nothing else is allowed to escape a load or a
rule check (the tests fuzz for that).
"""

from __future__ import annotations


class MassCombatError(ValueError):
    """Base class: one clear line saying what went wrong and where."""


class PoolSyntaxError(MassCombatError):
    """A typed pool such as ``5b2s1g`` could not be read."""


class PoolSizeError(MassCombatError):
    """A pool with a negative count or more dice than a table can roll."""


class PushNotAllowed(MassCombatError):
    """A push the rules forbid (no Strategy die left, roll settled...)."""


class RollRecordError(MassCombatError):
    """A stored roll the dice could not have produced (edited or corrupt)."""


class RuleViolation(MassCombatError):
    """An action the current state of the battle does not allow."""


class RulesetError(MassCombatError):
    """A ruleset file is missing, malformed or fails validation."""


class SaveFileError(MassCombatError):
    """A save file could not be read: ``FILE:LINE:COL: message``.

    ``location`` is ``(line, column)`` when the problem has one, else None;
    ``path`` is the file and ``detail`` the message without the location.
    """

    def __init__(self, path: str, detail: str, location: tuple[int, int] | None = None, field: str | None = None):
        self.path = path
        self.detail = detail
        self.location = location
        self.field = field
        if location is not None:
            where = f"{path}:{location[0]}:{location[1]}"
        else:
            where = path
        text = f"{where}: {field}: {detail}" if field else f"{where}: {detail}"
        super().__init__(text)


class FileChanged(SaveFileError):
    """The file is no longer what this session last read or wrote: someone
    else changed it, so it must not be overwritten."""


class BattleLocked(MassCombatError):
    """Another process holds the battle's lock file."""


class NothingToUndo(MassCombatError):
    """Undo with an empty past, or redo with an empty future."""


class BoardError(RuleViolation):
    """A zone card placed where the battlefield does not allow it."""


class ForcesError(RuleViolation):
    """An army the ruleset does not allow: a budget overspent, a skill off its quality."""
