"""The TOML parser: tomli's compiled wheel when installed, else tomllib (a
tomli without its compiled wheel is no faster). Both read the same."""

from __future__ import annotations

import importlib
import sys
import tomllib
import types

from tui.core.files import toml_parser


def test_a_tomli_without_its_compiled_wheel_leaves_tomllib_in_charge(monkeypatch):
    plain = types.ModuleType("tomli")
    plain.__file__ = "/site-packages/tomli/__init__.py"
    monkeypatch.setitem(sys.modules, "tomli", plain)
    assert toml_parser._chosen() is tomllib
    monkeypatch.setitem(sys.modules, "tomli", None)  # not installed at all
    assert toml_parser._chosen() is tomllib


def test_the_chosen_parser_reads_as_tomllib_does_and_refuses_with_its_place():
    text = 'a = 1\n[b]\nc = "ü"\nd = [1, 2]\n'
    assert toml_parser.loads(text) == tomllib.loads(text)
    try:
        toml_parser.loads("a = \n")
    except toml_parser.TOMLDecodeError as exc:
        assert "line 1" in str(exc)
    else:
        raise AssertionError("a value missing was read")
    importlib.reload(toml_parser)  # choosing again leaves it as it was
    assert toml_parser.loads(text) == tomllib.loads(text)
