"""Skill rolls inside a battle: which dice a person rolls, and what a
stored ``SkillCheck`` came to.

"The Risk Modifier is added to all skill rolls attempted by the player
during this Wave of battle." Helpers add a die each (core rules, capped);
mutations buy successes: "It costs two MP or FP to get a single ☢."
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tui.core.dice.year_zero import YearZeroRules
from tui.core.errors import RuleViolation
from tui.core.i18n import language, t
from tui.core.dice.faces import FaceRecorder, FaceReplay
from tui.core.dice.skill_roll import SkillPool, SkillRoll, parse_skill_pool, roll_skill
from tui.core.systems.myz.army import Person
from tui.core.systems.myz.events import SkillCheck
from tui.core.systems.myz.rules import MyzRuleset


@dataclass(frozen=True)
class CheckResult:
    check: SkillCheck
    pool: SkillPool | None
    roll: SkillRoll | None
    successes: int
    """Net successes: the roll's (or the typed number) plus bought ones."""


def person_pool(person: Person | None, skill: str | None) -> SkillPool:
    """The dice a person rolls for a skill before modifiers (no entry: none)."""
    if person is None or skill is None:
        return SkillPool(0, 0, 0)
    return parse_skill_pool(person.skills.get(skill, "0b"))


def check_pool(people: tuple[Person, ...], check: SkillCheck, risk: int, rules: MyzRuleset, extra: int = 0) -> SkillPool:
    """The dice rolled for ``check``: the skill, +Risk, +help, +modifiers."""
    person = people[check.person] if check.person is not None and check.person < len(people) else None
    base = person_pool(person, check.skill)
    helpers = min(len(check.helpers), rules.skill_rolls.max_helpers) * rules.skill_rolls.help_dice_per_helper
    return SkillPool(base.base, base.skill + risk + helpers + check.modifier + extra, base.gear)


def position_refusal(people: tuple[Person, ...], person: int, position: str, rules: MyzRuleset, broken: tuple[bool, ...] = ()) -> str | None:
    """Why ``person`` may not make the roll of ``position`` (None: they may).

    Positions are enforced (RULES-NOTES): the assailant rolls the Remarkable
    Action or Commando, the engineer repairs, the medic mends; others help.
    A faction with nobody fit in the position (none holds it, or all who do
    are broken) lets anyone stand in. The GM's final say reassigns positions."""
    if people[person].position == position:
        return None
    holders = [p.name for i, p in enumerate(people) if p.position == position and not (i < len(broken) and broken[i])]
    if not holders:
        return None
    return t("myz.error.position", name=people[person].name, position=rules.position(position).name(language()), holders=", ".join(holders))


def validate_check(
    people: tuple[Person, ...], check: SkillCheck, allowed_skills: tuple[str, ...], rules: MyzRuleset, *, mutations: bool, broken: tuple[bool, ...] = (), position: str | None = None
) -> None:
    """Refuse a check naming nobody (or someone broken, or someone out of
    ``position``), a skill the step doesn't use, or a helper twice."""
    if check.person is not None and check.person >= len(people):
        raise RuleViolation(t("myz.error.no_person", number=check.person + 1))
    if check.person is not None and position is not None:
        refusal = position_refusal(people, check.person, position, rules, broken)
        if refusal:
            raise RuleViolation(refusal)
    for index in (check.person, *check.helpers):
        if index is not None and index < len(broken) and broken[index]:
            raise RuleViolation(t("myz.error.broken", name=people[index].name))
    if check.skill is not None and allowed_skills and check.skill not in allowed_skills:
        names = ", ".join(rules.skill(k).name(language()) for k in allowed_skills)
        raise RuleViolation(t("myz.error.wrong_skill", skill=check.skill, allowed=names))
    for helper in check.helpers:
        if helper >= len(people) or helper == check.person:
            raise RuleViolation(t("myz.error.bad_helper", number=helper + 1))
    if len(set(check.helpers)) != len(check.helpers):
        raise RuleViolation(t("myz.error.bad_helper", number=check.helpers[0] + 1))
    if check.mutation_points and not mutations:
        raise RuleViolation(t("myz.error.no_mutations"))
    per_success = rules.skill_rolls.mutation_points_per_success
    if check.mutation_points % per_success:
        # a point that buys nothing would be lost without a word
        raise RuleViolation(t("myz.error.mutation_points", points=check.mutation_points, per=per_success))
    if check.typed is not None and (check.faces or check.pushed is not None):
        raise RuleViolation(t("myz.error.typed_and_rolled"))


def evaluate(check: SkillCheck, pool: SkillPool, yz: YearZeroRules, rules: MyzRuleset) -> CheckResult:
    """Replay the check's faces against ``pool`` (RollRecordError if they don't fit)."""
    bought = check.mutation_points // rules.skill_rolls.mutation_points_per_success
    if check.typed is not None:
        # A pool with no dice is a person the app has no numbers for (the GM rolls
        # at the table): anything typed stands. Otherwise no more ☢ than dice.
        if pool.most_successes and check.typed > pool.most_successes:
            raise RuleViolation(t("myz.error.typed_too_many", typed=check.typed, pool=pool.notation(), most=pool.most_successes))
        return CheckResult(check, pool, None, check.typed + bought)
    # The stored faces go through the very dice code that rolled them.
    replay = FaceReplay(check.faces)
    roll = roll_skill(pool, replay, yz, max_pushes=rules.skill_rolls.max_pushes)
    replay.check_all_used()
    if check.pushed is not None:
        again = FaceReplay(check.pushed)
        roll = roll.push(again)
        again.check_all_used()
    return CheckResult(check, pool, roll, roll.successes + bought)


def roll_check(check: SkillCheck, pool: SkillPool, rng: random.Random, yz: YearZeroRules, rules: MyzRuleset, *, push: bool = False) -> SkillCheck:
    """``check`` with freshly rolled faces (and the push's, if asked)."""
    recorder = FaceRecorder(rng)
    roll = roll_skill(pool, recorder, yz, max_pushes=rules.skill_rolls.max_pushes)
    first = tuple(recorder.faces)
    pushed = None
    if push and roll.can_push:
        again = FaceRecorder(rng)
        roll.push(again)
        pushed = tuple(again.faces)
    return check.model_copy(update={"faces": first, "pushed": pushed, "typed": None})


def check_stream(seed: int, counter: int, slot: str) -> random.Random:
    """The dice for one check of one step: fixed by the battle's seed, so an
    undo followed by the same step rolls the same dice."""
    return random.Random(f"masscombat:{seed}:{counter}:{slot}")


__all__ = ["CheckResult", "check_pool", "check_stream", "evaluate", "person_pool", "position_refusal", "roll_check", "validate_check"]
