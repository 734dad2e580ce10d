"""What players see in ``masscombat view``, as fixed scenes: a demo's
projection written at a fixed moment, the viewer's clock just after it.
Shared by the snapshot tests and the README's screenshots."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.ui.scenes import BATTLES
from tui.core.projection import build, projection_path, text_of
from tui.ui.viewer.app import ViewerApp

WRITTEN = datetime(2026, 11, 26, 20, 15, 42, tzinfo=timezone.utc)


def utc() -> None:
    """Times show in the viewer's local zone: UTC here, so a snapshot reads the same anywhere."""
    os.environ["TZ"] = "UTC"
    time.tzset()


@dataclass(frozen=True)
class ViewerScene:
    name: str
    battle: str
    language: str = "en"
    ascii: bool = False
    caption: str = ""
    theme: str | None = None

    def app(self, folder: Path) -> ViewerApp:
        """The viewer on this scene's projection (call ``utc()`` first for times that read the same anywhere)."""
        path = projection_path(folder / "battle.toml")
        path.write_text(text_of(build(BATTLES[self.battle](), 17, now=WRITTEN)), encoding="utf-8")
        return ViewerApp(path, ascii=self.ascii, language=self.language, theme=self.theme, clock=lambda: WRITTEN + timedelta(seconds=30))


VIEWER_SCENES = (
    ViewerScene("viewer-fate", "fate", caption="The players' view of the Ford of Brannock: the board, the hidden aspect face down"),
    ViewerScene("viewer-myz-german", "demo", "de", caption="Die Spieleransicht von Ghoul Strike: beide Strategien aufgedeckt"),
    ViewerScene("viewer-kingmaker-ascii", "kingmaker", ascii=True, theme="ansi-dark", caption="The players' view of Ashwater in ASCII and 16 colours"),
    ViewerScene("viewer-second-world", "second-world", caption="The players' view of Operation Nightjar"),
)
