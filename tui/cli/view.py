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
from typing import TYPE_CHECKING

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


if TYPE_CHECKING:
    from aiohttp import web

MAX_VIEWERS = 12
"""Browser viewers ``serve`` takes at once by default: each is a shell and
a view process (about 38 MB; 20 took 763 MB here), so a link shared too
widely can't eat the GM's machine."""


class ViewerSlots:
    """How many browser viewers are watching, and whether one more may."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.taken = 0

    def take(self) -> bool:
        if self.taken >= self.most:
            return False
        self.taken += 1
        return True

    def give_back(self) -> None:
        self.taken = max(0, self.taken - 1)


def bounded_server(base: type) -> type:
    """textual-serve's server, taking at most ``slots.most`` viewers: the
    next one gets a page saying so (and its websocket, should it come
    anyway, is closed with the same words). aiohttp comes with textual-serve:
    it is imported when a browser asks, not before."""

    class BoundedServer(base):  # textual-serve (an optional extra): its class is known here only at run time
        slots = ViewerSlots(MAX_VIEWERS)

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            from aiohttp import web

            if self.slots.taken >= self.slots.most:
                return web.Response(text=full_page(self.slots.most), content_type="text/html", status=503)
            response: web.StreamResponse = await super().handle_index(request)
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            from aiohttp import web

            if not self.slots.take():
                socket = web.WebSocketResponse()
                await socket.prepare(request)
                await socket.close(code=1013, message=t("viewer.cli.full", most=self.slots.most).encode()[:120])
                return socket
            try:
                response: web.StreamResponse = await super().handle_websocket(request)
                return response
            finally:
                self.slots.give_back()

    return BoundedServer


def full_page(most: int) -> str:
    """The polite refusal, as a page (the GM's words only, no markup of theirs)."""
    import html

    words = html.escape(t("viewer.cli.full", most=most))
    return f"<!doctype html><meta charset=utf-8><title>masscombat</title><p style='font-family:monospace;margin:2em'>{words}</p>"


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
    most = getattr(args, "max_viewers", MAX_VIEWERS)
    server = bounded_server(Server)(shlex.join(words), host=args.host, port=args.port, title=t("viewer.cli.serve_title", name=path.name), public_url=args.public_url)
    server.slots = ViewerSlots(most)
    print(t("viewer.cli.serving", url=server.public_url, path=path), flush=True)
    server.serve()
    return 0


__all__ = ["MAX_VIEWERS", "ViewerSlots", "bounded_server", "full_page", "serve", "view"]
