"""Second World's rules mended after battles were saved under an earlier
reading (``history.RuleFix``): their keys, which a state's ``mended`` holds
while they are in effect. A step played before a fix replays under the
earlier reading, kept beside the new one."""

from __future__ import annotations

SHOOT_ATTACKS_ONLY = "free_move_shoot_attacks_only"
"""The free move's -1 is on "Shoot rolls to attack" only (RULES-NOTES,
settled after the first audit); it was taken off every Shoot roll the
character made, to overcome or create an advantage too."""

ALL = frozenset({SHOOT_ATTACKS_ONLY})

__all__ = ["ALL", "SHOOT_ATTACKS_ONLY"]
