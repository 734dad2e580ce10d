"""What the mat screen shows, drawn from the battle: the picture of the
mat, the status line (the stage, the turn and phase, who acts, what comes
next), and the panel (the square under the cursor and the unit on it, the
armies with their hp and standing, the last lines of the story).

Every name is the GM's text and goes into ``Text`` as plain text."""

from __future__ import annotations

from rich.text import Text

from tui.core.i18n import language, t
from tui.core.systems.kingmaker.public import army_item, status_line
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.story import letter, note_text, standing_parts, standing_text
from tui.ui.kingmaker.mat_view import MatPicture, SquareView

ARROWS = {"unicode": {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}, "ascii": {"n": "^", "e": ">", "s": "v", "w": "<"}}

def unit_at(state: KMState, square: tuple[int, int]) -> str | None:
    """The key of the unit standing on ``square`` (on the field), if any."""
    for key, block in state.blocks().items():
        if square in block.squares:
            return key
    return None


def picture(state: KMState, glyphs: str, marked: frozenset[tuple[int, int]] = frozenset()) -> MatPicture:
    squares: dict[tuple[int, int], SquareView] = {}
    for square, key in state.terrain:
        terrain = state.rules.terrain_of(key)
        squares[square] = SquareView(terrain.glyph + " ", key if key in ("rough", "forest", "hill", "water", "wall") else "ground")
    arrows = ARROWS["ascii" if glyphs == "ascii" else "unicode"]
    for army in state.on_field():
        block = state.unit(army.key).block
        assert block is not None
        mark = letter(state, army.key)
        front = block.front_squares
        part = f"side-{army.side % 3}"
        for square in block.squares:
            squares[square] = SquareView(mark + (arrows[block.facing] if square in front else " "), part)
    return MatPicture(state.width, state.height, squares, marked)


def status(state: KMState) -> Text:
    """One or two lines: where the battle stands and what the GM does next."""
    return Text(status_line(state))


def square_lines(state: KMState, square: tuple[int, int]) -> Text:
    """The square under the cursor and the unit on it."""
    lang = language()
    terrain = state.rules.terrain_of(state.terrain_at(square))
    line = "km_ui.panel.square" if terrain.passable else "km_ui.panel.square_impassable"
    text = Text(t(line, x=square[0], y=square[1], terrain=terrain.name(lang), cost=terrain.move_cost), style="bold")
    if terrain.cover:
        text.append(" · " + t("km_ui.panel.cover"))
    if terrain.defense:
        text.append(" · " + t("km_ui.panel.ground_defense", defense=terrain.defense))
    key = unit_at(state, square)
    if key is None:
        return text
    army = state.army(key)
    found = state.derived[key]
    unit = state.unit(key)
    block = unit.block
    assert block is not None
    text.append("\n")
    text.append(f"{letter(state, key)} ", style="bold")
    text.append(army.name, style="bold")
    text.append(f" ({state.sides[army.side]})")
    if army_item(key) in state.hidden:
        text.append(" " + t("secret.mark"), style="italic")
    text.append("\n" + standing_text(state, key))
    ranged = f" · {t('km_ui.panel.ranged', offense=found.ranged_offense.total, range=found.range)}" if found.ranged_offense is not None else ""
    text.append("\n" + t("km_ui.panel.numbers", offense=found.offense.total, defense=found.defense.total, attacks=found.attacks.total, damage=found.max_damage.total) + ranged)
    if state.stage == "battle":
        from tui.core.systems.kingmaker.combat import melee_now
        from tui.core.systems.kingmaker.movement import allowance, retreat_locked

        offense, front, defense = melee_now(state, key)
        if (offense, front, defense) != (found.offense.total, found.offense.total, found.defense.total):
            line = "km_ui.panel.now" if front == offense else "km_ui.panel.now_ranks"
            text.append("\n" + t(line, offense=offense, front=front, defense=defense))

        most = allowance(state, key)
        left = max(0, most - unit.spent)
        text.append("\n" + t("km_ui.panel.moves", facing=t(f"km.facing.{block.facing}"), left=left, speed=most, ranks=block.depth))
        if unit.command:
            text.append(" · " + t(f"km_ui.panel.command_{unit.command}"))
        if unit.standing in ("retreat", "flee"):
            which: str = unit.standing
            if retreat_locked(state, key):
                which = "retreat_failed" if "command" in unit.tried else "retreat_locked"
            text.append("\n" + t(f"km_ui.panel.standing_{which}"), style="italic")
    return text


def legend(state: KMState, glyphs: str) -> Text:
    """Every army: its letter, facing, name, hp and standing, in its side's colour."""
    arrows = ARROWS["ascii" if glyphs == "ascii" else "unicode"]
    text = Text()
    for army in state.armies:
        unit = state.unit(army.key)
        arrow = arrows[unit.block.facing] if unit.block is not None else " "
        style = "dim" if unit.out or unit.block is None else ("bold cyan" if army.side == 0 else "bold red" if army.side == 1 else "bold green")
        if text:
            text.append("\n")
        text.append(f"{letter(state, army.key)}{arrow} ", style=style)
        extra: list[str] = []
        if state.stage in ("battle", "over"):
            # hp before the name: a narrow panel cuts the name, not it
            hp, *extra = standing_parts(state, army.key, tactic=False)
            text.append(hp + " ", style="dim" if unit.out else "bold")
        text.append(army.name)
        if army_item(army.key) in state.hidden:
            text.append(" " + t("secret.mark"), style="italic")
        elif unit.block is None and state.stage == "setup":
            text.append(" · " + t("km_ui.panel.not_placed"), style="dim")
        if extra:
            # damage due and a broken standing take a line of their own under
            # the name, so neither pushes the name off a narrow panel
            text.append("\n   " + " · ".join(extra), style="dim" if unit.out else "bold")
    return text


def story(state: KMState, lines: int, *, skip: int = 0) -> Text:
    """The story's latest lines, newest first, leaving out the ``skip`` newest."""
    text = Text()
    notes = state.notes.latest(lines + skip)
    for note in reversed(notes[: max(0, len(notes) - skip)]):
        if text:
            text.append("\n")
        text.append(note_text(state, note))
    return text


__all__ = ["ARROWS", "legend", "letter", "picture", "square_lines", "status", "story", "unit_at"]
