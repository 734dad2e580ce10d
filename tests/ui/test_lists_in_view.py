"""After any burst of ↓ or ↑ the highlighted row of a list is on screen
(issue 29: after a burst in the army builder the highlighted row was off
screen while the hint described it, and Enter landed on a row the GM
could not see). Every builder's list of every system, each list longer than the screen."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tests.ui.test_burst_equals_slow import app_on, calm, _into_mode
from tests.ui.test_key_bursts import burst

BUILDERS = [("muster", "army", 24), ("fate-muster", "army", 16), ("second-world", "cast", 9), ("kingmaker", "armies", 14)]
"""Each builder, and a terminal height at which its list is longer than the screen."""


def _in_view(options: OptionList) -> bool:
    highlighted = options.highlighted
    assert highlighted is not None
    top = options._index_to_line[highlighted]  # Textual's own map of option to line
    bottom = top + options._heights[highlighted]
    seen = options.scroll_offset.y
    return seen <= top and bottom <= seen + options.scrollable_content_region.height


@pytest.mark.parametrize("scene", BUILDERS, ids=lambda s: f"{s[0]}-{s[1]}")
async def test_the_highlighted_row_stays_in_view_after_a_burst(tmp_path, scene):
    source, mode, height = scene
    app = app_on(tmp_path, source)
    async with app.run_test(size=(80, height)) as pilot:
        await _into_mode(app, pilot, mode)
        options = app.focused
        assert isinstance(options, OptionList), app.focused
        assert options.virtual_size.height > options.scrollable_content_region.height, "the list must be longer than the screen"
        for keys in (["down"] * 60, ["up"] * 25, ["pagedown", "down", "down"], ["end", "up"], ["home", "down"]):
            burst(app, *keys)
            await calm(app, pilot)
            await pilot.pause()
            assert _in_view(options), f"after {keys[0]}… the highlighted row {options.highlighted} is off screen"
