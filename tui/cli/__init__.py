"""The ``masscombat`` command: the app, ``view`` / ``serve`` for the players, or ``roll`` / ``odds`` / ``check`` / ``report`` / ``army`` for scripts.

``roll``, ``odds``, ``check`` and ``report`` never import textual (they stay fast and
work without a terminal); only the app path imports ``tui.ui.launch`` (and the app), inside
``main``.

Exit codes: 0 done; 1 ``check`` found a problem (one line,
``FILE:LINE:COL: message``) or ``report`` could not read the battle or write
the report (one line); 2 bad arguments (one line, ``masscombat: ...``).
"""

from __future__ import annotations

import sys

from tui.core.errors import MassCombatError
from tui.core.i18n import set_language
from tui.cli.parser import asked_language, parse, stderr_line
from tui.core.system import system_commands

__all__ = ["main"]


def _language(code: str | None) -> None:
    if not code:
        return
    try:
        set_language(code)
    except (OSError, ValueError):
        set_language("en")  # a catalog not shipped (yet): stay readable in English


def _run(args) -> int:
    if args.command == "check":
        from tui.cli.check import check

        return check(args)
    if args.command == "report":
        from tui.cli.report import report

        return report(args)
    if args.command in ("view", "serve"):
        from tui.cli.view import serve, view

        return view(args) if args.command == "view" else serve(args)
    if args.command == "campaign":
        from tui.cli.campaign import run

        return run(args)
    if args.command in ("roll", "odds"):
        from tui.cli.roll import odds, roll

        return roll(args) if args.command == "roll" else odds(args)
    # A system's own command (such as army): only now are the systems asked.
    from tui.cli.output import emit_printout, where

    system, command = system_commands()[args.command][args.system]
    with where(f"{args.command} {system.key}"):
        return emit_printout(args, command.run(args))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _language(asked_language(argv))
    try:
        args = parse(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2), already printed
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    _language(getattr(args, "lang", None))
    if args.command is None:
        from tui.ui.launch import launch  # the app: textual is imported only when it runs

        return launch(args) or 0
    try:
        return _run(args)
    except MassCombatError as exc:
        stderr_line(f"masscombat: {' '.join(str(exc).splitlines())}")
        return 2
    except BrokenPipeError:
        # `masscombat odds ... | head`: the reader left; that is not an error.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
