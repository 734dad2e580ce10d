"""A player with no leader rolls for the order of play at Mediocre, and the
save keeps it; a player with nothing to fight with is refused before the roll."""

from __future__ import annotations

from tests.core.fate.kit import ANA, GM, laid_out, mustered, refused
from tui.core.files.loading import load_battle
from tui.core.files.saving import battle_text, save_battle
from tui.core.systems.fate import events as ev
from tui.core.systems.fate.forces import Player

LEADERLESS_GM = GM.model_copy(update={"leaders": ()})


def _deployed(players):
    battle = laid_out(mustered(players))
    for card, zone in {"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}.items():
        battle.record(ev.Deploy(card=card, zone=zone))
    battle.record(ev.Attach(leader="l1", unit="u1"))
    return battle


def test_a_leaderless_player_rolls_at_mediocre_and_the_save_keeps_it(tmp_path):
    battle = _deployed((ANA, LEADERLESS_GM))
    battle.start_battle(("l1", None))
    state = battle.game
    assert state.stage == "battle"
    gm_roll, gm_will = state.initiative[1]
    assert gm_will == 0  # Mediocre
    path = tmp_path / "leaderless.toml"
    save_battle(battle, path)
    assert 'leaders = [\n    "l1",\n    "",\n]' in path.read_text() or 'leaders = ["l1", ""]' in path.read_text()
    again = load_battle(path)
    assert again.game.initiative == state.initiative
    assert again.history.events[-1].leaders == ("l1", None)
    assert battle_text(again) == battle_text(battle)


def test_a_player_with_no_units_and_no_leaders_is_refused_before_initiative():
    empty = Player(name="Nobody's Army", side=1, chest=10)
    battle = _deployed((ANA, GM, empty))
    refused(battle, ev.StartBattle(counter=battle.game.counter, leaders=("l1", "l2", None), faces=((0,) * 4,) * 3), "Nobody's Army", "no units and no leaders")
    from tui.core.systems.fate.muster import deploy_refusal

    assert "Nobody's Army" in (deploy_refusal(battle.game) or "")
