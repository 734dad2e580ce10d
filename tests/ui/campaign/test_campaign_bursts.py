"""A burst equals slow typing on the campaign screen: every key that opens
a dialog, with keys typed ahead into it, ends the same (the campaign's
log, what is on top, what the terminal shows) whether the keys came one by
one or all at once, as a slow SSH link delivers them."""

from __future__ import annotations

import pytest

from tests.ui.campaign.kit import ford_beside, km_campaign
from tests.ui.test_key_bursts import burst, settle

AHEAD = ("down", "2", "enter", "enter")
OPENERS = ("m", "c", "r", "w", "e", "dollar_sign", "s")


async def _play(folder, keys: tuple[str, ...], together: bool):
    app = km_campaign(folder)
    ford_beside(folder)  # e has a battle to enlist from
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # the battles: c has one to carry back
        await pilot.pause()
        if together:
            burst(app, *keys)
        else:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
        await settle(app, pilot)
        return app.campaign.history.events, type(app.screen).__name__, app.export_screenshot()


@pytest.mark.parametrize("key", OPENERS)
async def test_keys_typed_ahead_reach_the_dialog_they_were_meant_for(tmp_path, key):
    keys = (key, *AHEAD)
    slow = await _play(tmp_path / "slow", keys, together=False)
    fast = await _play(tmp_path / "fast", keys, together=True)
    assert fast[:2] == slow[:2]
    assert fast[2] == slow[2]
