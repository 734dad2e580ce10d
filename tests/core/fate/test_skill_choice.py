"""The skills the core picks for a defender, so no screen decides them:
Fight against Fight, the best defence against Shoot, the variant's one
skill, Will against Intimidating (from the ruleset)."""

from __future__ import annotations

from tests.core.fate.kit import RULES, fight
from tui.core.systems.fate.contest import best_skill, defence_skill, resist_skill

PLACES = {"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"}


def test_fight_defends_against_fight_when_it_is_the_best():
    state = fight(PLACES).game
    # The Orcs: Fight 3 (+1 Grak), Athletics 2 (+1): Fight is the better defence.
    assert defence_skill(state, "u3", "fight") == "fight"


def test_fight_is_no_defence_against_shoot():
    state = fight(PLACES).game
    assert defence_skill(state, "u3", "shoot") == best_skill(state, "u3", RULES.overcome.defend_skills)
    assert defence_skill(state, "u3", "shoot") != "fight"


def test_the_will_variant_defends_against_shoot():
    ruleset = RULES.with_variants(shoot_only=False, shoot_defence_skill="will")
    state = fight(PLACES, ruleset=ruleset).game
    assert defence_skill(state, "u3", "shoot") == "will"
    assert defence_skill(state, "u3", "fight") == "fight"


def test_intimidating_is_resisted_with_the_rulesets_skill_and_pinning_with_the_best_defence():
    state = fight(PLACES).game
    assert resist_skill(state, "intimidate", "u3") == "will"
    assert resist_skill(state, "pinned_down", "u3") == best_skill(state, "u3", RULES.overcome.defend_skills)
    house = RULES.model_copy(update={"create_advantage": RULES.create_advantage.model_copy(update={"uses": tuple(u.model_copy(update={"resist_skill": "notice"}) if u.key == "intimidate" else u for u in RULES.create_advantage.uses)})})
    assert resist_skill(fight(PLACES, ruleset=house).game, "intimidate", "u3") == "notice"
