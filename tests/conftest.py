"""Every test runs with its own settings file and saves folder, so nothing
touches the user's real configuration or battles."""

import os
import sys
from pathlib import Path

import pytest

# The drills of bench/drills/ run here at small N, and their helpers serve the tests too.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "drills"))


@pytest.fixture(autouse=True)
def _isolated_user_files(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("MASSCOMBAT_CONFIG", str(home / "settings.toml"))
    monkeypatch.setenv("MASSCOMBAT_SAVES", str(home / "saves"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield
    from tui.core.i18n import set_language

    set_language("en")


def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests (Pilot tests) on a fresh event loop.

    A dozen lines here instead of another test dependency.
    """
    import asyncio
    import inspect

    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        kwargs = {name: pyfuncitem.funcargs[name] for name in names}
        asyncio.run(pyfuncitem.obj(**kwargs))
        return True
    return None


def _interrupt_now(signum, frame):
    raise KeyboardInterrupt


def pytest_configure(config):
    """Ctrl-C stops the run at once. ``asyncio.run`` takes Ctrl-C over and
    only cancels the test's task, which a Pilot test waiting on its app can
    outlive: the workers ran on and the run never ended (the first Ctrl-C
    did nothing). With a handler of our own, asyncio leaves Ctrl-C alone
    and it interrupts the test where it stands."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _interrupt_now)


def pytest_xdist_auto_num_workers(config):
    """Two workers a core: most Pilot tests spend half their time waiting
    on a headless terminal, so two a core finish sooner (measured on 2
    cores: 4 workers 4 min 15 s, 2 workers past 9 min, 6 workers 4 min 10 s)."""
    return 2 * (os.cpu_count() or 1)


def pytest_report_header(config):
    # Said at once: the first results come only once every worker has started and collected.
    workers = getattr(config.option, "numprocesses", None)
    if not workers:
        return "masscombat: one process"
    return f"masscombat: {workers} workers, two a core; the first results come after some 20 s, the whole run takes about 4 minutes on 2 cores"
