"""What the players do not see, by identity, in each system: an undo that
adds to it hides again what they have seen (the app asks first)."""

from __future__ import annotations

from dataclasses import replace

from tests.core.fate.kit import fight
from tui.core.secrets import Hide
from tui.core.system import find_system
from tui.core.systems.fate.state import Aspect


def test_fate_secrets_are_the_face_down_aspects():
    state = fight({"u1": "hill", "u2": "hill", "u3": "meadow", "u4": "woods"}).game
    down = Aspect(id="x1", text="Secret Pit", on="hill", kind="zone", hidden=True, player=0)
    fate = find_system("fate")
    assert fate.secrets(replace(state, aspects=(*state.aspects, down))) == {"aspect:x1"}
    assert fate.secrets(replace(state, aspects=(*state.aspects, replace(down, hidden=False)))) == frozenset()


def test_what_the_gm_showed_is_hidden_again_by_undoing_the_showing():
    from tests.ui.scenes import kingmaker_demo, second_world_demo

    for key, battle in (("second_world", second_world_demo()), ("kingmaker", kingmaker_demo())):
        system = find_system(key)
        first = battle.game.armies[0].key if key == "kingmaker" else battle.game.characters[0].key
        item = f"army:{first}" if key == "kingmaker" else f"character:{first}"
        battle.record(Hide(item=item))
        battle.record(Hide(item=item, hidden=False))
        before = system.secrets(battle.game)
        battle.undo()
        assert system.secrets(battle.game) - before == {item}, key
