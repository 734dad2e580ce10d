"""The campaign's screens: the roster, its battles, and what time between
battles does, for every system alike (each system's words come through
its ``CampaignRules``)."""
