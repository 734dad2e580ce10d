"""The GM's decisions between and around the rolls: which damaged Support
die the opponent takes out, the Battle Levels for the next wave, and the
GM's final say over a force's numbers (``g`` on the wave screen).

Rules text: "When it comes to identify which specific fortification or
Special Unit is damaged, the choice is left to the opponent." "Adjust the
factions' current Battle Levels along with the suffered losses and the
destroyed Ark projects."
"""

from __future__ import annotations


from tui.core.systems.myz.battle import Battle
from tui.core.i18n import language, t
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.after_battle import suggested_battle_levels
from tui.core.systems.myz.wave_end import damaged_support_choice
from tui.core.systems.myz.rules import MyzRuleset
from tui.ui.myz import menus
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.battle_screen import BattleScreen


WaveHost = BattleScreen[Battle]
"""The wave screen as the flows see it (they never import the screen)."""


MOST_BATTLE_LEVEL = 99
MOST_FIGHTERS = 99_999
MOST_UNITS = 99


def support_name(key: str, rules: MyzRuleset) -> str:
    """A damaged Support die's source (a fortification, the ambush, an Ark
    project or a special class), in the GM's language."""
    if key in ("fortification", "ambush"):
        return t(f"wave.gm.damaged_{key}")
    for table in (rules.ark_project, rules.special_class):
        try:
            return table(key).name(language())
        except KeyError:
            continue
    return key


async def damaged_support_picks(screen: WaveHost, battle: Battle) -> dict[int, tuple[str, ...]] | None:
    """Ask each side's opponent which damaged Support dice are lost, where
    there is a choice; None if the GM backs out."""
    game = battle.game
    picks: dict[int, tuple[str, ...]] = {}
    for side in game.order:
        count, candidates = damaged_support_choice(game, side)
        if count == 0 or count >= len(candidates):
            continue  # nothing to choose: every candidate goes, or none
        chosen: list[str] = []
        left = list(candidates)  # a key once per die: a fortification's two dice are two picks
        for number in range(1, count + 1):
            title = t("wave.gm.damaged_title", chooser=game.names[1 - side], name=game.names[side], number=number, count=count)
            options = [Choice(key, support_name(key, game.rules)) for key in dict.fromkeys(left)]
            answer = await screen.app.push_screen_wait(ChoiceDialog(title, options, t("wave.gm.damaged_help")))
            if answer is None:
                return None
            chosen.append(answer)
            left.remove(answer)
        picks[side] = tuple(chosen)
    return picks


async def next_wave_levels(screen: WaveHost, battle: Battle) -> ev.NextWave | None:
    """The Battle Level each side takes into the next wave, the suggestion
    from fighters killed filled in; None if the GM backs out."""
    game = battle.game
    assert game.forces is not None
    suggested = suggested_battle_levels(game)
    ratio = game.rules.battle_level.fighters_per_level
    levels: dict[int, int] = {}
    for side in game.order:
        force = game.forces[side]
        lost = game.wave.end.casualties[side].total if game.wave is not None and game.wave.end is not None else 0
        help_text = t("wave.gm.level_help", level=force.battle_level, lost=lost, ratio=ratio, suggested=suggested[side])
        title = t("wave.gm.level_title", name=game.names[side], wave=game.wave.number + 1 if game.wave else 1)
        value = await screen.app.push_screen_wait(NumberDialog(title, suggested[side], 0, MOST_BATTLE_LEVEL, help_text))
        if value is None:
            return None
        if value != force.battle_level:
            levels[side] = value
    return ev.NextWave(battle_levels=levels)


async def adjust(screen: WaveHost, side: int) -> ev.Adjust | None:
    """The GM's final say: one of a force's numbers, set by hand."""
    battle: Battle = screen.battle
    game = battle.game
    assert game.forces is not None
    force = game.forces[side]
    rules = game.rules
    yes_no = {True: t("wave.gm.yes"), False: t("wave.gm.no")}
    options = [
        Choice("battle_level", t("wave.gm.battle_level"), str(force.battle_level)),
        Choice("fighters", t("wave.gm.fighters"), str(force.fighters)),
        Choice("confused", t("wave.gm.confused"), yes_no[force.confused]),
    ]
    for cls in rules.special_classes.classes:
        options.append(Choice(("unit", cls.key), t("wave.gm.units", name=cls.name(language())), str(force.units.get(cls.key, 0))))
    for index, person in enumerate(force.army.people):
        if index != force.leader and person.position != "leader":
            options.append(Choice(("position", index), t("wave.gm.position", name=person.name), rules.position(person.position).name(language())))
    title = t("wave.gm.title", name=game.names[side])
    answer = await screen.app.push_screen_wait(ChoiceDialog(title, options, t("wave.gm.help"), menu=menus.GM))
    if answer is None:
        return None
    if answer == "confused":
        return ev.Adjust(side=side, confused=not force.confused)
    if answer == "battle_level":
        value = await screen.app.push_screen_wait(NumberDialog(t("wave.gm.battle_level"), force.battle_level, 0, MOST_BATTLE_LEVEL))
        return None if value is None else ev.Adjust(side=side, battle_level=value)
    if answer == "fighters":
        value = await screen.app.push_screen_wait(NumberDialog(t("wave.gm.fighters"), force.fighters, 0, MOST_FIGHTERS))
        return None if value is None else ev.Adjust(side=side, fighters=value)
    if answer[0] == "position":
        index = answer[1]
        person = force.army.people[index]
        positions = [Choice(key, rules.position(key).name(language())) for key in ("assailant", "engineer", "medic")]
        title = t("wave.gm.position_title", name=person.name)
        picked = await screen.app.push_screen_wait(ChoiceDialog(title, positions, t("wave.gm.position_help"), highlight=person.position))
        return None if picked is None or picked == person.position else ev.Adjust(side=side, positions={index: picked})
    _, key = answer
    label = t("wave.gm.units", name=rules.special_class(key).name(language()))
    value = await screen.app.push_screen_wait(NumberDialog(label, force.units.get(key, 0), 0, MOST_UNITS))
    if value is None:
        return None
    return ev.Adjust(side=side, units={**force.units, key: value})


__all__ = ["adjust", "damaged_support_picks", "next_wave_levels", "support_name"]
