"""Which of a unit's keys on the mat apply now, and one line on why one
doesn't: the keys grey out or answer with that line; the core still has
the last word when the key is pressed."""

from __future__ import annotations

from tui.core.i18n import t
from tui.core.systems.kingmaker.combat import no_attack_now
from tui.core.systems.kingmaker.healing import heal_refusal, uses_left
from tui.core.systems.kingmaker.morale import choosing_first_tactic, owed
from tui.core.systems.kingmaker.movement import locked_why, retreat_locked
from tui.core.systems.kingmaker.state import KMState


def unit_may(state: KMState, key: str, action: str) -> bool:
    """Whether the unit (of the side acting) can take ``action`` now: the
    keys grey out when it can't (the core still has the last word)."""
    unit = state.unit(key)
    found = state.derived[key]
    ready = unit.standing == "ready"
    if action in ("shoot", "melee") and no_attack_now(state, key) is not None:
        return False
    if action == "step":
        return state.phase == "movement"
    if action == "press":
        in_phase = state.phase == "morale" or (state.phase == "movement" and bool(state.enemies_in_contact(key)))
        return in_phase and ready and "press" not in unit.tried
    if action == "morale":
        return state.phase == "morale" and owed(state, key) is not None
    if action == "rally":
        return state.phase == "tactics" and unit.standing == "flee" and "rally" not in unit.tried
    if action == "tactic":
        return state.phase == "tactics" and ready and ("tactic" not in unit.tried or choosing_first_tactic(state, key)) and "mindless" not in found.grants
    if action == "order":  # a retreating unit locked in contact: its Withdraw
        return state.phase == "movement" and (ready or retreat_locked(state, key)) and not unit.moved and "command" not in unit.tried
    if action == "shoot":
        if state.phase == "tactics":
            return ready and found.army.siege_engines > 0 and "siege" not in unit.tried
        return state.phase == "ranged" and ready and found.ranged and unit.shots < found.attacks.total
    if action == "melee":
        return state.phase == "melee" and unit.standing in ("ready", "retreat") and bool(state.enemies_in_contact(key))
    if action == "strategy":
        return state.rules.strategy.enabled and state.phase == "melee" and "strategy" not in unit.tried and not unit.blows
    if action == "heal":
        return any(heal_refusal(state, key, source) is None for source in HEAL_SOURCES)
    return False


UNIT_ACTIONS = ("tactic", "rally", "order", "step", "shoot", "melee", "strategy", "morale", "press", "heal")
HEAL_SOURCES = ("healing_potions", "alchemy")
_PHASE_OF = {"tactic": "tactics", "rally": "tactics", "order": "movement", "step": "movement", "melee": "melee", "strategy": "melee", "morale": "morale"}


def why_unit_cannot(state: KMState, key: str, action: str) -> str:
    """One line on why the unit under the cursor can't take ``action`` now."""
    army = state.army(key)
    unit = state.unit(key)
    found = state.derived[key]
    if army.side != state.side_acting:
        return t("km.rule.not_your_turn", name=army.name, side=state.sides[state.side_acting or 0])
    if action == "heal":
        sources = [s for s in HEAL_SOURCES if uses_left(state, key, s)]
        return heal_refusal(state, key, sources[0] if sources else HEAL_SOURCES[0]) or t("km_ui.why.not_now", name=army.name)
    if action == "shoot" and state.phase == "tactics" and not found.army.siege_engines:
        return t("km_ui.why.no_siege", name=army.name)
    if action == "shoot":
        phase = "ranged" if found.ranged or not found.army.siege_engines else "tactics"
    elif action == "press":
        phase = "morale" if state.phase != "movement" else "movement"
    else:
        phase = _PHASE_OF[action]
    if state.phase != phase:
        return t("km.rule.wrong_phase", phase=t(f"km.phase.{phase}"), now=t(f"km.phase.{state.phase}"))
    if action in ("shoot", "melee") and (why := no_attack_now(state, key)) is not None:
        return why
    if unit.standing in ("retreat", "flee") and action not in ("step", "rally", "morale", "melee") and not (action == "order" and retreat_locked(state, key)):
        return t(f"km.rule.standing_{unit.standing}", name=army.name)
    reasons = {
        "tactic": t("km.rule.tried_tactic", name=army.name),
        "rally": t("km.rule.not_fleeing", name=army.name) if unit.standing != "flee" else t("km.rule.tried_rally", name=army.name),
        "order": t("km.rule.command_before_moving", name=army.name) if unit.moved else (locked_why(state, key) if retreat_locked(state, key) else t("km.rule.one_command", name=army.name)),
        "shoot": t("km.rule.no_ranged", name=army.name) if not found.ranged and phase == "ranged" else t("km_ui.why.shot_all", name=army.name),
        "melee": t("km_ui.why.no_contact", name=army.name) if not state.enemies_in_contact(key) else t(f"km.rule.standing_{unit.standing}", name=army.name),
        "strategy": t("km.rule.no_strategy_track") if not state.rules.strategy.enabled else t("km.rule.strategy_set", name=army.name),
        "morale": t("km.rule.no_check_owed", name=army.name),
        "press": t("km.rule.pressed_already", name=army.name) if "press" in unit.tried else t("km.rule.press_needs_contact", name=army.name),
    }
    return reasons.get(action, t("km_ui.why.not_now", name=army.name))


__all__ = ["HEAL_SOURCES", "UNIT_ACTIONS", "unit_may", "why_unit_cannot"]
