"""From the command line to a running app: settings, which battle file,
its lock, and a clean close whatever way the app ends."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from .core.battle import Battle
from .core.dice import YearZeroRules
from .core.errors import MassCombatError
from .core.i18n import set_language, t
from .core.rulesets import myz
from .core.systems.myz.army import Army, Person
from .core.storage import Session, create_session, default_saves_dir, open_example, open_session
from .core.tomlfile import read_toml
from .settings import load_settings, settings_path


def new_battle(seed: int | None = None) -> Battle:
    rules = YearZeroRules.from_ruleset(myz())
    names = (t("app.default_attacker"), t("app.default_defender"))
    # Each faction starts with a leader so the army builder has someone to edit.
    army = Army(people=(Person(name=t("app.default_leader"), position="leader", pc=False),))
    return Battle.new(t("app.default_title"), names, seed=seed, rules=rules, armies=(army, army))


def resolve_session(battle_file: str | None, saves: Path, seed: int | None = None) -> Session:
    """Open the named battle, a working copy of an example, or a new battle."""
    if battle_file is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return create_session(saves / f"battle-{stamp}.toml", new_battle(seed))
    path = Path(battle_file)
    if not path.exists():
        return create_session(path, new_battle(seed))
    _, data = read_toml(path)
    if data.get("template") is True:
        path = open_example(path, saves)
    return open_session(path)


def launch(args) -> int:
    settings_file = settings_path()
    settings, problem = load_settings(settings_file)
    if getattr(args, "lang", None):
        settings = settings.model_copy(update={"language": args.lang})
    set_language(settings.language)
    saves = Path(args.saves) if getattr(args, "saves", None) else default_saves_dir()
    try:
        session = resolve_session(getattr(args, "battle", None), saves, getattr(args, "seed", None))
    except MassCombatError as exc:
        print(f"masscombat: {exc}", file=sys.stderr)
        return 1

    from .app import MassCombatApp  # textual is imported only when the app runs

    app = MassCombatApp(
        session,
        settings,
        settings_file,
        glyphs="ascii" if getattr(args, "ascii", False) else None,
        theme=getattr(args, "theme", None),
        notices=[problem] if problem else [],
    )
    try:
        app.run()
    finally:
        app.close_session()
    if app.return_code and app.return_code >= 128:
        return app.return_code
    print(t("app.saved_to", path=str(session.path)))
    return 0
