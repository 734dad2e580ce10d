"""What a force brings from an earlier battle is shown before the battle
starts, in each builder: a Kingmaker army's wounds, a Fate card's and a
Second World character's consequences."""

from __future__ import annotations

from tests.core.fate.kit import PIKES, RULES as FATE
from tests.core.kingmaker.kit import muster
from tests.core.second_world.kit import VASQUEZ, scene
from tui.core.systems.kingmaker import events as km
from tui.core.systems.second_world import events as sw


def test_a_kingmaker_army_sheet_says_the_wounds_it_brings():
    from tui.ui.kingmaker.army_sheet import sheet_text

    battle = muster()
    battle.record(km.SetArmy(army=battle.game.army("warband").model_copy(update={"wounds": 4})))
    text = sheet_text(battle.game, "warband").plain
    assert "it starts at hp 23/27 (4 not yet healed)" in text
    assert battle.game.hp("warband") == 23


def test_a_fate_card_names_its_carried_consequences():
    from tui.ui.fate.army_dialogs import unit_card
    from rich.console import Console

    card = unit_card(PIKES.model_copy(update={"consequences": ("mild:Shaken Line",)}), FATE, "en")
    console = Console(width=200, record=True)
    console.print(card)
    assert "carried from an earlier battle: mild: Shaken Line" in console.export_text()


def test_a_second_world_sheet_names_its_carried_consequences():
    from tui.ui.second_world.cast import sheet_text

    battle = scene()
    battle.record(sw.SetCharacter(character=VASQUEZ.model_copy(update={"consequences": ("moderate:Shot Through the Arm",)})))
    assert "carried from an earlier conflict: moderate: Shot Through the Arm" in sheet_text(battle.game, battle.game.character("vasquez")).plain
