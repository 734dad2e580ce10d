"""Issue 33, item 2: the players' copy leaks nothing. Random battles of each
system with secrets (the runs of the redaction property: hides, renames,
removals, undos and redos), then the players' page in a random language:
no text a thing hidden at the end has ever had is on it, in a picture, a
chart's legend, a roll or the story. What was hidden once and shown since
may be there, as the players' view shows it now.

The words are fresh (``Qxaaab``), so a find can only be a leak."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_redaction_property import KM_MOVES, SW_MOVES, FateRun, Run, fate_act, fate_new, km_new, redo, sw_new, undo
from tui.core.report.gather import gather
from tui.core.report.page import page, pictures

PAGES = settings(max_examples=25, deadline=None, derandomize=os.environ.get("CI") == "true", suppress_health_check=[HealthCheck.too_slow])


def players_copy(run: Run, data: st.DataObject) -> str:
    report = gather(run.battle, data.draw(st.sampled_from(["en", "de"]), label="language"), public=True)
    return page(report) + "".join(svg for _, svg in pictures(report))


def hidden_words(run: Run) -> list[tuple[str, str]]:
    if isinstance(run, FateRun):
        return [(a.id, a.text) for a in run.battle.game.aspects if a.hidden]
    return [(identity, word) for identity in run.battle.game.hidden for word in sorted(run.texts.get(identity, ()))]


def play_then_look(run: Run, data: st.DataObject, moves: dict) -> None:
    names = sorted(moves)
    for number in range(data.draw(st.integers(5, 30), label="steps")):
        moves[data.draw(st.sampled_from(names), label=f"move {number}")](run, data)
    text = players_copy(run, data)
    leaks = [f"{identity}: {word}" for identity, word in hidden_words(run) if word in text]
    assert not leaks, leaks


@PAGES
@given(st.data())
def test_the_players_copy_of_a_second_world_conflict_shows_nothing_hidden(data):
    play_then_look(sw_new(), data, SW_MOVES)


@PAGES
@given(st.data())
def test_the_players_copy_of_a_kingmaker_battle_shows_nothing_hidden(data):
    play_then_look(km_new(), data, KM_MOVES)


@PAGES
@given(st.data())
def test_the_players_copy_of_a_fate_battle_shows_no_face_down_aspect(data):
    play_then_look(fate_new(data), data, {"act": fate_act, "undo": undo, "redo": redo})


def test_the_gm_copy_of_the_same_battle_shows_what_the_players_copy_hides():
    # the property would pass for a page that showed nothing: the GM's copy shows it
    run = km_new()
    army = run.battle.game.armies[0]
    from tui.core.secrets import toggle

    run.record(toggle(run.battle.game.hidden, f"army:{army.key}"))
    gm = page(gather(run.battle, "en", public=False))
    players = page(gather(run.battle, "en", public=True))
    assert f"{army.name} (hidden)" in gm and army.name not in players


def test_the_gm_copy_of_a_second_world_conflict_marks_what_is_hidden():
    from tui.core.secrets import toggle

    run = sw_new()
    character = run.battle.game.characters[0]
    zone = "z2"
    info = run.battle.game.zone_info(zone)
    run.record(toggle(run.battle.game.hidden, f"character:{character.key}"))
    run.record(toggle(run.battle.game.hidden, f"aspect_slot:{zone}:{info.slots[0]}"))
    gm = page(gather(run.battle, "en", public=False))
    players = page(gather(run.battle, "en", public=True))
    assert f"{character.name} (hidden)" in gm and f"{info.aspects[0]} (hidden)" in gm
    assert character.name not in players and info.aspects[0] not in players


def test_the_gm_copy_of_a_fate_battle_turns_the_face_down_aspect_up_marked():
    from tui.core.files.loading import load_battle
    from tui.core.files.places import find_example

    battle = load_battle(find_example("ford-of-brannock"))
    (down,) = [a.text for a in battle.game.aspects if a.hidden]
    gm, players = (page(gather(battle, "en", public=p)) for p in (False, True))
    assert f"{down} (hidden)" in gm and down not in players and "1 aspect face down" in players
