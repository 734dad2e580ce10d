"""``masscombat view FILE`` and ``masscombat serve FILE``: the players'
read-only window on a battle, in a terminal or (served by textual-serve)
in a browser.

FILE is the projection (``x.public.json``) or the save beside it
(``x.toml``): either way only the projection is read, never the save.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from tui.core.i18n import language, t
from tui.core.projection import projection_path
from tui.cli.parser import stderr_line


def _target(args) -> Path:
    return projection_path(Path(args.file).expanduser())


def view(args) -> int:
    # Without a terminal (``ssh -T``, a pipe) there is nothing to draw on, and
    # a session that drops would leave the view reading an empty input for
    # ever. Under ``serve`` textual-serve's web driver is the terminal.
    if not os.environ.get("TEXTUAL_DRIVER") and not (sys.stdin.isatty() and sys.stdout.isatty()):
        stderr_line(f"masscombat: {t('viewer.cli.no_terminal')}")
        return 2
    from tui.ui.viewer.app import ViewerApp

    app = ViewerApp(_target(args), ascii=bool(getattr(args, "ascii", False)), language=language(), theme=getattr(args, "theme", None))
    app.run()
    return 0


def serve(args) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        stderr_line(f"masscombat: {t('viewer.cli.no_serve')}")
        return 2
    path = _target(args).resolve()
    words = [sys.executable, "-m", "tui", "view", str(path), "--lang", language()]
    if getattr(args, "ascii", False):
        words.append("--ascii")
    if getattr(args, "theme", None):
        words += ["--theme", args.theme]
    server = Server(shlex.join(words), host=args.host, port=args.port, title=t("viewer.cli.serve_title", name=path.name), public_url=args.public_url)
    print(t("viewer.cli.serving", url=server.public_url, path=path), flush=True)
    server.serve()
    return 0


__all__ = ["serve", "view"]
