"""No key means two things: a screen's own keys never take one the whole
app gives a meaning (issue 28's play list: on Kingmaker's mat `q` was a
diagonal step while the README says `q` quits). Dialogs and forms are
left out: while one is up, its keys are the only ones that act (Enter,
Escape, ctrl+s saving the form)."""

from __future__ import annotations

import importlib
import pkgutil

from textual.screen import ModalScreen, Screen

import tui.ui
from tui.ui.app import MassCombatApp


def _keys(bindings) -> dict[str, str]:
    found = {}
    for binding in bindings:
        if isinstance(binding, tuple):
            continue
        for key in binding.key.split(","):
            found[key.strip()] = binding.action
    return found


def _screens() -> list[type[Screen]]:
    for module in pkgutil.walk_packages(tui.ui.__path__, "tui.ui."):
        importlib.import_module(module.name)
    seen, todo = [], [Screen]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("tui.ui.") and not issubclass(sub, ModalScreen):
                seen.append(sub)
    return seen


def test_every_screen_is_found():
    names = {cls.__name__ for cls in _screens()}
    assert {"KingmakerMatScreen", "FateFieldScreen"} <= names


FORMS_ONLY = {"tab", "shift+tab"}
"""The app's Tab steps through a form's fields only while a form is up."""


def test_no_screen_key_is_one_the_app_gives_another_meaning():
    app_keys = {k: a for k, a in _keys(MassCombatApp.BINDINGS).items() if k not in FORMS_ONLY}
    clashes = []
    for cls in _screens():
        for key, action in _keys(cls.__dict__.get("BINDINGS", [])).items():
            if key in app_keys and action != app_keys[key]:
                clashes.append(f"{cls.__name__}: {key} is {action!r} there, {app_keys[key]!r} in the app")
    assert not clashes, clashes
