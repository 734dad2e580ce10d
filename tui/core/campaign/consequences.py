"""Consequences a campaign's character or unit carries from battle to
battle (the Fate systems): each written ``slot:aspect`` on the card, and
the campaign day it was taken written ``slot:day`` beside it, so recovery
counts the days at rest since."""

from __future__ import annotations

from typing import Callable

from tui.core.campaign.roster import Change
from tui.core.i18n import t
from tui.core.records import check_name


def check_carried(entries: tuple[str, ...]) -> tuple[str, ...]:
    """A field validator: each entry ``slot:aspect``, the aspect a name."""
    for entry in entries:
        slot, _, text = entry.partition(":")
        if not slot or not text:
            raise ValueError(t("campaign.error.carried_form", entry=entry))
        check_name(text)
    return entries


def check_days(entries: tuple[str, ...]) -> tuple[str, ...]:
    """A field validator: each entry ``slot:day``."""
    for entry in entries:
        slot, _, day = entry.partition(":")
        if not slot or not day.isdigit():
            raise ValueError(t("campaign.error.since_form", entry=entry))
    return entries


def split(entries: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``slot:aspect`` entries as (slot, aspect) pairs."""
    return tuple((e.partition(":")[0], e.partition(":")[2]) for e in entries)


def taken_on(since: tuple[str, ...], slot: str) -> int:
    for entry in since:
        key, _, day = entry.partition(":")
        if key == slot:
            return int(day)
    return 0


def days_after_battle(before: tuple[str, ...], since: tuple[str, ...], now: tuple[str, ...], day: int) -> tuple[str, ...]:
    """The days of ``now``'s consequences: those carried in keep theirs, the new ones today's."""
    return tuple(f"{slot}:{taken_on(since, slot) if entry in before else day}" for entry in now for slot in [entry.partition(':')[0]])


def recovered(entries: tuple[str, ...], since: tuple[str, ...], end: int, days_for: Callable[[str], int | None]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What is left at day ``end``: the consequences whose recovery time
    (``days_for`` the slot; None: never by rest) has not yet passed, and their days."""
    kept = tuple(e for e in entries if (need := days_for(e.partition(":")[0])) is None or end - taken_on(since, e.partition(":")[0]) < need)
    slots = {e.partition(":")[0] for e in kept}
    return kept, tuple(e for e in since if e.partition(":")[0] in slots)


def recovery(base: str, card: str, entries: tuple[str, ...], since: tuple[str, ...], end: int, days_for: Callable[[str], int | None]) -> list[Change]:
    """The changes that take away a force's recovered consequences at day
    ``end``: its ``card`` field's entries and the force's days (paths from ``base``)."""
    kept, days = recovered(entries, since, end, days_for)
    if kept == entries:
        return []
    return [Change(path=f"{base}.{card}.consequences", before=entries, after=kept), Change(path=f"{base}.since", before=since, after=days)]


__all__ = ["recovery", "check_carried", "check_days", "days_after_battle", "recovered", "split", "taken_on"]
