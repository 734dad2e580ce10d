"""Shared helpers for the benchmark scripts: statistics, printing, and the
one-line JSON summary that ``run_all.py`` collects.

Not a benchmark itself (run_all.py runs only the scripts it names).
"""

from __future__ import annotations

import json
import math
import platform
import statistics
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (bench/ lives directly under it)."""

if str(ROOT) not in sys.path:  # `python bench/x.py` puts bench/ first, not the root
    sys.path.insert(0, str(ROOT))

JSON_MARK = "BENCH-JSON: "
"""Prefix of the summary line a script prints when run with ``--json``."""


@dataclass
class Row:
    """One figure for the summary table. Times are in milliseconds."""

    bench: str
    figure: str
    n: int
    median: float
    p95: float
    unit: str = "ms"
    note: str = ""
    goal: float | None = None
    """The most the figure may be (compared with ``p95``; for bytes, with the median)."""
    by: str = "p95"
    """Which figure meets the goal: "p95" or "median"."""

    @property
    def judged(self) -> float:
        return self.p95 if self.by == "p95" else self.median

    @property
    def verdict(self) -> str:
        if self.goal is None:
            return ""
        return "ok" if self.judged <= self.goal else "OVER"


def p95(samples: list[float]) -> float:
    """95th percentile by the nearest-rank method (with n <= 20 this is the maximum)."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(0.95 * len(ordered)))
    return ordered[rank - 1]


def row(bench: str, figure: str, samples_s: list[float], note: str = "", goal: float | None = None) -> Row:
    """A row from samples in seconds, reported in milliseconds (``goal`` in ms, for the p95)."""
    ms = [s * 1000 for s in samples_s]
    return Row(bench, figure, len(ms), statistics.median(ms), p95(ms), "ms", note, goal)


def count_row(bench: str, figure: str, samples: list[float], unit: str, goal: float | None = None, by: str = "median") -> Row:
    """A row of counts (bytes, MiB), judged by the median unless told."""
    return Row(bench, figure, len(samples), statistics.median(samples), p95(samples), unit, "", goal, by)


def value_row(bench: str, figure: str, value: float, unit: str, note: str = "", goal: float | None = None) -> Row:
    """A single value (a size, a ratio): median = p95 = the value, n = 1."""
    return Row(bench, figure, 1, value, value, unit, note, goal)


def fmt(value: float, unit: str) -> str:
    if unit == "ms":
        return f"{value:9.3f}" if value < 10 else f"{value:9.1f}"
    if unit in ("x", "KiB", "MiB", "%"):
        return f"{value:9.2f}"
    if unit in ("B", "B/s"):
        return f"{value:9.0f}"
    return f"{value:9g}"


def table(rows: list[Row]) -> str:
    """A plain-text table of rows (what run_all.py prints, and each script at
    its end): each figure, and where it has one its goal and whether it is met."""
    width_b = max([5] + [len(r.bench) for r in rows])
    width_f = max([6] + [len(r.figure) for r in rows])
    lines = [f"{'bench':<{width_b}}  {'figure':<{width_f}}  {'n':>4}  {'median':>9}  {'p95':>9}  {'unit':<4}  {'goal':>14}"]
    lines.append("-" * (len(lines[0]) + 6))
    for r in rows:
        p95_text = "" if r.n == 1 else fmt(r.p95, r.unit)
        goal = "" if r.goal is None else f"{'p95' if r.by == 'p95' and r.n > 1 else 'med' if r.n > 1 else ''} <= {r.goal:g}".strip()
        lines.append(f"{r.bench:<{width_b}}  {r.figure:<{width_f}}  {r.n:>4}  {fmt(r.median, r.unit)}  {p95_text:>9}  {r.unit:<4}  {goal:>14}  {r.verdict}")
    return "\n".join(lines)


def verdict_line(rows: list[Row]) -> str:
    judged = [r for r in rows if r.goal is not None]
    over = [r for r in judged if r.verdict == "OVER"]
    return f"{len(judged) - len(over)} of {len(judged)} figures at or under their goal" + (f"; over: {len(over)}" if over else "")


def machine() -> str:
    import os

    return f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPU(s)"


def finish(rows: list[Row], argv: list[str]) -> None:
    """Print the script's table; with ``--json`` also the line run_all.py parses."""
    print()
    print(table(rows))
    if any(r.goal is not None for r in rows):
        print(verdict_line(rows))
    if "--json" in argv:
        print(JSON_MARK + json.dumps([asdict(r) for r in rows]))


def parse_json_line(output: str) -> list[Row]:
    for line in reversed(output.splitlines()):
        if line.startswith(JSON_MARK):
            return [Row(**item) for item in json.loads(line[len(JSON_MARK):])]
    raise ValueError("no summary line in the output")


def long_battle(min_events: int = 1000, seed: int = 1877):
    """A Ghoul Strike battle with at least ``min_events`` log events, built with
    the real ``Battle`` API: cycles of set_pool x2 / roll / push / settle... /
    new_roll, with pools up to 12b6s4g (so roll and push events carry many faces).
    """
    from tests.ui.scenes import ghoul_strike
    from tui.core.dice.year_zero import parse_pool

    battle = ghoul_strike(seed)
    pools = [parse_pool(p) for p in ("12b6s4g", "8b4s2g", "3b4s1g", "10b5s3g", "2b3s1g", "12b6s4g")]
    cycle = 0
    while len(battle.history.events) < min_events:
        battle.set_pool(0, pools[cycle % len(pools)])
        battle.set_pool(1, pools[(cycle + 1) % len(pools)])
        battle.roll()
        for _ in range(cycle % 3):  # 0, 1 or 2 pushes for the side to act
            if battle.refusal("push") is None:
                battle.push()
        while not battle.state.finished:
            if battle.refusal("push") is None and cycle % 2:
                battle.push()
            battle.settle()
        battle.new_roll()
        cycle += 1
    return battle


def long_fate_battle(min_events: int = 1000, seed: int = 1312):
    """The Fate demo (the Ford of Brannock, round 1, the Horde to act) with
    its log grown to at least ``min_events`` by the GM giving and taking
    fate points, each a real event with a line in the battle's story."""
    from tui.core.systems.fate import events as ev
    from tui.core.systems.fate.demo import ford_of_brannock

    battle = ford_of_brannock(seed)
    change = 1
    while len(battle.history.events) < min_events:
        battle.record(ev.FatePoints(player=len(battle.history.events) // 2 % 2, change=change))
        change = -change
    return battle


def long_second_world_battle(min_events: int = 1000):
    """Operation Nightjar (the conflict under way) with its log grown to at
    least ``min_events`` by the GM's rulings on the map: a zone made
    Cluttered and clear again, in turn, each a real event with a story line."""
    from tui.core.files.loading import load_battle
    from tui.core.files.places import find_example
    from tui.core.systems.second_world import events as ev

    battle = load_battle(find_example("operation-nightjar"))
    game = battle.game
    # not where the Raiders stand (a Cluttered zone allows no ranged attack
    # out of it), and back as the demo had it at the end: its keys drive both
    zones = [z.key for z in game.board.zones if all(game.zone_of(c.key) != z.key for c in game.characters if c.side == 0)]
    first = {zone: game.zone_info(zone).situations for zone in zones}
    turn = 0
    while len(battle.history.events) < min_events or any(battle.game.zone_info(z).situations != first[z] for z in zones):
        zone = zones[turn % len(zones)]
        battle.record(ev.Situation(zone=zone, situation="cluttered", on="cluttered" not in battle.game.zone_info(zone).situations))
        turn += 1
    return battle


def _turns(battle, min_events: int) -> None:
    """Turn after turn until the log holds ``min_events`` (and stands at a
    turn's start): initiative, the first side to act, each side ending each
    phase. Every step is a real event with its story line."""
    from tui.core.systems.kingmaker import events as ev

    while len(battle.history.events) < min_events or battle.game.roll_winner is not None:
        game = battle.game
        if game.roll_winner is None:
            battle.record(ev.Initiative(counter=game.counter, rounds=((20, 1),)))
        elif game.first is None:
            battle.record(ev.FirstSide(side=0))
        else:
            battle.record(ev.EndStep())


def long_kingmaker_battle(min_events: int = 1000):
    """The Battle of Ashwater (every unit on the mat) played on turn after
    turn, ending at a turn's start, as the demo stands: the same keys drive both."""
    from tui.core.files.loading import load_battle
    from tui.core.files.places import find_example

    battle = load_battle(find_example("battle-of-ashwater"))
    _turns(battle, min_events)
    return battle


def kingmaker_clash(min_events: int = 0):
    """Ostmark's knights and Rivenhold's warband in contact in the Melee
    phase, Ostmark to act (the tests' clash), after turns of the two
    sides only ending their phases up to ``min_events``: the knights'
    melee attack, at any length."""
    from tests.core.kingmaker.kit import begin_turn, close_in, muster, set_up

    battle = set_up(muster(3))
    _turns(battle, min_events)
    return close_in(begin_turn(battle), ("knights", 3), ("warband", 2))


LONG = {"Mutant": long_battle, "Fate": long_fate_battle, "Second World": long_second_world_battle, "Kingmaker": long_kingmaker_battle}
"""Each system's long battle, by the name the tables give it."""


def battle_file(battle, path: Path) -> Path:
    """``battle`` saved to ``path`` as the GM's own battle (not a template)."""
    from tui.core.files.saving import save_battle

    battle.meta = battle.meta.model_copy(update={"template": False})
    path.parent.mkdir(parents=True, exist_ok=True)
    save_battle(battle, path)
    return path
