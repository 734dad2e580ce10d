"""Kingmaker's rules mended after battles were saved under an earlier
reading (``history.RuleFix``): their keys, which a state's ``mended`` holds
while they are in effect. A step played before a fix replays under the
earlier reading, kept here beside the new one."""

from __future__ import annotations

NATURAL_20 = "natural_20_below_defense"
"""Ultimate Campaign: a natural 20 below Defense "still deals 1 point of
damage", exactly (RULES-NOTES, settled after the first audit); it dealt the
minimum plus the critical's extra."""

WITHDRAW_TIES = "withdraw_ties"
"""A Withdraw tied with an enemy goes to the higher Morale modifier, and
equal modifiers roll again (Pathfinder's opposed checks; RULES-NOTES); a
tie lost."""

HUSTLE_OFFENSE = "hustle_offense"
"""Hustle is "at the expense of offense": the ruleset's -2 to melee and
ranged Offense for the rest of the turn (assumed; RULES-NOTES). It cost
nothing."""

CORNER_FLANK = "rear_corner_is_flank"
"""A corner-only touch counts as the less favourable of its two sides for
the attacker, front before flank before rear: a rear corner is a flank
attack (+1), not a rear attack (RULES-NOTES); it was rear."""

LEAVE_CONTACT = "retreat_must_withdraw"
"""An army in contact leaves it only by a successful Withdraw or a Press;
one in Retreat must Withdraw to get away, and failing stays locked
(RULES-NOTES). A retreating army walked out of contact freely."""

NEVER_MILDER = "failed_morale_never_milder"
"""A failed Morale check never leaves an army better off: a Fleeing army
that fails a later check by 0-4 keeps fleeing (the texts are silent; the
app's reading, in the rules table). It was set to Retreat."""

TRIAGE_HEALS = "triage_heals"
"""Triage (Ultimate Campaign's boon): "once per battle ... a -4 penalty on
its Offense check ... and heal damage equal to half its ACR": ticking it
heals (at least 1) and spends it for the battle, as a once-a-battle tactic
is spent. The tick took the -4 only, at every roll."""

DUE_DAMAGE = "due_damage_lands"
"""Damage dealt and not yet landed when the battle ends (a free hack at an
army that then ran off the mat, blows struck before a rout ended it) lands
as it ends; damage lands at the end of each phase, and the battle's end
ends the phase. It was lost."""

ALL = frozenset({NATURAL_20, WITHDRAW_TIES, HUSTLE_OFFENSE, CORNER_FLANK, LEAVE_CONTACT, NEVER_MILDER, TRIAGE_HEALS, DUE_DAMAGE})

__all__ = ["ALL", "CORNER_FLANK", "DUE_DAMAGE", "HUSTLE_OFFENSE", "LEAVE_CONTACT", "NATURAL_20", "NEVER_MILDER", "TRIAGE_HEALS", "WITHDRAW_TIES"]
