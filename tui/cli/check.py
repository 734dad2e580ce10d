"""``masscombat check FILE``: is this battle or ruleset file readable?

Exit 0 printing ``ok: ...``; exit 1 printing one line, ``FILE:LINE:COL: message``
(or ``FILE: message`` when the problem has no place in the file).
"""

from __future__ import annotations

from pathlib import Path

from tui.core.errors import MassCombatError
from tui.core.i18n import t
from tui.core.files.rulesets import load_ruleset_file
from tui.core.files.tomlfile import read_toml
from tui.cli.output import emit, fail


def check_file(path: Path) -> str:
    """The ``ok`` line for a valid file; raises ``MassCombatError`` otherwise."""
    _, data = read_toml(path)
    # A ruleset's [ruleset] header holds its schema; a battle's is at the top
    # (a battle's own [ruleset] only names the ruleset it plays with).
    if isinstance(data.get("ruleset"), dict) and "schema_version" not in data:
        ruleset = load_ruleset_file(path)
        info = getattr(ruleset, "ruleset", None)  # every ruleset model has the [ruleset] header
        return t("cli.check_ruleset", id=info.id if info is not None else path.name)
    from tui.core.files.loading import load_battle  # only a battle needs the storage layer

    battle = load_battle(path)
    line = t("cli.check_campaign" if getattr(battle.meta, "kind", "") == "campaign" else "cli.check_battle", title=battle.meta.title)
    for notice in battle.opening_notices():
        line += "\n" + notice
    if battle.history.dropped:
        line += "\n" + t("storage.redo_dropped", count=battle.history.dropped, path=path.name, why=battle.history.dropped_why)
    return line


def check(args) -> int:
    try:
        line = check_file(Path(args.file))
    except MassCombatError as exc:
        fail(exc)
        return 1
    emit(args, line)
    return 0
