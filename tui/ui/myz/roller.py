"""The Battle Pool roller: two pools side by side, rolled, pushed, settled.

| Key | Action |
| :- | :- |
| b s g | add a Battle, Strategy or Support die to the selected side |
| B S G | take one away |
| e | type the selected side's pool (``5b2s1g``) |
| tab, ←, → | select the other side |
| n | rename the selected side |
| i | give the other side the initiative |
| r | roll both pools (after a settled roll: the next roll) |
| t | type the faces real dice showed: the roll, or the push of the side to act |
| p | push for the side to act (pays a Strategy die) |
| enter | settle for the side to act |
| c | clear the settled roll |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from tui.ui.shell.battle_screen import BattleScreen
from textual.widgets import Header

from tui.core.systems.myz.after_battle import retreat_holds_back
from tui.core.systems.myz.battle import Battle
from textual.content import Content

from tui.core.dice.year_zero import KINDS, DieKind
from tui.core.i18n import language, t
from tui.core.dice.odds import opposed, p_at_least_one, push_now
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.myz.widgets.pool_panel import PoolPanel, SideView
from tui.ui.myz.widgets.result_bar import ResultBar, ResultView
from tui.ui.myz.dialogs import FacesDialog, PoolDialog
from tui.ui.shell.dialogs import TextDialog

# Actions the battle itself can refuse (Battle.refusal knows why).
_BATTLE_ACTIONS = {"roll", "push", "settle", "new_roll", "undo", "redo"}
_EDIT_ACTIONS = {"add", "remove", "type_pool", "swap_first"}


class RollerScreen(BattleScreen[Battle]):
    """The Battle Pool roller (see the module docstring for its keys)."""

    BINDINGS = [
        Binding("r", "roll", "key.roll", id="roller.roll"),
        Binding("p", "push", "key.push", id="roller.push"),
        Binding("enter", "settle", "key.settle", id="roller.settle"),
        Binding("e", "type_pool", "key.type_pool", id="roller.type_pool"),
        Binding("t", "type_dice", "key.type_dice", show=False, id="roller.type_dice"),
        Binding("u,ctrl+z", "undo", "key.undo", id="roller.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="roller.redo"),
        Binding("b", "add('base')", "key.add_base", show=False, id="roller.add_base"),
        Binding("s", "add('skill')", "key.add_skill", show=False, id="roller.add_skill"),
        Binding("g", "add('gear')", "key.add_gear", show=False, id="roller.add_gear"),
        Binding("B", "remove('base')", "key.remove_base", show=False, id="roller.remove_base"),
        Binding("S", "remove('skill')", "key.remove_skill", show=False, id="roller.remove_skill"),
        Binding("G", "remove('gear')", "key.remove_gear", show=False, id="roller.remove_gear"),
        Binding("tab,left,right", "switch_side", "key.switch_side", show=False, id="roller.switch_side"),
        Binding("n", "rename", "key.rename", show=False, id="roller.rename"),
        Binding("i", "swap_first", "key.swap_first", show=False, id="roller.swap_first"),
        Binding("c", "new_roll", "key.new_roll", show=False, id="roller.new_roll"),
        Binding("w", "app.mode('wave')", "key.to_wave", id="roller.wave"),
    ]

    DEFAULT_CSS = """
    RollerScreen {
        layout: vertical;
        & > #sides { height: 1fr; }
    }
    """


    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="sides"):
            yield PoolPanel(id="side-0")
            yield PoolPanel(id="side-1")
        yield ResultBar()
        yield KeyFooter()


    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        self.sub_title = t("roller.title")
        state = self.battle.state
        glyphs = self.shell.glyphs
        rules = self.battle.rules
        for index in (0, 1):
            side = state.sides[index]
            decision = None
            other = state.sides[1 - index].roll
            against = other.successes if other else 0
            if state.turn == index and side.roll is not None:
                decision = push_now(side.roll, against)
            view = SideView(
                side=side,
                index=index,
                selected=index == self.selected,
                first=index == state.first,
                to_act=state.turn == index,
                settled=state.is_settled(index),
                can_push=side.roll.can_push if side.roll else side.pool.skill >= rules.strategy_dice_per_push,
                decision=decision,
                against=against,
                other_may_push=state.sides[1 - index].name if decision is not None and not state.is_settled(1 - index) else "",
                chance_one=p_at_least_one(side.pool, 0, rules) if side.pool.total else None,
                glyphs=glyphs,
                language=language(),
            )
            self.query_one(f"#side-{index}", PoolPanel).view = view
        odds = None
        if not state.rolled and any(s.pool.total for s in state.sides):
            odds = opposed(state.sides[0].pool, state.sides[1].pool, 0, 0, rules)
        self.query_one(ResultBar).view = ResultView(state=state, opposed=odds, glyphs=glyphs, language=language(), in_wave=not self.battle.game.free_rolls, held_back=retreat_holds_back(self.battle.game))
        self.refresh_bindings()

    # -- what applies now ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.read_only and (action in _BATTLE_ACTIONS or action in _EDIT_ACTIONS or action == "rename"):
            return None
        if action in _BATTLE_ACTIONS:
            return None if self.battle.refusal(action) else True
        if action == "type_dice":
            return True if self.battle.refusal("roll") is None or self.battle.refusal("push") is None else None
        if action in _EDIT_ACTIONS:
            if self.battle.state.in_progress or self.battle.refusal("set_pool"):
                return None
            if action == "remove":
                return True if self.battle.state.sides[self.selected].pool.count(DieKind(str(parameters[0]))) else None
        return True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        # r, p, enter, c, u pressed when they don't apply: the battle says why.
        if action in _BATTLE_ACTIONS and not self.read_only:
            return self.battle.refusal(action)
        if action == "type_dice":
            return self.battle.refusal("push") or self.battle.refusal("roll")
        if action in _EDIT_ACTIONS and not self.read_only:
            # the pool is fixed once rolled; the core says what stops it otherwise
            return t("roller.pool_rolled") if self.battle.state.in_progress or self.battle.state.rolled else self.battle.refusal("set_pool")
        return None

    # -- actions -------------------------------------------------------------

    def _act(self, change: Callable[[Battle], object]) -> None:
        self.shell.act(change)

    def action_roll(self) -> None:
        self._act(lambda b: b.roll())

    def action_push(self) -> None:
        self._act(lambda b: b.push())

    def action_settle(self) -> None:
        self._act(lambda b: b.settle())

    def action_type_dice(self) -> None:
        """A roll (or the push of the side to act) made with real dice: each
        face typed in, checked against the pool before it is recorded."""
        battle = self.battle
        sides = battle.rules.sides
        if battle.refusal("roll") is None:
            self.shell.run_flow(self, self._type_roll(sides), "roller-faces")
        elif battle.refusal("push") is None:
            side = battle.state.turn
            assert side is not None  # a push is open only to the side to act
            title = Content.assemble(t("dialog.faces_push_title") + " ", Content(battle.state.sides[side].name))

            def pushed(faces) -> None:
                if faces is not None:
                    self._act(lambda b: b.push_typed(faces))

            self.app.push_screen(FacesDialog(title, battle.push_counts(), sides), pushed)

    _kept: tuple[object, list[Faces | str | None]] | None = None
    """Faces typed for one side of a roll whose other side was left with
    Esc, and the roll they belong to: ``t`` asks only for the rest."""

    async def _type_roll(self, sides: int) -> None:
        """Each side types the faces its real dice showed, or leaves the line
        empty and the app rolls its dice; Esc on one side keeps the other's."""
        battle = self.battle
        state = battle.state
        belongs = (battle.history.cursor, tuple(side.pool.notation() for side in state.sides))
        if self._kept is None or self._kept[0] != belongs:
            self._kept = (belongs, [None, None])
        chosen = self._kept[1]
        for index, side in enumerate(state.sides):
            if chosen[index] is not None:
                continue
            counts = {kind: side.pool.count(kind) for kind in KINDS}
            if not side.pool.total:
                chosen[index] = {kind: () for kind in KINDS}
                continue
            title = Content.assemble(t("dialog.faces_roll_title") + " ", Content(side.name))
            kept = [t("dialog.faces_kept_help", name=state.sides[i].name, faces=_faces_text(c)) for i, c in enumerate(chosen) if isinstance(c, dict) and state.sides[i].pool.total]
            faces = await self.app.push_screen_wait(FacesDialog(title, counts, sides, app_rolls=side.name, kept=" ".join(kept)))
            if faces is None:
                for i, c in enumerate(chosen):
                    if isinstance(c, dict) and state.sides[i].pool.total:
                        self.notify(t("dialog.faces_kept", name=state.sides[i].name, faces=_faces_text(c)), markup=False)
                return
            chosen[index] = faces
        self._kept = None
        typed = tuple(c if isinstance(c, dict) else None for c in chosen)
        self._act(lambda b: b.roll_sides((typed[0], typed[1])))

    def action_new_roll(self) -> None:
        self._act(lambda b: b.new_roll())

    def action_add(self, kind: str) -> None:
        self._change_count(DieKind(kind), +1)

    def action_remove(self, kind: str) -> None:
        self._change_count(DieKind(kind), -1)

    def _change_count(self, kind: DieKind, step: int) -> None:
        side = self.selected
        pool = self.battle.state.sides[side].pool
        new_count = pool.count(kind) + step
        if new_count < 0:
            return
        self._act(lambda b: b.set_pool(side, pool.with_count(kind, new_count)))

    def action_swap_first(self) -> None:
        self._act(lambda b: b.set_first(1 - b.state.first))

    def action_type_pool(self) -> None:
        side = self.selected
        current = self.battle.state.sides[side]

        def done(pool) -> None:
            if pool is not None:
                self._act(lambda b: b.set_pool(side, pool))

        self.app.push_screen(PoolDialog(current.name, current.pool, self.battle.rules.max_pool_dice), done)

    def action_rename(self) -> None:
        side = self.selected
        current = self.battle.state.sides[side]

        def done(name: str | None) -> None:
            if name is not None and name != current.name:
                self._act(lambda b: b.rename(side, name))

        self.app.push_screen(TextDialog(t("dialog.name_title"), current.name, t("dialog.name_help")), done)


Faces = dict[DieKind, tuple[int, ...]]


def _faces_text(faces: Faces) -> str:
    """Faces as they are typed: Battle, then Strategy, then Support dice."""
    return " / ".join(" ".join(map(str, faces[kind])) for kind in KINDS if faces.get(kind))
