"""``masscombat report SAVE``: the battle as a Markdown report, wave by wave;
``--html`` as one page with pictures, ``--png DIR`` as pictures for a chat,
``--public`` either as the players may see it.

Exit 0 with the report on stdout (or written to ``--output FILE``, atomically);
exit 1 with one line on stderr when the battle cannot be read or the
report cannot be written; exit 2 for ``--public`` without a page or
pictures. ``--ascii`` writes the dice glyphs as ``* X B S #``. A page
asked for at a terminal without ``--output`` is written beside, in the
current folder (``SAVE-STEM.html``), not poured onto the screen.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from tui.core.errors import MassCombatError, SaveFileError
from tui.core.i18n import t
from tui.cli.output import ASCII_TABLE, fail
from tui.core.records import printable


def _battle(path: Path) -> Any:
    from tui.core.files.loading import load_battle

    battle = load_battle(path)
    if getattr(battle.meta, "kind", "") == "campaign":
        raise SaveFileError(str(path), t("cli.report.campaign"))
    return battle


def report_text(path: Path, lang: str | None, ascii_only: bool = False) -> str:
    """The Markdown report of the battle saved at ``path``, in ``lang``, else
    in the battle's own language, else the settings'; raises ``SaveFileError``."""
    from tui.core.system import report_language, written_report

    battle = _battle(path)
    text = written_report(battle, report_language(battle, lang))
    return text.translate(ASCII_TABLE) if ascii_only else text


def _reason(path: Path, exc: OSError) -> str:
    """Why ``path`` can't be written, in words (a file where a folder of
    the path should be says so, not "File exists")."""
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
        if blocker is not None and blocker != path:
            return t("cli.report.file_in_the_way", file=printable(str(blocker)))
    if isinstance(exc, IsADirectoryError):
        return t("cli.report.is_a_folder")
    return exc.strerror or exc.__class__.__name__


def _write(path: Path, data: str | bytes) -> bool:
    from tui.core.files.tomlfile import write_atomic

    try:
        write_atomic(path, data)
    except OSError as exc:
        fail(t("cli.report.cannot_write", path=path, reason=_reason(path, exc)))
        return False
    return True


def _clear_old_pictures(folder: Path, stem: str) -> None:
    """The pictures an earlier run wrote here for this battle and copy (a
    longer battle, since undone, left more): only names this command makes."""
    for old in folder.glob("*.png"):
        if old.name.startswith(stem) and re.fullmatch(r"(\d\d-moment|chart-\d+)\.png", old.name[len(stem) :]):
            old.unlink(missing_ok=True)


def _pictured(args: Any) -> int:
    from tui.core.report.gather import gather
    from tui.core.report.page import page, pictures
    from tui.core.report.png import NoPngs, available, png
    from tui.core.system import report_language

    folder = Path(args.png) if args.png else None
    if folder is not None and not args.html and getattr(args, "output", None) is not None:
        fail(t("report.error.output_without_page"))
        return 2
    if folder is not None and not available():
        fail(t("report.error.no_extra"))
        return 1
    path = Path(args.file)
    try:
        battle = _battle(path)
    except MassCombatError as exc:
        fail(exc)
        return 1
    gathered = gather(battle, report_language(battle, getattr(args, "lang", None)), public=args.public)
    copy = "public" if args.public else "gm"
    if args.html:
        html = page(gathered)
        output = getattr(args, "output", None)
        if output is None and not sys.stdout.isatty():
            sys.stdout.write(html)
        else:
            target = Path(output) if output is not None else Path(f"{path.stem}-{copy}.html")
            if not _write(target, html):
                return 1
            print(t("report.wrote_page", path=printable(str(target)), size=len(html.encode()) // 1024 + 1))
    if folder is not None:
        if folder.exists() and not folder.is_dir():
            fail(t("cli.report.cannot_write", path=folder, reason=t("cli.report.not_a_folder")))
            return 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(t("cli.report.cannot_write", path=folder, reason=_reason(folder / "x", exc)))
            return 1
        _clear_old_pictures(folder, f"{path.stem}-{copy}-")
        written = []
        for name, svg in pictures(gathered):
            try:
                data = png(svg)
            except NoPngs as exc:
                fail(exc)
                return 1
            target = folder / f"{path.stem}-{copy}-{name}.png"
            if not _write(target, data):
                return 1
            written.append(target)
        print(t("report.wrote_pngs", count=len(written), folder=printable(str(folder))))
    return 0


def report(args: Any) -> int:
    if getattr(args, "html", False) or getattr(args, "png", None):
        return _pictured(args)
    if getattr(args, "public", False):
        fail(t("report.error.public_alone"))
        return 2
    try:
        text = report_text(Path(args.file), getattr(args, "lang", None), getattr(args, "ascii", False))
    except MassCombatError as exc:
        fail(exc)
        return 1
    output = getattr(args, "output", None)
    if output is None:
        sys.stdout.write(printable(text, lines=True))
        return 0
    return 0 if _write(Path(output), text) else 1
