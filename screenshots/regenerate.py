"""Regenerate the README's screenshots from the same scenes the snapshot
tests pin (tests/ui/scenes.py, tests/ui/viewer_scenes.py):
`python screenshots/regenerate.py`."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

SIZE = (80, 24)


async def shoot(scene, folder: Path) -> Path:
    app = scene.app(folder)
    try:
        async with app.run_test(size=SIZE) as pilot:
            for key in getattr(scene, "keys", ()):
                await pilot.press(key)
            await pilot.pause()
            svg = app.export_screenshot(title=f"masscombat — {scene.caption}")
    finally:
        if hasattr(app, "close_session"):
            app.close_session()
    target = HERE / f"{scene.name}.svg"
    target.write_text(svg, encoding="utf-8", newline="\n")
    return target


REPORT_PICTURES = (
    # (bundled battle, players' copy?, which picture, file): the README's picture of a report
    ("nightjar/nightjar-b1.toml", True, "02-moment", "report-nightjar-end.png"),
)


def report_pictures() -> None:
    """The pictures ``masscombat report --png`` makes, for the README (needs masscombat[report])."""
    from tui.core.files.loading import load_battle
    from tui.core.report.gather import gather
    from tui.core.report.page import pictures
    from tui.core.report.png import available, png

    if not available():
        print("report pictures skipped: pip install 'masscombat[report]'")
        return
    for battle, public, name, file in REPORT_PICTURES:
        found = dict(pictures(gather(load_battle(HERE.parent / "saves" / "examples" / battle), "en", public=public)))
        (HERE / file).write_bytes(png(found[name]))
        print(f"screenshots/{file}  the report's picture: {battle}, {name}")


def main() -> int:
    with tempfile.TemporaryDirectory() as temp:
        os.environ["MASSCOMBAT_CONFIG"] = str(Path(temp) / "settings.toml")
        os.environ["MASSCOMBAT_SAVES"] = str(Path(temp) / "saves")
        from tests.ui.campaign.scenes import CAMPAIGN_SCENES
        from tests.ui.scenes import SCENES
        from tests.ui.viewer_scenes import VIEWER_SCENES, utc

        utc()

        for number, scene in enumerate((*SCENES, *VIEWER_SCENES, *CAMPAIGN_SCENES)):
            folder = Path(temp) / str(number)
            folder.mkdir()
            path = asyncio.run(shoot(scene, folder))
            print(f"{path.relative_to(HERE.parent)}  {scene.caption}")
    report_pictures()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
