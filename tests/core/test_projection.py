"""The players' projection: each system's secret kept out of it (in every
language it carries) until it may be seen, and the file written atomically
with a revision that grows, read back or refused in one line."""

from __future__ import annotations

import json
import os
import stat

import pytest

from tests.core.fate.kit import fight
from tests.core.kingmaker.kit import KNIGHTS, muster, set_up
from tests.core.myz.kit import army, risks, start
from tests.core.second_world.kit import GUNNER, captain_start, scene
from tui.core.errors import RuleViolation
from tui.core.projection import SCHEMA, ProjectionError, ProjectionWriter, build, projection_path, read_projection, text_of
from tui.core.secrets import Hide
from tui.core.systems.fate import events as fev
from tui.core.systems.kingmaker import events as kev
from tui.core.systems.myz import events as mev
from tui.core.systems.second_world import events as sev


def seen(battle) -> str:
    """Everything the projection holds, both languages, as one text."""
    return text_of(build(battle, 1))


# -- the secrets, one per system ----------------------------------------------------


def test_a_strategy_stays_secret_until_both_sides_have_locked_one_in():
    battle = start(army(3), army(3))
    risks(battle)
    battle.record(mev.ChooseStrategy(side=0, strategy="total_attack"))
    text = seen(battle)
    for word in ("total_attack", "Total Attack", "Totaler Angriff", "Battle Pool", "Schlachtpool"):
        assert word not in text
    panel = build(battle, 1).panel("en")
    assert "strategy locked in (secret until both have chosen)" in panel.sides[0].lines
    assert "choosing a strategy" in panel.sides[1].lines
    assert "Red locked in a strategy" in panel.log
    battle.record(mev.ChooseStrategy(side=1, strategy="defense"))
    panel = build(battle, 2).panel("en")
    assert "Strategy: Total Attack" in panel.sides[0].lines and "Strategy: Defense" in panel.sides[1].lines
    assert panel.log[-1] == "Blue locked in a strategy; strategies revealed: Red: Total Attack, Blue: Defense"
    assert "Strategie: Totaler Angriff" in build(battle, 2).panel("de").sides[0].lines


def test_a_hidden_fate_aspect_stays_face_down_until_a_unit_enters_its_zone():
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"}, aspects=(("meadow", "Quicksand", True, 1), ("woods", "Dense Forest", True, None)))
    assert "Quicksand" not in seen(battle)
    cards = {c.title: c for c in build(battle, 1).panel("en").board.cards}
    assert cards["Meadow"].hidden == 1 and cards["Meadow"].aspects == ()
    assert cards["Woods"].aspects == ("Dense Forest ▲",)
    battle.record(fev.Activate(actor="u1"))
    assert build(battle, 2).panel("en").status[1].startswith("▶ ")  # who acts, for the players too
    battle.record(fev.Move(to="meadow"))  # entering turns it face up
    cards = {c.title: c for c in build(battle, 2).panel("en").board.cards}
    assert cards["Meadow"].hidden == 0 and cards["Meadow"].aspects == ("Quicksand ▲",)


def test_a_second_world_character_or_aspect_the_gm_hides_is_nowhere_in_the_view():
    battle = scene()
    battle.record(sev.ZoneAspects(zone="z4", aspects=("Tripwire Mines", "Sandbags")))
    battle.record(Hide(item="character:gunner"))
    battle.record(Hide(item="aspect:z4:Tripwire Mines"))
    captain_start(battle, first=1)
    battle.record(sev.BeginTurn(key="gunner"))  # the hidden gunner acts
    text = seen(battle)
    assert GUNNER.name not in text and "Tripwire Mines" not in text
    assert "Sandbags" in text and "Sgt. Hale" in text
    assert build(battle, 1).panel("en").headline == "Round 1 · Captain Takes Point · turn: someone unseen"  # no GM's pool: it tells of NPCs
    # the hidden gunner invokes from the GM's pool: neither line reaches the players
    before = seen(battle).count("pool"), seen(battle).count("Vorrat")
    battle.record(sev.MoveRoll(counter=battle.game.counter, key="gunner", faces=(0, 0, 0, 0)))
    battle.record(sev.Invoke(counter=battle.game.counter, aspect="Sandbags"))
    assert battle.game.gm_pool == 0 and (seen(battle).count("pool"), seen(battle).count("Vorrat")) == before
    # the GM's own map shows them, marked
    from tui.core.systems.second_world.public import zone_cards

    gm = dict(zone_cards(battle.game, public=False))["z4"]
    assert "Tripwire Mines (hidden)" in gm.aspects and gm.occupants[0].detail.endswith("(hidden)")
    battle.record(Hide(item="character:gunner", hidden=False))
    panel = build(battle, 2).panel("en")
    assert any(GUNNER.name in line for side in panel.sides for line in side.lines)
    assert panel.log[-1] == "MG Gunner is shown to the players"
    assert "Tripwire Mines" not in text_of(build(battle, 3))


def test_a_kingmaker_army_the_gm_hides_is_off_the_mat_and_out_of_the_story():
    battle = set_up(muster())
    battle.record(Hide(item="army:knights"))
    text = seen(battle)
    assert KNIGHTS.name not in text
    panel = build(battle, 1).panel("en")
    # The others are lettered among themselves: no gap where the knights' A was.
    assert [entry[0] for entry in panel.board.legend] == ["A", "B", "C"]
    assert sum(line[3:].count("A") for line in panel.board.lines) == 1  # the archers now, one square
    assert "Ostmark Archers" in panel.board.legend[0]
    battle.record(Hide(item="army:knights", hidden=False))
    assert KNIGHTS.name in seen(battle)


def test_steps_the_players_cannot_see_make_no_new_revision(tmp_path):
    battle = set_up(muster())
    writer = ProjectionWriter(tmp_path / "ford.toml")
    writer.write(battle)
    battle.record(kev.Hide(item="army:warband"))
    writer.write(battle)  # the warband leaves the players' mat: a new revision
    battle.record(kev.Hide(item="army:warband", hidden=False))
    battle.record(kev.Hide(item="army:warband"))
    writer.write(battle)  # shown and hidden again: nothing they can see changed
    assert read_projection(writer.path).revision == 2


def test_a_hidden_mark_is_refused_on_what_the_battle_lacks_or_twice():
    battle = muster()
    with pytest.raises(RuleViolation, match="nothing to hide"):
        battle.record(Hide(item="army:dragons"))
    battle.record(Hide(item="army:knights"))
    with pytest.raises(RuleViolation, match="hidden already"):
        battle.record(Hide(item="army:knights"))
    with pytest.raises(RuleViolation, match="is not hidden"):
        battle.record(Hide(item="army:warband", hidden=False))
    battle.undo()
    assert battle.game.hidden == ()


def test_user_text_goes_into_the_projection_as_text():
    battle = muster()
    battle.record(kev.SetSides(names=("[@click=app.quit]x[/]", "Ogre[/]")))
    panel = build(battle, 1).panel("en")
    assert [s.name for s in panel.sides] == ["[@click=app.quit]x[/]", "Ogre[/]"]


# -- the file ----------------------------------------------------------------------------


def test_the_writer_writes_atomically_readably_and_counts_revisions(tmp_path):
    battle = start(army(3), army(3))
    save = tmp_path / "siege.toml"
    writer = ProjectionWriter(save)
    assert writer.path == tmp_path / "siege.public.json" == projection_path(save)
    old = os.umask(0o077)
    try:
        assert writer.write(battle) is None
    finally:
        os.umask(old)
    assert stat.S_IMODE(writer.path.stat().st_mode) == 0o644  # the players' user may read it
    assert [p.name for p in tmp_path.iterdir()] == ["siege.public.json"]  # no temp file left
    writer.write(battle)
    assert read_projection(writer.path).revision == 1  # nothing new for the players: no new revision
    risks(battle)
    writer.write(battle)
    first = read_projection(writer.path)
    assert (first.schema_version, first.revision, first.system, first.open) == (SCHEMA, 2, "myz", True)
    again = ProjectionWriter(save)  # the battle reopened: revisions go on
    again.write(battle, open=False)
    last = read_projection(writer.path)
    assert last.revision == 3 and not last.open


def test_a_write_that_fails_warns_once_and_never_raises(tmp_path):
    battle = start(army(3), army(3))
    folder = tmp_path / "gone"
    writer = ProjectionWriter(folder / "x.toml")
    folder.write_text("a file where the folder should be")
    warning = writer.write(battle)
    assert warning is not None and "x.public.json" in warning and "\n" not in warning
    assert writer.write(battle) is None  # said once


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "no such file"),
        (b"{not json", "can't be read as a players' view"),
        (b"[1, 2]", "not a players' view"),
        (json.dumps({"schema_version": SCHEMA + 1}).encode(), "newer masscombat"),
        (json.dumps({"schema_version": SCHEMA, "revision": -1}).encode(), "revision"),
        (b"\xff\xfe", "can't be read as a players' view"),
    ],
)
def test_a_file_that_is_not_a_projection_is_refused_in_one_line(tmp_path, content, words):
    path = tmp_path / "x.public.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ProjectionError) as caught:
        read_projection(path)
    assert words in str(caught.value) and "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_a_projection_holding_an_escape_sequence_is_refused(tmp_path):
    battle = start(army(3), army(3))
    path = tmp_path / "x.public.json"
    path.write_text(text_of(build(battle, 1)).replace("Red", "Red\\u001b]0;owned\\u0007"), encoding="utf-8")
    with pytest.raises(ProjectionError, match="U\\+001B"):
        read_projection(path)


def test_a_private_save_leaves_no_readable_copy_beside_the_public_view(tmp_path):
    """The GM keeps the save from the players' user (mode 600); its .bak and
    backups, which hold the same secrets, keep that mode too."""
    from tui.core.files.backups import backup_folder, bak_path
    from tui.core.files.saving import save_battle

    battle = start(army(3), army(3))
    save = tmp_path / "raid.toml"
    old = os.umask(0o022)
    try:
        save_battle(battle, save)
        os.chmod(save, 0o600)
        risks(battle)
        save_battle(battle, save)
        battle.record(mev.ChooseStrategy(side=0, strategy="total_attack"))
        save_battle(battle, save)
    finally:
        os.umask(old)
    copies = [bak_path(save), *backup_folder(save).iterdir()]
    assert copies and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in copies)


def test_the_last_fate_roll_stays_in_sight_once_resolved_with_its_chances():
    from tests.core.fate.kit import roll as fate_roll

    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    battle.record(fev.Activate(actor="u1"))
    fate_roll(battle, "enter", "u1", "athletics", faces=(-1, 0, 0, 0), path=("woods",))
    on_table = build(battle, 1).panel("en").rolls[0]
    # Athletics +1 and Sir Ana's +1 against the forest's 2, before the dice:
    # 4dF > 0 succeeds, = 0 ties (independently: 31/81 and 19/81).
    assert on_table.odds == "before the dice: succeeds 38%, ties 23%"
    battle.record(fev.Resolve())
    after = build(battle, 2).panel("en").rolls[0]
    assert after.title.startswith("Last roll: ") and after.lines == on_table.lines and after.odds == on_table.odds


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_players_see_the_push_and_settle_chances_and_pools_in_their_language(lang):
    """The view showed the chances before the dice, not those of pushing
    or settling, and pools as 3b4s1g in German too."""
    from tests.ui.scenes import demo_battle
    from tui.core.dice.odds import percent, push_now
    from tui.core.systems.myz.public import pool_words

    battle = demo_battle()
    battle.roll()
    state = battle.game
    roller = state.roller
    side = roller.turn
    assert side is not None
    panel = build(battle, 1).panel(lang)
    lines = panel.rolls[0].lines
    roll, other = roller.sides[side].roll, roller.sides[1 - side].roll
    decision = push_now(roll, other.successes)
    odds = next(line for line in lines if percent(decision.settle[0]) in line and state.names[side] in line and line.count("%") >= 1)
    if decision.push is not None:
        assert percent(decision.push[0]) in odds
    assert state.names[1 - side] in odds  # the other leader may still push
    pool = roll.pool
    shown = "\n".join(line for s in panel.sides for line in s.lines)
    assert pool_words(pool, lang) in shown
    assert (pool.notation() in shown) == (lang == "en")
    if lang == "de":
        assert "✘" in pool_words(pool, lang)


def test_the_players_story_says_a_repeated_line_once_with_its_count():
    """The playthrough: "The Ark mustered" six times in a row, one per person."""
    from tests.core.myz.kit import new_battle
    from tui.core.systems.myz.public import log

    battle = new_battle(army(), army())
    for level in (2, 3, 4):
        battle.record(mev.SetArmy(side=1, army=army(level)))
    assert log(battle, "en")[-1] == "Blue mustered (×3)"
