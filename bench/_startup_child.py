"""Child process for bench/startup.py: start one app headless, exit as soon
as its first frame is up, print a JSON line of in-process timings.

    python bench/_startup_child.py app  EXAMPLE.toml   # the real masscombat app
    python bench/_startup_child.py bare                # a bare Textual App with one Static

Textual posts ``events.Ready`` to the app right after the first compositor
refresh (the first frame; headless, it is rendered but not written to a
terminal). ``on_ready`` then asks to exit after the next refresh, so the
app is interactive when the exit starts. The parent times the whole process,
imports and teardown included; the numbers printed here are a breakdown.
"""

from time import perf_counter

T0 = perf_counter()  # as early as possible: interpreter start-up is before this

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

SIZE = (80, 24)


def real_app(example: Path):
    from tui.ui.app import MassCombatApp
    from tui.core.storage import open_example, open_session
    from tui.ui.settings import Settings

    imported = perf_counter()
    saves = Path(os.environ["MASSCOMBAT_SAVES"])
    path = open_example(example, saves)
    session = open_session(path)

    class TimedApp(MassCombatApp):
        # A subclass resolves a relative CSS_PATH next to *this* file; point
        # it at the real stylesheet. Nothing else changes.
        CSS_PATH = str(Path(sys.modules[MassCombatApp.__module__].__file__).with_name("app.tcss"))

        def on_ready(self) -> None:
            self.ready_at = perf_counter()
            self.call_after_refresh(self.exit)

    app = TimedApp(session, Settings(), None)
    return app, imported, app.close_session


def bare_app():
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    imported = perf_counter()

    class BareApp(App):
        def compose(self) -> ComposeResult:
            yield Static("Hello from a bare Textual app")

        def on_ready(self) -> None:
            self.ready_at = perf_counter()
            self.call_after_refresh(self.exit)

    return BareApp(), imported, lambda: None


def main() -> None:
    kind = sys.argv[1]
    if kind == "app":
        app, imported, close = real_app(Path(sys.argv[2]))
    elif kind == "bare":
        app, imported, close = bare_app()
    else:
        raise SystemExit(f"unknown kind {kind!r}")
    built = perf_counter()
    app.run(headless=True, size=SIZE)
    ran = perf_counter()
    close()
    closed = perf_counter()
    ready_at = getattr(app, "ready_at", None)
    if ready_at is None:
        raise SystemExit("the app exited without a first frame")
    ms = lambda a, b: round((b - a) * 1000, 3)  # noqa: E731
    print(json.dumps({
        "imports": ms(T0, imported),
        "build": ms(imported, built),
        "to_ready": ms(built, ready_at),
        "ready_to_exit": ms(ready_at, ran),
        "close": ms(ran, closed),
        "script_to_ready": ms(T0, ready_at),
        "script_total": ms(T0, closed),
    }))


if __name__ == "__main__":
    main()
