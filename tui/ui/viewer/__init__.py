"""The players' read-only view of a battle (``masscombat view``)."""
