"""From the command line to a running app: settings, which battle file,
its lock, and a clean close whatever way the app ends."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path

from typing import TYPE_CHECKING, Any

from tui.core.errors import MassCombatError
from tui.core.i18n import set_language, t
from tui.core.records import printable
from tui.core.system import LEGACY_SYSTEM, GameSystem, find_system, read_ruleset
from tui.core.files.places import default_saves_dir
from tui.core.files.tomlfile import read_toml
from tui.ui.settings import load_settings, settings_path

if TYPE_CHECKING:
    from tui.core.files.storage import Session
    from tui.core.history import LoggedBattle


def resolve_session(battle_file: str | None, saves: Path, seed: int | None = None, system: str = LEGACY_SYSTEM, *, fresh_example: bool = False, house: Path | None = None) -> Session:
    """Open the named battle, a working copy of an example (a new one with
    ``fresh_example``), or a new battle of ``system``; ``house``: play it
    with this edited copy of its ruleset."""
    # Storage (the battle's models, the journal, the players' file) comes
    # once a battle is chosen: the start screen's first frame needs none of it.
    from tui.core.files.places import open_example
    from tui.core.files.storage import create_session, open_session

    def make() -> LoggedBattle[Any, Any]:
        return find_system(system).new_battle(seed, house)

    if battle_file is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return create_session(saves / f"battle-{stamp}.toml", make())
    path = Path(battle_file)
    if not path.exists():
        return create_session(path, make())
    _, data = read_toml(path)
    if data.get("template") is True:
        continued = (saves / f"{path.stem}.toml").exists() and not fresh_example
        path = open_example(path, saves, fresh=fresh_example)
        session = open_session(path, house=house)
        if continued and session.battle.history.done:
            # The GM may want the demo from its start again: say how.
            session.notice = session.notice or t("storage.example_continued", path=printable(path.name), example=printable(battle_file))
        return session
    return open_session(path, house=house)


def _new_campaign_file(saves: Path, system: str) -> Path:
    """A new campaign of ``system`` in the saves folder, two sides, no forces yet."""
    from tui.core.campaign.battles import new_campaign
    from tui.core.files.storage import create_session

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves / f"campaign-{stamp}.toml"
    sides = (t("campaign.cli.default_side", number=1), t("campaign.cli.default_side", number=2))
    create_session(path, new_campaign(find_system(system), t("start.new_campaign"), sides)).close()
    return path


def _system_of_file(battle_file: str | None, system: str | None) -> GameSystem:
    """The system of the battle about to open (checked before any file is
    made): the file's, else the one asked for, else Mutant's."""
    key = system or LEGACY_SYSTEM
    if battle_file is not None and Path(battle_file).is_file():
        _, data = read_toml(Path(battle_file))
        key = str(data.get("system", LEGACY_SYSTEM))
    return find_system(key)


def launch(args) -> int:
    settings_file = settings_path()
    settings, problem = load_settings(settings_file)
    if getattr(args, "lang", None):
        settings = settings.model_copy(update={"language": args.lang})
    set_language(settings.language)
    ascii = bool(getattr(args, "ascii", False)) or settings.glyphs == "ascii"
    saves = Path(args.saves) if getattr(args, "saves", None) else default_saves_dir()
    battle_file: str | None = getattr(args, "battle", None)
    system: str | None = getattr(args, "system", None)
    if battle_file is None and system is None:
        # No file and no system named: the start screen asks which battle.
        from tui.ui.shell.start import StartApp

        choice = StartApp(saves, theme=getattr(args, "theme", None) or settings.theme, ascii=ascii).run()
        if choice is None:
            return 0
        battle_file = str(choice.path) if choice.path is not None else None
        system = choice.system or None
        fresh = choice.kind == "demo"
        if choice.kind == "campaign":
            try:
                battle_file = str(_new_campaign_file(saves, choice.system))
            except MassCombatError as exc:
                print(printable(f"masscombat: {exc}"), file=sys.stderr)
                return 1
    else:
        fresh = bool(getattr(args, "fresh", False))
    house = Path(args.ruleset) if getattr(args, "ruleset", None) else None
    if battle_file is not None and system is None and house is None and not Path(battle_file).exists():
        # A new file and no system named: ask which, rather than start a Mutant battle unasked.
        from tui.ui.shell.start import StartApp

        picked = StartApp(saves, theme=getattr(args, "theme", None) or settings.theme, new_file=Path(battle_file), ascii=ascii).run()
        if picked is None:
            return 0
        system = picked.system
    try:
        if house is not None and system is None and battle_file is not None and not Path(battle_file).exists():
            # A new file played with a house ruleset: the ruleset says whose it is.
            system = read_ruleset(house)[0].key
        if house is not None:
            # A house rule: an edited copy of the battle's ruleset, refused
            # (broken, or another system's) before any battle file is made.
            _system_of_file(battle_file, system).house_ruleset(house)
    except MassCombatError as exc:
        print(printable(f"masscombat: {exc}"), file=sys.stderr)
        return 2
    made_new = battle_file is None or not Path(battle_file).exists()
    try:
        session = resolve_session(battle_file, saves, getattr(args, "seed", None), system or LEGACY_SYSTEM, fresh_example=fresh, house=house)
    except MassCombatError as exc:
        print(printable(f"masscombat: {exc}"), file=sys.stderr)
        return 1
    if getattr(session.battle.meta, "kind", "") == "campaign":
        return _campaign(session, settings, settings_file, args, [problem] if problem else [])
    return _play(session, settings, settings_file, args, [problem] if problem else [], made_new)[0]


def _play(session: Session, settings: Any, settings_file: Path, args: Any, notices: list[str], made_new: bool, *, quiet: bool = False) -> tuple[int, Any]:
    """Run the battle app on ``session`` until the GM leaves it: the exit
    code, and the settings as the GM left them. ``quiet``: say nothing on
    the way out (a campaign's battle: the campaign comes back)."""
    from tui.ui.app import MassCombatApp  # textual is imported only when the app runs

    app = MassCombatApp(
        session,
        settings,
        settings_file,
        glyphs="ascii" if getattr(args, "ascii", False) else None,
        theme=getattr(args, "theme", None),
        notices=notices,
    )
    title = session.battle.meta.title
    try:
        app.run()
    finally:
        app.disarm()
        app.close_session()
    from tui.core.files.storage import forget_unplayed

    if made_new and app.exit_problem is None and not app.quit_unsaved and forget_unplayed(session, title):
        print(t("app.not_kept"))
        return app.return_code or 0, app.settings
    code = app.return_code or 0
    if quiet and app.exit_problem is None and code < 128:
        return code, app.settings
    return _farewell(code, session, app.exit_problem, app.rescued, unsaved=app.quit_unsaved), app.settings


def _campaign(session: Session, settings: Any, settings_file: Path, args: Any, notices: list[str]) -> int:
    """The campaign app, and each battle the GM plays from it in the battle
    app, back and forth until the GM quits the campaign (or a signal ends
    everything: its exit code stands)."""
    from tui.core.files.storage import open_session
    from tui.ui.campaign.app import CampaignApp

    finished: str | None = None
    while True:
        app = CampaignApp(session, settings, settings_file, glyphs="ascii" if getattr(args, "ascii", False) else None, theme=getattr(args, "theme", None), finished=finished, notices=notices)
        notices = []
        try:
            choice = app.run()
        finally:
            app.disarm()
        if choice is None or (app.return_code or 0) >= 128:
            problem = app.close_session()
            set_language(app.settings.language)  # the way out speaks as the GM left the campaign
            return _farewell(app.return_code or 0, session, problem, campaign=True)
        try:
            battle = open_session(choice.battle)
        except MassCombatError as exc:
            notices = [str(exc)]
            finished = None
            continue
        # the settings go on as the GM left them (F2 here or there, --lang too)
        code, settings = _play(battle, app.settings, settings_file, args, [], made_new=False, quiet=True)
        if code >= 128:
            app.close_session()
            return code
        finished = choice.id


def _farewell(code: int, session: Session, problem: str | None, rescued: Path | None | bool = None, *, unsaved: bool = False, campaign: bool = False) -> int:
    """Say where the battle is (a closed terminal may not hear it: a signal's
    exit code stands either way). ``rescued``: a rescue copy made already
    (False: tried, none made)."""
    try:
        if problem is not None:
            if rescued is None:
                rescued = session.rescue()
            where = t("app.rescued", path=str(rescued)) if rescued else t("app.not_rescued")
            print(printable(f"masscombat: {problem}; {where}"), file=sys.stderr)
            return code if code >= 128 else 1
        if code < 128:
            message = "app.closed_read_only" if session.read_only else "app.left_unsaved" if unsaved else "app.campaign_saved_to" if campaign else "app.saved_to"
            print(printable(t(message, path=str(session.path))))
        sys.stdout.flush()
    except OSError:
        # The terminal is gone (a dropped SSH link): nothing can be printed,
        # and Python must not fail again flushing it at exit.
        _silence_output()
    return code if code >= 128 else 0


def _silence_output() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):
            pass
    os.close(devnull)
