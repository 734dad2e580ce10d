"""A Mass Combat battle as the players may see it (``projection``).

The one secret: a strategy is chosen in secret, so until both sides have
locked theirs in, the projection says only who has chosen. Nothing that
follows from a strategy (the Strategy dice in a pool, the parley offer)
shows before that either: pools appear once both are revealed.
"""

from __future__ import annotations

from typing import Any

from tui.core.dice.year_zero import DieKind, Pool, YearZeroRoll
from tui.core.i18n import t
from tui.core.dice.odds import opposed, percent, push_now
from tui.core.panel import LOG_TAIL, Chance, Panel, RollPanel, SidePanel
from tui.core.systems.myz import events as ev
from tui.core.systems.myz import models as m
from tui.core.systems.myz.after_battle import ending_lines, retreat_holds_back
from tui.core.systems.myz.forces import Force
from tui.core.systems.myz.story_writer import GLYPH
from tui.core.systems.myz.state import MyzState
from tui.core.systems.myz.steps import next_step

_KINDS = (DieKind.BASE, DieKind.SKILL, DieKind.GEAR)


def revealed(state: MyzState) -> bool:
    """Both strategies of the wave are locked in: they may be shown."""
    wave = state.wave
    return wave is not None and all(choice is not None for choice in wave.chosen)


def headline(state: MyzState) -> str:
    step = next_step(state)
    name = state.names[step.side] if step.side is not None else ""
    words = t(f"wave.step.{step.kind}", name=name)
    if state.stage == "wave" and state.wave is not None:
        return f"{t('wave.number', number=state.wave.number)} · {words}"
    return words


def _strategy_line(state: MyzState, side: int, lang: str) -> str | None:
    wave = state.wave
    if wave is None or state.stage != "wave" or wave.phase == "risk":
        return None
    chosen = wave.chosen[side]
    if chosen is None:
        return t("view.myz.choosing")
    if not revealed(state):
        return t("view.myz.locked")
    return t("view.myz.strategy", strategy=state.rules.strategy(chosen).name(lang))


def _force_lines(state: MyzState, force: Force, side: int, lang: str) -> list[str]:
    lines = [t("view.myz.force", level=force.battle_level, fighters=force.fighters)]
    if force.leader is not None and force.leader < len(force.army.people):
        lines.append(t("view.myz.leader", name=force.army.people[force.leader].name))
    conditions = [t(f"myz.condition.{key}") for key in ("confused", "routed", "escaped", "surrendered", "leader_captured") if getattr(force, key)]
    if conditions:
        lines.append(", ".join(conditions))
    strategy = _strategy_line(state, side, lang)
    if strategy:
        lines.append(strategy)
    wave = state.wave
    if wave is not None and wave.pools is not None and revealed(state):
        lines.append(t("view.myz.pool", pool=pool_words(wave.pools[side].pool, lang)))
    return lines


def pool_words(pool: Pool, lang: str) -> str:
    """A pool as the players read it: 3b4s1g (the English words' letters)
    in English, the dice's symbols with their counts (✘3 ◎4 ⚙1) in German,
    where the letters would name nothing."""
    if lang == "en":
        return pool.notation()
    counts = ((DieKind.BASE, pool.base), (DieKind.SKILL, pool.skill), (DieKind.GEAR, pool.gear))
    return " ".join(f"{GLYPH[kind]}{count}" for kind, count in counts if count) or "0"


def sides(state: MyzState, lang: str) -> tuple[SidePanel, ...]:
    result = []
    for side in state.order:
        if state.forces is None:
            people = state.armies[side].people
            lines = [t("view.myz.mustered", count=len(people))] + ([t("view.myz.leader", name=people[0].name)] if people else [])
        else:
            lines = _force_lines(state, state.forces[side], side, lang)
        result.append(SidePanel(name=state.names[side], lines=tuple(lines)))
    return tuple(result)


def faces(roll: YearZeroRoll) -> str:
    """The faces showing now, by kind: ``✘ 6 5 2 · ◎ 6``."""
    stage = roll.stage(roll.pushes)
    shown = [f"{GLYPH[kind]} {' '.join(str(f) for f in stage[kind])}" for kind in _KINDS if stage[kind]]
    return " · ".join(shown) or "—"


def battle_roll(state: MyzState) -> RollPanel | None:
    """The Battle roll on the table, or this wave's settled one."""
    roller = state.roller
    if not roller.rolled:
        return None
    lines = []
    for side in state.order:
        roll = roller.sides[side].roll
        assert roll is not None  # both sides roll at once
        words = t("view.myz.roll_side", name=state.names[side], faces=faces(roll), successes=roll.successes, banes=roll.banes)
        if roll.gear_banes:
            words += ", " + t("view.myz.gear_banes", count=roll.gear_banes)
        if roll.pushes:
            words += " " + t("view.myz.pushed", count=roll.pushes)
        lines.append(words)
    leader = roller.leader()
    if retreat_holds_back(state) is not None:
        lines.append(t("summary.result.cannot_win", name=state.names[retreat_holds_back(state) or 0], success="☢"))
    elif roller.finished:
        lines.append(t("view.myz.tie") if leader is None else t("view.myz.wins", name=state.names[leader]))
    elif roller.turn is not None:
        lines.append(t("view.myz.to_push", name=state.names[roller.turn]))
        lines.append(_push_odds(state, roller.turn))
    pools = tuple(s.roll.pool for s in roller.sides if s.roll is not None)
    chances = opposed(pools[0], pools[1], rules=roller.rules)
    odds = t("view.myz.odds", a=state.names[0], win=percent(chances.win), tie=percent(chances.tie), b=state.names[1], lose=percent(chances.lose))
    shares = (
        Chance(label=state.names[0], value=float(chances.win), side=0),
        Chance(label=t("view.myz.report.tie"), value=float(chances.tie)),
        Chance(label=state.names[1], value=float(chances.lose), side=1),
    )
    return RollPanel(title=t("view.myz.battle_roll"), lines=tuple(lines), odds=odds, chances=shares)


def _push_odds(state: MyzState, side: int) -> str:
    """The leader to act: settling against pushing once, as the GM's roller
    shows them, against the other side's ☢ as they stand."""
    roller = state.roller
    roll, other = roller.sides[side].roll, roller.sides[1 - side].roll
    assert roll is not None and other is not None  # both sides roll at once
    decision = push_now(roll, other.successes)
    key = "view.myz.push_odds" if decision.push is not None else "view.myz.settle_odds"
    words = t(key, name=state.names[side], settle=percent(decision.settle[0]), push=percent(decision.push[0]) if decision.push else "", count=other.successes)
    if not roller.is_settled(1 - side):
        words += " " + t("view.myz.other_may_push", name=state.names[1 - side])
    return words


def status(state: MyzState) -> tuple[str, ...]:
    lines = []
    if state.recon is not None and state.recon.winner is not None and not state.recon.skipped:
        lines.append(t("view.myz.surprise", name=state.names[state.recon.winner]))
    if state.stage in ("wave", "over") and state.forces is not None:
        lines.append(t("view.myz.first", name=state.names[state.first]))
    if state.stage == "over" and state.ended:
        # as the GM's summary says it: naming the force it happened to
        lines.append(", ".join(ending_lines(state, state.names)))
    return tuple(lines)


def log_line(before: MyzState, event: Any, after: MyzState, lang: str) -> str | None:
    """One event as the players hear of it (None: nothing they may hear)."""
    kind = getattr(event, "kind", "")
    side = getattr(event, "side", None)
    name = after.names[side] if isinstance(side, int) else ""
    if isinstance(event, ev.ChooseStrategy):
        if revealed(after):
            chosen = after.wave.chosen if after.wave is not None else (None, None)
            words = [f"{after.names[s]}: {after.rules.strategy(c).name(lang)}" for s in after.order if (c := chosen[s]) is not None]
            return t("view.myz.log.choose_strategy", name=name) + "; " + t("view.myz.log.revealed", strategies=", ".join(words))
        return t("view.myz.log.choose_strategy", name=name)
    if isinstance(event, m.Roll):
        return t("view.myz.log.roll", a=after.names[0], b=after.names[1])
    if isinstance(event, ev.Action):
        return t(f"view.myz.log.action_{event.action}", name=name)
    if isinstance(event, ev.Initiative):
        return t("view.myz.log.initiative", name=after.names[event.first])
    if isinstance(event, ev.EndWave):
        report = after.reports[-1] if after.reports else None
        lost = ", ".join(f"{after.names[c.side]} {c.total}" for c in report.casualties) if report else "—"
        return t("view.myz.log.end_wave", lost=lost)
    if isinstance(event, ev.NextWave):
        return t("view.myz.log.next_wave", number=after.wave.number if after.wave else "?")
    key = f"view.myz.log.{kind}"
    said = t(key, name=name)
    return None if said == key else said


def log(battle: Any, lang: str) -> tuple[str, ...]:
    history = battle.history
    events = history.events[: history.cursor]
    start = max(0, len(events) - LOG_TAIL)
    lines: list[str] = []
    repeats: list[int] = []
    for index in range(start, len(events)):
        line = log_line(history.states[index], events[index], history.states[index + 1], lang)
        if not line:
            continue
        if lines and line == lines[-1]:
            repeats[-1] += 1  # each person mustered said "The Ark mustered" again: once, counted
            continue
        lines.append(line)
        repeats.append(1)
    return tuple(line if count == 1 else f"{line} (×{count})" for line, count in zip(lines, repeats))


def panel(battle: Any, lang: str, system_name: str) -> Panel:
    state: MyzState = battle.game
    rolls = tuple(r for r in (battle_roll(state),) if r is not None)
    return Panel(system_name=system_name, headline=headline(state), status=status(state), sides=sides(state, lang), rolls=rolls, log=log(battle, lang))


__all__ = ["battle_roll", "faces", "headline", "log", "log_line", "panel", "revealed", "sides", "status"]
