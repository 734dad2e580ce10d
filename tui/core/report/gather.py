"""A battle's report with pictures, gathered: the moments to draw (the
start, each wave's or turn's end, the last state), each side's strength
at each of them, every roll with its chances, the story, each piece at the
step it happened.

Everything comes through the system's hooks and its players' panel
(``public_view``), so the players' copy (``public``) is built from exactly
what the players' view shows, redacted by identity, and the GM's copy
from the same panels with nothing hidden.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from tui.core.history import History, LoggedBattle
from tui.core.i18n import language, set_language, t
from tui.core.panel import Panel, RollPanel
from tui.core.report.chart import Chart, Series
from tui.core.report.measures import Told
from tui.core.system import GameSystem, system_of, written_report


@dataclass(frozen=True)
class Moment:
    step: int
    """The number of events played when it was drawn."""
    label: str
    panel: Panel


@dataclass(frozen=True)
class Gathered:
    title: str
    system_name: str
    language: str
    public: bool
    moments: tuple[Moment, ...]
    charts: tuple[Chart, ...]
    rolls: tuple[tuple[int, RollPanel], ...]
    story: tuple[Told, ...]
    report: str
    """The GM's whole report in Markdown (empty in the players' copy)."""

    def between(self, start: int, end: int) -> tuple[tuple[tuple[int, RollPanel], ...], tuple[Told, ...]]:
        """The rolls and story lines told after step ``start`` up to ``end``."""
        return (tuple(r for r in self.rolls if start < r[0] <= end), tuple(s for s in self.story if start < s[0] <= end))


class _At:
    """The battle's panels at any step, as the copy draws them."""

    def __init__(self, battle: LoggedBattle[Any, Any], system: GameSystem, lang: str, public: bool) -> None:
        self.battle, self.system, self.lang, self.public = battle, system, lang, public
        self.hooks = system.pictured
        history = battle.history
        self.states = history.states
        self.events = history.done
        self.final = self.states[-1]
        self._shown: dict[int, Any] = {}
        self._panels: dict[int, Panel] = {}

    def state(self, step: int) -> Any:
        if step not in self._shown:
            self._shown[step] = self.hooks.shown_state(self.states[step], self.final, self.public)
        return self._shown[step]

    def panel(self, step: int) -> Panel:
        if step not in self._panels:
            at = copy.copy(self.battle)
            shown = (*self.states[:step], self.state(step))
            at.history = History(self.events[:step], step, shown)
            self._panels[step] = self.system.public_view(at, self.lang)
        return self._panels[step]


def _moments(at: _At) -> list[tuple[int, str]]:
    """(step, label) of each moment to draw, in order."""
    system, hooks, last = at.system, at.hooks, len(at.states) - 1
    periods = [hooks.period(state) for state in at.states]
    found: list[tuple[int, str]] = []
    first = next((step for step, p in enumerate(periods) if p is not None), None)
    if first is not None and first < last:
        found.append((first, t("report.moment.start", period=hooks.period_name(periods[first] or 0))))
    for step in range(last):
        now, after = periods[step], periods[step + 1]
        if now is not None and after != now and step != first:
            found.append((step, t("report.moment.end", period=hooks.period_name(now))))
    label = t("report.moment.over") if system.over(at.states[last]) else t("report.moment.now")
    if found and found[-1][0] == last:
        found.pop()
    found.append((last, label))
    return found


def _points(at: _At) -> list[tuple[int, str]]:
    """(step, label) of each point of the charts: the first step with
    forces to measure, every step that changed a measure, the last. Each
    wave's or turn's first point is named after it."""
    system, hooks, last = at.system, at.hooks, len(at.states) - 1
    points: list[tuple[int, str]] = []
    before: tuple[tuple[str, str, float], ...] | None = None
    named: set[int | None] = set()
    for step in range(last + 1):
        measures = tuple((m.chart, m.key, m.value) for m in hooks.strength(at.state(step), at.public))
        if not measures or measures == before:
            continue
        before = measures
        period = hooks.period(at.states[step])
        label = "" if period in named else (hooks.period_name(period) if period is not None else t("report.point.before"))
        named.add(period)
        points.append((step, label))
    if points and points[-1][0] != last:
        points.append((last, ""))
    if points:
        points[-1] = (points[-1][0], t("report.point.over") if system.over(at.states[last]) else t("report.point.now"))
    return points


def _charts(at: _At) -> tuple[Chart, ...]:
    points = _points(at)
    if len(points) < 2:
        return ()  # one point is no line
    by_chart: dict[str, dict[str, tuple[str, int, dict[int, float]]]] = {}
    for index, (step, _) in enumerate(points):
        for measure in at.hooks.strength(at.state(step), at.public):
            lines = by_chart.setdefault(measure.chart, {})
            _, _, values = lines.get(measure.key, ("", 0, {}))
            values[index] = measure.value
            # the legend says what a force is called at its last point
            lines[measure.key] = (measure.name, measure.side, values)
    labels = tuple(label for _, label in points)
    charts = []
    for title, lines in by_chart.items():
        if all(len(set(values.values())) <= 1 and len(values) == len(points) for _, _, values in lines.values()):
            continue  # nothing changed (no stress checked all battle, hp whole before the first turn): no story in it
        series = tuple(Series(name=name, side=side, values=tuple(values.get(i) for i in range(len(points)))) for name, side, values in lines.values())
        charts.append(Chart(title=title, points=labels, series=series))
    return tuple(charts)


def _rolls(at: _At) -> tuple[tuple[int, RollPanel], ...]:
    """Each roll once, as it last stood (after its pushes or invokes),
    at the step it was made."""
    hooks, states, events = at.hooks, at.states, at.events
    births = [step + 1 for step in range(len(events)) if hooks.new_roll(states[step], events[step], states[step + 1])]
    found = []
    for n, born in enumerate(births):
        end = births[n + 1] - 1 if n + 1 < len(births) else len(states) - 1
        last: RollPanel | None = None
        odds: RollPanel | None = None
        for step in range(born, end + 1):
            rolls = at.panel(step).rolls
            if not rolls:
                if last is not None:
                    break  # resolved and off the table: what it last showed
                continue
            last = rolls[0]
            odds = last if last.chances else odds
        # What it last showed with its odds (a Second World roll, resolved,
        # shows only the hit it made); without odds, what it last showed.
        shown = odds or last
        if shown is not None:
            found.append((born, shown))
    return tuple(found)


def gather(battle: LoggedBattle[Any, Any], lang: str, *, public: bool) -> Gathered:
    """The report's pieces, worded in ``lang``."""
    system = system_of(battle)
    before = language()
    set_language(lang)
    try:
        at = _At(battle, system, lang, public)
        marks = _moments(at)
        moments = tuple(Moment(step, label, at.panel(step)) for step, label in marks)
        charts = _charts(at)
        story = system.pictured.story(battle, public)
        rolls = _rolls(at)
        report = "" if public else written_report(battle, lang)
        return Gathered(title=battle.meta.title, system_name=system.name(lang), language=lang, public=public, moments=moments, charts=charts, rolls=rolls, story=story, report=report)
    finally:
        set_language(before)


__all__ = ["Gathered", "Moment", "gather"]
