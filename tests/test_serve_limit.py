"""Issue 30, item 5: ``serve`` takes at most ``--max-viewers`` browser
viewers (each a shell and a view process: 20 took 763 MB) and refuses the
next one politely. The server itself is textual-serve's (an optional extra,
not installed for the tests); what it counts with and says is tested here."""

from __future__ import annotations

import pytest

from tui.cli.parser import parse
from tui.cli.view import MAX_VIEWERS, ViewerSlots, full_page


def test_the_slots_take_up_to_the_most_and_free_one_as_a_viewer_leaves():
    slots = ViewerSlots(2)
    assert slots.take() and slots.take() and not slots.take()
    slots.give_back()
    assert slots.take() and not slots.take()
    slots.give_back(), slots.give_back(), slots.give_back()
    assert slots.taken == 0


def test_the_refusal_is_a_page_of_words_only():
    page = full_page(1)
    assert "1 player is watching already" in page and "--max-viewers" in page and "<script" not in page
    assert "12 players are watching already" in full_page(12)


def test_max_viewers_is_an_option_of_serve_with_a_default():
    assert parse(["serve", "battle.toml"]).max_viewers == MAX_VIEWERS
    assert parse(["serve", "battle.toml", "--max-viewers", "3"]).max_viewers == 3
    for wrong in ("0", "many", "5000"):
        with pytest.raises(SystemExit):
            parse(["serve", "battle.toml", "--max-viewers", wrong])
