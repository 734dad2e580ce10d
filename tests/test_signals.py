"""The real app in a pseudo-terminal, stopped by SIGHUP, SIGTERM or a
closed terminal: saved, lock freed, exit 129/143 within 2 s (issue 12,
item 2). The drill ``bench/drills/signals.py`` runs the same cases many
times per system and prints the times; here each runs once."""

from __future__ import annotations


import pytest

import signals  # the drill, from bench/drills


@pytest.mark.parametrize("case", list(signals.CASES))
def test_a_signal_or_a_closed_terminal_saves_frees_and_exits_with_its_code(case):
    held, took, code = signals.one("myz", case)
    assert held, f"{case}: exit {code} after {took:.2f} s"


@pytest.mark.parametrize("case", ["SIGHUP", "SIGTERM"])
def test_a_signal_is_answered_with_a_dialog_up(case):
    """Issue 30: the app answers signals whatever a dialog is doing (a read
    that blocked in a dialog had left it deaf to q and every signal)."""
    held, took, code = signals.one("fate", case, dialog=True)
    assert held, f"{case} with a dialog up: exit {code} after {took:.2f} s"


@pytest.mark.parametrize("case", list(signals.CASES))
def test_a_campaign_answers_a_signal_or_a_closed_terminal_as_a_battle_does(case):
    held, took, code = signals.one_campaign(case)
    assert held, f"campaign, {case}: exit {code} after {took:.2f} s"
