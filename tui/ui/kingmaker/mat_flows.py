"""The dialogs behind the mat's keys before and between the fighting: the
mat's size, terrain and battlefield conditions; the generals' rolls and
who goes first; placing each unit; and ``next``, which does whatever the
battle waits for (a roll, a choice, the end of a side's phase, the
aftermath).

Each flow asks what it needs (escape abandons it and changes nothing) and
records its events through the app: saved at once, undoable.
"""

from __future__ import annotations

import re

from tui.core.i18n import language, t
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.ambush import ambush_offense, ambush_refusal, targets
from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.rules import shipped
from tui.ui.kingmaker.common import ask, record, terrain_words
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog, TextDialog
from tui.ui.shell.menus import data_menu, menu
from tui.ui.kingmaker.hosts import MatHost
from tui.ui.shell.table_dice import Ask, ask_label, at_table, die_ask, table_faces
from tui.core.systems.kingmaker.state import KMState


TERRAIN_MENU = data_menu("km.terrain", lambda: tuple(r.key for r in shipped().terrain))
CONDITION_MENU = data_menu("km.condition", lambda: (*(c.key for c in shipped().conditions), "done"))
FACING_MENU = menu("km.facing", "n", "e", "s", "w")
SETUP_FIRST_MENU = menu("km.setup_first", "side", "ambush")
_SIZE = re.compile(r"^\s*(\d{1,3})\s*[x×*]\s*(\d{1,3})\s*$")


def read_size(text: str) -> tuple[int, int] | None:
    """``24x16`` → (24, 16); None if it doesn't read so."""
    match = _SIZE.match(text)
    return (int(match[1]), int(match[2])) if match else None


async def mat_size(screen: MatHost) -> None:
    state = screen.state

    def check(text: str) -> str | None:
        size = read_size(text)
        if size is None:
            return t("km_ui.dialog.size_unread")
        try:
            event = ev.SetMat(width=size[0], height=size[1])
        except ValueError:
            return t("km_ui.dialog.mat_bounds")
        return screen.battle.step_refusal(event)

    text = await ask(screen, TextDialog(t("km_ui.dialog.mat_size"), f"{state.width}x{state.height}", t("km_ui.dialog.mat_size_help"), check=check))
    size = read_size(text or "")
    if size is not None and size != (state.width, state.height):
        record(screen, ev.SetMat(width=size[0], height=size[1]))


async def terrain(screen: MatHost) -> None:
    state = screen.state
    lang = language()
    x, y = screen.cursor
    here = state.terrain_at((x, y))
    options = [
        Choice(row.key, f"{row.glyph}  {row.name(lang)}", terrain_words(row), entry=row.key)
        for row in state.rules.terrain
    ]
    picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.terrain", x=x, y=y), options, highlight=here, menu=TERRAIN_MENU))
    if picked is None:
        return

    def check(text: str) -> str | None:
        size = read_size(text)
        if size is None:
            return t("km_ui.dialog.size_unread")
        return _paint_refusal(screen, picked, size)

    text = await ask(screen, TextDialog(t("km_ui.dialog.terrain_size"), "1x1", t("km_ui.dialog.terrain_size_help"), check=check))
    size = read_size(text or "")
    if size is not None:
        record(screen, ev.PaintTerrain(terrain=picked, x=x, y=y, width=size[0], height=size[1]))


def _paint_refusal(screen: MatHost, terrain_key: str, size: tuple[int, int]) -> str | None:
    x, y = screen.cursor
    try:
        event = ev.PaintTerrain(terrain=terrain_key, x=x, y=y, width=size[0], height=size[1])
    except ValueError:
        return t("km.rule.off_mat", width=screen.state.width, height=screen.state.height)
    return screen.battle.step_refusal(event)


async def conditions(screen: MatHost) -> None:
    """The battlefield conditions, toggled one at a time until done."""
    lang = language()
    highlight: str | None = None
    while True:
        state = screen.state
        options = []
        for row in state.rules.conditions:
            has = row.key in state.conditions
            mark = (tick(screen) if has else " ") + " "
            detail = ", ".join(effect_words(e) for e in row.effects) + (" · " + t("km_ui.dialog.halves_damage") if row.halve_damage else "")
            if row.damage_per_phase:
                detail += " · " + t("km_ui.dialog.damage_per_phase", damage=row.damage_per_phase)
            options.append(Choice(row.key, mark + row.name(lang), detail, entry=row.key))
        options.append(Choice("done", t("km_ui.dialog.done"), entry="done"))
        picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.conditions"), options, highlight=highlight, menu=CONDITION_MENU))
        if picked is None or picked == "done":
            return
        highlight = picked
        keys = tuple(k for k in state.conditions if k != picked) if picked in state.conditions else (*state.conditions, picked)
        if not record(screen, ev.SetConditions(keys=keys)):
            return


def tick(screen: MatHost) -> str:
    """The mark of a chosen option: ✓, or x in ASCII."""
    return "x" if screen.shell.glyphs.name == "ascii" else "✓"


def effect_words(effect: object) -> str:
    from tui.core.systems.kingmaker.rule_rows import EFFECT_NUMBERS

    return ", ".join(f"{t(f'km_ui.effect.{name}')} {getattr(effect, name):+d}" for name in EFFECT_NUMBERS if getattr(effect, name))


# -- who goes first -----------------------------------------------------------------


async def choose_first(screen: MatHost) -> None:
    state = screen.state
    winner = state.roll_winner
    if winner is None:
        return
    title = t("km_ui.dialog.first_setup" if state.stage == "setup" else "km_ui.dialog.first_turn", side=state.sides[winner], total=state.last_roll.total if state.last_roll else 0)
    if state.stage != "setup":
        side = await ask(screen, ChoiceDialog(title, [Choice(side, state.sides[side], entry="") for side in state.fighting], highlight=winner))
        if side is not None:
            record(screen, ev.FirstSide(side=side))
        return
    # At setup a side may lie in ambush instead (every army concealed: the GM's word).
    options: list[Choice] = [Choice(("side", side), state.sides[side], entry="side") for side in state.fighting]
    for side in state.fighting:
        roller, offense = ambush_offense(state, side)
        note = t("km_ui.dialog.ambush_note", name=roller.name, offense=offense, count=len(targets(state, side)))
        options.append(Choice(("ambush", side), t("km_ui.dialog.ambush", side=state.sides[side]), note, ambush_refusal(state, side), entry="ambush"))
    picked = await ask(screen, ChoiceDialog(title, options, t("km_ui.dialog.first_setup_help"), highlight=("side", winner), menu=SETUP_FIRST_MENU))
    if not isinstance(picked, tuple):
        return
    kind, side = picked
    if kind == "side":
        record(screen, ev.FirstSide(side=side))
        return
    typed = await table_faces(screen, [km_ask(state, army.key, t("km_ui.table.ambush", count=len(targets(state, side))), len(targets(state, side))) if (army := next((a for a in state.armies if a.side == side), None)) else None])
    if typed is None:
        return
    faces = typed[0]
    if shell(screen).act(lambda b: km_battle(b).ambush(side, faces)) and screen.state.first is None:
        await choose_first(screen)  # it caught nobody: the roll's winner chooses as usual


def km_ask(state: KMState, key: str, what: str, count: int = 1) -> Ask:
    """One army's d20s rolled at the table (``shell.table_dice``)."""
    army = state.army(key)
    return die_ask(army.side, ask_label(army.name, what), count, state.rules.attack.die)


async def table_face(screen: MatHost, key: str, what: str) -> int | None | bool:
    """One Morale check's face from the table: the face, None (the app
    rolls: the army's side isn't at the table, or an empty line), or False
    when the GM pressed Esc (nothing is rolled)."""
    typed = await table_faces(screen, [km_ask(screen.state, key, what)])
    if typed is None:
        return False
    return typed[0][0] if typed[0] is not None else None



async def generals_rounds(screen: MatHost) -> tuple[tuple[int, ...], ...] | None:
    """The generals' opposed rolls when a side rolls at the table, round by
    round while the best totals tie: the rounds, none (``()``: the app
    rolls them all), or None when the GM pressed Esc (nothing is rolled)."""
    state = screen.state
    if not state.fighting or not set(state.fighting) & set(at_table(screen)):
        return ()
    battle = km_battle(screen.battle)
    rounds: list[tuple[int, ...]] = []
    for offset in range(50):
        asks = [km_ask(state, general.key, t("km_ui.table.generals")) if (general := state.general(side)) is not None else None for side in state.fighting]
        typed = await table_faces(screen, asks)
        if typed is None:
            return None
        faces, tied = battle.opposed_round(offset, {place: rolled[0] for place, rolled in enumerate(typed) if rolled is not None})
        rounds.append(faces)
        if not tied:
            break
    return tuple(rounds)


async def next_step(screen: MatHost) -> None:
    """Whatever the battle waits for next."""
    state = screen.state
    app = shell(screen)
    if state.stage == "muster":
        rounds = await generals_rounds(screen)
        if rounds is not None and app.act(lambda b: km_battle(b).setup_roll(rounds or None)):
            await choose_first(screen)
        return
    if state.stage == "over":
        app.act(lambda b: km_battle(b).aftermath())
        return
    if state.roll_winner is None and state.stage == "battle":
        rounds = await generals_rounds(screen)
        if rounds is not None and app.act(lambda b: km_battle(b).initiative(rounds or None)):
            await choose_first(screen)
        return
    if state.first is None:
        await choose_first(screen)
        return
    record(screen, ev.EndStep())


def next_refusal(screen: MatHost) -> str | None:
    """Why ``next`` can't go on now (None: it can)."""
    state = screen.state
    if state.stage == "setup" and state.first is not None:
        return t("km_ui.status.placing", side=state.sides[state.side_acting or 0])
    if state.stage == "over" and state.aftermath_done:
        return t("km.rule.battle_over")
    if state.stage == "muster":
        return screen.battle.step_refusal(ev.SetupRoll(counter=state.counter, rounds=((20,) + (1,) * (len(state.fighting) - 1),)))
    if state.stage == "battle" and state.first is not None:
        return screen.battle.step_refusal(ev.EndStep())
    return None


def km_battle(battle: object) -> KingmakerBattle:
    assert isinstance(battle, KingmakerBattle)
    return battle


# -- placing ------------------------------------------------------------------------


async def place(screen: MatHost) -> None:
    state = screen.state
    side = state.side_acting
    if state.stage != "setup" or side is None or state.first is None:
        return
    lang = language()
    x, y = screen.cursor
    waiting = [a for a in state.armies if a.side == side and state.unit(a.key).block is None]
    options = []
    for army in waiting:
        found = state.derived[army.key]
        probe = ev.Place(key=army.key, x=x, y=y, facing="n")
        options.append(Choice(army.key, army.name, t("km_ui.dialog.place_note", size=found.size.name(lang), squares=found.squares), screen.battle.step_refusal(probe) if not _fits_some_way(screen, army.key) else None, entry=""))
    key = await ask(screen, ChoiceDialog(t("km_ui.dialog.place", side=state.sides[side], x=x, y=y), options))
    if key is None:
        return
    enemy_south = any(a.side != side and (b := state.unit(a.key).block) is not None and b.y > y for a in state.armies)
    default = "s" if enemy_south or (not any(state.unit(a.key).block for a in state.armies if a.side != side) and y < state.height // 2) else "n"
    facings = [Choice(f, t(f"km.facing.{f}"), closed=screen.battle.step_refusal(ev.Place(key=key, x=x, y=y, facing=f))) for f in ("n", "e", "s", "w")]
    facing = await ask(screen, ChoiceDialog(t("km_ui.dialog.facing", name=state.army(key).name), facings, highlight=default, menu=FACING_MENU))
    if facing is None:
        return
    formations = state.derived[key].size.formations
    formation = formations[0]
    if len(formations) > 1:
        shapes = [Choice(f, t("km_ui.dialog.formation_option", formation=f, frontage=f.split("x")[0], ranks=f.split("x")[1]),
                         closed=screen.battle.step_refusal(ev.Place(key=key, x=x, y=y, facing=facing, formation=f)), entry="") for f in formations]
        picked = await ask(screen, ChoiceDialog(t("km_ui.dialog.formation", name=state.army(key).name), shapes))
        if picked is None:
            return
        formation = picked
    record(screen, ev.Place(key=key, x=x, y=y, facing=facing, formation=formation))


def _fits_some_way(screen: MatHost, key: str) -> bool:
    state = screen.state
    x, y = screen.cursor
    shapes = state.derived[key].size.formations
    return any(screen.battle.step_refusal(ev.Place(key=key, x=x, y=y, facing=f, formation=s)) is None for f in ("n", "e", "s", "w") for s in shapes)


__all__ = ["choose_first", "conditions", "mat_size", "next_refusal", "next_step", "place", "read_size", "terrain", "tick"]
