"""The campaign screens as the GM sees them, pinned as SVG snapshots
(review them when they change: `pytest --snapshot-update`)."""

from __future__ import annotations

import pytest

from tests.ui.campaign.scenes import CAMPAIGN_SCENES
from tui.core.i18n import set_language

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("scene", CAMPAIGN_SCENES, ids=[s.name for s in CAMPAIGN_SCENES])
def test_campaign_scene(scene, size, snap_compare, tmp_path):
    app = scene.app(tmp_path)
    try:
        assert snap_compare(app, press=scene.keys, terminal_size=SIZES[size])
    finally:
        app.close_session()
        set_language("en")
