"""Keys a screen greys out that would say nothing when pressed anyway: a
key that can't act says why in one line (BattleScreen.binding_refusal)."""

from __future__ import annotations

from textual.actions import parse


def silent_keys(screen) -> list[str]:
    """The ids of ``screen``'s bindings it greys out now without a reason."""
    silent = []
    for bindings in screen._bindings.key_to_bindings.values():
        for binding in bindings:
            target, action, parameters = parse(binding.action)
            if not target and screen.check_action(action, parameters) is None and not screen.binding_refusal(action, parameters):
                silent.append(binding.id)
    return silent
