"""The campaign's scenes, pinned as snapshots and shot for the README
(screenshots/regenerate.py): the demo campaign as it opens, and a battle's
aftermath offered for carrying back."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.ui.campaign.kit import km_campaign
from tui.core.files.places import find_example, open_example
from tui.core.files.storage import open_session
from tui.ui.campaign.app import CampaignApp
from tui.ui.settings import Settings


def _demo(folder: Path, **settings: object) -> CampaignApp:
    copy = open_example(find_example("the-stolen-lands"), folder)
    return CampaignApp(open_session(copy), Settings(**settings))


@dataclass(frozen=True)
class CampaignScene:
    name: str
    keys: tuple[str, ...] = ()
    caption: str = ""
    settings: dict[str, object] = field(default_factory=dict)
    fought: bool = False
    """The small campaign with its first battle over, not yet carried back (else the demo)."""

    def app(self, folder: Path) -> CampaignApp:
        return km_campaign(folder, **self.settings) if self.fought else _demo(folder, **self.settings)


CAMPAIGN_SCENES = (
    CampaignScene("campaign", caption="The Stolen Lands: each kingdom's armies as two battles left them"),
    CampaignScene("campaign-carry", ("tab", "c"), caption="A battle's aftermath, each change seen before it is written", fought=True),
    CampaignScene("campaign-german", caption="The campaign in German", settings={"language": "de"}),
)
