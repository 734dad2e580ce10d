"""What a system brings to campaigns (``GameSystem.campaign``): what its
forces are, how a battle is mustered from them, what a finished battle
did to them, and what time between battles does. The shared bookkeeping
(``campaign``) calls these and never asks which system it keeps."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from tui.core.campaign.campaign import CampaignFile, CampaignState, campaign_file_model
from tui.core.campaign.events import BattleLink, Enlist
from tui.core.campaign.roster import CampaignError, CampaignForce, Change
from tui.core.i18n import LANGUAGES, t

if TYPE_CHECKING:
    from tui.core.history import LoggedBattle


def in_languages(say: Callable[[str], str]) -> dict[str, str]:
    """A line in every language: ``say`` words it in the one it is given."""
    return {language: say(language) for language in LANGUAGES}


class CampaignRules:
    """One system's campaign rules. A subclass sets ``force_model`` and
    implements the methods that raise here."""

    force_model: ClassVar[type[CampaignForce]]
    status_words: ClassVar[str] = ""
    """The catalog table of the system's words for a force's status (``km.campaign.status``)."""
    treasury: ClassVar[bool] = False
    """The sides keep a Treasury (Build Points) the forces are paid from."""
    key_length: ClassVar[int] = 16
    """The longest key the system's own records take (a force's key is its army's or card's)."""
    maps: ClassVar[bool] = False
    """Its battles are fought on maps worth keeping for the next (``map_of``, ``muster`` lays one)."""
    side_fate_points: ClassVar[bool] = False
    """The sides carry fate points from battle to battle (Fate's players)."""
    week: ClassVar[bool] = False
    """The system has a week's upkeep (``upkeep``)."""

    @property
    def file_model(self) -> type[CampaignFile[Any]]:
        return campaign_file_model(self.force_model)

    # -- the roster ----------------------------------------------------------------

    def status_name(self, status: str) -> str:
        """A force's status in the system's words."""
        if not self.status_words:
            return status
        key = f"{self.status_words}.{status}"
        word = t(key)
        return status if word == key else word  # a status the system has no word for (a hand-edited file): as written

    def force_name(self, force: Any) -> str:
        return str(getattr(force, "name", force.key))

    def force_line(self, force: Any, state: CampaignState, language: str) -> str:
        """One line on the force for the roster: its numbers as they stand."""
        raise NotImplementedError

    def force_data(self, force: Any, state: CampaignState) -> dict[str, Any]:
        """The force for ``campaign show --json``: its record, and what the rules derive."""
        return dict(force.model_dump(mode="json"))

    def bounds(self, path: str, state: CampaignState) -> tuple[int, int] | None:
        """The range a number at ``path`` keeps to (None: its record's own checks)."""
        return None

    def shown(self, path: str, value: int, state: CampaignState) -> int:
        """A number at ``path`` as the GM reads it (Kingmaker shows wounds as hp)."""
        return value

    def stored(self, path: str, shown: int, state: CampaignState) -> int:
        """The number to keep at ``path`` for what the GM typed (``shown`` turned back)."""
        return shown

    def hidden_change(self, change: Change) -> bool:
        """A change the GM is not asked about on its own: bookkeeping that
        goes with the change before it (the day a consequence was taken)."""
        return False

    def change_line(self, change: Change, state: CampaignState, language: str) -> str:
        """One change in the GM's words (``Ashwater Guard: hp 14 → 20``)."""
        raise NotImplementedError

    # -- battles ---------------------------------------------------------------------

    def muster(self, state: CampaignState, link: BattleLink, seed: int | None, ruleset: Any) -> "LoggedBattle[Any, Any]":
        """A new battle with ``link``'s forces in its army builder, each by
        its roster key, played under ``ruleset``."""
        raise NotImplementedError

    def map_of(self, battle: "LoggedBattle[Any, Any]") -> dict[str, Any]:
        """The battle's map, to keep for the battles to come (what the players may all see of it)."""
        raise CampaignError(t("campaign.error.no_maps"))

    def aftermath(self, state: CampaignState, link: BattleLink, battle: "LoggedBattle[Any, Any]") -> tuple[tuple[Change, ...], dict[str, str]]:
        """What the finished ``battle`` did to the forces that went, as
        changes to the roster in ``state``, and its outcome in one line in
        each language (``in_languages``)."""
        raise NotImplementedError

    def forces_from(self, state: CampaignState, path: Path) -> tuple[CampaignForce, ...]:
        """The forces of the battle in ``path`` as its army builder has them,
        each on the campaign's side of its battle side's number, with keys
        the roster does not use yet: what a GM built once is enlisted as it is."""
        from tui.core.files.loading import load_battle

        battle = load_battle(path)
        if getattr(battle.meta, "kind", "") == "campaign" or battle.system != state.roster_system:
            raise CampaignError(t("campaign.error.enlist_other", file=path.name))
        taken = {f.key for f in state.roster.forces}
        found = []
        for force in self.forces_of(battle):
            key = force.key
            number = 2
            while key in taken:
                key, number = f"{force.key[: self.key_length - 4]}_{number}", number + 1
            taken.add(key)
            found.append(self.rekey(force, key) if key != force.key else force)
        return tuple(found)

    def enlist(self, forces: tuple[CampaignForce, ...]) -> Enlist[Any]:
        """The step that puts ``forces`` on the roster (typed by the system's force model)."""
        model: Any = Enlist[self.force_model]  # type: ignore[name-defined]  # the system's force model, known at run time
        step: Enlist[Any] = model(forces=forces)
        return step

    def forces_of(self, battle: "LoggedBattle[Any, Any]") -> tuple[CampaignForce, ...]:
        """The forces a battle of this system has mustered, as roster forces (side = battle side)."""
        raise NotImplementedError

    def rekey(self, force: Any, key: str) -> Any:
        """``force`` under another key (the roster already has its own)."""
        return force.model_copy(update={"key": key})

    # -- between battles ---------------------------------------------------------------

    def rest(self, state: CampaignState, days: int, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """What ``days`` at rest do (healing, recovery, repairs), and the dice rolled for it."""
        raise CampaignError(t("campaign.error.no_rest"))

    def week_days(self, state: CampaignState) -> int:
        """Days a week's upkeep lets pass."""
        return 7

    def week_lines(self, state: CampaignState) -> list[str]:
        """What a week will cost, said before its changes (none: nothing to say)."""
        return []

    def upkeep(self, state: CampaignState, rng: random.Random) -> tuple[tuple[Change, ...], tuple[int, ...]]:
        """A week's upkeep (Kingmaker: Consumption paid from the Treasury)."""
        raise CampaignError(t("campaign.error.no_week"))


__all__ = ["CampaignRules", "in_languages"]
