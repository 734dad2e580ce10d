"""Second World's rules mended after battles were saved under an earlier
reading (``history.RuleFix``): their keys, which a state's ``mended`` holds
while they are in effect. A step played before a fix replays under the
earlier reading, kept beside the new one."""

from __future__ import annotations

SHOOT_ATTACKS_ONLY = "free_move_shoot_attacks_only"
"""The free move's -1 is on "Shoot rolls to attack" only (RULES-NOTES,
settled after the first audit); it was taken off every Shoot roll the
character made, to overcome or create an advantage too."""

AMBUSH_FIRST = "captain_ambush_first"
"""Under "Captain Takes Point" the side that surprised the other acts first
in round 1, with no surprise round (that belongs to "Head on a Swivel");
RULES-NOTES, settled after the first audit. The ambushers got a surprise
round and then went first, acting twice before the other side."""

WITHDRAWN = "withdrawn_leave_the_conflict"
"""A character 5 zones or more from every opponent has withdrawn: no turns,
not a target, and a side all withdrawn (or out) has left the conflict
(RULES-NOTES, settled after the first audit). Withdrawn only labelled it."""

MOB_OVERFLOW = "mob_overflow_by_what_is_left"
"""A mob's member is taken out by one shift more than the largest stress box
it has left (Fate Core: a hit its boxes can't absorb), so a member whose box
is checked already goes for 1 shift and the rest spills on to the next. It
cost a full member's worth (boxes + 1) whatever was checked."""

HOSTILE_IN_PLAY = "hostile_aspects_in_play"
"""An aspect in play on the opponent (a consequence, an advantage put on
them), invoked against them for a fate point, is a hostile invoke like one
on their sheet: the point goes to them when the scene ends (Fate Core). It
was paid away."""

ALL = frozenset({SHOOT_ATTACKS_ONLY, AMBUSH_FIRST, WITHDRAWN, MOB_OVERFLOW, HOSTILE_IN_PLAY})

__all__ = ["ALL", "AMBUSH_FIRST", "HOSTILE_IN_PLAY", "MOB_OVERFLOW", "SHOOT_ATTACKS_ONLY", "WITHDRAWN"]
