"""``masscombat campaign``: a campaign from the shell. ``new`` starts one,
``show`` prints its roster and battles (``--json`` for scripts),
``upkeep`` keeps a week (Kingmaker's Consumption), ``rest`` lets days
pass, ``muster`` makes a battle from the roster and ``carry`` brings a
finished battle's aftermath back (``--dry-run``: show, write nothing).

Every refusal is one line and exit 2; nothing is written then. A campaign
held by a running masscombat is refused too, naming who holds it."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from tui.cli.output import emit, emit_json
from tui.core.campaign.battles import campaign_rules, muster, new_campaign, offer
from tui.core.campaign.campaign import Campaign
from tui.core.campaign.events import Amend
from tui.core.campaign.roster import CampaignError, Change
from tui.core.files.storage import Session, create_session, open_session
from tui.core.i18n import language, t
from tui.core.system import find_system


def run(args: Any) -> int:
    action: Callable[[Any], int] = {"new": _new, "show": _show, "upkeep": _upkeep, "rest": _rest, "muster": _muster, "carry": _carry}[args.action]
    return action(args)


def _session(path: Path) -> Session:
    """The campaign, open for writing; refused in one line if it is a
    battle or someone else holds it."""
    session = open_session(path)
    if not isinstance(session.battle, Campaign):
        session.close(save=False)
        raise CampaignError(t("campaign.error.not_campaign", file=path.name))
    if session.read_only:
        session.close(save=False)
        raise CampaignError(session.notice or t("campaign.error.not_campaign", file=path.name))
    return session


def _read(path: Path) -> Campaign:
    from tui.core.files.loading import load_battle

    campaign = load_battle(path)
    if not isinstance(campaign, Campaign):
        raise CampaignError(t("campaign.error.not_campaign", file=path.name))
    return campaign


def _new(args: Any) -> int:
    system = find_system(args.system)
    sides = tuple(args.side or (t("campaign.cli.default_side", number=1), t("campaign.cli.default_side", number=2)))
    path = Path(args.file)
    campaign = new_campaign(system, args.title or path.stem.replace("-", " ").title(), sides, getattr(args, "seed", None))
    create_session(path, campaign).close()
    emit(args, t("campaign.cli.created", file=path, system=system.name(language()), sides=", ".join(sides)))
    return 0


def _show(args: Any) -> int:
    path = Path(args.file)
    campaign = _read(path)
    system = find_system(campaign.system)
    rules = campaign_rules(system)
    state = campaign.state
    if getattr(args, "json", False):
        emit_json({
            "file": str(path), "system": system.key, "title": campaign.meta.title, "day": state.day,
            "sides": [
                {"name": side.name, **({"treasury": side.treasury} if rules.treasury else {}), **({"fate_points": side.fate_points} if rules.side_fate_points else {}), "forces": [rules.force_data(f, state) for f in state.roster.of_side(i)]}
                for i, side in enumerate(state.roster.sides)
            ],
            "battles": [_battle_data(campaign, link.id) for link in state.battles],
            "maps": [name for name, _ in state.kept],
        })
        return 0
    lines = [t("campaign.cli.title", title=campaign.meta.title, system=system.name(language()), day=state.day)]
    for index, side in enumerate(state.roster.sides):
        lines.append("")
        if rules.treasury:
            lines.append(t("campaign.cli.side_treasury", name=side.name, treasury=side.treasury))
        elif rules.side_fate_points:
            lines.append(t("campaign.cli.side_fate_points", name=side.name, points=side.fate_points))
        else:
            lines.append(t("campaign.cli.side", name=side.name))
        forces = state.roster.of_side(index)
        lines.extend(f"  {rules.force_line(f, state, language())}" for f in forces)
        if not forces:
            lines.append(t("campaign.cli.no_forces"))
    if state.kept:
        lines += ["", t("campaign.cli.maps", maps=", ".join(name for name, _ in state.kept))]
    lines += ["", t("campaign.cli.battles")]
    for link in state.battles:
        carried = state.carried_for(link.id)
        told = t("campaign.cli.battle_carried", outcome=carried.told(language())) if carried is not None else t("campaign.cli.battle_waiting")
        lines.append(t("campaign.cli.battle_line", id=link.id, title=link.title, file=link.file, state=told))
    if not state.battles:
        lines.append(t("campaign.cli.no_battles"))
    emit(args, "\n".join(lines))
    return 0


def _battle_data(campaign: Campaign, battle: str) -> dict[str, Any]:
    link = campaign.state.link(battle)
    carried = campaign.state.carried_for(battle)
    return {"id": link.id, "file": link.file, "title": link.title, "forces": list(link.forces), "carried_back": carried is not None, "outcome": carried.outcome if carried else {}}


def _changes(args: Any, campaign: Campaign, changes: tuple[Change, ...], state: Any = None) -> None:
    rules = campaign_rules(find_system(campaign.system))
    state = state or campaign.state
    if not changes:
        emit(args, t("campaign.cli.nothing"))
        return
    emit(args, "\n".join([t("campaign.cli.changes"), *(f"  {rules.change_line(c, state, language())}" for c in changes if not rules.hidden_change(c))]))


def _upkeep(args: Any) -> int:
    return _time(args, week=True)


def _rest(args: Any) -> int:
    return _time(args, week=False)


def _time(args: Any, *, week: bool) -> int:
    path = Path(args.file)
    with _opened(path, args.dry_run) as (campaign, session):
        rules = campaign_rules(find_system(campaign.system))
        rng = campaign.step_rng()
        if week:
            if not rules.week:
                raise CampaignError(t("campaign.error.no_week"))
            lines = rules.week_lines(campaign.state)
            if lines:
                emit(args, "\n".join(lines))
            changes, rolls = rules.upkeep(campaign.state, rng)
            step = Amend(what="week", changes=changes, days=rules.week_days(campaign.state), rolls=rolls)
        else:
            if not 1 <= args.days <= 3650:
                raise CampaignError(t("campaign.error.days", days=args.days))
            changes, rolls = rules.rest(campaign.state, args.days, rng)
            step = Amend(what="rest", changes=changes, days=args.days, rolls=rolls)
        _changes(args, campaign, changes)
        if session is not None:
            campaign.record(step)
            session.save()
            emit(args, t("campaign.cli.written", file=path))
    return 0


@contextmanager
def _opened(path: Path, dry_run: bool) -> Iterator[tuple[Campaign, Session | None]]:
    """The campaign: read only for a dry run, else open for writing (and closed after)."""
    if dry_run:
        yield _read(path), None
        return
    session = _session(path)
    try:
        campaign = session.battle
        assert isinstance(campaign, Campaign)  # _session refuses anything else
        yield campaign, session
    finally:
        session.close()


def _muster(args: Any) -> int:
    path = Path(args.file)
    session = _session(path)
    try:
        campaign = session.battle
        assert isinstance(campaign, Campaign)
        forces = tuple(key.strip() for key in args.forces.split(",") if key.strip())
        state = campaign.state
        sides = tuple(sorted({state.roster.force(key).side for key in forces}))
        if len(sides) < 2:
            raise CampaignError(t("campaign.error.no_forces"))
        step, battle = muster(campaign, path, sides, forces, args.title or f"{campaign.meta.title} {state.next_battle_id()[1:]}", map_name=args.map or "")
        create_session(path.parent / step.battle.file, battle).close()
        campaign.record(step)
        session.save()
        emit(args, t("campaign.cli.mustered", file=path.parent / step.battle.file, id=step.battle.id, forces=", ".join(forces)))
    finally:
        session.close()
    return 0


def _carry(args: Any) -> int:
    path = Path(args.file)
    with _opened(path, args.dry_run) as (campaign, session):
        offered = offer(campaign, path, args.battle)
        _changes(args, campaign, offered.step.changes, offered.state)
        if session is not None:
            campaign.record(offered.step)
            session.save()
            emit(args, t("campaign.cli.carried", file=path, id=args.battle, outcome=offered.step.told(language())))
    return 0


__all__ = ["run"]
