"""The players' view, pinned as SVG snapshots at 80×24 and 120×40 (review
them when they change: `pytest --snapshot-update`)."""

from __future__ import annotations

import time

import pytest

from tests.ui.viewer_scenes import VIEWER_SCENES


@pytest.fixture
def in_utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("scene", VIEWER_SCENES, ids=[s.name for s in VIEWER_SCENES])
def test_viewer_scene(scene, size, snap_compare, tmp_path, in_utc):
    assert snap_compare(scene.app(tmp_path), terminal_size=SIZES[size])
