"""Every test runs with its own settings file and saves folder, so nothing
touches the user's real configuration or battles."""

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
