"""One faction's card on the wave screen: its numbers, conditions, and what
it did in this wave so far. A strategy chosen in secret shows only as
"chosen" until both sides have chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import t
from tui.core.systems.myz.army import Army
from tui.core.systems.myz.forces import project_support_dice
from tui.core.systems.myz.state import MyzState
from tui.ui.glyphs import Glyphs, letters_shown


@dataclass(frozen=True)
class ForceView:
    state: MyzState
    side: int
    glyphs: Glyphs
    language: str
    to_act: bool = False


def _signed(value: int) -> str:
    return f"{value:+d}"


def force_text(view: ForceView) -> Text:
    state, side, g, lang = view.state, view.side, view.glyphs, view.language
    rules = state.rules
    text = Text()
    marker = g.turn + " " if view.to_act else ""
    text.append(marker, style="bold")
    text.append(state.names[side], style="bold")
    force = state.forces[side] if state.forces is not None else None
    army: Army = force.army if force is not None else state.armies[side]
    tags = [t("wave.card.gm") if army.played_by == "gm" else t("wave.card.players")]
    if state.stage not in ("muster", "reconnaissance", "ambush", "initiative") and state.first == side:
        tags.insert(0, t("wave.card.first"))
    text.append(" · " + " · ".join(tags) + "\n", style="dim")
    # After a succession the force's leader is the next in command, not the
    # army's first leader (who is broken, or captured).
    leader = army.leader if force is None else (army.people[force.leader] if force.leader is not None and force.leader < len(army.people) else None)
    text.append(leader.name if leader else t("wave.card.no_leader"))
    if force is None:
        level = army.battle_level if army.battle_level is not None else army.fighters // rules.battle_level.fighters_per_level
        text.append(" · " + t("wave.card.level", level=level, fighters=army.fighters) + "\n")
    else:
        text.append(" · " + t("wave.card.level", level=force.battle_level, fighters=force.fighters) + "\n")
        units = [f"{rules.special_class(k).name(lang)} {n}" for k, n in force.units.items() if n]
        extras = []
        if force.ambush_die:
            extras.append(t("myz.source.ambush"))
        if force.fortification_dice:
            extras.append(f"{t('myz.source.fortification')} {force.fortification_dice}")
        # an Ark project that gives Support dice is one of the ⚙ too (Arsenal)
        extras += [rules.ark_project(k).name(lang) for k in dict.fromkeys(project_support_dice(force, rules))]
        conditions = [t(f"myz.condition.{c}") for c in ("confused", "routed", "escaped", "surrendered", "leader_captured") if getattr(force, c)]
        if units or extras:
            text.append(g.kind[DieKind.GEAR] + " " + ", ".join(units + extras), style="dim")
            text.append("  " if conditions else "\n")
        if conditions:
            text.append(" · ".join(conditions) + "\n", style="bold red")
        hurt = [f"{p.name} {force.damage[i]}/{p.strength}" + (" " + t("wave.card.broken") if force.broken[i] else "") for i, p in enumerate(army.people) if p.pc and force.damage[i]]
        if hurt:
            text.append(t("wave.card.damage") + " " + ", ".join(hurt) + "\n", style="dim")
    wave = state.wave
    if wave is not None and state.stage == "wave":
        risks = wave.risks[side]
        if risks is not None:
            # Through the whole wave: Risk counts in the skill rolls and again in the
            # End phase's Retaliation (it vanished after the Action phase, found in play).
            # the broken roll nothing this wave: their Risk is beside the point
            broken = force.broken if force is not None else ()
            shown = [f"{p.name} {_signed(r)}" for i, (p, r) in enumerate(zip(army.people, risks)) if not (i < len(broken) and broken[i])]
            if shown:
                text.append(t("wave.card.risk") + " " + ", ".join(shown) + "\n")
        chosen = wave.chosen[side]
        if chosen is not None:
            if wave.resolution is None:
                text.append(t("wave.card.strategy") + " ", style="")
                text.append(t("wave.card.hidden") + "\n", style="italic")
            else:
                final = wave.resolution.final[side]
                name = rules.strategy(final).name(lang)
                if final != chosen:
                    name = f"{rules.strategy(chosen).name(lang)} → {name}"
                text.append(t("wave.card.strategy") + " " + name + "\n", style="bold")
        action = wave.actions[side]
        if action is not None:
            text.append(t("wave.card.action") + " " + action_text(action, army, state, g) + "\n")
        if wave.pools is not None and wave.phase not in ("battle", "support", "end"):
            text.append(t("wave.card.pool") + " " + pool_glyphs(wave.pools[side].pool, g) + "\n")
        record = wave.support[side]
        if record is not None:
            if record.skipped:
                text.append(t(record.skipped) + "\n", style="dim")
            else:
                text.append(t("wave.card.support", repaired=record.repaired, mended=record.mended))
                if record.rallied is not None:
                    text.append(" · " + t("wave.card.rallied" if record.rallied else "wave.card.rally_failed"))
                text.append("\n")
    return text


def pool_glyphs(pool, g: Glyphs) -> str:
    parts = [g.kind[kind] * pool.count(kind) for kind in (DieKind.BASE, DieKind.SKILL, DieKind.GEAR) if pool.count(kind)]
    if not parts:
        return pool.notation()
    return " ".join(parts) + (f"  ({pool.notation()})" if letters_shown() else "")


def action_text(action, army: Army, state: MyzState, g: Glyphs) -> str:
    effect = action.effect
    if action.action == "none":
        return t("wave.action.none")
    if action.action == "grant":
        return t("wave.action.granted", dice=effect.strategy_dice)
    who = ""
    if action.result is not None and action.result.check.person is not None:
        who = army.people[action.result.check.person].name + ": "
    successes = action.result.successes if action.result is not None else 0
    if action.action == "remarkable":
        return who + t("wave.action.remarkable_done", successes=successes, dice=effect.strategy_dice, success=g.success)
    effects = [t(key, count=count) for key, count in (("wave.action.commando_strategy", effect.removes_strategy), ("wave.action.commando_support", effect.destroys_support)) if count]
    return who + t("wave.action.commando_done", successes=successes, success=g.success, effects=", ".join(effects) or t("wave.action.commando_nothing"))


class ForceCard(Static):
    """Shows a ``ForceView``; set ``view`` to redraw."""

    DEFAULT_CSS = """
    ForceCard {
        width: 1fr;
        height: auto;
        min-height: 4;
        border: round $panel;
        padding: 0 1;
        &.to-act { border: round $accent; }
        &.selected { border: heavy $panel; }
        &.selected.to-act { border: heavy $accent; }
        &:ansi { border: round ansi_bright_black; }
        &:ansi.to-act { border: round ansi_cyan; }
        &:ansi.selected { border: heavy ansi_bright_black; }
        &:ansi.selected.to-act { border: heavy ansi_cyan; }
    }
    """

    view: reactive[ForceView | None] = reactive(None, layout=True)
    """What to draw; None draws nothing."""

    def watch_view(self, view: ForceView | None) -> None:
        if view is None:
            self.update("")
            return
        self.set_class(view.to_act, "to-act")
        text = force_text(view)
        text.rstrip()
        self.update(text)


__all__ = ["ForceCard", "ForceView", "action_text", "force_text", "pool_glyphs"]
