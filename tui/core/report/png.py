"""The report's pictures as PNGs, for a group chat that shows no HTML or
SVG: drawn by resvg (the optional extra ``masscombat[report]``) with the
fonts bundled beside this module, never the machine's own, so a picture
is the same bytes on every machine and every run."""

from __future__ import annotations

from pathlib import Path

from tui.core.errors import MassCombatError
from tui.core.i18n import t

FONTS = Path(__file__).with_name("fonts")
ZOOM = 1.5
"""An 820-pixel picture comes out 1230 wide: sharp in a chat, small enough to post."""


class NoPngs(MassCombatError):
    """The PNG renderer is not installed (the extra ``masscombat[report]``)."""


def available() -> bool:
    try:
        import resvg_py  # noqa: F401  (only: is it there?)
    except ImportError:
        return False
    return True


def png(svg: str) -> bytes:
    """``svg`` (a standalone picture) as PNG bytes."""
    try:
        import resvg_py
    except ImportError:
        raise NoPngs(t("report.error.no_extra")) from None
    fonts = [str(path) for path in sorted(FONTS.glob("*.ttf"))]
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, font_files=fonts, zoom=ZOOM))
    except ValueError as exc:
        raise NoPngs(t("report.error.render", reason=exc)) from None


__all__ = ["FONTS", "NoPngs", "available", "png"]
