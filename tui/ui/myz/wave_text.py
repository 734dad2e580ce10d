"""What the wave screen's step box says: each side's Battle Pool by source
before the roll, the Battle roll's result while dice are repaired and
mended, and the last wave's outcome between waves."""

from __future__ import annotations

from rich.text import Text

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import language, t
from tui.core.systems.myz.after_battle import retreat_holds_back
from tui.core.systems.myz.wave_end import remaining_damage
from tui.core.systems.myz.pool import source_label
from tui.core.systems.myz.state import MyzState
from tui.ui.glyphs import Glyphs


def pool_lines(game: MyzState, side: int, g: Glyphs) -> Text:
    """A side's Battle Pool, one line per source: where each die comes from."""
    from tui.ui.myz.widgets.force_card import pool_glyphs

    assert game.wave is not None and game.wave.pools is not None  # shown only once the pools are counted
    breakdown = game.wave.pools[side]
    text = Text()
    text.append(f"{game.names[side]}: ", style="bold")
    text.append(pool_glyphs(breakdown.pool, g) + "\n")
    for line in breakdown.lines:
        dice = "".join(
            (g.kind[kind] * abs(count)) if count > 0 else ("−" + g.kind[kind] * abs(count) if count < 0 else "")
            for kind, count in ((DieKind.BASE, line.base), (DieKind.SKILL, line.skill), (DieKind.GEAR, line.gear))
        )
        text.append(f"{dice or '±0':<6} ", style="bold")
        text.append(source_label(line, game.rules, language()) + "\n")
    return text


def result_text(game: MyzState) -> Text:
    """The last wave in three lines: who won, what it cost, what changed."""
    report = game.reports[-1]
    rules = game.rules
    lang = language()
    outcome = report.outcome
    row = rules.margin_row(outcome.margin)
    text = Text()
    if outcome.winner is not None:
        text.append(t("wave.result.win", wave=report.wave, name=game.names[outcome.winner], margin=outcome.margin, result=row.name(lang)) + "\n", style="bold")
    else:
        text.append(t("wave.result.no_winner", wave=report.wave, result=row.name(lang)) + "\n", style="bold")
    lost = ", ".join(f"{game.names[c.side]} {c.total}" for c in report.casualties)
    text.append(t("wave.result.lost", lost=lost) + "\n")
    for side in (0, 1):
        gained = [t(f"myz.condition.{c}") for c in report.conditions[side]]
        if gained:
            text.append(f"{game.names[side]}: " + ", ".join(gained) + "\n", style="bold red")
    text.append(t("wave.result.more") + "\n", style="dim")
    return text


def battle_roll_text(game: MyzState, g: Glyphs) -> Text:
    """The wave's Battle roll: who won, each side's ☢ and banes, and the
    damage still showing (what the engineer and medic can restore)."""
    wave = game.wave
    assert wave is not None and wave.battle is not None
    roll = wave.battle
    text = Text()
    winner = roll.winner
    held_back = retreat_holds_back(game)
    if held_back is not None:
        text.append(t("summary.result.cannot_win", name=game.names[held_back], success=g.success) + "\n", style="bold")
    elif winner is None:
        text.append(t("wave.roll_result.tie", count=roll.successes[0], success=g.success) + "\n", style="bold")
    else:
        text.append(t("wave.roll_result.win", name=game.names[winner], margin=roll.margin, success=g.success) + "\n", style="bold")
    for side in game.order:
        banes, gear = remaining_damage(wave, side)
        text.append(f"{game.names[side]}: ", style="bold")
        gear_bane = g.kind[DieKind.GEAR] + g.gear_bane
        text.append(t("wave.roll_result.side", successes=roll.successes[side], banes=roll.banes[side], gear_banes=roll.gear_banes[side], success=g.success, bane=g.bane, gear_bane=gear_bane))
        if roll.pushes[side]:
            text.append(t("wave.roll_result.pushed", pushes=roll.pushes[side]))
        text.append(" → " + t("wave.roll_result.showing", banes=banes, gear=gear, bane=g.bane, gear_bane=gear_bane) + "\n", style="dim" if not (banes or gear) else "")
    return text


def before_battle_text(game: MyzState, g: Glyphs) -> Text:
    """The Reconnaissance and the initiative as they came out, for the steps
    that follow them (until the first strategies are chosen)."""
    text = Text()
    recon = game.recon
    if recon is not None:
        if recon.skipped:
            text.append(t("wave.before.recon_skipped") + "\n")
        elif recon.checks is not None:
            rolled = t("wave.before.recon", a=game.names[0], b=game.names[1], sa=recon.checks[0].successes, sb=recon.checks[1].successes, success=g.success)
            text.append(rolled + "\n")
            if recon.winner is None:
                text.append(t("wave.before.recon_tie") + "\n", style="dim")
            else:
                text.append(t("wave.before.surprise", name=game.names[recon.winner], margin=recon.margin, dice=game.rules.reconnaissance.surprise_strategy_dice) + "\n", style="bold")
                if recon.ambush_offered:
                    chosen = {None: "wave.before.ambush_open", True: "wave.before.ambush_taken", False: "wave.before.ambush_declined"}[recon.ambush]
                    text.append(t(chosen, name=game.names[recon.winner], rating=recon.rating) + "\n")
                else:
                    text.append(t("wave.before.no_ambush", rating=recon.rating) + "\n", style="dim")
    if game.stage == "wave":
        faces = game.initiative_faces
        if faces:
            rolls = ", ".join(f"{a}–{b}" for a, b in zip(faces[::2], faces[1::2]))
            text.append(t("wave.before.initiative", a=game.names[0], b=game.names[1], rolls=rolls, name=game.names[game.first]) + "\n")
        else:
            text.append(t("wave.before.initiative_set", name=game.names[game.first]) + "\n")
    return text


__all__ = ["battle_roll_text", "before_battle_text", "pool_lines", "result_text"]
