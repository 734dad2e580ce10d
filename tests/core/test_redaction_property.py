"""Issue 30, item 1, as a property: random battles of each system, with
random hides, edits, renames, removals, undos and redos, never put a
hidden thing's present or past text in the players' projection, in
either language.

Every name and aspect the runs write is a fresh word of one shape
(``Qxaaab``), so finding it in the projection's text can only mean the
thing it belongs to is shown. Mutant's secret has no text of its own (a
strategy's name is public once both sides have chosen), so there the
property is that the view is the same whichever strategy was locked in.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from itertools import product
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.fate.kit import ANA, GM, GOBLINS, ORCS, PIKES, SCOUTS, ZONES, fight as fate_fight
from tests.core.kingmaker.kit import KNIGHTS
from tests.core.myz.kit import army, end_wave, fight as myz_fight, start, support_none
from tests.core.second_world.kit import VASQUEZ
from tui.core.errors import MassCombatError
from tui.core.maps.zones import Zone
from tui.core.projection import build, text_of
from tui.core.secrets import toggle
from tui.core.systems.fate import events as fev
from tui.core.systems.kingmaker import events as kev
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.forces import Commander
from tui.core.systems.myz import events as mev
from tui.core.systems.second_world import events as sev
from tui.core.systems.second_world.battle import SecondWorldBattle
from tui.core.systems.second_world.state import aspect_item

RUNS = settings(max_examples=80, deadline=None, derandomize=os.environ.get("CI") == "true", suppress_health_check=[HealthCheck.too_slow])
WHEN = datetime(2026, 11, 28, tzinfo=timezone.utc)


class Words:
    """Fresh words no catalog holds and none inside another: ``Qxaaaa``, ``Qxaaab`` ..."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> str:
        n, letters = self.count, ""
        self.count += 1
        for _ in range(4):
            n, r = divmod(n, 26)
            letters = chr(97 + r) + letters
        return "Qx" + letters


class Run:
    """A battle played at random, and every text each identity has had."""

    def __init__(self, battle: Any) -> None:
        self.battle = battle
        self.texts: dict[str, set[str]] = {}
        self.words = Words()

    def said(self, identity: str, *texts: str) -> None:
        self.texts.setdefault(identity, set()).update(t for t in texts if t)

    def record(self, event: Any) -> bool:
        try:
            self.battle.record(event)
        except MassCombatError:
            return False  # refused by the rules: the battle is as it was
        return True

    def undo_or_redo(self, redo: bool) -> None:
        if redo and self.battle.can_redo:
            self.battle.redo()
        elif not redo and self.battle.can_undo:
            self.battle.undo()

    def leaks(self) -> list[str]:
        seen = text_of(build(self.battle, 1, now=WHEN))
        return [f"{identity}: {word}" for identity in self.battle.game.hidden for word in sorted(self.texts.get(identity, ())) if word in seen]


def play(run: Run, data: st.DataObject, moves: dict[str, Callable[[Run, st.DataObject], object]], steps: int = 30) -> None:
    names = sorted(moves)
    for number in range(steps):
        move = data.draw(st.sampled_from(names), label=f"move {number}")
        moves[move](run, data)
        assert not run.leaks(), (move, run.leaks())


def pick(data: st.DataObject, items: list[Any] | tuple[Any, ...]) -> Any:
    return data.draw(st.sampled_from(list(items))) if items else None


def hide_or_show(run: Run, data: st.DataObject, items: list[str]) -> None:
    item = pick(data, items)
    if item is not None:
        run.record(toggle(run.battle.game.hidden, item))


def undo(run: Run, data: st.DataObject) -> None:
    run.undo_or_redo(redo=False)


def redo(run: Run, data: st.DataObject) -> None:
    run.undo_or_redo(redo=True)


# -- Second World -------------------------------------------------------------------


def sw_new() -> Run:
    battle = SecondWorldBattle.new("Raid", seed=3)
    battle.record(sev.SetSides(names=("Commandos", "Garrison")))
    for number in range(1, 4):
        battle.record(sev.PlaceZone(zone=Zone(key=f"z{number}", name=f"Room {number}", col=number - 1, row=0)))
    run = Run(battle)
    for zone in ("z1", "z2", "z3"):  # some aspects on each zone from the start, for the edits to work on
        battle.record(sev.ZoneAspects(zone=zone, aspects=(run.words(), run.words(), run.words())))
        info = battle.game.zone_info(zone)
        for slot, text in zip(info.slots, info.aspects):
            run.said(aspect_item(zone, slot), text)
    for side in (0, 1):  # and someone on each side, for the conflict to start
        key, name = battle.game.next_character_key(), run.words()
        battle.record(sev.SetCharacter(character=VASQUEZ.model_copy(update={"key": key, "name": name, "side": side})))
        battle.record(sev.Deploy(key=key, zone=f"z{side + 1}"))
        run.said(f"character:{key}", name)
    return run


def sw_character(run: Run, data: st.DataObject) -> None:
    state = run.battle.game
    old = pick(data, state.characters) if data.draw(st.booleans()) else None
    key = old.key if old else state.next_character_key()
    name = run.words()
    made = VASQUEZ.model_copy(update={"key": key, "name": name, "side": old.side if old else data.draw(st.integers(0, 1))})
    if run.record(sev.SetCharacter(character=made, hidden=True if data.draw(st.booleans()) else None)):
        run.said(f"character:{key}", name)
        run.record(sev.Deploy(key=key, zone=f"z{data.draw(st.integers(1, 3))}"))


def sw_remove(run: Run, data: st.DataObject) -> None:
    character = pick(data, run.battle.game.characters)
    if character is not None:
        run.record(sev.RemoveCharacter(key=character.key))


def sw_aspects(run: Run, data: st.DataObject) -> None:
    """One zone's aspects edited as the GM's line does: one reworded, added or removed."""
    zone = f"z{data.draw(st.integers(1, 3))}"
    info = run.battle.game.zone_info(zone)
    aspects, slots = list(info.aspects), list(info.slots)
    how = data.draw(st.sampled_from(["reword", "add", "remove", "rework", "add hidden"]))
    index = data.draw(st.integers(0, max(0, len(aspects) - 1)))
    word = run.words()
    if how == "add hidden" and len(aspects) < 7:
        # written hidden, as the zone's h does: never shown for an instant
        if run.record(sev.ZoneAspects(zone=zone, aspects=(*aspects, word), hidden=(len(aspects),))):
            now = run.battle.game.zone_info(zone)
            run.said(aspect_item(zone, now.slots[-1]), word)
        return
    if how in ("add", "add hidden") or not aspects:
        if len(aspects) >= 7:
            return  # a zone holds seven at most (the event refuses an eighth as it is made)
        aspects.insert(min(index, len(aspects)), word)
    elif how == "reword":
        aspects[index] = word
    elif how == "rework" and len(aspects) > 1:
        # one reworded, as a GM does ("Flooded Craters" → "Flooded Shell
        # Craters"), another deleted, in one edit: the words are the reworded one's
        word = aspects[index] + " " + word
        aspects[index] = word
        del aspects[data.draw(st.sampled_from([i for i in range(len(aspects)) if i != index]))]
        if run.record(sev.ZoneAspects(zone=zone, aspects=tuple(aspects))):
            run.said(aspect_item(zone, slots[index]), word)
        return
    else:
        del aspects[index]
    if not run.record(sev.ZoneAspects(zone=zone, aspects=tuple(aspects))):
        return
    now = run.battle.game.zone_info(zone)
    if how == "reword" and info.aspects:
        assert now.slots[index] == slots[index], "a reworded aspect keeps its slot"
    if word in now.aspects:
        run.said(aspect_item(zone, now.slots[now.aspects.index(word)]), word)


def sw_situation(run: Run, data: st.DataObject) -> None:
    zone = f"z{data.draw(st.integers(1, 3))}"
    key = data.draw(st.sampled_from(["cluttered", "claustrophobic"]))
    run.record(sev.Situation(zone=zone, situation=key, on=key not in run.battle.game.zone_info(zone).situations))


def sw_hide(run: Run, data: st.DataObject) -> None:
    state = run.battle.game
    items = [f"character:{c.key}" for c in state.characters]
    for zone in ("z1", "z2", "z3"):
        info = state.zone_info(zone)
        items += [aspect_item(zone, slot) for slot in info.slots] + [f"situation:{zone}:{s}" for s in info.situations]
    hide_or_show(run, data, items)


def sw_play(run: Run, data: st.DataObject) -> None:
    """The conflict goes on: it starts, someone takes a turn, defends, ends it."""
    state = run.battle.game
    if state.stage == "scene":
        run.record(sev.StartConflict(counter=state.counter, order="captain", first_side=data.draw(st.integers(0, 1))))
    elif state.turn.actor is None:
        ready = [c.key for c in state.characters if state.may_begin(c.key)]
        if ready:
            run.record(sev.BeginTurn(key=pick(data, ready)))
    else:
        how = data.draw(st.sampled_from(["defend", "advantage", "end"]))
        actor = state.turn.actor
        if how == "defend":
            run.record(sev.FullDefence(key=actor))
        elif how == "advantage":
            # what a character does is theirs: hidden, their advantage on a zone is too
            word, zone = run.words(), state.zone_of(actor)
            roll = sev.ActionRoll(counter=state.counter, key=actor, action="advantage", skill="notice", faces=(1, 1, 1, 1), difficulty=0, zone=zone, aspect=word)
            if run.record(roll) and run.record(sev.Resolve()) and f"character:{actor}" in run.battle.game.hidden:
                run.said(f"character:{actor}", word)
        else:
            run.record(sev.EndTurn())


SW_MOVES = {"character": sw_character, "remove": sw_remove, "aspects": sw_aspects, "situation": sw_situation, "hide": sw_hide, "play": sw_play, "undo": undo, "redo": redo}


@RUNS
@given(st.data())
def test_second_world_never_shows_what_the_gm_hid(data):
    play(sw_new(), data, SW_MOVES)


# -- Kingmaker ----------------------------------------------------------------------


def km_new() -> Run:
    battle = KingmakerBattle.new("Ford", seed=3)
    battle.record(kev.SetSides(names=("Ostmark", "Rivenhold")))
    battle.record(kev.SetMat(width=24, height=16))
    run = Run(battle)
    for side in (0, 1):  # an army on each side, for the battle to begin
        key, name, general = battle.game.next_army_key(), run.words(), run.words()
        battle.record(kev.SetArmy(army=KNIGHTS.model_copy(update={"key": key, "name": name, "side": side, "commander": Commander(name=general, charisma=1, profession=2, level=3)})))
        run.said(f"army:{key}", name, general)
    return run


def km_army(run: Run, data: st.DataObject) -> None:
    state = run.battle.game
    old = pick(data, state.armies) if data.draw(st.booleans()) else None
    key = old.key if old else state.next_army_key()
    name, general = run.words(), run.words() if data.draw(st.booleans()) else ""
    side = old.side if old else data.draw(st.integers(0, 1))
    made = KNIGHTS.model_copy(update={"key": key, "name": name, "side": side, "commander": Commander(name=general, charisma=1, profession=2, level=3)})
    if run.record(kev.SetArmy(army=made, hidden=True if data.draw(st.booleans()) else None)):
        run.said(f"army:{key}", name, general)


def km_remove(run: Run, data: st.DataObject) -> None:
    army = pick(data, run.battle.game.armies)
    if army is not None:
        run.record(kev.RemoveArmy(key=army.key))


def km_hide(run: Run, data: st.DataObject) -> None:
    hide_or_show(run, data, [f"army:{a.key}" for a in run.battle.game.armies])


def km_play(run: Run, data: st.DataObject) -> None:
    """The battle goes on: setup, each army placed on its side's edge, the turns' steps."""
    state = run.battle.game
    if state.stage == "muster":
        if run.record(kev.SetupRoll(counter=state.counter, rounds=((15, 3),))):
            run.record(kev.FirstSide(side=data.draw(st.integers(0, 1))))
    elif state.stage == "setup":
        waiting = [a for a in state.armies if state.unit(a.key).block is None and a.side == state.side_acting]
        army = pick(data, waiting)
        if army is not None:
            index = [a.key for a in state.armies if a.side == army.side].index(army.key)
            run.record(kev.Place(key=army.key, x=1 + 5 * index, y=2 if army.side == 0 else 12, facing="s" if army.side == 0 else "n"))
    elif state.stage == "battle":
        if state.roll_winner is None:
            run.record(kev.Initiative(counter=state.counter, rounds=((20, 1),)))
        elif state.first is None:
            run.record(kev.FirstSide(side=data.draw(st.integers(0, 1))))
        elif data.draw(st.booleans()):
            mine = [a.key for a in state.on_field() if a.side == state.side_acting]
            if mine:
                run.record(kev.Move(counter=state.counter, key=pick(data, mine), step="forward"))
        else:
            run.record(kev.EndStep())


KM_MOVES = {"army": km_army, "remove": km_remove, "hide": km_hide, "play": km_play, "undo": undo, "redo": redo}


@RUNS
@given(st.data())
def test_kingmaker_never_shows_what_the_gm_hid(data):
    play(km_new(), data, KM_MOVES)


# -- This Means War: the face-down aspects -------------------------------------------


class FateRun(Run):
    """A hidden Fate aspect is an ``aspect:<id>`` while it lies face down."""

    def leaks(self) -> list[str]:
        seen = text_of(build(self.battle, 1, now=WHEN))
        down = [a for a in self.battle.game.aspects if a.hidden]
        return [f"{a.id}: {a.text}" for a in down if a.text in seen]


def fate_new(data: st.DataObject) -> Run:
    words = Words()
    # a hidden aspect goes on a card with nothing on it: one each
    zones = data.draw(st.permutations([z.key for z in ZONES]))[: data.draw(st.integers(1, 4))]
    aspects = tuple((zone, words(), data.draw(st.booleans()), data.draw(st.sampled_from([0, 1]))) for zone in zones)
    places = {PIKES.key: "hill", SCOUTS.key: "hill", ORCS.key: "woods", GOBLINS.key: "woods"}
    rich = tuple(p.model_copy(update={"fate_points": 4, "chest": 20}) for p in (ANA, GM))  # a fate point for each aspect bought
    run = FateRun(fate_fight(places, aspects=aspects, players=rich))
    run.words.count = words.count
    return run


def fate_act(run: Run, data: st.DataObject) -> None:
    """The side in turn activates a card, moves it (entering turns a zone's
    aspects face up), ends its activation; or the GM removes an aspect."""
    state = run.battle.game
    how = data.draw(st.sampled_from(["activate", "move", "end", "remove"]))
    if how == "activate":
        run.record(fev.Activate(actor=pick(data, [PIKES.key, SCOUTS.key, ORCS.key, GOBLINS.key, "l1", "l2"])))
    elif how == "move":
        run.record(fev.Move(to=pick(data, [z.key for z in ZONES])))
    elif how == "end":
        run.record(fev.EndActivation())
    elif state.aspects:
        run.record(fev.RemoveAspect(aspect=pick(data, [a.id for a in state.aspects])))


@RUNS
@given(st.data())
def test_this_means_war_never_shows_a_face_down_aspect(data):
    play(fate_new(data), data, {"act": fate_act, "undo": undo, "redo": redo})


# -- Mutant: the strategy locked in first ----------------------------------------------


def myz_view(battle: Any) -> str:
    return text_of(build(battle, 1, now=WHEN))


FIGHTING = ("attack", "defense", "total_attack", "total_defense", "planned_attack", "planned_defense", "feinted_attack", "rally")
"""Strategies that lead on to the wave's Battle roll (a parley or a retreat would end it)."""


@settings(max_examples=10, deadline=None, derandomize=os.environ.get("CI") == "true")
@given(st.data())
def test_mass_combat_shows_the_same_whichever_strategy_was_locked_in_first(data):
    battle = start(army(data.draw(st.integers(2, 6))), army(data.draw(st.integers(2, 6))))
    strategies = [s.key for s in battle.game.rules.strategies]
    for wave in range(data.draw(st.integers(1, 3))):
        for side in battle.game.order:
            _accepts(battle, mev.SetRisk(side=side, risks=(0,) * len(battle.game.forces[side].army.people)), keep=True)
        first = data.draw(st.sampled_from(battle.game.order), label=f"wave {wave + 1}: first to choose")
        views = {}
        for strategy in strategies:
            if _accepts(battle, mev.ChooseStrategy(side=first, strategy=strategy), keep=True):
                views[strategy] = myz_view(battle)
                battle.undo()
        assert len(views) > 1 and len(set(views.values())) == 1, f"wave {wave + 1}: the view tells {sorted(views)} apart"
        ours = [s for s in data.draw(st.permutations(FIGHTING), label="locked in") if s in views]
        battle.record(mev.ChooseStrategy(side=first, strategy=ours[0]))
        theirs = data.draw(st.permutations(FIGHTING), label="answered")
        answer = next(s for s in theirs if _accepts(battle, mev.ChooseStrategy(side=1 - first, strategy=s)))
        battle.record(mev.ChooseStrategy(side=1 - first, strategy=answer))
        battle.undo()
        assert myz_view(battle) == views[ours[0]], "undoing the second choice hides the first again"
        battle.redo()
        for side in battle.game.order:
            battle.record(mev.Action(side=side, action="none"))
        myz_fight(battle)
        support_none(battle)
        end_wave(battle)
        if not _accepts(battle, mev.NextWave(), keep=True):
            break  # the battle is over


def _accepts(battle: Any, event: Any, keep: bool = False) -> bool:
    """The rules take ``event``: kept if ``keep``, else taken back."""
    try:
        battle.record(event)
    except MassCombatError:
        return False
    if not keep:
        battle.undo()
    return True


def test_the_words_are_fresh_and_none_holds_another():
    words = Words()
    made = [words() for _ in range(800)]
    assert len(set(made)) == 800 and all(a == b or a not in b for a, b in product(made[:60], made[:60]))
