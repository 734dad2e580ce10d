"""Where battles live: the saves folder, the bundled examples, working copies.

``default_saves_dir`` picks the folder new battles go to; the examples
shipped with the app are found by ``list_examples`` / ``find_example``; a
template (``template = true``) is never played in place: ``open_example`` and
``working_copy`` give the GM's own copy of it in the saves folder.

Imports go one way: ``storage`` → ``places`` → ``loading``, ``saving``.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

from tui.core.errors import BattleLocked, SaveFileError
from tui.core.i18n import t
from tui.core.files.tomlfile import read_toml


def default_saves_dir() -> Path:
    """``$MASSCOMBAT_SAVES``; else ``./saves`` in a checkout; else the user data dir."""
    chosen = os.environ.get("MASSCOMBAT_SAVES")
    if chosen:
        return Path(chosen).expanduser()
    if Path("saves").is_dir():
        return Path("saves")
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "masscombat" / "saves"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "masscombat" / "saves"
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "masscombat" / "saves"


def example_folders() -> list[Path]:
    """Where bundled examples live: the installed copy, then the checkout's."""
    package = Path(__file__).resolve().parents[2]
    return [package / "_examples", package.parent / "saves" / "examples"]


def list_examples() -> list[Path]:
    found: dict[str, Path] = {}
    for folder in example_folders():
        try:
            for entry in sorted(folder.glob("*.toml")):
                found.setdefault(entry.name, entry)
        except OSError:
            continue
    return sorted(found.values(), key=lambda p: p.name)


def find_example(name: str) -> Path:
    """A bundled example by name (``ghoul-strike`` or ``ghoul-strike.toml``)."""
    examples = list_examples()
    for example in examples:
        if name in (example.name, example.stem):
            return example
    names = ", ".join(e.stem for e in examples) or "-"
    raise SaveFileError(name, t("storage.no_example", names=names))


def open_example(example: Path, saves_dir: Path, *, fresh: bool = False) -> Path:
    """The working copy of a template: ``saves_dir/<stem>.toml``.

    Made from the example (``template = false``) the first time; after that
    the existing copy is returned untouched, so the GM continues their game.
    ``fresh``: a new copy beside any earlier ones (``<stem>-2.toml``, ...),
    for a GM who wants the demo from its start again.
    """

    target = saves_dir / f"{example.stem}.toml"
    number = 1
    while fresh and target.exists():
        number += 1
        target = saves_dir / f"{example.stem}-{number}.toml"
    if target.exists():
        return target
    # Loading and saving come with the first copy made: listing the examples
    # (the start screen) needs neither.
    from tui.core.files.loading import load_battle, one_line
    from tui.core.files.locking import BattleLock
    from tui.core.files.saving import save_battle

    battle = load_battle(example)
    # A fresh seed: each GM's copy rolls its own dice (stored faces replay regardless).
    seed = random.SystemRandom().randrange(2**63)
    battle.meta = battle.meta.model_copy(update={"template": False, "seed": seed})
    try:
        saves_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise one_line(SaveFileError(str(target), t("storage.write_failed", reason=exc.strerror or exc))) from None
    try:
        with BattleLock.acquire(target):
            if not target.exists():
                if getattr(battle.meta, "kind", "") == "campaign":
                    from tui.core.campaign.campaign import Campaign
                    from tui.core.campaign.examples import copy_campaign

                    assert isinstance(battle, Campaign)
                    copy_campaign(example, battle, target)  # its battles come too, named after the copy
                else:
                    save_battle(battle, target)
    except BattleLocked:
        if not target.exists():
            raise
        # another masscombat made this copy meanwhile and has it open
    return target


def working_copy(path: Path, saves_dir: Path | None = None) -> Path:
    """What to open for ``path``: itself, or its working copy if it is a template."""
    try:
        _, data = read_toml(path)
    except SaveFileError:
        return path  # open_session reports it
    if data.get("template") is True:
        return open_example(path, saves_dir if saves_dir is not None else default_saves_dir())
    return path


__all__ = [
    "default_saves_dir",
    "example_folders",
    "find_example",
    "list_examples",
    "open_example",
    "working_copy",
]
