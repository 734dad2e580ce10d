"""Campaigns: the forces of one system carried from battle to battle.

A campaign is a file like a battle (the same header, journal, lock,
backups, undo and redo), whose log holds what happened to a roster of
forces between and through battles. The system-neutral part lives here;
each system says what its forces are, how a battle is mustered from them
and what a finished battle did to them (``CampaignRules``), reached
through the registry like everything else a system brings."""
