"""``ctrl+e``: the report with pictures written from the app, beside the
battle's save: the GM's copy (``x-gm.html``) and the players' copy
(``x-public.html``, from exactly what the players' view shows), as
``masscombat report x.toml --html [--public]`` writes them. Not an event:
the battle is untouched; a folder that can't be written is one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.core.files.tomlfile import write_atomic
from tui.core.i18n import t
from tui.core.report.gather import gather
from tui.core.report.page import page
from tui.core.system import report_language


def report_paths(save: Path) -> tuple[Path, Path]:
    """Where the GM's and the players' copies of the page go."""
    return save.with_name(f"{save.stem}-gm.html"), save.with_name(f"{save.stem}-public.html")


def write_report_pages(battle: Any, save: Path) -> list[tuple[Path, OSError | None]]:
    """Both copies written beside ``save``: each path, with why it could not be written (None: written)."""
    lang = report_language(battle)
    done: list[tuple[Path, OSError | None]] = []
    for path, public in zip(report_paths(save), (False, True)):
        try:
            write_atomic(path, page(gather(battle, lang, public=public)))
        except OSError as exc:
            done.append((path, exc))
        else:
            done.append((path, None))
    return done


def report_action(app: Any) -> None:
    """Write both pages and say where, or which could not be and why."""
    done = write_report_pages(app.battle, app.session.path)
    for path, problem in done:
        if problem is not None:
            app.notify(t("app.report_failed", path=str(path), reason=problem.strerror or problem.__class__.__name__), severity="error", timeout=10, markup=False)
    (gm, gm_problem), (public, public_problem) = done
    if gm_problem is None and public_problem is None:
        app.notify(t("app.report_written", gm=gm.name, public=public.name, folder=str(gm.parent)), timeout=10, markup=False)
    elif gm_problem is None or public_problem is None:
        written = gm if gm_problem is None else public
        app.notify(t("app.report_written_one", path=str(written)), timeout=10, markup=False)


__all__ = ["report_action", "report_paths", "write_report_pages"]
