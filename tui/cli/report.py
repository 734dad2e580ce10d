"""``masscombat report SAVE``: the battle as a Markdown report, wave by wave.

Exit 0 with the report on stdout (or written to ``--output FILE``, atomically);
exit 1 with one line on stderr when the battle cannot be read or the
report cannot be written. ``--ascii`` writes the dice glyphs as ``* X B S #``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tui.core.errors import MassCombatError, SaveFileError
from tui.core.i18n import language, t
from tui.cli.output import ASCII_TABLE, fail
from tui.core.records import printable


def report_text(path: Path, lang: str | None, ascii_only: bool = False) -> str:
    """The Markdown report of the battle saved at ``path``, in ``lang``, else
    in the battle's own language, else the settings'; raises ``SaveFileError``."""
    from tui.core.dice.quick import quick_rolls_section
    from tui.core.i18n import set_language
    from tui.core.files.loading import load_battle
    from tui.core.markdown import md_text
    from tui.core.system import quick_dice, system_of

    battle = load_battle(path)
    if getattr(battle.meta, "kind", "") == "campaign":
        raise SaveFileError(str(path), t("cli.report.campaign"))
    system = system_of(battle)
    lang = lang or system.language(battle) or language()
    text = system.report(battle, lang)
    before = language()
    set_language(lang)
    try:
        text += quick_rolls_section(battle.history.done, quick_dice(battle), md_text)
    finally:
        set_language(before)
    return text.translate(ASCII_TABLE) if ascii_only else text


def report(args) -> int:
    try:
        text = report_text(Path(args.file), getattr(args, "lang", None), getattr(args, "ascii", False))
    except MassCombatError as exc:
        fail(exc)
        return 1
    output = getattr(args, "output", None)
    if output is None:
        sys.stdout.write(printable(text, lines=True))
        return 0
    from tui.core.files.tomlfile import write_atomic

    try:
        write_atomic(Path(output), text)
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        fail(t("cli.report.cannot_write", path=output, reason=reason))
        return 1
    return 0
