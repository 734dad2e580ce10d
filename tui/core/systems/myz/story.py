"""The battle report: a Markdown account of a Mass Combat battle, wave by wave.

``markdown_report(battle, language)`` reads only what the battle already
knows: its muster, its log's states and the End phase reports. A wave's
pools, actions and Support phase live in its ``WaveState``, which the next
wave replaces, so the report walks ``battle.history.states`` and keeps each
wave's last state (and the first one that holds its Battle roll, while the
roller still shows those dice).

Everything is plain Markdown: ``#`` headings, ``-`` lists and pipe tables.
User-entered names are written as typed; in a table cell a ``|`` (and a
``\\``) is escaped so the name cannot split the row. The dice glyphs
(☢ ☠ ✘ ◎ ⚙) are always surrounded by spaces or cell borders, so the CLI's
``--ascii`` translation (``* X B S #``) never turns them into emphasis or
a heading.

Pure: no textual, no rich, no printing; the words come from the catalogs
(``report.*`` plus the battle's own ``myz.*`` keys) in the language asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.core.systems.myz.after_battle import ending_lines
from tui.core.systems.myz.state import MyzState
from tui.core.systems.myz.story_before import adjustment_text, battlefield_section, forces_table, initiative_section, muster_section, reconnaissance_section, title_section
from tui.core.systems.myz.story_trace import WaveTrace, wave_traces
from tui.core.systems.myz.story_wave import wave_section
from tui.core.systems.myz.story_writer import Writer, cell

if TYPE_CHECKING:
    from tui.core.systems.myz.battle import Battle


def _losses(traces: list[WaveTrace], w: Writer) -> None:
    reports = [trace.wave.end for trace in traces if trace.wave.end is not None]
    if not reports:
        return
    w.heading(2, w.t("report.losses.heading"))
    rows: list[list[object]] = []
    totals = [0, 0]
    for report in reports:
        for side in (0, 1):
            totals[side] += report.casualties[side].total
        rows.append([report.wave, report.casualties[0].total, report.casualties[1].total])
    rows.append([f"**{w.t('report.pool.total')}**", f"**{totals[0]}**", f"**{totals[1]}**"])
    w.table([w.t("report.col.wave"), w.names[0], w.names[1]], rows, "rrr")


def _ending(game: MyzState, lost: list[int], w: Writer) -> None:
    if game.stage == "over":
        w.heading(2, w.t("report.over.heading"))
        reasons = ending_lines(game, w.names, w.t) or [w.t("report.over.unknown")]
        w.bullets(reasons)
    else:
        w.heading(2, w.t("report.ongoing.heading"))
        if game.stage == "wave" and game.wave is not None and game.wave.phase == "next":
            w.para(w.t("report.ongoing.wave_over", number=game.wave.number))
        elif game.stage == "wave" and game.wave is not None and game.wave.phase == "truce":
            w.para(w.t("report.ongoing.truce", number=game.wave.number))
        elif game.stage == "wave" and game.wave is not None:
            w.para(w.t("report.ongoing.wave", number=game.wave.number, phase=w.t(f"myz.phase.{game.wave.phase}")))
        else:
            w.para(w.t(f"report.ongoing.{game.stage}"))
    if game.forces is not None:
        w.para(w.t("report.over.forces") if game.stage == "over" else w.t("report.ongoing.forces"))
        forces_table(game.forces, w, lost)


def markdown_report(battle: "Battle", language: str) -> str:
    """The whole battle as Markdown, in ``language`` ("en" or "de")."""
    game = battle.game
    w = Writer(game, language)
    before, traces = wave_traces(battle)
    states = battle.history.states
    # The battlefield as fought at first (a siege lifted later changes the current one).
    start = next((s for s in states if s.forces is not None), game)
    title_section(battle, w)
    battlefield_section(start, w)
    muster_section(start, w)
    reconnaissance_section(game, w)
    initiative_section(battle, game, w)
    if before:
        w.heading(3, w.t("report.adjust.heading"))
        w.bullets(adjustment_text(event, w) for event in before)
    lost = [0, 0]
    for trace in traces:
        wave_section(trace, lost, w)
    _losses(traces, w)
    _ending(game, lost, w)
    return w.text()


__all__ = ["cell", "markdown_report", "wave_traces", "WaveTrace"]
