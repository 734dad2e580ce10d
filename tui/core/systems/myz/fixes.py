"""Mass Combat's rules mended after battles were saved under an earlier
reading (``history.RuleFix``): their keys, which a state's ``mended`` holds
while they are in effect. A step played before a fix replays under the
earlier reading, kept beside the new one."""

from __future__ import annotations

ARSENAL_LIKE_FORTIFICATION = "arsenal_damaged_like_fortification"
"""A damaged Arsenal die is damaged like a fortification: its ⚙ is lost, the
project stands (only the Gear Die destroys a project), and it falls with the
fortifications and the ambush bonus, before Special Units (RULES-NOTES,
settled after the second audit). A damaged Arsenal die destroyed the
project, after the fortifications and the ambush die."""

ALL = frozenset({ARSENAL_LIKE_FORTIFICATION})

__all__ = ["ALL", "ARSENAL_LIKE_FORTIFICATION"]
