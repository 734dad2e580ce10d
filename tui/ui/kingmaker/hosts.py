"""What Kingmaker's flows ask of the screen they run on: the flows take
these bases, the screens subclass them, so a screen and its flows never
import each other (the screen imports the flows; the flows know the host)."""

from __future__ import annotations

from tui.core.systems.kingmaker.battle import KingmakerBattle
from tui.core.systems.kingmaker.state import KMState
from tui.ui.shell.battle_screen import BattleScreen
from tui.ui.shell.house_rules import MusterScreen


class ArmiesHost(MusterScreen[KingmakerBattle]):
    """The army builder, as its flows see it."""

    @property
    def state(self) -> KMState:
        return self.battle.game

    def side_here(self) -> int:
        """The side of the army under the cursor (new armies join it)."""
        raise NotImplementedError

    def show_army(self, key: str) -> None:
        """Put the cursor on ``key`` (an army just made)."""
        raise NotImplementedError


class MatHost(BattleScreen[KingmakerBattle]):
    """The mat, as its flows see it."""

    @property
    def state(self) -> KMState:
        return self.battle.game

    @property
    def cursor(self) -> tuple[int, int]:
        """The square under the cursor."""
        raise NotImplementedError


__all__ = ["ArmiesHost", "MatHost"]
