"""What the campaign app answers when it closes: the battle the GM chose to play."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CampaignExit:
    """Play the battle in ``battle`` (the campaign's battle ``id``)."""

    battle: Path
    id: str


__all__ = ["CampaignExit"]
