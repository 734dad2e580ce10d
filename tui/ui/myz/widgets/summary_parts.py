"""The wave summary's sections as Rich renderables, one function each.

Pure functions of one wave's ``EndReport`` (and the reports before it, for
the running total): the ``WaveSummary`` widget lays them out and gives them
their styles. Names typed by the GM only ever go into ``Text`` objects, so
``Ogre[/]`` shows as typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import t
from tui.core.systems.myz.after_battle import suggested_level
from tui.core.systems.myz.end_phase import CasualtyStep, EndReport, RetaliationReport
from tui.core.systems.myz.rules import MyzRuleset
from tui.ui.glyphs import UNICODE, Glyphs

MINUS = "−"
INDENT = "  "


@dataclass(frozen=True)
class Look:
    """The styles the widget takes from its component classes."""

    heading: Style = field(default_factory=lambda: Style(bold=True))
    headline: Style = field(default_factory=lambda: Style(bold=True))
    name: Style = field(default_factory=lambda: Style(bold=True))
    die: Style = field(default_factory=Style)
    """A casualty die (a plain D6)."""
    base: Style = field(default_factory=Style)
    """A Retaliation die (a Battle die)."""
    success: Style = field(default_factory=lambda: Style(bold=True))
    broken: Style = field(default_factory=lambda: Style(bold=True))
    muted: Style = field(default_factory=lambda: Style(dim=True))


@dataclass(frozen=True)
class Context:
    names: tuple[str, str]
    rules: MyzRuleset
    glyphs: Glyphs = UNICODE
    language: str = "en"
    look: Look = field(default_factory=Look)

    def strategy(self, key: str) -> str:
        return _named(self.rules.strategy, key, self.language)

    def row(self, key: str) -> str:
        return _named(lambda k: next(r for r in self.rules.margins if r.key == k), key, self.language)

    def project(self, key: str) -> str:
        return _named(self.rules.ark_project, key, self.language)

    def special_class(self, key: str) -> str:
        return _named(self.rules.special_class, key, self.language)


def _named(lookup: Callable, key: str, language: str) -> str:
    """A ruleset row's name; the bare key if a house-rule copy dropped the row."""
    try:
        return lookup(key).name(language)
    except (KeyError, StopIteration):
        return key


def heading(text: str, ctx: Context) -> Text:
    return Text(text, ctx.look.heading)


def signed(value: int) -> str:
    """A modifier as the rules print it: +1, ±0, −2."""
    if value > 0:
        return f"+{value}"
    return "±0" if value == 0 else f"{MINUS}{-value}"


def either(words: Iterable[str]) -> str:
    """"COMMAND or MANIPULATE" (commas before the last)."""
    items = list(words)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t('summary.or')} {items[-1]}"


def dice_text(faces: Iterable[int], ctx: Context, success_face: int | None = None) -> Text:
    """Each die as a cell; with ``success_face`` (Battle dice), a success shows as ☢."""
    text = Text()
    style = ctx.look.die if success_face is None else ctx.look.base
    for number, face in enumerate(faces):
        if number:
            text.append(" ")
        if success_face is not None and face == success_face:
            text.append(f" {ctx.glyphs.success} ", ctx.look.success)
        else:
            text.append(f" {face} ", style)
    return text


# -- who won --------------------------------------------------------------------


def result_part(report: EndReport, ctx: Context) -> RenderableType:
    result, g, names, look = report.outcome, ctx.glyphs, ctx.names, ctx.look
    row = next((r for r in ctx.rules.margins if r.key == result.row), None)
    if result.winner is not None:
        top = Text(t("summary.result.wins", name=names[result.winner]), look.headline)
    elif result.leader is not None:
        top = Text(t("summary.result.cannot_win", name=names[result.leader], success=g.success), look.headline)
    else:
        top = Text(t("summary.result.tie"), look.headline)
    if row is not None:
        top.append(" · " + row.name(ctx.language))
    a, b = result.successes
    lines = [
        heading(t("summary.section.result"), ctx),
        top,
        Text(t("summary.result.roll", a=names[0], sa=a, b=names[1], sb=b, success=g.success)),
        Text(t("summary.result.margin", margin=result.raw_margin, success=g.success)),
    ]
    for key, margin in result.margin_steps:
        lines.append(Text(f"{INDENT}{t(key)} → {margin}"))
    if row is not None:
        lines.append(Text.assemble((row.name(ctx.language), look.name), ": ", row.text(ctx.language)))
    strategies = report.strategies
    lines.append(Text(t("summary.result.strategies", a=names[0], sa=ctx.strategy(strategies[0]), b=names[1], sb=ctx.strategy(strategies[1])), look.muted))
    return Group(*lines)


# -- casualties -------------------------------------------------------------------


def casualties_part(report: EndReport, ctx: Context) -> RenderableType:
    """Both factions in one grid, so their dice and totals line up."""
    table = Table.grid(padding=(0, 1))
    table.add_column()  # the faction, then what each step is
    table.add_column()  # the step's dice
    table.add_column(justify="right", no_wrap=True)  # what the step does
    table.add_column(justify="right", no_wrap=True)  # the running total
    for loss in report.casualties:
        name = ctx.names[loss.side]
        if not loss.steps and loss.total == 0:
            table.add_row(Text(t("summary.casualty.none", name=name), ctx.look.name))
            continue
        table.add_row(Text(t("summary.casualty.killed", name=name, count=loss.total), ctx.look.name))
        before = 0
        for step in loss.steps:
            change = Text(_step_change(step, before, ctx), ctx.look.muted)
            table.add_row(Text(INDENT + _step_label(step, ctx)), dice_text(step.dice, ctx), change, Text(f"= {step.total}"))
            before = step.total
    adjusted = {s.key for loss in report.casualties for s in loss.steps} & {"myz.casualty.multiplied", "myz.casualty.divided", "myz.casualty.none"}
    if not adjusted:
        return Group(heading(t("summary.section.casualties"), ctx), table)
    # Where the order matters, say which the app follows (the ruleset's, assumed).
    steps = ", ".join(t(f"summary.casualty.order_step.{key}") for key in ctx.rules.casualties.order)
    return Group(heading(t("summary.section.casualties"), ctx), table, Text(t("summary.casualty.order", steps=steps), ctx.look.muted))


def _step_label(step: CasualtyStep, ctx: Context) -> str:
    label = t(step.key)
    kind = step.key.rsplit(".", 1)[-1]
    g = ctx.glyphs
    if kind == "banes":
        detail = f"{step.detail} {g.bane}"
    elif kind == "gear_banes":
        detail = f"{step.detail} {g.kind[DieKind.GEAR]}{g.gear_bane}"
    elif kind == "margin":
        detail = ctx.row(step.detail)
    elif step.detail:
        detail = ctx.strategy(step.detail)
    else:
        return label
    return f"{label}: {detail}"


def _step_change(step: CasualtyStep, before: int, ctx: Context) -> str:
    kind = step.key.rsplit(".", 1)[-1]
    if step.dice:
        amount = sum(step.dice)
        return f"{MINUS}{amount}" if step.total < before else f"+{amount}"
    if kind == "multiplied":
        return f"×{_strategy_number(ctx, step.detail, 'own_casualty_multiplier', 2)}"
    if kind == "divided":
        return f"÷{_strategy_number(ctx, step.detail, 'enemy_casualty_divisor', 2)}"
    return "→ 0"


def _strategy_number(ctx: Context, key: str, attribute: str, default: int) -> int:
    try:
        return getattr(ctx.rules.strategy(key), attribute)
    except KeyError:
        return default


# -- Retaliation -------------------------------------------------------------------


def retaliation_part(report: EndReport, ctx: Context) -> RenderableType:
    parts: list[RenderableType] = [heading(t("summary.section.retaliation"), ctx)]
    if not any(report.retaliation):
        parts.append(Text(t("summary.retaliation.none"), ctx.look.muted))
    for side, reports in enumerate(report.retaliation):
        if not reports:
            continue
        parts.append(Text(ctx.names[side], ctx.look.name))
        people = report.before[side].army.people
        for one in reports:
            parts.append(_retaliation_lines(one, people, ctx))
    for side in (0, 1):
        if report.broken_leaders[side]:
            rules = ctx.rules.retaliation
            skills = either(_named(ctx.rules.skill, k, ctx.language) for k in rules.broken_leader_skills)
            message = t("summary.retaliation.broken_leader", name=ctx.names[side], skills=skills, modifier=signed(rules.broken_leader_modifier))
            parts.append(Text(message, ctx.look.broken))
    return Group(*parts)


def _retaliation_lines(one: RetaliationReport, people, ctx: Context) -> Text:
    look, g = ctx.look, ctx.glyphs
    name = people[one.person].name if one.person < len(people) else "?"
    text = Text(INDENT)
    text.append(name, look.name)
    if one.helped is not None:
        helped = people[one.helped].name if one.helped < len(people) else "?"
        text.append("  ")
        text.append_text(Text(t("summary.retaliation.helper", name=helped, damage=one.damage)))
    else:
        table = ctx.rules.retaliation
        extra = sum(f.dice for f in table.factors if f.key in one.factors)
        risk = one.dice - table.base_dice - extra
        text.append("  " + t("summary.retaliation.pool", count=one.dice, base=table.base_dice, risk=signed(risk)))
        for factor in table.factors:
            if factor.key in one.factors:
                text.append(" " + t("summary.retaliation.factor", dice=factor.dice, name=factor.name(ctx.language)), look.muted)
        text.append("\n" + INDENT * 2)
        text.append_text(dice_text(one.faces, ctx, ctx.rules.dice.success_face))
        if one.armour_faces:
            # the armour dice and the sum on a line of their own: with the
            # hit dice they would wrap mid-sum at 80 columns
            text.append("\n" + INDENT * 2 + " " + t("summary.retaliation.armour_dice") + " ", look.muted)
            text.append_text(dice_text(one.armour_faces, ctx, ctx.rules.dice.success_face))
        parts = [t("summary.retaliation.hits", hits=one.successes, success=g.success)]
        if one.armour_faces is None:
            parts.append(t("summary.retaliation.armour_flat", armour=one.armour))
        elif one.armour_faces:
            parts.append(t("summary.retaliation.armour_rolled", stopped=one.stopped, success=g.success, armour=one.armour))
        if one.reduction:
            parts.append(t("summary.retaliation.shelter", reduction=one.reduction))
        text.append("  → " + " − ".join(parts) + " = " + t("summary.retaliation.damage", damage=one.damage))
    if one.broken:
        text.append("  ")
        text.append(t("summary.retaliation.broken"), look.broken)
    return text


# -- conditions, the Ark, the next wave --------------------------------------------


def conditions_part(report: EndReport, ctx: Context) -> RenderableType:
    parts: list[RenderableType] = [heading(t("summary.section.conditions"), ctx)]
    for side, keys in enumerate(report.conditions):
        if keys:
            words = ", ".join(t(f"myz.condition.{key}") for key in keys)
            parts.append(Text(t("summary.conditions.gained", name=ctx.names[side], conditions=words)))
    if len(parts) == 1:
        parts.append(Text(t("summary.conditions.none"), ctx.look.muted))
    return Group(*parts)


def ark_part(report: EndReport, ctx: Context) -> RenderableType | None:
    """The Ark project roll, or why there was none (None: nobody defends an Ark)."""
    defenders = [side for side in (0, 1) if report.before[side].army.defends_ark]
    if not defenders:
        return None
    parts: list[RenderableType] = [heading(t("summary.section.ark"), ctx)]
    rolled = report.ark_roll
    for side in defenders:
        name = ctx.names[side]
        if rolled is not None and rolled[0] == side:
            _, face, gone = rolled
            g = ctx.glyphs
            shown = f"{face} {g.kind[DieKind.GEAR]}{g.gear_bane}" if face == ctx.rules.ark.project_loss_face else str(face)
            text = Text(t("summary.ark.roll", name=name, face=shown))
            text.append(" → ")
            if gone is not None:
                text.append(t("summary.ark.destroyed", project=ctx.project(gone)), ctx.look.broken)
            else:
                text.append(t("summary.ark.spared"))
            parts.append(text)
        elif report.outcome.lost(side):
            parts.append(Text(t("summary.ark.no_projects", name=name), ctx.look.muted))
        else:
            parts.append(Text(t("summary.ark.not_lost", name=name), ctx.look.muted))
    return Group(*parts)


def changes_part(report: EndReport, ctx: Context, over: bool = False) -> RenderableType:
    """What changes for the next wave; once the battle is over, what the last wave changed."""
    parts: list[RenderableType] = [heading(t("summary.section.changes_over" if over else "summary.section.changes"), ctx)]
    for side, changes in enumerate(report.changes):
        name = ctx.names[side]
        if not changes:
            parts.append(Text(t("summary.changes.none", name=name), ctx.look.muted))
            continue
        parts.append(Text(name, ctx.look.name))
        for key, detail in changes:
            parts.append(Text(f"{INDENT}· {t(key, detail=_change_detail(key, detail, ctx))}"))
        if not over:
            parts.extend(_level_suggestion(report, side, ctx))
    if not over:
        parts.append(Text(t("summary.changes.discard", bane=ctx.glyphs.bane), ctx.look.muted))
    return Group(*parts)


def _level_suggestion(report: EndReport, side: int, ctx: Context) -> list[Text]:
    """The Battle Level the fighters killed suggest, on top of the ☠ dice
    already discarded: the same number the GM is offered at the next wave."""
    force = report.after[side]
    suggested = suggested_level(force, report.casualties[side].total, ctx.rules)
    if suggested >= force.battle_level:
        return []
    ratio = ctx.rules.battle_level.fighters_per_level
    return [Text(f"{INDENT}· {t('summary.changes.level_suggested', level=force.battle_level, suggested=suggested, ratio=ratio)}", ctx.look.muted)]


def _change_detail(key: str, detail: str, ctx: Context) -> str:
    if key in ("myz.change.project", "myz.change.project_damaged"):
        return ctx.project(detail)
    if key == "myz.change.unit":
        return ctx.special_class(detail)
    return detail


def over_part(ended: tuple[str, ...], ctx: Context) -> Text:
    """``ended``: why the battle is over, in words, naming the forces."""
    return Text(t("summary.over", reasons="; ".join(ended)), ctx.look.broken)


# -- the running total ---------------------------------------------------------------


@dataclass(frozen=True)
class Totals:
    lost: tuple[int, int]
    won: tuple[int, int]
    undecided: int


def running_totals(reports: Iterable[EndReport]) -> Totals:
    lost, won, undecided = [0, 0], [0, 0], 0
    for report in reports:
        for loss in report.casualties:
            lost[loss.side] += loss.total
        winner = report.outcome.winner
        if winner is None:
            undecided += 1
        else:
            won[winner] += 1
    return Totals((lost[0], lost[1]), (won[0], won[1]), undecided)


def totals_part(reports: tuple[EndReport, ...], ctx: Context) -> RenderableType:
    """Everything up to and including the last of ``reports``."""
    last = reports[-1]
    totals = running_totals(reports)
    counts_fighters = any(f.army.fighters for f in last.before)
    table = Table.grid(padding=(0, 2))
    columns = ["summary.totals.faction", "summary.totals.lost", "summary.totals.won", "summary.totals.level"]
    if counts_fighters:
        columns.append("summary.totals.left")
    for number, _ in enumerate(columns):
        table.add_column(justify="left" if number == 0 else "right")
    table.add_row(*(Text(t(key), ctx.look.muted) for key in columns))
    for side in (0, 1):
        after = last.after[side]
        row = [Text(ctx.names[side], ctx.look.name), Text(str(totals.lost[side])), Text(str(totals.won[side])), Text(str(after.battle_level))]
        if counts_fighters:
            row.append(Text(str(after.fighters)))
        table.add_row(*row)
    parts: list[RenderableType] = [heading(t("summary.section.totals", wave=last.wave), ctx), table]
    if totals.undecided:
        parts.append(Text(t("summary.totals.undecided", count=totals.undecided), ctx.look.muted))
    return Group(*parts)


__all__ = [
    "Context",
    "Look",
    "Totals",
    "ark_part",
    "casualties_part",
    "changes_part",
    "conditions_part",
    "dice_text",
    "either",
    "over_part",
    "result_part",
    "retaliation_part",
    "running_totals",
    "signed",
    "totals_part",
]
