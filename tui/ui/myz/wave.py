"""The wave screen: the battle from muster to the last wave, one step at a
time. It shows both factions and the step the battle waits for; enter
takes that step (each opens the dialogs it needs, see ``wave_flows``).

| Key | Action |
| :- | :- |
| enter | take the next step |
| r | go to the Battle Pool roller (Battle phase) |
| c | special circumstances for the selected side (±3 Strategy dice) |
| g | the GM's final say: the selected side's Battle Level, fighters, units, CONFUSED |
| tab, ←, → | select the other side |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from tui.core.systems.myz.battle import Battle
from tui.ui.widgets.show import show
from tui.ui.shell.battle_screen import BattleScreen
from textual.widgets import Header, Static

from tui.core.i18n import language, t
from tui.core.systems.myz.state import PHASES
from tui.core.systems.myz.after_battle import ending_lines
from tui.core.systems.myz.steps import next_step
from tui.ui.myz.widgets.force_card import ForceCard, ForceView
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.myz import wave_flows, wave_gm, wave_text
from tui.ui.shell.dialogs import NumberDialog


class WaveScreen(BattleScreen[Battle]):
    """Leads the GM through the battle (see the module docstring for keys)."""

    BINDINGS = [
        Binding("enter", "step", "key.step", id="wave.step"),
        Binding("r", "roller", "key.to_roller", id="wave.roller"),
        Binding("s", "app.mode('summary')", "key.to_summary", id="wave.summary"),
        Binding("a", "app.mode('army')", "key.to_army", id="wave.army"),
        Binding("c", "circumstances", "key.circumstances", show=False, id="wave.circumstances"),
        Binding("g", "gm_adjust", "key.gm_adjust", show=False, id="wave.gm_adjust"),
        Binding("tab,left,right", "switch_side", "key.switch_side", show=False, id="wave.switch_side"),
        Binding("u,ctrl+z", "undo", "key.undo", id="wave.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="wave.redo"),
    ]

    DEFAULT_CSS = """
    WaveScreen {
        layout: vertical;
        & #track { height: 1; padding: 0 1; background: $boost; }
        & #forces { height: auto; }
        & #step-box { height: 1fr; border: round $accent; padding: 0 1; }
        &:ansi #track { background: ansi_default; }
        &:ansi #step-box { border: round ansi_cyan; }
    }
    """


    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="track")
        with Horizontal(id="forces"):
            yield ForceCard(id="force-0")
            yield ForceCard(id="force-1")
        with VerticalScroll(id="step-box"):
            yield Static(id="step")
        yield KeyFooter()


    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object) -> None:
        game = self.battle.game
        self.sub_title = t("wave.title")
        step = next_step(game)
        glyphs = self.shell.glyphs
        for side in (0, 1):
            card = self.query_one(f"#force-{side}", ForceCard)
            card.view = ForceView(game, side, glyphs, language(), to_act=step.side == side)
            # c and g act on this side (Tab picks the other): it shows.
            card.set_class(side == self.selected, "selected")
            card.border_subtitle = t("wave.card.selected") if side == self.selected else ""
        show(self.query_one("#track", Static), self._track())
        show(self.query_one("#step", Static), self._step_text())
        self.refresh_bindings()

    def _track(self) -> Text:
        game = self.battle.game
        text = Text()
        if game.stage != "wave" or game.wave is None:
            text.append(t(f"wave.stage.{game.stage}"), style="bold")
            if game.stage == "over" and (game.wave is not None or game.reports):
                waves = game.wave.number if game.wave is not None else len(game.reports)  # truces and Null Battles count too
                text.append("  " + t("wave.after_waves", count=waves), style="dim")
            return text
        text.append(t("wave.number", number=game.wave.number) + "  ", style="bold")
        current = game.wave.phase
        reached = PHASES.index(current) if current in PHASES else len(PHASES)
        for index, phase in enumerate(PHASES):
            style = "bold reverse" if phase == current else ("" if index < reached else "dim")
            text.append(f" {index + 1} {t(f'myz.phase.{phase}')} ", style=style)
        if current not in PHASES:
            text.append(" " + t(f"myz.phase.{current}"), style="bold reverse")
        return text

    def _step_text(self) -> Text | Group:
        game = self.battle.game
        step = next_step(game)
        text = Text()
        name = game.names[step.side] if step.side is not None else ""
        text.append(t(f"wave.step.{step.kind}", name=name), style="bold")
        text.append("\n")
        hint = t(f"wave.hint.{step.kind}", name=name)
        text.append(hint + "\n", style="dim")
        if step.kind in ("ambush", "initiative") or (game.wave is not None and game.wave.number == 1 and step.kind == "risk"):
            text.append("\n")
            text.append(wave_text.before_battle_text(game, self.shell.glyphs))
        if step.kind in ("next_wave", "successor", "over") and game.reports:
            text.append(wave_text.result_text(game))
        if step.kind == "over":
            for line in ending_lines(game, game.names):
                text.append("• " + line + "\n")
        if step.kind == "strategy" and game.wave is not None and any(c is not None for c in game.wave.chosen):
            text.append(t("wave.secret_note") + "\n", style="italic")
        if game.wave is not None and game.wave.battle is not None and step.kind in ("support", "end"):
            text.append("\n")
            text.append(wave_text.battle_roll_text(game, self.shell.glyphs))
            return text
        if game.wave is not None and game.wave.pools is not None and step.kind == "battle":
            # Both pools side by side, one line per source: where each die comes from.
            table = Table.grid(expand=True, padding=(0, 2))
            table.add_column(ratio=1)
            table.add_column(ratio=1)
            glyphs = self.shell.glyphs
            table.add_row(*(wave_text.pool_lines(game, side, glyphs) for side in game.order))
            return Group(text, table)
        return text

    # -- what applies now ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        read_only = self.read_only
        game = self.battle.game
        if action == "step":
            return None if read_only or next_step(game).kind == "over" else True
        if action == "undo":
            return None if read_only or not self.battle.can_undo else True
        if action == "redo":
            return None if read_only or not self.battle.can_redo else True
        if action == "app.mode" or action == "mode":
            return True if parameters and parameters[0] in self.app.MODES else None
        if action == "roller":
            # also to look at the wave's settled Battle roll (as F5 does)
            return True if game.in_battle_phase or game.free_rolls or (game.wave is not None and game.wave.battle is not None) else None
        if action == "gm_adjust":
            return None if read_only or game.forces is None or game.stage == "muster" else True
        if action == "circumstances":
            # Live through the whole wave: pressed when it no longer applies, c says why.
            return None if read_only or game.stage != "wave" or game.wave is None else True
        return True

    def _circumstances_refusal(self) -> str | None:
        game = self.battle.game
        if game.wave is None or game.wave.phase not in ("risk", "strategy", "action", "battle"):
            return t("wave.dialog.circumstances_phase")
        if game.roller.rolled:
            return t("wave.dialog.circumstances_rolled")
        return None

    # -- actions -------------------------------------------------------------

    def action_step(self) -> None:
        self.shell.run_flow(self, wave_flows.take_step(self), "wave-step")

    def action_roller(self) -> None:
        self.shell.action_mode("roller")


    def action_gm_adjust(self) -> None:
        side = self.selected

        async def flow() -> None:
            event = await wave_gm.adjust(self, side)
            if event is not None:
                self.shell.act(lambda b: b.record(event))

        self.shell.run_flow(self, flow(), "wave-step")

    def action_circumstances(self) -> None:
        from tui.core.systems.myz.events import SetCircumstances

        refusal = self._circumstances_refusal()
        if refusal is not None:
            self.shell.refuse(refusal, severity="information", bell=False)
            return
        side = self.selected
        game = self.battle.game
        limits = game.rules.circumstances
        current = game.forces[side].circumstances if game.forces else 0

        def done(value: int | None) -> None:
            if value is not None:
                self.shell.act(lambda b: b.record(SetCircumstances(side=side, value=value)))

        title = t("wave.dialog.circumstances", name=game.names[side])
        self.app.push_screen(NumberDialog(title, current, limits.least, limits.most, t("wave.dialog.circumstances_help")), done)


__all__ = ["WaveScreen"]
