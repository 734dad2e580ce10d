"""A Kingmaker battle in words without a terminal: the status line, the
last roll with its chances; and what the players may see of it.

The text keeps no secret of its own, so the GM marks an army hidden
(``army:<key>``): an ambush in the woods, a reserve behind the hill. The
GM's mat shows it with a mark; the projection leaves it off the mat and
the legend, and every line of the story about it, renamed or removed
since, then drops every line that still names it or its commander
(``secrets.redact``).
"""

from __future__ import annotations

from fractions import Fraction

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import language, t
from tui.core.dice.odds import percent
from tui.core.panel import LOG_TAIL, Chance, Mat, Panel, RollPanel, SidePanel
from tui.core.secrets import Hide, marked, redact
from tui.core.systems.kingmaker.state import KMState, army_item
from tui.core.systems.kingmaker.story import LETTERS, SOLID_ARROWS, mat_lines, note_text, standing_text


def item_name(state: KMState, item: str) -> str:
    kind, _, key = item.partition(":")
    if kind == "army" and any(a.key == key for a in state.armies):
        return state.army(key).name
    raise RuleViolation(t("secret.rule.no_such", item=item))


def hide(state: KMState, event: Hide) -> KMState:
    what = item_name(state, event.item)
    hidden = marked(state.hidden, event, what)
    return replace(state, hidden=hidden).with_note("secret.note.hidden" if event.hidden else "secret.note.shown", (event.item,), what=what)


def hidden_armies(state: KMState) -> frozenset[str]:
    return frozenset(item.partition(":")[2] for item in state.hidden if item.startswith("army:"))


def status_line(state: KMState, *, public: bool = False) -> str:
    """Where the battle stands and who acts; ``public``: for the players,
    without the GM's keys."""
    if public:
        return _public_status(state)
    if state.stage == "muster":
        return t("km_ui.status.muster", armies=len(state.armies))
    if state.stage == "setup":
        if state.first is None:
            return t("km_ui.status.choose_first", side=state.sides[state.roll_winner or 0])
        side = state.side_acting
        return t("km_ui.status.placing", side=state.sides[side if side is not None else 0])
    if state.stage == "over":
        winner = state.sides[state.winner] if state.winner is not None else t("km_ui.status.nobody")
        key = "km_ui.status.over_done" if state.aftermath_done else "km_ui.status.over"
        return t(key, side=winner)
    if state.roll_winner is None:
        return t("km_ui.status.initiative", turn=state.turn)
    if state.first is None:
        return t("km_ui.status.choose_order", turn=state.turn, side=state.sides[state.roll_winner])
    side = state.side_acting
    return t("km_ui.status.phase", turn=state.turn, phase=t(f"km.phase.{state.phase}"), side=state.sides[side if side is not None else 0])


def _public_status(state: KMState) -> str:
    if state.stage == "muster":
        return t("view.km.status.muster")
    if state.stage == "setup":
        return t("view.km.status.setup")
    if state.stage == "over":
        return t("view.km.status.over", side=state.sides[state.winner] if state.winner is not None else t("km_ui.status.nobody"))
    side = state.side_acting
    if state.roll_winner is None or state.first is None or side is None:
        return t("view.km.status.initiative", turn=state.turn)
    return t("view.km.status.phase", turn=state.turn, phase=t(f"km.phase.{state.phase}"), side=state.sides[side])


def _roller(state: KMState, key: str) -> str:
    if key.isdigit() and int(key) < len(state.sides):
        return state.sides[int(key)]
    try:
        return state.army(key).name
    except RuleViolation:
        return key


def last_roll(state: KMState) -> RollPanel | None:
    """The last roll: who rolled what, the d20s, the total against its mark,
    and the chance of making the mark that each d20 had."""
    roll = state.last_roll
    if roll is None:
        return None
    what = t(f"view.km.what.{roll.what}")
    title = t("view.km.roll_title", who=_roller(state, roll.key), what=what)
    faces = " ".join(str(f) for f in roll.faces)
    # An attack's total is the Offense added to each die; a check's, the one die's result.
    attack = roll.what.startswith("attack_")
    bonus = roll.total if attack else roll.total - (roll.faces[0] if roll.faces else 0)
    if not roll.against:
        lines = [t("view.km.roll_best", faces=faces, total=roll.total)]
    elif attack:
        lines = [t("view.km.roll_attack", faces=faces, bonus=f"{bonus:+d}", against=roll.against)]
    else:
        lines = [t("view.km.roll_line", faces=faces, bonus=f"{bonus:+d}", total=roll.total, against=roll.against)]
    odds = ""
    chances: tuple[Chance, ...] = ()
    die = state.rules.attack.die
    if roll.faces and roll.against:
        needed = roll.against - bonus
        chance = Fraction(max(0, min(die, die - needed + 1)), die)
        odds = t("view.km.odds" if attack else "view.km.odds_one", chance=percent(chance), bonus=f"{bonus:+d}", against=roll.against)
        chances = (Chance(label=t("view.km.chance.makes"), value=float(chance)), Chance(label=t("view.km.chance.misses"), value=float(1 - chance)))
    return RollPanel(title=title, lines=tuple(lines), odds=odds, chances=chances)


def panel(state: KMState, system_name: str) -> Panel:
    hidden = hidden_armies(state)
    shown = [a for a in state.armies if a.key not in hidden]
    # Lettered among the armies the players see: a gap (no A) would say one is hidden.
    letters = {a.key: LETTERS[i % len(LETTERS)] for i, a in enumerate(shown)}
    board = None
    if state.stage != "muster":
        legend = tuple(f"{letters[a.key]} {a.name}" for a in shown)
        kinds = dict.fromkeys(key for _, key in state.terrain)
        key = tuple(f"{(terrain := state.rules.terrain_of(kind)).glyph} {terrain.name(language())}" for kind in kinds)
        board = Mat(lines=tuple(mat_lines(state, hidden, letters, SOLID_ARROWS)), legend=legend, key=key)
    sides = []
    for index, name in enumerate(state.sides):
        lines = []
        for army in (a for a in shown if a.side == index):
            words = f"{letters[army.key]} {army.name}"
            if state.stage in ("battle", "over"):
                words += " · " + standing_text(state, army.key)
            elif state.unit(army.key).block is None and state.stage == "setup":
                words += " · " + t("km_ui.panel.not_placed")
            lines.append(words)
        sides.append(SidePanel(name=name, lines=tuple(lines)))
    roll = last_roll(state)
    log = tuple(note_text(state, note) for note in state.notes.latest(LOG_TAIL * 4, leave_out=frozenset(state.hidden)))
    whole = Panel(system_name=system_name, headline=status_line(state, public=True), sides=tuple(sides), board=board, rolls=(roll,) if roll else (), log=log)
    named = [(a.name, a.commander.name) for a in state.armies if a.key in hidden]
    return redact(whole, [name for names in named for name in names if name])


__all__ = ["army_item", "hidden_armies", "hide", "item_name", "last_roll", "panel", "status_line"]
