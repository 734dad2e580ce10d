"""When the disk says no: save the battle elsewhere, and what quitting asks
while the file is behind the battle in memory.

The session (``tui.core.files.storage.Session``) decides what is saved where;
this module only asks the GM.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from tui.core.i18n import t
from tui.core.files.places import default_saves_dir
from tui.core.records import check_name, text_problem, unsafe_char
from tui.ui.shell.dialogs import AskDialog, Choice, ChoiceDialog, TextDialog
from tui.ui.shell.menus import menu

QUIT_UNSAVED = menu("quit_unsaved", "retry", "save_elsewhere", "quit_anyway")
"""Asked by quit while the last save failed."""

MAX_PATH = 1024


def proposal(path: Path) -> Path:
    """Where "save elsewhere" proposes: beside the file under a new name,
    or in the saves folder (then the home folder) when that folder can't be
    written (a full or read-only disk is why the GM is asked). The proposal
    is shown in an input line, so it holds nothing that could steer the
    terminal: such characters in the name become ``-``, and a folder with
    them is passed over."""
    folders = [f for f in (path.parent, default_saves_dir(), Path.home()) if unsafe_char(str(f)) is None]
    folder = next((f for f in folders if os.access(f, os.W_OK)), folders[0] if folders else Path.home())
    stem = _UNSAFE_IN_NAME.sub("-", path.stem)
    number = 1
    target = folder / f"{stem}-copy.toml"
    while target.exists():
        number += 1
        target = folder / f"{stem}-copy-{number}.toml"
    return target


_UNSAFE_IN_NAME = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class SaveAsDialog(AskDialog):
    """Type a file name; the battle is saved there (``attempt`` says why
    not, and the dialog stays open for another name) and goes on there."""

    def __init__(self, proposed: Path, attempt: Callable[[Path], str | None]) -> None:
        super().__init__(t("saving.save_as_title"), str(proposed), t("saving.save_as_help"), MAX_PATH)
        self._attempt = attempt
        self._proposed = proposed

    def read(self, text: str) -> object:
        text = text.strip()
        problem = text_problem(text, MAX_PATH)
        if problem is not None:
            raise ValueError(t(f"saving.path_{problem}"))
        path = Path(text).expanduser()
        if path.is_dir():  # a folder: the battle goes inside it, under the proposed name
            path = path / self._proposed.name
        if path.suffix != ".toml":
            path = path.with_name(path.name + ".toml")
        if path.exists():
            raise ValueError(t("saving.path_exists", path=path))
        error = self._attempt(path)
        if error is not None:
            raise ValueError(error)
        return path


def quit_dialog(problem: str) -> ChoiceDialog:
    """Retry, save elsewhere, or quit with the file as it was last saved."""
    choices = [
        Choice("retry", t("saving.retry"), detail=t("saving.retry_detail")),
        Choice("save_elsewhere", t("saving.save_elsewhere"), detail=t("saving.save_elsewhere_detail")),
        Choice("quit_anyway", t("saving.quit_anyway"), detail=t("saving.quit_anyway_detail")),
    ]
    return ChoiceDialog(t("saving.quit_title"), choices, problem, menu=QUIT_UNSAVED)


__all__ = ["QUIT_UNSAVED", "SaveAsDialog", "proposal", "quit_dialog"]


def title_problem(text: str) -> str | None:
    """What is wrong with a battle's name (None: nothing)."""
    if not text.strip():
        return t("error.name_empty")
    try:
        check_name(text.strip())
    except ValueError as exc:
        return str(exc)
    return None


def rename_dialog(title: str, heading: str | None = None, help_text: str | None = None) -> TextDialog:
    """Asks the battle's new name (or, given their words, the campaign's):
    shown in the title bar, the start screen and the report."""
    return TextDialog(heading or t("app.rename_title"), title, help_text or t("app.rename_help"), check=title_problem)

