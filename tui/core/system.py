"""The registry of rule systems: every system is an installed entry point
of the group ``masscombat.systems``, and nothing outside this module asks
which system a battle follows by comparing names.

A system is a subclass of ``GameSystem`` that carries its own behaviour:
its names, its ruleset (file and model), its save file and battle, how a
battle starts, loads, reports and shows to the players, the dice it brings
to a quick roll and to ``masscombat roll``/``odds``, and any command of its
own (``masscombat army``). The four bundled systems register in
``pyproject.toml`` like any other package would::

    [project.entry-points."masscombat.systems"]
    duel = "masscombat_duel.system:SYSTEM"

The screens are found the same way, through ``masscombat.screens``
(``tui.ui.registry``), so the core never imports the UI.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal

from tui.core.errors import MassCombatError, RulesetError, SaveFileError
from tui.core.i18n import t
from tui.core.report.hooks import NO_PICTURES, ReportHooks
from tui.core.ruleset_base import Localised

if TYPE_CHECKING:
    # Only for the names: the start screen lists the systems by their names,
    # and loading a system's battle, files and rules waits for its first battle.
    from tui.core.history import BattleFile, LoggedBattle, RulesetRef
    from tui.core.panel import Panel
    from tui.core.dice.quick import DiceFamily, QuickDice
    from tui.core.files.ruleset_files import RulesetSpec
    from tui.core.printout import Printout
    from tui.core.campaign.rules import CampaignRules

GROUP = "masscombat.systems"
"""The entry-point group a rule system registers in."""

LEGACY_SYSTEM = "myz"
"""The system of a save written before the file named its system (the
first masscombat saved Mass Combat rolls only)."""


class UnknownSystem(MassCombatError):
    """A save or a command named a system the registry does not have."""


@dataclass(frozen=True)
class Command:
    """A command a system adds to ``masscombat`` (``masscombat army <system>``):
    the command's word, this system's word under it, its options and what runs it."""

    word: str
    help: Callable[[], str]
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], "Printout"]


class GameSystem:
    """One rule system, as the shell, storage, the CLI and the players'
    view see it. A subclass sets the class attributes and says how a battle
    starts (``new_battle``), reads to the players (``public_view``) and
    reports (``report``); loading, the ruleset and the dice have defaults.
    Its ``ruleset``, ``file_model`` and ``battle`` may be class attributes
    or properties that import them when first asked (the bundled systems
    do: the start screen lists every system by name and loads none)."""

    key: ClassVar[str]
    """The system's word in save files and on the command line."""
    names: ClassVar[Localised]
    demo: ClassVar[str] = ""
    """The bundled example battle's file name in ``saves/examples``."""
    order: ClassVar[int] = 100
    """Where menus list the system (lower first; then by key)."""

    # The heavy parts are properties, so a system can import its models when
    # they are first asked for (the start screen and ``--help`` need only the
    # names above); a class attribute of the same name does as well.

    @property
    def ruleset(self) -> RulesetSpec:
        """Where the shipped ruleset lives and the model that validates it."""
        raise NotImplementedError

    @property
    def file_model(self) -> type[BattleFile]:
        """The save file's model (its header is ``history.BattleFile``)."""
        raise NotImplementedError

    @property
    def battle(self) -> type[LoggedBattle[Any, Any]]:
        raise NotImplementedError

    @property
    def campaign(self) -> CampaignRules | None:
        """What the system brings to campaigns (None: it keeps none)."""
        return None

    @property
    def pictured(self) -> ReportHooks:
        """What the system tells the report with pictures (its waves or
        turns, strength, rolls, story; by default only the battle as it stands)."""
        return NO_PICTURES

    def name(self, language: str) -> str:
        return self.names(language)

    # -- the ruleset -----------------------------------------------------------

    def shipped_ruleset(self) -> Any:
        """The ruleset the system ships (validated once per process)."""
        return self.ruleset.shipped()

    def ruleset_ref(self, model: Any, path: Path) -> RulesetRef:
        """What a save records of ``model``, read from ``path`` (reads the
        file for its hash: ``OSError`` if it can't)."""
        from tui.core.files.ruleset_files import file_digest
        from tui.core.history import RulesetRef

        house = path != self.ruleset.path()
        ruleset_id = str(getattr(getattr(model, "ruleset", None), "id", self.key))
        return RulesetRef(id=ruleset_id, sha256=file_digest(path), file=str(path) if house else "")

    # -- battles -----------------------------------------------------------------

    def house_ruleset(self, path: Path) -> tuple[Any, Path]:
        """An edited copy of this system's ruleset, read and validated, and
        its file; ``MassCombatError`` (one line) if it is broken or another
        system's."""
        owner, model = read_ruleset(path)
        if owner.key != self.key:
            raise RulesetError(t("cli.ruleset_other_system", file=str(path), ruleset=owner.key, battle=self.key))
        return model, path.resolve()

    def ruleset_and_file(self, house: Path | None = None) -> tuple[Any, Path]:
        """The ruleset a battle plays with and its file: ``house`` (an edited
        copy) or the shipped one."""
        if house is not None:
            return self.house_ruleset(house)
        return self.shipped_ruleset(), self.ruleset.path()

    def new_battle(self, seed: int | None = None, house: Path | None = None) -> LoggedBattle[Any, Any]:
        """A new battle in the current language, ready for its army builder,
        played with the ruleset in ``house`` (None: the shipped one)."""
        model, path = self.ruleset_and_file(house)
        battle = self.start(seed, model)
        battle.meta = battle.meta.model_copy(update={"ruleset": self.ruleset_ref(model, path)})
        return battle

    def start(self, seed: int | None, ruleset: Any) -> LoggedBattle[Any, Any]:
        """The system's new battle under ``ruleset`` (see ``new_battle``)."""
        raise NotImplementedError

    def load(self, meta: BattleFile, ruleset: Any) -> LoggedBattle[Any, Any]:
        """Replay a validated save file under a ruleset (None: the shipped one)."""
        loaded: LoggedBattle[Any, Any] = self.battle.from_file(meta, ruleset)
        return loaded

    def report(self, battle: LoggedBattle[Any, Any], language: str) -> str:
        """The whole battle as Markdown in a language."""
        raise NotImplementedError

    def language(self, battle: LoggedBattle[Any, Any]) -> str | None:
        """The language the battle itself is played in, if it has one (Fate's
        battle text): its report is written in it unless asked otherwise."""
        return None

    def public_view(self, battle: LoggedBattle[Any, Any], language: str) -> Panel:
        """What every player may see, worded in a language: the remote
        view's data (see ``projection``)."""
        raise NotImplementedError

    # -- what the system adds ------------------------------------------------------

    def dice(self, ruleset: Any) -> tuple["DiceFamily", ...]:
        """The dice this system brings to a quick roll and to ``masscombat
        roll``/``odds``, with ``ruleset``'s numbers."""
        return ()

    def over(self, state: Any) -> bool:
        """The battle in ``state`` has ended."""
        return False

    def secrets(self, state: Any) -> frozenset[str]:
        """What the players do not see in ``state``, by identity (a
        strategy chosen but not revealed, a face-down aspect, what the GM
        hid). An undo that would add to it hides again what they have seen."""
        return frozenset(getattr(state, "hidden", ()))

    def ending(self, before: Any, after: Any) -> Literal["battle", "wave", "retreat"] | None:
        """What a step from ``before`` to ``after`` ends: the battle, a wave
        before its end (the systems with waves), or nothing. The app asks
        before a choice that ends one (issue 29: a closed strategy's row
        taken by a miscounted ↓ ended a battle with no question)."""
        return "battle" if self.over(after) and not self.over(before) else None

    def commands(self) -> tuple[Command, ...]:
        """Commands of its own on the command line."""
        return ()


# -- finding systems ------------------------------------------------------------------


@lru_cache(maxsize=None)
def _installed() -> Any:
    # One look over the installed packages for every group (it reads each
    # package's metadata: a few milliseconds a look, at every start).
    return entry_points()


def installed_points(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by name, the first installed winning."""
    found: dict[str, EntryPoint] = {}
    for point in _installed().select(group=group):
        found.setdefault(point.name, point)
    return found


def _entry_points() -> dict[str, EntryPoint]:
    return installed_points(GROUP)


@lru_cache(maxsize=None)
def _loaded(key: str) -> GameSystem | None:
    point = _entry_points().get(key)
    if point is None:
        return None
    made = point.load()
    system = made() if isinstance(made, type) and issubclass(made, GameSystem) else made
    if not isinstance(system, GameSystem) or system.key != key:
        return None
    return system


def forget_systems() -> None:
    """Look for installed systems again (a package installed since)."""
    _installed.cache_clear()
    _loaded.cache_clear()
    systems.cache_clear()


def _known() -> str:
    # in menu order when the systems load, else as installed
    try:
        return ", ".join(system_keys()) or "none installed (reinstall masscombat: pip install -e .)"
    except Exception:  # a broken package among them: name what is installed
        return ", ".join(_entry_points())


@lru_cache(maxsize=None)
def systems() -> tuple[GameSystem, ...]:
    """Every installed system, in menu order."""
    found = [s for s in (_loaded(key) for key in _entry_points()) if s is not None]
    return tuple(sorted(found, key=lambda s: (s.order, s.key)))


def system_keys() -> tuple[str, ...]:
    return tuple(s.key for s in systems())


def find_system(key: object) -> GameSystem:
    """The installed system with this key; ``UnknownSystem`` (one line) if
    there is none. Imports that system only: a battle's first frame needs
    no other system's rules."""
    if isinstance(key, str):
        system = _loaded(key)
        if system is not None:
            return system
    raise UnknownSystem(f"unknown system {key!r}; known: {_known()}")


def system_of(battle: LoggedBattle[Any, Any]) -> GameSystem:
    return find_system(battle.system)


def ruleset_spec(key: object) -> RulesetSpec:
    """Where the ruleset of an installed system lives."""
    try:
        return find_system(key).ruleset
    except UnknownSystem:
        raise UnknownSystem(f"[ruleset] system must be one of {_known()}") from None


def read_ruleset(path: Path) -> tuple[GameSystem, Any]:
    """Read and validate a ruleset file of any installed system (the one
    its ``[ruleset] system`` names); errors name the file, line and key."""
    from tui.core.files.tomlfile import read_toml

    _, data = read_toml(path)
    info = data.get("ruleset")
    key = info.get("system") if isinstance(info, dict) else None
    try:
        system = find_system(key)
    except UnknownSystem:
        raise SaveFileError(str(path), f"[ruleset] system must be one of {_known()}", None, "ruleset.system") from None
    from tui.core.files.ruleset_files import load_ruleset

    return system, load_ruleset(path, system.ruleset.model)


def report_language(battle: LoggedBattle[Any, Any], asked: str | None = None) -> str:
    """The language a battle's report is written in: ``asked``, else the
    battle's own (Fate's text), else the settings'."""
    from tui.core.i18n import language

    return asked or system_of(battle).language(battle) or language()


def written_report(battle: LoggedBattle[Any, Any], lang: str) -> str:
    """The battle's whole report in Markdown, in ``lang``: the system's, then
    the quick rolls made beside it (``masscombat report``, and the GM's copy
    of the page)."""
    from tui.core.dice.quick import quick_rolls_section
    from tui.core.i18n import language, set_language
    from tui.core.markdown import md_text

    text = system_of(battle).report(battle, lang)
    before = language()
    set_language(lang)
    try:
        return text + quick_rolls_section(battle.history.done, quick_dice(battle), md_text)
    finally:
        set_language(before)


def quick_dice(battle: LoggedBattle[Any, Any] | None = None) -> "QuickDice":
    """Every kind of dice the installed systems bring, each once: the
    battle's own system first (with the battle's ruleset), then the others
    in menu order with their shipped rulesets."""
    from tui.core.dice.quick import QuickDice  # when dice are asked for: a first frame needs none

    first = system_of(battle) if battle is not None else None
    chosen: dict[str, DiceFamily] = {}
    for system in ([first] if first is not None else []) + [s for s in systems() if s is not first]:
        try:
            numbers = battle.ruleset if system is first and battle is not None else system.shipped_ruleset()
        except MassCombatError:
            continue  # a system whose ruleset is broken brings no dice; its battles say why
        for family in system.dice(numbers):
            chosen.setdefault(family.key, family)
    from tui.core.dice.quick_plain import PlainDice

    chosen.setdefault(PlainDice.key, PlainDice())  # last: any die the systems' own dice don't claim
    return QuickDice(tuple(chosen.values()))



def system_commands() -> dict[str, dict[str, tuple[GameSystem, Command]]]:
    """Each command word → the systems that add it, by system key."""
    found: dict[str, dict[str, tuple[GameSystem, Command]]] = {}
    for system in systems():
        for command in system.commands():
            found.setdefault(command.word, {})[system.key] = (system, command)
    return found


__all__ = [
    "GROUP", "LEGACY_SYSTEM", "Command", "GameSystem", "UnknownSystem", "find_system",
    "forget_systems", "installed_points", "quick_dice", "read_ruleset", "ruleset_spec", "system_commands", "system_keys", "report_language", "system_of", "systems", "written_report",
]
