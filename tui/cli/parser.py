"""The command line: no command opens the app; ``roll``, ``odds``, ``check``, ``report`` don't.

Two parsers, chosen by the first word that is not an option: a command
name picks the command parser, anything else (or nothing) the app parser,
so ``masscombat battle.toml`` and ``masscombat roll yz 5b2s1g`` both work.
Parsers are built after ``--lang`` is known, so their help is translated.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Iterator

from tui.core.i18n import LANGUAGES, language, t
from tui.core.records import printable
from tui.cli.output import count, seed
from tui.core.system import system_commands, system_keys, systems

COMMANDS = ("roll", "odds", "check", "report", "view", "serve", "campaign")
"""The commands of every masscombat; an installed system may add its own (``army``)."""
VALUE_OPTIONS = ("--lang", "--theme", "--saves", "--seed", "--system", "--ruleset", "--host", "--port", "--public-url")
"""Top-level options that take a value (skipped when looking for the command)."""


class OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (exit 2), not a usage dump."""

    def error(self, message: str):
        label = self.prog.removeprefix("masscombat").strip()
        prefix = f"masscombat: {label}: " if label else "masscombat: "
        hint = t("cli.help_hint", prog=self.prog)
        self.exit(2, f"{prefix}{message} ({hint})\n")


def first_word(argv: list[str]) -> str | None:
    """The first argument that is not an option or an option's value."""
    index = 0
    while index < len(argv):
        word = argv[index]
        if word == "--":
            return argv[index + 1] if index + 1 < len(argv) else None
        if word.startswith("-") and len(word) > 1:
            index += 2 if word in VALUE_OPTIONS else 1
            continue
        return word
    return None


def asked_language(argv: list[str]) -> str | None:
    """The last ``--lang X`` / ``--lang=X`` given, if it names a known language."""
    found = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif word.startswith("--lang="):
            found = word.split("=", 1)[1]
    return found if found in LANGUAGES else None


def _common(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """``--lang`` and ``--ascii``, accepted before or after the command words."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=t("cli.help.lang"))
    parser.add_argument("--ascii", action="store_true", default=False if top else argparse.SUPPRESS, help=t("cli.help.ascii"))


def _new(prog: str, description: str) -> OneLineParser:
    return OneLineParser(prog=prog, description=description, allow_abbrev=False)


class _SystemKeys:
    """``--system``'s choices, asked of the registry only when argparse
    checks a value or shows them: building the parser imports no system."""

    def __contains__(self, key: object) -> bool:
        return key in system_keys()

    def __iter__(self) -> Iterator[str]:
        return iter(system_keys())


class _AppParser(OneLineParser):
    """The app's parser: ``--system``'s help names the installed systems,
    asked of the registry only when the help is shown."""

    def format_help(self) -> str:
        for action in self._actions:
            if action.dest == "system":
                action.help = t("cli.help.system", systems=", ".join(f"{s.key} ({s.name(language())})" for s in systems()))
        return super().format_help()


def app_parser() -> OneLineParser:
    parser = _AppParser(prog="masscombat", description=t("cli.help.app"), allow_abbrev=False)
    parser.epilog = t("cli.help.commands")
    parser.add_argument("battle", nargs="?", metavar="FILE", help=t("cli.help.battle"))
    _common(parser, top=True)
    parser.add_argument("--theme", metavar="NAME", help=t("cli.help.theme"))
    parser.add_argument("--saves", metavar="DIR", help=t("cli.help.saves"))
    parser.add_argument("--seed", type=seed, metavar="N", help=t("cli.help.app_seed"))
    # A metavar, or argparse lists the choices while it builds the parser
    # (which loads every system); the help names them when it is shown.
    parser.add_argument("--system", choices=_SystemKeys(), default=None, metavar="SYSTEM", help="")
    parser.add_argument("--fresh", action="store_true", default=False, help=t("cli.help.fresh"))
    parser.add_argument("--ruleset", metavar="FILE", help=t("cli.help.ruleset"))
    return parser


def command_parser(with_systems: bool = False) -> OneLineParser:
    """The commands' parser; ``with_systems``: with the commands the
    installed systems add (which imports them)."""
    parser = _new("masscombat", t("cli.help.app"))
    _common(parser, top=True)
    parser.add_argument("--seed", type=seed, metavar="N", default=None, help=t("cli.help.seed"))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=OneLineParser)

    roll = commands.add_parser("roll", help=t("cli.help.roll"), description=t("cli.help.roll"), allow_abbrev=False)
    _dice(roll, seeded=True)
    roll.add_argument("--push", type=count, default=0, metavar="N", help=t("cli.help.push"))
    roll.add_argument("--cap", type=count, metavar="M", help=t("cli.help.cap"))

    chances = commands.add_parser("odds", help=t("cli.help.odds"), description=t("cli.help.odds"), allow_abbrev=False)
    _dice(chances)
    chances.add_argument("--pushes", type=count, default=0, metavar="K", help=t("cli.help.pushes"))
    chances.add_argument("--vs-pushes", type=count, default=0, metavar="K", help=t("cli.help.vs_pushes"))
    chances.add_argument("--cap", type=count, metavar="M", help=t("cli.help.cap"))

    check = commands.add_parser("check", help=t("cli.help.check"), description=t("cli.help.check"), allow_abbrev=False)
    check.add_argument("file", metavar="FILE", help=t("cli.help.check_file"))
    _common(check)

    for word, by_system in (system_commands().items() if with_systems else ()):
        names = ", ".join(by_system)
        command = commands.add_parser(word, help=t("cli.help.army", systems=names), description=t("cli.help.army", systems=names), allow_abbrev=False)
        systems = command.add_subparsers(dest="system", required=True, metavar="SYSTEM", parser_class=OneLineParser)
        for key, (_, found) in by_system.items():
            leaf = _leaf(systems, key, found.help())
            found.arguments(leaf)

    report = commands.add_parser("report", help=t("cli.report.help"), description=t("cli.report.help"), allow_abbrev=False)
    report.add_argument("file", metavar="SAVE", help=t("cli.report.file"))
    report.add_argument("--output", "-o", metavar="FILE", help=t("cli.report.output"))
    report.add_argument("--html", action="store_true", help=t("cli.report.html"))
    report.add_argument("--png", metavar="DIR", help=t("cli.report.png"))
    report.add_argument("--public", action="store_true", help=t("cli.report.public"))
    _common(report)

    view = commands.add_parser("view", help=t("viewer.cli.help"), description=t("viewer.cli.description"), allow_abbrev=False)
    view.add_argument("file", metavar="FILE", help=t("viewer.cli.file"))
    view.add_argument("--theme", metavar="NAME", help=t("cli.help.theme"))
    _common(view)

    serve = commands.add_parser("serve", help=t("viewer.cli.serve_help"), description=t("viewer.cli.serve_description"), allow_abbrev=False)
    serve.add_argument("file", metavar="FILE", help=t("viewer.cli.file"))
    serve.add_argument("--host", default="127.0.0.1", metavar="HOST", help=t("viewer.cli.host"))
    serve.add_argument("--port", type=port, default=8000, metavar="PORT", help=t("viewer.cli.port"))
    serve.add_argument("--public-url", default=None, metavar="URL", help=t("viewer.cli.public_url"))
    serve.add_argument("--max-viewers", type=_viewers, default=12, metavar="N", help=t("viewer.cli.max_viewers"))
    serve.add_argument("--theme", metavar="NAME", help=t("cli.help.theme"))
    _common(serve)
    _campaign(commands)
    return parser


def _campaign(commands) -> None:
    campaign = commands.add_parser("campaign", help=t("campaign.cli.help"), description=t("campaign.cli.help"), allow_abbrev=False)
    actions = campaign.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=OneLineParser)
    new = actions.add_parser("new", help=t("campaign.cli.new_help"), description=t("campaign.cli.new_help"), allow_abbrev=False)
    new.add_argument("file", metavar="FILE", help=t("campaign.cli.file_help"))
    new.add_argument("--system", choices=_SystemKeys(), required=True, metavar="SYSTEM", help=t("campaign.cli.system_help"))
    new.add_argument("--side", action="append", metavar="NAME", help=t("campaign.cli.side_help"))
    new.add_argument("--title", metavar="TITLE", help=t("campaign.cli.title_help"))
    new.add_argument("--seed", type=seed, metavar="N", default=argparse.SUPPRESS, help=t("cli.help.app_seed"))
    show = actions.add_parser("show", help=t("campaign.cli.show_help"), description=t("campaign.cli.show_help"), allow_abbrev=False)
    show.add_argument("--json", action="store_true", help=t("cli.help.json"))
    upkeep = actions.add_parser("upkeep", help=t("campaign.cli.upkeep_help"), description=t("campaign.cli.upkeep_help"), allow_abbrev=False)
    rest = actions.add_parser("rest", help=t("campaign.cli.rest_help"), description=t("campaign.cli.rest_help"), allow_abbrev=False)
    rest.add_argument("--days", type=count, required=True, metavar="N", help=t("campaign.cli.days_help"))
    muster = actions.add_parser("muster", help=t("campaign.cli.muster_help"), description=t("campaign.cli.muster_help"), allow_abbrev=False)
    muster.add_argument("--forces", required=True, metavar="KEY,KEY", help=t("campaign.cli.forces_help"))
    muster.add_argument("--title", metavar="TITLE", help=t("campaign.cli.title_help"))
    muster.add_argument("--map", metavar="NAME", help=t("campaign.cli.map_help"))
    carry = actions.add_parser("carry", help=t("campaign.cli.carry_help"), description=t("campaign.cli.carry_help"), allow_abbrev=False)
    for action in (show, upkeep, rest, muster, carry):
        action.add_argument("file", metavar="FILE", help=t("campaign.cli.file_help"))
        _common(action)
    carry.add_argument("battle", metavar="BATTLE", help=t("campaign.cli.battle_help"))
    for action in (upkeep, rest, carry):
        action.add_argument("--dry-run", action="store_true", help=t("campaign.cli.dry_run_help"))
    _common(new)


def _whole_number(text: str, least: int, most: int, refusal: str) -> int:
    """``text`` as a whole number from ``least`` to ``most``, else ``refusal``."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(refusal) from None
    if not least <= number <= most:
        raise argparse.ArgumentTypeError(refusal)
    return number


def port(text: str) -> int:
    return _whole_number(text, 1, 65535, t("viewer.cli.bad_port", port=text))


def _viewers(text: str) -> int:
    return _whole_number(text, 1, 1000, t("viewer.cli.bad_viewers", count=text))


def _leaf(systems, name: str, description: str, *, seeded: bool = False) -> OneLineParser:
    leaf = systems.add_parser(name, help=description, description=description, allow_abbrev=False)
    _common(leaf)
    leaf.add_argument("--json", action="store_true", help=t("cli.help.json"))
    if seeded:
        leaf.add_argument("--seed", type=seed, metavar="S", default=argparse.SUPPRESS, help=t("cli.help.seed"))
    return leaf


def _dice(parser: argparse.ArgumentParser, *, seeded: bool = False) -> None:
    """The dice as words (``4dF+2 vs 3`` needs no quotes), ``--vs``, ``--json``.

    ``-5b`` or ``-1`` is a word of the dice, not an option: Python 3.13's
    argparse already reads them so; 3.11 and 3.12 need the same pattern
    (with no option like ``-1`` defined, any ``-<digit>`` word is an
    argument), so the dice's own reader can say what is wrong.
    """
    parser.add_argument("dice", nargs="+", metavar="DICE", help=t("cli.help.pool"))
    parser.add_argument("--vs", metavar="X", help=t("cli.help.vs_pool"))
    _common(parser)
    parser.add_argument("--json", action="store_true", help=t("cli.help.json"))
    if seeded:
        parser.add_argument("--seed", type=seed, metavar="S", default=argparse.SUPPRESS, help=t("cli.help.seed"))
    parser._negative_number_matcher = re.compile(r"^-\.?\d")


def looks_like_a_word(word: str) -> bool:
    """``masscombat rol``: a mistyped command, not a new battle file to create."""
    path = Path(word)
    return not path.exists() and not path.suffix and len(path.parts) == 1


def parse(argv: list[str]) -> argparse.Namespace:
    """Parse with whichever parser fits; argparse exits 2 on a usage error."""
    word = first_word(argv)
    # A system's own command is looked for only where a word is no
    # masscombat command and no file: opening a battle imports no system.
    extra = word is not None and word not in COMMANDS and looks_like_a_word(word) and word in system_commands()
    known = word in COMMANDS or extra
    parser = command_parser(with_systems=extra) if known else app_parser()
    if word is not None and not known and looks_like_a_word(word):
        parser.error(t("cli.unknown_command", word=word, commands=", ".join((*COMMANDS, *system_commands()))))
    args = parser.parse_args(argv)
    if not known:
        args.command = None
    return args


def stderr_line(text: str) -> None:
    print(printable(text), file=sys.stderr)
