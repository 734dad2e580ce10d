"""What the GM sees, pinned as SVG snapshots (review them when they change:
`pytest --snapshot-update`, then look at the diff in snapshot_report.html)."""

from __future__ import annotations

import pytest

from tests.ui.scenes import SCENES

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_scene(scene, size, snap_compare, tmp_path):
    app = scene.app(tmp_path)
    try:
        assert snap_compare(app, press=scene.keys, terminal_size=SIZES[size])
    finally:
        app.close_session()
